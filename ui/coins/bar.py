"""The Pirate Coins table's bar: the seats, the options for the next game, bot speed,
New game and the rules.

A mixin of :class:`ui.coins.view.PirateCoinsView` (a :class:`ui.table.base.TableView`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QHBoxLayout, QMenu, QPushButton

from ui.help import RulesDialog
from ui.table.seats import add_seat_controls, seat_titles
from wargame.coins.rules import monster_sets, rules
from wargame.errors import WargameError

CONTROLLER_TITLES = seat_titles()


class CoinsBar:
    """The bar above the table (see the module docstring)."""

    # the view's (TableView / ModeView)
    ctx: Any
    naming: Any
    seat_boxes: Any
    player_spin: Any
    session: Any
    replace_document: Any
    show_error: Any
    after_change: Any
    new_game: Any
    #: The table starts rounds, draws, reveals and flips for a human starting pirate.
    auto_chores = True

    def _setup_bar(self) -> QHBoxLayout:
        bar = QHBoxLayout()
        r = rules()
        players = (r.players.min, r.players.max, r.players.default)
        add_seat_controls(self, bar, "coins", players, CONTROLLER_TITLES)
        self.options = QPushButton("Options")
        self.options.setObjectName("coins-options")
        self.options.setToolTip(
            "Monster kinds on the coins, the starting pirate, chores; the rules and keys"
        )
        menu = QMenu(self.options)
        self.monster_group = self._choices(
            menu.addMenu("Monsters on the coins (next game)"),
            [(key, title) for key, title in monster_sets().items()],
            r.monsters.default,
        )
        starters = [("random", "Drawn at random")]
        starters += [(str(s + 1), f"Pirate {s + 1}") for s in range(r.players.max)]
        self.starter_group = self._choices(
            menu.addMenu("The scurviest pirate starts (next game)"),
            starters,
            r.setup.starter_default,
        )
        self.naming.listeners.append(self._label_starters)
        self.chores = QAction("Do the starting pirate's chores for humans", self)  # type: ignore[arg-type]
        self.chores.setCheckable(True)
        self.chores.setChecked(True)
        self.chores.setToolTip("Start rounds, draw, reveal and flip without asking")
        self.chores.toggled.connect(self._set_chores)
        menu.addAction(self.chores)
        menu.addSeparator()
        rules_act = menu.addAction("Rules and keys...")
        rules_act.setToolTip("The rules quick reference and the keys (F1)")
        rules_act.triggered.connect(self.show_rules)
        self.options.setMenu(menu)
        bar.addWidget(self.options)
        new = QPushButton("New game")
        new.setObjectName("coins-new")
        new.setToolTip("Start a new game with these pirates")
        new.clicked.connect(self.new_game_from_bar)
        bar.addWidget(new)
        bar.addStretch(1)
        return bar

    def _choices(self, menu: QMenu, items: list[tuple[str, str]], default: str) -> QActionGroup:
        group = QActionGroup(menu)
        for key, title in items:
            act = menu.addAction(title)
            act.setCheckable(True)
            act.setData(key)
            act.setChecked(key == default)
            group.addAction(act)
        return group

    def _label_starters(self) -> None:
        """The starting-pirate menu names the seats as the table does ("Anna")."""
        for act in self.starter_group.actions():
            key = act.data()
            if key != "random":
                act.setText(self.naming.label(int(key) - 1))

    def _set_chores(self, on: bool) -> None:
        self.auto_chores = on
        if self.session is not None:
            self.after_change()

    def show_options_of(self, params: dict[str, Any]) -> None:
        """A game put on the table: the options show its monsters and starter."""
        for group, key in ((self.monster_group, "monsters"), (self.starter_group, "starter")):
            for act in group.actions():
                if act.data() == str(params.get(key, "")):
                    act.setChecked(True)

    def show_rules(self) -> None:
        """The rules quick reference (Help's, on this game's page), with the keys."""
        self._rules = RulesDialog("pirate-coins", self)  # type: ignore[arg-type]
        self._rules.open()

    def new_game_from_bar(self) -> None:
        n = self.player_spin.value()
        seats = [self.seat_boxes[s].currentData() for s in range(n)]
        params = {
            "monsters": self.monster_group.checkedAction().data(),
            "starter": self.starter_group.checkedAction().data(),
        }
        try:
            self.replace_document(lambda: self.new_game(seats, params=params))
        except WargameError as exc:
            self.show_error(str(exc), "Cannot start that game")
