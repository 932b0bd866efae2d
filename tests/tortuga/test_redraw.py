"""The search's redraw of the loyalties a seat cannot see follows that seat's belief."""

from __future__ import annotations

import math
from collections import Counter

from wargame.core.dice import DiceService
from wargame.tortuga.hidden import _deals
from wargame.tortuga.state import TortugaState

from .helpers import new


def british_share(st: TortugaState, seat: int, other: int, samples: int = 300) -> float:
    dice = DiceService.seeded(5)
    return sum(st.resample_hidden(seat, dice).team[other] == 0 for _ in range(samples)) / samples


def table(evidence: list[tuple[str, int, int]]) -> TortugaState:
    st = new(4)
    st.team = [0, 1, 0, 1]  # seat 0 British; one more British among seats 1-3
    st.known = [{} for _ in range(4)]
    st.history = list(evidence)
    return st


def test_with_no_evidence_every_other_seat_is_as_likely_the_partner() -> None:
    share = british_share(table([]), 0, 1)
    assert 0.25 < share < 0.42  # one British among three: 1/3


def test_a_seat_that_filled_the_british_hold_is_redrawn_british_mostly() -> None:
    st = table([("hold", 1, 0), ("hold", 1, 0), ("shift", 1, 0)])
    assert british_share(st, 0, 1) > 0.8
    assert british_share(st, 0, 2) < 0.15  # the partner's place is taken


def test_a_seat_that_filled_the_french_hold_is_redrawn_french_mostly() -> None:
    st = table([("hold", 2, 1), ("hold", 2, 1), ("loot", 2, 1)])
    assert british_share(st, 0, 2) < 0.1


def test_the_redraw_reads_only_what_the_seat_sees() -> None:
    """Two tables that differ only in loyalties seat 0 cannot see redraw alike."""
    evidence = [("hold", 1, 0), ("hold", 3, 1)]
    a, b = table(evidence), table(evidence)
    b.team = [0, 0, 1, 1]
    for k in range(20):
        assert a.resample_hidden(0, DiceService.seeded(k)).team == (
            b.resample_hidden(0, DiceService.seeded(k)).team
        )


def test_deals_are_every_distinct_order_of_the_pool_once() -> None:
    for pool in [(0, 1, 1), (0, 0, 1, 1, 2), (0, 0, 0, 0, 1, 1, 1, 2)]:
        ways = _deals(pool)
        counts = Counter(pool)
        expected = math.factorial(len(pool)) // math.prod(
            math.factorial(c) for c in counts.values()
        )
        assert len(ways) == len(set(ways)) == expected
        assert all(sorted(w) == list(pool) for w in ways)


def test_a_table_redrawn_after_another_reads_its_own_evidence() -> None:
    """The belief is kept between redraws of one table (the search's iterations), never
    carried to another table with a history as long."""
    british = table([("hold", 1, 0), ("hold", 1, 0), ("shift", 1, 0)])
    french = table([("hold", 1, 1), ("hold", 1, 1), ("shift", 1, 1)])
    for _ in range(2):
        assert british_share(british, 0, 1) > 0.8
        assert british_share(french, 0, 1) < 0.1
