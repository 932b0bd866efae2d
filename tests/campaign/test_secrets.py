"""Secret contents: sealed with the owner's passphrase, never in a save or the database
in clear until the reveal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.campaign.helpers import FAST, SECRET_SHIP, contents, two_players
from tests.campaign.test_view import ALICE_FORCES, BOB_FORCES, unlock_by_typing, visible_text
from wargame.campaign import actions as A
from wargame.campaign.document import (
    load_campaign,
    open_contents,
    reveal_action,
    save_campaign,
    unlock_player,
)
from wargame.campaign.secrets import (
    SecretError,
    aad_for,
    derive_key,
    new_salt,
    seal,
    unseal,
)


def raw_bytes_under(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


def test_sealed_contents_open_only_with_the_right_key_and_place() -> None:
    salt = new_salt()
    key = derive_key("alice-pw", salt, FAST)
    other = derive_key("bobby-pw", salt, FAST)
    token = seal(key, b"Revenge", aad_for("c1", 0, "A"), pad_to=64)
    assert b"Revenge" not in token.encode()
    assert unseal(key, token, aad_for("c1", 0, "A")) == b"Revenge"
    with pytest.raises(SecretError):
        unseal(other, token, aad_for("c1", 0, "A"))
    with pytest.raises(SecretError):  # moved to another force: refused
        unseal(key, token, aad_for("c1", 0, "B"))
    parts = token.split(".")
    flipped = parts[3][:-2] + ("A" if parts[3][-2] != "A" else "B") + parts[3][-1]
    with pytest.raises(SecretError):
        unseal(key, ".".join([*parts[:3], flipped, *parts[4:]]), aad_for("c1", 0, "A"))


def test_padding_hides_how_big_a_force_is() -> None:
    key = derive_key("alice-pw", new_salt(), FAST)
    small = seal(key, b"x", "a", pad_to=256)
    big = seal(key, b"x" * 200, "a", pad_to=256)
    assert len(small) == len(big)


def test_a_saved_campaign_holds_no_secret_before_the_reveal() -> None:
    s, keys = two_players()
    s.apply(A.Declare(0, "A", 1, "B", True))
    text = json.dumps(save_campaign(s), ensure_ascii=False)
    assert SECRET_SHIP not in text and "Ship 1A" not in text
    other = load_campaign(json.loads(text))
    bob = unlock_player(other.state, 1, "bobby-pw")
    assert json.dumps(other.state.observation(1)).find(SECRET_SHIP) < 0
    with pytest.raises(SecretError):
        open_contents(other.state, 0, bob)  # Bob's key does not open Alice's forces
    # the search can find it once Alice unfolds her sheet: the test is not vacuous
    s.apply(A.DoneDeclaring(0))
    s.apply(A.DoneDeclaring(1))
    s.apply(reveal_action(s.state, 0, keys[0]))
    assert SECRET_SHIP in json.dumps(save_campaign(s), ensure_ascii=False)


def test_seal_refuses_bad_contents_naming_the_field() -> None:
    from wargame.campaign.document import seal_action

    s, keys = two_players()
    bad = contents("X")
    bad["ships"][0]["type"] = "galleon"
    with pytest.raises(ValueError, match=r"force A contents\.ships\[0\]\.type: 'galleon'"):
        seal_action(s.state, 0, "A", bad, keys[0])


def test_campaign_saved_by_the_app_shows_no_secret_when_opened_as_another_player(
    qtbot,  # noqa: ANN001
    main_window,  # noqa: ANN001
    data_dir: Path,
    tmp_path: Path,
) -> None:
    view = main_window.show_mode("campaign")
    view.new_document()
    view.add_player("Alice", "Spain", "alice-pw")
    view.add_player("Bob", "France", "bobby-pw")
    for seat, phrase, text in ((0, "alice-pw", ALICE_FORCES), (1, "bobby-pw", BOB_FORCES)):
        view.request_handoff(seat)
        unlock_by_typing(qtbot, view, phrase)
        view.set_value("A", 3)
        assert view.set_contents("A", text)
        qtbot.mouseClick(view.buttons["lock"], Qt.MouseButton.LeftButton)
    view.unlock(1, "bobby-pw")
    assert view.declare("A", 0, "A", True)
    save = tmp_path / "shared.json"
    assert main_window.save_as(save)
    main_window.ctx.db.close()  # flush everything to disk
    secret = SECRET_SHIP.encode()
    assert secret not in save.read_bytes()
    raw = raw_bytes_under(data_dir)
    assert b"Alice" in raw  # the database holds the campaign ...
    assert secret not in raw  # ... but not Alice's secret forces

    # Alice exports it for another computer (a passphrase for the file); Bob imports
    # it on his own computer and unlocks his sheet
    import json

    from ui.app import build_window
    from wargame.core.portable import export_portable, import_portable

    portable = export_portable(json.loads(save.read_text()), "shared-table-9")
    other = build_window(tmp_path / "bob-data")
    other.ctx.quiet_errors = True
    qtbot.addWidget(other)
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(import_portable(portable, "shared-table-9")))
    bview = other.open_path(moved)
    bview.request_handoff(1)
    unlock_by_typing(qtbot, bview, "bobby-pw")
    assert bview.viewer == 1 and "Le Hardi" in visible_text(bview.sheet)
    for seat in (0, 1):
        bview.players.setCurrentRow(seat)
        assert SECRET_SHIP not in visible_text(bview)
    assert secret not in raw_bytes_under(tmp_path / "bob-data")
    for v in other.views.values():
        v.undo_stack.setClean()
    other.ctx.db.close()


def test_a_campaign_save_cannot_ask_for_a_huge_key_stretching_cost() -> None:
    """Issue 30 item 6 for campaign passphrases: a sealed force naming an argon2 cost
    beyond the app's own range (here 4 GiB, 64 passes) is refused before any stretching."""
    import pytest as _pytest

    from wargame.campaign.secrets import KdfParams, SecretError

    assert KdfParams.parse("argon2id-4-131072-1").r == 131072
    for text in ("argon2id-64-4194304-1", "argon2id-4-4194304-1", "argon2id-9-131072-1"):
        with _pytest.raises(SecretError, match="outside the app's range"):
            KdfParams.parse(text)


def test_sealed_force_contents_have_one_size_whatever_the_force_holds() -> None:
    """Issue 39: 1-2 ships sealed to 390 characters, 4 ships 731, 8 ships 1,073, and
    every opponent had them in the e-mailed turn files before the reveal."""
    from wargame.campaign.document import seal_action

    s, keys = two_players()

    def sealed(n_ships: int, n_party: int = 0) -> str:
        force = {
            "ships": [
                {"name": f"Ship {i}", "type": "medium", "quality": "able"} for i in range(n_ships)
            ],
            "party": [{"kind": "musket", "quality": "able", "count": 3}] * n_party,
        }
        return seal_action(s.state, 0, "A", force, keys[0]).sealed

    rules = s.state.rules.contents
    sizes = {len(sealed(n, p)) for n, p in ((0, 0), (1, 0), (2, 1), (4, 3), (8, 0))}
    sizes.add(len(sealed(rules.max_ships, rules.max_groups)))
    assert len(sizes) == 1


def test_a_force_too_long_to_seal_at_the_one_size_is_refused_in_words() -> None:
    from wargame.campaign.document import seal_action
    from wargame.errors import BadInput

    s, keys = two_players()
    rules = s.state.rules.contents
    # the longest names the rules allow, in letters that take 3 bytes each
    force = {
        "ships": [
            {"name": "船" * 80, "type": "merchantman", "quality": "hardened"}
            for _ in range(rules.max_ships)
        ],
        "party": [{"officer": "captain", "name": "船" * 80}] * rules.max_groups,
    }
    with pytest.raises(BadInput, match=r"^force A contents: too long to seal .*shorten the names"):
        seal_action(s.state, 0, "A", force, keys[0])
