"""``wargame campaign turn export|import``: two data folders (two computers) exchange
turn files; a refused file exits 2 with one line and leaves the campaign save as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.campaign.helpers import FAST
from wargame.campaign import actions as A
from wargame.campaign.document import add_player_action, load_campaign, new_campaign, save_campaign
from wargame.cli import main
from wargame.core import sealing


def _save(session, path: Path) -> None:  # noqa: ANN001
    path.write_text(json.dumps(save_campaign(session)))


def _run(folder: Path, *argv: str) -> int:
    try:
        return main(["--data-dir", str(folder), *argv])
    finally:
        sealing.configure(None)


@pytest.fixture
def computers(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for who in ("alice", "bob"):
        out[who] = tmp_path / who
        out[who].mkdir()
        (out[who] / "phrase.txt").write_text(f"{who}-pass-phrase\n")
    return out


def test_turn_files_carry_a_campaign_between_two_data_folders(
    computers: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    alice, bob = computers["alice"], computers["bob"]
    sealing.configure(alice)
    s = new_campaign("By Post", uid="cli-test")
    act, _key = add_player_action("Alice", "Spain", "alice-pass-phrase", params=FAST)
    s.apply(act)
    s.apply(A.SetForce(0, "A", 3))
    _save(s, alice / "camp.json")
    sealing.configure(None)
    out = alice / "t1.json"
    args = ("--player", "Alice", "--passphrase-file", str(alice / "phrase.txt"), "--out", str(out))
    assert _run(alice, "campaign", "turn", "export", str(alice / "camp.json"), *args) == 0
    assert "Alice's turn file, signed with Alice's key" in capsys.readouterr().out
    # Bob has no copy yet: the first file starts it on his computer
    camp_b = bob / "camp.json"
    assert _run(bob, "campaign", "turn", "import", str(out), "--campaign", str(camp_b)) == 0
    said = capsys.readouterr().out
    assert "Imported Alice's turn file into By Post" in said and "pinned" in said
    sealing.configure(bob)
    state_b = load_campaign(json.loads(camp_b.read_text())).state
    sealing.configure(None)
    assert [p.name for p in state_b.players] == ["Alice"] and state_b.force_value(0, "A") == 3
    # the same file again: an old turn, exit 2, one line, the save untouched
    before = camp_b.read_bytes()
    assert _run(bob, "campaign", "turn", "import", str(out), "--campaign", str(camp_b)) == 2
    err = capsys.readouterr().err
    assert "an old turn" in err and err.count("\n") == 1
    assert camp_b.read_bytes() == before


def test_a_refused_file_exits_2_with_one_line(
    computers: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "wargame-campaign-turn", "version": 1}')
    camp = computers["bob"] / "camp.json"
    assert (
        _run(computers["bob"], "campaign", "turn", "import", str(bad), "--campaign", str(camp)) == 2
    )
    err = capsys.readouterr().err
    assert "malformed turn file" in err and err.count("\n") == 1
    assert not camp.exists()
    save = tmp_path / "save.json"
    save.write_text('{"format": "wargame-session", "log": []}')
    assert (
        _run(computers["bob"], "campaign", "turn", "import", str(save), "--campaign", str(camp))
        == 2
    )
    assert "not a campaign turn file" in capsys.readouterr().err


def test_export_with_a_wrong_passphrase_or_player_exits_2(
    computers: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    alice = computers["alice"]
    sealing.configure(alice)
    s = new_campaign("By Post", uid="cli-test-2")
    act, _key = add_player_action("Alice", "Spain", "the-right-one", params=FAST)
    s.apply(act)
    _save(s, alice / "camp.json")
    sealing.configure(None)
    out = alice / "t.json"
    base = ("campaign", "turn", "export", str(alice / "camp.json"), "--out", str(out))
    phrase = ("--passphrase-file", str(alice / "phrase.txt"))
    assert _run(alice, *base, "--player", "Alice", *phrase) == 2
    assert "wrong passphrase" in capsys.readouterr().err
    assert _run(alice, *base, "--player", "Zed", *phrase) == 2
    assert "'Zed' is not a player of By Post (Alice)" in capsys.readouterr().err
    assert not out.exists()


def test_export_of_the_shipped_hot_seat_campaign_says_why_in_words(
    computers: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 40 item 1: the README's export on the shipped campaign said "not a saved
    campaign (header.game is not 'campaign')"; now it says it is a hot-seat campaign and
    how to make one for play by e-mail, before asking any passphrase."""
    from wargame.paths import scenarios_dir

    shipped = scenarios_dir() / "campaign" / "spanish_main_1690.json"
    out = computers["alice"] / "t.json"
    args = ("--player", "Henry Morgan", "--out", str(out))
    assert _run(computers["alice"], "campaign", "turn", "export", str(shipped), *args) == 2
    said = capsys.readouterr().err
    assert "header.game" not in said and "Traceback" not in said
    assert "played at one computer (hot seat)" in said
    assert "New campaign by e-mail" in said and "wargame campaign new" in said
    assert not out.exists()


def test_the_readme_play_by_e_mail_example_works(
    computers: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 40 item 1: campaign new -> export -> import on a second data folder ->
    join -> export -> import back, as the README shows it."""
    alice, bob = computers["alice"], computers["bob"]
    a_phrase = ("--passphrase-file", str(alice / "phrase.txt"))
    b_phrase = ("--passphrase-file", str(bob / "phrase.txt"))
    camp, t1 = alice / "camp.json", alice / "alice-1.turn.json"
    new = ("campaign", "new", "By Post", "--player", "Alice", "--country", "Spain")
    assert _run(alice, *new, "--out", str(camp), *a_phrase) == 0
    export = ("campaign", "turn", "export")
    assert _run(alice, *export, str(camp), "--player", "Alice", "--out", str(t1), *a_phrase) == 0
    b_camp, t2 = bob / "bob.json", bob / "bob-1.turn.json"
    assert _run(bob, "campaign", "turn", "import", str(t1), "--campaign", str(b_camp)) == 0
    join = ("campaign", "join", str(b_camp), "--player", "Bob", "--country", "France")
    assert _run(bob, *join, *b_phrase) == 0
    assert _run(bob, *export, str(b_camp), "--player", "Bob", "--out", str(t2), *b_phrase) == 0
    assert _run(alice, "campaign", "turn", "import", str(t2), "--campaign", str(camp)) == 0
    assert "Imported Bob's turn file into By Post" in capsys.readouterr().out
    sealing.configure(alice)
    players = [p.name for p in load_campaign(json.loads(camp.read_text())).state.players]
    sealing.configure(None)
    assert players == ["Alice", "Bob"]
