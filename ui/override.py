"""Edit > Table override...: move any piece, change any counter, as at a real table.

One dialog for every game mode. It lists what the mode's ``overrides`` module
says can be overridden (:func:`wargame.core.override.targets`: public pieces and
counters only), and sends each change to the session as a table override
(``Session.override``): logged, marked, undoable like any action, never past a
roll. A refused change (a hex off the sea, a hull below nothing, a piece
hidden from some player) is explained in the dialog and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGraphicsView,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from wargame.core.actions import Action
from wargame.core.override import OverrideMove, OverrideSet, Target, targets
from wargame.errors import WargameError

INTRO = (
    "Move any piece or change any counter, as players do at a real table for a house "
    "rule or to put a mistake right. Each change is logged as a table override and can "
    "be undone (Edit > Undo); dice already rolled and anything hidden from a player "
    "(cards in hand, face-down cards, loyalties) can't be overridden."
)


def where_text(target: Target) -> str:
    """The piece's place as the log names it."""
    pos = target.position
    if pos is None:
        return "off the table"
    if isinstance(pos, list | tuple):
        return f"({pos[0]}, {pos[1]})"
    names = target.extra.get("place_names") or {}
    return str(names.get(pos, pos))


class OverrideDialog(QDialog):
    """Lists the pieces and counters of the open game; each change is one override."""

    def __init__(
        self,
        state_of: Callable[[], Any],
        apply: Callable[[Action], Any],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Table override")
        self.setObjectName("override-dialog")
        self.state_of = state_of
        self.apply_override = apply
        self.targets: list[Target] = []
        self.counter_widgets: dict[str, QSpinBox | QComboBox] = {}

        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        self.pieces = QListWidget()
        self.pieces.setObjectName("override-pieces")
        self.pieces.setMinimumWidth(220)
        self.pieces.currentRowChanged.connect(self._show_target)

        # Where the piece stands.
        self.place_box = QGroupBox("Place")
        self.col = QSpinBox()
        self.col.setRange(-99, 999)
        self.col.setPrefix("column ")
        self.row = QSpinBox()
        self.row.setRange(-99, 999)
        self.row.setPrefix("row ")
        self.place = QComboBox()
        self.place.setObjectName("override-place")
        self.move_button = QPushButton("&Move here")
        self.move_button.setObjectName("override-move")
        self.move_button.clicked.connect(self.move_piece)
        self.where = QLabel()
        self.note = QLabel()
        self.note.setObjectName("override-note")
        self.note.setWordWrap(True)
        pl = QVBoxLayout(self.place_box)
        pl.addWidget(self.where)
        coords = QHBoxLayout()
        coords.addWidget(self.col)
        coords.addWidget(self.row)
        coords.addWidget(self.place, 1)
        coords.addWidget(self.move_button)
        pl.addLayout(coords)

        # The counters.
        self.counter_box = QGroupBox("Counters")
        self.form = QFormLayout()
        self.set_button = QPushButton("&Set the changed counters")
        self.set_button.setObjectName("override-set")
        self.set_button.clicked.connect(self.set_counters)
        cl = QVBoxLayout(self.counter_box)
        cl.addLayout(self.form)
        cl.addWidget(self.set_button, 0, Qt.AlignmentFlag.AlignRight)

        right = QWidget()
        rl = QVBoxLayout(right)
        rl.addWidget(self.note)
        rl.addWidget(self.place_box)
        rl.addWidget(self.counter_box)
        rl.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(right)

        self.message = QLabel()
        self.message.setObjectName("override-message")
        self.message.setWordWrap(True)

        body = QHBoxLayout()
        body.addWidget(self.pieces)
        body.addWidget(scroll, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(body, 1)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.resize(720, 460)
        self.reload()

    # -- filling ---------------------------------------------------------------------
    def reload(self, keep: str | None = None) -> None:
        """List the pieces again (after an override or an undo) and reselect ``keep``."""
        self.targets = targets(self.state_of())
        self.pieces.blockSignals(True)
        self.pieces.clear()
        for t in self.targets:
            text = t.label[:1].upper() + t.label[1:]
            if t.movable:
                text += f" - {where_text(t)}"
            QListWidgetItem(text, self.pieces)
        self.pieces.blockSignals(False)
        names = [t.piece for t in self.targets]
        row = names.index(keep) if keep in names else (0 if names else -1)
        self.pieces.setCurrentRow(row)
        self._show_target(row)
        if not self.targets:
            self.message.setText("Nothing can be overridden now (the game is over).")

    def current(self) -> Target | None:
        row = self.pieces.currentRow()
        return self.targets[row] if 0 <= row < len(self.targets) else None

    def _show_target(self, row: int) -> None:
        t = self.targets[row] if 0 <= row < len(self.targets) else None
        self.place_box.setVisible(bool(t and t.movable))
        self.counter_box.setVisible(bool(t and t.counters))
        while self.form.rowCount():
            self.form.removeRow(0)
        self.counter_widgets = {}
        self.note.setText(t.note if t else "")
        self.note.setVisible(bool(t and t.note))
        if t is None:
            return
        if t.movable:
            self.where.setText(f"{t.label} is {_at(t)}.")
            grid = t.grid in ("hex", "square")
            self.col.setVisible(grid)
            self.row.setVisible(grid)
            self.place.setVisible(not grid)
            if grid and isinstance(t.position, list | tuple):
                self.col.setValue(int(t.position[0]))
                self.row.setValue(int(t.position[1]))
            if not grid:
                names = t.extra.get("place_names") or {}
                self.place.clear()
                for p in t.places:
                    self.place.addItem(str(names.get(p, p)), p)
                if t.position in t.places:
                    self.place.setCurrentIndex(t.places.index(t.position))
        for c in t.counters:
            w: QSpinBox | QComboBox
            if c.choices:
                w = QComboBox()
                w.addItems(list(c.choices))
                if c.value in c.choices:
                    w.setCurrentIndex(c.choices.index(c.value))
            else:
                w = QSpinBox()
                w.setRange(c.low, max(c.low, c.high))
                w.setValue(int(c.value))
                w.setSuffix(f"   (0 to {c.high})" if c.low == 0 else f"   ({c.low} to {c.high})")
            w.setObjectName(f"override-counter-{c.name}")
            self.counter_widgets[c.name] = w
            self.form.addRow(c.label.capitalize(), w)

    # -- acting ----------------------------------------------------------------------
    def _send(self, act: Action, piece: str) -> bool:
        try:
            entry = self.apply_override(act)
        except WargameError as exc:
            self.message.setText(f"Refused: {exc}")
            return False
        label = getattr(entry, "label", "")
        self.message.setText(f"Done. {label}" if label else "Done.")
        self.reload(piece)
        return True

    def move_piece(self) -> bool:
        t = self.current()
        if t is None or not t.movable:
            return False
        if t.grid in ("hex", "square"):
            to: Any = (self.col.value(), self.row.value())
        else:
            to = self.place.currentData()
        return self._send(OverrideMove(t.piece, to), t.piece)

    def set_counters(self) -> int:
        """One override per counter changed; returns how many were applied."""
        t = self.current()
        if t is None:
            return 0
        wanted: list[tuple[str, Any]] = []
        for c in t.counters:
            w = self.counter_widgets.get(c.name)
            value = w.currentText() if isinstance(w, QComboBox) else w.value() if w else c.value
            if value != c.value:
                wanted.append((c.name, value))
        if not wanted:
            self.message.setText("No counter was changed.")
            return 0
        done = 0
        for name, value in wanted:
            if not self._send(OverrideSet(t.piece, name, value), t.piece):
                break
            done += 1
        return done


def _at(t: Target) -> str:
    where = where_text(t)
    if t.position is None:
        return where
    return f"at {where}" if t.grid in ("hex", "square") else f"on {where}"


def attach_piece_menu(
    board: QGraphicsView, mode_view: QWidget, piece_at: Callable[[QPoint], str | None]
) -> None:
    """Right-click on a piece of ``board`` offers "Override <piece>...": the table
    override dialog opened on that piece (``piece_at`` names the piece under a
    viewport point, None for none)."""
    board.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

    def menu_at(pos: QPoint) -> None:
        piece = piece_at(pos)
        if piece is None:
            return
        menu = QMenu(board)
        menu.setObjectName("override-piece-menu")
        act = menu.addAction(f"Override {piece}...")
        act.triggered.connect(lambda: open_on_piece(mode_view, piece))
        menu.popup(board.viewport().mapToGlobal(pos))

    board.customContextMenuRequested.connect(menu_at)


def open_on_piece(mode_view: QWidget, piece: str) -> Any:
    """Edit > Table override... with ``piece`` selected (from a right-click)."""
    window = mode_view.window()
    opener = getattr(window, "table_override", None)
    return opener(piece=piece) if opener is not None else None


def apply_table_override(view: Any, act: Action) -> Any:
    """Apply ``act`` to the game open in ``view`` as a table override: through the
    session (refused: nothing changes), one step on the view's undo stack, the view
    redrawn, its log told, the autosave written. Returns the log entry."""
    from ui.session_undo import SessionCommand

    session = view.history_session()
    if session is None:
        raise WargameError("there is no game open to override")
    entry = session.override(act)
    view.undo_stack.push(SessionCommand(session, entry.label, view.history_changed))
    view.override_applied(entry)
    view.history_changed()
    view.autosave()
    return entry
