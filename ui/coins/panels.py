"""The panels of the Pirate Coins table: the table itself (round stack, pouch, fortune,
pile of loot, monster pool), the pirates, the decision with its odds, and the reveal.

Every panel draws from what one seat may see (``observation``) and never changes the
game; the view turns button presses into actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ui.coins.coinpaint import Coin, CoinRow, seat_color
from wargame.coins.odds import Odds, num, pct
from wargame.coins.rules import CoinSet
from wargame.core.seats import seat_label
from wargame.plural import count

DIVISION_HELP = {
    "value-shares": (
        "total value / plunderers (remainder ignored); each takes gold, then silver, then "
        "copper, giving change from their own booty; no change, less loot"
    ),
    "equal-numbers": (
        "each plunderer gets equal numbers of copper, then silver, then gold coins; "
        "what does not divide stays in the pile"
    ),
    "all-or-nothing": (
        "a single plunderer takes the whole pile; if several plunder, nobody gets anything"
    ),
}


#: After a bot's name in the pirates' list (which bot: the name's tooltip, the seat box).
BOT_MARK = " <span style='color:#6b5b40'>(bot)</span>"


def initials(kind: str) -> str:
    words = kind.split()
    return "".join(w[0] for w in words[:2]) if len(words) > 1 else kind[:2]


def coins_of(c: CoinSet, by_type: dict[str, dict[str, int]], *, monster: bool) -> list[Coin]:
    out = []
    for metal in c.metals:
        value = c.values[c.metals.index(metal)]
        for kind in c.kinds:
            n = by_type[metal].get(kind, 0)
            tip = f"{metal.title()} coin, worth {value}; its monster side shows a {kind}" + (
                " (monster side up)" if monster else ""
            )
            label = initials(kind) if monster else str(value)
            out.extend(Coin(metal, label, monster, tip) for _ in range(n))
    return out


def metal_summary(c: CoinSet, by_type: dict[str, dict[str, int]]) -> tuple[str, int]:
    parts = []
    total = 0
    for i, metal in enumerate(c.metals):
        n = sum(by_type[metal].values())
        total += n * c.values[i]
        parts.append(f"{n} {metal}")
    return ", ".join(parts), total


def caption(text: str, tip: str = "") -> QLabel:
    label = QLabel(text)
    label.setObjectName("caption")
    label.setToolTip(tip)
    return label


class WrapLabel(QLabel):
    """A word-wrapped label that asks for the height its lines need at its width (in a
    scroll area or a grid Qt would otherwise keep one line's height and cut the rest)."""

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self.setWordWrap(True)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt API
        super().setText(text)
        self._fit()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        if self.width() > 0:
            need = self.heightForWidth(self.width())
            if need >= 0 and need != self.minimumHeight():
                self.setMinimumHeight(need)


class TablePanel(QFrame):
    """The round, the round stack, the pouch, the fortune coin, the pile and the monsters."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("coins-table")
        grid = QGridLayout(self)
        grid.setContentsMargins(10, 8, 10, 8)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(6)
        self.header = WrapLabel()
        self.header.setObjectName("coins-header")
        self.header.setWordWrap(True)
        grid.addWidget(self.header, 0, 0, 1, 2)
        self.stack_row = CoinRow(26)
        self.stack_row.setToolTip(
            "The round stack: one coin starts the pile of loot each round, face down until "
            "then. When it is empty the game ends after that round."
        )
        self.stack_label = caption("Round stack", self.stack_row.toolTip())
        grid.addWidget(self.stack_label, 1, 0)
        grid.addWidget(self.stack_row, 1, 1)
        self.pouch_label = WrapLabel()
        self.pouch_label.setObjectName("coins-pouch")
        self.pouch_label.setWordWrap(True)
        self.pouch_label.setToolTip(
            "Coins in the pouch. The fortune coin is drawn from it each turn; the pile and "
            "the monster pool go back into it when a round ends."
        )
        grid.addWidget(caption("Pouch", self.pouch_label.toolTip()), 2, 0)
        grid.addWidget(self.pouch_label, 2, 1)
        self.fortune_row = CoinRow(40)
        self.fortune_text = WrapLabel()
        self.fortune_text.setObjectName("coins-fortune")
        self.fortune_text.setWordWrap(True)
        fbox = QHBoxLayout()
        fbox.addWidget(self.fortune_row, 0)
        fbox.addWidget(self.fortune_text, 1)
        self.fortune_row.setFixedWidth(48)
        grid.addWidget(
            caption("Fortune coin", "Its metal decides how the pile is divided this turn"), 3, 0
        )
        grid.addLayout(fbox, 3, 1)
        self.pile_row = CoinRow(30)
        self.pile_text = QLabel()
        self.pile_text.setObjectName("coins-pile")
        grid.addWidget(
            caption("Pile of loot", "What the plunderers divide; skull flips add to it"), 4, 0
        )
        pbox = QVBoxLayout()
        pbox.setSpacing(2)
        pbox.addWidget(self.pile_text)
        pbox.addWidget(self.pile_row)
        grid.addLayout(pbox, 4, 1)
        self.pool_box = QVBoxLayout()
        self.pool_box.setSpacing(0)
        grid.addWidget(
            caption("Monster pool", "A third monster of one kind attacks: the round ends"), 5, 0
        )
        grid.addLayout(self.pool_box, 5, 1)
        self.pool_rows: list[tuple[QLabel, CoinRow]] = []
        grid.setColumnStretch(1, 1)
        grid.setAlignment(Qt.AlignmentFlag.AlignTop)

    def show_table(self, obs: dict[str, Any], c: CoinSet, phase_title: str, starter: str) -> None:
        self.header.setText(
            f"<b>Round {max(obs['round'], 1)} of {c.round_stack}</b> &nbsp;·&nbsp; turn "
            f"{obs['turn_in_round']} &nbsp;·&nbsp; {phase_title} &nbsp;·&nbsp; "
            f"starting pirate: <b>{starter}</b>"
        )
        self.stack_row.set_coins([Coin("", "?") for _ in range(obs["round_stack"])], "empty")
        self.stack_label.setText(f"Round stack ({obs['round_stack']})")
        self.pouch_label.setText(f"<b>{obs['pouch']}</b> coins")
        fortune = obs["fortune"]
        if fortune:
            metal, _, kind = fortune.partition(" ")
            i = c.metals.index(metal)
            self.fortune_row.set_coins(
                [Coin(metal, str(c.values[i]), False, f"{metal.title()} fortune coin ({kind})")]
            )
            self.fortune_text.setText(
                f"<b>{metal.title()} fortune</b> (monster side: {kind}): "
                f"{DIVISION_HELP[c.divisions[i]]}"
            )
        else:
            self.fortune_row.set_coins([])
            self.fortune_text.setText(
                "" if obs["phase"] == "over" else "<i>none drawn yet this turn</i>"
            )
        summary, total = metal_summary(c, obs["pile"])
        self.pile_text.setText(f"<b>worth {total}</b> &nbsp;({summary})")
        self.pile_row.set_coins(coins_of(c, obs["pile"], monster=False), "empty")
        self._show_pool(obs, c)

    def _show_pool(self, obs: dict[str, Any], c: CoinSet) -> None:
        by_kind: dict[str, list[Coin]] = {k: [] for k in c.kinds}
        for metal, kinds in obs["monster_pool"].items():
            for kind, n in kinds.items():
                by_kind[kind].extend(
                    Coin(metal, initials(kind), True, f"{metal.title()} coin, {kind} side up")
                    for _ in range(n)
                )
        while len(self.pool_rows) < len(c.kinds):
            row = QHBoxLayout()
            label = QLabel()
            label.setMinimumWidth(150)
            coins = CoinRow(22)
            row.addWidget(label)
            row.addWidget(coins, 1)
            self.pool_box.addLayout(row)
            self.pool_rows.append((label, coins))
        for i, (label, coins) in enumerate(self.pool_rows):
            visible = i < len(c.kinds)
            label.setVisible(visible)
            coins.setVisible(visible)
            if not visible:
                continue
            kind = c.kinds[i]
            n = len(by_kind[kind])
            danger = n + 1 >= c.attack_at
            color = "#a93226" if danger else "#3d3222"
            label.setText(f"<span style='color:{color}'><b>{kind}</b> {n} of {c.attack_at}</span>")
            when = "a third" if c.attack_at == 3 else f"monster number {c.attack_at} of a"
            label.setToolTip(
                f"{kind}: {n} in the pool. "
                + (
                    f"One more {kind} flipped monster-up and the monsters attack!"
                    if danger
                    else f"The monsters attack when {when} {kind} joins the pool."
                )
            )
            coins.set_coins(by_kind[kind])


class PlayersPanel(QFrame):
    """One line per pirate: booty by metal, total, and where they stand this round."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("coins-players")
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(10, 6, 10, 6)
        self.grid.setHorizontalSpacing(10)
        heads = ("Pirate", "Booty", "Worth", "This round")
        tips = (
            "Who plays each seat",
            "Coins by metal (copper 1, silver 2, gold 3)",
            "Total value: 25 ends the game",
            "Still in the round (sallying forth) or plundered (sits out the rest of the "
            "round); whether they have decided this turn (never what)",
        )
        for col, (h, tip) in enumerate(zip(heads, tips)):
            label = caption(h, tip)
            self.grid.addWidget(label, 0, col)
        self.rows: list[tuple[QLabel, QLabel, QLabel, QLabel]] = []
        self.grid.setColumnStretch(3, 1)  # spare room goes to where each pirate stands

    def show_players(
        self,
        obs: dict[str, Any],
        c: CoinSet,
        controllers: list[str],
        viewer: int | None,
        revealed: dict[int, str],
        names: Sequence[str] = (),
    ) -> None:
        n = obs["players"]
        while len(self.rows) < n:
            r = len(self.rows) + 1
            row = (QLabel(), QLabel(), QLabel(), WrapLabel())
            for col, w in enumerate(row):
                w.setTextFormat(Qt.TextFormat.RichText)
                self.grid.addWidget(w, r, col)
            self.rows.append(row)
        for s, (name, booty, worth, status) in enumerate(self.rows):
            for w in (name, booty, worth, status):
                w.setVisible(s < n)
            if s >= n:
                continue
            mark = "▶ " if obs["phase"] != "over" and s == obs.get("to_act") else ""
            star = " ★" if s == obs["starter"] and obs["phase"] != "over" else ""
            name.setText(
                f"<span style='color:{seat_color(s).name()}'><b>{mark}{seat_label(s, names)}</b></span>"
                f"{star}{BOT_MARK if controllers[s] not in ('human', 'remote') else ''}"
            )
            name.setToolTip(
                f"{seat_label(s, names)}, played by "
                + (
                    "a human at this computer"
                    if controllers[s] == "human"
                    else f"the {controllers[s]} bot"
                )
                + (" - the starting pirate this turn (★)" if star else "")
            )
            summary, total = metal_summary(c, obs["booty"][s])
            booty.setText(summary)
            worth.setText(f"<b>{total}</b>")
            if obs["phase"] == "over":
                text = "<b>wins</b>" if s in obs.get("winners", ()) else ""
            elif not obs["in_round"][s] and obs["phase"] != "start":
                text = f"plundered{revealed.get(s, '')}"
            elif obs["decided"][s]:
                text = "has decided"
                if viewer == s and obs.get("my_choice"):
                    text += (
                        f" (you: {'plunder' if obs['my_choice'] == 'plunder' else 'sally forth'})"
                    )
            else:
                text = "in the round"
            status.setText(text)
        self.grid.activate()  # the columns take the new texts' widths now, not a frame later


class DecisionPanel(QFrame):
    """What the pirate being asked can do now, with the exact odds before deciding."""

    chosen = Signal(str)  # "plunder", "sally", or "step" (the one forced action)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("coins-decision")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        self.prompt = WrapLabel()
        self.prompt.setObjectName("coins-prompt")
        self.prompt.setWordWrap(True)
        lay.addWidget(self.prompt)
        self.odds = WrapLabel()
        self.odds.setObjectName("coins-odds")
        self.odds.setWordWrap(True)
        self.odds.setTextFormat(Qt.TextFormat.RichText)
        self.odds.setToolTip(
            "Exact expectations. The others' choices are unknown: each other pirate still in "
            "the round counts as plundering half the time, every combination weighing the same."
        )
        lay.addWidget(self.odds)
        row = QHBoxLayout()
        self.sally = QPushButton("Sally forth (S)")
        self.sally.setObjectName("coins-sally")
        self.sally.setToolTip(
            "Set your coin skull-up: stay in the round and push your luck (key S)"
        )
        self.plunder = QPushButton("Plunder (P)")
        self.plunder.setObjectName("coins-plunder")
        self.plunder.setToolTip(
            "Set your coin monster-up: take your share of the pile and sit out the rest of "
            "the round (key P)"
        )
        self.step = QPushButton()
        self.step.setObjectName("coins-step")
        for b in (self.sally, self.plunder, self.step):
            b.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            row.addWidget(b)
        row.addStretch(1)
        lay.addLayout(row)
        self.sally.clicked.connect(lambda: self.chosen.emit("sally"))
        self.plunder.clicked.connect(lambda: self.chosen.emit("plunder"))
        self.step.clicked.connect(lambda: self.chosen.emit("step"))

    def ask_decision(self, who: str, odds: Odds, fortune_metal: str) -> None:
        self.prompt.setText(
            f"<b>{who}, decide in secret:</b> plunder the pile now, or sally forth and push "
            "your luck?"
        )
        others = (
            "you are alone in the round"
            if odds.others == 0
            else f"{count(odds.others, 'other pirate', 'other pirates')} still in the round"
        )
        self.odds.setText(
            "<table cellspacing='2'>"
            f"<tr><td>Monster attack on this flip:</td><td><b>{pct(odds.attack)}</b></td></tr>"
            f"<tr><td>Plunder now ({fortune_metal} fortune), expected share:</td>"
            f"<td><b>{num(odds.plunder)}</b></td></tr>"
            f"<tr><td>Stay: expected pile next turn:</td><td><b>{num(odds.stay)}</b> "
            f"(now {odds.pile})</td></tr>"
            f"</table><span style='color:#6b5b40'>{others}; the others' choices are weighed "
            "evenly (each plunders half the time)</span>"
        )
        self.odds.show()
        self.sally.show()
        self.plunder.show()
        self.step.hide()

    def ask_step(self, prompt: str, button: str, tip: str) -> None:
        self.prompt.setText(prompt)
        self.odds.hide()
        self.sally.hide()
        self.plunder.hide()
        self.step.setText(button)
        self.step.setToolTip(tip)
        self.step.show()

    def wait(self, prompt: str) -> None:
        self.prompt.setText(prompt)
        self.odds.hide()
        self.sally.hide()
        self.plunder.hide()
        self.step.hide()


class RevealPanel(QFrame):
    """The choices turned over all at once: each pirate's coin, skull or monster side up."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("coins-reveal")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 6)
        self.title = WrapLabel()
        self.title.setObjectName("coins-reveal-title")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.row = QHBoxLayout()
        lay.addLayout(self.row)
        self.cells: list[QWidget] = []
        self._shown: tuple[Any, ...] | None = None
        self.hide()

    def show_reveal(self, title: str, entries: list[tuple[str, bool, str]]) -> None:
        """``entries``: (pirate, plundered, what they got)."""
        self.title.setText(title)
        key = (title, tuple(entries))
        if key != self._shown:
            self._shown = key
            while self.row.count():
                item = self.row.takeAt(0)
                w = item.widget()
                if w is not None:
                    w.setParent(None)
                    w.deleteLater()
            self.cells = []
            for who, plunder, got in entries:
                cell = QFrame()
                cell.setObjectName("coins-reveal-cell")
                v = QVBoxLayout(cell)
                v.setContentsMargins(6, 4, 6, 4)
                coin = CoinRow(34)
                coin.setFixedWidth(40)
                coin.set_coins(
                    [
                        Coin(
                            "gold",
                            "M" if plunder else "☠",
                            plunder,
                            "monster side up: plunder" if plunder else "skull side up: sally forth",
                        )
                    ]
                )
                v.addWidget(coin, 0, Qt.AlignmentFlag.AlignHCenter)
                label = QLabel(
                    f"<b>{who}</b><br>{'PLUNDER' if plunder else 'sally forth'}<br>{got}"
                )
                label.setAlignment(Qt.AlignmentFlag.AlignCenter)
                v.addWidget(label)
                self.row.addWidget(cell)
                cell.show()  # added to a panel already on screen: Qt would leave it hidden
                self.cells.append(cell)
            self.row.addStretch(1)
        self.show()
