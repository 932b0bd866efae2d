"""The land-raid table: the town, the figures, the phase panel, score, log, force builder, town editor."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ui.bot_thread import HARD_LEVEL, bot_move, hard_bot, level_box
from ui.fixed_lines import FixedLinesLabel
from ui.mode_base import ModeView
from ui.override import attach_piece_menu
from ui.raid.board import TownBoard, TownScene
from ui.raid.panel import order_odds, overlay_for, prompt_text, score_lines, selection_odds
from ui.raid.setup import ForceBuilder, Legend, TownEditor
from ui.raid.setup_edit import TAB_FORCES, TAB_ORDERS, TAB_SCORE, TAB_TOWN, SetupMixin
from ui.remote import RemoteMode, hide_setup
from ui.session_undo import apply_action
from wargame.core.actions import Action
from wargame.core.game import GameSpec
from wargame.core.log import Session
from wargame.core.play import load_session, new_session
from wargame.errors import DiceEntryCancelled, FileFormatError, IllegalAction, WargameError
from wargame.raid import actions as A
from wargame.raid.bots import TacticianBot
from wargame.raid.game import new_raid
from wargame.raid.model import SIDE_WORDS, Sq, Unit
from wargame.raid.rules import raid_rules
from wargame.raid.scenario import campaign_losses, default_scenario
from wargame.raid.state import RaidState
from wargame.raid.townevents import pending_text

SIDE_TITLES = tuple(w.title() for w in SIDE_WORDS)
#: Lines the phase prompt keeps (the alarm table's odds take six at the panel's narrowest).
PROMPT_LINES = 6


class RaidView(SetupMixin, RemoteMode, ModeView):
    mode_key = "raid"
    title = "Land raid"
    side_words = SIDE_WORDS

    def __init__(self, ctx: Any, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.rules = raid_rules()
        self.session: Session[Any] | None = None
        self.scenario: dict[str, Any] = {}
        self.setup: dict[str, Any] = {}
        self.sel_unit: str | None = None
        self.sel_sq: Sq | None = None
        self.escorts: set[str] = set()
        self.setup_sel: str | None = None
        self.reported = False
        self.bot_seats: set[int] = set()
        self._status = ""
        self._stroke_before: dict[str, Any] | None = None
        self._overlay: dict[Sq, str] = {}
        self._shown_end = False
        self._build()

    # -- layout -------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        bar = QToolBar("Raid")
        self.toolbar = bar
        self.act_bot = bar.addAction("Bot move", self.bot_step)
        self.act_bot.setShortcut(QKeySequence("B"))
        bots_label = bar.addWidget(QLabel("  Bot commands: "))
        self.bot_box = QComboBox()
        self.bot_box.addItems(["nobody", "the pirates", "the defenders", "both sides"])
        self.bot_box.currentIndexChanged.connect(self._bot_changed)
        self.level_box = level_box("raid-bot-level")
        #: What sets the raid up or commands a side by bot (hidden at a remote seat).
        self.setup_actions = [
            self.act_bot,
            bots_label,
            bar.addWidget(self.bot_box),
            bar.addWidget(self.level_box),
        ]
        bar.addSeparator()
        self.act_restart = bar.addAction("Restart this raid", self._restart)
        self.setup_actions.append(self.act_restart)
        outer.addWidget(bar)

        split = QSplitter(Qt.Orientation.Horizontal)
        self.scene = TownScene(self)
        self.board = TownBoard(self.scene)
        self.board.clicked.connect(self._clicked)
        attach_piece_menu(self.board, self, self._figure_under)  # right-click: Override...
        self.board.stroke_started.connect(self._stroke_started)
        self.board.painted.connect(self._paint)
        self.board.stroke_ended.connect(self._stroke_ended)
        split.addWidget(self.board)

        panel = QWidget()
        panel.setMinimumWidth(360)
        panel.setMaximumWidth(470)
        pl = QVBoxLayout(panel)
        pl.setContentsMargins(8, 6, 8, 6)
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)  # "... · Defenders first" must not run off the panel
        # The header, the prompt and the button keep their heights whatever the phase, so
        # the tabs below never move under the pointer (issue 26): the name line, three
        # lines (one a wrap of "... · Defenders first") and the prompt's six lines.
        big = QFont(self.header.font())
        big.setPixelSize(15)
        self.header.setFixedHeight(
            QFontMetrics(big).lineSpacing() + 3 * self.header.fontMetrics().lineSpacing() + 4
        )
        pl.addWidget(self.header)
        self.score_label = QLabel()
        self.score_label.setToolTip(
            "The pirates win by carrying off at least "
            f"{self.rules.game.attacker_win_coins} of the town's coins"
        )
        self.score_label.setStyleSheet(
            "background:#f6ecd2; border:1px solid #b9a57a; border-radius:4px; padding:4px;"
            "font-weight:bold; color:#3a2a12"
        )
        pl.addWidget(self.score_label)
        self.prompt = FixedLinesLabel(PROMPT_LINES)
        self.prompt.setStyleSheet("color:#2b2114; padding:2px")
        pl.addWidget(self.prompt)
        row = QHBoxLayout()
        self.primary = QPushButton("Roll")
        self.primary.setStyleSheet("font-weight:bold; padding:6px")
        self.primary.clicked.connect(self._primary_clicked)
        self.withdraw_btn = QPushButton("Withdraw to the boats")
        self.withdraw_btn.clicked.connect(lambda: self.do(A.Withdraw()))
        row.addWidget(self.primary, 2)
        row.addWidget(self.withdraw_btn, 1)
        pl.addLayout(row)

        self.tabs = QTabWidget()
        orders = QWidget()
        ol = QVBoxLayout(orders)
        ol.setContentsMargins(4, 4, 4, 4)
        self.figures_label = QLabel("Figures in the square")
        ol.addWidget(self.figures_label)
        self.figures = QListWidget()
        self.figures.setMaximumHeight(150)
        self.figures.setMinimumHeight(40)
        self.figures.itemClicked.connect(self._figure_clicked)
        self.figures.itemChanged.connect(self._figure_changed)
        ol.addWidget(self.figures)
        ol.addWidget(QLabel("Orders you may give now (double-click):"))
        self.orders = QListWidget()
        self.orders.setMinimumHeight(40)
        self.orders.itemActivated.connect(self._order_activated)
        ol.addWidget(self.orders, 1)
        self.tabs.addTab(orders, "Orders")
        score = QWidget()
        sl = QVBoxLayout(score)
        sl.setContentsMargins(4, 4, 4, 4)
        self.account_label = QLabel()
        self.account_label.setWordWrap(True)
        sl.addWidget(self.account_label)
        self.ledger = QListWidget()
        sl.addWidget(self.ledger, 1)
        self.tabs.addTab(score, "Score")
        self.log_view = QPlainTextEdit()
        self.log_view.setReadOnly(True)
        self.log_view.setStyleSheet("font-size: 11px")
        self.tabs.addTab(self.log_view, "Log")
        self.forces = ForceBuilder()
        self.forces.build_requested.connect(self._build_forces)
        self.forces.start_requested.connect(self._start_setup)
        self.tabs.addTab(_scrolled(self.forces), "Forces")
        self.town_editor = TownEditor(self.rules)
        self.town_editor.resize_requested.connect(self._resize_town)
        self.town_editor.town_name.editingFinished.connect(self._rename_town)
        self.town_editor.save_requested.connect(self._save_town)
        self.town_editor.load_requested.connect(self._load_town)
        self.town_editor.export_requested.connect(self._export_setup)
        self.tabs.addTab(_scrolled(self.town_editor), "Town")
        self.tabs.currentChanged.connect(self._tab_changed)
        pl.addWidget(self.tabs, 1)
        pl.addWidget(Legend(self.rules))
        split.addWidget(panel)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([900, 380])
        outer.addWidget(split, 1)

        for keys, slot, what in (
            ("Space", self._primary_clicked, "Raid: the highlighted order"),
            ("Escape", self.clear_selection, "Raid: clear the selection"),
        ):
            sc = QShortcut(QKeySequence(keys), self)
            sc.setWhatsThis(what)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(slot)

    # -- documents ---------------------------------------------------------------------
    @property
    def state(self) -> RaidState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def load_default(self) -> None:
        self.load_scenario_data(default_scenario(), None)

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        new_raid(data, source=str(path or data.get("name", "scenario")))  # refuses a bad file
        self.scenario = copy.deepcopy(data)
        self.setup = copy.deepcopy(data)
        self.document_name = str(data.get("name", "raid"))
        self.session = new_session(
            GameSpec("raid", 2, scenario=self.scenario), self.ctx.make_dice(None, "Raid")
        )
        self._after_load()

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        if data.get("format") != "wargame-session":
            raise FileFormatError(f"{path}: not a saved raid")
        session = load_session(data, self.ctx.make_dice(None, "Raid"))
        if not isinstance(session.state, RaidState):
            raise FileFormatError(f"{path}: not a saved raid")
        self.session = session
        self.scenario = copy.deepcopy(session.header.get("scenario") or default_scenario())
        self.setup = copy.deepcopy(self.scenario)
        self.document_name = path.stem if path else str(self.scenario.get("name", "raid"))
        self._after_load()

    def seat_remote(self, session: Session[Any], seat: int, send: Callable[[Action], None]) -> None:
        """One side of a raid across computers (ui/remote.py): nothing hidden, so the
        copy's state is drawn as it is; no bots, setup or undo here."""
        self.go_remote(seat, send)
        self.session = session
        self.scenario = copy.deepcopy(session.header.get("scenario") or default_scenario())
        self.setup = copy.deepcopy(self.scenario)
        self.document_name = str(self.scenario.get("name", "raid"))
        self._after_load()

    def quiet_setup(self) -> None:
        hide_setup(self.setup_actions, self.board)

    def remote_changed(self) -> None:
        self._after_action()

    def _after_load(self) -> None:
        self.reported = bool(self.session and self.session.state.is_terminal())
        self._shown_end = self.reported
        self.clear_selection(refresh=False)
        self.forces.load(self.setup)
        self.town_editor.show_town(self.setup["town"])
        if self.route is None:  # the towns saved here (a remote seat sets nothing up)
            self.town_editor.set_towns(self.ctx.db.list_documents("raid-town"))
        self.undo_stack.clear()
        self.tabs.setCurrentIndex(TAB_ORDERS)
        self.document_changed.emit()
        self._refresh()

    def save_json(self) -> dict[str, Any]:
        if self.session is None:
            raise FileFormatError("there is no raid to save")
        return self.session.to_json()

    def status_text(self) -> str:
        return self._status

    def _figure_under(self, pos: Any) -> str | None:
        """The figure under a point of the board, in play (for the right-click menu)."""
        if self.session is None or self.tabs.currentIndex() in (TAB_FORCES, TAB_TOWN):
            return None
        ids = (i.data(0) for i in self.board.items(pos))
        return next((d for d in ids if isinstance(d, str)), None)

    def history_changed(self) -> None:
        self._refresh()

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

    # -- acting --------------------------------------------------------------------------
    def do(self, action: Action) -> bool:
        """Give an order through the session (undoable); a refusal changes nothing."""
        if self.session is None:
            return False
        if self.route is not None:  # a seat across computers: the server plays it
            return self.send_to_table(action)
        try:
            text = self.state.describe(action)
            apply_action(self.undo_stack, self.session, action, self._refresh, text=text)
        except IllegalAction as exc:
            self.show_error(str(exc))
            return False
        except DiceEntryCancelled as exc:
            self._set_status(str(exc))
            return False
        except WargameError as exc:
            self.show_error(str(exc))
            return False
        self.autosave()
        self._after_action()
        return True

    def _after_action(self) -> None:
        s = self.state
        u = self._unit(self.sel_unit)
        if u is None or not u.ready:
            self.sel_unit = None
            self.escorts.clear()
        else:
            self.sel_sq = u.sq
        self.escorts = {
            e for e in self.escorts if (eu := self._unit(e)) and eu.ready and not eu.moved
        }
        self._refresh()
        if not s.is_terminal() and s.current_player() in self.bot_seats:
            QTimer.singleShot(150, self.bot_step)

    def bot_step(self) -> None:
        if self.session is None or self.state.is_terminal() or self.replaying or self.remote:
            return
        seat = self.state.current_player()
        assert seat is not None
        if self.level_box.currentData() == HARD_LEVEL:  # thinks off the UI thread
            who = ("The pirates", "The defenders")[seat]
            bot_move(self, seat, self.do, bot=hard_bot(self, seat), who=who)
            return
        bot = TacticianBot(self.ctx.make_dice(None, "Raid bot"))
        self.do(bot.choose(self.state, seat))

    def _bot_changed(self, index: int) -> None:
        self.bot_seats = [set(), {0}, {1}, {0, 1}][index]
        if (
            self.session
            and not self.state.is_terminal()
            and self.state.current_player() in self.bot_seats
        ):
            QTimer.singleShot(150, self.bot_step)

    def primary_action(self) -> Action | None:
        if self.session is None:
            return None
        s = self.state
        if s.is_terminal() or s.pending is not None or self.played_elsewhere(s.current_player()):
            return None
        ph = s.phase
        if ph == "initiative":
            return A.RollInitiative()
        if ph == "move" and s.needs_rouse():
            return A.RouseOfficers()
        return {
            "morale": A.RollMorale(),
            "burn": A.BurnTown(),
            "alarm": A.RollAlarm(),
        }.get(ph, A.Done())

    def _primary_clicked(self) -> None:
        a = self.primary_action()
        if a is not None and self.tabs.currentIndex() not in (TAB_FORCES, TAB_TOWN):
            self.do(a)

    def _order_activated(self, item: QListWidgetItem) -> None:
        text = item.data(Qt.ItemDataRole.UserRole)
        if text:
            self.do(self.state.parse_action(text))

    # -- selection and clicks ----------------------------------------------------------------
    def _unit(self, uid: str | None) -> Unit | None:
        if uid is None or self.session is None:
            return None
        i = self.state.by_id.get(uid)
        return self.state.units[i] if i is not None else None

    def clear_selection(self, refresh: bool = True) -> None:
        self.sel_unit = None
        self.sel_sq = None
        self.escorts = set()
        self.setup_sel = None
        if refresh and self.session is not None:
            self._refresh()

    def select(self, sq: Sq, uid: str | None = None) -> None:
        s = self.state
        self.escorts = set()
        if uid is not None and (u := self._unit(uid)) is not None and u.ready:
            self.sel_unit, self.sel_sq = uid, u.sq
        else:
            self.sel_sq = sq
            here = s.at(sq) if s.town.contains(sq) else []
            busy = [u for u in here if self._can_act(u)]
            pick = busy[0] if busy else (here[0] if here else None)
            self.sel_unit = pick.id if pick else None
        self._refresh()

    def _can_act(self, u: Unit) -> bool:
        s = self.state
        if u.side != s.current_player():
            return False
        if s.phase == "move":
            return not u.moved and s.why_not_alone(u) is None
        if s.phase == "shoot":
            return s.can_shoot(u) and bool(s.shot_targets(u))
        if s.phase == "fire":
            return u in s.fire_setters() and bool(s.ignite_targets(u))
        return True

    def _clicked(self, sq: Sq, uid: str | None) -> None:
        tab = self.tabs.currentIndex()
        if tab == TAB_FORCES:
            self._place_click(sq, uid)
            return
        if tab == TAB_TOWN or self.session is None:
            return
        s = self.state
        if not s.town.contains(sq):
            return
        if s.pending is not None and not s.is_terminal():
            kind = s.pending[0]
            if kind == "casualty":
                if uid is not None and uid in {u.id for u in s.casualty_candidates()}:
                    self.do(A.ChooseCasualty(uid))
                else:
                    self.select(sq, uid)
                return
            if self._overlay.get(sq) == "choose":
                if kind == "retreat":
                    self.do(A.RetreatOfficer(sq))
                elif kind == "pick":
                    self.do(A.PickSquare(sq))
                else:
                    self.do(A.PlaceRaised(s.pending[2][0], sq))
                return
            self.select(sq, uid)
            return
        what = self._overlay.get(sq)
        u = self._unit(self.sel_unit)
        if what == "move" and u is not None:
            self.do(A.Move(u.id, sq, self._escort_tuple()))
        elif what == "target" and s.phase == "shoot" and u is not None:
            self.do(A.Shoot(u.id, sq))
        elif what == "target" and s.phase == "fight" and self.sel_sq is not None:
            self.do(A.Attack(self.sel_sq, sq))
        elif what == "ignite" and u is not None:
            self.do(A.Ignite(u.id, sq))
        else:
            self.select(sq, uid)

    def _escort_tuple(self) -> tuple[str, ...]:
        s = self.state
        return tuple(sorted(self.escorts, key=s.by_id.__getitem__))

    def _figure_clicked(self, item: QListWidgetItem) -> None:
        uid = item.data(Qt.ItemDataRole.UserRole)
        if self.tabs.currentIndex() == TAB_ORDERS and self.session is not None:
            s = self.state
            if s.pending is not None and s.pending[0] == "casualty":
                if uid in {u.id for u in s.casualty_candidates()}:
                    self.do(A.ChooseCasualty(uid))
                    return
            if item.flags() & Qt.ItemFlag.ItemIsUserCheckable and self.sel_unit != uid:
                return  # escort boxes: ticking is handled by itemChanged
            self.sel_unit = uid
            self.escorts = set()
            self._refresh()

    def _figure_changed(self, item: QListWidgetItem) -> None:
        if not item.flags() & Qt.ItemFlag.ItemIsUserCheckable:
            return
        uid = item.data(Qt.ItemDataRole.UserRole)
        if item.checkState() == Qt.CheckState.Checked:
            self.escorts.add(uid)
        else:
            self.escorts.discard(uid)
        QTimer.singleShot(0, self._refresh)

    # -- drawing ------------------------------------------------------------------------
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
        if self.session is None:
            return
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
        elsewhere = self.played_elsewhere(s.current_player())
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
        self.log_view.setPlainText("\n".join(s.log))
        self.log_view.verticalScrollBar().setValue(self.log_view.verticalScrollBar().maximum())
        who = s.current_player()
        turn = f"Turn {s.turn_no}, {s.phase_title()}"
        self._set_status(
            f"{turn}: {text}" if who is None else f"{turn} - {SIDE_TITLES[who]} to act: {text}"
        )

    def _fill_figures(self, s: RaidState) -> None:
        self.figures.blockSignals(True)
        self.figures.clear()
        sq = self.sel_sq
        if s.pending is not None and s.pending[0] == "casualty":
            sq = s.hits[0][0]
            self.figures_label.setText(f"Who takes the hit at {sq[0]},{sq[1]}? (click one)")
        elif sq is not None:
            kind = self.rules.squares[s.town.type_at(sq)].label
            fire = " - on fire" if sq in s.fire else (" - burned" if sq in s.burned else "")
            self.figures_label.setText(f"Square {sq[0]},{sq[1]}: {kind}{fire}")
        else:
            self.figures_label.setText("Click a square or a figure on the table")
        sel = self._unit(self.sel_unit)
        escorting = (
            s.phase == "move"
            and sel is not None
            and sel.is_officer
            and sel.side == 1
            and sel.side == s.current_player()
            and s.why_not_alone(sel) is None
        )
        options = {g for opt in s.escort_options(sel) for g in opt} if escorting and sel else set()
        for u in s.at(sq) if sq is not None else []:
            flags = []
            if u.moved:
                flags.append("moved")
            if u.shot:
                flags.append("shot")
            tag = f" [{', '.join(flags)}]" if flags else ""
            item = QListWidgetItem(f"{u.id}: {u.label()} - factor {self._factor(u)}{tag}")
            item.setData(Qt.ItemDataRole.UserRole, u.id)
            if u.id in options:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(
                    Qt.CheckState.Checked if u.id in self.escorts else Qt.CheckState.Unchecked
                )
                item.setText(item.text() + " - tick to go with the officer")
            self.figures.addItem(item)
            if u.id == self.sel_unit:
                item.setSelected(True)
        self.figures.blockSignals(False)

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


def _scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    return area
