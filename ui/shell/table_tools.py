"""Edit > Table override and Dice > Correct last die: changes to the game in play that
are not a player's move (each one logged and undoable)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from ui.shell.host import Shell


class TableTools:
    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def table_override(self, *, piece: str | None = None) -> QDialog | None:
        """Edit > Table override...: move any piece, change any counter of the open
        game, each change a logged, undoable override (ui/override.py); ``piece``
        is selected first (a right-click on it)."""
        from ui.override import OverrideDialog, apply_table_override
        from wargame.core.override import supports_override

        shell = self.shell
        v = shell.current
        session = v.history_session()
        if session is None or not supports_override(session.state):
            shell.error(
                "Table override",
                "A table override changes a game in play: open or start a game first "
                "(Naval battle, Land raid or one of the board games).",
            )
            return None

        def apply(act: Any) -> Any:
            entry = apply_table_override(v, act)
            shell.statusBar().showMessage(entry.label, 10000)
            return entry

        dialog = OverrideDialog(lambda: v.history_session().state, apply, shell)  # type: ignore[arg-type]
        follow = v.undo_stack.indexChanged.connect(lambda _i: dialog.reload())
        dialog.finished.connect(lambda _r: v.undo_stack.indexChanged.disconnect(follow))
        if piece is not None:
            dialog.reload(piece)
        dialog.open()
        return dialog

    def correct_last_die(self) -> None:
        """Dice > Correct last die (ui/dice_correct.py)."""
        from ui.dice_correct import correct_last_die

        shell = self.shell
        entry = correct_last_die(shell.current, shell)  # type: ignore[arg-type]
        if entry is not None and entry.told:
            shell.dice_dock.add_note(shell.current.title, entry.told[0])
