"""Opening an e-mailed turn file leads straight to its campaign (issue 40).

File > Open, a file dropped on the window and the home screen's "Join a campaign from a
turn file..." all end here (the registry, ``ui/modes.py``, hands the campaign view the
files whose ``format`` is a turn file's): the file is imported into the stored campaign
it belongs to, or starts that campaign on this computer from its first file; a campaign
new here asks the player to join it at once (name, country, passphrase) and says what to
do next. Nobody has to make a dummy campaign to reach Campaign > Import a turn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from wargame.campaign.pbem import MAX_BYTES, file_bytes, read_turn
from wargame.campaign.store import list_campaigns
from wargame.persistence.files import read_regular_bytes

TURN_FILTER = "Campaign turn files (*.turn.json *.json)"


class JoinTurnMixin:
    """File > Open on a turn file, and home's "Join a campaign from a turn file...", for
    :class:`ui.campaign.view.CampaignView`."""

    # provided by the view
    ctx: Any
    session: Any
    state: Any
    status_changed: Any
    #: What the player is told to do to join (tests read it; None before a join).
    join_hint: str | None = None

    def open_turn_file(self, data: Any, path: Path | None) -> None:
        """Import the turn file (read again from ``path``: its exact bytes are signed;
        without a path, the one byte form of ``data``); a campaign new on this computer
        then asks the player to join. Raises WargameError when the file is refused."""
        raw = read_regular_bytes(path, max_bytes=MAX_BYTES) if path else file_bytes(data)
        turn = read_turn(raw, str(path or "the turn file"))
        known = any(c.uid == turn.uid for c in list_campaigns(self.ctx.db)) or (
            self.session is not None and self.state.uid == turn.uid
        )
        if not self.add_turn_file(turn):
            return  # the player kept the campaign open here (its unsaved changes)
        if not known:
            self.offer_to_join()

    def offer_to_join(self) -> None:
        """The campaign came from another's file: join it now (headless: the hint says how)."""
        hint = (
            f"To join {self.state.name}: Add player... (your name, country and passphrase), "
            "fill in your sheet, then Campaign > Export my turn... and send the file to the "
            "other players."
        )
        self.join_hint = hint
        self.status_changed.emit(hint)
        if self.ctx.quiet_errors:
            return
        before = len(self.state.players)
        self.add_player_dialog()
        if len(self.state.players) > before:
            self._tell(
                "You have joined. Fill in your sheet, then Campaign > Export my turn... and "
                "send the file to every other player.",
                "Joined the campaign",
            )

    def join_turn_dialog(self) -> bool:
        """Home's "Join a campaign from a turn file...": choose the file, then open it as
        File > Open does."""
        path, _ = QFileDialog.getOpenFileName(
            self,
            "Join a campaign from a turn file",
            str(Path.home()),
            f"{TURN_FILTER};;All files (*)",
        )
        if not path:
            return False
        return bool(self.window().open_file(path))


__all__ = ["JoinTurnMixin"]
