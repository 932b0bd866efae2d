"""The dialog for typing in physical dice: click the faces or type them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui.qtcompat import run_modal
from wargame.core.dice import RollRequest, parse_dice_entry
from wargame.errors import DiceEntryError

FACES = "⚀⚁⚂⚃⚄⚅"


class DiceEntryDialog(QDialog):
    """Asks for ``request.count`` values; OK is enabled only for a valid entry."""

    def __init__(
        self,
        request: RollRequest,
        parent: QWidget | None = None,
        *,
        correcting: tuple[int, ...] | None = None,
    ) -> None:
        super().__init__(parent)
        self.request = request
        self.values: tuple[int, ...] | None = None
        self.setWindowTitle("Correct the die" if correcting else "Enter the dice rolled")
        lay = QVBoxLayout(self)
        how = f"Roll {request.count}{request.die_name} at the table, then click the faces or type them."
        if correcting is not None:
            typed = " ".join(map(str, correcting))
            how = (
                f"Typed in: {typed}. Type what the dice on the table show; the action is "
                "resolved again with them and the log says so."
            )
        intro = QLabel(f"<b>{request.purpose or 'Roll'}</b><br>{how}")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(" ".join(["4"] * request.count))
        self.edit.textChanged.connect(self._validate)
        lay.addWidget(self.edit)
        if request.low == 1 and request.high <= 20:
            grid = QGridLayout()
            for v in range(request.low, request.high + 1):
                label = FACES[v - 1] + f" {v}" if request.high == 6 else str(v)
                btn = QPushButton(label)
                btn.setObjectName(f"face-{v}")
                btn.clicked.connect(lambda _=False, v=v: self.add_face(v))
                grid.addWidget(btn, (v - 1) // 6, (v - 1) % 6)
            lay.addLayout(grid)
            clear = QPushButton("Clear")
            clear.clicked.connect(self.edit.clear)
            lay.addWidget(clear)
        self.message = QLabel("")
        self.message.setStyleSheet("color: #9b1c1c")
        lay.addWidget(self.message)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self._validate("")

    def add_face(self, v: int) -> None:
        parts = self.edit.text().split()
        if len(parts) < self.request.count:
            self.edit.setText(" ".join([*parts, str(v)]))

    def _validate(self, text: str) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            self.values = parse_dice_entry(text, self.request)
        except DiceEntryError as exc:
            self.values = None
            self.message.setText(str(exc) if text.strip() else "")
            ok.setEnabled(False)
            return
        self.message.setText("")
        ok.setEnabled(True)

    def keyPressEvent(self, event) -> None:  # noqa: ANN001, N802 - Qt API
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.values is None:
            return
        super().keyPressEvent(event)


def ask_dice_dialog(request: RollRequest, parent: QWidget | None) -> str | None:
    dialog = DiceEntryDialog(request, parent)
    if run_modal(dialog) == QDialog.DialogCode.Accepted and dialog.values is not None:
        return " ".join(str(v) for v in dialog.values)
    return None
