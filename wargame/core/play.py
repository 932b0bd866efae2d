"""Running games: sessions from a :class:`GameSpec`, and headless bot matches."""

from __future__ import annotations

import functools
import gc
import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wargame.core.dice import DiceService
from wargame.core.game import Bot, BotFactory, Game, GameSpec, GameState
from wargame.core.levels import real_name, with_levels
from wargame.core.log import FRIENDLY_UNDO, Session
from wargame.core.registry import game_class, game_names
from wargame.core.search import HEADLESS_SEARCH_ITERATIONS, SEARCH_BUDGET_KEYS, with_search
from wargame.core.search import NAME as SEARCH
from wargame.errors import BadInput, FileFormatError, IllegalAction, InvariantViolation, shown

#: A game that has not ended after this many actions is stopped as a draw.
MAX_ACTIONS = 200_000


def make_game(spec: GameSpec) -> Game:
    return game_class(spec.game)(spec.params)


def _factory(spec: GameSpec, game: Game | None = None) -> Callable[[DiceService], GameState]:
    """Sets up the game ``spec`` describes (``game``: its Game, when already made),
    dealing with the dice it is given."""
    game = game if game is not None else make_game(spec)
    _check_players(game, spec.players)

    def factory(d: DiceService) -> GameState:
        return game.new_initial_state(spec.players, d, scenario=spec.scenario)

    return factory


def new_session(
    spec: GameSpec, dice: DiceService | None = None, *, friendly_undo: bool = False
) -> Session[GameState]:
    """The session factory the app uses. Without ``dice`` the game is seeded from the
    OS's entropy (``secrets``); ``friendly_undo`` makes a practice game whose undo
    passes rolls and reveals (marked in its header, so in the save and on screen)."""
    game = make_game(spec)
    header = spec.to_json()
    if game.legacy_params:  # written out: a reopened save never falls back on them
        header["params"] = {**{k: game.params[k] for k in game.legacy_params}, **spec.params}
    if friendly_undo:
        header[FRIENDLY_UNDO] = True
    return Session(_factory(spec, game), dice, header=header)


def load_session(
    data: Mapping[str, Any],
    dice: DiceService | None = None,
    *,
    convert_unsealed: str | None = None,
) -> Session[GameState]:
    """A saved game replayed; a version-1 save only when ``convert_unsealed`` says
    so (see :meth:`Session.from_json`)."""
    header = data.get("header") if isinstance(data, Mapping) else None
    if not isinstance(header, Mapping) or not isinstance(header.get("game"), str):
        raise FileFormatError("saved game has no header naming its game")
    try:
        spec = GameSpec(
            str(header["game"]),
            int(header.get("players", 0)),
            dict(header.get("params") or {}),
            header.get("scenario"),
        )
        legacy = game_class(spec.game).legacy_params if spec.game in game_names() else {}
        spec.params = {**legacy, **spec.params}
    except (TypeError, ValueError):
        players = header.get("players", 0)
        what = (
            f"the number of players is {shown(players)}, not a whole number"
            if not isinstance(players, int | str) or not str(players).strip().isdigit()
            else f"its game settings ('params') are {shown(header.get('params'))}, not an object"
        )
        raise FileFormatError(f"saved game: its header is damaged ({what})") from None
    return Session.from_json(data, _factory(spec), dice, convert_unsealed=convert_unsealed)


def _check_players(game: Game, players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        raise BadInput(
            f"--players: {game.title} takes {game.min_players} to {game.max_players} "
            f"players, not {players}"
        )


def bot_seed(seed: int, seat: int) -> str:
    """The seed of seat ``seat``'s bot in the game seeded ``seed``: one-way (SHA-256),
    so a bot playing across computers is handed it without learning the table's seed
    (which would foretell every die). ``simulate`` and ``wargame serve`` both use it."""
    return hashlib.sha256(f"{seed}:bot:{seat}".encode()).hexdigest()


def game_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th game of a run seeded ``seed``."""
    return (seed * 1_000_003 + index * 7_919) % (2**63)


@dataclass
class MatchResult:
    seed: int | None  # None: withheld (a served table whose seed would foretell others)
    winner: int | None
    scores: dict[int, float]
    turns: int
    actions: int
    end: str
    winners: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "winner": None if self.winner is None else str(self.winner),
            "winners": [str(s) for s in self.winners],
            "scores": {str(k): v for k, v in sorted(self.scores.items())},
            "turns": self.turns,
            "actions": self.actions,
            "end": self.end,
        }


#: How long ``--scheduler`` waits for the Dask scheduler to answer.
DASK_CONNECT_SECONDS = 10.0

#: ``--param`` keys with this prefix set the search bot's options, not the game's.
BOT_PARAM_PREFIX = "search_"


def split_params(params: Mapping[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(game parameters, bot options) from the ``--param`` pairs."""
    game_params: dict[str, Any] = {}
    bot_options: dict[str, Any] = {}
    for key, value in (params or {}).items():
        if key.startswith(BOT_PARAM_PREFIX):
            bot_options[key] = value
        else:
            game_params[key] = value
    return game_params, bot_options


def bot_factories(game: Game, options: Mapping[str, Any] | None = None) -> dict[str, BotFactory]:
    """Every bot of ``game``, weakest first: its own, the search bot every game has,
    and the levels the app offers (``easy``, ``normal``, ``hard``: core/levels.py)."""
    return with_levels(game, with_search(game, game.bots(), options or {}), options or {})


def resolve_bots(
    game: Game,
    names: Sequence[str] | None,
    players: int,
    options: Mapping[str, Any] | None = None,
) -> list[str]:
    available = bot_factories(game, options)
    if not names:  # the strongest listed, by the name of the bot it is
        strongest = real_name(available, list(available)[-1])
        return [strongest] * players
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise BadInput(f"--bots: {len(names)} names for {players} seats")
    for n in names:
        if n not in available:
            raise BadInput(f"--bots: unknown bot {shown(n)}; choose from {', '.join(available)}")
    return list(names)


def play_match(
    game: Game,
    players: int,
    seed: int,
    bot_names: Sequence[str],
    *,
    scenario: Mapping[str, Any] | None = None,
    strict: bool = False,
    bot_options: Mapping[str, Any] | None = None,
    factories: Mapping[str, BotFactory] | None = None,
) -> MatchResult:
    """Bots play every seat from setup to the end (``factories``: the run's
    :func:`bot_factories`, found once for all its games)."""
    dice = DiceService.seeded(seed)
    state = game.new_initial_state(players, dice, scenario=scenario)
    if factories is None:
        factories = bot_factories(game, bot_options)
    bots: list[Bot] = [
        factories[name](DiceService.seeded(bot_seed(seed, seat)))
        for seat, name in enumerate(bot_names)
    ]
    actions = 0
    if strict:
        _strict_check(state, actions, None)
    while not state.is_terminal():
        seat = state.current_player()
        if seat is None:
            raise InvariantViolation(f"after {actions} actions: no player to act in a live game")
        action = bots[seat].choose(state, seat)
        if strict and not state.is_legal(action):
            raise InvariantViolation(
                f"after {actions} actions: seat {seat} played illegal {action.to_text()}"
            )
        try:
            state.apply(action, dice)
        except IllegalAction as exc:
            raise InvariantViolation(
                f"after {actions} actions: bot {bot_names[seat]} chose a refused action "
                f"{action.to_text()}: {exc}"
            ) from exc
        actions += 1
        if strict:
            _strict_check(state, actions, action)
        if actions >= MAX_ACTIONS:
            return MatchResult(seed, None, {}, state.turn, actions, "action limit")
    outcome = state.outcome()
    assert outcome is not None
    return MatchResult(
        seed,
        outcome.winner,
        dict(outcome.scores),
        outcome.turns,
        actions,
        outcome.end,
        outcome.winners,
    )


def _strict_check(state: GameState, actions: int, action: Any) -> None:
    try:
        state.check_invariants()
    except InvariantViolation as exc:
        after = f" ({action.to_text()})" if action is not None else " (setup)"
        raise InvariantViolation(f"after {actions} actions{after}: {exc}") from exc


@dataclass(frozen=True)
class MatchTask:
    """One run's fixed arguments: ``task(seed)`` plays the game of that seed.

    Plain data, so worker processes (``--jobs``) and Dask workers (``--scheduler``)
    receive it whole; each builds the Game once and keeps it."""

    game_name: str
    params: dict[str, Any]
    players: int
    bots: tuple[str, ...]
    scenario: dict[str, Any] | None = None
    strict: bool = False
    bot_options: dict[str, Any] = field(default_factory=dict)

    def __call__(self, seed: int) -> MatchResult:
        params = json.dumps(self.params, sort_keys=True)
        return play_match(
            _game(self.game_name, params),
            self.players,
            seed,
            self.bots,
            scenario=self.scenario,
            strict=self.strict,
            factories=_factories(
                self.game_name, params, json.dumps(self.bot_options, sort_keys=True)
            ),
        )

    def many(self, seeds: Sequence[int]) -> list[MatchResult]:
        return [self(s) for s in seeds]


@functools.lru_cache(maxsize=8)
def _game(name: str, params: str) -> Game:
    """The Game of a run (``params`` as JSON), built once per process."""
    return game_class(name)(json.loads(params))


@functools.lru_cache(maxsize=8)
def _factories(name: str, params: str, options: str) -> dict[str, BotFactory]:
    """The bots of a run (``options`` as JSON), found once per process."""
    return bot_factories(_game(name, params), json.loads(options))


def _chunks(seeds: Sequence[int], parts: int) -> list[list[int]]:
    """``seeds`` cut into about ``parts`` runs of neighbours, in order."""
    size = max(1, -(-len(seeds) // parts))
    return [list(seeds[i : i + size]) for i in range(0, len(seeds), size)]


def _run_processes(task: MatchTask, seeds: Sequence[int], jobs: int) -> list[MatchResult]:
    """The games spread over ``jobs`` worker processes; results in seed order."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # Fork where the platform has it: workers start at once with the modules loaded.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    # Small chunks (4 per worker) even out games of very different lengths.
    chunks = _chunks(seeds, jobs * 4)
    # What the workers inherit stays out of the collector's sweeps, so its pages are
    # not copied into every worker (copy-on-write) by the collector touching them.
    gc.freeze()
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            return [r for part in pool.map(task.many, chunks) for r in part]
    finally:
        gc.unfreeze()


def _run_dask(task: MatchTask, seeds: Sequence[int], address: str) -> list[MatchResult]:
    """The games run on the Dask cluster at ``address``; results in seed order."""
    try:
        from distributed import Client
    except ImportError:
        raise BadInput(
            "--scheduler needs the optional Dask extra: pip install 'dask[distributed]'"
        ) from None
    try:
        client = Client(address, timeout=DASK_CONNECT_SECONDS)
    except (OSError, ValueError, TimeoutError) as exc:
        raise BadInput(
            f"--scheduler: cannot reach the Dask scheduler at {address}: {exc}"
        ) from None
    try:
        workers = max(1, sum(client.ncores().values()))
        futures = client.map(task.many, _chunks(seeds, workers * 4), pure=False)
        return [r for part in client.gather(futures) for r in part]
    finally:
        client.close()


def simulate(
    game_name: str,
    *,
    players: int | None = None,
    games: int = 1,
    seed: int = 0,
    bots: Sequence[str] | None = None,
    scenario: Mapping[str, Any] | None = None,
    params: Mapping[str, Any] | None = None,
    strict: bool = False,
    jobs: int = 1,
    scheduler: str | None = None,
) -> dict[str, Any]:
    """The ``wargame simulate`` run, as the JSON the contract describes.

    ``jobs`` > 1 spreads the games over that many processes, ``scheduler`` over a
    Dask cluster; each game depends only on its seed, so ``"games"`` is the same."""
    game_params, bot_options = split_params(params)
    # The one Game of this process for these parameters (forked workers inherit it).
    game = _game(game_name, json.dumps(game_params, sort_keys=True))
    n = players if players is not None else game.default_players()
    _check_players(game, n)
    if games < 1:
        raise BadInput(f"--games must be at least 1, not {games}")
    if jobs < 1:
        raise BadInput(f"--jobs must be at least 1, not {jobs}")
    names = resolve_bots(game, bots, n, bot_options)
    if SEARCH in names and not set(bot_options) & set(SEARCH_BUDGET_KEYS):
        # The search bot in a headless run (the default or named) with no budget given: a
        # fixed number of iterations, so the same arguments give the same games
        # (../shared/CONTRACT.md); a time budget is asked for with --param search_seconds.
        bot_options = {**bot_options, "search_iterations": HEADLESS_SEARCH_ITERATIONS}
    task = MatchTask(
        game_name,
        game_params,
        n,
        tuple(names),
        dict(scenario) if scenario is not None else None,
        strict,
        bot_options,
    )
    seeds = [game_seed(seed, i) for i in range(games)]
    # The run's set-up, before the clock: one throwaway start checks the scenario
    # (a bad one is refused before any worker starts) and builds what every game
    # shares (the parsed scenario, its map checked, the rules), which forked
    # workers then inherit. ``seconds`` count the games.
    game.new_initial_state(n, DiceService.seeded(seed), scenario=scenario)
    start = time.perf_counter()
    if scheduler:
        matches = _run_dask(task, seeds, scheduler)
    elif jobs > 1 and games > 1:
        matches = _run_processes(task, seeds, min(jobs, games))
    else:
        factories = bot_factories(game, bot_options)  # once for the run
        matches = [
            play_match(game, n, s, names, scenario=scenario, strict=strict, factories=factories)
            for s in seeds
        ]
    seconds = time.perf_counter() - start
    total_actions = sum(r.actions for r in matches)
    return {
        "game": game_name,
        "seed": seed,
        "players": n,
        "bots": names,
        "games": [r.to_json() for r in matches],
        "seconds": round(seconds, 4),
        "actions_per_second": round(total_actions / seconds, 1) if seconds > 0 else None,
    }
