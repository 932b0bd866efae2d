"""The actions of Tortuga 1667: small frozen values with a text form both ways.

Places are numbered: 0 the Flying Dutchman, 1 the Jolly Roger, 2 Tortuga, 3 the
Flying Dutchman's rowboat, 4 the Jolly Roger's rowboat. Holds and treasure
areas: 0 British, 1 French. Vote cards are type codes (see ``rules.vote_type``).

``secret`` actions (a vote card played, the cards viewed, Crow's Nest picks, the
card taken from a marooned hand) are private to the seat that made them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from wargame.core.actions import Action, action

SHIP0, SHIP1, TORTUGA, BOAT0, BOAT1 = 0, 1, 2, 3, 4
PLACE_NAMES = (
    "the Flying Dutchman",
    "the Jolly Roger",
    "Tortuga",
    "the Dutchman's rowboat",
    "the Roger's rowboat",
)
SHIP_NAMES = ("Flying Dutchman", "Jolly Roger")
HOLD_NAMES = ("British", "French")


@action("tortuga.hold")
@dataclass(frozen=True, slots=True)
class StartHold(Action):
    """Setup: the captain picks the hold of the ship's first treasure."""

    hold: int


@action("tortuga.view")
@dataclass(frozen=True, slots=True)
class View(Action):
    reveals: ClassVar[bool] = True
    secret: ClassVar[bool] = True
    a: int
    b: int


@action("tortuga.reveal")
@dataclass(frozen=True, slots=True)
class Reveal(Action):
    reveals: ClassVar[bool] = True
    slot: int


@action("tortuga.force")
@dataclass(frozen=True, slots=True)
class Force(Action):
    target: int


@action("tortuga.offer")
@dataclass(frozen=True, slots=True)
class Offer(Action):
    a: int
    b: int


@action("tortuga.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    to: int


@action("tortuga.attack")
@dataclass(frozen=True, slots=True)
class Attack(Action):
    pass


@action("tortuga.mutiny")
@dataclass(frozen=True, slots=True)
class Mutiny(Action):
    pass


@action("tortuga.brawl")
@dataclass(frozen=True, slots=True)
class Brawl(Action):
    pass


@action("tortuga.maroon")
@dataclass(frozen=True, slots=True)
class Maroon(Action):
    target: int


@action("tortuga.shift")
@dataclass(frozen=True, slots=True)
class Shift(Action):
    """The cabin boy moves one treasure out of hold ``frm`` into the other."""

    frm: int


@action("tortuga.vote")
@dataclass(frozen=True, slots=True)
class Vote(Action):
    secret: ClassVar[bool] = True
    cards: tuple[int, ...]


@action("tortuga.loot")
@dataclass(frozen=True, slots=True)
class Loot(Action):
    """After a won attack: take from the galleon (frm=-1) or the other ship's hold."""

    frm: int
    to: int


@action("tortuga.leave_loot")
@dataclass(frozen=True, slots=True)
class LeaveLoot(Action):
    """After a won attack: take no treasure (the seed: the captain "may take")."""


@action("tortuga.pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No action is possible (sudden death with every event card revealed, the pawn
    stranded on Tortuga): the action is spent."""


@action("tortuga.marque")
@dataclass(frozen=True, slots=True)
class Marque(Action):
    """Letter of Marque: move ``target`` to the back of ``ship``'s line."""

    target: int
    ship: int


@action("tortuga.keep")
@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep the revealed Letter of Marque for a later action."""


@action("tortuga.pistol")
@dataclass(frozen=True, slots=True)
class Pistol(Action):
    target: int


@action("tortuga.give")
@dataclass(frozen=True, slots=True)
class Give(Action):
    """Give the revealed treasure map to another player."""

    target: int


@action("tortuga.powder")
@dataclass(frozen=True, slots=True)
class Powder(Action):
    boat: int


@action("tortuga.fever")
@dataclass(frozen=True, slots=True)
class Fever(Action):
    reveals: ClassVar[bool] = True
    target: int


@action("tortuga.nest")
@dataclass(frozen=True, slots=True)
class Nest(Action):
    target: int


@action("tortuga.pick")
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Crow's Nest: take one vote card of this type from the vote deck."""

    secret: ClassVar[bool] = True
    card: int


@action("tortuga.fountain")
@dataclass(frozen=True, slots=True)
class Fountain(Action):
    use: bool


@action("tortuga.atlantis")
@dataclass(frozen=True, slots=True)
class Atlantis(Action):
    use: bool


@action("tortuga.take")
@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take one face-down vote card (by position) from a pawn marooned on Tortuga."""

    secret: ClassVar[bool] = True
    slot: int


_CACHE: dict[tuple[Any, ...], Action] = {}


def make(cls: type[Action], *args: Any) -> Action:
    """One shared instance per distinct action: legal lists are built without allocating."""
    key = (cls, *args)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = cls(*args)
    return a
