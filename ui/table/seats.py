"""Naming the seats of a board-game table ("Pirate 2" -> "Anna"), shared by the
four board-game views.

A view makes one :class:`SeatNaming` over its seat boxes and puts its button in
the setup bar. The names go into the game's session (its header, public and
saved); the state's ``name(seat)`` (:func:`wargame.core.seats.seat_label`) then
gives them to every text: status, log lines, hand-off, history. A new game keeps
the table's names (the same people sit down again); opening a save shows its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QToolBar,
    QWidget,
)

from ui.qtcompat import run_modal
from wargame.core.seats import MAX_NAME, clean_seat_names, seat_label
from wargame.errors import BadInput

HUMAN, EASY, NORMAL, HARD = "human", "easy", "normal", "hard"
#: The one ladder of levels every game's seat boxes offer, weakest first; the names
#: are the players' (``wargame simulate --list-bots`` keeps the engine's bot names).
LADDER: tuple[str, ...] = (HUMAN, EASY, NORMAL, HARD)
#: What a seat's player is called in the seat boxes, one word each.
SEAT_TITLES = {
    HUMAN: "Human",
    EASY: "Easy",
    NORMAL: "Normal",
    HARD: "Hard",
    "remote": "Another computer",  # a seat across computers (ui/net)
}
#: The engine's bot names older saves name a seat by, and the level each now is.
LEGACY = {"random": EASY, "strong": NORMAL, "expectimax": NORMAL}


def level_tip(controller: str, seconds: float) -> str:
    """One line: what a level does and how long it thinks."""
    return {
        HUMAN: "A person at this computer plays this seat",
        EASY: "Plays any allowed move at random; answers at once",
        NORMAL: "Plays the game's best hand-made plan; answers at once",
        HARD: (
            f"Looks ahead through many games from here; thinks up to {seconds:g} s a "
            "move (Esc: at once)"
        ),
    }.get(controller, "")


def tip_levels(box: QComboBox, seconds: float) -> None:
    """Each level in ``box`` gets its one-line tooltip (the think time in it)."""
    for i in range(box.count()):
        tip = level_tip(str(box.itemData(i)), seconds)
        if tip:
            box.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)


def level_of(controller: str) -> str:
    """A seat's controller on the ladder (an older save's bot name: its level)."""
    return LEGACY.get(controller, controller)


def seat_title(controller: str, *, bot_word: bool = False) -> str:
    """A seat's player in words ("Normal", or "Normal bot" with ``bot_word``)."""
    title = SEAT_TITLES.get(controller, controller.title())
    return f"{title} bot" if bot_word and controller not in ("human", "remote") else title


def seat_titles(*, bot_word: bool = False) -> dict[str, str]:
    """Every controller's title a game's seat boxes offer. Not "Another computer": a
    network board adds that item itself to the boxes of remote seats (``ui/net/board``),
    and offered everywhere it would widen every seat box (the bar must fit 1024 px)."""
    return {c: seat_title(c, bot_word=bot_word) for c in SEAT_TITLES if c != "remote"}


def saved_seats(header: Any, n: int, controllers: Sequence[str]) -> list[str]:
    """Who played each of the ``n`` seats of a reopened save (its header's "seats"),
    or humans at every seat when the save does not say it clearly."""
    seats = header.get("seats") if isinstance(header, dict) else None
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        return ["human"] * n
    seats = [level_of(s) for s in seats]
    if len(seats) != n or any(s not in controllers for s in seats):
        return ["human"] * n
    return seats


def default_pirate(seat: int) -> str:
    return f"Pirate {seat + 1}"


class SeatBox(QComboBox):
    """A seat's controller box: as wide as its text where there is room; in a narrow
    window a long seat name is cut short, never "5: Normal" (the bar fits 1024 px)."""

    def __init__(self, shortest: str) -> None:
        super().__init__()
        self.shortest = shortest
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        hint = super().minimumSizeHint()
        room = self.fontMetrics().horizontalAdvance(self.shortest) + 36  # the arrow, margins
        return QSize(min(hint.width(), room), hint.height())


def add_seat_controls(
    view: Any,
    bar: QHBoxLayout,
    key: str,
    players: tuple[int, int, int],
    titles: Mapping[str, str],
    bot: str = NORMAL,
) -> None:
    """The seats part of a table's bar: "Pirates: [4] [1: Human] [2: Normal] ... [Names...]".

    ``players``: (fewest, most, shown at first); ``titles``: controller -> its word,
    "human" first; ``bot``: a new seat's default after the first. Sets the view's
    ``player_spin`` (``<key>-players``), ``seat_boxes`` (``<key>-seat-N``) and
    ``naming``; a box changed during a game plays its seat so at once
    (``view.seat_box_changed``)."""
    fewest, most, shown = players
    label = QLabel("Pirates:")
    label.setToolTip(f"How many pirates play ({fewest} to {most})")
    bar.addWidget(label)
    spin = QSpinBox()
    spin.setObjectName(f"{key}-players")
    spin.setRange(fewest, most)
    spin.setValue(shown)
    spin.setToolTip(label.toolTip())
    bar.addWidget(spin)
    boxes: list[QComboBox] = []
    for s in range(most):
        box = SeatBox(max((f"{most}: {t}" for t in titles.values()), key=len))
        box.setObjectName(f"{key}-seat-{s}")
        for controller, title in titles.items():
            box.addItem(f"{s + 1}: {title}", controller)
        box.setCurrentIndex(0 if s == 0 else list(titles).index(bot))
        box.currentIndexChanged.connect(lambda _=0, seat=s: view.seat_box_changed(seat))
        bar.addWidget(box)
        boxes.append(box)

    def visible(n: int) -> None:
        for s, box in enumerate(boxes):
            box.setVisible(s < n)

    spin.valueChanged.connect(visible)
    visible(shown)
    view.player_spin, view.seat_boxes = spin, boxes
    view.naming = SeatNaming(view, boxes)
    bar.addWidget(view.naming.button)


class SeatNamesDialog(QDialog):
    """One line per seat; an empty line keeps the seat's default name. A name
    refused (too long, twice at the table) is said here, before the dialog closes."""

    def __init__(
        self,
        defaults: Sequence[str],
        names: Sequence[str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Seat names")
        form = QFormLayout(self)
        form.addRow(QLabel("Who sits at each seat? Leave a line empty to keep its name."))
        self.edits: list[QLineEdit] = []
        for s, default in enumerate(defaults):
            edit = QLineEdit(names[s] if s < len(names) else "")
            edit.setObjectName(f"seat-name-{s}")
            edit.setPlaceholderText(default)
            edit.setMaxLength(MAX_NAME)
            form.addRow(f"{default}:", edit)
            self.edits.append(edit)
        self.problem = QLabel()
        self.problem.setObjectName("seat-names-problem")
        self.problem.setStyleSheet("color: #a0281e;")
        self.problem.setWordWrap(True)
        self.problem.hide()
        form.addRow(self.problem)
        box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        form.addRow(box)
        self.names: tuple[str, ...] = tuple(names)

    def accept(self) -> None:
        try:
            self.names = clean_seat_names([e.text() for e in self.edits], len(self.edits))
        except BadInput as exc:
            self.problem.setText(str(exc))
            self.problem.show()
            return
        super().accept()


class SeatNaming:
    """The seat names of one board-game view: a "Seat names..." button, a "Name
    this seat..." entry on each seat box's menu, the boxes labelled by name."""

    def __init__(
        self,
        view: Any,
        boxes: Sequence[QComboBox],
        default: Callable[[int], str] = default_pirate,
    ) -> None:
        self.view = view
        self.boxes = list(boxes)
        self.default = default
        #: The table's names, carried into each new game.
        self.names: tuple[str, ...] = ()
        #: Tests answer the dialog with this (seat defaults, names -> names or None).
        self.answerer: Callable[[list[str], tuple[str, ...]], Sequence[str] | None] | None = None
        self.button = QPushButton("Names...")
        self.button.setObjectName("seat-names")
        self.button.setToolTip('Name the seats ("Pirate 2" -> "Anna"): kept in the save')
        self.button.clicked.connect(lambda: self.edit())
        for s, box in enumerate(self.boxes):
            act = QAction("Name this seat...", box)
            act.triggered.connect(lambda _=False, seat=s: self.edit(seat))
            box.addAction(act)
            box.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        #: Called whenever the names change, to relabel what else names a seat.
        self.listeners: list[Callable[[], None]] = []
        #: The boxes' own item texts ("2: Human"), shown while a seat has no name.
        self._texts = [[box.itemText(i) for i in range(box.count())] for box in self.boxes]
        self._label_boxes()

    def label(self, seat: int) -> str:
        return seat_label(seat, self.names, self.default(seat))

    def _seats(self) -> int:
        session = getattr(self.view, "session", None)
        n = getattr(getattr(session, "state", None), "n", None)
        return n if isinstance(n, int) else sum(1 for b in self.boxes if not b.isHidden())

    def edit(self, seat: int | None = None) -> bool:
        """Ask for the seat names (``seat``: the box clicked, focused first); they
        apply to the game on the table now and to every new game."""
        n = max(self._seats(), (seat + 1) if seat is not None else 0)
        defaults = [self.default(s) for s in range(n)]
        if self.answerer is not None:
            answer = self.answerer(defaults, self.names)
            if answer is None:
                return False
            try:
                names = clean_seat_names(list(answer), n)
            except BadInput as exc:
                self.view.show_error(str(exc), "Seat names")
                return False
        else:
            dialog = SeatNamesDialog(defaults, self.names, self.view)
            if seat is not None and seat < len(dialog.edits):
                dialog.edits[seat].setFocus()
            if run_modal(dialog) != QDialog.DialogCode.Accepted:
                return False
            names = dialog.names
        self.set_names(names)
        return True

    def set_names(self, names: Sequence[str]) -> None:
        """Name the seats of the game on the table (an unsaved change) and of new games."""
        self.names = tuple(names)
        self._label_boxes()
        session = getattr(self.view, "session", None)
        if session is not None and session.seat_names != self.names:
            session.seat_names = self.names[: self._seats()]
            self.view.undo_stack.resetClean()  # the save must learn the names
            self.view.history_changed()
            self.view.autosave()
            self.view.status_changed.emit(self.view.status_text())

    def apply(self, session: Any) -> None:
        """A new game: its seats take the table's names (before any action is logged)."""
        n = getattr(session.state, "n", len(self.names))
        session.seat_names = self.names[:n]

    def follow(self, session: Any) -> None:
        """A save was opened: the table shows its names."""
        self.names = tuple(session.seat_names)
        self._label_boxes()

    def _label_boxes(self) -> None:
        for s, box in enumerate(self.boxes):
            named = s < len(self.names) and bool(self.names[s])
            for i, text in enumerate(self._texts[s]):
                box.setItemText(i, f"{self.names[s]}: {text.split(': ', 1)[-1]}" if named else text)
            box.setToolTip(
                f"Who plays {self.label(s)}: a human at this computer or a bot "
                "(right-click: name this seat)"
            )
        for listener in self.listeners:
            listener()


def add_side_seats(view: Any, bar: QToolBar, key: str, sides: Sequence[str]) -> list[QAction]:
    """The seats of a game of sides in its toolbar: "Attacker: [Human] Defender: [Hard]
    [Names...]" (``sides``: each seat's title). Sets the view's ``seat_boxes`` (``<key>-seat-N``); a
    box changed during a game plays its seat so at once. Returns the toolbar's actions
    (hidden at a seat across computers)."""
    out: list[QAction] = []
    boxes: list[QComboBox] = []
    for s, side in enumerate(sides):
        label = QLabel(f"  {side}: ")
        out.append(bar.addWidget(label))
        box = SeatBox(max(SEAT_TITLES[c] for c in LADDER))
        box.setObjectName(f"{key}-seat-{s}")
        for c in LADDER:
            box.addItem(SEAT_TITLES[c], c)
        box.setToolTip(f"Who commands the {side.lower()}: a human at this computer or a bot")
        box.currentIndexChanged.connect(lambda _=0, seat=s: view.seat_box_changed(seat))
        out.append(bar.addWidget(box))
        boxes.append(box)
    view.seat_boxes = boxes
    view.naming = SeatNaming(view, boxes, lambda seat: sides[seat])
    view.naming.button.setToolTip(f'Name the players ("{sides[0]}" -> "Anna"): kept in the save')
    out.append(bar.addWidget(view.naming.button))
    return out
