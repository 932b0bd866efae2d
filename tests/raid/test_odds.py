"""The raid's exact odds (shooting, hand-to-hand, saves, morale) checked against the
engine over every fall of its dice, and the words the panel shows before a roll."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tests.exact_dice import outcomes
from wargame.core.probability import compare, face_sum_distribution
from wargame.raid import actions as A
from wargame.raid import odds as O

from .helpers import group, officer, raid

TOWN = [".B...", ".....", ".....", ".....", "....."]


def _walk(s, action):  # noqa: ANN001, ANN202
    def run(dice):  # noqa: ANN001, ANN202
        c = s.clone()
        n0 = len(c.log)
        c.apply(action, dice)
        dead = tuple(sorted(u.id for u in c.units if u.status in ("dead", "fled")))
        return dead, tuple(c.log[n0:]), c.pending

    return outcomes(run)


@pytest.mark.parametrize(
    ("kind", "quality", "target", "building"),
    [
        ("musket", "able", "able", False),
        ("musket", "hardened", "hardened", True),
        ("militia", "scurvy", "able", False),
        ("musket", "scurvy", "hardened", False),
    ],
)
def test_a_shot_kills_as_often_as_the_odds_say(
    kind: str, quality: str, target: str, building: bool
) -> None:
    s = raid(
        [group("P1", kind, quality, (0, 0)), group("P2", "mob", "able", (0, 1))],
        [
            group("D1", "mob", target, (1, 0) if building else (1, 1)),
            group("D2", "mob", "able", (4, 4)),
        ],
        town=TOWN,
        phase="shoot",
    )
    at = (1, 0) if building else (1, 1)
    o = O.shot_odds(s, s.unit("P1"), at)
    got = _walk(s, A.Shoot("P1", at))
    hit = sum(p for (_d, log, _), p in got.items() if any("a hit" in line for line in log))
    dead = sum(p for (d, _l, _), p in got.items() if "D1" in d)
    assert o.hit == hit
    assert [sv.unit for sv in o.saves] == ["D1"]
    assert o.hit * o.saves[0].dies == dead


def test_the_shooter_chooses_the_victim_as_often_as_the_odds_say() -> None:
    s = raid(
        [group("P1", "musket", "able", (0, 0)), group("P2", "mob", "able", (0, 1))],
        [group("D1", "unarmed", "able", (1, 1)), group("D2", "hand-to-hand", "able", (1, 1))],
        phase="shoot",
    )
    o = O.shot_odds(s, s.unit("P1"), (1, 1))
    got = _walk(s, A.Shoot("P1", (1, 1)))
    chooses = sum(p for (_d, _l, pend), p in got.items() if pend == ("casualty", 0))
    assert chooses == o.hit * o.shooter_chooses
    assert chooses > 0


def test_a_shot_officer_dies_as_often_as_the_odds_say() -> None:
    s = raid(
        [group("P1", "musket", "hardened", (0, 0)), group("P2", "mob", "able", (0, 1))],
        [officer("O1", "officer", (1, 1)), group("D2", "mob", "able", (4, 4))],
        phase="shoot",
    )
    o = O.shot_odds(s, s.unit("P1"), (1, 1))
    got = _walk(s, A.Shoot("P1", (1, 1)))
    dead = sum(p for (d, _l, _), p in got.items() if "O1" in d)
    assert o.hit * o.saves[0].dies == dead and dead > 0


def _hits(log: tuple[str, ...]) -> tuple[int, int]:
    line = next(x for x in log if re.search(r"\d+ hits? given", x))
    given = int(re.search(r"(\d+) hits? given", line).group(1))
    taken = int(line.split("given, ")[1].split(" taken")[0])
    return given, taken


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        ([("hand-to-hand", "able"), ("hand-to-hand", "able")], [("mob", "hardened")]),
        ([("hand-to-hand", "hardened")], [("hand-to-hand", "scurvy")]),
    ],
)
def test_hand_to_hand_hits_and_deaths_match_the_engine(mine, theirs) -> None:  # noqa: ANN001
    s = raid(
        [group(f"P{i}", k, q, (0, 0)) for i, (k, q) in enumerate(mine)],
        [group(f"D{i}", k, q, (1, 1)) for i, (k, q) in enumerate(theirs)],
        phase="fight",
        fighting_dice="part-of-four",
    )
    o = O.fight_odds(s, (0, 0), (1, 1))
    assert (o.dice, o.their_dice) == (
        s.fight_dice((0, 0), (1, 1))[1],
        s.fight_dice((0, 0), (1, 1))[3],
    )
    got = _walk(s, A.Attack((0, 0), (1, 1)))
    given: dict[int, Fraction] = {}
    taken: dict[int, Fraction] = {}
    for (_d, log, _), p in got.items():
        g, t = _hits(log)
        given[g] = given.get(g, Fraction(0)) + p
        taken[t] = taken.get(t, Fraction(0)) + p
    assert {k: p for k, p in o.hits.items() if p} == given
    assert {k: p for k, p in o.their_hits.items() if p} == taken
    more = sum(p for (_d, log, _), p in got.items() if _hits(log)[0] > _hits(log)[1])
    assert o.more == more
    # one defending group: it dies unless it saves every hit it takes
    saved = 1 - o.saves[0].dies
    dead = sum(p for (d, _l, _), p in got.items() if "D0" in d)
    assert dead == sum(p * (1 - saved**k) for k, p in o.hits.items())


def test_hand_to_hand_odds_match_a_brute_force_over_the_faces() -> None:
    table = (0, 0, 1, 1, 1, 2)
    dist: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                k = table[a - 1] + table[b - 1] + table[c - 1]
                dist[k] = dist.get(k, Fraction(0)) + Fraction(1, 216)
    assert face_sum_distribution(3, table) == dict(sorted(dist.items()))
    more, equal, fewer = compare(face_sum_distribution(2, table), face_sum_distribution(1, table))
    assert more + equal + fewer == 1 and more > fewer


def test_morale_odds_match_the_engine() -> None:
    s = raid(
        [group("P1", "hand-to-hand", "hardened", (0, 0)), group("P2", "mob", "scurvy", (0, 0))],
        [group("D1", "mob", "able", (4, 4)), officer("O1", "officer", (3, 3))],
        phase="morale",
    )
    s.morale_tests = [(0, (0, 0)), (1, (3, 3)), (1, (2, 2))]
    odds = O.morale_odds(s)
    assert [(m.runner, m.need) for m in odds] == [("P2", 4), ("O1", 6), ("", 7)]
    got = _walk(s, A.RollMorale())
    for m in odds[:2]:
        fled = sum(p for (d, _l, _), p in got.items() if m.runner in d)
        assert fled == m.runs


def test_the_panel_puts_the_odds_beside_every_shot_and_attack_order() -> None:
    from ui.raid.panel import order_odds, selection_odds

    s = raid(
        [group("P1", "musket", "able", (0, 0)), group("P2", "hand-to-hand", "able", (0, 1))],
        [group("D1", "mob", "able", (1, 1))],
        phase="shoot",
    )
    shoot = next(a for a in s.legal_actions() if isinstance(a, A.Shoot))
    short, tip = order_odds(s, shoot)
    assert short == "hits 33%" and "saves on 5+" in tip
    text = selection_odds(s, s.unit("P1"), (0, 0))
    assert "P1 shoots 1,1: 1 die, hits on 5+: 33%; a hit kills D1 67%" in text
    s.phase = "fight"
    attack = next(a for a in s.legal_actions() if isinstance(a, A.Attack) and a.frm == (0, 1))
    short, tip = order_odds(s, attack)
    assert short == "1 v 0 dice, more hits 67%"
    assert "you roll 1 die, they roll 0: you hit more 67%, as many 33%, fewer 0%" in tip
    assert "Hits you give: 0: 33%, 1: 50%, 2: 17%" in tip


def test_an_attack_with_no_dice_says_no_one_is_hit() -> None:
    from ui.raid.panel import fight_words

    s = raid(
        [officer("C1", "captain", (0, 0))],
        [group("D1", "unarmed", "able", (1, 1))],
        phase="fight",
    )
    short, _tip = fight_words(s, (0, 0), (1, 1))
    assert short == "no dice on either side (factors 2 and 1, 4 make a die): no one is hit"


def test_the_morale_prompt_names_who_runs_and_the_chance() -> None:
    from ui.raid.panel import prompt_text

    s = raid(
        [group("P1", "hand-to-hand", "hardened", (0, 0)), group("P2", "mob", "scurvy", (0, 0))],
        [group("D1", "mob", "able", (4, 4))],
        phase="morale",
    )
    s.morale_tests = [(0, (0, 0))]
    assert "At 0,0 P2 runs on 4+ (50%)." in prompt_text(s)


def test_initiative_odds_match_the_engine_and_the_prompt() -> None:
    from ui.raid.panel import prompt_text

    s = raid([group("P1", "mob", "able", (0, 0))], [group("D1", "mob", "able", (4, 4))])

    def run(dice):  # noqa: ANN001, ANN202
        c = s.clone()
        c.apply(A.RollInitiative(), dice)
        return c.first

    got = outcomes(run)
    # +1 to the pirates and ties to the pirates: 21 + 5 of the 36 pairs
    assert O.pirates_first(s) == got[0] == Fraction(26, 36)
    assert "the pirates 72%, the defenders 28%" in prompt_text(s)
