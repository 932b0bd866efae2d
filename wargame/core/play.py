"""Running games: sessions from a :class:`GameSpec`, and headless bot matches."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wargame.core.dice import DiceService
from wargame.core.game import Bot, Game, GameSpec, GameState
from wargame.core.log import FRIENDLY_UNDO, Session
from wargame.core.registry import game_class
from wargame.errors import BadInput, FileFormatError, IllegalAction, InvariantViolation

#: A game that has not ended after this many actions is stopped as a draw.
MAX_ACTIONS = 200_000


def make_game(spec: GameSpec) -> Game:
    return game_class(spec.game)(spec.params)


def _factory(spec: GameSpec) -> Callable[[DiceService], GameState]:
    """Sets up the game ``spec`` describes, dealing with the dice it is given."""
    game = make_game(spec)
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
    header = spec.to_json()
    if friendly_undo:
        header[FRIENDLY_UNDO] = True
    return Session(_factory(spec), dice, header=header)


def load_session(data: Mapping[str, Any], dice: DiceService | None = None) -> Session[GameState]:
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
    except (TypeError, ValueError) as exc:
        raise FileFormatError(f"saved game header is malformed: {exc}") from exc
    return Session.from_json(data, _factory(spec), dice)


def _check_players(game: Game, players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        raise BadInput(
            f"--players: {game.title} takes {game.min_players} to {game.max_players} "
            f"players, not {players}"
        )


def game_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th game of a run seeded ``seed``."""
    return (seed * 1_000_003 + index * 7_919) % (2**63)


@dataclass
class MatchResult:
    seed: int
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


def resolve_bots(game: Game, names: Sequence[str] | None, players: int) -> list[str]:
    available = game.bots()
    if not names:
        strongest = list(available)[-1]
        return [strongest] * players
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise BadInput(f"--bots: {len(names)} names for {players} seats")
    for n in names:
        if n not in available:
            raise BadInput(f"--bots: unknown bot {n!r}; choose from {', '.join(available)}")
    return list(names)


def play_match(
    game: Game,
    players: int,
    seed: int,
    bot_names: Sequence[str],
    *,
    scenario: Mapping[str, Any] | None = None,
    strict: bool = False,
) -> MatchResult:
    """Bots play every seat from setup to the end."""
    dice = DiceService.seeded(seed)
    state = game.new_initial_state(players, dice, scenario=scenario)
    factories = game.bots()
    bots: list[Bot] = [
        factories[name](DiceService.seeded(f"{seed}:bot:{seat}"))
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
        if strict:
            legal = state.legal_actions()
            if action not in legal:
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
) -> dict[str, Any]:
    """The ``wargame simulate`` run, as the JSON the contract describes."""
    game = game_class(game_name)(params)
    n = players if players is not None else game.default_players()
    _check_players(game, n)
    if games < 1:
        raise BadInput(f"--games must be at least 1, not {games}")
    names = resolve_bots(game, bots, n)
    results = []
    total_actions = 0
    start = time.perf_counter()
    for i in range(games):
        r = play_match(game, n, game_seed(seed, i), names, scenario=scenario, strict=strict)
        total_actions += r.actions
        results.append(r.to_json())
    seconds = time.perf_counter() - start
    return {
        "game": game_name,
        "seed": seed,
        "players": n,
        "bots": names,
        "games": results,
        "seconds": round(seconds, 4),
        "actions_per_second": round(total_actions / seconds, 1) if seconds > 0 else None,
    }
