"""Pieces of Eight, the card-driven board game: the Game (ruleset, variants, bots)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import BotFactory, Game, GameState, RandomBot
from wargame.core.seats import first_seat, starter_choices
from wargame.errors import BadInput
from wargame.poe import effects, words
from wargame.poe.maps import board_for
from wargame.poe.play import PoePlay
from wargame.poe.rules import deck, rules
from wargame.poe.state import Options, PoeState

#: The game parameters (variants) and the values each may take.
VARIANTS: dict[str, tuple[str, ...]] = {
    "players": ("3-6", "2-6"),
    "faceup_to_hand": ("one", "by-location"),
    "mutiny_rounding": ("down", "nearest", "up"),
    # who response windows ask: every seat (hands stay hidden) or only seats able to play
    "windows": ("everyone", "playable"),
    # My Precious! takes from "their" face-up treasure: the player's own (the ruling) or
    # another pirate's
    "my_precious": ("own", "another"),
    # the end: "immediately" the deck runs out the second time (as printed), or
    # "full-round": the round is played out so that every pirate has as many turns
    "end": ("immediately", "full-round"),
    # "head-start": the later pirates in the turn order start with victory points
    # (issue 39: the first to act won 49% at 3 players), or as "printed"
    "start": ("printed", "head-start"),
    # who takes the first turn: a public die roll (the default: the seed does not say,
    # and seat order decided far too much), or a seat number
    "starter": starter_choices(6),
}


def default_params(*, table: bool = False) -> dict[str, str]:
    """The value of every game parameter when none is given.

    ``table=True``: the defaults of a new game at the table (the desktop app), where
    response windows ask everyone so that no hand is hinted at (hot-seat play);
    otherwise those of a Game made without parameters (simulate, benchmarks, and
    saves from before a parameter existed, which must replay as they were played).
    """
    r = rules()
    return {
        "players": VARIANTS["players"][0],
        "faceup_to_hand": r.replenish.faceup_to_hand_default,
        "mutiny_rounding": r.fight.mutiny_rounding_default,
        "windows": r.windows.table_default if table else r.windows.default,
        "my_precious": VARIANTS["my_precious"][0],
        "end": VARIANTS["end"][0],
        "start": VARIANTS["start"][0],
        "starter": r.setup.starter,
    }


def table_params(params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``params`` for a new game at the table: a parameter not given takes its table
    default (so response windows ask everyone unless ``windows`` says otherwise)."""
    return {**default_params(table=True), **dict(params or {})}


class PiecesOfEightGame(Game):
    name: ClassVar[str] = "pieces-of-eight"
    title: ClassVar[str] = "Pieces of Eight"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    param_names: ClassVar[tuple[str, ...] | None] = tuple(VARIANTS)
    #: saves from before the starter parameter existed: Pirate 1 started
    legacy_params: ClassVar[Mapping[str, Any]] = {"starter": "1"}

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        r = rules()
        defaults = default_params()
        for key in self.params:
            if key not in VARIANTS:
                raise BadInput(
                    f"game parameter {key!r} is unknown; choose from {', '.join(VARIANTS)}"
                )
        for key, choices in VARIANTS.items():
            value = str(self.params.get(key, defaults[key]))
            if value not in choices:
                raise BadInput(
                    f"game parameter {key}: {value!r} is not one of {', '.join(choices)}"
                )
            self.params[key] = value
        if self.params["faceup_to_hand"] not in r.replenish.faceup_to_hand:
            raise BadInput(
                f"faceup_to_hand: no table {self.params['faceup_to_hand']!r} in poe.toml"
            )
        lo, hi = r.players.ranges[self.params["players"]]
        self.min_players = lo  # type: ignore[misc]
        self.max_players = hi  # type: ignore[misc]

    def default_players(self) -> int:
        return rules().players.default

    def new_initial_state(
        self, players: int, dice: DiceService, *, scenario: Mapping[str, Any] | None = None
    ) -> PoeState:
        if not self.min_players <= players <= self.max_players:
            raise BadInput(
                f"--players: {self.title} takes {self.min_players} to {self.max_players} "
                f"players, not {players}"
            )
        board = board_for(scenario)
        options = Options(
            self.params["faceup_to_hand"],
            self.params["mutiny_rounding"],
            windows=self.params["windows"],
            my_precious=self.params["my_precious"],
            end=self.params["end"],
            start=self.params["start"],
        )
        state = PoePlay(board, deck(), players, options)
        effects.setup(state, dice, first_seat(self.params["starter"], players, dice, "Who starts"))
        return state

    def seat_words(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None
    ) -> list[dict[str, Any]]:
        return words.seat_words(view, names)

    def choice_words(
        self, state: GameState, view: Mapping[str, Any], action: Action, sentence: str
    ) -> list[str]:
        return words.choice_words(view, action, sentence)

    def bots(self) -> dict[str, BotFactory]:
        from wargame.poe.bots import StrongBot

        return {"random": RandomBot, "strong": StrongBot}
