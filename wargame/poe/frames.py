"""Response windows and pending choices, kept explicitly on a stack in the state.

The top frame names the seat being asked (``current_player``). Each frame says
who may do what and when it closes:

* ``turn-start``: before a pirate's turn, every other player in clockwise order
  may play cards (Becalmed on the pirate, and any "anytime" card), then passes.
* ``phase-end``: after a phase step of a pirate's turn that stopped for them (bury,
  move, dig, discard), every other player in clockwise order may play anytime
  cards (and Becalmed before the move), then passes (rulings: "Reactions after
  each phase step").
* ``entry``: someone entered a captain's area; the captain may play Law of the Sea.
* ``join-or-fight``: the pirate who entered chooses to fight or ask to join.
* ``accept``: the captain accepts the newcomer as crew or refuses (then fights).
* ``fight``: before the dice, anyone may play combat cards (and mutiny cards in a
  mutiny); the window goes round the table from the attacker and closes when
  every player has passed since the last card.
* ``loot`` / ``fate`` / ``share``: the winner takes treasure, compels or banishes
  the loser, and may share the treasure with the crew.
* ``overboard``: the victim of Rough Swell chooses the treasure lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The response windows: frames that may ask seats with nothing to play (the game
#: parameter ``windows`` says whether they do).
WINDOWS = ("turn-start", "phase-end", "fight", "entry")

#: The windows that go once round the table outside fights (same choices, same order).
ROUND_WINDOWS = ("turn-start", "phase-end")


@dataclass(slots=True)
class Frame:
    kind: str
    # who is involved; meaning depends on kind
    a: int = (
        -1
    )  # turn-start: the pirate whose turn starts; fights: attacker; mover; winner; giver; victim
    b: int = -1  # defender; captain; loser
    order: list[int] = field(default_factory=list)  # turn-start: seats still to ask
    cur: int = -1  # fight: the seat being asked
    passed: int = 0  # fight: bitmask of seats that passed since the last card
    mutiny: bool = False
    mod_a: int = 0
    mod_b: int = 0
    no_penalty: bool = False  # Walk the Plank played
    no_bonus: bool = False  # Clap 'em in Irons played
    budget: int = 0  # loot: spots still takeable
    cards: list[int] = field(default_factory=list)  # loot taken / cards to share
    played: list[int] = field(default_factory=list)  # fight: cards played in the window
    phase: str = ""  # phase-end: the phase the active pirate has just ended

    def copy(self) -> Frame:
        return Frame(
            self.kind,
            self.a,
            self.b,
            list(self.order),
            self.cur,
            self.passed,
            self.mutiny,
            self.mod_a,
            self.mod_b,
            self.no_penalty,
            self.no_bonus,
            self.budget,
            list(self.cards),
            list(self.played),
            self.phase,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "a": self.a, "b": self.b}
        if self.kind in ROUND_WINDOWS:
            out["order"] = list(self.order)
        if self.kind == "phase-end":
            out["phase"] = self.phase
        if self.kind == "fight":
            out.update(
                cur=self.cur,
                passed=self.passed,
                mutiny=self.mutiny,
                mod_a=self.mod_a,
                mod_b=self.mod_b,
                no_penalty=self.no_penalty,
                no_bonus=self.no_bonus,
                played=list(self.played),
            )
        if self.kind == "loot":
            out["budget"] = self.budget
        if self.kind in ("loot", "share"):
            out["cards"] = list(self.cards)
        return out
