"""Campaign > Export my turn... / Import a turn... in the app: Bob's window starts the
campaign from Alice's first turn file, joins, moves and exports; Alice's computer (the
domain, its own data folder) imports his file and both agree."""

from __future__ import annotations

from pathlib import Path

from tests.campaign.pbem_helpers import Computer
from wargame.campaign.document import new_campaign
from wargame.campaign.pbem import chain


def _menu_titles(window) -> list[str]:  # noqa: ANN001
    return [a.text() for a in window.menuBar().actions() if a.isVisible()]


def test_campaign_menu_exports_and_imports_turn_files(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    alice = Computer(tmp_path / "alice", new_campaign("Letters of Marque", uid="pbem-ui"))
    alice.join("Alice", "Spain", "alice-pw")
    alice.forces(("A", 3))
    first = tmp_path / "alice-1.turn.json"
    first.write_bytes(alice.export())

    view = main_window.show_mode("campaign")
    assert "&Campaign" in _menu_titles(main_window)
    texts = [a.text() for a in view.mode_menu.actions()]
    assert texts == ["&New campaign by e-mail...", "", "&Export my turn...", "&Import a turn..."]

    assert view.import_turn_from(first), view.last_error
    assert view.state.name == "Letters of Marque" and len(view.state.players) == 1
    assert "pinned" in view.last_info and "trusted on first use" in view.last_info

    assert view.add_player("Bob", "France", "bobby-pw")
    assert view.unlock(1, "bobby-pw")
    assert view.set_value("B", 4)
    assert view.set_contents("B", "ship: Le Hardi, medium, able")
    reply = tmp_path / "bob-1.turn.json"
    assert view.export_turn_to(reply), view.last_error
    assert "Bob's turn file is written" in view.last_info
    assert "take none of these moves back" in view.last_info
    assert b"Le Hardi" not in reply.read_bytes()  # his contents travel sealed

    alice.receive(reply.read_bytes())
    assert alice.s.state.to_json() == view.state.to_json()
    assert chain(alice.s) == chain(view.session)

    # the same file again: refused in one message, nothing changed
    before = len(view.session.entries)
    assert not view.import_turn_from(first)
    assert "an old turn" in view.last_error
    assert len(view.session.entries) == before

    main_window.go_home()
    assert "&Campaign" not in _menu_titles(main_window)


def test_new_campaign_by_e_mail_starts_with_its_maker_alone(main_window, monkeypatch) -> None:  # noqa: ANN001
    view = main_window.show_mode("campaign")
    monkeypatch.setattr(
        "ui.campaign.pbem.QInputDialog.getText", lambda *_a, **_k: ("By Post", True)
    )
    monkeypatch.setattr(
        view, "add_player_dialog", lambda: view.add_player("Ann", "Spain", "ann-pass")
    )
    view.mode_menu.actions()[0].trigger()
    assert view.state.name == "By Post"
    assert [p.name for p in view.state.players] == ["Ann"]
    assert "Export my turn" in view.last_info


def test_export_and_import_dialogs_ask_the_passphrase_and_the_file(  # noqa: ANN001
    main_window, monkeypatch, tmp_path: Path
) -> None:
    view = main_window.show_mode("campaign")
    assert view.start_campaign("A/B Seas")
    assert view.add_player("Ann", "Spain", "ann-pass1")
    asked: list[str] = []

    def get_text(_parent, _title, label, *_a, **_k):  # noqa: ANN001, ANN202
        asked.append(label)
        return ("ann-pass1", True)

    saved: list[str] = []

    def get_save(_parent, _title, suggested, _filter):  # noqa: ANN001, ANN202
        saved.append(suggested)
        return (str(tmp_path / "ann.turn.json"), "")

    monkeypatch.setattr("ui.campaign.pbem.QInputDialog.getText", get_text)
    monkeypatch.setattr("ui.campaign.pbem.QFileDialog.getSaveFileName", get_save)
    monkeypatch.setattr(
        "ui.campaign.pbem.QFileDialog.getOpenFileName",
        lambda *_a, **_k: (str(tmp_path / "ann.turn.json"), ""),
    )
    export, imp = view.mode_menu.actions()[2:]
    export.trigger()
    assert asked and asked[0].startswith("Ann, your campaign passphrase")
    assert Path(saved[0]).name == "A-B Seas - turn 1 - Ann.turn.json"
    assert (tmp_path / "ann.turn.json").exists(), view.last_error
    imp.trigger()
    assert "an old turn" in view.last_error
