"""Campaign > Export my turn... / Import a turn...: play by e-mail with turn files.

The domain (:mod:`wargame.campaign.pbem`) makes, checks and imports the files; this
mixin asks which player is exporting and their passphrase (unless their sheet is
unlocked), where the file goes, and tells the result in one message. The app sends
nothing: the player mails the file themselves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from PySide6.QtWidgets import QFileDialog, QInputDialog, QLineEdit, QMenu, QMessageBox

from wargame.campaign.document import unlock_player
from wargame.campaign.pbem import (
    MAX_BYTES,
    Imported,
    TurnFile,
    import_turn,
    make_turn,
    new_key_warning,
    read_turn,
    start_from_turn,
    turn_player,
)
from wargame.campaign.pbem_keys import fingerprint, own_public_keys, signing_key
from wargame.campaign.store import list_campaigns, open_campaign
from wargame.errors import WargameError
from wargame.persistence.files import read_regular_bytes, write_user_file

TURN_FILTER = "Campaign turn files (*.turn.json *.json)"


class TurnFileCommands(Protocol):
    """What the Campaign menu calls (the campaign view, with :class:`PbemMixin`)."""

    def new_pbem_campaign_dialog(self) -> Any: ...
    def export_turn_dialog(self) -> Any: ...
    def import_turn_dialog(self) -> Any: ...


def campaign_menu(view: TurnFileCommands) -> QMenu:
    """The menu bar's Campaign menu (shown while the campaign is)."""
    menu = QMenu("&Campaign", view)
    menu.setObjectName("campaign-menu")
    new = menu.addAction("&New campaign by e-mail...")
    new.triggered.connect(view.new_pbem_campaign_dialog)
    menu.addSeparator()
    export = menu.addAction("&Export my turn...")
    export.triggered.connect(view.export_turn_dialog)
    imp = menu.addAction("&Import a turn...")
    imp.triggered.connect(view.import_turn_dialog)
    return menu


class PbemMixin:
    """Export and import of turn files, for :class:`ui.campaign.view.CampaignView`."""

    # provided by the view
    session: Any
    ctx: Any
    viewer: int | None
    seat: int
    _key: Any
    undo_stack: Any
    status_changed: Any
    #: The last import's or export's message (tests read it).
    last_info: str | None = None

    def new_pbem_campaign_dialog(self) -> None:
        """A campaign played by e-mail starts with its maker alone: a name, then the
        maker joins (their passphrase stays theirs); the others join from the file."""
        name, ok = QInputDialog.getText(self, "New campaign by e-mail", "The campaign's name:")
        if not ok or not self.start_campaign(name):
            return
        self.add_player_dialog()
        if self.state.players:
            self._tell(
                "Now fill in your sheet, then Campaign > Export my turn... and send the file "
                "to the other players: importing it starts the campaign on their computers, "
                "where each joins with Add player... and sends their own turn file back.",
                "New campaign by e-mail",
            )

    # -- export ---------------------------------------------------------------------------
    def export_seat(self) -> int | None:
        """The player whose turn file this is: the one whose moves wait to go, else the
        player at the computer, else the sheet shown."""
        if self.session is None or not self.state.players:
            return None
        seat = turn_player(self.session)
        if seat is None:
            seat = self.viewer if self.viewer is not None else self.seat
        return seat

    def export_turn_to(self, path: str | Path, passphrase: str | None = None) -> bool:
        """Write the exporting player's turn file to ``path`` (their passphrase opens
        their signing key; not asked again while their sheet is unlocked)."""
        try:
            seat = self.export_seat()
            if seat is None or self.session is None:
                raise WargameError("the campaign has no player yet: nothing to export")
            key = self._key if self.viewer == seat and self._key is not None else None
            if key is None:
                if passphrase is None:
                    return False
                key = unlock_player(self.state, seat, passphrase)
            signer, made = signing_key(self.ctx.data_dir, self.state.uid, seat, key)
            raw = make_turn(self.session, seat, signer)
            write_user_file(path, raw, "file")
        except WargameError as exc:
            self.show_error(str(exc), "Export my turn")
            return False
        name = self.state.players[seat].name
        key_said = "made now, kept" if made else "kept"
        warning = new_key_warning(self.session, seat, made)
        self._tell(
            (f"{warning}. " if warning else "")
            + f"{name}'s turn file is written to {path}: send it to every other player, and "
            "take none of these moves back now (the others would refuse your next file). "
            f"Signed with {name}'s key {fingerprint(signer.public)} ({key_said} in this "
            "computer's data folder, under your passphrase).",
            "Export my turn",
        )
        return True

    def export_turn_dialog(self) -> None:
        try:
            seat = self.export_seat()
        except WargameError as exc:  # a hot-seat campaign: said in words, how to play by e-mail
            self.show_error(str(exc), "Export my turn")
            return
        if seat is None:
            self.show_error("the campaign has no player yet: nothing to export", "Export my turn")
            return
        name = self.state.players[seat].name
        phrase = None
        if not (self.viewer == seat and self._key is not None):
            phrase, ok = QInputDialog.getText(
                self,
                "Export my turn",
                f"{name}, your campaign passphrase (it opens your signing key):",
                QLineEdit.EchoMode.Password,
            )
            if not ok:
                return
        turn = self.state.turn_no
        stem = f"{self.state.name} - turn {turn} - {name}"
        suggested = Path.home() / (stem.translate(str.maketrans("/\\:", "---")) + ".turn.json")
        path, _ = QFileDialog.getSaveFileName(self, "Export my turn", str(suggested), TURN_FILTER)
        if path:
            self.export_turn_to(path, phrase)

    # -- import ---------------------------------------------------------------------------
    def import_turn_from(self, path: str | Path) -> bool:
        """Add the turn file at ``path`` to its campaign (opened from the database, or
        started from the campaign's first file); a refused file changes nothing."""
        try:
            turn = read_turn(read_regular_bytes(path, max_bytes=MAX_BYTES), str(path))
        except WargameError as exc:
            self.show_error(str(exc), "Import a turn")
            return False
        return self.import_turn_file(turn)

    def import_turn_file(self, turn: TurnFile) -> bool:
        """Add a checked turn file to its campaign (see :meth:`import_turn_from`)."""
        try:
            return self.add_turn_file(turn)
        except WargameError as exc:
            self.show_error(str(exc), "Import a turn")
            return False

    def add_turn_file(self, turn: TurnFile) -> bool:
        """:meth:`import_turn_file` that raises WargameError when the file is refused
        (False: the player kept the campaign open here, unsaved)."""
        if self.session is None or turn.uid != self.state.uid:
            return self._import_elsewhere(turn)
        done = self._import_into(self.session, turn)
        self._imported(done.message(self.state.name))
        return True

    def _import_elsewhere(self, turn: TurnFile) -> bool:
        """A file for a campaign not open here: the stored one, or a new one it starts."""
        if any(c.uid == turn.uid for c in list_campaigns(self.ctx.db)):
            session = open_campaign(self.ctx.db, turn.uid, self._dice())
            done = self._import_into(session, turn)
        else:
            session, done = start_from_turn(turn, self._dice())
        if not self.replace_document(lambda: self._set_session(session)):
            return False
        self._imported(done.message(self.state.name))
        return True

    def _import_into(self, session: Any, turn: TurnFile) -> Imported:
        """``turn`` into ``session``; this computer's own keys count as pinned."""
        return import_turn(session, turn, own_keys=own_public_keys(self.ctx.data_dir, turn.uid))

    def _imported(self, message: str) -> None:
        self.undo_stack.clear()  # the imported moves are barriers: nothing here to undo
        self._changed()  # stored at once (the pinned key with it)
        self._tell(message, "Import a turn")

    def import_turn_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Import a turn", str(Path.home()), f"{TURN_FILTER};;All files (*)"
        )
        if path:
            self.import_turn_from(path)

    def _tell(self, message: str, title: str) -> None:
        self.last_info = message
        self.last_error = None
        self.status_changed.emit(message)
        if not self.ctx.quiet_errors:
            QMessageBox.information(self, title, message)


__all__ = ["PbemMixin", "campaign_menu"]
