"""Drawing the Pirate Coins table's reveal and decision panels from the state.

A mixin of :class:`ui.coins.view.PirateCoinsView`: it reads the view's widgets and
state and never changes the game.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from wargame.coins.odds import Table, attack_chance, odds, pct
from wargame.coins.state import DECIDE, FLIP, FORTUNE, PLUNDER, REVEAL, START
from wargame.coins.state import SALLY as SALLY_CHOICE

CONTROLLER_TITLES = {
    "human": "Human",
    "random": "Random bot",
    "strong": "Strong bot",
    "hard": "Hard bot",
}


class CoinsDrawing:
    """The view's drawing half (see the module docstring)."""

    def _reveal_view(self) -> dict[int, str]:
        """Show the last reveal; returns what each plunderer of this round took."""
        gains = {s: f" (took {g})" if g else " (got nothing)" for s, g in self.round_gains.items()}
        if self.reveal_shown is None:
            self.reveal.hide()
            return gains
        st = self.state
        last, round_no, turn = self.reveal_shown
        _, _starter, choices, fortune, took, plunderers, won = last
        c = st.coins
        metal = c.metals[c.type_metal[fortune]]
        entries = []
        for s, ch in enumerate(choices):
            if ch == PLUNDER:
                entries.append((st.name(s), True, f"took {took[s]}" if took[s] else "got nothing"))
            elif ch == SALLY_CHOICE:
                entries.append((st.name(s), False, "stays in"))
        title = f"Revealed: round {round_no}, turn {turn}, {metal} fortune."
        if len(plunderers) > 1 and c.divisions[c.type_metal[fortune]] == "all-or-nothing":
            title += " Several plundered a gold fortune: nobody gets anything."
        if won:
            title += f" Someone reached {c.win_booty} booty: the game ends."
        self.reveal.show_reveal(title, entries)
        return gains

    def _flip_odds(self, obs: dict[str, Any]) -> str:
        if not obs["fortune"]:
            return ""
        t = Table.from_observation(obs)
        c = t.coins
        monster = Fraction(len(c.monster_faces), c.flip_sides)
        return (
            f"skull {pct(1 - monster)}, monster {pct(monster)}; "
            f"a monster attack {pct(attack_chance(t))}"
        )

    def _draw_decision(self, obs: dict[str, Any], seat: int | None) -> None:
        st = self.state
        d = self.decision
        if seat is None:
            d.wait(f"<b>Game over</b> ({st.end_reason}): {self._winner_text()}.")
            return
        who = st.name(seat)
        if seat in self.bots:
            what = "deciding" if st.phase == DECIDE else "playing"
            d.wait(f"{who} ({CONTROLLER_TITLES[self.seats[seat]]}) is {what}...")
            return
        if st.phase == DECIDE:
            if self.viewer != seat:
                d.wait(f"Waiting for {who} to take the computer.")
                return
            t = Table.from_observation(obs)
            fortune = obs["fortune"].partition(" ")[0]
            d.ask_decision(who, odds(t, seat), fortune)
            return
        steps = {
            START: (
                f"{who} starts round {st.round + 1}: the top coin of the round stack "
                "starts the pile of loot.",
                "Start the round (Enter)",
            ),
            FORTUNE: (
                f"{who} draws the fortune coin from the pouch.",
                "Draw the fortune coin (Enter)",
            ),
            REVEAL: (
                f"Everyone has decided. {who} turns every coin over at once.",
                "Reveal all choices (Enter)",
            ),
            FLIP: (
                f"{who} flips the fortune coin: skull to the pile, monster to the pool "
                f"({self._flip_odds(obs)}).",
                "Flip the fortune coin (Enter)",
            ),
        }
        prompt, button = steps[st.phase]
        tip = (
            "With Dice > Enter physical dice, type 1 for skull or 2 for monster."
            if st.phase == FLIP
            else "Key: Enter"
        )
        if self.auto_chores:
            d.wait(prompt)
        else:
            d.ask_step(prompt, button, tip)
