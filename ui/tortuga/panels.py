"""Side panels: the seat's own secrets, the players, a vote revealed, a new game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ui.table.base import TableView
from ui.table.seats import seat_titles
from ui.tortuga.board import BRITISH, FRENCH, chip, clear_layout, rank_name
from wargame.core.seats import seat_label
from wargame.plural import count
from wargame.tortuga.describe import vote_words
from wargame.tortuga.rules import TITLES, vote_name

CONTROLLERS = TableView.controllers  # who can sit at a seat: the table's one list
CONTROLLER_TITLES = seat_titles(bot_word=True)
VOTE_WORDS = ("attack", "brawl", "mutiny")
SYMBOL_COLOURS = {
    "cannon": "#3b3b3b",
    "torch": "#c0561b",
    "water": "#2a7fa8",
    "british flag": BRITISH,
    "french flag": FRENCH,
    "skull": "#1d1d1d",
    "helm": "#7a5a1e",
}
#: The background of a bot's last move in the pirates panel (as the log shades it).
JUST_MOVED = "#e8dcc0"
TEAM_COLOURS = {"British": BRITISH, "French": FRENCH, "Dutch": "#c46a00"}


def vote_card_text(c: int) -> str:
    """A vote card's three symbols: attack / brawl flag / mutiny."""
    return vote_name(c)


class SecretsPanel(QFrame):
    """What only the seat on screen may see: loyalty, vote hand, viewed cards."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("tortuga-secrets")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        self.title = QLabel()
        self.title.setObjectName("row-title")
        lay.addWidget(self.title)
        self.loyalty = QLabel()
        self.loyalty.setObjectName("tortuga-loyalty")
        lay.addWidget(self.loyalty)
        self.body = QLabel()
        self.body.setObjectName("tortuga-hand")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.body)

    def show_secrets(
        self, obs: dict[str, Any] | None, name: str, names: Sequence[str] = ()
    ) -> None:
        if obs is None:
            self.title.setText("Secrets are hidden")
            self.loyalty.setText("")
            self.loyalty.setStyleSheet("")
            self.body.setText("<i>Pass the computer to the player whose turn it is.</i>")
            return
        seat = obs["seat"]
        team = obs["loyalty"][seat]
        self.title.setText(f"{name}: only for your eyes")
        self.loyalty.setText(f"Your loyalty: {team}")
        self.loyalty.setStyleSheet(
            f"background: {TEAM_COLOURS[team]}; color: white; font-weight: bold;"
            " padding: 4px 8px; border-radius: 6px;"
        )
        hand = obs["hand"] or []
        rows = [f"<b>Vote cards ({len(hand)})</b> — attack / brawl flag / mutiny:"]
        rows += [f"• {vote_card_text(c)}" for c in hand] or ["• none"]
        viewed = obs["viewed"]
        if viewed:
            rows.append("<b>Event cards you viewed:</b>")
            rows += [f"• event {int(k) + 1}: {TITLES[v]}" for k, v in sorted(viewed.items())]
        known = [(s, t) for s, t in enumerate(obs["loyalty"]) if t is not None and s != seat]
        if known:
            rows.append("<b>Loyalties you learnt:</b>")
            rows += [f"• {seat_label(s, names)}: {t}" for s, t in known]
        v = obs["vote"]
        if v and v["mine"]:
            rows.append(
                "<b>Your vote in this vote:</b> "
                + ", ".join(vote_card_text(c) for cs in v["mine"] for c in cs)
            )
        deck = obs["vote_deck"]
        if isinstance(deck, list):
            rows.append(
                f"<b>The vote deck you are searching</b> ({count(len(deck), 'card', 'cards')}):"
            )
            rows += [f"• {vote_card_text(c)}" for c in deck]
        self.body.setText("<br>".join(rows))


class PlayersPanel(QWidget):
    """Every pirate: who plays the seat (a box: switch it to a bot, and it plays at
    once), place and rank, vote-card count, cards kept in front of them."""

    def __init__(self, seats: int = 9) -> None:
        super().__init__()
        self.setObjectName("tortuga-players")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2)
        grid.setColumnStretch(1, 1)
        self.boxes: list[QComboBox] = []
        self.rows: list[QLabel] = []
        for s in range(seats):
            box = QComboBox()
            box.setObjectName(f"tortuga-seat-{s}")
            for c in CONTROLLERS:
                box.addItem(f"Pirate {s + 1}: {CONTROLLER_TITLES[c]}", c)
            grid.addWidget(box, s, 0, Qt.AlignmentFlag.AlignTop)
            row = QLabel()
            row.setObjectName(f"tortuga-player-{s}")
            row.setWordWrap(True)
            row.setTextFormat(Qt.TextFormat.RichText)
            grid.addWidget(row, s, 1)
            self.boxes.append(box)
            self.rows.append(row)

    def show_players(self, obs: dict[str, Any], moved: dict[int, str] | None = None) -> None:
        """``moved``: the last public move of each seat a bot played since a human
        last acted, marked under its row so the table can follow the bots' turns."""
        moved = moved or {}
        for s, (box, row) in enumerate(zip(self.boxes, self.rows, strict=True)):
            box.setVisible(s < obs["players"])
            row.setVisible(s < obs["players"])
            if s >= obs["players"]:
                row.clear()  # no seat: nothing of another game's stays behind it
            else:
                just = (
                    f"<br><span style='background:{JUST_MOVED}'>↻ {moved[s]}</span>"
                    if s in moved
                    else ""
                )
                row.setText(player_text(obs, s) + just)


def player_text(obs: dict[str, Any], s: int) -> str:
    """One pirate's public row (and their loyalty once the game is over)."""
    where = "?"
    for p, line in enumerate(obs["lines"]):
        if s in line:
            place = ("Flying Dutchman", "Jolly Roger", "Tortuga")[p]
            rank = rank_name(line.index(s), len(line), tortuga=p == 2)
            where = f"{place}, {rank[:1].lower() + rank[1:]}"
    for b, occupant in enumerate(obs["boats"]):
        if occupant == s:
            where = f"rowboat {'of the Dutchman' if b == 0 else 'of the Roger'}"
    kept = ", ".join(TITLES[k] for k in obs["kept"][s]) or "nothing kept"
    extra = []
    if obs["pirate_code"][s]:
        extra.append(f"sits out {count(obs['pirate_code'][s], 'vote', 'votes')}")
    if obs["scurvy"][s]:
        extra.append("loses the next turn (Scurvy)")
    turn = "<b>◀ to act</b> · " if obs["to_act"] == s else ""
    loyalty = obs["loyalty"][s] if obs["over"] else None
    team = f"<b>{loyalty}</b> · " if loyalty else ""
    return (
        f"{team}{turn}{where} · {count(obs['hand_sizes'][s], 'vote card', 'vote cards')} · {kept}"
        + (f" · {'; '.join(extra)}" if extra else "")
    )


class VoteReveal(QFrame):
    """The last vote, turned face up: the cards (shuffled, so anonymous) and the result."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("tortuga-vote")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        self.title = QLabel()
        self.title.setObjectName("row-title")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.cards = QGridLayout()  # up to ten cards: four to a row fit at 1024 px
        self.cards.setSpacing(6)
        self.cards.setContentsMargins(0, 0, 0, 0)
        holder = QWidget()
        holder.setLayout(self.cards)
        lay.addWidget(holder)
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        lay.addWidget(self.verdict)
        self.hide()

    def show_vote(self, last: list[Any] | None, names: Sequence[str]) -> None:
        clear_layout(self.cards)
        if last is None:
            self.hide()
            return
        kind, caller, cards, _ok = last
        self.title.setText(f"Vote revealed: the {VOTE_WORDS[kind]} called by {names[caller]}")
        for i, c in enumerate(cards):
            word = vote_name(c).split(" / ")[kind]
            card = chip(word, SYMBOL_COLOURS.get(word, "#5b4a2e"))
            self.cards.addWidget(card, i // 4, i % 4)
            card.show()  # now, not when the layout next runs: the screen is whole at once
        text = vote_words(last, names.__getitem__).split(": ", 1)[-1]
        self.verdict.setText(text[:1].upper() + text[1:])
        self.show()


class NewGameDialog(QDialog):
    """How many pirates, and who plays each seat."""

    def __init__(self, parent: QWidget, seats: list[str], names: Sequence[str] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game of Tortuga 1667")
        form = QFormLayout(self)
        self.spin = QSpinBox()
        self.spin.setObjectName("tortuga-players-spin")
        self.spin.setRange(2, 9)
        self.spin.setValue(len(seats))
        form.addRow("Pirates (2-9):", self.spin)
        self.boxes: list[QComboBox] = []
        for s in range(9):
            box = QComboBox()
            for c in CONTROLLERS:
                box.addItem(CONTROLLER_TITLES[c], c)
            box.setCurrentIndex(CONTROLLERS.index(seats[s]) if s < len(seats) else 2)
            form.addRow(f"{seat_label(s, names)}:", box)
            self.boxes.append(box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.spin.valueChanged.connect(self._visible)
        self._visible(self.spin.value())

    def _visible(self, n: int) -> None:
        form = self.layout()
        assert isinstance(form, QFormLayout)
        for s, box in enumerate(self.boxes):
            form.setRowVisible(box, s < n)

    def seats(self) -> list[str]:
        return [self.boxes[s].currentData() for s in range(self.spin.value())]
