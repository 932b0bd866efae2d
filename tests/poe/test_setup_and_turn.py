"""Setting up, the turn sequence, movement, burying, digging, replenishing, the end."""

from __future__ import annotations

import pytest

from tests.poe.helpers import GRAPH, act, blank, card, give, named, phase, place, settle
from wargame.core.dice import DiceService
from wargame.errors import BadInput, IllegalAction
from wargame.poe import actions as A
from wargame.poe.game import PiecesOfEightGame


def new(n: int = 4, seed: int = 3, **params: str):
    return PiecesOfEightGame(params).new_initial_state(n, DiceService.seeded(seed), scenario=GRAPH)


# -- setup -----------------------------------------------------------------------------
def test_setup_deals_six_cards_each_and_one_ship_per_player_in_big_seas() -> None:
    st = new(5)
    assert [len(h) for h in st.hand] == [6] * 5
    assert len(st.deck) == 104 - 30
    big = {st.board.index("S1"), st.board.index("S2")}
    assert len(st.ship_area) == 5 and set(st.ship_area) == big
    st.check_invariants()


def test_setup_draws_are_hidden_rolls() -> None:
    dice = DiceService.seeded(1)
    with dice.recording() as rolls:
        PiecesOfEightGame().new_initial_state(3, dice, scenario=GRAPH)
    starts = [r for r in rolls if r.purpose.startswith("Who starts")]
    assert len(starts) == 1 and not starts[0].hidden  # who starts: a public roll
    assert all(r.hidden for r in rolls if r not in starts)


def test_oldest_player_goes_first_then_clockwise() -> None:
    st = new(3)
    assert st.active == 0
    seen = []
    dice = DiceService.seeded(2)
    while len(seen) < 4:
        if st.active not in seen[-1:]:
            seen.append(st.active)
        st.apply(st.legal_actions()[-1] if not st.stack else A.Pass(), dice)
    assert seen == [0, 1, 2, 0]


def test_pirates_enter_on_a_free_land_area_on_their_first_turn() -> None:
    st = blank(3)
    place(st, 1, "L3")
    phase(st, "move")
    legal = st.legal_actions()
    enters = {a.area for a in legal if isinstance(a, A.Enter)}
    assert enters == {"L1", "L2", "L4", "L5"}
    assert A.Done() not in legal  # coming ashore can't be skipped
    with pytest.raises(IllegalAction, match="no other pirate"):
        st.apply(A.Enter("L3"), DiceService.seeded(0))


def test_three_to_six_players_and_the_two_player_variant() -> None:
    with pytest.raises(BadInput, match="3 to 6"):
        new(2)
    with pytest.raises(BadInput, match="3 to 6"):
        new(7)
    st = new(2, players="2-6")
    assert st.n == 2
    with pytest.raises(BadInput, match="faceup_to_hand"):
        PiecesOfEightGame({"faceup_to_hand": "seven"})


def test_observation_hides_other_hands_the_deck_and_buried_cards() -> None:
    st = new(4)
    obs = st.observation(1)
    assert obs["pirates"][1]["hand"] == st.hand[1]
    assert obs["pirates"][0]["hand"] == 6
    assert obs["deck"] == len(st.deck)
    st.buried[st.board.index("L1")] = [st.deck.pop()]
    assert st.observation(1)["buried"] == {"L1": 1}


def test_default_board_is_the_map_editor_map() -> None:
    st = PiecesOfEightGame().new_initial_state(4, DiceService.seeded(1))
    b = st.board
    assert sum(b.sea) == 8 and len(b.land_areas) == 7 and sum(b.town) == 1
    assert sum(1 for i in b.sea_areas if b.big[i]) == 4


# -- burying ---------------------------------------------------------------------------
def test_burying_at_sea_is_refused_with_the_reason() -> None:
    st = blank(3)
    place(st, 0, "S1", ship=True)
    give(st, 0, [card("have-at-thee")])
    with pytest.raises(IllegalAction, match="only be buried in a land area"):
        st.apply(A.Select(card("have-at-thee")), DiceService.seeded(0))


def test_a_sixth_card_needs_a_4_value_treasure() -> None:
    st = blank(3)
    place(st, 0, "L1")
    ones = [c.index for c in st.cards if c.value == 1 and not c.named][:6]
    give(st, 0, ones)
    d = DiceService.seeded(0)
    for c in ones[:5]:
        st.apply(A.Select(c), d)
    before = st.to_json()
    with pytest.raises(IllegalAction, match="more than 5 at once"):
        st.apply(A.Select(ones[5]), d)
    assert st.to_json() == before


def test_a_4_value_treasure_allows_six_and_a_5_value_seven() -> None:
    st = blank(3)
    place(st, 0, "L1")
    ones = [c.index for c in st.cards if c.value == 1 and not c.named][:6]
    give(st, 0, ones[:5] + [named("Emerald Pendant")])
    d = DiceService.seeded(0)
    for c in [named("Emerald Pendant"), *ones[:5]]:
        st.apply(A.Select(c), d)
    assert len(st.selection) == 6
    st.apply(A.Bury(), d)
    assert st.vp[0] == 9 + 3  # six crowns (the pendant as a crown): +3
    assert len(st.buried[st.board.index("L1")]) == 6


def test_bury_scores_and_puts_cards_face_down_in_the_area() -> None:
    st = blank(3)
    place(st, 0, "L1")
    picks = [card("have-at-thee", type_=t) for t in ("crowns", "doubloons", "sovereigns")]
    give(st, 0, picks[:2])
    give(st, 0, picks[2:], faceup=True)
    d = DiceService.seeded(0)
    act(st, *[A.Select(c) for c in picks], A.Bury(), dice=d)
    assert st.vp[0] == 3 + 1  # three spots, three different types
    assert sorted(st.buried[st.board.index("L1")]) == sorted(picks)
    assert st.hand[0] == [] and st.faceup[0] == []
    assert st.phase != "bury"
    st.check_invariants()


def test_treasure_cannot_be_buried_on_the_island_it_was_dug_up() -> None:
    st = blank(3)
    place(st, 0, "L2")
    c = card("have-at-thee")
    give(st, 0, [c], faceup=True)
    st.origin[c] = st.board.island[st.board.index("L1")]
    with pytest.raises(IllegalAction, match="same island it was dug up"):
        st.apply(A.Select(c), DiceService.seeded(0))


def test_a_dead_mans_chest_allows_burying_where_it_was_dug() -> None:
    st = blank(3)
    place(st, 0, "L2")
    c = card("have-at-thee")
    chest = named("Diamond Necklace")
    give(st, 0, [c], faceup=True)
    give(st, 0, [chest])
    st.origin[c] = st.board.island[st.board.index("L1")]
    d = DiceService.seeded(0)
    act(st, A.Play(chest), A.Select(c), A.Bury(), dice=d)
    assert st.vp[0] == 1
    assert not st.dead_chest[0]


# -- moving ----------------------------------------------------------------------------
def moves(st) -> set[str]:
    return {a.to for a in st.legal_actions() if isinstance(a, A.Move)}


def test_land_to_land_and_land_to_sea_only_onto_a_ship() -> None:
    st = blank(3)
    place(st, 0, "L2")
    phase(st, "move")
    # S2 has a ship at the start, so L2 -> S2 is allowed
    assert moves(st) == {"L1", "S2"}
    st.ship_area = [st.board.index("S1")] * len(st.ship_area)
    st._legal = None
    assert moves(st) == {"L1"}
    with pytest.raises(IllegalAction, match="must be a ship"):
        st.apply(A.Move("S2"), DiceService.seeded(0))


def test_sea_to_sea_needs_a_ship_and_sea_to_land_is_free() -> None:
    st = blank(3)
    place(st, 0, "S2", ship=True)
    phase(st, "move")
    assert moves(st) == {"S1", "S3", "L2", "L3"}
    st.ship[0] = -1
    st._legal = None
    assert moves(st) == {"L2", "L3"}
    with pytest.raises(IllegalAction, match="on a ship"):
        st.apply(A.Move("S1"), DiceService.seeded(0))


def test_moving_by_sea_takes_the_ship_along_and_landing_leaves_it() -> None:
    st = blank(3)
    place(st, 0, "S2", ship=True)
    phase(st, "move")
    k = st.ship[0]
    act(st, A.Move("S3"))
    assert st.ship_area[k] == st.board.index("S3")
    st.steps = 0
    phase(st, "move")
    act(st, A.Move("L4"))
    assert st.ship[0] == -1 and st.ship_area[k] == st.board.index("S3")


def test_movement_is_to_an_adjacent_area_once_a_turn() -> None:
    st = blank(3)
    place(st, 0, "L1")
    phase(st, "move")
    with pytest.raises(IllegalAction, match="adjacent"):
        st.apply(A.Move("L5"), DiceService.seeded(0))
    act(st, A.Move("L2"))
    assert st.phase != "move"


def test_crew_cannot_move_or_dig() -> None:
    from tests.poe.helpers import crew

    st = blank(3)
    place(st, 1, "L1")
    crew(st, 0, 1)
    st.buried[st.board.index("L1")] = [st.deck.pop()]
    phase(st, "move")
    with pytest.raises(IllegalAction, match="crew cannot move"):
        st.apply(A.Move("L2"), DiceService.seeded(0))
    phase(st, "dig")
    with pytest.raises(IllegalAction, match="crew cannot dig"):
        st.apply(A.Dig(), DiceService.seeded(0))


# -- digging ---------------------------------------------------------------------------
def test_digging_takes_the_buried_treasure_face_up_and_remembers_the_island() -> None:
    st = blank(3)
    place(st, 0, "L1")
    a = st.board.index("L1")
    found = [st.deck.pop(), st.deck.pop()]
    st.buried[a] = list(found)
    phase(st, "dig")
    act(st, A.Dig())
    assert sorted(st.faceup[0]) == sorted(found)
    assert all(st.origin[c] == st.board.island[a] for c in found)
    assert st.buried[a] == []


def test_a_digging_captain_may_share_with_crew() -> None:
    from tests.poe.helpers import crew

    st = blank(3)
    place(st, 0, "L1")
    crew(st, 1, 0)
    a = st.board.index("L1")
    found = [st.deck.pop(), st.deck.pop()]
    st.buried[a] = list(found)
    phase(st, "dig")
    act(st, A.Dig())
    assert st.stack[-1].kind == "share"
    act(st, A.Give(found[0], 1), A.Done())
    assert st.faceup[1] == [found[0]]
    assert st.faceup[0] == [found[1]]


def test_dig_is_an_undo_barrier() -> None:
    st = blank(3)
    assert st.is_undo_barrier(A.Dig(), [])


# -- discarding and replenishing ----------------------------------------------------------
def test_discard_any_number_of_cards() -> None:
    st = blank(3)
    place(st, 0, "L1")
    give(st, 0, [0, 1, 2])
    phase(st, "discard")
    act(st, A.Discard(0), A.Discard(2), A.Done())
    assert st.hand[0] == [1] and st.discard == [0, 2]
    assert st.phase == "replenish"


@pytest.mark.parametrize(("area", "draws"), [("S1", 1), ("L1", 2), ("L3", 6)])
def test_replenish_draws_1_at_sea_2_on_land_6_in_town(area: str, draws: int) -> None:
    st = blank(3)
    place(st, 0, area, ship=area.startswith("S"))
    phase(st, "replenish")
    d = DiceService.seeded(5)
    n = 0
    while A.Draw() in st.legal_actions():
        st.apply(A.Draw(), d)
        n += 1
    assert n == draws
    assert len(st.hand[0]) == draws


def test_replenish_never_takes_the_hand_above_six() -> None:
    st = blank(3)
    place(st, 0, "L3")
    give(st, 0, [0, 1, 2, 3, 4])
    give(st, 0, [5], faceup=True)
    phase(st, "replenish")
    assert A.Take(5) in st.legal_actions()
    act(st, A.Draw(), dice=DiceService.seeded(1))
    assert len(st.hand[0]) == 6
    assert st.active == 1  # nothing more to do: the turn passed on
    phase(st, "replenish", 0)
    from wargame.poe.refusals import why_illegal

    assert "above six" in why_illegal(st, A.Draw())[0]


def test_replenish_takes_one_face_up_card_back_into_hand() -> None:
    st = blank(3)
    place(st, 0, "L3")
    give(st, 0, [5, 6], faceup=True)
    phase(st, "replenish")
    act(st, A.Take(5))
    assert st.hand[0] == [5]
    assert A.Take(6) not in st.legal_actions()


def test_face_up_to_hand_by_location_variant_takes_six_in_town() -> None:
    st = blank(3, params={"faceup_to_hand": "by-location"})
    place(st, 0, "L3")
    give(st, 0, [5, 6, 7], faceup=True)
    phase(st, "replenish")
    act(st, A.Take(5), A.Take(6), A.Take(7))
    assert sorted(st.hand[0]) == [5, 6, 7]


def test_draws_are_hidden_and_undo_barriers() -> None:
    st = blank(3)
    place(st, 0, "L1")
    phase(st, "replenish")
    d = DiceService.seeded(1)
    with d.recording() as rolls:
        st.apply(A.Draw(), d)
    assert rolls and rolls[0].hidden
    assert st.is_undo_barrier(A.Draw(), rolls)


def test_the_turn_passes_clockwise_after_replenishing() -> None:
    st = blank(3)
    place(st, 0, "L1")
    give(st, 0, [0, 1, 2, 3, 4, 5])
    phase(st, "replenish")
    settle(st)
    assert st.active == 1


# -- the end -------------------------------------------------------------------------------
def test_the_discard_pile_becomes_the_deck_the_first_time_it_runs_out() -> None:
    st = blank(3)
    place(st, 0, "L1")
    st.discard = st.deck[1:]
    st.deck = st.deck[:1]
    phase(st, "replenish")
    act(st, A.Draw(), dice=DiceService.seeded(1))
    assert st.exhaustions == 1 and not st.over
    assert len(st.deck) == 103 and st.discard == []


def test_the_game_ends_the_moment_the_deck_runs_out_the_second_time() -> None:
    st = blank(3)
    place(st, 0, "L1")
    st.exhaustions = 1
    st.discard = st.deck[1:]
    st.deck = st.deck[:1]
    st.vp = [3, 7, 5]
    st.burials = [(0, 0, (), 3), (1, 0, (), 7), (2, 0, (), 5)]
    phase(st, "replenish")
    act(st, A.Draw(), dice=DiceService.seeded(1))
    assert st.over and st.current_player() is None and st.legal_actions() == []
    o = st.outcome()
    assert o is not None and o.winner == 1 and o.scores[1] == 7
    st.check_invariants()


def test_a_tie_for_most_points_has_no_single_winner() -> None:
    st = blank(3)
    st.vp = [4, 4, 1]
    st.over = True
    assert st.outcome().winner is None


def test_pressing_bury_at_sea_later_in_the_turn_names_the_sea_rule() -> None:
    st = blank(3)
    place(st, 0, "S1", ship=True)
    give(st, 0, [card("have-at-thee")])
    phase(st, "discard")
    before = st.to_json()
    with pytest.raises(IllegalAction, match="not at sea"):
        st.apply(A.Bury(), DiceService.seeded(0))
    assert st.to_json() == before


# -- the fair-start variant (issue 39) --------------------------------------------------------
@pytest.mark.parametrize("starter", ["1", "2", "3"])
def test_head_start_gives_the_later_pirates_their_points_by_turn_position(starter: str) -> None:
    """Issue 39: as printed the first to act won 49% at 3 players. The variant starts
    the later pirates with points from the rules data, by turn position."""
    from wargame.poe.rules import rules

    table = rules().setup.head_start["3"]
    assert table[0] == 0 and table[1] > 0 and table[2] > table[1]
    st = new(3, starter=starter, start="head-start")
    first = int(starter) - 1
    assert [st.vp[(first + k) % 3] for k in range(3)] == table
    st.check_invariants()  # the points count with the burials
    assert new(3, starter=starter).vp == [0, 0, 0]  # the printed rules: nobody


def test_head_start_plays_to_the_end_under_strict_checks() -> None:
    from wargame.core.play import simulate

    run = simulate(
        "pieces-of-eight",
        players=4,
        games=2,
        seed=39,
        bots=["strong"],
        params={"start": "head-start"},
        strict=True,
    )
    assert all(g["end"] for g in run["games"])
    with pytest.raises(BadInput, match="start"):
        PiecesOfEightGame({"start": "komi"})
