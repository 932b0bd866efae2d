"""File > Replay: watch a saved game back from its start, step by step or playing.

The dock drives the mode's own view: each step opens the save as it stood after
that many actions (:class:`wargame.core.replay.ReplayPlan`), so the table looks
exactly as it did. Bots stay idle while a replay runs. Closing the dock leaves
the table at the step shown, as a new unsaved game you may play on from there;
the original save is never changed.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from wargame.core.replay import ReplayPlan
from wargame.plural import count

PLAY_INTERVAL_MS = 700


class ReplayDock(QDockWidget):
    """A slider over the game's actions, with back / forward / play."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Replay", parent)
        self.setObjectName("replay-dock")
        self.plan: ReplayPlan | None = None
        self.view: Any = None
        self.name = ""
        body = QWidget()
        lay = QVBoxLayout(body)
        self.title = QLabel()
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setToolTip("Drag to any step of the game")
        self.slider.valueChanged.connect(self.show_step)
        lay.addWidget(self.slider)
        row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for key, text, keys, tip in (
            ("start", "|<", "Home", "Back to the set-up (Home)"),
            ("back", "<", "Left", "One action back (Left)"),
            ("play", "Play", "Space", "Play the game on by itself (Space)"),
            ("forward", ">", "Right", "One action on (Right)"),
            ("end", ">|", "End", "To the last action (End)"),
        ):
            b = QPushButton(text)
            b.setObjectName(f"replay-{key}")
            b.setToolTip(tip)
            b.setShortcut(QKeySequence(keys))
            b.clicked.connect(lambda _=False, k=key: self._button(k))
            row.addWidget(b)
            self.buttons[key] = b
        lay.addLayout(row)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setObjectName("replay-caption")
        lay.addWidget(self.caption)
        lay.addStretch(1)
        self.setWidget(body)
        self.timer = QTimer(self)
        self.timer.setInterval(PLAY_INTERVAL_MS)
        self.timer.timeout.connect(self._tick)

    # -- starting and stopping -----------------------------------------------------------
    def start(self, plan: ReplayPlan, view: Any, name: str) -> None:
        self.plan, self.view, self.name = plan, view, name
        view.replaying = True
        self.title.setText(f"<b>Replay of {name}</b> - {count(plan.length, 'action', 'actions')}")
        self.slider.blockSignals(True)
        self.slider.setRange(0, plan.length)
        self.slider.setValue(0)
        self.slider.blockSignals(False)
        self.show()
        self.show_step(0)

    def stop(self) -> None:
        self.timer.stop()
        self.buttons["play"].setText("Play")
        if self.view is not None:
            self.view.replaying = False
            self.view.document_name = f"{self.name} (from step {self.slider.value()})"
            self.view.document_changed.emit()
        self.plan = None
        self.view = None

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        self.stop()
        super().closeEvent(event)

    # -- stepping ------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.slider.value()

    def show_step(self, k: int) -> None:
        if self.plan is None or self.view is None:
            return
        self.view.open_json(self.plan.save_at(k), None)
        self.view.undo_stack.clear()
        self.view.path = None
        self.view.save_id = None
        self.view.document_name = f"Replay of {self.name}"
        self.view.document_changed.emit()
        self.caption.setText(self.plan.caption(k))
        self.buttons["back"].setEnabled(k > 0)
        self.buttons["start"].setEnabled(k > 0)
        self.buttons["forward"].setEnabled(k < self.plan.length)
        self.buttons["end"].setEnabled(k < self.plan.length)

    def _button(self, key: str) -> None:
        if self.plan is None:
            return
        if key == "play":
            self.toggle_play()
            return
        target = {
            "start": 0,
            "back": self.step - 1,
            "forward": self.step + 1,
            "end": self.plan.length,
        }[key]
        self.slider.setValue(max(0, min(self.plan.length, target)))

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
            self.buttons["play"].setText("Play")
        else:
            self.timer.start()
            self.buttons["play"].setText("Pause")

    def _tick(self) -> None:
        if self.plan is None or self.step >= self.plan.length:
            self.timer.stop()
            self.buttons["play"].setText("Play")
            return
        self.slider.setValue(self.step + 1)
        if self.step >= self.plan.length:
            self.timer.stop()
            self.buttons["play"].setText("Play")
