"""The actions of Pirate Versus Pirate. Pirates are named ``blue-3``, triangles by
row letter and column number (``H12``, as printed round the board), coins
``silver-1`` .. ``silver-3`` and ``gold``."""

from __future__ import annotations

from dataclasses import dataclass

from wargame.core.actions import Action, action


@action("pvp.roll")
@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll both dice: for the first turn (roll-off) or to move."""


@action("pvp.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move ``pirate`` exactly the roll to ``to``. ``coin``: the coin collected on the way
    (passing through or landing on it); ``abandon``: a carrier leaves its coin behind."""

    pirate: str
    to: str
    coin: str = ""
    abandon: bool = False

    def to_text(self) -> str:
        text = f"pvp.move pirate={self.pirate} to={self.to}"
        if self.coin:
            text += f" coin={self.coin}"
        if self.abandon:
            text += " abandon=true"
        return text


@action("pvp.pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No pirate can move the roll: the turn is lost."""


@action("pvp.face")
@dataclass(frozen=True, slots=True)
class Face(Action):
    """No Backstabbing: set ``pirate``'s back against side ``back`` (0-2) of its triangle."""

    pirate: str
    back: int


@action("pvp.ready")
@dataclass(frozen=True, slots=True)
class Ready(Action):
    """No Backstabbing setup: this player's pirates face as they are."""
