"""Who response windows ask (game parameter ``windows``): with "everyone" being asked
says nothing about a hand; "playable" (the headless default) skips empty hands."""

from __future__ import annotations

import json

import pytest

from tests.poe.helpers import act, blank, card, give, phase, place, scripted
from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.play import load_session, new_session, play_match
from wargame.errors import BadInput
from wargame.poe import actions as A
from wargame.poe.effects import settle, start_turn
from wargame.poe.game import PiecesOfEightGame, default_params, table_params
from wargame.poe.state import PoeState

EVERYONE = {"windows": "everyone"}


def before_turn_of_pirate_2(params: dict, held: list[int]) -> PoeState:
    """Pirate 1's turn has just ended; Pirate 3 holds ``held``, the others nothing."""
    st = blank(4, params=params)
    for s, area in enumerate(("L1", "L3", "L4", "L5")):
        place(st, s, area)
    give(st, 2, held)
    start_turn(st, 1, DiceService.seeded(0))
    settle(st, DiceService.seeded(0))
    st._legal = None
    return st


def asked_until_closed(st: PoeState, kind: str) -> list[int]:
    """Every seat asked while the top window is ``kind``; each may only pass."""
    seats = []
    while st.stack and st.stack[-1].kind == kind:
        seat = st.current_player()
        assert st.legal_actions() == [A.Pass()], (seat, st.legal_actions())
        seats.append(seat)
        act(st, A.Pass())
        st.check_invariants()
    return seats


def test_params_default_to_playable_headless_and_everyone_at_the_table() -> None:
    assert PiecesOfEightGame().params["windows"] == "playable"
    assert default_params()["windows"] == "playable"
    assert default_params(table=True)["windows"] == "everyone"
    assert table_params(None)["windows"] == "everyone"
    assert table_params({"windows": "playable"})["windows"] == "playable"
    assert (
        PiecesOfEightGame(EVERYONE).new_initial_state(4, DiceService.seeded(1)).options.ask_everyone
    )


def test_an_unknown_windows_value_is_refused_naming_the_parameter() -> None:
    with pytest.raises(BadInput, match="windows: 'some' is not one of everyone, playable"):
        PiecesOfEightGame({"windows": "some"})


def test_everyone_asks_each_other_seat_before_a_turn_even_with_nothing_to_play() -> None:
    st = before_turn_of_pirate_2(EVERYONE, [card("have-at-thee")])  # a fight card only
    assert st.stack[-1].kind == "turn-start"
    assert asked_until_closed(st, "turn-start") == [2, 3, 0]  # seat order after Pirate 2
    assert st.active == 1 and st.current_player() == 1 and not st.stack


def test_playable_skips_seats_with_nothing_to_play_before_a_turn() -> None:
    st = before_turn_of_pirate_2({"windows": "playable"}, [card("have-at-thee")])
    assert not st.stack and st.current_player() == 1


def test_everyone_still_lets_a_seat_with_a_card_play_it() -> None:
    shore = card("shore-leave")
    st = before_turn_of_pirate_2(EVERYONE, [shore])
    assert st.current_player() == 2
    assert set(st.legal_actions()) == {A.Play(shore), A.Pass()}
    act(st, A.Play(shore))
    assert st.shore_leave[2] and st.current_player() == 2  # may play more, then passes


def test_everyone_asks_the_entered_captain_and_every_seat_in_a_fight() -> None:
    st = blank(3, params=EVERYONE)
    place(st, 0, "L1")
    place(st, 1, "L2")
    place(st, 2, "L5")
    phase(st, "move")
    give(st, 1, [card("have-at-thee")])  # no Law of the Sea: the captain can only pass
    act(st, A.Move("L2"))
    assert st.stack[-1].kind == "entry" and st.current_player() == 1
    assert st.legal_actions() == [A.Pass()]
    act(st, A.Pass(), A.Fight())
    f = st.stack[-1]
    assert f.kind == "fight" and st.current_player() == 0  # the attacker holds nothing
    assert st.legal_actions() == [A.Pass()]
    act(st, A.Pass())
    plus = card("have-at-thee")
    assert set(st.legal_actions()) == {A.PlayOn(plus, 0), A.PlayOn(plus, 1), A.Pass()}
    act(st, A.PlayOn(plus, 1))
    # after a card the window goes round again from the player; all three pass
    assert asked_until_closed(st, "fight") == [1, 2, 0]
    assert st.last_fight is not None
    assert st.last_fight["modifiers"] == [0, st.cards[plus].modifier] != [0, 0]


def test_playable_skips_the_captain_without_law_of_the_sea() -> None:
    st = blank(3)
    place(st, 0, "L1")
    place(st, 1, "L2")
    place(st, 2, "L5")
    phase(st, "move")
    give(st, 1, [card("have-at-thee")])
    act(st, A.Move("L2"))
    assert st.stack[-1].kind == "join-or-fight" and st.current_player() == 0


def views(params: dict, held: int) -> list[tuple]:
    """What every seat sees, and who is asked, at each step of the window before
    Pirate 2's turn when Pirate 3 holds ``held`` and everyone passes."""
    st = before_turn_of_pirate_2(params, [held])
    out = []
    while st.stack:
        seen = {s: st.observation(s) for s in range(st.n) if s != 2}
        mine = st.observation(2)
        mine["pirates"][2]["hand"] = len(mine["pirates"][2]["hand"])
        out.append((st.current_player(), seen, mine))
        act(st, A.Pass())
    out.append((st.current_player(), {s: st.observation(s) for s in (0, 1, 3)}, None))
    return out


def test_what_others_see_does_not_depend_on_holding_a_playable_card() -> None:
    playable, useless = card("shore-leave"), card("have-at-thee")
    assert views(EVERYONE, playable) == views(EVERYONE, useless)


def test_with_playable_windows_the_others_could_tell_who_holds_a_card() -> None:
    playable, useless = card("shore-leave"), card("have-at-thee")
    a = views({"windows": "playable"}, playable)
    b = views({"windows": "playable"}, useless)
    assert [step[0] for step in a] != [step[0] for step in b]


def test_the_prompt_does_not_depend_on_holding_a_playable_card() -> None:
    from ui.poe.panels import prompt_text

    seats = ["human"] * 4
    for viewer in (0, 2):
        texts = {
            prompt_text(before_turn_of_pirate_2(EVERYONE, [c]), seats, viewer)
            for c in (card("shore-leave"), card("have-at-thee"))
        }
        assert len(texts) == 1
        ((text, window),) = texts
        assert window and "Pirate 3" in text


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_everyone_end_with_invariants_kept(seed: int) -> None:
    game = PiecesOfEightGame(EVERYONE)
    result = play_match(game, 4, seed, ["random"] * 4, strict=True)
    playable = play_match(PiecesOfEightGame(), 4, seed, ["random"] * 4)
    assert result.end != "action limit"
    assert result.actions > playable.actions  # the extra passes


def test_everyone_is_saved_with_the_game_and_replays_with_undo() -> None:
    session = new_session(GameSpec("pieces-of-eight", 4, EVERYONE), DiceService.seeded(21))
    bot = DiceService.seeded(22)
    undone = 0
    for _ in range(150):
        actions = session.state.legal_actions()
        before = session.state.to_json()
        entry = session.apply(actions[bot.randint(0, len(actions) - 1)])
        if actions == [A.Pass()] and not entry.barrier and undone < 5:
            session.undo()
            assert session.state.to_json() == before
            session.redo()
            undone += 1
    assert undone == 5
    saved = json.loads(json.dumps(session.to_json()))
    assert saved["header"]["params"] == {**EVERYONE, "starter": "random"}  # written out
    loaded = load_session(saved)
    assert loaded.state.options.windows == "everyone"
    assert loaded.state.to_json() == session.state.to_json()


def test_a_save_without_the_parameter_replays_with_playable_windows() -> None:
    session = new_session(GameSpec("pieces-of-eight", 4, {}), DiceService.seeded(3))
    bot = DiceService.seeded(4)
    for _ in range(120):
        actions = session.state.legal_actions()
        session.apply(actions[bot.randint(0, len(actions) - 1)])
    loaded = load_session(json.loads(json.dumps(session.to_json())))
    assert loaded.state.options.windows == "playable"
    assert loaded.state.to_json() == session.state.to_json()


def test_a_fight_with_everyone_still_rolls_once_the_window_closes() -> None:
    st = blank(3, params=EVERYONE)
    place(st, 0, "L1")
    place(st, 1, "L2")
    place(st, 2, "L5")
    phase(st, "move")
    act(st, A.Move("L2"), A.Pass(), A.Fight())
    act(st, A.Pass(), A.Pass(), dice=scripted())
    assert st.stack[-1].kind == "fight" and st.current_player() == 2
    act(st, A.Pass(), dice=scripted(5, 4))
    assert st.last_fight["rolls"] == [5, 4] and st.last_fight["winner"] == 0
