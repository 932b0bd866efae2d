"""Every rule of Pirate Versus Pirate, on positions set up by hand, with scripted dice."""

from __future__ import annotations

import pytest

from tests.pvp.helpers import arrange, new_state, roll, scripted
from wargame.errors import BadInput, IllegalAction
from wargame.pvp import actions as A
from wargame.pvp.game import PirateVersusPirateGame
from wargame.pvp.legal import path_for, why_not_move
from wargame.pvp.state import FACE, MOVE, OVER, ROLL, SETUP, PvpState

# Triangles of the shipped board used below (rows A-L from the top, columns from the left)
X = "F12"  # a triangle mid-board


def nb(st: PvpState, label: str) -> list[str]:
    b = st.board
    return [b.labels[j] for j in b.adj[b.cell_index(label)]]


def two_away(st: PvpState, label: str) -> tuple[str, str]:
    """(middle, end): a triangle two steps away and the only triangle between."""
    for m in nb(st, label):
        for e in nb(st, m):
            if e != label:
                return m, e
    raise AssertionError


def legal_moves(st: PvpState) -> list[A.Move]:
    return [a for a in st.legal_actions() if isinstance(a, A.Move)]


def refused(st: PvpState, action: A.Move) -> str:
    before = st.to_json()
    with pytest.raises(IllegalAction) as info:
        st.apply(action, scripted())
    assert st.to_json() == before
    return str(info.value)


def test_setup_places_six_pirates_a_side_and_four_coins() -> None:
    for n in (2, 3):
        st = new_state(n)
        assert sum(1 for c in st.pos if c >= 0) == 6 * n
        assert [c >= 0 for c in st.coin_cell] == [True] * 4
        st.check_invariants()


def test_a_path_through_any_pirate_is_blocked() -> None:
    st = new_state()
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "red-1": m, "red-2": "A12"})
    roll(st, 1, 1)
    move = A.Move("blue-1", e)
    assert move not in legal_moves(st)
    assert "blocked" in refused(st, move)
    arrange(st, {"blue-1": X, "blue-2": m, "red-2": "A12"})
    assert move not in legal_moves(st)  # own pirates block too
    arrange(st, {"blue-1": X, "red-2": "A12"})
    assert move in legal_moves(st)


def test_no_triangle_is_entered_twice_in_a_move() -> None:
    st = new_state()
    arrange(st, {"blue-1": X, "red-1": "A12"})
    roll(st, 1, 2)
    # three steps to a neighbour would have to come back through X
    for n in nb(st, X):
        move = A.Move("blue-1", n)
        assert move not in legal_moves(st)
        assert "no path of exactly 3" in refused(st, move)
    for mv in legal_moves(st):
        p = st.pirate_index(mv.pirate)
        path = path_for(st, p, st.board.cell_index(mv.to), -1, False)
        assert path is not None and len(path) == 4 and len(set(path)) == 4


def test_a_coin_passed_must_be_collected() -> None:
    st = new_state()
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "red-1": "A12"}, coins={"silver-1": m})
    roll(st, 1, 1)
    assert A.Move("blue-1", e) not in legal_moves(st)
    assert "must be collected" in (why_not_move(st, 0, st.board.cell_index(e), -1, False) or "")
    st.apply(A.Move("blue-1", e, coin="silver-1"), scripted())
    assert st.carry[0] == st.coin_index("silver-1")
    assert st.coin_cell[st.coin_index("silver-1")] == -1
    st.check_invariants()


def test_landing_on_a_coin_collects_it() -> None:
    st = new_state()
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "red-1": "A12"}, coins={"gold": e})
    roll(st, 1, 1)
    assert A.Move("blue-1", e, coin="gold") in legal_moves(st)
    assert A.Move("blue-1", e) not in legal_moves(st)


def test_a_carrier_may_not_attack_pass_or_land_on_another_coin() -> None:
    st = new_state()
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "red-1": e}, carry={"blue-1": "silver-1"})
    roll(st, 1, 1)
    assert "may not attack" in refused(st, A.Move("blue-1", e))
    arrange(st, {"blue-1": X, "red-1": "A12"}, carry={"blue-1": "silver-1"}, coins={"silver-2": e})
    assert "another coin" in refused(st, A.Move("blue-1", e))
    arrange(st, {"blue-1": X, "red-1": "A12"}, carry={"blue-1": "silver-1"}, coins={"silver-2": m})
    assert A.Move("blue-1", e) not in legal_moves(st)
    assert A.Move("blue-1", e, coin="silver-2") not in legal_moves(st)


def test_abandoning_leaves_the_coin_where_the_turn_began() -> None:
    st = new_state()
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "red-1": "A12"}, carry={"blue-1": "silver-1"})
    roll(st, 1, 1)
    st.apply(A.Move("blue-1", e, abandon=True), scripted())
    j = st.coin_index("silver-1")
    assert st.coin_cell[j] == st.board.cell_index(X)
    assert st.carry[0] == -1
    assert st.pos[0] == st.board.cell_index(e)
    st.check_invariants()


def test_an_abandoning_pirate_may_not_attack_or_collect() -> None:
    st = new_state()
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "red-1": e}, carry={"blue-1": "silver-1"})
    roll(st, 1, 1)
    assert "abandoning" in refused(st, A.Move("blue-1", e, abandon=True))
    arrange(st, {"blue-1": X, "red-1": "A12"}, carry={"blue-1": "silver-1"}, coins={"silver-2": e})
    assert "abandoning" in refused(st, A.Move("blue-1", e, abandon=True))


def test_an_attack_eliminates_and_takes_the_victims_coin() -> None:
    st = new_state()
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "red-1": e, "red-2": "A12"}, carry={"red-1": "gold"})
    roll(st, 1, 1)
    st.apply(A.Move("blue-1", e), scripted())
    red1 = st.pirate_index("red-1")
    assert st.pos[red1] == -1
    assert st.carry[0] == st.coin_index("gold")
    assert st.coin_holder[st.coin_index("gold")] == 0
    st.check_invariants()


def test_a_move_may_not_end_on_your_own_pirate() -> None:
    st = new_state()
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "blue-2": e, "red-1": "A12"})
    roll(st, 1, 1)
    assert "your own pirates" in refused(st, A.Move("blue-1", e))


def test_silver_is_delivered_only_exactly_on_a_silver_space() -> None:
    st = new_state()
    # blue's rowboat: gold K22 between silver K23 and L22; K21 leads in
    arrange(st, {"blue-1": "K21", "red-1": "A12"}, carry={"blue-1": "silver-1"})
    roll(st, 1, 1)
    st.apply(A.Move("blue-1", "K23"), scripted())
    assert st.delivered[0] == 1
    assert st.coin_home[st.coin_index("silver-1")] == 0
    assert st.pos[0] == st.board.cell_index("K23")  # the pirate stays on the board
    st.check_invariants()
    st2 = new_state()
    arrange(st2, {"blue-1": "K20", "red-1": "A12"}, carry={"blue-1": "silver-1"})
    roll(st2, 1, 1)
    st2.apply(A.Move("blue-1", "K22"), scripted())  # the gold space: not for silver
    assert st2.delivered[0] == 0 and st2.carry[0] >= 0


def test_a_silver_in_another_colours_rowboat_is_not_delivered() -> None:
    st = new_state()
    arrange(st, {"blue-1": "K3", "red-1": "A12"}, carry={"blue-1": "silver-1"})
    roll(st, 1, 1)
    st.apply(A.Move("blue-1", "K1"), scripted())
    assert st.delivered == [0, 0] and st.carry[0] >= 0


def test_two_silver_coins_win() -> None:
    st = new_state()
    arrange(st, {"blue-1": "K21", "red-1": "A12"}, carry={"blue-1": "silver-1"})
    st.delivered[0] = 1
    st.coin_home[st.coin_index("silver-2")] = 0
    st.coin_cell[st.coin_index("silver-2")] = -1
    st.cmask &= ~(1 << st.board.coin_start[1])
    st.check_invariants()
    roll(st, 1, 1)
    st.apply(A.Move("blue-1", "K23"), scripted())
    assert st.phase == OVER and st.winner == 0
    assert st.outcome().winners == (0,)  # type: ignore[union-attr]
    st.check_invariants()


def test_the_gold_coin_wins() -> None:
    st = new_state()
    arrange(st, {"blue-1": "K20", "red-1": "A12"}, carry={"blue-1": "gold"})
    roll(st, 1, 1)
    st.apply(A.Move("blue-1", "K22"), scripted())
    assert st.phase == OVER and st.winner == 0 and "gold" in st.end_reason


def test_eliminating_every_rival_pirate_wins() -> None:
    st = new_state()
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "red-1": e})
    roll(st, 1, 1)
    st.apply(A.Move("blue-1", e), scripted())
    assert st.phase == OVER and st.winner == 0 and "eliminated" in st.end_reason


def test_three_players_go_on_when_one_crew_is_gone() -> None:
    st = new_state(3)
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "red-1": e, "green-1": "A12"})
    roll(st, 1, 1)
    st.apply(A.Move("blue-1", e), scripted())
    assert st.phase == ROLL
    assert st.active == st.colour.index("green")  # red is out: its turns are skipped


def test_no_legal_move_loses_the_turn_and_pass_is_refused_otherwise() -> None:
    st = new_state()
    # blue's only pirate in its rowboat's dead end behind a red pirate on the gold space
    arrange(st, {"blue-1": "L22", "red-1": "K22", "red-2": "K21"})
    roll(st, 1, 2)
    assert list(st.legal_actions()) == [A.Pass()]
    st.apply(A.Pass(), scripted())
    assert st.phase == ROLL and st.active == 1
    st2 = new_state()
    roll(st2, 1, 1)
    with pytest.raises(IllegalAction, match="can move"):
        st2.apply(A.Pass(), scripted())


def test_the_roll_is_an_undo_barrier_and_the_move_is_not() -> None:
    st = new_state()
    assert st.is_undo_barrier(A.Roll(), [object()])  # type: ignore[list-item]
    assert not st.is_undo_barrier(A.Move("blue-1", X), [])


def test_highest_roll_goes_first_ties_reroll_and_play_goes_clockwise() -> None:
    from wargame.pvp.game import PirateVersusPirateGame

    st = PirateVersusPirateGame().new_initial_state(3, scripted())
    for dice in ((4, 4), (4, 4), (1, 1)):
        st.apply(A.Roll(), scripted(*dice))
    assert st.contenders == (0, 1) and st.phase != ROLL
    st.apply(A.Roll(), scripted(1, 1))
    st.apply(A.Roll(), scripted(2, 2))
    assert st.phase == ROLL and st.active == 1
    order = []
    for _ in range(3):
        order.append(st.active)
        st.apply(A.Roll(), scripted(1, 1))
        st.apply(st.legal_actions()[0], scripted())
    assert order == [1, 2, 0]


def test_no_backstabbing_forbids_an_attack_through_the_back() -> None:
    st = new_state(variant="no-backstabbing")
    m, e = two_away(st, X)
    arrange(st, {"blue-1": X, "red-1": e})
    b = st.board
    entry = next(k for k, j in enumerate(b.side[b.cell_index(e)]) if j == b.cell_index(m))
    red1 = st.pirate_index("red-1")
    st.back[red1] = entry
    roll(st, 1, 1)
    assert "Backstabbing" in refused(st, A.Move("blue-1", e))
    st.back[red1] = (entry + 1) % 3
    st._legal = None
    st.apply(A.Move("blue-1", e), scripted())
    assert st.pos[red1] == -1


def test_no_backstabbing_faces_the_moved_pirate_and_the_setup() -> None:
    from wargame.pvp.game import PirateVersusPirateGame

    st = PirateVersusPirateGame({"variant": "no-backstabbing"}).new_initial_state(2, scripted())
    st.apply(A.Roll(), scripted(4, 4))
    st.apply(A.Roll(), scripted(1, 1))
    assert st.phase == SETUP and st.current_player() == 0
    faces = [a for a in st.legal_actions() if isinstance(a, A.Face)]
    assert len(faces) == 12  # two other sides for each of six pirates
    st.apply(faces[0], scripted())
    assert st.back[0] == faces[0].back
    st.apply(A.Ready(), scripted())
    assert st.current_player() == 1
    st.apply(A.Ready(), scripted())
    roll(st, 1, 1)
    st.apply(next(a for a in st.legal_actions() if isinstance(a, A.Move)), scripted())
    assert st.phase == FACE
    assert len(st.legal_actions()) == 3
    st.apply(A.Face(st.pirate_name(st.moved), 2), scripted())
    assert st.phase == ROLL and st.active == 1


def test_moves_are_refused_before_the_roll() -> None:
    st = new_state()
    assert st.phase == ROLL
    with pytest.raises(IllegalAction, match="roll"):
        st.apply(A.Move("blue-1", "I21"), scripted())
    assert st.phase == ROLL
    roll(st, 2, 2)
    assert st.phase == MOVE


@pytest.mark.parametrize("first", [0, 1])
def test_short_first_turn_rolls_one_die_for_the_first_players_first_move(first: int) -> None:
    """Issue 39 (a balancing variant): as printed the first mover won 60% between equal
    bots; with the variant the first player's first roll to move is one die."""
    from wargame.pvp.actions import Roll
    from wargame.pvp.effects import move_dice

    st = PirateVersusPirateGame({"start": "short-first-turn"}).new_initial_state(2, scripted())
    order = [1, 1]
    order[first] = 4
    for seat in range(2):
        st.apply(st.legal_actions()[0], scripted(order[seat], 4 if seat == first else 1))
    assert st.phase == ROLL and st.active == first
    assert [t for _p, t in st.chance_outcomes()] == [(1,), (2,), (3,), (4,)]
    dice = scripted(3)
    with dice.recording() as rolls:
        st.apply(Roll(), dice)
    assert len(rolls) == 1 and rolls[0].values == (3,) and st.total == 3
    st.apply(st.legal_actions()[0], scripted())  # the move (or a lost turn)
    assert st.active == 1 - first and move_dice(st) == 2  # then both dice, for everyone
    printed = new_state(first=first)
    assert move_dice(printed) == 2


def test_an_unknown_start_is_refused_naming_it() -> None:
    with pytest.raises(BadInput, match="game parameter start"):
        PirateVersusPirateGame({"start": "head-start"})
