"""The Tortuga table driven as players would (pytest-qt): hand-offs, a private view,
a vote shown as a reveal, refusals with reasons, save and reopen, and fit at 1024x768.

The hot-seat rules every table shares (undo, secrets, the log) are in test_ui_table.py."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QTextBrowser

from ui.clipping import clipped_texts
from ui.tortuga.texts import choice_text
from wargame.tortuga import actions as A

from .helpers import (
    CANNON_B_SKULL,
    CANNON_F_HELM,
    TORCH_B_HELM,
    WATER_F_HELM,
    arrange,
    hand,
    put_card,
    top_of_vote_deck,
)
from .test_ui_table import tortuga as open_view

pytestmark = pytest.mark.usefixtures("discard_unsaved", "pirate_one_starts")


def take(view, qtbot) -> int:  # noqa: ANN001
    """The player named on the hand-off screen takes the computer."""
    assert view.handoff.isVisible()
    seat = view.handoff.seat
    qtbot.mouseClick(view.handoff.button, Qt.MouseButton.LeftButton)
    assert not view.handoff.isVisible() and view.revealed == seat
    return seat


def click_choice(view, qtbot, text: str) -> None:  # noqa: ANN001
    button = next(b for b in view.choice_buttons() if text in b.text())
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_hand_off_before_each_human_then_a_private_view_and_a_vote(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human", "human"])
    st = view.state
    # the first captain must choose a hold: the table is covered until they take it
    first = st.current_player()
    assert view.handoff.heading.text() == f"Pass the computer to Pirate {first + 1}"
    assert view.secrets.title.text() == "Secrets are hidden"
    assert take(view, qtbot) == first
    assert view.secrets.loyalty.text().startswith("Your loyalty: ")
    click_choice(view, qtbot, "British hold")
    assert view.state.current_player() != first
    assert view.handoff.isVisible() and view.revealed is None  # secrets hidden again
    take(view, qtbot)
    click_choice(view, qtbot, "French hold")
    # a hand-made position: seat 0 captain of the Dutchman with seat 1 aboard
    st = view.state
    arrange(st, [0, 1], [2, 3], active=0)
    pistol = put_card(st, 2, "pistol")
    view.revealed = None
    view.after_change()
    assert take(view, qtbot) == 0
    # a private view: the viewer sees the card on the slot, the next player does not
    view.do(A.View(1, 2))
    assert pistol in st.seen[0].values()
    assert "you saw:\nPistol" in view.board.slots[2].text()
    assert "Pistol" in view.secrets.body.text() and not view.handoff.isVisible()
    click_choice(view, qtbot, "Done")
    assert view.handoff.isVisible() and view.handoff.seat == 1
    assert "you saw" not in view.board.slots[2].text()
    assert "Pistol" not in "\n".join(view.log.lines())
    take(view, qtbot)
    assert "face down" in view.board.slots[2].text()
    # seat 1 is first mate: a mutiny; each voter votes behind a hand-off
    hand(st, 1, [CANNON_B_SKULL, TORCH_B_HELM, TORCH_B_HELM])
    top_of_vote_deck(st, CANNON_B_SKULL)
    qtbot.mouseClick(view.prompt.main_buttons["mutiny"], Qt.MouseButton.LeftButton)
    assert view.state.current_player() == 1 and not view.handoff.isVisible()
    assert not view.vote_box.isVisible() or view.vote_box.title.text()
    click_choice(view, qtbot, "skull")
    # revealed: skull from seat 1 and the deck's skull; the captain is marooned
    assert view.vote_box.isVisible()
    assert "mutiny called by Pirate 2" in view.vote_box.title.text()
    assert "it succeeds" in view.vote_box.verdict.text()
    assert view.state.lines[0] == [1] and view.state.lines[2] == [0]
    log = view.log.lines()
    assert "Pirate 2 plays a vote card face down" in log
    assert any("skull, skull" in line for line in log)


def test_choices_never_name_a_face_down_card(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human", "human"])
    for _ in range(2):
        take(view, qtbot)
        click_choice(view, qtbot, "British hold")
    st = view.state
    arrange(st, [0, 1], [2, 3], active=0)
    put_card(st, 0, "black_spot")
    put_card(st, 4, "pistol")
    view.revealed = None
    view.after_change()
    take(view, qtbot)
    view.do(A.Force(1))
    view.do(A.Offer(0, 4))
    take(view, qtbot)  # Pirate 2 must reveal one of the two offered
    texts = [b.text() for b in view.choice_buttons()]
    assert texts == ["Reveal event card 1", "Reveal event card 5"]
    obs = st.observation(1)
    menu_texts = [choice_text(st, obs, a) for a in st.legal_actions()]
    assert not any("Black Spot" in t or "Pistol" in t for t in menu_texts)


def test_refused_actions_name_the_rule(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "easy", "easy"])
    view.run_bots()
    st = view.state
    if st.pending:
        view.do(st.legal_actions()[0])
    arrange(st, [1], [2], [0], active=0)
    view.after_change()
    button = view.prompt.main_buttons["attack"]
    assert button.property("legal") == "false"
    assert "only a ship's captain" in button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert "only a ship's captain may call for an attack" in view.last_error


def test_cabin_fever_shows_the_new_loyalty_privately(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human"])
    for _ in range(2):
        take(view, qtbot)
        click_choice(view, qtbot, "British hold")
    st = view.state
    arrange(st, [0], [1], [2], active=0)
    put_card(st, 0, "cabin_fever")
    view.revealed = None
    view.after_change()
    take(view, qtbot)
    view.slot_clicked(0)
    click_choice(view, qtbot, "Pirate 3")
    # Pirate 3 is owed a private look at their (new) loyalty card
    assert view.handoff.isVisible() and view.handoff.seat == 2
    assert "Cabin Fever" in view.handoff.blurb.text()
    take(view, qtbot)
    assert view.secrets.loyalty.text().startswith("Your loyalty: ")
    click_choice(view, qtbot, "Done")
    assert view.handoff.isVisible() and view.handoff.seat == view.state.current_player()


def test_a_private_look_owed_is_still_owed_after_save_and_reopen(main_window, qtbot) -> None:  # noqa: ANN001
    """A look is owed to Pirate 3 (as Cabin Fever owes one) when the game is saved:
    the reopened game hands the computer to Pirate 3 first, as the table would have."""
    view = open_view(main_window, ["human", "human", "human"])
    for _ in range(2):
        take(view, qtbot)
        click_choice(view, qtbot, "British hold")
    view.notices = [(2, "fever", len(view.session.entries) - 1)]
    view._keep_looks()
    view.revealed = None
    view.after_change()
    assert view.handoff.isVisible() and view.handoff.seat == 2
    data = json.loads(json.dumps(view.save_json()))
    assert data["header"]["owed_looks"][0][:2] == [2, "fever"]
    view.open_json(data, None)
    assert view.notices and view.notices[0][:2] == (2, "fever")
    assert view.handoff.isVisible() and view.handoff.seat == 2
    assert "Cabin Fever" in view.handoff.blurb.text()
    take(view, qtbot)
    click_choice(view, qtbot, "Done")
    assert view.session.header["owed_looks"] == []
    assert view.handoff.seat != 2 or not view.handoff.isVisible()


def test_saved_looks_drop_what_does_not_read() -> None:
    from ui.tortuga.view import saved_looks

    looks = [[1, "view", 0], [1, "peek", 0], [True, "view", 0], [1, "view", 9], [4, "view", 0]]
    assert saved_looks(looks, 3, 4) == [(1, "view", 0)]  # a seat the game has not: dropped
    assert saved_looks("nonsense", 3, 4) == []


def test_save_and_reopen_keeps_the_game_and_its_log(main_window, qtbot, tmp_path) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "normal", "normal", "normal"], seed=4)
    view.run_bots()
    data = json.loads(json.dumps(view.save_json()))
    before, lines = view.state.to_json(), view.log.lines()
    assert lines == [line for e in view.session.entries for line in e.lines]
    view.open_json(data, tmp_path / "game.json")
    assert view.state.to_json() == before
    assert view.log.lines() == lines  # what the engine told, kept with the save


def test_bots_play_a_whole_game_at_the_table(main_window) -> None:  # noqa: ANN001
    view = open_view(main_window, ["normal", "easy", "normal", "easy", "easy"])
    view.run_bots()
    assert view.state.is_terminal()
    assert "Winners" in view.status_text()
    assert view.log.lines()[-1].startswith("Game over (")  # the engine tells the end


def test_nothing_is_clipped_at_1024_by_768(main_window, qtbot) -> None:  # noqa: ANN001
    """Issue 24: the Letter of Marque and El Dorado choices, and the event cards a
    player viewed, once ran past the side column at 1024 px."""
    main_window.resize(1024, 768)
    view = open_view(main_window, ["human"] * 5, seed=0)
    view.revealed = 0
    problems: dict[str, str] = {}
    for step in range(300):
        st = view.state
        if st.is_terminal():
            break
        legal = list(st.legal_actions())
        view.do(legal[(step * 7) % len(legal)])
        view.notices.clear()
        view.revealed = view.state.current_player()
        view.after_change()
        for _ in range(3):
            QApplication.processEvents()
        for clip in clipped_texts(main_window):
            problems.setdefault(clip.text, str(clip))
    assert list(problems.values()) == [], "\n".join(problems.values())


def test_long_choices_wrap_instead_of_widening_the_table(main_window) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human"])
    b = view.prompt.add_choice(
        "Play two (El Dorado): " + " + ".join(["cannon / british flag / skull"] * 2),
        lambda: None,
        "x",
    )
    assert "\n" in b.text() and "El Dorado" in b.toolTip()


def test_rules_summary_opens(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "normal"])
    view.show_rules()
    assert view._rules.isVisible()
    assert "Spanish Armada" in view._rules.findChild(QTextBrowser).toPlainText()
    view._rules.close()


def test_el_dorado_and_letter_of_marque_choices_fit_at_1024_by_768(main_window, qtbot) -> None:  # noqa: ANN001
    """Issue 24: the El Dorado vote's two-card choices and the Letter of Marque ran past
    the side column at 1024 px."""
    main_window.resize(1024, 768)
    view = open_view(main_window, ["human", "human", "human", "human"])
    for _ in range(2):
        take(view, qtbot)
        click_choice(view, qtbot, "British hold")
    st = view.state
    arrange(st, [0, 1], [2], [3], active=0)
    for slot, kind in ((0, "el_dorado"), (1, "letter_of_marque")):
        card = put_card(st, slot, kind)
        st.row[slot] = -1
        st.kept[0].append(card)
    hand(st, 0, [CANNON_B_SKULL, TORCH_B_HELM, WATER_F_HELM, CANNON_F_HELM])
    view.revealed = None
    view.after_change()
    take(view, qtbot)
    assert view.prompt.main_buttons["marque"].property("legal") == "true"
    qtbot.mouseClick(view.prompt.main_buttons["attack"], Qt.MouseButton.LeftButton)
    texts = [b.toolTip() for b in view.choice_buttons()]
    assert any(t.startswith("Play two (El Dorado)") for t in texts)
    for _ in range(3):
        QApplication.processEvents()
    assert [str(c) for c in clipped_texts(main_window)] == []
    column = view.prompt.parentWidget().parentWidget()  # the side column's viewport
    for b in view.choice_buttons():
        right = b.mapTo(column, b.rect().topRight()).x()
        assert right <= column.width(), f"{b.toolTip()!r} runs {right - column.width()} px past"
