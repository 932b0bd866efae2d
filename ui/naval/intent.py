"""Turning clicks on the sea into the battle's actions: a ship chosen, the hex her move
ends on by a click, her heading by the arrow keys or a drag, then Enter; a target for
the guns; the ruler. Mixed into :class:`~ui.naval.view.NavalView` (its state, scene,
sea view and ``act``)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsView

from ui.naval.scene import PX
from ui.naval.units import length
from wargame.naval.actions import ExtraMove, Move


class IntentMixin:
    """The sea's clicks, drags and keys (see the module's docstring)."""

    def _clicked(self, point: QPointF) -> None:
        if self.session is None or self.sea_view.ruler_mode:
            return
        st = self.state
        hex_ = st.sea.hex_at(point.x() / PX, point.y() / PX)
        ship = next(
            (
                s
                for s in st.ships.values()
                if s.hex == hex_ and s.status.value in ("afloat", "surrendered")
            ),
            None,
        )
        moves = self._moves_to(hex_)
        if moves and (ship is None or ship.name == self._active_name()):
            if ship is not None and self.selected != ship.name:
                self.select(ship.name)  # the first click on her own hex selects her
                return
            if self.intent is not None and self.intent[1] == hex_:
                self.confirm_intent()  # a second click on the chosen hex sails there
                return
            self.choose_hex(hex_)
            return
        if ship is not None:
            active = self.state.active
            if active is not None and ship.side != active.side and self.selected == active.name:
                self.target = ship.name
                self._refresh()
                return
            self.select(ship.name)
            return
        if self._active_name() and self.selected == self._active_name():
            reason = self._why_not_here(hex_)
            if reason:
                self.show_error(reason)

    # -- choosing a move: hex, then heading (keys or drag), then Enter ------------------------
    def _moves_to(self, hex_: tuple[int, int]) -> list[Move | ExtraMove]:
        """The selected ship's legal moves ending on ``hex_`` (one per heading)."""
        if self.session is None or self.selected is None:
            return []
        return [
            a
            for a in self.legal()
            if isinstance(a, Move | ExtraMove) and a.ship == self.selected and tuple(a.to) == hex_
        ]

    def _headings_at(self, hex_: tuple[int, int]) -> list[int]:
        """Legal headings on ``hex_``, in clockwise order on the screen."""
        sea = self.state.sea
        return sorted({a.heading for a in self._moves_to(hex_)}, key=sea.heading_angle)

    def choose_hex(self, hex_: tuple[int, int]) -> None:
        """Make ``hex_`` the chosen end of the move: she keeps her heading if she may,
        else the legal heading nearest to it. Nothing moves until it is confirmed."""
        headings = self._headings_at(hex_)
        if not headings or self.selected is None or self.replaying:
            return
        ship = self.state.ships[self.selected]
        keep = self.intent[2] if self.intent is not None else ship.heading
        if keep not in headings:
            keep = min(headings, key=lambda h: min((h - ship.heading) % 6, (ship.heading - h) % 6))
        self._set_intent((ship.name, hex_, keep))

    def turn_intent(self, step: int) -> None:
        """Left / Right: the chosen heading turns to the next legal one that way."""
        if self.intent is None:
            return
        name, hex_, heading = self.intent
        headings = self._headings_at(hex_)
        if not headings:
            return
        i = headings.index(heading) if heading in headings else 0
        self._set_intent((name, hex_, headings[(i + step) % len(headings)]))

    def confirm_intent(self) -> None:
        if self.intent is None:
            return
        name, hex_, heading = self.intent
        move = next((a for a in self._moves_to(hex_) if a.heading == heading), None)
        self._set_intent(None)
        if move is not None:
            self.act(move)

    def cancel_intent(self) -> None:
        self._set_intent(None)

    def _set_intent(self, intent: tuple[str, tuple[int, int], int] | None) -> None:
        self.intent = intent
        for act in (self.act_turn_left, self.act_turn_right, self.act_confirm, self.act_cancel):
            act.setEnabled(intent is not None)
        if intent is None:
            self.scene.clear_intent()
            return
        name, hex_, heading = intent
        self.scene.show_intent(self.state.ships[name], hex_, heading)
        facing = self.state.sea.facing_name(heading)
        col, row = self.state.sea.to_offset(hex_)
        self._set_status(
            f"{name} to ({col}, {row}) facing {facing}: Left/Right turn her, Enter sails, "
            "Esc cancels."
        )

    def _grab_test(self, point: QPointF) -> bool:
        """A drag from the chosen hex turns the heading; a drag from the ship to move
        places the chosen hex. Any other drag pans the sea."""
        self._grab = None
        if self.session is None:
            return False
        st = self.state
        hex_ = st.sea.hex_at(point.x() / PX, point.y() / PX)
        if self.intent is not None and self.intent[1] == hex_:
            self._grab = "turn"
        elif (
            self.selected is not None
            and self.selected == (self._active_name() or "")
            and st.ships[self.selected].hex == hex_
            and any(isinstance(a, Move | ExtraMove) for a in self.legal())
        ):
            self._grab = "place"
        return self._grab is not None

    def _grab_moved(self, point: QPointF) -> None:
        st = self.state
        if self._grab == "place":
            hex_ = st.sea.hex_at(point.x() / PX, point.y() / PX)
            here = self.state.ships[self.selected].hex if self.selected else None
            if hex_ != here and self._moves_to(hex_):
                self.choose_hex(hex_)
                self._grab = "turn"  # dragging on from there turns her
                return
            if here is None or not self._moves_to(here):
                return
            # not over another green hex: she turns where she stands, towards the drag
            if self.intent is None or self.intent[1] != here:
                self.choose_hex(here)
        elif self._grab != "turn":
            return
        if self.intent is None:
            return
        name, hex_, heading = self.intent
        cx, cy = st.sea.centre(hex_)
        dx, dy = point.x() / PX - cx, point.y() / PX - cy
        if math.hypot(dx, dy) < st.sea.hex_cm * 0.2:
            return  # too near the middle to tell a direction
        angle = math.degrees(math.atan2(dy, dx))

        def off(h: int) -> float:
            d = (st.sea.heading_angle(h) - angle) % 360
            return min(d, 360 - d)

        best = min(self._headings_at(hex_), key=off, default=heading)
        if best != heading:
            self._set_intent((name, hex_, best))

    def _hovered(self, point: QPointF) -> None:
        """The status bar names the hex under the pointer and its range from the selected ship."""
        if self.session is None or self.sea_view.ruler_mode:
            return
        st = self.state
        hex_ = st.sea.hex_at(point.x() / PX, point.y() / PX)
        if hex_ not in st.sea.hexes:
            return
        col, row = st.sea.to_offset(hex_)
        text = f"Hex ({col}, {row}){' - land' if hex_ in st.sea.land else ''}"
        if self.selected and st.ships[self.selected].in_play:
            cm = st.sea.distance_cm(st.ships[self.selected].hex, hex_)
            text += f" - {length(cm, inches=self.inches)} from {self.selected}"
        self.hover_text = text
        self._set_status(f"{text}.  {self._phase_text().splitlines()[-1]}")

    def _why_not_here(self, hex_: tuple[int, int]) -> str | None:
        st = self.state
        if st.ts is None or st.ts.step not in ("move", "extra_move"):
            return None
        ship = st.active
        assert ship is not None
        if st.ts.step == "extra_move":
            return f"{ship.name}'s extra hex must be the hex ahead (12. Movement)"
        return st.why_not_reachable(ship, hex_) + " (12. Movement)"

    def _toggle_ruler(self, on: bool) -> None:
        self.sea_view.ruler_mode = on
        self.sea_view.setDragMode(
            QGraphicsView.DragMode.NoDrag if on else QGraphicsView.DragMode.ScrollHandDrag
        )
        if not on:
            self.scene.clear_ruler()
        self._set_status("Ruler: drag between any two points" if on else self._phase_text())

    def measure_ships(self, a: str, b: str) -> float:
        """The ruler from ship to ship (centre to centre), in table cm."""
        st = self.state
        pa, pb = st.ships[a].hex, st.ships[b].hex
        ca, cb = st.sea.centre(pa), st.sea.centre(pb)
        cm = self.scene.show_ruler(QPointF(ca[0] * PX, ca[1] * PX), QPointF(cb[0] * PX, cb[1] * PX))
        self._set_status(f"Ruler: {a} to {b} is {length(cm, inches=self.inches)}")
        return cm
