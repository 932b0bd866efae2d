"""The one protocol every game mode, the UI shell and the bots are written against.

After OpenSpiel: a :class:`Game` is the fixed ruleset with its parameters and
variants; a :class:`GameState` is the mutable position. Chance (dice, shuffles,
draws) is not a player: ``apply`` draws it from the injected
:class:`~wargame.core.dice.DiceService`, which the action log records, so every
game replays exactly and a player can type in physical dice instead.

Seats are ints ``0..n-1``; in two-sided games seat 0 is the attacker.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self

from wargame.core.actions import Action
from wargame.core.dice import DiceService, Roll
from wargame.core.override import Override, apply_override, describe_override, is_override
from wargame.core.seats import seat_label
from wargame.errors import BadInput, IllegalAction, shown


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended."""

    winner: int | None
    scores: Mapping[int, float]
    turns: int
    end: str
    #: Every seat that won (a whole team, a shared win); None: just ``winner``, if any.
    team: tuple[int, ...] | None = None

    @property
    def winners(self) -> tuple[int, ...]:
        """Every winning seat: a team, several seats sharing a win, () for a draw."""
        if self.team is not None:
            return tuple(sorted(self.team))
        return () if self.winner is None else (self.winner,)

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": None if self.winner is None else str(self.winner),
            "winners": [str(s) for s in self.winners],
            "scores": {str(k): v for k, v in sorted(self.scores.items())},
            "turns": self.turns,
            "end": self.end,
        }


class GameState(ABC):
    """A position of a game. Mutable; ``clone`` gives an independent copy."""

    #: The players' names for the seats (public; the session gives them from its
    #: header, see :mod:`wargame.core.seats`): ``name(seat)`` texts use them.
    seat_names: tuple[str, ...] = ()

    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must act now (a response window names its seat), None if over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Every action the current player may take now. Empty only when terminal."""

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is among ``legal_actions()``: exactly ``action in
        self.legal_actions()``. A game whose lists are long (every move of every
        piece) overrides it with a direct check built on the same rule code, so
        ``simulate --strict`` need not list every action to check the one played."""
        return action in self.legal_actions()

    #: The template ``apply`` checks ``is_legal`` before ``_apply_action``. A mode
    #: whose ``_apply_action`` checks the action itself while applying (its legal list
    #: is built for checking, not for applying: Pirate Versus Pirate, naval, raid)
    #: sets False and raises IllegalAction there before changing anything.
    check_legal: ClassVar[bool] = True

    def apply(self, action: Action, dice: DiceService) -> None:
        """Apply ``action``; raise :class:`~wargame.errors.IllegalAction` and change
        nothing if the rules forbid it.

        The one template every mode shares (OpenSpiel's ``apply_action`` /
        ``_apply_action`` split): a table override goes to
        :func:`~wargame.core.override.apply_override`, an illegal action is refused
        with the mode's ``refusal``, and only a legal action reaches the mode's
        ``_apply_action``. Modes never override ``apply``."""
        if isinstance(action, Override):
            apply_override(self, action)
            self._changed()
            return
        if self.check_legal and not self.is_legal(action):
            raise self.refusal(action)
        self._apply_action(action, dice)

    @abstractmethod
    def _apply_action(self, action: Action, dice: DiceService) -> None:
        """Carry out ``action`` (legal, unless ``check_legal`` is False: then refuse it
        with IllegalAction before changing anything), drawing chance from ``dice``."""

    def refusal(self, action: Action) -> IllegalAction:
        """Why ``action`` is refused now, in the player's words (modes word it better)."""
        return IllegalAction(f"{action.to_text()} is not a legal action now")

    def _changed(self) -> None:
        """The position changed outside ``_apply_action`` (a table override): forget
        whatever the state caches about it (a legal list). Default: nothing cached."""
        return None

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once terminal, else None."""

    @abstractmethod
    def clone(self) -> Self: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state as plain data: equal states give equal JSON."""

    @property
    def turn(self) -> int:
        return 0

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator). Modes with hidden cards override."""
        return self.to_json()

    def resample_hidden(self, seat: int, dice: DiceService) -> Self:
        """A copy in which everything hidden from ``seat`` (other hands, deck order,
        secret choices, loyalties) is redrawn at random through ``dice``, consistent
        with ``observation(seat)``. Search bots plan on such copies, never on the
        true hidden state. Games without hidden information return a plain clone."""
        return self.clone()

    def chance_outcomes(self) -> Sequence[tuple[float, tuple[int, ...]]] | None:
        """Where the one legal action is a roll whose outcomes a search may sum exactly
        (Pirate Versus Pirate's 2d4 to move): each outcome's chance and the dice values
        it draws, in the order drawn (one outcome per result that plays differently).
        None elsewhere, the default: the search then samples the dice."""
        return None

    def scrub_private(self, seat: int) -> None:
        """Forget, in place, what a :meth:`resample_hidden` copy for ``seat`` keeps but
        other seats know privately (cards another seat viewed, loyalties it learnt):
        the copy is then a function of ``seat``'s view and the redraw's dice only, fit
        to send to ``seat`` across computers (``wargame.net.worlds``). Default: nothing
        is kept. A game whose redraw leaves such parts overrides it."""
        return None

    def check_invariants(self) -> None:
        """Raise :class:`~wargame.errors.InvariantViolation` naming the first broken one."""
        return None

    def is_undo_barrier(self, action: Action, rolls: Sequence[Roll]) -> bool:
        """True when undoing ``action`` would reveal hidden information."""
        return action.reveals or any(r.hidden for r in rolls)

    def describe(self, action: Action) -> str:
        """A sentence for the game log. Never called for a secret action (see
        :func:`public_text`); must name nothing ``observation`` hides from any seat."""
        return action.to_text()

    def tell_mark(self) -> Any:
        """Taken just before an action is applied and handed to :meth:`tell` after it
        (what was last reported: a count of events, the last fight). Default: None."""
        return None

    def tell(self, action: Action, mark: Any) -> tuple[str, ...]:
        """The public sentences of what ``action``, just applied, did beyond its label
        (:func:`public_text`, said before it): dice thrown, a fight's or a vote's result,
        the coin drawn, the game's end. ``mark`` is :meth:`tell_mark` from before the
        action. Every seat may read them: they must name nothing ``observation`` hides
        from any seat (the secrecy suite checks). The session keeps them on the log
        entry (``Entry.told``). Default: nothing more to tell."""
        return ()

    def is_secret(self, action: Action) -> bool:
        """True when ``action``'s parameters are private to the seat making it: its
        log line says only that it happened and a save seals it. Default: the action
        class's ``secret``; a game whose secrecy depends on the position (a card
        picked from a hidden hand, not from the table) overrides this."""
        return type(action).secret

    def describe_secret(self, action: Action) -> str:
        """The sentence for a secret action: who acted, never what they chose."""
        seat = self.current_player()
        namer = getattr(self, "name", None)
        if seat is None:
            who = "A player"
        elif callable(namer):
            who = str(namer(seat))
        else:
            who = seat_label(seat, self.seat_names, f"Player {seat + 1}")
        return f"{who} makes a secret choice"

    def parse_action(self, text: str) -> Action:
        return Action.from_text(text)


def action_is_secret(state: Any, action: Action) -> bool:
    """Whether ``state`` (any document; games may override ``is_secret``) keeps
    ``action``'s parameters private."""
    check = getattr(state, "is_secret", None)
    return bool(check(action)) if check is not None else type(action).secret


def public_text(state: Any, action: Action) -> str:
    """The one sentence every player sees for ``action`` about to be applied to
    ``state`` (game log, undo and redo labels, status): a secret action is told
    by ``describe_secret`` and its parameters never reach ``describe``. A table
    override is told by its mode's ``overrides`` module, marked as an override."""
    if is_override(action):
        return describe_override(state, action)
    if action_is_secret(state, action):
        tell = getattr(state, "describe_secret", None)
        return tell(action) if tell is not None else "a secret choice"
    describe = getattr(state, "describe", None)
    return describe(action) if describe is not None else action.to_text()


def tell_mark(state: Any) -> Any:
    """``state.tell_mark()`` for any document (None when it has none)."""
    mark = getattr(state, "tell_mark", None)
    return mark() if mark is not None else None


def told(state: Any, action: Action, mark: Any) -> tuple[str, ...]:
    """What the engine reports ``action`` did, just applied to ``state``
    (:meth:`GameState.tell`); nothing for a table override (its label says it all)
    or a document that tells nothing."""
    tell = getattr(state, "tell", None)
    if tell is None or is_override(action):
        return ()
    return tuple(tell(action, mark))


class Bot(Protocol):
    """Chooses an action for ``seat``; its own randomness comes from its dice service."""

    def choose(self, state: GameState, seat: int) -> Action: ...


BotFactory = Callable[[DiceService], Bot]


class RandomBot:
    """Plays a uniformly random legal action: the rule-following baseline."""

    name = "random"

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice

    def choose(self, state: GameState, seat: int) -> Action:
        actions = state.legal_actions()
        return actions[self.dice.randint(0, len(actions) - 1, "bot choice")]


class Game(ABC):
    """A ruleset with its parameters (variants, house rules)."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    two_sided: ClassVar[bool] = False
    #: The parameters (variants, house rules) the ruleset understands. ``None``: the
    #: subclass validates its own; an empty tuple: it takes none.
    param_names: ClassVar[tuple[str, ...] | None] = ()
    #: Values a save made before a parameter existed was played with: a save whose
    #: header lacks one replays with these (``play.load_session``); a new session
    #: writes them in its header (``play.new_session``).
    legacy_params: ClassVar[Mapping[str, Any]] = {}

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.params: dict[str, Any] = dict(params or {})
        if self.param_names is not None:
            unknown = sorted(set(self.params) - set(self.param_names))
            if unknown:
                known = ", ".join(self.param_names) or "none"
                raise BadInput(
                    f"game parameter {shown(unknown[0])} is unknown to {self.title} (it takes: {known})"
                )

    @abstractmethod
    def new_initial_state(
        self, players: int, dice: DiceService, *, scenario: Mapping[str, Any] | None = None
    ) -> GameState:
        """Set up a new game (dealing and shuffling through ``dice``)."""

    def bots(self) -> dict[str, BotFactory]:
        """Bot names to factories, weakest first; ``random`` is always among them."""
        return {"random": RandomBot}

    def default_players(self) -> int:
        return self.min_players

    # -- a seat in words (the phone page, wargame/net/web) ----------------------------
    def seat_words(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None = None
    ) -> list[dict[str, Any]]:
        """``seat``'s view in words for the phone page: sections ``{"title", "lines",
        "private", "mono"}``; ``private`` marks what only this seat knows (its hand,
        loyalty, viewed cards), ``mono`` lines drawn in a fixed-width font (a map). Made from ``view`` (the seat's ``observation``) and the seats'
        ``names`` alone, so it tells nothing the observation does not. A game without
        its own words shows its plain values, one line each."""
        lines = [
            f"{key.replace('_', ' ')}: {value}"
            for key, value in view.items()
            if isinstance(value, str | int | float) and not isinstance(value, bool)
        ]
        return [{"title": "The table", "lines": lines}]

    def choice_words(
        self, state: GameState, view: Mapping[str, Any], action: Action, sentence: str
    ) -> list[str]:
        """One of the seat's legal actions (``state`` is its turn) for its own player:
        ``[label, group]``, the button's words (they may name the seat's own secret
        choice, which the log's sentence does not; with the odds the desktop shows before
        a roll) and the heading it is listed under. Hidden parts of ``state`` must not
        show: a game with hidden parts words them from ``view``, the seat's observation."""
        return [sentence, action.kind.split(".", 1)[-1].replace("_", " ").capitalize()]


@dataclass
class GameSpec:
    """What a save needs to rebuild a game: its name, players, parameters, scenario."""

    game: str
    players: int
    params: dict[str, Any] = field(default_factory=dict)
    scenario: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "params": self.params,
            "scenario": self.scenario,
        }
