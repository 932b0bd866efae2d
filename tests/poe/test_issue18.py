"""The table-side review of issue 18: cards swallowed by skipped phases, the burial
limit after the selection shrinks, cards in fights, and the My Precious variant."""

from __future__ import annotations

import pytest

from tests.poe.helpers import act, blank, card, give, named, phase, place, settle
from wargame.errors import IllegalAction, InvariantViolation
from wargame.poe import actions as A
from wargame.poe.effects import fight_frame
from wargame.poe.legal import fight_plays


def stranded():  # noqa: ANN201
    """Pirate 1 on Lone Cay (L5), every ship far off in the West Sea."""
    st = blank(3)
    place(st, 0, "L5")
    place(st, 1, "L1")
    place(st, 2, "L3")
    st.ship_area = [st.board.index("S1")] * len(st.ship_area)
    return st


def test_paddle_frees_a_stranded_pirate() -> None:
    """The move phase with no move was skipped, so Paddle, Wretches! was never offered."""
    st = stranded()
    paddle = card("paddle-wretches")
    give(st, 0, [paddle])
    phase(st, "move")
    settle(st)
    assert st.phase == "move" and A.Play(paddle) in st.legal_actions()
    act(st, A.Play(paddle), A.Move("S3"))
    assert st.area[0] == st.board.index("S3")
    st.check_invariants()


def test_a_stranded_pirate_without_the_card_still_skips_the_move_phase() -> None:
    st = stranded()
    give(st, 0, [card("have-at-thee")])
    phase(st, "move")
    settle(st)
    assert st.phase != "move"


def test_the_burial_limit_holds_after_the_selection_shrinks() -> None:
    """A selection of 6 made legal by a 4-value treasure stayed buryable after that
    treasure left it (lost in a mutiny, given away with Me Likie)."""
    st = blank(3)
    place(st, 0, "L1")
    big = next(c for c in range(len(st.cards)) if st.cards[c].value == 4)
    small = [c for c in range(len(st.cards)) if st.cards[c].value in (1, 2)][:5]
    give(st, 0, small)
    give(st, 0, [big], faceup=True)
    phase(st, "bury")
    act(st, *[A.Select(c) for c in [big, *small]])
    assert len(st.selection) == 6 and A.Bury() in st.legal_actions()
    # the 4-value treasure goes (as in a lost fight): the selection shrinks to 5 + none
    st.faceup[0].remove(big)
    st.discard.append(big)
    st.selection.remove(big)
    st.selection.append(small[0]) if small[0] not in st.selection else None
    st._legal = None
    assert len(st.selection) == 5 and A.Bury() in st.legal_actions()
    # now with six small ones and no 4-value card the burial must be refused
    extra = next(c for c in st.deck if st.cards[c].value == 1)
    give(st, 0, [extra])
    st.selection.append(extra)
    st._legal = None
    assert A.Bury() not in st.legal_actions()
    with pytest.raises(IllegalAction):
        st.apply(A.Bury(), None)  # type: ignore[arg-type]
    assert all(A.Unselect(c) in st.legal_actions() for c in st.selection)


def test_a_recorded_burial_over_the_limit_breaks_the_invariants() -> None:
    st = blank(3)
    small = [c for c in range(len(st.cards)) if st.cards[c].value == 1][:6]
    st.burials.append((0, st.board.index("L1"), tuple(small), 0))
    with pytest.raises(InvariantViolation, match="over the burial limit"):
        st.check_invariants()


def test_a_bystander_may_play_an_anytime_card_in_a_fight_window() -> None:
    """Only combat cards were offered to a bystander before a fight's dice."""
    st = blank(3)
    place(st, 0, "L1")
    place(st, 1, "L2")
    place(st, 2, "L3")
    parrot = named("Opal Ring")
    loot = card("avast-ye-dogs")
    give(st, 2, [parrot])
    give(st, 1, [loot], faceup=True)
    f = fight_frame(st, 0, 1)
    assert A.PlayTake(parrot, loot) in fight_plays(st, f, 2)


@pytest.mark.parametrize(
    ("variant", "own", "other"), [("own", True, False), ("another", False, True)]
)
def test_my_precious_takes_from_own_face_up_or_another_pirates_by_variant(
    variant: str, own: bool, other: bool
) -> None:
    st = blank(3, params={"my_precious": variant})
    place(st, 0, "L1")
    place(st, 1, "L3")
    precious = card("my-precious")
    mine, theirs = card("have-at-thee", 0), card("have-at-thee", 1)
    give(st, 0, [precious])
    give(st, 0, [mine], faceup=True)
    give(st, 1, [theirs], faceup=True)
    legal = st.legal_actions()
    assert (A.PlayTake(precious, mine) in legal) == own
    assert (A.PlayTake(precious, theirs) in legal) == other
    if other:
        act(st, A.PlayTake(precious, theirs))
        assert theirs in st.hand[0] and theirs not in st.faceup[1]
        st.check_invariants()


def test_full_round_end_gives_every_pirate_the_same_number_of_turns() -> None:
    """The seat-order variant: the round is played out after the deck's last run."""
    from wargame.core.play import play_match
    from wargame.poe.game import PiecesOfEightGame

    for seed in range(3):
        game = PiecesOfEightGame({"end": "full-round"})
        r = play_match(game, 4, seed, ["random"] * 4, strict=True)
        assert r.end.endswith("the round was played out")
        assert r.turns % 4 == 0
