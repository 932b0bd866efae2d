"""The levels the app's seat menus offer, as names of each mode's bots.

``easy`` is the random bot, ``normal`` the mode's strongest hand-written bot and
``hard`` the search bot (:mod:`wargame.core.search`) with sequential halving at the
root and the mode's measured budget (:data:`HARD`), or where a mode names a bot of its
own (:data:`HARD_BOT`: Pirate Versus Pirate's learnt judge) that bot, the search its
fallback. ``wargame simulate --bots hard``
plays it with that fixed number of iterations (the same games on every run); the app
gives it a time budget instead (:func:`hard_params`, 1 s a move by default). The
strength of each budget is measured by ``benchmarks/search_strength.py`` (its
docstring holds the table and the commands).

``--list-bots`` lists each level next to the bot it names (``random, easy, search,
hard, strong, normal``): the list stays weakest first as docs/rulings.md places the
search bot, and its last name, the default of ``simulate``, is still the fast
hand-written bot (a game with no own bot but random: ``random, easy, hard, search,
normal``, the search its default as before).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from wargame.core.game import BotFactory, Game
from wargame.core.search import NAME as SEARCH
from wargame.core.search import SearchOptions, search_factory

EASY, NORMAL, HARD_LEVEL = "easy", "normal", "hard"
#: The levels, weakest first (the app's seat menus show them with these names).
LEVELS = (EASY, NORMAL, HARD_LEVEL)

#: The hard bot's search options per mode: a fixed number of iterations (well within
#: 1 s a move on a loaded 2-core machine), playouts cut off after ``search_depth``
#: actions where the mode judges positions, and sequential halving at the root.
HARD: dict[str, dict[str, float]] = {
    "naval": {"search_iterations": 256, "search_depth": 20, "search_halving": 1},
    # The tactician's movement-phase steps kept (search_narrow), the rest searched
    # (128 iterations: the issue 27 table in benchmarks/search_strength.py; 64 gave 64.5%).
    "raid": {"search_iterations": 128, "search_halving": 1, "search_narrow": 1},
    "pieces-of-eight": {
        "search_iterations": 64,
        "search_depth": 80,
        "search_halving": 1,
        "search_per_move": 8,
        "search_margin": 0.03,
    },
    # The rival's 2d4 summed exactly (the default search_chance), every move judged once
    # as the expectimax bot does, then the 4 best searched with that bot's replies
    # (0.4 CPU s a decision on the loaded 2-core machine, at most about 1 s); the
    # expectimax bot's own move kept unless another beats it by 0.05 (search_margin):
    # without it the search's deviations lost more than they won.
    "pirate-versus-pirate": {
        "search_iterations": 128,
        "search_depth": 0,
        "search_halving": 1,
        "search_guide": 1,
        "search_keep": 4,
        "search_margin": 0.05,
    },
    "pirate-coins": {"search_iterations": 64, "search_halving": 1},
    "tortuga-1667": {"search_iterations": 256, "search_depth": 16, "search_halving": 1},
}
#: Modes whose Hard level is a bot of their own (its name in the mode's ``bots()``), not
#: the search bot: Pirate Versus Pirate's ``judge`` (a judgement learnt from self-play,
#: one move deep: wargame/pvp/judge.py; 2 players). Such a bot takes the search bot the
#: level would have been as ``fallback`` for the decisions it does not make itself.
HARD_BOT: dict[str, str] = {"pirate-versus-pirate": "judge"}
#: Modes not in :data:`HARD` (a game added later): halving at the search's defaults.
HARD_DEFAULT: dict[str, float] = {"search_iterations": 64, "search_halving": 1}


def hard_params(game_name: str, seconds: float | None = None) -> dict[str, float]:
    """The hard bot's ``search_*`` options in ``game_name``; with ``seconds``, a time
    budget of that many seconds a move instead of the fixed iterations (the app's)."""
    params = dict(HARD.get(game_name, HARD_DEFAULT))
    if seconds is not None:
        params.pop("search_iterations", None)
        params["search_seconds"] = seconds
    return params


def with_levels(
    game: Game, factories: Mapping[str, BotFactory], params: Mapping[str, Any]
) -> dict[str, BotFactory]:
    """``factories`` (weakest first, the search bot among them) with each level listed
    just after the bot it names. ``params`` (the run's ``search_*`` options) change the
    hard bot's options too; a time budget given replaces its fixed iterations."""
    own = {k: v for k, v in params.items() if k.startswith("search_")}
    timed = "search_seconds" in own and "search_iterations" not in own
    hard = hard_params(game.name, float(own["search_seconds"]) if timed else None)
    hard.update(own)
    own_hard = HARD_BOT.get(game.name)
    if own_hard not in factories:
        own_hard = None
    hand_written = [n for n in factories if n not in (SEARCH, "random", own_hard)]
    named = {"random": EASY, SEARCH: HARD_LEVEL}
    if hand_written:
        named[hand_written[-1]] = NORMAL
    out: dict[str, BotFactory] = {}
    for name, factory in factories.items():
        level = named.get(name)
        if level == HARD_LEVEL:
            searcher = search_factory(
                {k: v for k, v in factories.items() if k != own_hard},
                SearchOptions.from_params(hard),
            )
            hard_bot = (
                functools.partial(factories[own_hard], fallback=searcher) if own_hard else searcher
            )
            if not hand_written:  # no own bot but random: search is the normal level
                out[HARD_LEVEL] = hard_bot
                out[name] = factory
                out[NORMAL] = factory
                continue
            out[name] = factory
            out[level] = hard_bot
            continue
        out[name] = factory
        if level is not None:
            out[level] = factory
    return out


def real_name(factories: Mapping[str, BotFactory], name: str) -> str:
    """The bot a level names (``normal`` -> ``strong``); any other name as it is."""
    if name in LEVELS and name != HARD_LEVEL:
        for other, factory in factories.items():
            if other not in LEVELS and factory is factories[name]:
                return other
    return name
