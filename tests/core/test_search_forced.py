"""The Hard level answers a forced or trivial decision at once (issue 40 item 11): a
single legal move, and a Pieces of Eight window where passing is all it asks, cost no
playout; a real choice is still searched, and a timed search's per-move cap holds."""

from __future__ import annotations

import threading

import pytest

from tests.poe.helpers import blank, card, give, phase, place
from wargame.core import search as S
from wargame.core.dice import DiceService
from wargame.core.play import bot_factories
from wargame.poe import actions as A
from wargame.poe.effects import settle, start_turn
from wargame.poe.game import PiecesOfEightGame
from wargame.poe.state import PoeState

EVERYONE = {"windows": "everyone"}


@pytest.fixture
def playouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the search's playouts (one a call of ``_playout``) on this test's thread
    (a Hard bot another test left thinking in the background is not counted)."""
    count = [0]
    real = S._playout
    me = threading.get_ident()

    def counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        if threading.get_ident() == me:
            count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(S, "_playout", counted)
    return count


def hard(game, seconds: float = 1.0):  # noqa: ANN001, ANN201
    """The app's Hard bot: the mode's hard options with a time budget."""
    return bot_factories(game, {"search_seconds": seconds})["hard"](DiceService.seeded(7))


def window_before_pirate_2(held: list[int]) -> PoeState:
    """Pirate 1's turn has ended; the turn-start window of Pirate 2 asks Pirate 3, who
    holds ``held`` (the table's windows: everyone is asked)."""
    st = blank(4, params=EVERYONE)
    for s, area in enumerate(("L1", "L3", "L4", "L5")):
        place(st, s, area)
    give(st, 2, held)
    start_turn(st, 1, DiceService.seeded(0))
    settle(st, DiceService.seeded(0))
    st._legal = None
    while st.current_player() != 2:  # the seats asked before Pirate 3 pass
        st.apply(A.Pass(), DiceService.seeded(0))
    assert st.stack[-1].kind == "turn-start"
    return st


def test_a_single_legal_move_is_played_without_a_playout(playouts: list[int]) -> None:
    st = window_before_pirate_2([])  # an empty hand: the pass is all there is
    (only,) = st.legal_actions()
    bot = hard(PiecesOfEightGame(EVERYONE))
    assert bot.choose(st, 2) == only
    assert playouts[0] == 0 and bot.last_iterations == 0


def test_a_window_with_only_cards_for_ones_own_turn_is_passed_without_a_playout(
    playouts: list[int],
) -> None:
    st = window_before_pirate_2([card("shore-leave"), card("god-speed")])
    legal = st.legal_actions()
    assert len(legal) == 3 and A.Pass() in legal  # two plays and the pass
    bot = hard(PiecesOfEightGame(EVERYONE))
    assert bot.choose(st, 2) == A.Pass()
    assert playouts[0] == 0 and bot.last_iterations == 0


def test_a_window_with_a_reaction_card_is_still_searched(playouts: list[int]) -> None:
    st = window_before_pirate_2([card("becalmed")])
    assert A.PlayOn(card("becalmed"), 1) in st.legal_actions()
    bot = hard(PiecesOfEightGame(EVERYONE), seconds=5.0)
    bot.choose(st, 2)
    assert playouts[0] > 0
    # the per-move cap holds for a timed search too: 8 a move, not 5 seconds' worth
    assert bot.last_iterations <= 8 * len(st.legal_actions())


def test_a_fight_window_with_only_cards_for_ones_own_turn_is_passed_without_a_playout(
    playouts: list[int],
) -> None:
    """A bystander asked before the dice who holds only Shore Leave passes at once; one
    who holds a combat card is searched."""
    for held, searched in (("shore-leave", False), ("shiver-me-timbers", True)):
        st = blank(3)
        place(st, 0, "L1")
        place(st, 1, "L2")
        place(st, 2, "L5")
        phase(st, "move")
        give(st, 2, [card(held)])
        for a in (A.Move("L2"), A.Fight()):
            st.apply(a, DiceService.seeded(0))
        assert st.stack[-1].kind == "fight" and st.current_player() == 2
        playouts[0] = 0
        bot = hard(PiecesOfEightGame())
        choice = bot.choose(st, 2)
        assert (playouts[0] > 0) is searched
        if not searched:
            assert choice == A.Pass()
