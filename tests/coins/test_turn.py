"""The round and the five phases of a turn, the monster attack, the winner and tie-breaks."""

from __future__ import annotations

import pytest

from tests.coins.helpers import COPPER, GOLD, SILVER, new_game, position, scripted
from wargame.coins import actions as A
from wargame.coins.game import PirateCoinsGame
from wargame.coins.state import DECIDE, FLIP, FORTUNE, OVER, REVEAL, START
from wargame.core.dice import DiceService
from wargame.errors import BadInput, IllegalAction


def test_setup_gives_one_gold_each_and_a_five_coin_round_stack() -> None:
    st = new_game(4, starter=3)
    assert [st.metal_counts(b) for b in st.booty] == [[0, 0, 1]] * 4
    assert len(st.stack) == 5
    assert sum(st.pouch) == 75 - 4 - 5
    assert st.starter == 2 and st.current_player() == 2
    assert st.phase == START
    st.check_invariants()


def test_the_scurviest_pirate_is_drawn_through_the_dice_by_default() -> None:
    game = PirateCoinsGame()
    seen = {game.new_initial_state(4, DiceService.seeded(s)).starter for s in range(30)}
    assert seen == {0, 1, 2, 3}


def test_a_round_starts_with_the_top_coin_of_the_stack_on_the_pile() -> None:
    st = new_game(3)
    top = st.stack[-1]
    st.apply(A.StartRound(), scripted())
    assert st.pile[top] == 1 and sum(st.pile) == 1
    assert st.round == 1 and len(st.stack) == 4
    assert st.phase == FORTUNE and st.current_player() == 0


def test_fortune_phase_draws_a_coin_from_the_pouch_as_a_hidden_draw() -> None:
    st = new_game(3)
    st.apply(A.StartRound(), scripted())
    dice = scripted(0)
    with dice.recording() as rolls:
        st.apply(A.DrawFortune(), dice)
    assert rolls[0].hidden
    assert st.fortune == next(t for t, c in enumerate(st.pouch) if c or t == st.fortune)
    assert st.phase == DECIDE
    assert st.is_undo_barrier(A.DrawFortune(), rolls)


def test_decisions_go_round_from_the_starter_and_skip_those_out_of_the_round() -> None:
    st = position(players=4, starter=2, in_round=[True, False, True, True])
    order = []
    while st.phase == DECIDE:
        order.append(st.current_player())
        st.apply(A.Decide("sally"), scripted())
    assert order == [2, 3, 0]
    assert st.phase == REVEAL and st.current_player() == 2


def test_deciding_out_of_turn_is_refused_with_a_reason() -> None:
    st = position(players=2)
    with pytest.raises(IllegalAction, match="must first decide"):
        st.apply(A.Reveal(), scripted())
    st2 = position(players=2, phase=FLIP)
    with pytest.raises(IllegalAction, match="not time to decide"):
        st2.apply(A.Decide("plunder"), scripted())


def test_skull_flip_puts_the_fortune_coin_on_the_pile_and_passes_the_start_left() -> None:
    st = position(players=3, pile=(1, 0, 0), fortune=(SILVER, 0), starter=2, phase=FLIP)
    st.apply(A.Flip(), scripted(1))
    assert st.metal_counts(st.pile) == [1, 1, 0]
    assert st.fortune == -1 and st.phase == FORTUNE
    assert st.starter == 0 and st.current_player() == 0


def test_monster_flip_adds_to_the_pool_without_attack_below_three() -> None:
    st = position(players=3, pile=(1, 0, 0), fortune=(GOLD, 1), pool=[(COPPER, 1)], phase=FLIP)
    st.apply(A.Flip(), scripted(2))
    assert st.pool_kinds()[1] == 2
    assert st.phase == FORTUNE
    assert st.last[3] and not st.last[4]


def test_third_monster_of_a_kind_attacks_and_ends_the_round() -> None:
    st = position(
        players=3,
        pile=(2, 1, 0),
        fortune=(GOLD, 1),
        pool=[(COPPER, 1), (SILVER, 1), (COPPER, 0)],
        in_round=[True, False, True],
        phase=FLIP,
        round_no=2,
    )
    before = [b[:] for b in st.booty]
    st.apply(A.Flip(), scripted(2))
    assert st.last[4]  # attack
    assert st.booty == before  # those sallying forth get nothing
    assert st.phase == START and st.round == 2
    assert not any(st.pile) and not any(st.pool) and st.fortune == -1
    assert st.in_round == [True, True, True]
    st.check_invariants()


def test_a_monster_of_another_kind_does_not_attack() -> None:
    st = position(players=2, fortune=(GOLD, 2), pool=[(COPPER, 1), (SILVER, 1)], phase=FLIP)
    st.apply(A.Flip(), scripted(2))
    assert st.phase == FORTUNE


def test_round_ends_without_a_flip_when_everyone_has_plundered() -> None:
    st = position(players=2, pile=(2, 0, 0), fortune=(COPPER, 0))
    st.apply(A.Decide("plunder"), scripted())
    st.apply(A.Decide("plunder"), scripted())
    st.apply(A.Reveal(), scripted())
    assert st.phase == START
    assert st.fortune == -1 and not any(st.pile)
    assert st.starter == 1
    st.check_invariants()


def test_the_fifth_round_ending_ends_the_game() -> None:
    st = position(
        players=2, fortune=(GOLD, 1), pool=[(COPPER, 1), (SILVER, 1)], phase=FLIP, round_no=5
    )
    assert not st.stack
    st.apply(A.Flip(), scripted(2))
    assert st.phase == OVER and st.is_terminal()
    assert st.legal_actions() == ()
    assert "5 rounds" in st.end_reason


def test_reaching_25_booty_ends_the_game_at_the_winner_check() -> None:
    st = position(
        players=2, pile=(0, 0, 1), fortune=(GOLD, 0), booty=[(1, 0, 7), (0, 0, 1)]
    )  # 22 + 3 = 25
    st.apply(A.Decide("plunder"), scripted())
    st.apply(A.Decide("sally"), scripted())
    st.apply(A.Reveal(), scripted())
    assert st.is_terminal()
    out = st.outcome()
    assert out is not None and out.winner == 0 and out.scores[0] == 25.0


def test_24_booty_does_not_end_the_game() -> None:
    st = position(players=2, pile=(0, 0, 1), fortune=(GOLD, 0), booty=[(0, 0, 7), (0, 0, 1)])
    st.apply(A.Decide("plunder"), scripted())
    st.apply(A.Decide("sally"), scripted())
    st.apply(A.Reveal(), scripted())
    assert st.booty_value(0) == 24 and st.phase == FLIP


def _ended(booty) -> object:  # noqa: ANN001
    st = position(players=len(booty), fortune=None, booty=booty, phase=START, round_no=5)
    st.phase = OVER
    return st.outcome()


def test_tie_on_booty_goes_to_most_gold() -> None:
    out = _ended([(3, 0, 1), (0, 0, 2), (6, 0, 0)])
    assert out.winner == 1 and out.winners == (1,)


def test_tie_on_booty_and_gold_goes_to_most_silver() -> None:
    out = _ended([(2, 0, 1), (0, 1, 1), (1, 2, 0)])
    assert out.winner == 1


def test_still_tied_is_a_draw_between_the_tied() -> None:
    out = _ended([(0, 1, 1), (0, 1, 1), (1, 0, 0)])
    assert out.winner is None and out.winners == (0, 1)


def test_empty_pouch_ends_the_round_at_the_fortune_phase() -> None:
    st = position(players=2, fortune=None, phase=FORTUNE, pile=(1, 0, 0))
    moved = sum(st.pouch)
    st.booty[0] = [a + b for a, b in zip(st.booty[0], st.pouch)]
    st.worth[0] += sum(x * v for x, v in zip(st.pouch, st.coins.type_value))
    st.pouch = [0] * len(st.pouch)
    assert moved > 0
    st.apply(A.DrawFortune(), scripted())
    assert st.phase == START and st.last[0] == "empty"


def test_unknown_parameters_are_refused_in_the_players_words() -> None:
    with pytest.raises(BadInput, match="monsters"):
        PirateCoinsGame({"monsters": "dragons"})
    with pytest.raises(BadInput, match="starter"):
        PirateCoinsGame({"starter": "9"})


def test_the_by_metal_monster_set_attacks_on_three_of_a_metal() -> None:
    game = PirateCoinsGame({"monsters": "by-metal", "starter": "1"})
    st = game.new_initial_state(2, DiceService.seeded(1))
    assert st.coins.kinds == ("Sea Serpent", "Kraken", "Leviathan")
    assert st.coins.total[st.coins.t(GOLD, 2)] == 25 and st.coins.total[st.coins.t(GOLD, 0)] == 0
