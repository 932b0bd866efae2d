"""The Pieces of Eight table driven as a player would (pytest-qt)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from wargame.core.dice import DiceService
from wargame.poe import actions as A
from wargame.poe.game import PiecesOfEightGame

pytestmark = pytest.mark.usefixtures("discard_unsaved", "pirate_one_starts")


def open_view(main_window, seats, seed=1):  # noqa: ANN001, ANN201
    view = main_window.show_mode("pieces-of-eight")
    view.bot_delay_ms = 0
    view.new_game(seats, scenario=None, seed=seed)
    return view


def reveal(view, qtbot) -> None:  # noqa: ANN001
    if view.handoff.isVisible():
        qtbot.mouseClick(view.handoff.button, Qt.MouseButton.LeftButton)


def press(view, qtbot, key: str) -> None:  # noqa: ANN001
    reveal(view, qtbot)
    qtbot.mouseClick(view.buttons[key], Qt.MouseButton.LeftButton)


def carry_on(view, qtbot) -> None:  # noqa: ANN001
    """The table carries on from a window after someone's phase step (no hand-off)."""
    assert view.buttons["carry"].isVisible()
    qtbot.mouseClick(view.buttons["carry"], Qt.MouseButton.LeftButton)


def answer(view, qtbot) -> None:  # noqa: ANN001
    """The human asked passes: Carry on after a phase step, else Pass."""
    st = view.state
    if st.stack and st.stack[-1].kind == "phase-end":
        carry_on(view, qtbot)
    else:
        press(view, qtbot, "pass")


def pass_windows(view, qtbot) -> None:  # noqa: ANN001
    """Humans pass in open windows; bots get their turn at once."""
    for _ in range(200):
        st = view.state
        if st.current_player() is not None and view.bot_acts(st.current_player()):
            view.run_bots()
        elif st.stack and st.stack[-1].kind in ("turn-start", "entry", "phase-end"):
            answer(view, qtbot)
        else:
            return
    raise AssertionError("the windows never closed")


def until_asked(view, qtbot, seat: int) -> None:  # noqa: ANN001
    """Everyone else passes (bots act) until ``seat`` is asked."""
    for _ in range(200):
        current = view.state.current_player()
        if current == seat and not view.shared_window():  # the table, not the seat
            return
        if current is not None and view.bot_acts(current):
            view.run_bots()
        else:
            answer(view, qtbot)
    raise AssertionError(f"Pirate {seat + 1} was never asked")


def click_area(view, qtbot, area: str) -> None:  # noqa: ANN001
    reveal(view, qtbot)
    qtbot.mouseClick(
        view.board.viewport(), Qt.MouseButton.LeftButton, pos=view.board.area_point(area)
    )


def first_turn(view, qtbot, area: str) -> None:  # noqa: ANN001
    """Come ashore at ``area`` and end the turn without discarding."""
    pass_windows(view, qtbot)
    seat = view.state.active
    click_area(view, qtbot, area)
    assert view.state.area[seat] == view.state.board.index(area), view.last_error
    for _ in range(30):
        if view.state.active != seat:
            return
        if view.state.stack:  # the others' windows after each step of the turn
            current = view.state.current_player()
            if view.bot_acts(current):
                view.run_bots(limit=1)
            else:
                answer(view, qtbot)
            continue
        press(view, qtbot, "done")
    raise AssertionError("the turn did not end")


def test_the_table_shows_board_hand_and_prompt(main_window, qtbot) -> None:  # noqa: ANN001
    view = main_window.show_mode("pieces-of-eight")
    st = view.state
    assert len(view.board.areas) == st.board.size == 15
    assert len(view.hand_row.widgets) == 6
    assert set(view.hand_row.widgets) == set(st.hand[0])
    assert "Pirate 1" in view.prompt_label.text()
    lit = {k for k, item in view.board.areas.items() if item.highlight}
    assert lit == {st.board.ids[a] for a in st.board.land_areas}  # where to come ashore
    assert main_window.status_label.text().startswith("Round 1")


def test_an_illegal_click_is_refused_with_the_rule(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human"], seed=2)
    pass_windows(view, qtbot)
    before = view.state.to_json()
    click_area(view, qtbot, "S1")
    assert "land area where there is no other pirate" in view.last_error
    assert view.state.to_json() == before


def test_a_turn_with_a_hand_off_shows_only_the_current_hand(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "easy"], seed=3)
    pass_windows(view, qtbot)
    reveal(view, qtbot)
    assert view.revealed == 0
    assert set(view.hand_row.widgets) == set(view.state.hand[0])
    first_turn(view, qtbot, "L1")
    # Pirate 2's turn (after any windows): the table is covered until they take over
    until_asked(view, qtbot, 1)
    assert view.handoff.isVisible()
    assert "Pirate 2" in view.handoff.heading.text()
    qtbot.mouseClick(view.handoff.button, Qt.MouseButton.LeftButton)
    assert not view.handoff.isVisible() and view.revealed == 1
    assert set(view.hand_row.widgets) == set(view.state.hand[1])
    assert not set(view.hand_row.widgets) & set(view.state.hand[0])


def test_bots_play_on_a_timer_until_a_human_must_act(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "easy", "normal"], seed=4)
    pass_windows(view, qtbot)
    first_turn(view, qtbot, "L3")
    for _ in range(50):
        qtbot.waitUntil(
            lambda: view.state.current_player() == 0 and not view.bot_acts(0), timeout=10000
        )
        if view.state.active == 0:
            break
        press(view, qtbot, "pass")  # a window in a bot's turn: Pirate 1 plays nothing
    assert view.state.turns >= 4
    assert all(view.state.area[s] >= 0 for s in range(3))
    assert view.log.count() > 5


def fight_seed() -> int:
    """A seed where Pirate 1 starts with a combat card."""
    for seed in range(1, 50):
        st = PiecesOfEightGame().new_initial_state(3, DiceService.seeded(seed))
        if any(st.cards[c].timing == "fight" for c in st.hand[0]):
            return seed
    raise AssertionError("no seed")


def test_a_fight_with_played_cards(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human"], seed=fight_seed())
    first_turn(view, qtbot, "L1")
    first_turn(view, qtbot, "L2")
    first_turn(view, qtbot, "L7")
    pass_windows(view, qtbot)
    st = view.state
    assert st.active == 0
    if st.phase == "bury":
        press(view, qtbot, "done")
        pass_windows(view, qtbot)  # the others' window after the bury step
    click_area(view, qtbot, "L2")
    pass_windows(view, qtbot)
    press(view, qtbot, "fight")
    st = view.state
    assert st.stack[-1].kind == "fight" and st.current_player() == 0
    assert "Fight:" in view.prompt_label.text()
    assert view.buttons["pass"].isVisible()
    card = next(c for c in st.hand[0] if st.cards[c].timing == "fight")
    choices = view.choices_for_card(card)
    assert set(choices) == {A.PlayOn(card, 0), A.PlayOn(card, 1)}
    modifier = st.cards[card].modifier
    target = 0 if modifier > 0 else 1
    from wargame.core.probability import percent
    from wargame.poe.odds import fight_odds

    before = fight_odds(st, st.stack[-1])
    assert f"Chances now: Pirate 1 wins {percent(before.attacker_wins)}" in (
        view.prompt_label.text()
    )
    assert view.do(A.PlayOn(card, target))
    st = view.state
    if st.stack and st.stack[-1].kind == "fight":  # the odds follow the card played
        after = fight_odds(st, st.stack[-1])
        assert after.margin == before.margin + (modifier if target == 0 else -modifier)
        assert f"Pirate 1 wins {percent(after.attacker_wins)}" in view.prompt_label.text()
    while view.state.stack and view.state.stack[-1].kind == "fight":
        press(view, qtbot, "pass")
    lf = view.state.last_fight
    assert card in lf["played"]
    assert lf["modifiers"][target] == modifier
    assert lf["totals"][0] == lf["rolls"][0] + lf["modifiers"][0]
    assert card in view.state.discard
    lines = [view.log.item(i).text() for i in range(view.log.count())]
    assert any(t.startswith("Fight: Pirate 1 rolls") and "wins" in t for t in lines)


def test_undo_save_and_resume(main_window, qtbot, tmp_path) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human"], seed=5)
    pass_windows(view, qtbot)
    click_area(view, qtbot, "L4")
    assert view.state.area[0] == view.state.board.index("L4")
    main_window.act_undo.trigger()
    assert view.state.area[0] == -1
    main_window.act_redo.trigger()
    assert view.state.area[0] == view.state.board.index("L4")
    data = view.save_json()
    before = view.state.to_json()
    view.new_game(["human"] * 4, scenario=None, seed=9)
    view.open_json(data, None)
    assert view.state.to_json() == before
    assert view.seats == ["human", "human", "human"]


def test_variants_and_another_board_start_a_new_game(main_window, qtbot, tmp_path) -> None:  # noqa: ANN001
    from wargame.paths import scenarios_dir

    view = open_view(main_window, ["human", "normal", "normal"], seed=6)
    view.variants.choose("faceup_to_hand", "by-location")
    view.variants.choose("mutiny_rounding", "up")
    assert view.use_map(scenarios_dir() / "maps" / "pieces-of-eight.json")
    assert view.state.options.faceup_to_hand == "by-location"
    assert view.state.options.mutiny_rounding == "up"
    assert view.session.header["params"]["mutiny_rounding"] == "up"
    bad = tmp_path / "no-town.json"
    bad.write_text('{"format": "naval"}', encoding="utf-8")
    assert not view.use_map(bad)
    assert "not a map file" in view.last_error


def test_undo_steps_back_over_the_bots_replies(main_window, qtbot) -> None:  # noqa: ANN001
    for seed in range(8, 30):
        view = open_view(main_window, ["human", "normal", "normal"], seed=seed)
        view.bot_delay_ms = view.window_delay_ms = 10**6  # bots move only when told
        pass_windows(view, qtbot)
        first_turn(view, qtbot, "L4")
        view.run_bots()  # Pirate 3 answers the window before Pirate 2's turn
        if view.state.current_player() != 0:
            continue
        press(view, qtbot, "pass")
        n = len(view.session.entries)
        view.run_bots(limit=1)
        if len(view.session.entries) != n + 1 or not view.session.can_undo:
            continue
        main_window.act_undo.trigger()  # one step: the bot's reply and the human's pass
        assert len(view.session.entries) == n - 1
        assert view.state.current_player() == 0
        main_window.act_redo.trigger()
        assert len(view.session.entries) == n + 1
        return
    raise AssertionError("no seed gave a bot reply to undo")


def test_two_pirates_need_the_duel_variant(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "normal", "normal"], seed=6)
    view.player_spin.setValue(2)
    view.variants.choose("players", "3-6")
    qtbot.mouseClick(view.findChild(QPushButton, "poe-new"), Qt.MouseButton.LeftButton)
    assert "3 to 6" in view.last_error and view.state.n == 3
    view.variants.choose("players", "2-6")
    qtbot.mouseClick(view.findChild(QPushButton, "poe-new"), Qt.MouseButton.LeftButton)
    assert view.state.n == 2


def test_save_to_a_file_and_open_it_again(main_window, qtbot, tmp_path) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "normal", "normal"], seed=10)
    pass_windows(view, qtbot)
    first_turn(view, qtbot, "L4")
    view.run_bots()
    before = view.state.to_json()
    log = [view.log.item(i).text() for i in range(view.log.count())]
    path = tmp_path / "game.json"
    assert main_window.save_as(path)
    view.new_game(["human"] * 3, scenario=None, seed=2)
    opened = main_window.open_path(path)
    assert opened is view
    assert view.state.to_json() == before
    assert view.seats == ["human", "normal", "normal"]
    again = [view.log.item(i).text() for i in range(view.log.count())]
    assert again[: len(log)] == log


def test_humans_may_choose_not_to_be_asked_before_others_turns(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human"], seed=3)
    view.variants.ask_action.setChecked(False)
    view.run_bots()
    st = view.state
    assert not (st.stack and st.stack[-1].kind == "turn-start")
    assert st.current_player() == 0 and st.area[0] == -1  # straight to coming ashore


def test_burying_at_sea_is_refused_on_the_table(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human"], seed=2)
    view.variants.ask_action.setChecked(False)
    view.run_bots()
    first_turn(view, qtbot, "L2")
    view.run_bots()
    first_turn(view, qtbot, "L4")
    view.run_bots()
    first_turn(view, qtbot, "L6")
    view.run_bots()
    assert view.state.active == 0
    if view.state.phase == "bury":
        press(view, qtbot, "done")
        pass_windows(view, qtbot)  # the others' window after the bury step
    click_area(view, qtbot, "S1")
    view.run_bots()  # nobody is asked after the move (the table chose so)
    st = view.state
    assert st.area[0] == st.board.index("S1") and st.ship[0] >= 0
    before = st.to_json()
    press(view, qtbot, "bury")
    assert "not at sea" in view.last_error
    assert view.state.to_json() == before


def test_a_sixth_card_without_a_4_value_treasure_is_refused(main_window, qtbot) -> None:  # noqa: ANN001
    for seed in range(2, 40):
        game = PiecesOfEightGame().new_initial_state(3, DiceService.seeded(seed))
        if not any(game.cards[c].named and game.cards[c].value >= 4 for c in game.hand[0]):
            break
    view = open_view(main_window, ["human", "human", "human"], seed=seed)
    view.variants.ask_action.setChecked(False)
    view.run_bots()
    first_turn(view, qtbot, "L2")
    for area in ("L4", "L6"):
        view.run_bots()
        first_turn(view, qtbot, area)
    view.run_bots()
    st = view.state
    assert st.active == 0 and st.phase == "bury" and len(st.hand[0]) == 6
    reveal(view, qtbot)  # the burial being chosen is shown only to its pirate
    for c in st.hand[0][:5]:
        assert view.do(A.Select(c))
    before = view.state.to_json()
    assert not view.do(A.Select(view.state.hand[0][5]))
    assert "more than 5 at once" in view.last_error
    assert view.state.to_json() == before
    assert "worth" in view.prompt_label.text()


def test_clicking_cards_chooses_and_unchooses_treasure_to_bury(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human"], seed=2)
    view.variants.ask_action.setChecked(False)
    view.run_bots()
    first_turn(view, qtbot, "L2")
    for area in ("L4", "L6"):
        view.run_bots()
        first_turn(view, qtbot, area)
    view.run_bots()
    reveal(view, qtbot)
    st = view.state
    assert st.phase == "bury"
    plain = [c for c in st.hand[0] if len(view.choices_for_card(c)) == 1]
    assert plain, "a card whose only use now is burying"
    c = plain[0]
    qtbot.mouseClick(view.hand_row.widgets[c], Qt.MouseButton.LeftButton)
    assert view.state.selection == [c]
    assert view.hand_row.widgets[c].selected
    qtbot.mouseClick(view.hand_row.widgets[c], Qt.MouseButton.LeftButton)
    assert view.state.selection == []


def test_screenshot_of_the_board_game_on_a_map_file(tmp_path) -> None:  # noqa: ANN001
    import os
    import subprocess
    import sys
    from pathlib import Path

    from wargame.paths import scenarios_dir

    out = tmp_path / "poe.png"
    map_file = scenarios_dir() / "maps" / "pieces-of-eight.json"
    done = subprocess.run(
        [str(Path(sys.executable).parent / "wargame"), "screenshot", "pieces-of-eight"]
        + ["--scenario", str(map_file), "--out", str(out)],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert out.stat().st_size > 20_000


def window_seeds() -> tuple[int, int]:
    """Seeds where, in the window before Pirate 1's first turn, Pirate 2 holds a card
    playable there and where Pirate 2 holds none."""
    from wargame.poe.legal import card_plays

    found: dict[bool, int] = {}
    for seed in range(1, 80):
        st = PiecesOfEightGame().new_initial_state(3, DiceService.seeded(seed))
        found.setdefault(bool(card_plays(st, 1, own_turn=False)), seed)
        if len(found) == 2:
            return found[True], found[False]
    raise AssertionError("no seeds")


def hot_seat_window(main_window, qtbot, seed: int) -> tuple:  # noqa: ANN001
    """Three humans at one computer: what the table shows while Pirate 2 is asked."""
    view = open_view(main_window, ["human", "human", "human"], seed=seed)
    st = view.state
    assert st.options.windows == "everyone"  # a new game at the table hides hands
    assert st.stack[-1].kind == "turn-start" and st.current_player() == 1
    assert view.handoff.isVisible() and view.hand_row.widgets.keys().isdisjoint(st.hand[1])
    cover = (view.handoff.heading.text(), view.handoff.blurb.text(), view.handoff.button.text())
    qtbot.mouseClick(view.handoff.button, Qt.MouseButton.LeftButton)
    assert view.revealed == 1 and set(view.hand_row.widgets) == set(st.hand[1])
    shown = sorted(k for k, b in view.buttons.items() if b.isVisible())
    return view, cover, view.prompt_label.text(), shown


def test_a_hot_seat_window_looks_the_same_with_or_without_a_playable_card(
    main_window, qtbot
) -> None:  # noqa: ANN001
    with_card, without = window_seeds()
    view, cover, prompt, shown = hot_seat_window(main_window, qtbot, without)
    assert "Pass the computer to Pirate 2" in cover[0]
    assert shown == ["pass"]
    assert view.state.legal_actions() == [A.Pass()]  # asked all the same; can only pass
    press(view, qtbot, "pass")
    assert view.state.current_player() == 2 and view.handoff.isVisible()
    assert "Pirate 3" in view.handoff.heading.text()
    _view, cover2, prompt2, shown2 = hot_seat_window(main_window, qtbot, with_card)
    assert len(_view.state.legal_actions()) > 1
    assert (cover2, prompt2, shown2) == (cover, prompt, shown)


def test_bots_answer_windows_at_once_but_take_their_time_on_their_turns(main_window, qtbot) -> None:  # noqa: ANN001
    view = main_window.show_mode("pieces-of-eight")
    view.bot_delay_ms = 10**6  # a bot's own turn would wait "forever"
    view.new_game(["normal", "human", "normal"], scenario=None, seed=3)
    assert view.state.options.windows == "everyone"
    # the window before Pirate 1's turn: Pirate 2 (human) is asked first
    assert view.state.current_player() == 1
    press(view, qtbot, "pass")
    # Pirate 3 (a bot) answers on the timer at once; then Pirate 1's own turn waits
    qtbot.waitUntil(lambda: not view.state.stack, timeout=3000)
    assert view.state.current_player() == 0 and view.state.area[0] == -1
    assert view.session.entries[-1].action == A.Pass()


def test_an_old_save_replays_as_played_but_the_next_new_game_hides_hands(
    main_window, qtbot
) -> None:  # noqa: ANN001
    from wargame.core.game import GameSpec
    from wargame.core.play import new_session

    old = new_session(GameSpec("pieces-of-eight", 3, {}), DiceService.seeded(4))
    for _ in range(30):
        old.apply(old.state.legal_actions()[0])
    old.header["seats"] = ["human", "human", "human"]  # a save's header is sealed
    data = old.to_json()
    view = main_window.show_mode("pieces-of-eight")
    view.open_json(data, None)
    assert view.state.options.windows == "playable"
    assert view.state.to_json() == old.state.to_json()
    assert view.variants.params()["windows"] == "everyone"
    qtbot.mouseClick(view.findChild(QPushButton, "poe-new"), Qt.MouseButton.LeftButton)
    assert view.state.options.windows == "everyone"
    assert view.session.header["params"]["windows"] == "everyone"
    view.variants.choose("windows", "playable")  # the fast option, chosen on purpose
    qtbot.mouseClick(view.findChild(QPushButton, "poe-new"), Qt.MouseButton.LeftButton)
    assert view.state.options.windows == "playable"


def test_after_a_phase_step_the_table_is_asked_once_without_a_hand_on_screen(
    main_window, qtbot
) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "normal"], seed=3)
    pass_windows(view, qtbot)
    reveal(view, qtbot)
    click_area(view, qtbot, "L1")  # Pirate 1 comes ashore: the move step is over
    st = view.state
    assert st.stack[-1].kind == "phase-end" and st.current_player() == 1
    assert view.shared_window() and not view.handoff.isVisible()
    assert "Pirate 1 ended their move." in view.prompt_label.text()
    assert "Play a card?" in view.prompt_label.text()
    assert not view.hand_row.widgets  # no hand on the table while everyone looks
    assert view.buttons["carry"].isVisible()
    assert [b.isVisible() for b in view.react_buttons[:3]] == [False, True, False]
    # Pirate 2 wants to react: only now the computer is handed to them
    qtbot.mouseClick(view.react_buttons[1], Qt.MouseButton.LeftButton)
    assert view.handoff.isVisible() and "Pirate 2" in view.handoff.heading.text()
    reveal(view, qtbot)
    assert view.revealed == 1 and set(view.hand_row.widgets) == set(view.state.hand[1])
    carry_on(view, qtbot)  # they think better of it
    view.run_bots()
    st = view.state
    assert st.active == 0 and not st.stack
    assert view.handoff.isVisible() and "Pirate 1" in view.handoff.heading.text()


def test_carry_on_passes_every_human_in_the_window(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human"], seed=3)
    pass_windows(view, qtbot)
    reveal(view, qtbot)
    click_area(view, qtbot, "L1")
    n = len(view.session.entries)
    assert view.shared_window()
    carry_on(view, qtbot)
    view.run_bots()
    st = view.state
    assert not st.stack and st.active == 0 and st.current_player() == 0
    assert [e.action for e in view.session.entries[n:]] == [A.Pass(), A.Pass()]
    # Pirate 1 goes on, after a hand-off: the whole table was looking at the screen
    assert view.revealed is None and view.handoff.isVisible()
    assert "Pirate 1" in view.handoff.heading.text()


def test_a_lone_human_is_asked_after_bots_steps_only_holding_a_playable_reaction(
    main_window, qtbot
) -> None:  # noqa: ANN001
    from wargame.poe.legal import reaction_plays

    view = open_view(main_window, ["normal", "human", "normal"], seed=4)
    view.bot_delay_ms = view.window_delay_ms = 10**6  # bots move only when told
    asked = skipped = 0
    for _ in range(3000):
        st = view.state
        if st.over or (asked and skipped):
            break
        seat = st.current_player()
        if st.stack and st.stack[-1].kind == "phase-end" and seat == 1:
            if not reaction_plays(st, 1):
                assert view.bot_acts(1) and not view.handoff.isVisible()
                skipped += 1
                view.run_bots(limit=1)
            else:
                assert not view.bot_acts(1) and view.buttons["carry"].isVisible()
                assert set(view.hand_row.widgets) == set(st.hand[1])
                asked += 1
                carry_on(view, qtbot)
        elif view.bot_acts(seat):
            view.run_bots(limit=1)
        else:
            play_by_clicking(view, qtbot)
    assert asked and skipped


def play_by_clicking(view, qtbot) -> None:  # noqa: ANN001
    """One click of a human who plays simply: pass windows, come ashore and move
    where the board lights up, dig, draw, fight when entered, take as crew."""
    reveal(view, qtbot)
    st = view.state
    legal = st.legal_actions()
    kinds = {type(a) for a in legal}
    frame = st.stack[-1].kind if st.stack else ""
    if frame == "phase-end":
        carry_on(view, qtbot)
    elif frame == "overboard":
        card = next(a.card for a in legal if isinstance(a, A.Overboard))
        qtbot.mouseClick(view.faceup_row.widgets[card], Qt.MouseButton.LeftButton)
    elif A.Fight in kinds:
        press(view, qtbot, "fight")
    elif A.Accept in kinds:
        press(view, qtbot, "accept")
    elif A.Compel in kinds:
        press(view, qtbot, "compel")
    elif A.Pass in kinds:
        press(view, qtbot, "pass")
    elif A.Enter in kinds or (A.Move in kinds and st.steps == 0):
        to = next(a for a in legal if isinstance(a, A.Enter | A.Move))
        click_area(view, qtbot, to.area if isinstance(to, A.Enter) else to.to)
    elif A.Dig in kinds:
        press(view, qtbot, "dig")
    elif A.Draw in kinds:
        press(view, qtbot, "draw")
    else:
        assert A.Done in kinds, legal
        press(view, qtbot, "done")


@pytest.mark.slow
def test_a_whole_game_is_played_by_clicking(main_window, qtbot) -> None:  # noqa: ANN001
    """One human against two random bots, every human decision a click, to the end
    (the hot-seat prompts are pinned by the tests above)."""
    view = open_view(main_window, ["human", "easy", "easy"], seed=11)
    for _ in range(20000):
        st = view.state
        if st.over:
            break
        seat = st.current_player()
        n = len(view.session.entries)
        if view.bot_acts(seat):
            view.run_bots()
        elif view.shared_window():
            carry_on(view, qtbot)
        else:
            play_by_clicking(view, qtbot)
        assert len(view.session.entries) > n, (view.last_error, st.legal_actions())
    assert view.state.over
    assert "Game over" in view.prompt_label.text()


def test_a_pirate_pawn_hover_card_says_who_where_treasure_and_hand_size(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "normal"], seed=3)
    pass_windows(view, qtbot)
    reveal(view, qtbot)
    click_area(view, qtbot, "L1")
    st = view.state
    card = view.board.pawns[0].toolTip()
    assert "<b>Pirate 1</b> (human) - their turn" in card
    assert f"In: {st.board.names[st.board.index('L1')]}" in card
    assert "Ashore" in card and "Face-up treasure: none" in card
    assert f"Cards in hand: {len(st.hand[0])} (face down)" in card
    assert not any(st.cards[c].name in card for c in st.hand[0])  # never which cards


def test_the_area_names_never_cover_each_other(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("pieces-of-eight")
    rects = [t.sceneBoundingRect() for t in view.board.labels.values()]
    assert len(rects) == view.state.board.size
    for i, r in enumerate(rects):
        for other in rects[i + 1 :]:
            assert not r.intersects(other)


def test_undoing_carry_on_asks_the_table_again(main_window, qtbot) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human"], seed=3)
    pass_windows(view, qtbot)
    reveal(view, qtbot)
    click_area(view, qtbot, "L1")
    assert view.shared_window()
    carry_on(view, qtbot)
    view.run_bots()
    assert not view.state.stack
    main_window.act_undo.trigger()
    view.run_bots()  # nobody passes by themselves: the table is asked again
    st = view.state
    assert st.stack and st.stack[-1].kind == "phase-end" and view.shared_window()


def test_a_window_nobody_takes_is_one_log_line_and_stays_one_after_a_reopen(
    main_window, qtbot, tmp_path
) -> None:  # noqa: ANN001
    view = open_view(main_window, ["human", "human", "human", "human"])
    for _ in range(3):
        pass_windows(view, qtbot)
        if view.log.count():
            break
    lines = [view.log.item(i).text() for i in range(view.log.count())]
    passes = [line for line in lines if line.endswith(" pass") or line.endswith(" passes")]
    assert passes, lines
    # a run of passes by several pirates is told once: "Pirate 2, Pirate 3 and Pirate 4 pass"
    assert any(line.endswith(" pass") and " and " in line for line in passes), lines
    singles = [i for i, line in enumerate(lines) if line.endswith(" passes")]
    assert all(j - i > 1 for i, j in zip(singles, singles[1:], strict=False)), lines
    path = tmp_path / "passes.json"
    assert main_window.save_as(path)
    main_window.go_home()
    assert main_window.open_file(path)
    reopened = main_window.current
    assert [reopened.log.item(i).text() for i in range(reopened.log.count())] == lines


def test_tied_leaders_share_the_win_on_the_status_and_the_score_table(main_window) -> None:  # noqa: ANN001
    """Issue 39: a tie was reported as nobody winning (winners [], "A shared win" with
    no names). The ruling: tied leaders share the win."""
    view = open_view(main_window, ["human", "human", "human"])
    st = view.state
    st.over, st.vp, st.end_reason = True, [7, 3, 7], "the deck ran out twice"
    out = st.outcome()
    assert out.winners == (0, 2) and out.to_json()["winners"] == ["0", "2"]
    line = view.status_line()
    assert st.name(0) in line and st.name(2) in line and "shared win" in line
    assert st.name(1) not in line.split(":", 1)[1]
    view._show_scores()
    heading = view.scores.heading.text()
    assert f"{st.name(0)}, {st.name(2)} won" in heading
    marked = {
        view.scores.grid.item(r, 0).text()
        for r in range(view.scores.grid.rowCount())
        if view.scores.grid.item(r, 2).text() == "winner"
    }
    assert marked == {str(st.name(0)), str(st.name(2))}


def test_the_fair_start_is_one_switch_of_the_new_game(main_window) -> None:  # noqa: ANN001
    from wargame.paths import scenarios_dir

    view = open_view(main_window, ["human", "strong", "strong"], seed=6)
    assert view.state.options.start == "printed"
    view.variants.choose("start", "head-start")
    assert view.use_map(scenarios_dir() / "maps" / "pieces-of-eight.json")
    assert view.state.options.start == "head-start"
    assert view.session.header["params"]["start"] == "head-start"
    assert sorted(view.state.vp) == sorted(view.state.head_start(s) for s in range(3))
    assert max(view.state.vp) > 0
