"""The campaign view driven as players would: hand-off, sheets, undo, fights, printing."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTableWidget

from tests.campaign.helpers import SECRET_SHIP
from ui.campaign.sheet import SEALED
from ui.campaign.view import PAGE_HANDOFF, PAGE_SHEETS, PAGE_STANDINGS, CampaignView

ALICE_FORCES = f"ship: {SECRET_SHIP}, large, hardened\ngroup: 3 able musket"
BOB_FORCES = "ship: Le Hardi, medium, able\ngroup: 2 hardened hand-to-hand"


def visible_text(widget) -> str:  # noqa: ANN001
    """Every text a player could read on ``widget`` now (visible labels and cells)."""
    out = []
    for label in widget.findChildren(QLabel):
        if label.isVisibleTo(widget):
            out.append(label.text())
    for table in widget.findChildren(QTableWidget):
        if table.isVisibleTo(widget):
            for r in range(table.rowCount()):
                for c in range(table.columnCount()):
                    it = table.item(r, c)
                    out.append(it.text() if it else "")
    return "\n".join(out)


def unlock_by_typing(qtbot, view: CampaignView, passphrase: str) -> None:  # noqa: ANN001
    view.handoff.passphrase.clear()
    qtbot.keyClicks(view.handoff.passphrase, passphrase)
    qtbot.mouseClick(view.handoff.go_button, Qt.MouseButton.LeftButton)


def fill_both_sheets(qtbot, view: CampaignView) -> None:  # noqa: ANN001
    """Alice and Bob each give force A value 3 and its contents; Bob (still unlocked,
    seat 1) declares his A against Alice's A."""
    for seat, phrase, text in ((0, "alice-pw", ALICE_FORCES), (1, "bobby-pw", BOB_FORCES)):
        view.request_handoff(seat)
        unlock_by_typing(qtbot, view, phrase)
        view.set_value("A", 3)
        view.set_contents("A", text)
    assert view.declare("A", 0, "A", True)


@pytest.fixture
def fresh(main_window) -> CampaignView:  # noqa: ANN001
    view = main_window.show_mode("campaign")
    view.new_document()
    assert view.add_player("Alice", "Spain", "alice-pw")
    assert view.add_player("Bob", "France", "bobby-pw")
    return view


def test_default_shows_the_shipped_example_sheet(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("campaign")
    assert view.state.name == "The Spanish Main, 1690"
    table = view.sheet.table
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headers[0].startswith("Letter") and headers[-1].startswith("Victory\npoints")
    assert [table.item(r, 0).text() for r in range(table.rowCount())] == list("ABCDEFG")
    assert "Keep the lower part secret" in view.sheet.fold.text()
    # it opens on the sheet with a fight still to play: Jens Munk's, unfolded in turn 2
    assert view.state.players[view.seat].name == "Jens Munk"
    assert "Christianus Quintus" in visible_text(view.sheet)
    assert view.buttons["fight"].isEnabled()


def test_hand_off_screen_hides_sheets_and_refuses_a_wrong_passphrase(qtbot, fresh) -> None:  # noqa: ANN001
    view = fresh
    qtbot.mouseClick(view.buttons["unlock"], Qt.MouseButton.LeftButton)
    assert view.pages.currentIndex() == PAGE_HANDOFF
    assert "Pass the computer to Alice of Spain" in view.handoff.heading.text()
    unlock_by_typing(qtbot, view, "bobby-pw")
    assert view.pages.currentIndex() == PAGE_HANDOFF
    assert "wrong passphrase" in view.handoff.message.text()
    assert view.viewer is None
    unlock_by_typing(qtbot, view, "alice-pw")
    assert view.pages.currentIndex() == PAGE_SHEETS
    assert view.viewer == 0 and view.sheet.lower.isVisibleTo(view.sheet)


def test_players_fill_their_secret_part_in_turn_and_never_see_each_other(qtbot, fresh) -> None:  # noqa: ANN001
    view = fresh
    view.request_handoff(0)
    unlock_by_typing(qtbot, view, "alice-pw")
    assert view.set_value("A", 4)
    assert view.set_contents("A", ALICE_FORCES)
    assert SECRET_SHIP in visible_text(view.sheet)
    # Alice folds her sheet: the hand-off screen names Bob, and shows nothing of Alice's
    qtbot.mouseClick(view.buttons["lock"], Qt.MouseButton.LeftButton)
    assert view.pages.currentIndex() == PAGE_HANDOFF
    assert "Bob" in view.handoff.heading.text()
    assert SECRET_SHIP not in visible_text(view)
    unlock_by_typing(qtbot, view, "bobby-pw")
    assert view.viewer == 1
    view.set_value("B", 2)
    view.set_contents("B", BOB_FORCES)
    view.players.setCurrentRow(0)  # Bob looks at Alice's sheet: upper part only
    assert view.seat == 0
    assert view.sheet.folded.isVisibleTo(view.sheet)
    lower = [view.sheet.lower.item(r, 1).text() for r in range(2)]
    assert lower == [SEALED, ""]  # force A sealed, B not given a value
    assert SECRET_SHIP not in visible_text(view)
    assert view.sheet.table.item(0, 1).text() == "4"


def test_the_whole_flow_through_the_view(qtbot, main_window, fresh) -> None:  # noqa: ANN001
    view = fresh
    fill_both_sheets(qtbot, view)
    view.set_done(True, seat=1)  # hands on to Alice
    assert view.pages.currentIndex() == PAGE_HANDOFF and "Alice" in view.handoff.heading.text()
    unlock_by_typing(qtbot, view, "alice-pw")
    view.set_done(True)
    assert view.state.phase == "reveal"
    assert "Pass the computer to" in view.handoff.heading.text()
    # each unfolds in turn
    for _ in range(2):
        seat = view.handoff.seat
        unlock_by_typing(qtbot, view, ("alice-pw", "bobby-pw")[seat])
        qtbot.mouseClick(view.buttons["reveal"], Qt.MouseButton.LeftButton)
    assert view.state.phase == "resolve"
    view.show_sheets()
    main_window.ctx.manual_dice = True  # the die is rolled at the table and typed in: a 1
    main_window.ctx.dice_answerer = lambda request: "1"
    assert view.resolve_all() == 1
    e = view.state.engagements["1:A"]
    assert (e.roll, e.result) == (1, 1)  # 1 = battle on the rules data's table
    assert not view.type_result("1:A", 10, 1000)
    assert view.last_error.startswith("defender_score: 1000 is outside")
    assert view.type_result("1:A", 10, 4)
    assert view.state.vp_totals() == [0, 3]  # Bob beat Alice's force A, value 3
    view.seat = 0
    view._refresh()
    assert [view.sheet.table.item(0, c).text() for c in range(7)] == [
        "A", "3", "A  (Bob)", "N", "4", "1. Battle", "0",
    ]  # fmt: skip
    assert view.end_turn()
    assert view.state.turn_no == 2 and len(view.state.history) == 1
    assert view.finish()
    assert view.pages.currentIndex() == PAGE_STANDINGS
    assert view.standings.players.rowCount() == 2


def test_a_bad_value_typed_in_the_sheet_is_refused_naming_the_field(qtbot, fresh) -> None:  # noqa: ANN001
    view = fresh
    assert view.unlock(0, "alice-pw")
    item = view.sheet.table.item(2, 1)
    item.setText("7")
    assert view.last_error and view.last_error.startswith("value: 7 is outside 1-5")
    assert "C" not in view.state.players[0].forces
    assert view.sheet.table.item(2, 1).text() == ""
    item = view.sheet.table.item(2, 1)
    item.setText("2")
    assert view.state.force_value(0, "C") == 2
    # the refused entry left nothing half-stored: the database has the campaign as shown
    from wargame.campaign.store import open_campaign

    item = view.sheet.table.item(2, 1)
    item.setText("9")
    stored = open_campaign(view.ctx.db, view.state.uid)
    assert stored.state.to_json() == view.state.to_json()


def test_many_campaigns_are_kept_and_reopened(fresh) -> None:  # noqa: ANN001
    view = fresh
    first = view.state.uid
    assert view.start_campaign("The Windward Passage")
    assert view.add_player("Carl", "England", "carl-pass")
    second = view.state.uid
    assert view.open_stored(first)
    assert [p.name for p in view.state.players] == ["Alice", "Bob"]
    assert view.open_stored(second)
    assert view.state.name == "The Windward Passage"
    assert not view.start_campaign("  ")
    assert view.last_error.startswith("name:")


def test_undo_and_redo_from_the_edit_menu(main_window, fresh) -> None:  # noqa: ANN001
    view = fresh
    assert view.unlock(0, "alice-pw")
    view.set_value("A", 2)
    view.set_value("A", 5)
    main_window.act_undo.trigger()
    assert view.state.force_value(0, "A") == 2
    main_window.act_undo.trigger()
    assert "A" not in view.state.players[0].forces
    main_window.act_redo.trigger()
    assert view.state.force_value(0, "A") == 2


def test_fight_opens_the_battle_and_its_result_comes_back(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("campaign")
    assert view.state.engagements["3:A"].result == 1 and not view.state.engagements["3:A"].scored
    if not view.fight("3:A"):
        pytest.skip(f"naval mode cannot set up fights yet: {view.last_error}")
    assert main_window.current.mode_key == "naval"
    link = {"campaign": view.state.uid, "turn": 2, "engagement": "3:A"}
    assert main_window.current.scenario["campaign_link"] == link
    # what the naval view reports when the battle ends
    main_window.ctx.report_result(
        link, {"winner": 0, "battle_score": {"0": 9, "1": 4}, "summary": "Fortuna wins"}
    )
    main_window.show_mode("campaign")
    e = view.state.engagements["3:A"]
    assert (e.attacker_score, e.defender_score, e.source) == (9, 4, "linked")
    assert e.attacker_vp == view.state.force_value(1, "B")
    assert main_window.ctx.db.list_documents("campaign-result") == []
    assert view.end_turn()


def test_result_for_another_campaign_is_left_alone(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("campaign")
    main_window.ctx.report_result(
        {"campaign": "elsewhere", "turn": 2, "engagement": "3:A"}, {"scores": {"0": 1, "1": 0}}
    )
    assert view.collect_results() == 0
    assert len(main_window.ctx.db.list_documents("campaign-result")) == 1
    assert not view.state.engagements["3:A"].scored


def test_print_to_pdf_with_and_without_the_secret_part(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    view = main_window.show_mode("campaign")
    with_secrets, without = tmp_path / "with.pdf", tmp_path / "without.pdf"
    view.print_pdf(with_secrets, with_secrets=True)
    view.print_pdf(without, with_secrets=False)
    assert with_secrets.read_bytes()[:5] == b"%PDF-" and without.read_bytes()[:5] == b"%PDF-"
    assert with_secrets.stat().st_size > without.stat().st_size


def test_a_finished_turn_is_kept_and_shown_as_history(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("campaign")
    assert [view.turn_box.itemText(i) for i in range(view.turn_box.count())] == [
        "2 (now)",
        "1 (fought)",
    ]
    view.players.setCurrentRow(0)  # Don Alonso de Leyva
    view.turn_box.setCurrentIndex(1)
    assert view.turn_shown == 1
    assert "turn 1 (history)" in view.sheet.title.text()
    row_c = [view.sheet.table.item(2, c).text() for c in range(7)]
    assert row_c == ["C", "2", "A  (Morgan)", "N", "4", "3. Land raid", "0"]
    assert "governor Don Fadrique" in visible_text(view.sheet)  # unfolded in turn 1
    view.turn_box.setCurrentIndex(0)
    assert view.turn_shown is None and view.sheet.title.text() == "Campaign Master Sheet"


def test_contents_dialog_takes_ships_from_the_naval_roster(qtbot, fresh) -> None:  # noqa: ANN001
    from ui.campaign.dialogs import ContentsDialog

    view = fresh
    db = view.ctx.db
    db.put_document("naval-ship", "Adventure Galley", {"name": "Adventure Galley", "type": "medium", "quality": "hardened"})  # fmt: skip
    db.put_document("naval-ship", "Broken", {"name": "Broken", "type": "galleon"})
    roster = view.roster_ships()
    assert roster == [{"name": "Adventure Galley", "type": "medium", "quality": "hardened"}]
    dlg = ContentsDialog("A", "group: 2 able musket", view, roster=roster)
    qtbot.addWidget(dlg)
    dlg.add_roster_ship()
    assert dlg.text.toPlainText() == (
        "group: 2 able musket\nship: Adventure Galley, medium, hardened"
    )


def test_declare_dialog_offers_only_existing_forces(qtbot, fresh) -> None:  # noqa: ANN001
    from ui.campaign.dialogs import DeclareDialog

    view = fresh
    view.unlock(1, "bobby-pw")
    view.set_value("B", 2)
    view.set_value("D", 4)
    view.unlock(0, "alice-pw")
    view.set_value("A", 3)
    dlg = DeclareDialog(view.state, 0, "A", view)
    qtbot.addWidget(dlg)
    letters = [dlg.opponent_letter.itemText(i) for i in range(dlg.opponent_letter.count())]
    assert letters == ["B", "D"]
    dlg.opponent_letter.setCurrentText("D")
    dlg.attacker.setChecked(False)
    assert dlg.values() == ("A", 1, "D", False)
    assert view.declare(*dlg.values())
    assert view.state.engagements["0:A"].opponent_letter == "D"


def test_a_land_raid_opens_in_the_raid_mode_and_its_coins_come_back(main_window) -> None:  # noqa: ANN001
    from tests.campaign.helpers import declare_and_reveal, two_players
    from wargame.campaign import actions as A
    from wargame.campaign.document import save_campaign

    s, keys = two_players(rolls=(5, 3))
    declare_and_reveal(s, keys)
    s.apply(A.ResolveAll())  # 5: land raid for 0:A, 3: no contact for 1:A
    view = main_window.show_mode("campaign")
    view.open_json(save_campaign(s), None)
    assert view.state.engagements["0:A"].result == 3
    if not view.fight("0:A"):
        pytest.skip(f"raid mode cannot set up fights yet: {view.last_error}")
    raid = main_window.current
    assert raid.mode_key == "raid"
    link = raid.scenario["campaign_link"]
    assert link == {"campaign": "test-campaign", "turn": 1, "engagement": "0:A"}
    main_window.ctx.report_result(link, {"winner": 1, "battle_score": {"0": 12, "1": 33}})
    main_window.show_mode("campaign")
    e = view.state.engagements["0:A"]
    assert (e.attacker_score, e.defender_score, e.source) == (12, 33, "linked")
    assert view.state.vp_totals() == [0, 3]  # the town held: Bob gains Alice's force A's value
    assert view.end_turn()


def test_printed_sheet_has_the_secret_part_only_when_asked(main_window) -> None:  # noqa: ANN001
    from ui.campaign.printing import sheet_html

    view = main_window.show_mode("campaign")
    st = view.state
    with_part = sheet_html(st, 3, st.players[3].revealed)
    without = sheet_html(st, 3, None)
    for html in (with_part, without):
        assert "Country of Allegiance:</b> Denmark" in html
        assert "<td>1. Battle</td>" in html and "Keep the lower part secret" in html
    assert "Christianus Quintus" in with_part
    assert "Christianus Quintus" not in without and "not printed" in without


def test_only_a_sheets_owner_changes_it(qtbot, fresh) -> None:  # noqa: ANN001
    view = fresh
    assert not view.set_value("A", 3, seat=0)  # nobody has unlocked Alice's sheet
    assert view.last_error.startswith("player: only Alice gives values on Alice's sheet")
    assert not view.sheet.table.item(0, 1).flags() & Qt.ItemFlag.ItemIsEditable
    view.request_handoff(1)
    unlock_by_typing(qtbot, view, "bobby-pw")
    view.players.setCurrentRow(0)  # Bob looks at Alice's sheet
    assert not view.declare("A", 1, "A", True)
    assert not view.buttons["declare"].isEnabled()
    assert view.state.players[0].forces == {}
    view.players.setCurrentRow(1)
    assert view.set_value("A", 3)
    assert view.sheet.table.item(0, 1).flags() & Qt.ItemFlag.ItemIsEditable


def test_keyboard_shortcut_hands_the_sheet_over(qtbot, main_window, fresh) -> None:  # noqa: ANN001
    view = fresh
    main_window.activateWindow()
    view.sheet.table.setFocus()
    qtbot.keyClick(view.sheet.table, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert view.pages.currentIndex() == PAGE_HANDOFF
    assert "Alice" in view.handoff.heading.text()


def test_leaving_the_campaign_folds_the_secret_part_away(qtbot, main_window, fresh) -> None:  # noqa: ANN001
    view = fresh
    view.request_handoff(0)
    unlock_by_typing(qtbot, view, "alice-pw")
    view.set_value("A", 3)
    view.set_contents("A", ALICE_FORCES)
    main_window.go_home()
    main_window.show_mode("campaign")
    assert view.viewer is None
    assert SECRET_SHIP not in visible_text(view)


def test_a_result_that_no_longer_fits_is_refused_once(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("campaign")
    link = {"campaign": view.state.uid, "turn": 2, "engagement": "0:B"}  # was no contact
    main_window.ctx.report_result(link, {"battle_score": {"0": 5, "1": 1}})
    assert view.collect_results() == 0
    assert view.last_error.startswith("engagement: 0:B was no contact")
    assert main_window.ctx.db.list_documents("campaign-result") == []


def test_a_sea_fight_played_to_the_end_carries_its_sunk_ships_back_to_the_sheet(
    main_window,  # noqa: ANN001
    monkeypatch,  # noqa: ANN001
) -> None:
    """Campaign -> Fight it -> bots play the battle to the end -> Return to the
    campaign: the force sheets no longer list the ships sunk or taken, and say so."""
    import shiboken6

    import ui.context
    import ui.table.base

    # the battle's dice and the bots' from fixed seeds: one where a ship goes down
    monkeypatch.setattr(ui.context, "fresh_seed", lambda: 7)
    monkeypatch.setattr(ui.table.base, "fresh_seed", lambda: 11)

    view = main_window.show_mode("campaign")
    e = view.state.engagements["3:A"]
    att, dfn = e.attacker_side, e.defender_side
    before = {
        side: [s["name"] for s in view.state.revealed_contents(*side)["ships"]]
        for side in (att, dfn)
    }
    assert view.fight("3:A"), view.last_error
    naval = main_window.current
    for dlg in naval.findChildren(object):
        if dlg.objectName() == "naval-battle-setup" and shiboken6.isValid(dlg):
            dlg.close()  # fought on the default sea
    for _ in range(4000):
        if naval.state.is_terminal():
            break
        naval.bot_step()
    assert naval.state.is_terminal()
    gone = {s.name for s in naval.state.ships.values() if s.status.value in ("sunk", "surrendered")}
    assert gone, "with these seeds Le Marin goes down"
    naval.act_return.trigger()
    assert main_window.current is view
    assert view.state.engagements["3:A"].scored
    for side in (att, dfn):
        left = [s["name"] for s in view.state.revealed_contents(*side)["ships"]]
        assert left == [n for n in before[side] if n not in gone]
    for seat, letter in (att, dfn):
        view.players.setCurrentRow(seat)
        assert view.seat == seat
        assert view.state.players[seat].name in visible_text(view.sheet)
        row = view.state.rules.letters.index(letter)
        contents, _, lost = view.sheet.lower.item(row, 1).text().partition(" - lost: ")
        for name in before[(seat, letter)]:
            assert (name in contents) == (name not in gone), name
            assert (name in lost) == (name in gone), name
    label = view.session.entries[-1].label
    assert label.startswith("Lost in the battle of "), label
    assert all(name in label for name in gone)


def test_next_turn_the_owner_seals_the_force_without_the_ships_it_lost(
    qtbot,  # noqa: ANN001
    main_window,  # noqa: ANN001
    fresh,  # noqa: ANN001
) -> None:
    view = fresh
    fill_both_sheets(qtbot, view)
    view.set_done(True, seat=1)
    unlock_by_typing(qtbot, view, "alice-pw")
    view.set_done(True)
    for _ in range(2):
        unlock_by_typing(qtbot, view, ("alice-pw", "bobby-pw")[view.handoff.seat])
        qtbot.mouseClick(view.buttons["reveal"], Qt.MouseButton.LeftButton)
    main_window.ctx.manual_dice = True
    main_window.ctx.dice_answerer = lambda request: "1"  # 1: a battle
    assert view.resolve_all() == 1
    link = {"campaign": view.state.uid, "turn": 1, "engagement": "1:A"}
    main_window.ctx.report_result(
        link,
        {
            "winner": 0,
            "battle_score": {"0": 8, "1": 0},
            "losses": {"1": {"ships": [{"name": SECRET_SHIP, "fate": "taken"}]}},
        },
    )
    assert view.collect_results() == 1
    assert "Alice, Queen Annes Revenge (large, taken)" in view.session.entries[-1].label
    assert view.end_turn()
    sealed_before = view.state.players[0].forces["A"].sealed
    view.request_handoff(0)
    unlock_by_typing(qtbot, view, "alice-pw")
    assert view.state.players[0].forces["A"].sealed != sealed_before  # sealed afresh
    assert view._secrets["A"] == {
        "ships": [],
        "party": [{"kind": "musket", "quality": "able", "count": 3}],
    }
    assert SECRET_SHIP not in visible_text(view.sheet)
    assert "3 able musket" in visible_text(view.sheet)
