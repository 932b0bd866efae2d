"""The hot-seat hand-off before a secret choice (the board game's cover, our words)."""

from __future__ import annotations

from ui.table.handoff import HandOff


class DecisionHandOff(HandOff):
    """'Pass the computer to Pirate N': nothing secret is on screen while this shows."""

    def show_for(self, seat: int, name: str, reason: str) -> None:
        super().show_for(seat, name, reason)
        self.blurb.setText(
            f"{reason}\nEveryone else, look away: {name} chooses in secret. "
            "Nobody's choice is shown until the starting pirate reveals them all."
        )
        self.button.setText(f"I am {name}: let me decide")
