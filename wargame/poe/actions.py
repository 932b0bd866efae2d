"""The actions of Pieces of Eight. Cards are named by their index 0..103 in the deck,
areas by the map's area ids, pirates by seat."""

from __future__ import annotations

from dataclasses import dataclass

from wargame.core.actions import Action, action


@action("poe.enter")
@dataclass(frozen=True, slots=True)
class Enter(Action):
    """A pirate comes on to the board at a free land area (their first move)."""

    area: str


@action("poe.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    to: str


@action("poe.done")
@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the current phase or choice (stay put, dig nothing, stop discarding...)."""


@action("poe.select")
@dataclass(frozen=True, slots=True)
class Select(Action):
    """Add a card (from hand or face-up) to the treasure being buried."""

    card: int


@action("poe.unselect")
@dataclass(frozen=True, slots=True)
class Unselect(Action):
    card: int


@action("poe.bury")
@dataclass(frozen=True, slots=True)
class Bury(Action):
    """Bury the selected treasure here and score it."""


@action("poe.dig")
@dataclass(frozen=True, slots=True)
class Dig(Action):
    """Dig up all the treasure buried in this land area."""

    reveals = True


@action("poe.discard")
@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: int


@action("poe.draw")
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw one card from the deck (hidden)."""


@action("poe.take")
@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take one face-up treasure back into hand (replenish)."""

    card: int


@action("poe.mutiny")
@dataclass(frozen=True, slots=True)
class Mutiny(Action):
    pass


@action("poe.pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Play nothing (more) in a response window."""


@action("poe.play")
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card with no target (or on yourself)."""

    card: int


@action("poe.play_on")
@dataclass(frozen=True, slots=True)
class PlayOn(Action):
    """Play a card on a pirate (a combat modifier, Becalmed, Rough Swell)."""

    card: int
    seat: int


@action("poe.play_take")
@dataclass(frozen=True, slots=True)
class PlayTake(Action):
    """Thieving Parrot, My Precious, Davy Jones's Locker: the card to take."""

    card: int
    take: int


@action("poe.swap")
@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Me Likie: give one of your face-up treasures for another's of the same value."""

    card: int
    give: int
    take: int


@action("poe.lash")
@dataclass(frozen=True, slots=True)
class Lash(Action):
    """Wheel Lashed: where ``seat`` must move on their next turn."""

    card: int
    seat: int
    area: str


@action("poe.fight")
@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Having entered a pirate's area: fight them."""


@action("poe.join")
@dataclass(frozen=True, slots=True)
class Join(Action):
    """Having entered a pirate's area: ask to join their crew."""


@action("poe.accept")
@dataclass(frozen=True, slots=True)
class Accept(Action):
    pass


@action("poe.refuse")
@dataclass(frozen=True, slots=True)
class Refuse(Action):
    pass


@action("poe.loot")
@dataclass(frozen=True, slots=True)
class Loot(Action):
    """The fight's winner takes one of the loser's face-up treasures."""

    card: int


@action("poe.compel")
@dataclass(frozen=True, slots=True)
class Compel(Action):
    """The winner takes the loser (and their crew) as crew."""


@action("poe.banish")
@dataclass(frozen=True, slots=True)
class Banish(Action):
    """The winner moves the loser away (not into another pirate's area)."""

    to: str


@action("poe.give")
@dataclass(frozen=True, slots=True)
class Give(Action):
    """A captain shares a treasure just dug or won with one of their crew."""

    card: int
    seat: int


@action("poe.overboard")
@dataclass(frozen=True, slots=True)
class Overboard(Action):
    """Rough Swell: the victim chooses the face-up treasure lost overboard."""

    card: int
