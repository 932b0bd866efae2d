"""``simulate --strict`` after its cheaper checks (issue 19): every game's ``is_legal``
says what ``action in legal_actions()`` says, and a state broken behind the engine's
back (a coin, a card or a pirate removed or moved by hand) is still caught."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import Bot, Game, GameState
from wargame.core.play import bot_factories, game_seed, play_match
from wargame.core.registry import available_games, game_class
from wargame.errors import InvariantViolation

GAMES = available_games()
#: Positions sampled per game (the miniature games are slow to list).
POSITIONS = {"naval": 40, "raid": 60}


@pytest.mark.parametrize("name", GAMES)
def test_is_legal_agrees_with_the_legal_list(name: str) -> None:
    game = game_class(name)()
    n = game.default_players()
    random_bot = bot_factories(game)["random"]
    positions: list[GameState] = []
    met: list[Action] = []
    for i in range(3):
        dice = DiceService.seeded(game_seed(4, i))
        state = game.new_initial_state(n, dice)
        bots = [random_bot(DiceService.seeded(f"{i}:{s}")) for s in range(n)]
        for step in range(POSITIONS.get(name, 300)):
            if state.is_terminal():
                break
            if step % 3 == 0:
                positions.append(state.clone())
                met.extend(state.legal_actions()[:25])
            seat = state.current_player()
            state.apply(bots[seat].choose(state, seat), dice)  # type: ignore[index]
    assert positions
    for state in positions:
        legal = list(state.legal_actions())
        for action in legal + met[::7]:
            assert state.clone().is_legal(action) == (action in legal), (name, action.to_text())


class _Saboteur:
    """Plays like ``inner`` but breaks the state by hand before its ``at``-th choice."""

    def __init__(self, inner: Bot, at: int, breaks: Callable[[GameState], None]) -> None:
        self.inner, self.at, self.breaks, self.calls = inner, at, breaks, 0

    def choose(self, state: GameState, seat: int) -> Action:
        self.calls += 1
        if self.calls == self.at:
            self.breaks(state)
        return self.inner.choose(state, seat)


def _strict_game_with(game: Game, breaks: Callable[[GameState], None], at: int = 12) -> None:
    """A strict bot game in which seat 0's bot breaks the state before its ``at``-th move."""
    random_bot = bot_factories(game)["random"]
    own = game.bots

    def bots() -> dict[str, Callable[[DiceService], Bot]]:
        return {**own(), "saboteur": lambda d: _Saboteur(random_bot(d), at, breaks)}

    game.bots = bots  # type: ignore[method-assign]
    n = game.default_players()
    play_match(game, n, 5, ["saboteur"] + ["random"] * (n - 1), strict=True)


def _lose_a_coin(state: GameState) -> None:
    pouch = state.pouch  # type: ignore[attr-defined]
    t = next(t for t, x in enumerate(pouch) if x)
    pouch[t] -= 1


def _swap_a_coin(state: GameState) -> None:
    """A copper coin in the pouch turns into another kind: the count stays right."""
    pouch = state.pouch  # type: ignore[attr-defined]
    t = next(t for t, x in enumerate(pouch) if x)
    pouch[t] -= 1
    pouch[t + 1] += 1


def _lose_a_silver_coin(state: GameState) -> None:
    j = next(j for j, c in enumerate(state.coin_cell) if c >= 0)  # type: ignore[attr-defined]
    state.cmask &= ~(1 << state.coin_cell[j])  # type: ignore[attr-defined]
    state.coin_cell[j] = -1  # type: ignore[attr-defined]


def _lose_a_pirate(state: GameState) -> None:
    p = next(p for p, c in enumerate(state.pos) if c >= 0)  # type: ignore[attr-defined]
    state.pos[p] = -1  # type: ignore[attr-defined]


def _lose_a_vote_card(state: GameState) -> None:
    state.vdeck.pop()  # type: ignore[attr-defined]


def _lose_an_event_card(state: GameState) -> None:
    pile = state.deck or state.discard  # type: ignore[attr-defined]
    pile.pop()


def _add_a_point(state: GameState) -> None:
    state.vp[0] += 1  # type: ignore[attr-defined]


def _lose_a_chest(state: GameState) -> None:
    state.galleon -= 1  # type: ignore[attr-defined]


BREAKS = [
    ("pirate-coins", _lose_a_coin, "coins: 4 accounted for, 5"),
    ("pirate-coins", _swap_a_coin, "accounted for"),
    ("pirate-versus-pirate", _lose_a_silver_coin, "coin is in 0 places"),
    ("pirate-versus-pirate", _lose_a_pirate, "occupancy"),
    ("tortuga-1667", _lose_a_vote_card, "vote cards"),
    ("tortuga-1667", _lose_an_event_card, "event cards"),
    ("tortuga-1667", _lose_a_chest, "treasure"),
    ("pieces-of-eight", _lose_an_event_card, "cards not accounted for"),
    ("pieces-of-eight", _add_a_point, "points do not match"),
]


@pytest.mark.parametrize(("name", "breaks", "message"), BREAKS)
def test_strict_still_catches_a_state_broken_behind_the_engines_back(
    name: str, breaks: Callable[[GameState], None], message: str
) -> None:
    game = game_class(name)()
    with pytest.raises(InvariantViolation, match=message):
        _strict_game_with(game, breaks)


@pytest.mark.parametrize("name", sorted({b[0] for b in BREAKS}))
def test_the_same_strict_game_unbroken_passes(name: str) -> None:
    _strict_game_with(game_class(name)(), lambda state: None)


def test_coins_found_sound_once_are_counted_again_after_a_change_by_hand() -> None:
    """The coin accounting is skipped for a state holding exactly the counts last found
    sound: the counts kept are copies, so a change made in place is still seen."""
    game = game_class("pirate-coins")()
    state = game.new_initial_state(4, DiceService.seeded(2))
    state.check_invariants()
    state.check_invariants()  # the same counts: not counted again, still fine
    t = next(t for t, x in enumerate(state.pouch) if x)
    state.pouch[t] -= 1
    with pytest.raises(InvariantViolation, match="accounted for"):
        state.check_invariants()
    state.pouch[t] += 1
    state.check_invariants()
    kept = next(t for t, x in enumerate(state.booty[0]) if x)
    state.booty[0][kept] -= 1
    state.pile[kept] += 1
    with pytest.raises(InvariantViolation, match="worth"):
        state.check_invariants()


@pytest.mark.parametrize("name", [g for g in GAMES if g not in POSITIONS])
def test_a_cached_legal_list_is_never_stale_in_a_copy(name: str) -> None:
    """Clones and redrawn copies (``resample_hidden``) list what a fresh look at their
    own position lists, also after either of them moves on."""
    game = game_class(name)()
    n = game.default_players()
    dice = DiceService.seeded(8)
    state = game.new_initial_state(n, dice)
    bot = bot_factories(game)["random"](DiceService.seeded(9))

    def fresh(s: GameState) -> list[Action]:
        if hasattr(s, "_legal"):
            s = s.clone()
            s._legal = None  # type: ignore[attr-defined]
        return list(s.legal_actions())

    for step in range(200):
        if state.is_terminal():
            break
        state.legal_actions()  # a cached list, if the game keeps one
        seat = state.current_player()
        assert seat is not None
        copies = [state.clone(), state.resample_hidden(seat, DiceService.seeded(step))]
        for copy in copies:
            assert list(copy.legal_actions()) == fresh(copy)
        state.apply(bot.choose(state, seat), dice)
        for copy in copies:
            if not copy.is_terminal():
                copy.apply(bot.choose(copy, copy.current_player()), dice)  # type: ignore[arg-type]
                assert list(copy.legal_actions()) == fresh(copy)
        assert list(state.legal_actions()) == fresh(state)
