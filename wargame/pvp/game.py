"""Pirate Versus Pirate: the Game (ruleset, variant, board, bots)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import BotFactory, Game, GameState
from wargame.errors import BadInput, FileFormatError, shown
from wargame.paths import scenarios_dir
from wargame.pvp import words
from wargame.pvp.board import TriBoard, board_from_spec, has_board, spec_from_json
from wargame.pvp.play import PvpPlay
from wargame.pvp.rules import START_VARIANTS, VARIANTS, rules
from wargame.pvp.state import Options, PvpState


def default_board_path() -> Path:
    return scenarios_dir() / rules().board.default


def board_data_for(scenario: Mapping[str, Any] | None) -> dict[str, Any]:
    """The board file a scenario plays on: a board file itself, a scenario naming or
    holding one (key ``board``), or the shipped board."""
    from wargame.persistence.files import read_json_file

    if scenario is None:
        data = read_json_file(default_board_path())
    elif has_board(scenario):
        data = dict(scenario)
    elif scenario.get("format") == "wargame-scenario" and "board" in scenario:
        ref = scenario["board"]
        if isinstance(ref, Mapping):
            data = dict(ref)
        elif isinstance(ref, str) and ref:
            base = scenarios_dir().resolve()
            path = (base / ref).resolve()
            if base not in path.parents:
                raise FileFormatError(
                    f"scenario: key 'board' {ref!r} is outside the scenarios folder"
                )
            data = read_json_file(path)
        else:
            raise FileFormatError("scenario: key 'board' must name a board file or hold one")
    elif scenario.get("format") == "wargame-scenario" and scenario.get("mode") in (
        None,
        "pirate-versus-pirate",
    ):
        data = read_json_file(default_board_path())
    else:
        raise FileFormatError(
            "not a Pirate Versus Pirate board: a map file needs a 'triangles' key "
            "(draw one in the map editor's Triangles tool)"
        )
    if not has_board(data):
        raise FileFormatError("not a Pirate Versus Pirate board: no 'triangles' key")
    return data  # type: ignore[return-value]


def board_for(scenario: Mapping[str, Any] | None, players: int | None = None) -> TriBoard:
    data = board_data_for(scenario)
    return _board(json.dumps(data, sort_keys=True), players)


@lru_cache(maxsize=16)
def _board(text: str, players: int | None) -> TriBoard:
    data = json.loads(text)
    name = data.get("name") if isinstance(data, dict) else None
    source = name if isinstance(name, str) and name.strip() else "the board"
    return board_from_spec(spec_from_json(data, source), players=players)


class PirateVersusPirateGame(Game):
    name: ClassVar[str] = "pirate-versus-pirate"
    title: ClassVar[str] = "Pirate Versus Pirate"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    param_names: ClassVar[tuple[str, ...] | None] = ("variant", "start")

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        variant = str(self.params.get("variant", rules().variant.default))
        if variant not in VARIANTS:
            raise BadInput(
                f"game parameter variant: {variant!r} is not one of {', '.join(VARIANTS)}"
            )
        self.params["variant"] = variant
        start = str(self.params.get("start", START_VARIANTS[0]))
        if start not in START_VARIANTS:
            raise BadInput(
                f"game parameter start: {start!r} is not one of {', '.join(START_VARIANTS)}"
            )
        self.params["start"] = start

    def default_players(self) -> int:
        return rules().players.default

    def new_initial_state(
        self, players: int, dice: DiceService, *, scenario: Mapping[str, Any] | None = None
    ) -> PvpState:
        r = rules()
        if not self.min_players <= players <= self.max_players:
            raise BadInput(
                f"--players: {self.title} takes {self.min_players} to {self.max_players} "
                f"players, not {players}"
            )
        board = board_for(scenario, None)
        if players > len(board.colours):
            raise BadInput(
                f"--players: the board {shown(board.name)} has {len(board.colours)} colours"
            )
        opts = Options(
            self.params["variant"],
            silver_to_win=r.win.silver_delivered,
            dice_count=r.dice.count,
            dice_sides=r.dice.sides,
            pirates=r.players.pirates_each,
            quiet_turns=r.win.quiet_turns,
            quiet_reset=r.win.quiet_reset,
            start=self.params["start"],
        )
        return PvpPlay(board, players, opts)

    def seat_words(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None
    ) -> list[dict[str, Any]]:
        return words.seat_words(view, names, seat)

    def choice_words(
        self, state: GameState, view: Mapping[str, Any], action: Action, sentence: str
    ) -> list[str]:
        return words.choice_words(view, action, sentence)

    def bots(self) -> dict[str, BotFactory]:
        from wargame.pvp.bots import FastRandomBot
        from wargame.pvp.greedy import GreedyBot
        from wargame.pvp.judge import JudgeBot
        from wargame.pvp.search import ExpectimaxBot

        # The judge (the Hard level's bot: core/levels.py HARD_BOT) is listed before the
        # expectimax bot, so that the normal level and simulate's default stay that bot.
        return {
            "random": FastRandomBot,
            "greedy": GreedyBot,
            "judge": JudgeBot,
            "expectimax": ExpectimaxBot,
        }
