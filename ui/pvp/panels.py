"""The side panels of the table: players, the 2d4 odds, threats to a pirate, legend."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from ui.pvp.board import GOLD, SILVER, colour_of
from wargame.pvp.odds import any_threat, threats
from wargame.pvp.rules import roll_distribution
from wargame.pvp.state import PvpState


class DiceOdds(QWidget):
    """Bars of the exact 2d4 distribution; the totals the selected pirate can move
    (or that give any legal move) drawn darker."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("pvp-dice-odds")
        self.dist = roll_distribution()
        self.good: set[int] = set()
        self.rolled = 0
        self.setMinimumHeight(92)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setToolTip(
            "The exact chance of each total of two four-sided dice (2d4): 2 and 8 one in "
            "16, 5 four in 16. Dark bars: totals that would give a legal move."
        )

    def show_odds(self, good: set[int], rolled: int) -> None:
        self.good = good
        self.rolled = rolled
        self.update()

    def paintEvent(self, _event: object) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        totals = list(self.dist)
        w = self.width() / len(totals)
        h = self.height() - 34
        top = max(self.dist.values())
        f = QFont()
        f.setPixelSize(11)
        p.setFont(f)
        for k, t in enumerate(totals):
            prob = self.dist[t]
            bh = h * prob / top
            x = k * w + 3
            rect = QRectF(x, 16 + h - bh, w - 6, bh)
            colour = QColor("#2e7d4f") if t in self.good else QColor("#b9c9bd")
            if t == self.rolled:
                colour = QColor("#c98a12")
            p.fillRect(rect, colour)
            p.setPen(QPen(QColor("#2b2114")))
            p.drawText(QRectF(k * w, 0, w, 16), Qt.AlignmentFlag.AlignCenter, f"{prob * 100:.0f}%")
            p.drawText(
                QRectF(k * w, self.height() - 17, w, 16), Qt.AlignmentFlag.AlignCenter, str(t)
            )
        p.end()


class PlayersPanel(QFrame):
    """One row per crew: colour, who plays it, pirates left, silver home, coin carried."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("pvp-players")
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(6, 4, 6, 4)
        self.rows: list[QLabel] = []

    def show_state(self, st: PvpState, controllers: list[str]) -> None:
        while len(self.rows) < st.n:
            lab = QLabel()
            lab.setObjectName(f"pvp-player-{len(self.rows)}")
            lab.setWordWrap(True)
            self.grid.addWidget(lab, len(self.rows), 0)
            self.rows.append(lab)
        for s, lab in enumerate(self.rows):
            if s >= st.n:
                lab.hide()
                continue
            lab.show()
            colour = st.colour[s]
            alive = len(st.alive(s))
            carried = [st.board.coin_names[st.carry[p]] for p in st.alive(s) if st.carry[p] >= 0]
            turn = "▶ " if st.current_player() == s else ""
            who = controllers[s] if s < len(controllers) else "human"
            if st.name(s) != colour.capitalize():  # a named crew keeps its colour in view
                who = f"{colour}, {who}"
            hex_ = colour_of(colour).name()
            lab.setText(
                f"{turn}<b><span style='color:{hex_}'>■ {st.name(s)}</span></b> "
                f"({who}): {alive} pirates, {st.delivered[s]} of {st.opts.silver_to_win} "
                f"silver home" + (f", carrying {', '.join(carried)}" if carried else "")
            )
            lab.setToolTip(
                f"{st.name(s)} wins by delivering {st.opts.silver_to_win} silver coins "
                "or the gold coin to its rowboat, or by eliminating every rival pirate."
            )


def threat_text(st: PvpState, pirate: int) -> str:
    """The odds that rivals can reach ``pirate`` on their next roll, as HTML."""
    if pirate < 0 or st.pos[pirate] < 0:
        return "Select a pirate to see the chance each rival can reach it next roll."
    name = st.pirate_name(pirate)
    rows = sorted(threats(st, pirate).items(), key=lambda kv: -kv[1])
    if not rows:
        return f"<b>{name}</b>: no rival pirate can reach it on its next roll."
    nxt = any_threat(st, pirate)
    lines = [f"<b>{name}</b> on {st.board.labels[st.pos[pirate]]} can be reached next roll by:"]
    for q, p in rows[:8]:
        lines.append(
            f"&nbsp;&nbsp;{st.pirate_name(q)} (on {st.board.labels[st.pos[q]]}): {p * 100:.1f}%"
        )
    lines.append(f"By the next rival to move, at least one: <b>{nxt * 100:.1f}%</b>")
    return "<br>".join(lines)


LEGEND = [
    (
        "pirate",
        "A pirate: its crew's colour and number. Yellow ring: can move this roll; "
        "white ring: selected.",
    ),
    ("silver", "A silver coin: collected by passing through or landing on it. Two delivered win."),
    ("gold", "The gold coin: delivered to its rowboat's gold space, it wins."),
    (
        "badge",
        "A coin badge on a pirate: it carries that coin (it may not attack or collect another).",
    ),
    ("boat", "A rowboat (dark outline): two silver spaces and the gold space of that colour."),
    ("start", "Pale triangles: a colour's start spaces."),
    ("target", "Green: where the selected pirate can end. Red: an attack."),
    (
        "path",
        "Green line with step numbers: the path it would take. Dashed, in a crew's "
        "colour: that crew's last move.",
    ),
    ("back", "No Backstabbing: the bar on a triangle side is the pirate's back."),
]


class Legend(QFrame):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("pvp-legend")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        lay.setSpacing(2)
        swatch = {
            "pirate": colour_of("blue").name(),
            "silver": SILVER.name(),
            "gold": GOLD.name(),
            "badge": SILVER.name(),
            "boat": "#5a3a1a",
            "start": "#c9daf5",
            "target": "#2ea043",
            "path": "#0b6e4f",
            "back": "#143d80",
        }
        for key, text in LEGEND:
            lab = QLabel(f"<span style='color:{swatch[key]}; font-size:15px'>●</span> {text}")
            lab.setWordWrap(True)
            lab.setToolTip(text)
            lay.addWidget(lab)
