"""A seat played by a bot across computers, with no sockets: it reads the table's
messages and answers with actions (the network client, ``wargame join`` and the
tests all drive this one class).

Its bot is seeded from the ``bot_seed`` the table hands it (one-way from the
game's seed, as ``simulate`` seeds its bots), so a table served with a seed and
joined by bots ends exactly as ``simulate`` does. It decides on the world the
table sends it on its turn (a game with hidden parts, :mod:`wargame.net.worlds`)
or on its own replay of the public log (a game without). Asked again at the same
log length (a resend after a dropped line) it answers the same action without
choosing again, so its dice never run ahead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.core.dice import DiceService, ReplayProvider, Roll
from wargame.core.game import GameState
from wargame.core.play import bot_factories
from wargame.core.registry import game_class
from wargame.errors import WargameError
from wargame.net.protocol import ProtocolError, field, message
from wargame.net.worlds import read_world


class BotPlayer:
    """Plays one seat with a named bot from the table's messages."""

    def __init__(self, welcome: Mapping[str, Any]) -> None:
        game = game_class(field(dict(welcome), "game", str))(dict(welcome.get("params") or {}))
        self.seat: int = field(dict(welcome), "seat", int)
        self.table: int = int(welcome.get("table", 0))
        self.token: str = field(dict(welcome), "token", str)
        name = field(dict(welcome), "bot", str)
        factories = bot_factories(game, {})
        if name not in factories:
            raise WargameError(f"{game.title} has no bot {name!r}")
        self.bot = factories[name](DiceService.seeded(field(dict(welcome), "bot_seed", str)))
        self.hidden = bool(welcome.get("hidden"))
        players = field(dict(welcome), "players", int)
        scenario = welcome.get("scenario")
        self.state: GameState
        if self.hidden:
            # Set up from any dice: only its rules data is used (the world brings the rest).
            self.state = game.new_initial_state(players, DiceService.seeded(0), scenario=scenario)
        else:
            setup = [Roll.from_json(r) for r in welcome.get("setup") or ()]
            self.state = game.new_initial_state(
                players, DiceService(ReplayProvider(setup)), scenario=scenario
            )
        #: Log entries read so far (the count a resume asks from).
        self.have = 0
        self.result: dict[str, Any] | None = None
        self._chosen: tuple[int, str] | None = None
        #: When the table was last heard from (the client's clock; 0: never).
        self.seen_at = 0.0

    def take(self, update: Mapping[str, Any]) -> dict[str, Any] | None:
        """Read an ``update``; the ``act`` message to send, if it is this seat's turn."""
        start = field(dict(update), "start", int)
        entries = update.get("entries") or []
        if start > self.have:
            raise ProtocolError(f"the table skipped log entries {self.have} to {start - 1}")
        for i, entry in enumerate(entries, start):
            if i < self.have:
                continue  # already read (a resend)
            if not self.hidden:
                self._replay(entry)
            self.have += 1
        if update.get("over"):
            self.result = update.get("result")
            return None
        if update.get("to_act") != self.seat or update.get("n") != self.have:
            return None
        n = self.have
        if self._chosen is None or self._chosen[0] != n:
            if self.hidden:
                world = update.get("world")
                if not isinstance(world, dict):
                    raise ProtocolError("the table sent no world for this seat's turn")
                state = read_world(self.state, world)
            else:
                state = self.state
            self._chosen = (n, self.bot.choose(state, self.seat).to_text())
        return message("act", n=n, action=self._chosen[1])

    def _replay(self, entry: Mapping[str, Any]) -> None:
        text = entry.get("a")
        if not isinstance(text, str):
            raise ProtocolError("a public game's log entry has no action")
        rolls = [Roll.from_json(r) for r in entry.get("r") or ()]
        self.state.apply(self.state.parse_action(text), DiceService(ReplayProvider(rolls)))
