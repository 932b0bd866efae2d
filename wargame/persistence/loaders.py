"""The loaders' front doors: a save or a scenario of any mode, checked and guarded.

Whatever the input, each returns what it loaded or raises BadInput with a
one-line message naming the source; the UI shows it in a dialog, the CLI
exits 2. (The shape check and the guard are in :mod:`wargame.persistence.guard`.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from wargame.core.dice import DiceService
from wargame.persistence.guard import check_shape, loading

T = TypeVar("T")


def guarded(source: str, load: Callable[[Any], T], data: Any) -> T:
    """``load(data)`` with the shape check first and the guard around it."""
    check_shape(data, source)
    with loading(source):
        return load(data)


def load_game_save(data: Any, source: str = "saved game", dice: DiceService | None = None) -> Any:
    """A saved game of any registered game, replayed (FileFormatError if it does not)."""
    from wargame.core.play import load_session

    return guarded(source, lambda d: load_session(d, dice), data)


def check_game_scenario(
    game_name: str,
    data: Any,
    source: str = "scenario",
    *,
    players: int | None = None,
    params: Mapping[str, Any] | None = None,
) -> None:
    """Set the game up from ``data`` once (throwaway dice): BadInput if it can't be."""
    from wargame.core.registry import game_class

    def setup(d: Any) -> None:
        game = game_class(game_name)(params)
        n = players if players is not None else game.default_players()
        game.new_initial_state(n, DiceService(), scenario=d)

    guarded(source, setup, data)
