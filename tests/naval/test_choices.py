"""Section 19, the owner's choices: which gun a crew hit destroys, which side a fire burns.

The sequence pauses for the owning side (``choose_gun`` / ``fire_side``), only that side's
answer is taken, each option does what it says, and the sequence goes on where it stopped.
"""

from __future__ import annotations

import json

import pytest

from tests.naval.helpers import battle, place, scripted, ship
from wargame.core.dice import DiceService
from wargame.core.game import RandomBot
from wargame.errors import IllegalAction
from wargame.naval.actions import (
    Board,
    ChooseGun,
    EndShipTurn,
    Fire,
    FireSide,
    HoldFire,
    TurnCount,
    TurnRoll,
)
from wargame.naval.bots import CaptainBot
from wargame.naval.rules import Position

# A fires her bow guns at B's crew from 10 cm: 6 dice, one hit (6), crew roll 3 = a gun
# and crew destroyed, captain gamble 1 (survives).
CREW_HIT = (6, 1, 1, 1, 1, 1, 3, 1)


def duel(**b_kw: object):  # noqa: ANN201
    st = battle([ship("A", 0, (4, 6), heading=2), ship("B", 1, (12, 2), **b_kw)])
    place(st, "B", (4, 2), 1)
    return st


def guns(st, name: str) -> dict[str, int]:  # noqa: ANN001
    return {p.value: b.guns for p, b in st.ships[name].batteries.items()}


def snapshot(st) -> str:  # noqa: ANN001
    return json.dumps(st.to_json(), sort_keys=True)


def paused() -> object:
    st = duel()
    st.apply(Fire("A", Position.BOW, "B", "crew"), scripted(*CREW_HIT))
    return st


def test_a_gun_lost_to_crew_hits_pauses_for_its_owner() -> None:
    st = paused()
    assert st.phase == "choose_gun"
    assert st.current_player() == 1  # B's side answers, though it is A's ship turn
    assert set(st.legal_actions()) == {
        ChooseGun("B", Position.BOW),
        ChooseGun("B", Position.LARBOARD),
        ChooseGun("B", Position.STARBOARD),
    }
    assert st.ships["B"].gun_crews == 5 and st.ships["B"].guns_owed == 1
    assert "owner chooses" in st.choice_reason()
    assert not any("return fire" in e for e in st.events)  # the firing has not gone on yet
    st.check_invariants()


@pytest.mark.parametrize("pos", ["bow", "larboard", "starboard"])
def test_each_gun_choice_takes_the_gun_from_that_position(pos: str) -> None:
    st = paused()
    before = guns(st, "B")
    st.apply(ChooseGun("B", Position(pos)), scripted(1))  # return fire roll 1: no
    after = guns(st, "B")
    assert after[pos] == before[pos] - 1
    assert {k: v for k, v in after.items() if k != pos} == {
        k: v for k, v in before.items() if k != pos
    }
    assert st.ships["B"].guns_owed == 0
    assert st.phase != "choose_gun"
    st.check_invariants()


def test_the_firing_goes_on_where_it_paused_return_fire_after_the_choice() -> None:
    st = paused()
    st.apply(ChooseGun("B", Position.LARBOARD), scripted(5))  # return fire on 5
    assert st.phase == "return" and st.ret == ("B", "A")
    assert st.current_player() == 1
    assert "B" in st.damaged  # the hit still counts for morale
    chose = next(i for i, e in enumerate(st.events) if "gives up a larboard gun" in e)
    rolled = next(i for i, e in enumerate(st.events) if "to return fire" in e)
    assert chose < rolled
    st.apply(HoldFire("B"), scripted())
    # A has nothing left to do: her turn ends and B's begins
    assert st.phase == "ship" and st.ts is not None and st.ts.ship == "B"


@pytest.mark.parametrize(
    "action",
    [
        ChooseGun("A", Position.BOW),  # not the ship that lost the gun
        ChooseGun("B", Position.STERN),  # no guns there
        EndShipTurn("A"),  # the ship turn waits for the choice
        Fire("A", Position.LARBOARD, "B", "hull"),
        HoldFire("B"),
        TurnCount(1, TurnRoll.PASS),
        FireSide("B", Position.LARBOARD),
    ],
)
def test_refused_answers_to_a_gun_choice_change_nothing(action: object) -> None:
    st = paused()
    before = snapshot(st)
    with pytest.raises(IllegalAction):
        st.apply(action, scripted(1, 1, 1, 1, 1, 1, 1, 1))
    assert snapshot(st) == before
    assert action not in st.legal_actions()


def test_no_prompt_when_one_position_has_guns() -> None:
    st = duel(guns={"bow": [0, "light"], "larboard": [0, "light"], "starboard": [3, "light"]})
    place(st, "B", (4, 2), 1)
    st.apply(Fire("A", Position.BOW, "B", "crew"), scripted(*CREW_HIT, 1))
    assert st.phase == "ship"
    assert guns(st, "B")["starboard"] == 2
    assert any("no choice left" in e for e in st.events)


def test_two_guns_lost_ask_twice() -> None:
    st = duel()
    # two hits, crew rolls 3 and 4: two guns; captain gamble 1
    st.apply(Fire("A", Position.BOW, "B", "crew"), scripted(6, 6, 1, 1, 1, 1, 3, 4, 1))
    assert st.ships["B"].guns_owed == 2
    st.apply(ChooseGun("B", Position.LARBOARD), scripted())
    assert st.phase == "choose_gun" and st.ships["B"].guns_owed == 1
    st.apply(ChooseGun("B", Position.LARBOARD), scripted(1))
    assert guns(st, "B") == {"bow": 1, "larboard": 0, "starboard": 2, "stern": 0}
    assert st.phase == "ship"


def test_clone_and_json_keep_the_pending_choice() -> None:
    st = paused()
    c = st.clone()
    assert snapshot(c) == snapshot(st)
    c.apply(ChooseGun("B", Position.BOW), scripted(1))
    assert st.phase == "choose_gun" and st.ships["B"].guns_owed == 1  # the original waits
    assert snapshot(st)  # JSON with the pause is serialisable
    assert st.to_json()["resume"] == ["fire", "A", "B", "1", "0"]


# -- fire ------------------------------------------------------------------------------
def burning(*names: str):  # noqa: ANN201
    st = battle([ship("A", 0, (1, 1), heading=5), ship("B", 1, (14, 8), heading=5)], coins=3)
    for n in names:
        st.ships[n].fire = True
    while st.phase == "ship":
        st.apply(EndShipTurn(st.ts.ship), scripted())
    return st


def test_fire_pauses_for_the_owner_to_choose_the_side() -> None:
    st = burning("B")
    assert st.phase == "fire_side" and st.current_player() == 1
    assert set(st.legal_actions()) == {
        FireSide("B", Position.LARBOARD),
        FireSide("B", Position.STARBOARD),
    }
    assert "chooses the hull side" in st.choice_reason()


@pytest.mark.parametrize(("side", "other"), [("larboard", "starboard"), ("starboard", "larboard")])
def test_fire_burns_the_chosen_side_only(side: str, other: str) -> None:
    st = burning("B")
    st.apply(
        FireSide("B", Position(side)), scripted(4, 6, 1)
    )  # 3 damage, critical 6: none, still burns
    b = st.ships["B"]
    assert b.hull[Position(side)] == 3 and b.hull[Position(other)] == 6
    assert b.fire
    assert st.phase == "countdown" and st.current_player() == 0


@pytest.mark.parametrize(
    "action",
    [
        FireSide("B", Position.BOW),
        FireSide("A", Position.LARBOARD),
        ChooseGun("B", Position.BOW),
        TurnCount(0, TurnRoll.PASS),
        TurnCount(1, TurnRoll.PASS),
    ],
)
def test_refused_answers_to_a_fire_choice_change_nothing(action: object) -> None:
    st = burning("B")
    before = snapshot(st)
    with pytest.raises(IllegalAction):
        st.apply(action, scripted(4, 1))
    assert snapshot(st) == before


def test_each_burning_ship_asks_its_own_owner_in_turn() -> None:
    st = burning("A", "B")
    assert st.current_player() == 0 and st.choice_ship().name == "A"
    st.apply(FireSide("A", Position.STARBOARD), scripted(2, 6))  # 1 damage, put out
    assert st.phase == "fire_side" and st.current_player() == 1
    st.apply(FireSide("B", Position.LARBOARD), scripted(1, 1))  # no damage
    assert st.ships["A"].hull[Position.STARBOARD] == 5 and not st.ships["A"].fire
    assert st.phase == "countdown"


# -- bots --------------------------------------------------------------------------------
def test_captain_gives_up_a_gun_that_neither_silences_nor_bears() -> None:
    st = paused()
    bot = CaptainBot(DiceService.seeded(1))
    choice = bot.choose(st, 1)
    assert isinstance(choice, ChooseGun) and choice in st.legal_actions()
    assert choice.position is not Position.BOW  # the bow's only gun would silence it
    st.apply(choice, scripted(1))
    assert guns(st, "B")["bow"] == 1


def test_captain_lets_the_fire_burn_the_side_with_more_hull() -> None:
    st = burning("B")
    st.ships["B"].hull[Position.LARBOARD] = 2
    choice = CaptainBot(DiceService.seeded(1)).choose(st, 1)
    assert choice == FireSide("B", Position.STARBOARD)


def test_random_bot_answers_only_with_listed_choices() -> None:
    st = paused()
    for seed in range(5):
        a = RandomBot(DiceService.seeded(seed)).choose(st, 1)
        assert isinstance(a, ChooseGun) and a in st.legal_actions()


# -- boarding kills past the fighting crew ---------------------------------------------------
def test_boarding_kills_past_the_fighting_crew_let_the_owner_choose_the_guns() -> None:
    st = battle([ship("A", 0, (4, 6), heading=2), ship("B", 1, (12, 2), fighting_points=1)])
    place(st, "B", (4, 3), 1)
    st.ships["A"].grappled = ("B",)
    st.ships["B"].grappled = ("A",)
    # A: 4 fp + 2 first boarding + 2 gun crews = 8 dice, three kill; B: 1 + 2 = 3 dice, none;
    # then 3 seize dice and 3 captain dice, all failing
    st.apply(Board("A", "B", False), scripted(5, 5, 5, 1, 1, 1, 1, 1, *([1] * 9)))
    b = st.ships["B"]
    assert b.fighting_points == 0 and b.guns_owed == 2
    assert st.phase == "choose_gun" and st.current_player() == 1
    st.apply(ChooseGun("B", Position.BOW), scripted())
    st.apply(ChooseGun("B", Position.STARBOARD), scripted(1))  # then B's morale: 1 holds
    assert guns(st, "B") == {"bow": 0, "larboard": 2, "starboard": 1, "stern": 0}
    assert st.phase == "ship" and st.ts is not None and st.ts.ship == "B"
    assert any("B takes morale: 1, holds" in e for e in st.events)


def test_the_choices_read_plainly_in_the_undo_menu() -> None:
    st = paused()
    assert st.describe(ChooseGun("B", Position.BOW)) == "B's owner gives up a bow gun"
    assert (
        st.describe(FireSide("B", Position.STARBOARD))
        == "B's owner lets the fire burn her starboard side"
    )
    a = ChooseGun("B", Position.STARBOARD)
    assert st.parse_action(a.to_text()) == a
