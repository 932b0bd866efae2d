"""Turning clicks on the raid's town and panel into orders: the main button, the orders
list, a square or a figure chosen, a move, a shot, a fight, fire set, escorts ticked.
Mixed into :class:`~ui.raid.view.RaidView` (its state, widgets and ``do``)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QListWidgetItem

from ui.raid.setup_edit import TAB_FORCES, TAB_ORDERS, TAB_TOWN
from wargame.core.actions import Action
from wargame.raid import actions as A
from wargame.raid.model import Sq, Unit
from wargame.raid.state import RaidState


class ClicksMixin:
    """The town's and the panel's clicks (see the module's docstring)."""

    def primary_action(self) -> Action | None:
        if self.session is None:
            return None
        s = self.state
        if s.is_terminal() or s.pending is not None or not self.my_move():
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
