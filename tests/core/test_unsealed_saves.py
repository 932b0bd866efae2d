"""Issue 30 item 1: an old-format (version 1) save bypassed the sealing.

From a save file alone, with no key, a naval, raid, Pirate Versus Pirate or
campaign save could be rewritten as a version-1 file (a roll changed, friendly undo
on, a dice seed planted) and it loaded as trusted; saving re-sealed the forgery. Now
a version-1 save is refused at every door unless it is converted on purpose, and a
converted game is marked so in its sealed header, its log and the status line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wargame.core import sealing
from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.log import FRIENDLY_UNDO, UNSEALED, Session, UnsealedSave
from wargame.core.play import load_session, new_session
from wargame.core.registry import game_class
from wargame.errors import FileFormatError
from wargame.persistence.convert import convert_unsealed_save, is_unsealed_save

GAMES = ["naval", "raid", "pirate-versus-pirate", "pieces-of-eight"]


def played(name: str, steps: int = 30) -> Session[Any]:
    game = game_class(name)()
    session = new_session(GameSpec(name, game.default_players()), DiceService.seeded(6))
    bots: dict[int, Any] = {}
    for _ in range(steps):
        st = session.state
        if st.is_terminal():
            break
        seat = st.current_player()
        bot = bots.setdefault(seat, game.bots()["random"](DiceService.seeded(f"6:{seat}")))
        session.apply(bot.choose(st, seat))
    return session


def forged_v1(session: Session[Any]) -> dict[str, Any]:
    """What an attacker writes from a save: version 1, friendly undo on, a seed and a
    generator state planted, and a mark of their own."""
    header = dict(session.header)
    header.update({FRIENDLY_UNDO: True, "seed": 1234, UNSEALED: "no"})
    return json.loads(
        json.dumps(
            {
                "format": "wargame-session",
                "version": 1,
                "header": header,
                "setup": [r.to_json() for r in session.setup_rolls],
                "log": [e.to_json() for e in session.entries],
                "redo": [],
                "dice": DiceService.seeded(1234).provider.get_state(),
            }
        )
    )


@pytest.mark.parametrize("name", GAMES)
def test_an_unsealed_save_is_refused_not_loaded_as_trusted(name: str) -> None:
    data = forged_v1(played(name))
    with pytest.raises(UnsealedSave, match="old, unsealed save.*File > Open offers to convert"):
        load_session(data)


@pytest.mark.parametrize("name", GAMES)
def test_converting_marks_the_game_and_drops_friendly_undo_the_seed_and_the_dice(
    name: str,
) -> None:
    session = played(name)
    data = forged_v1(session)
    assert is_unsealed_save(data)
    converted = convert_unsealed_save(data)
    assert converted["version"] == 2
    header = converted["header"]
    assert header[UNSEALED] == {"from": "save", "actions": len(session.entries)}
    assert FRIENDLY_UNDO not in header and "seed" not in header
    again = load_session(json.loads(json.dumps(converted)))
    assert again.state.to_json() == session.state.to_json()
    assert not again.friendly_undo
    assert again.unsealed_note and again.unsealed_note.startswith("Converted from an unsealed")
    assert again.log_text().splitlines()[0] == again.unsealed_note
    planted = DiceService.seeded(1234)
    assert again.dice.draw(1, 10**9, 4, "x") != planted.draw(1, 10**9, 4, "x")


def test_the_conversion_mark_cannot_be_taken_off() -> None:
    converted = convert_unsealed_save(forged_v1(played("naval")))
    del converted["header"][UNSEALED]
    with pytest.raises(sealing.SaveTampered, match="altered outside the app"):
        load_session(converted)


def test_saving_a_converted_game_keeps_the_mark() -> None:
    session = load_session(convert_unsealed_save(forged_v1(played("pieces-of-eight"))))
    st = session.state
    session.apply(st.legal_actions()[0])
    resaved = load_session(json.loads(json.dumps(session.to_json())))
    assert resaved.header[UNSEALED]["from"] == "save"


def test_save_export_refuses_an_unsealed_save() -> None:
    from wargame.core.portable import export_portable

    with pytest.raises(UnsealedSave):
        export_portable(forged_v1(played("raid")), "seven sails at dawn")


def test_a_portable_save_holding_an_unsealed_save_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from wargame.core import portable

    monkeypatch.setattr(sealing, "PORTABLE_KDF", {"t": 1, "m": 8, "p": 1})
    salt = sealing._b64(bytes(16))
    data = {
        "format": sealing.PORTABLE_FORMAT,
        "kdf": {"name": "argon2id", "t": 1, "m": 8, "p": 1, "salt": salt},
        "save": forged_v1(played("raid")),
    }
    with pytest.raises(UnsealedSave):
        portable.import_portable(data, "seven sails at dawn")


def test_save_convert_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from wargame.cli import main

    old = tmp_path / "old.json"
    old.write_text(json.dumps(forged_v1(played("pirate-versus-pirate"))))
    new = tmp_path / "new.json"
    assert main(["save", "convert", str(old), "--out", str(new)]) == 0
    assert "marked 'converted from an unsealed save'" in capsys.readouterr().out
    assert load_session(json.loads(new.read_text())).header[UNSEALED]["from"] == "save"
    assert main(["save", "convert", str(new), "--out", str(tmp_path / "x.json")]) == 2
    assert "not an old unsealed save" in capsys.readouterr().err


# -- campaigns ----------------------------------------------------------------------------


def campaign_v1() -> dict[str, Any]:
    from wargame.paths import scenarios_dir
    from wargame.persistence.files import read_json_file

    data = read_json_file(scenarios_dir() / "campaign" / "spanish_main_1690.json")
    return json.loads(json.dumps(data["session"]))


def test_an_unsealed_campaign_save_is_refused_and_converts_marked() -> None:
    from wargame.campaign.document import load_campaign

    data = campaign_v1()
    with pytest.raises(UnsealedSave):
        load_campaign(data)
    converted = load_campaign(convert_unsealed_save(data))
    assert converted.header[UNSEALED] == {"from": "save", "actions": len(data["log"])}


def test_the_shipped_campaign_scenario_opens_marked_as_started_from_a_scenario() -> None:
    from wargame.campaign.document import campaign_from_scenario
    from wargame.paths import scenarios_dir
    from wargame.persistence.files import read_json_file

    data = read_json_file(scenarios_dir() / "campaign" / "spanish_main_1690.json")
    session = campaign_from_scenario(data)
    assert session.header[UNSEALED]["from"] == "scenario"
    assert session.unsealed_note and session.unsealed_note.startswith("Started from a scenario")


def test_an_unsealed_campaign_row_of_the_database_opens_converted(tmp_path: Path) -> None:
    from wargame.campaign.store import open_campaign
    from wargame.campaign.tables import CampaignRow
    from wargame.persistence.db import open_database

    db = open_database(tmp_path / "w.sqlite3")
    try:
        with db.transaction() as s:
            s.add(CampaignRow(uid="old", name="Old", data=json.dumps(campaign_v1())))
        session = open_campaign(db, "old")
        assert session.header[UNSEALED]["from"] == "save"
    finally:
        db.close()


def test_an_unsealed_save_never_sneaks_in_as_a_v2_header() -> None:
    data = forged_v1(played("naval"))
    data["version"] = 2
    with pytest.raises(FileFormatError):
        load_session(data)
