"""One table across computers: the game's Session and its seats, with no sockets.

The table is host-authoritative: a client sends an action's text with the log
length it saw; :meth:`Table.act` refuses it in words when it is stale, out of
turn, unreadable or illegal, and otherwise applies it through the one Session
(so barriers and sealing hold as at one screen). :meth:`Table.update_for` is all
a seat ever learns: the log entries as that seat may read them
(:func:`~wargame.net.protocol.entry_for`), its ``observation``, the public seat
list and, for a seat played by a bot client on its turn, a *world*
(:mod:`wargame.net.worlds`). Never the dice, never another seat's secrets.

Each seat holds a random code (``secrets``); the table keeps only its salted hash
(:mod:`wargame.net.identity`), and the save keeps the seats' names, hashes and bots
and the chat, so a table hosted again from its save gives each seat back to its own
player only. A client that drops resumes with the code and the number of entries it
has. A dropped seat is kept for its player for the grace period
(``resources/rules/net.toml``); after it the host may seat a stand-in bot, which
leaves when the player comes back. A seat its player has not taken back is given to
someone else only by the host (:meth:`Table.offer`, by name), with one exception: the
game begins only when every held seat is here (connected, a bot, the host's own, or
kept from a save), and a seat whose line dropped before that is given up after the
short pre-start grace (:meth:`Table.give_up`: its code then says so).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from wargame.core.dice import DiceService, SeededProvider, fresh_seed
from wargame.core.entry import public_roll
from wargame.core.game import Bot, GameSpec, GameState
from wargame.core.log import Session
from wargame.core.play import (
    MatchResult,
    _check_players,
    bot_factories,
    bot_seed,
    load_session,
    new_session,
)
from wargame.core.registry import game_class
from wargame.core.seats import MAX_NAME, seat_label
from wargame.errors import BadInput, IllegalAction, shown
from wargame.net.identity import (
    NET_KEY,
    SeatRecord,
    code_hash,
    code_matches,
    net_json,
    new_code,
    new_salt,
    read_net,
)
from wargame.net.protocol import Refused, UnknownBot, entry_for, message
from wargame.net.rules import NetSettings, net_settings
from wargame.net.worlds import has_hidden, make_world

#: What a seat given up before the start is told when its old code comes back.
GIVEN_UP = "the game had not started and your seat was given up"
#: How many given-up codes a seat remembers (to say so in words, not "not the code").
GIVEN_UP_KEPT = 4

#: What a join is told when every seat is held (../shared/CONTRACT.md).
FULL = "the table is full: every seat is taken (a player takes their own seat back with its code)"


@dataclass
class Seat:
    index: int
    #: The seat's code, once its player has shown it in this run (None: not yet).
    token: str | None = None
    #: The salted hash of the code (None: nobody holds the seat).
    code_hash: str | None = None
    salt: str = ""
    #: Played at the host's own screen.
    here: bool = False
    #: Kept by the host for a newcomer of this name.
    offered_to: str | None = None
    name: str = ""
    #: The bot a client said it plays the seat with (None: a person).
    client_bot: str | None = None
    connected: bool = False
    dropped_at: float | None = None
    #: A bot of the server playing the seat: from the start, or standing in.
    bot: Bot | None = None
    bot_name: str = ""
    stand_in: bool = False
    #: Played from a browser (the phone page): its player is at the table, looking at
    #: the host's screen.
    web: bool = False
    #: Held by a saved table's player (restored from its save): never given up.
    kept: bool = False
    #: (salt, hash) of codes given up before the start, newest last.
    given_up: tuple[tuple[str, str], ...] = ()

    @property
    def present(self) -> bool:
        """Someone is at the seat for the game to begin: its line, a bot, the host's
        own screen, or a saved table's player (that game was under way)."""
        return self.connected or self.bot is not None or self.here or self.kept

    @property
    def held(self) -> bool:
        """A player holds the seat by its code (connected or not)."""
        return self.code_hash is not None

    @property
    def taken(self) -> bool:
        return (
            self.held or self.offered_to is not None or (self.bot is not None and not self.stand_in)
        )

    def record(self) -> SeatRecord:
        return SeatRecord(
            name=self.name,
            code=self.code_hash,
            salt=self.salt,
            client_bot=self.client_bot,
            server_bot=self.bot_name if self.bot is not None and not self.stand_in else "",
            here=self.here,
            offered_to=self.offered_to,
        )

    def public(self, grace: float, now: float) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.index,
            "name": self.name,
            "open": not self.taken,
            "connected": self.connected or (self.bot is not None and not self.stand_in),
        }
        if self.bot is not None:
            out["bot"] = self.bot_name
            out["stand_in"] = self.stand_in
        elif self.client_bot is not None:
            out["bot"] = self.client_bot
        if self.web:
            out["web"] = True
        if self.offered_to is not None:
            out["offered_to"] = self.offered_to
        if self.dropped_at is not None and not self.connected:
            out["grace_left"] = round(max(0.0, grace - (now - self.dropped_at)), 1)
        return out


class Table:
    """A game's Session with its seats (see the module)."""

    def __init__(
        self,
        game_name: str,
        *,
        players: int | None = None,
        seed: int | None = None,
        params: Mapping[str, Any] | None = None,
        scenario: Mapping[str, Any] | None = None,
        bots: Mapping[int, str] | None = None,
        settings: NetSettings | None = None,
        clock: Callable[[], float] = time.monotonic,
        saved: Mapping[str, Any] | None = None,
    ) -> None:
        """``saved``: a save of a game (the host's, :meth:`save_json`, or any of this
        game) to play on from; its header gives the players, settings and scenario."""
        if saved is not None:
            session = load_session(saved)  # its dice go on from the save's sealed state
            header = session.header
            if header.get("game") != game_name:
                raise BadInput(f"that save is a game of {shown(header.get('game'))}")
            players = int(header.get("players") or session.state.n)
            params, scenario = header.get("params"), header.get("scenario")
            seed = None  # the save's generator goes on; this seed only seeds bots
        self.game_name = game_name
        self.params = dict(params or {})
        self.game = game_class(game_name)(self.params)
        n = players if players is not None else self.game.default_players()
        _check_players(self.game, n)
        self.players = n
        self.scenario = dict(scenario) if scenario is not None else None
        #: The game's seed: the table's own secret until the game is over.
        self.seed = seed if seed is not None else fresh_seed()
        #: Whether the result names the seed (not when it would foretell other tables).
        self.seed_shown = True
        spec = GameSpec(game_name, n, dict(self.params), self.scenario)
        self.session: Session[GameState] = (
            session if saved is not None else new_session(spec, DiceService.seeded(self.seed))
        )
        #: The server's own dice (worlds, stand-in bots): nothing to do with the game's.
        self.private = DiceService(SeededProvider(fresh_seed()))
        self.settings = settings or net_settings()
        self.clock = clock
        self.factories = bot_factories(self.game, {})
        self.hidden = has_hidden(self.session.state)
        self.seats = [Seat(i) for i in range(n)]
        #: The game has begun (every held seat was here once): it never un-begins.
        self.began = False
        #: The table's chat, newest last (a save keeps the last lines).
        self.chat_lines: list[dict[str, Any]] = []
        kept = read_net(self.session.header, n) if saved is not None else None
        if kept is not None:
            self._restore(*kept)
        for seat, name in (bots or {}).items():
            self.set_bot(seat, name)

    def _restore(self, records: list[SeatRecord], chat: list[dict[str, Any]]) -> None:
        """The seats of a saved table: each player's seat kept for their code (dropped
        until they are back: the grace period counts from now), the server's bots
        seated again, the chat as it was."""
        now = self.clock()
        for seat, rec in zip(self.seats, records, strict=True):
            seat.name, seat.here, seat.offered_to = rec.name, rec.here, rec.offered_to
            if rec.server_bot:
                self.set_bot(seat.index, rec.server_bot)
                seat.name = rec.name or seat.name
            elif rec.code is not None:
                seat.code_hash, seat.salt = rec.code, rec.salt
                seat.client_bot = rec.client_bot
                seat.kept = True
                seat.dropped_at = now
        self.chat_lines = list(chat)
        self._names_changed()

    def set_bot(self, seat: int, name: str) -> None:
        """A bot of the server plays ``seat`` from now on (the host's setup)."""
        self._check_seat(seat)
        s = self.seats[seat]
        s.bot = self._bot(name, DiceService.seeded(bot_seed(self.seed, seat)))
        s.bot_name, s.stand_in, s.name = name, False, f"{name} bot"
        s.token = s.code_hash = s.offered_to = s.client_bot = None
        s.connected, s.dropped_at, s.here, s.kept = False, None, False, False
        self._names_changed()

    def _names_changed(self) -> None:
        # the log's sentences name the players (a server's bot keeps the game's name)
        self.session.seat_names = [s.name if s.held else "" for s in self.seats]

    # -- seats ---------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.session.state

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            raise Refused(f"there is no seat {seat + 1} at a table of {self.players}")

    def _bot(self, name: str, dice: DiceService) -> Bot:
        if name not in self.factories:
            raise BadInput(f"unknown bot {shown(name)}; choose from {', '.join(self.factories)}")
        return self.factories[name](dice)

    def check_bot(self, name: str | None) -> None:
        if name is not None and name not in self.factories:
            raise UnknownBot(
                f"{self.game.title} has no bot {shown(name)}; choose from "
                f"{', '.join(self.factories)}"
            )

    def open_seats(self, name: str | None = None) -> list[int]:
        """The seats a join may take: the open ones, and one the host keeps for a
        newcomer called ``name``."""
        who = " ".join(str(name or "").split()).casefold()
        offered = [
            s.index
            for s in self.seats
            if s.offered_to is not None and who and s.offered_to.casefold() == who
        ]
        return offered + [s.index for s in self.seats if not s.taken]

    @property
    def full(self) -> bool:
        return all(s.taken for s in self.seats)

    def take_seat(self, name: str = "", bot: str | None = None, seat_no: int | None = None) -> Seat:
        """The next open seat (or open seat ``seat_no``) for a remote player (``bot``: the
        bot it plays with); a seat the host keeps for a newcomer goes to that name only."""
        self.check_bot(bot)
        free = self.open_seats(name)
        if seat_no is not None:
            self._check_seat(seat_no)
            if seat_no not in free:
                raise Refused(f"seat {seat_no + 1} is taken")
            free = [seat_no]
        if not free:
            raise Refused(FULL)
        seat = self.seats[free[0]]
        self._give(seat, name if seat.offered_to is None else seat.offered_to)
        seat.client_bot = bot
        seat.connected = True
        _ = self.started  # the game begins the moment its last seat is here
        return seat

    def _give(self, seat: Seat, name: str) -> str:
        """A new code for ``seat`` (the old one no longer takes it); the code."""
        if seat.stand_in:  # a bot sat in for the seat's old player: the new one plays
            seat.bot, seat.bot_name, seat.stand_in = None, "", False
        seat.dropped_at = None
        seat.kept = False
        seat.token = new_code()
        seat.salt = new_salt()
        seat.code_hash = code_hash(seat.token, seat.salt)
        seat.offered_to = None
        seat.name = self._fresh_name(name, seat.index)
        self._names_changed()
        return seat.token

    def claim_here(self, seat: int, name: str = "") -> str:
        """The host plays ``seat`` at its own screen: a new code for it (the host's app
        only, in its own process); the code to resume with."""
        self._check_seat(seat)
        s = self.seats[seat]
        if s.bot is not None and not s.stand_in:
            s.bot, s.bot_name = None, ""
        s.here = True
        return self._give(s, name or s.name)

    def offer(self, seat: int, name: str) -> None:
        """The host gives ``seat`` (nobody at it now) to a newcomer called ``name``: the
        old code no longer takes it, and only a join of that name does."""
        self._check_seat(seat)
        s = self.seats[seat]
        who = self._fresh_name(name, seat)
        if not who:
            raise Refused("name the newcomer the seat is for")
        if s.connected:
            raise Refused(f"{self.name(seat)} is at seat {seat + 1}")
        if s.bot is not None and not s.stand_in:
            raise Refused(f"a bot of the table plays seat {seat + 1}")
        s.token = s.code_hash = s.client_bot = None
        s.kept = False
        s.offered_to = who
        s.name = who
        s.here = False
        self._names_changed()

    def open_seat(self, seat: int) -> None:
        """The host opens ``seat`` to whoever joins next (its old code no longer takes it)."""
        self._check_seat(seat)
        s = self.seats[seat]
        s.token = s.code_hash = s.client_bot = s.offered_to = None
        s.bot, s.bot_name, s.stand_in = None, "", False
        s.connected, s.dropped_at, s.here, s.name = False, None, False, ""
        s.kept = False
        self._names_changed()

    def may_give_up(self, seat: int) -> bool:
        """Seat ``seat`` dropped before the game began and is nobody's for good (not
        kept from a save, not the host's own, no bot): it may be given up."""
        s = self.seats[seat]
        return (
            not self.started
            and s.held
            and not s.connected
            and s.dropped_at is not None
            and not s.kept
            and not s.here
            and s.bot is None
        )

    def give_up(self, seat: int) -> None:
        """Seat ``seat``'s line dropped before the game began and the pre-start grace is
        over: the seat opens to newcomers, and its old code is told so in words."""
        if not self.may_give_up(seat):
            raise Refused(f"seat {seat + 1} is not one to give up")
        s = self.seats[seat]
        assert s.code_hash is not None
        given_up = (*s.given_up, (s.salt, s.code_hash))[-GIVEN_UP_KEPT:]
        self.open_seat(seat)
        s.given_up = given_up

    def _fresh_name(self, name: str, seat: int) -> str:
        """A player's name as the table's log may use it: one printable line, short, and
        not another seat's (a second "Ann" is "Ann (seat 3)")."""
        clean = "".join(ch for ch in " ".join(str(name).split()) if ch.isprintable())[:24]
        taken = {s.name.casefold() for s in self.seats if s.index != seat and s.name}
        if clean.casefold() in taken:
            clean = f"{clean[: MAX_NAME - 9]} (seat {seat + 1})"
        return clean

    def resume(self, seat: int, token: str) -> Seat:
        """The seat's player is back (its code checked): a stand-in bot leaves."""
        self._check_seat(seat)
        s = self.seats[seat]
        if not code_matches(str(token), s.salt, s.code_hash):
            if any(code_matches(str(token), salt, h) for salt, h in s.given_up):
                raise Refused(GIVEN_UP)
            raise Refused(f"that is not the code of seat {seat + 1}")
        s.token = str(token)
        s.connected = True
        s.dropped_at = None
        if s.stand_in:
            s.bot, s.bot_name, s.stand_in = None, "", False
        _ = self.started  # the game begins the moment its last seat is here
        return s

    def drop(self, seat: int) -> None:
        s = self.seats[seat]
        s.connected = False
        s.dropped_at = self.clock()

    def grace_left(self, seat: int) -> float | None:
        """Seconds until the host may give the dropped ``seat`` to a bot (None: not dropped)."""
        s = self.seats[seat]
        if s.connected or s.dropped_at is None:
            return None
        return max(0.0, self.settings.seats.grace_seconds - (self.clock() - s.dropped_at))

    def stand_in(self, seat: int, bot: str) -> None:
        """The host seats ``bot`` for a player gone longer than the grace period."""
        self._check_seat(seat)
        left = self.grace_left(seat)
        if left is None:
            raise Refused(f"seat {seat + 1} has its player")
        if left > 0:
            raise Refused(f"seat {seat + 1} is kept for its player {left:.0f} s more")
        s = self.seats[seat]
        s.bot = self._bot(bot, self.private)
        s.bot_name, s.stand_in = bot, True

    # -- play ------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        """Every seat is taken and the game has begun: once every held seat was here
        (a seat whose line dropped before that holds the start up until it is back or
        given up)."""
        if not all(s.taken for s in self.seats):
            return False
        if not self.began and all(s.present for s in self.seats if s.held):
            self.began = True
        return self.began

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def to_act(self) -> int | None:
        if not self.started or self.over:
            return None
        return self.state.current_player()

    def name(self, seat: int) -> str:
        return seat_label(seat, [s.name for s in self.seats])

    def act(self, seat: int, have: int, text: str) -> None:
        """Seat ``seat``'s action (its text), made having seen ``have`` log entries.
        Refused, in words, when stale, out of turn, unreadable or illegal."""
        n = len(self.session.entries)
        if not self.started:
            raise Refused("the game starts when every seat is taken and its player here")
        if have != n:
            raise Refused(f"stale: the log has {n} entries, the action was made after {have}")
        if self.over:
            raise Refused("the game is over")
        turn = self.state.current_player()
        if turn != seat:
            raise Refused(f"it is {self.name(turn) if turn is not None else 'nobody'}'s turn")
        if self.seats[seat].stand_in:
            raise Refused("a bot sits in for this seat: take it back first")
        try:
            self.session.apply_text(str(text))
        except (IllegalAction, BadInput) as exc:
            raise Refused(str(exc)) from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            # values of the wrong kind for the action (the Session has undone it)
            raise Refused(f"{shown(text)} is not an action of this game ({exc})") from None

    def run_bots(self, limit: int = 100_000) -> int:
        """The server's bots play while it is one of theirs to act; how many actions."""
        done = 0
        while done < limit:
            seat = self.to_act()
            if seat is None or self.seats[seat].bot is None:
                break
            bot = self.seats[seat].bot
            assert bot is not None
            self.session.apply(bot.choose(self.state, seat))
            done += 1
        return done

    # -- what a seat is told -----------------------------------------------------------
    def seat_list(self) -> list[dict[str, Any]]:
        now, grace = self.clock(), self.settings.seats.grace_seconds
        pre = self.settings.seats.pre_start_grace_seconds
        out = []
        for s in self.seats:
            if self.may_give_up(s.index):  # the countdown to its seat opening again
                out.append(s.public(pre, now) | {"before_start": True})
            else:
                out.append(s.public(grace, now))
        return out

    def welcome_for(self, seat: int, table_id: int = 0) -> dict[str, Any]:
        s = self.seats[seat]
        out = message(
            "welcome",
            table=table_id,
            seat=seat,
            token=s.token,
            game=self.game_name,
            title=self.game.title,
            players=self.players,
            params=self.params,
            scenario=self.scenario,
            hidden=self.hidden,
        )
        # the setup's dice as anyone may read them (who starts); a public game's client
        # replays the log from them
        out["setup"] = [public_roll(r) for r in self.session.setup_rolls]
        kept = self.settings.seats.chat_kept  # the table's chat so far (a save keeps it)
        out["chat"] = list(self.chat_lines[-kept:]) if kept > 0 else []
        if s.client_bot is not None:
            out["bot"] = s.client_bot
            out["bot_seed"] = bot_seed(self.seed, seat)
        return out

    def update_for(self, seat: int | None, have: int, *, web: bool = False) -> dict[str, Any]:
        """Everything new for ``seat`` since it had ``have`` entries. ``web``: a browser's
        seat (the phone page): never a world; its view also in words
        (``Game.seat_words``, from the observation alone) and its choices labelled as
        its player reads them (``Game.choice_words``)."""
        entries = self.session.entries
        have = max(0, min(have, len(entries)))
        turn = self.to_act()
        out = message(
            "update",
            start=have,
            n=len(entries),
            entries=[entry_for(e, seat) for e in entries[have:]],
            view=self.state.observation(seat),
            to_act=turn,
            seats=self.seat_list(),
            names=list(self.session.seat_names),
            over=self.over,
        )
        person = seat is not None and self.seats[seat].client_bot is None
        if seat is not None and self.hidden and (turn == seat or person) and not web:
            # a bot's turn: what it decides on; a person: what their board draws, always
            out["world"] = make_world(self.state, seat, self.private)
        if seat is not None and turn == seat and self.seats[seat].client_bot is None:
            # a person's choices: its own options, each with the sentence it would make
            state = self.state
            out["legal"] = [[a.to_text(), state.describe(a)] for a in state.legal_actions()]
            if web:
                view = out["view"]
                for row, action in zip(out["legal"], state.legal_actions()):
                    row.extend(self.game.choice_words(state, view, action, row[1]))
        if web:
            # the seats as the log's sentences name them (a server's bot: "Pirate 4")
            names = list(self.session.seat_names)
            labels = [seat_label(i, names) for i in range(self.players)]
            out["words"] = self.game.seat_words(out["view"], labels, seat)
        if self.over:
            out["result"] = self.result()
        return out

    def result(self) -> dict[str, Any] | None:
        """The game's entry as ``simulate`` writes it (the seed told once it is over)."""
        outcome = self.state.outcome()
        if outcome is None:
            return None
        return MatchResult(
            self.seed if self.seed_shown else None,
            outcome.winner,
            dict(outcome.scores),
            outcome.turns,
            len(self.session.entries),
            outcome.end,
            outcome.winners,
        ).to_json()

    def save_json(self) -> dict[str, Any]:
        """The table's game as a save of this installation (sealed as at one screen): who
        played each seat in its header (a bot of the server by its name, else a person:
        reopened at one screen it is a hot-seat game), the seats' records and chat
        (:mod:`wargame.net.identity`), never the seed."""
        head = self.save_head()
        return self.session.join_parts(
            head, [self.session.entry_json(i) for i in range(len(self.session.entries))]
        )

    def save_head(self) -> dict[str, Any]:
        """The save's head (:meth:`save_json` without its log rows, which never change
        once written: a saver may keep them)."""
        header = self.session.header
        header["seats"] = [
            s.bot_name if s.bot is not None and not s.stand_in else "human" for s in self.seats
        ]
        header.pop("seed", None)
        header[NET_KEY] = net_json(
            [s.record() for s in self.seats], self.chat_lines, self.settings.seats.chat_kept
        )
        return self.session.head_json()

    def chat(self, seat: int, text: str) -> dict[str, Any]:
        line = " ".join(str(text).split())[: self.settings.limits.max_chat]
        if not line:
            raise Refused("an empty chat line")
        said = {"seat": seat, "name": self.name(seat), "text": line}
        kept = self.settings.seats.chat_kept
        self.chat_lines = [*self.chat_lines, said][-kept:] if kept > 0 else []
        return message("chat", **said)
