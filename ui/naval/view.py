"""The naval battle table, on the one table of every game (:mod:`ui.table`).

Nothing at sea is hidden: every seat sees the whole battle, so the table never hands
the computer over and the side to move plays at once. Seats (Human/Easy/Normal/Hard),
the bots, the lock while one thinks, undo by the player who acted, the battle log
(what the engine told), remote seats and the score table are the table's; this view
draws the sea and the side panel, and turns clicks (``intent``) into actions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QWidget

from ui.naval.intent import IntentMixin
from ui.naval.layout import build
from ui.naval.panel import PanelMixin, compass
from ui.naval.scene import PX, ShipItem
from ui.naval.sheet import export_pdf, sheet_html
from ui.remote import hide_setup
from ui.table.base import TableView
from wargame.core.actions import Action
from wargame.core.game import GameSpec
from wargame.core.log import Entry, Session
from wargame.errors import WargameError
from wargame.naval.actions import EndShipTurn, ExtraMove, Fire, HoldFire, Move
from wargame.naval.common import SIDE_NAMES
from wargame.naval.scenario import campaign_losses, default_scenario
from wargame.naval.state import NavalState


class NavalView(PanelMixin, IntentMixin, TableView):
    mode_key: ClassVar[str] = "naval"
    title: ClassVar[str] = "Naval battle"
    side_words = SIDE_NAMES
    has_secrets: ClassVar[bool] = False

    def __init__(self, ctx: Any, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.seats = ["human", "human"]
        self.scenario: dict[str, Any] = {}
        self.selected: str | None = None
        self.target: str | None = None
        self.reported = False
        self._last_active: str | None = None
        self.hover_text = ""
        self._status = ""
        #: The move being chosen before it is made: (ship, hex, heading), or None.
        self.intent: tuple[str, tuple[int, int], int] | None = None
        self._grab: str | None = None  # "turn" or "place" while a drag chooses the move
        self.log.setObjectName("naval-log")
        build(self)

    # -- documents -------------------------------------------------------------------------
    @property
    def state(self) -> NavalState:
        assert self.session is not None
        return self.session.state  # type: ignore[return-value]

    def load_default(self) -> None:
        self.load_scenario_data(default_scenario(), None)

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        """A new battle, with the players in command: the last one's bots stay behind."""
        if data.get("format") == "wargame-map":  # a map as the sea: its default battle
            from wargame.naval.setup import battle_on_map

            data = battle_on_map(data, where=str(path or "map"))
        if (
            path is not None
            and "map_file" in data
            and not Path(str(data["map_file"])).is_absolute()
        ):
            data = dict(data)
            data["map_file"] = str(path.parent / str(data["map_file"]))
        self.start_game(GameSpec("naval", 2, scenario=data), ["human", "human"])

    def started(self, session: Session[Any]) -> None:
        scenario = session.header.get("scenario")
        self.scenario = scenario if isinstance(scenario, dict) else {}
        self.reported = False  # a finished campaign fight opened again reports again
        self.act_return.setVisible(isinstance(self.scenario.get("campaign_link"), dict))
        self.selected = self.target = self.intent = None
        self.scene.build(self.state)
        self.scene.show_coords(self.act_coords.isChecked())
        self.sea_view.fit()

    def table_name(self) -> str:
        return str(self.scenario.get("name", "Sea fight"))

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        super().open_json(data, path)
        self.document_name = self.table_name()  # the battle's name, as it was saved
        self.document_changed.emit()

    def opening_lines(self, session: Session[Any]) -> list[str]:
        """What the battle's setup told (the wind) before the first entry."""
        events = list(session.state.events)
        told = sum(len(e.told or ()) for e in session.entries)
        return events[: len(events) - told]

    def entry_lines(self, entries: Any, i: int) -> tuple[str | None, list[str]]:
        """What the sea told of an entry (its sentence when it told nothing)."""
        entry: Entry = entries[i]
        return None, list(entry.told or (entry.label,))

    def quiet_setup(self) -> None:
        hide_setup(self.setup_actions, self.sea_view)

    def status_line(self) -> str:
        return self._status or self.title

    @property
    def inches(self) -> bool:
        return self.act_inches.isChecked()

    def _toggle_inches(self) -> None:
        self.scene.inches = self.inches
        self._refresh()

    def _toggle_coords(self) -> None:
        self.scene.show_coords(self.act_coords.isChecked())

    def _toggle_legend(self) -> None:
        self.sea_view.legend.setVisible(self.act_legend.isChecked())
        if self.sea_view.auto_fit:
            self.sea_view.fit()  # the sea takes the legend's room, or gives it back

    def _ship_under(self, pos: Any) -> str | None:
        """The ship under a point of the sea view (for the right-click menu)."""
        return next((i.name for i in self.sea_view.items(pos) if isinstance(i, ShipItem)), None)

    def print_source(self) -> Any:
        """The sea with its hexes, their coordinates and islands, without ships, at the
        scenario's hex size (ui/naval/printing.py); it can be printed saving ink."""
        from ui.naval.printing import print_scene, save_ink, table_rect
        from ui.print_table import PrintSource

        if self.session is None:
            return None
        scene = print_scene(self.state, self)
        title = str(self.scenario.get("name", "Sea fight")) if self.scenario else "Sea fight"
        return PrintSource(
            scene, table_rect(self.state), PX, title, ink_saver=lambda: save_ink(scene)
        )

    def _set_status(self, text: str) -> None:
        self._status = text
        self.status_changed.emit(text)

    # -- acting ----------------------------------------------------------------------------
    def legal(self) -> list[Action]:
        """The moves this screen's player may make now: none on a bot's or another
        computer's turn, none while a bot thinks."""
        if self.session is None or not self.my_move() or self.thinker.busy:
            return []
        return list(self.state.legal_actions())

    def _active_name(self) -> str | None:
        st = self.state
        return st.ts.ship if st.phase == "ship" and st.ts is not None else None

    def select(self, name: str | None) -> None:
        self.selected = name
        self.intent = None
        self.target = None
        self._refresh()

    def _fire(self) -> None:
        a = self._chosen_fire()
        if a is None:
            self.show_error(
                "No battery of the selected ship bears on that target in range (19. Firing guns)"
            )
            return
        self.act(a)

    def _chosen_fire(self) -> Fire | None:
        if self.session is None:
            return None
        ship = self._firing_ship()
        if ship is None or self.target is None:
            return None
        pos = self.battery_box.currentData()
        aim = self.aim_box.currentText()
        side = self.side_box.currentText() if self.side_applies() else ""
        for a in self.legal():
            if (
                isinstance(a, Fire)
                and a.ship == ship
                and a.target == self.target
                and a.battery == pos
                and a.aim == aim
                and a.side == side
            ):
                return a
        return None

    def _firing_ship(self) -> str | None:
        st = self.state
        if st.phase == "return" and st.ret is not None:
            return st.ret[0]
        return self._active_name()

    def _end_turn(self) -> None:
        for a in self.legal():
            if isinstance(a, EndShipTurn | HoldFire):
                self.act(a)
                return
        self.show_error("There is no ship turn to end now: " + self._phase_text())

    def sea_view_fit(self) -> None:
        self.sea_view.fit()

    def _zoom(self, factor: float) -> None:
        self.sea_view.auto_fit = False
        self.sea_view.zoom(factor)

    # -- PDF and roster -------------------------------------------------------------------------
    # -- PDF and roster -------------------------------------------------------------------------
    def _export_pdf(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Export ship sheets", "ships.pdf", "PDF (*.pdf)"
        )
        if path:
            self.export_pdf(path)

    def export_pdf(self, path: str) -> int:
        n = export_pdf(self.state, path)
        self._set_status(f"Exported {n} ship sheets to {path}")
        return n

    def open_setup(self, data: dict[str, Any] | None = None) -> Any:
        """The battle setup screen, from ``data`` (the battle on the table if None;
        open sea if the table shows a campaign fight)."""
        from ui.naval.setup import BattleSetupDialog

        if data is None and self.scenario and "campaign_link" not in self.scenario:
            data = self.scenario
        try:
            dialog = BattleSetupDialog(self.ctx, self, data)
        except WargameError:  # a scenario the setup cannot show: start from open sea
            dialog = BattleSetupDialog(self.ctx, self, None)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if self.window() is not self:
            dialog.close_with(self.window())
        dialog.show()  # a window of its own: the table behind it stays usable
        return dialog

    def return_to_campaign(self) -> None:
        """Show the campaign (it picks up the result of a battle that is over)."""
        show_mode = getattr(self.window(), "show_mode", None)
        if show_mode is not None:
            show_mode("campaign")

    def _roster(self) -> None:
        from ui.naval.roster import RosterDialog
        from ui.qtcompat import run_modal

        run_modal(RosterDialog(self.ctx.db, self))

    # -- drawing -------------------------------------------------------------------------------
    def _refresh(self) -> None:
        self.refresh()

    def draw(self) -> None:
        st = self.state
        self.scene.sync(st)
        active = self._active_name() or self._firing_ship()
        if self.selected is None or self.selected not in st.ships or active != self._last_active:
            self.selected = active
            self.target = None
        self._last_active = active
        if st.phase == "return" and st.ret is not None:
            self.selected, self.target = st.ret[0], st.ret[1]
        chooser = st.choice_ship()
        if chooser is not None:
            self.selected = chooser.name  # show the sheet of the ship the choice is about
        self.scene.select(self.selected)
        self.scene.clear_overlay()
        legal = self.legal()
        ends: dict[tuple[int, int], list[int]] = {}
        for a in legal:
            if isinstance(a, Move | ExtraMove) and self.selected == a.ship:
                ends.setdefault(tuple(a.to), []).append(a.heading)
        if ends:
            self.scene.show_destinations(st.sea, ends)
        if self.intent is not None and not any(
            a.heading == self.intent[2] for a in self._moves_to(self.intent[1])
        ):
            self.intent = None
        if not st.is_terminal():  # once the battle is over no gun bears on anything
            if self.act_all_arcs.isChecked():
                for ship in st.ships.values():
                    if ship.in_play and ship.name != self.selected:
                        self.scene.show_arcs(st, ship, reach=False)
            if self.selected is not None and st.ships[self.selected].in_play:
                self.scene.show_arcs(st, st.ships[self.selected])
        self.phase_label.setText(self._phase_text())
        self._fill_buttons(legal)
        self._fill_fire(legal)
        if self.selected:
            self.sheet.setHtml(sheet_html(st.ships[self.selected], st))
        self.sea_view.wind_angle = st.sea.heading_angle(st.wind)
        self.sea_view.wind_text = f"wind: {compass(self.sea_view.wind_angle)}"
        self.sea_view.viewport().update()
        self.act_end.setEnabled(any(isinstance(a, EndShipTurn | HoldFire) for a in legal))
        self._set_status(self._phase_text().replace("\n", " "))
        self._set_intent(self.intent)
        self._maybe_report()

    def _maybe_report(self) -> None:
        st = self.state
        link = self.scenario.get("campaign_link") if isinstance(self.scenario, dict) else None
        if not st.is_terminal() or self.reported or not isinstance(link, dict):
            return
        out = st.outcome()
        assert out is not None
        sc = st.scores()
        self.reported = True
        self.ctx.report_result(
            link,
            {
                "winner": out.winner,
                "battle_score": {"0": sc[0], "1": sc[1]},
                "victory_points": {"0": sc[0], "1": sc[1]},
                "losses": campaign_losses(st),
                "summary": self._phase_text(),
            },
        )
