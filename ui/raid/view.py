"""The land-raid table, on the one table of every game (:mod:`ui.table`).

Nothing in the town is hidden: both sides see the whole raid, so the table never hands
the computer over and the side to move plays at once. Seats (Human/Easy/Normal/Hard),
the bots, the lock while one thinks, undo by the player who acted, the log (what the
engine told), remote seats and the score table are the table's; this view draws the
town and the panel, turns clicks into orders (``clicks``) and sets the raid up
(``setup_edit``: the force builder and the town editor).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QListWidgetItem, QWidget

from ui.raid.board import TownScene
from ui.raid.clicks import ClicksMixin
from ui.raid.layout import SIDE_TITLES, build
from ui.raid.panel import order_odds, overlay_for, prompt_text, score_lines, selection_odds
from ui.raid.setup_edit import TAB_FORCES, TAB_ORDERS, TAB_SCORE, TAB_TOWN, SetupMixin
from ui.remote import hide_setup
from ui.table.base import TableView
from wargame.core.game import GameSpec
from wargame.core.log import Entry, Session
from wargame.errors import FileFormatError
from wargame.raid import actions as A
from wargame.raid.game import new_raid
from wargame.raid.model import SIDE_WORDS, Sq, Unit
from wargame.raid.rules import raid_rules
from wargame.raid.scenario import campaign_losses, default_scenario
from wargame.raid.state import RaidState
from wargame.raid.townevents import pending_text


class RaidView(SetupMixin, ClicksMixin, TableView):
    mode_key: ClassVar[str] = "raid"
    title: ClassVar[str] = "Land raid"
    side_words = SIDE_WORDS
    has_secrets: ClassVar[bool] = False

    def __init__(self, ctx: Any, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.rules = raid_rules()
        self.seats = ["human", "human"]
        self.scenario: dict[str, Any] = {}
        self.setup: dict[str, Any] = {}
        self.sel_unit: str | None = None
        self.sel_sq: Sq | None = None
        self.escorts: set[str] = set()
        self.setup_sel: str | None = None
        self.reported = False
        self._status = ""
        self._stroke_before: dict[str, Any] | None = None
        self._overlay: dict[Sq, str] = {}
        self._shown_end = False
        self.log.setObjectName("raid-log")
        build(self)

    # -- documents ---------------------------------------------------------------------
    @property
    def state(self) -> RaidState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def load_default(self) -> None:
        self.load_scenario_data(default_scenario(), None)

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        new_raid(data, source=str(path or data.get("name", "scenario")))  # refuses a bad file
        self.start_game(GameSpec("raid", 2, scenario=copy.deepcopy(data)), self.seats)

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        header = data.get("header")
        game = header.get("game") if isinstance(header, dict) else None
        if data.get("format") != "wargame-session" or game != "raid":
            raise FileFormatError(f"{path}: not a saved raid")
        super().open_json(data, path)

    def started(self, session: Session[Any]) -> None:
        self.scenario = copy.deepcopy(session.header.get("scenario") or default_scenario())
        self.setup = copy.deepcopy(self.scenario)
        self.reported = self._shown_end = session.state.is_terminal()
        self.clear_selection(refresh=False)
        self.forces.load(self.setup)
        self.town_editor.show_town(self.setup["town"])
        if self.route is None:  # the towns saved here (a remote seat sets nothing up)
            self.town_editor.set_towns(self.ctx.db.list_documents("raid-town"))
        self.tabs.setCurrentIndex(TAB_ORDERS)

    def table_name(self) -> str:
        return str(self.scenario.get("name", "raid"))

    def opening_lines(self, session: Session[Any]) -> list[str]:
        """What the raid's setup told before the first entry."""
        told = sum(len(e.told or ()) for e in session.entries)
        lines = list(session.state.log)
        return lines[: len(lines) - told]

    def entry_lines(self, entries: Any, i: int) -> tuple[str | None, list[str]]:
        """What the raid told of an entry (its sentence when it told nothing)."""
        entry: Entry = entries[i]
        return None, list(entry.told or (entry.label,))

    def quiet_setup(self) -> None:
        hide_setup(self.setup_actions, self.board)

    def status_line(self) -> str:
        return self._status

    def more_acting_controls(self) -> list[QObject]:
        return [self.orders, self.figures]

    def _figure_under(self, pos: Any) -> str | None:
        """The figure under a point of the board, in play (for the right-click menu)."""
        if self.session is None or self.tabs.currentIndex() in (TAB_FORCES, TAB_TOWN):
            return None
        ids = (i.data(0) for i in self.board.items(pos))
        return next((d for d in ids if isinstance(d, str)), None)

    def print_source(self) -> Any:
        """The town's squares at the table's square size, without figures."""
        from PySide6.QtCore import QRectF

        from ui.print_table import PrintSource
        from ui.raid.board import S

        if self.session is None:
            return None
        town = self.state.town
        scene = TownScene(self)
        scene.draw(town, self.rules, units=[])
        rect = QRectF(0, 0, town.cols * S, town.rows * S)
        return PrintSource(scene, rect, S / self.rules.table.square_cm, self.document_name)

    def _set_status(self, text: str) -> None:
        if text != self._status:
            self._status = text
            self.status_changed.emit(text)

    def _restart(self) -> None:
        self.replace_document(lambda: self.load_scenario_data(self.scenario, None))

    # -- drawing ------------------------------------------------------------------------
    def _keep_selection(self) -> None:
        """The chosen figure stays chosen while it may still act (and its escorts)."""
        u = self._unit(self.sel_unit)
        if u is None or not u.ready:
            self.sel_unit = None
            self.escorts.clear()
        else:
            self.sel_sq = u.sq
        self.escorts = {
            e for e in self.escorts if (eu := self._unit(e)) and eu.ready and not eu.moved
        }

    def raid_started(self) -> bool:
        """Once the first order is given the forces and the town are fixed (a remote
        seat's are the host's)."""
        return self.session is not None and (bool(self.session.entries) or self.remote)

    def _setup_tabs(self) -> None:
        """Forces and Town set the raid up: once it has started they are hidden, so the
        table always shows the game (Restart this raid brings them back)."""
        started = self.raid_started()
        self.tabs.blockSignals(True)
        for tab in (TAB_FORCES, TAB_TOWN):
            self.tabs.setTabVisible(tab, not started)
        if started and self.tabs.currentIndex() in (TAB_FORCES, TAB_TOWN, -1):
            self.tabs.setCurrentIndex(TAB_ORDERS)
        self.tabs.blockSignals(False)
        if started:
            self.board.paint_mode = False

    def _refresh(self) -> None:
        self.refresh()

    def draw(self) -> None:
        self._keep_selection()
        self._setup_tabs()
        tab = self.tabs.currentIndex()
        if tab in (TAB_FORCES, TAB_TOWN):
            self._draw_setup()
            return
        s = self.state
        overlay, lines = self._compute_overlay(s)
        self._overlay = overlay
        factors = {u.id: self._factor(u) for u in s.units if u.ready}
        self.scene.draw(
            s.town,
            self.rules,
            units=s.units,
            fire=s.fire,
            burned=s.burned,
            looted=s.looted,
            overlay=overlay,
            selected_sq=self.sel_sq,
            selected_unit=self.sel_unit,
            lines=lines,
            factors=factors,
        )
        self.board.fit()
        self._update_panel(s)
        self._maybe_report(s)
        if s.is_terminal() and not self._shown_end:
            self._shown_end = True
            self.tabs.setCurrentIndex(TAB_SCORE)  # the final account

    def _factor(self, u: Unit) -> int:
        f = self.rules.fighting
        return f.officer if u.is_officer else f.factors.get(u.kind, 0)

    def _compute_overlay(self, s: RaidState) -> tuple[dict[Sq, str], list[tuple[Sq, Sq]]]:
        return overlay_for(s, self._unit(self.sel_unit), self.sel_sq, self._escort_tuple())

    def _update_panel(self, s: RaidState) -> None:
        alarm = {"none": "town asleep", "hardened": "hardened & officers", "full": "whole town"}
        extra = ""
        if s.sail_ahoy_turn is not None:
            extra = f" &middot; <span style='color:#b00020'>Sail ahoy! ends after turn {s.sail_ahoy_turn + 1}</span>"
        first = f" &middot; {SIDE_TITLES[s.first]} first" if s.phase != "initiative" else ""
        self.header.setText(
            f"<span style='font-size:15px'><b>{s.name}</b></span><br>"
            f"<b>Turn {s.turn_no} of {self.rules.game.max_turns}</b> &middot; "
            f"<b>{s.phase_title()}</b>{first}<br>Alarm: {alarm[s.alarm]}{extra}"
        )
        self.score_label.setText(
            f"Score: pirates {s.coins[0]} coins \u2022 defenders {s.coins[1]} coins"
        )
        text = pending_text(s) if s.pending is not None else prompt_text(s)
        odds = selection_odds(s, self._unit(self.sel_unit), self.sel_sq)
        self.prompt.setText(f"{text}\n{odds}" if odds else text)
        a = self.primary_action()
        labels = {
            A.RollInitiative: "Roll: who moves first",
            A.RouseOfficers: "Roll for the officers",
            A.RollMorale: "Roll the morale tests",
            A.BurnTown: "Fire spreads and burns",
            A.RollAlarm: "Roll the alarm (2d6)",
        }
        elsewhere = not s.is_terminal() and not self.my_move()  # a bot's, another computer's
        if a is None:
            over = "The raid is over" if s.is_terminal() else "Choose on the table"
            waiting = f"Waiting for the {SIDE_WORDS[s.current_player() or 0]}"
            self.primary.setText(waiting if elsewhere else over)
            self.primary.setEnabled(False)
        else:
            self.primary.setEnabled(True)
            self.primary.setText(
                labels.get(type(a), f"Done: {s.phase_title()[3:].lower()}") + "  [Space]"
            )
        self.withdraw_btn.setVisible(s.phase == "initiative" and s.can_withdraw() and not elsewhere)
        self._fill_figures(s)
        self.orders.clear()
        if not s.is_terminal() and not elsewhere:
            for act in s.legal_actions()[:400]:
                item = QListWidgetItem(s.describe(act))
                if (odds := order_odds(s, act)) is not None:
                    item.setText(f"{s.describe(act)} - {odds[0]}")
                    item.setToolTip(odds[1])
                item.setData(Qt.ItemDataRole.UserRole, act.to_text())
                self.orders.addItem(item)
        account, rows = score_lines(s)
        self.account_label.setText(account)
        self.ledger.clear()
        self.ledger.addItems(rows)
        who = s.current_player()
        turn = f"Turn {s.turn_no}, {s.phase_title()}"
        self._set_status(
            f"{turn}: {text}" if who is None else f"{turn} - {SIDE_TITLES[who]} to act: {text}"
        )

    def _maybe_report(self, s: RaidState) -> None:
        link = self.scenario.get("campaign_link")
        if self.reported or not s.is_terminal() or not isinstance(link, dict):
            return
        out = s.outcome()
        assert out is not None
        self.reported = True
        coins = {"0": s.coins[0], "1": s.coins[1]}
        self.ctx.report_result(
            link,
            {
                "winner": out.winner,
                "battle_score": coins,
                "victory_points": dict(coins),
                "losses": campaign_losses(s.units),
                "summary": f"{s.name}: {s.end}; pirates carried off {s.coins[0]} coins, "
                f"the defenders kept {s.coins[1]} ({'the ' + SIDE_WORDS[out.winner] if out.winner is not None else 'nobody'} won)",
            },
        )
