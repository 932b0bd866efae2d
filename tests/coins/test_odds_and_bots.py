"""Exact odds before deciding, and bots that decide only from their own observation."""

from __future__ import annotations

import time
from fractions import Fraction

from tests.coins.helpers import COPPER, GOLD, SILVER, new_game, position
from wargame.coins import actions as A
from wargame.coins.bots import RandomCoinsBot, StrongBot
from wargame.coins.game import PirateCoinsGame
from wargame.coins.odds import Table, attack_chance, odds, plunder_share, stay_pile
from wargame.core.dice import DiceService
from wargame.core.play import play_match


def table(st, seat: int) -> Table:  # noqa: ANN001
    return Table.from_observation(st.observation(seat))


def test_attack_chance_is_the_monster_side_when_two_of_the_kind_wait() -> None:
    st = position(players=2, fortune=(GOLD, 1), pool=[(COPPER, 1), (SILVER, 1)])
    assert attack_chance(table(st, 0)) == Fraction(1, 2)
    st2 = position(players=2, fortune=(GOLD, 2), pool=[(COPPER, 1), (SILVER, 1)])
    assert attack_chance(table(st2, 0)) == 0


def test_plunder_share_alone_is_the_whole_pile() -> None:
    st = position(players=2, pile=(1, 1, 1), fortune=(GOLD, 0), in_round=[True, False])
    assert plunder_share(table(st, 0), 0) == 6


def test_plunder_share_weighs_each_other_choice_evenly() -> None:
    # Gold fortune, pile 6, one other pirate: alone half the time (6), shared (0) otherwise.
    st = position(players=2, pile=(1, 1, 1), fortune=(GOLD, 0))
    assert plunder_share(table(st, 0), 0) == 3
    # Copper fortune, pile value 4 (two silver): alone 4; with the other 2 each: 3 on average.
    st = position(players=2, pile=(0, 2, 0), fortune=(COPPER, 0))
    assert plunder_share(table(st, 0), 0) == 3


def test_stay_pile_counts_the_flip_and_the_attack() -> None:
    # Alone, pile 2 (a silver), silver fortune, no attack possible: 1/2 * 4 + 1/2 * 2 = 3.
    st = position(players=2, pile=(0, 1, 0), fortune=(SILVER, 0), in_round=[True, False])
    assert stay_pile(table(st, 0), 0) == 3
    # Same with two monsters of the fortune's kind waiting: 1/2 * 4 + 1/2 * 0 = 2.
    st = position(
        players=2,
        pile=(0, 1, 0),
        fortune=(SILVER, 0),
        in_round=[True, False],
        pool=[(COPPER, 0), (GOLD, 0)],
    )
    assert stay_pile(table(st, 0), 0) == 2
    o = odds(table(st, 0), 0)
    assert o.attack == Fraction(1, 2) and o.pile == 2 and o.others == 0


def test_odds_do_not_depend_on_others_secret_choices() -> None:
    a = position(players=3, pile=(2, 1, 0), fortune=(COPPER, 0))
    b = position(players=3, pile=(2, 1, 0), fortune=(COPPER, 0))
    a.apply(A.Decide("plunder"), DiceService.seeded(0))
    b.apply(A.Decide("sally"), DiceService.seeded(0))
    assert odds(table(a, 1), 1) == odds(table(b, 1), 1)


def test_strong_bot_choice_does_not_change_with_anothers_pending_choice() -> None:
    bot = StrongBot(DiceService.seeded(0))
    for pile, fortune in (
        ((2, 1, 0), (COPPER, 0)),
        ((0, 3, 2), (GOLD, 1)),
        ((4, 0, 1), (SILVER, 2)),
    ):
        picks = set()
        for first in ("plunder", "sally"):
            st = position(players=3, pile=pile, fortune=fortune)
            st.apply(A.Decide(first), DiceService.seeded(0))
            picks.add(bot.choose(st, st.current_player()))
        assert len(picks) == 1


def test_strong_bot_stays_when_no_attack_can_come_and_plunders_before_one() -> None:
    bot = StrongBot(DiceService.seeded(0))
    safe = position(players=2, pile=(2, 2, 1), fortune=(SILVER, 0), in_round=[True, False])
    assert bot.choose(safe, 0) == A.SALLY_FORTH
    risky = position(
        players=2,
        pile=(2, 2, 1),
        fortune=(SILVER, 0),
        in_round=[True, False],
        pool=[(COPPER, 0), (GOLD, 0)],
    )
    assert bot.choose(risky, 0) == A.PLUNDER_NOW


def test_strong_bot_takes_a_plunder_that_wins_the_game() -> None:
    bot = StrongBot(DiceService.seeded(0))
    st = position(
        players=2,
        pile=(1, 0, 0),
        fortune=(SILVER, 0),
        in_round=[True, False],
        booty=[(0, 0, 8), (0, 0, 1)],
    )
    assert bot.choose(st, 0) == A.PLUNDER_NOW


def test_strong_bot_decides_well_within_half_a_second() -> None:
    game = PirateCoinsGame()
    worst = 0.0
    for seed in range(3):
        dice = DiceService.seeded(seed)
        st = game.new_initial_state(5, dice)
        bot = StrongBot(DiceService.seeded(seed))
        while not st.is_terminal():
            t = time.perf_counter()
            action = bot.choose(st, st.current_player())
            worst = max(worst, time.perf_counter() - t)
            st.apply(action, dice)
    assert worst < 0.5


def test_strong_bot_beats_three_random_bots_most_of_the_time() -> None:
    game = PirateCoinsGame()
    wins = 0
    for i in range(40):
        seat = i % 4
        bots = ["random"] * 4
        bots[seat] = "strong"
        r = play_match(game, 4, 500 + i, bots)
        wins += r.winners == (seat,)
    assert wins >= 28  # 70%


def test_random_bot_plunders_and_sallies_both() -> None:
    bot = RandomCoinsBot(DiceService.seeded(1))
    st = position(players=2)
    picks = {bot.choose(st, 0) for _ in range(40)}
    assert picks == {A.SALLY_FORTH, A.PLUNDER_NOW}
    assert bot.choose(new_game(2), 0) == A.START
