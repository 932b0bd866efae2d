"""The campaign's data: players with their sheets, forces, engagements, turn records."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ORDERS, REVEAL, RESOLVE, OVER = "orders", "reveal", "resolve", "over"
PHASES = (ORDERS, REVEAL, RESOLVE, OVER)


def verdict(winner: str, attacker_score: int, defender_score: int) -> str:
    """ "attacker", "defender" or "draw": ``winner`` when a fight reported one, else the
    higher battle score."""
    if winner:
        return winner
    if attacker_score > defender_score:
        return "attacker"
    if defender_score > attacker_score:
        return "defender"
    return "draw"


@dataclass(frozen=True, slots=True)
class Force:
    """One row of the master sheet. ``sealed``/``commit`` hold the secret part.
    Immutable: a change puts a new Force in the sheet, so clones share them."""

    letter: str
    value: int
    sealed: str = ""
    commit: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"letter": self.letter, "value": self.value}
        if self.sealed:
            out["sealed"], out["commit"] = self.sealed, self.commit
        return out


@dataclass(slots=True)
class Player:
    name: str
    country: str
    salt: str
    verifier: str
    kdf: str
    forces: dict[str, Force] = field(default_factory=dict)
    done: bool = False
    #: This turn's revealed contents by letter (None until the player reveals).
    revealed: dict[str, Any] | None = None

    def copy(self) -> Player:
        forces = dict(self.forces)
        return Player(
            self.name,
            self.country,
            self.salt,
            self.verifier,
            self.kdf,
            forces,
            self.done,
            self.revealed,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "country": self.country,
            "salt": self.salt,
            "verifier": self.verifier,
            "kdf": self.kdf,
            "forces": [f.to_json() for f in sorted(self.forces.values(), key=_letter_key)],
            "done": self.done,
            "revealed": self.revealed,
        }


def _letter_key(f: Force) -> str:
    return f.letter


@dataclass(slots=True)
class Engagement:
    """A force against an opponent's force, declared by ``player``.

    ``attacker`` is the declaring player's "Are you the attacker Y/N".
    """

    key: str
    player: int
    letter: str
    opponent: int
    opponent_letter: str
    attacker: bool
    result: int | None = None
    roll: int | None = None
    attacker_score: int | None = None
    defender_score: int | None = None
    attacker_vp: int | None = None
    defender_vp: int | None = None
    source: str = ""
    #: The fight's own verdict ("attacker", "defender", "draw") when a linked game
    #: reported one; "" when only the typed scores are known (see ``verdict``).
    winner: str = ""
    #: What each side lost in the linked fight ({"attacker": {"ships", "party"},
    #: "defender": ...}), once carried back; None before (see wargame.campaign.losses).
    losses: dict[str, Any] | None = None

    @property
    def verdict(self) -> str:
        """Who won: the one verdict the VP, the standings and the history all use.

        The linked fight's own verdict when it gave one, else the higher battle score
        ("draw" on equal scores)."""
        return verdict(self.winner, self.attacker_score or 0, self.defender_score or 0)

    @property
    def attacker_side(self) -> tuple[int, str]:
        return (
            (self.player, self.letter) if self.attacker else (self.opponent, self.opponent_letter)
        )

    @property
    def defender_side(self) -> tuple[int, str]:
        return (
            (self.opponent, self.opponent_letter) if self.attacker else (self.player, self.letter)
        )

    @property
    def scored(self) -> bool:
        return self.attacker_vp is not None

    def side_of(self, seat: int, letter: str) -> str | None:
        """ "attacker"/"defender" for that force, or None if it is not in this engagement."""
        if (seat, letter) == self.attacker_side:
            return "attacker"
        if (seat, letter) == self.defender_side:
            return "defender"
        return None

    def vp_of(self, seat: int) -> int:
        total = 0
        if self.attacker_vp is not None and self.attacker_side[0] == seat:
            total += self.attacker_vp
        if self.defender_vp is not None and self.defender_side[0] == seat:
            total += self.defender_vp
        return total

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "player": self.player,
            "letter": self.letter,
            "opponent": self.opponent,
            "opponent_letter": self.opponent_letter,
            "attacker": self.attacker,
            "result": self.result,
            "roll": self.roll,
            "attacker_score": self.attacker_score,
            "defender_score": self.defender_score,
            "attacker_vp": self.attacker_vp,
            "defender_vp": self.defender_vp,
            "source": self.source,
            "winner": self.winner,
            **({"losses": self.losses} if self.losses is not None else {}),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Engagement:
        return cls(**d)


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """A finished campaign turn, kept as history (never changed afterwards)."""

    turn: int
    engagements: tuple[Engagement, ...]
    #: Per player: letter -> {"value": v, "contents": revealed contents or None}.
    sheets: tuple[dict[str, Any], ...]
    vp: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "engagements": [e.to_json() for e in self.engagements],
            "sheets": list(self.sheets),
            "vp": list(self.vp),
        }
