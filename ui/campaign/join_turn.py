"""Opening an e-mailed turn file leads straight to its campaign (issue 40).

File > Open, a file dropped on the window and the home screen's "Join a campaign from a
turn file..." all end here: the campaign view imports the file (into the stored
campaign it belongs to, or starting that campaign on this computer from its first
file), and when this computer has no player in it yet, asks the player to join
(name, country, passphrase) at once, then says what to do next. Nobody has to make a
dummy campaign to reach Campaign > Import a turn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from wargame.campaign.pbem import MAX_BYTES, TURN_FORMAT, file_bytes, read_turn
from wargame.campaign.store import list_campaigns
from wargame.errors import WargameError
from wargame.persistence.files import read_regular_bytes

TURN_FILTER = "Campaign turn files (*.turn.json *.json)"


def is_turn_file(data: Any) -> bool:
    """Whether parsed JSON is a campaign turn file (by its ``format``)."""
    return isinstance(data, dict) and data.get("format") == TURN_FORMAT


def join_from_turn(window: Any, path: Path | None, data: Any = None) -> Any:
    """Show the campaign with the turn file at ``path`` imported (``data``: the file
    already parsed, when it came without a path); then, if the campaign is new on this
    computer, ask to join. Returns the campaign view, or None when the file is refused
    (the view said why) or the player kept their unsaved campaign."""
    view = window.view("campaign")
    try:
        if path is not None:
            raw = read_regular_bytes(path, max_bytes=MAX_BYTES)
        else:
            raw = file_bytes(data)  # no file to read again: the one byte form of its content
        turn = read_turn(raw, str(path or "the turn file"))
    except WargameError as exc:
        view.show_error(str(exc), "Import a turn")
        window.last_error = str(exc)
        return None
    known = any(c.uid == turn.uid for c in list_campaigns(view.ctx.db)) or (
        view.session is not None and view.state.uid == turn.uid
    )
    if not view.import_turn_file(turn):
        window.last_error = view.last_error
        return None
    window._activate(view)
    if not known:
        offer_to_join(view)
    return view


def offer_to_join(view: Any) -> None:
    """The campaign came from another's file and none of its players is this computer's
    yet: join it now (headless: the hint says how)."""
    hint = (
        f"To join {view.state.name}: Add player... (your name, country and passphrase), "
        "fill in your sheet, then Campaign > Export my turn... and send the file to the "
        "other players."
    )
    view.status_changed.emit(hint)
    view.join_hint = hint
    if view.ctx.quiet_errors:
        return
    before = len(view.state.players)
    view.add_player_dialog()
    if len(view.state.players) > before:
        view._tell(
            "You have joined. Fill in your sheet, then Campaign > Export my turn... and "
            "send the file to every other player.",
            "Joined the campaign",
        )


def join_turn_dialog(window: Any) -> Any:
    """The home screen's "Join a campaign from a turn file...": choose the file."""
    path, _ = QFileDialog.getOpenFileName(
        window,
        "Join a campaign from a turn file",
        str(Path.home()),
        f"{TURN_FILTER};;All files (*)",
    )
    if not path:
        return None
    try:
        return join_from_turn(window, Path(path))
    except WargameError as exc:
        window.error("Could not open the turn file", str(exc))
        return None


__all__ = ["is_turn_file", "join_from_turn", "join_turn_dialog", "offer_to_join"]
