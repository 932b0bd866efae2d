"""The raid table's setup: forces placed by hand, town squares painted, towns saved.

Every edit of the setup is one undo step on the view's undo stack; a paint stroke
(press, drag, release) is one step. The mixin knows its view only as the
:class:`RaidTable` protocol (no import of ``ui.raid.view``: no import circle).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QFileDialog

from wargame.errors import WargameError
from wargame.persistence.files import write_json_atomic
from wargame.raid.model import Sq, Town, Unit, unit_from_json
from wargame.raid.scenario import raid_from_forces, state_parts

TAB_ORDERS, TAB_SCORE, TAB_LOG, TAB_FORCES, TAB_TOWN = range(5)


class RaidTable(Protocol):
    """What the setup needs of the raid's view (:class:`ui.raid.view.RaidView`)."""

    ctx: Any
    rules: Any
    setup: dict[str, Any]
    setup_sel: str | None
    board: Any
    scene: Any
    forces: Any
    town_editor: Any
    undo_stack: Any
    _stroke_before: dict[str, Any] | None

    def set_setup(self, data: dict[str, Any]) -> None: ...
    def show_error(self, message: str, title: str = ...) -> None: ...
    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None: ...
    def _set_status(self, text: str) -> None: ...
    def _refresh(self) -> None: ...
    def _draw_setup(self) -> None: ...
    def _setup_units(self) -> list[Unit]: ...
    def _factor(self, u: Unit) -> int: ...
    def _push_setup(self, after: dict[str, Any], text: str) -> None: ...
    def _rename_town(self) -> None: ...


def figures_outside(setup: dict[str, Any], cols: int, rows: int) -> str:
    """The figures of a raid setup standing beyond ``cols`` x ``rows`` squares, named
    with their squares ("P3 at 12,4 and D1 at 3,9"), or "" when none do."""
    out = []
    for key in ("attacker", "defender"):
        for u in setup.get(key, {}).get("units", []):
            sq = u.get("square")
            if sq is not None and not (sq[0] < cols and sq[1] < rows):
                name = u.get("name") or f"{u.get('id', '?')} ({u.get('kind', 'group')})"
                out.append(f"{name} at {sq[0]},{sq[1]}")
    if len(out) > 8:
        out = [*out[:8], f"{len(out) - 8} more"]
    return out[0] if len(out) == 1 else ", ".join(out[:-1]) + (f" and {out[-1]}" if out else "")


class SetupCommand(QUndoCommand):
    """An edit of the raid's setup (forces placed, squares painted): before and after."""

    def __init__(self, view: RaidTable, before: dict[str, Any], after: dict[str, Any], text: str):
        super().__init__(text)
        self.view = view
        self.before = before
        self.after = after
        self._first = True

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        self.view.set_setup(copy.deepcopy(self.after))

    def undo(self) -> None:
        self.view.set_setup(copy.deepcopy(self.before))


class SetupMixin:
    """The force builder's and town editor's side of :class:`RaidView`."""

    # -- setup: forces and town ------------------------------------------------------------
    def _tab_changed(self: RaidTable, index: int) -> None:
        self.board.paint_mode = index == TAB_TOWN
        if index in (TAB_FORCES, TAB_TOWN):
            self._draw_setup()
            self._set_status(
                "Set up: build both forces and click figures onto squares"
                if index == TAB_FORCES
                else "Town editor: pick a square type and click or drag on the table"
            )
        else:
            self._refresh()

    def set_setup(self: RaidTable, data: dict[str, Any]) -> None:
        self.setup = data
        self.town_editor.show_town(data["town"])
        self.forces.load(data)
        self._draw_setup()

    def _setup_units(self: RaidTable) -> list[Unit]:
        out = []
        for side, key in ((0, "attacker"), (1, "defender")):
            for raw in self.setup.get(key, {}).get("units", []):
                try:
                    out.append(unit_from_json(raw, side, key))
                except WargameError:
                    continue
        return out

    def _draw_setup(self: RaidTable) -> None:
        if not self.setup:
            return
        try:
            town = Town.from_json(self.setup["town"], self.rules, "town")
        except WargameError as exc:
            self.show_error(str(exc))
            return
        units = [u for u in self._setup_units() if u.sq is not None and town.contains(u.sq)]
        sel = next((u for u in units if u.id == self.setup_sel), None)
        self.scene.draw(
            town,
            self.rules,
            units=units,
            selected_sq=sel.sq if sel else None,
            selected_unit=self.setup_sel,
            factors={u.id: self._factor(u) for u in units},
        )
        self.board.fit()

    def _push_setup(self: RaidTable, after: dict[str, Any], text: str) -> None:
        before = copy.deepcopy(self.setup)
        self.set_setup(after)
        self.undo_stack.push(SetupCommand(self, before, copy.deepcopy(after), text))

    def _place_click(self: RaidTable, sq: Sq, uid: str | None) -> None:
        if uid is not None:
            self.setup_sel = uid
            self._draw_setup()
            return
        if self.setup_sel is None:
            return
        after = copy.deepcopy(self.setup)
        for key in ("attacker", "defender"):
            for raw in after[key]["units"]:
                if raw.get("id") == self.setup_sel:
                    old = raw.get("square")
                    raw["square"] = [sq[0], sq[1]]
                    try:
                        state_parts(after, self.rules, "setup")
                    except WargameError as exc:
                        raw["square"] = old
                        self.show_error(str(exc), "Cannot place there")
                        return
                    self._push_setup(after, f"Place {self.setup_sel} at {sq[0]},{sq[1]}")
                    return

    def _build_forces(self: RaidTable) -> None:
        att = self.forces.attacker.entries()
        dfd = None if self.forces.garrison.isChecked() else self.forces.defender.entries()
        try:
            data = raid_from_forces(
                att, dfd, name=self.forces.raid_name.text() or "A raid", town=self.setup["town"]
            )
        except WargameError as exc:
            self.show_error(str(exc), "Cannot build these forces")
            return
        self._push_setup(data, "Build forces")

    def _start_setup(self: RaidTable) -> None:
        try:
            self.load_scenario_data(copy.deepcopy(self.setup), None)
        except WargameError as exc:
            self.show_error(str(exc), "Cannot start this raid")

    def _stroke_started(self: RaidTable) -> None:
        self._stroke_before = copy.deepcopy(self.setup)

    def _paint(self: RaidTable, sq: Sq) -> None:
        rows = self.setup["town"]["map"]
        if not (0 <= sq[1] < len(rows) and 0 <= sq[0] < len(rows[0])):
            return
        ch = self.rules.squares[self.town_editor.brush()].char
        row = rows[sq[1]]
        if row[sq[0]] != ch:
            rows[sq[1]] = row[: sq[0]] + ch + row[sq[0] + 1 :]
            self._draw_setup()

    def _stroke_ended(self: RaidTable) -> None:
        before, self._stroke_before = self._stroke_before, None
        if before is not None and before != self.setup:
            self.undo_stack.push(
                SetupCommand(self, before, copy.deepcopy(self.setup), "Paint town squares")
            )

    def _resize_town(self: RaidTable, cols: int, rows: int) -> None:
        """Resize the town; refused, naming them, while figures stand where it would end
        (issue 26: shrinking it silently deleted them, 20 figures to 10)."""
        outside = figures_outside(self.setup, cols, rows)
        if outside:
            self.town_editor.show_town(self.setup["town"])  # the size boxes go back
            self.show_error(
                f"The town cannot shrink to {cols} x {rows}: {outside} would fall off it. "
                "Move them inside first, or choose a larger size.",
                "Cannot resize the town",
            )
            return
        after = copy.deepcopy(self.setup)
        old = after["town"]["map"]
        new = []
        for r in range(rows):
            base = old[r] if r < len(old) else ""
            new.append((base + "." * cols)[:cols])
        after["town"]["map"] = new
        self._push_setup(after, f"Resize the town to {cols} x {rows}")

    def _rename_town(self: RaidTable) -> None:
        """The name typed in the Town tab is the town's (saved with it, in the town file)."""
        name = self.town_editor.town_name.text().strip()
        if not name or not self.setup or name == self.setup["town"].get("name"):
            return
        after = copy.deepcopy(self.setup)
        after["town"]["name"] = name
        self._push_setup(after, f"Name the town {name}")

    def _save_town(self: RaidTable) -> None:
        self._rename_town()
        town = dict(self.setup["town"])
        town["name"] = self.town_editor.town_name.text().strip() or "Town"
        existing = dict((n, i) for i, n in self.ctx.db.list_documents("raid-town"))
        try:
            self.ctx.db.put_document(
                "raid-town", town["name"], town, doc_id=existing.get(town["name"])
            )
        except WargameError as exc:
            self.show_error(str(exc), "Could not save the town")
            return
        self.setup["town"]["name"] = town["name"]
        self.town_editor.set_towns(self.ctx.db.list_documents("raid-town"))
        self._set_status(f"Saved the town {town['name']}")

    def _load_town(self: RaidTable, doc_id: int) -> None:
        try:
            _kind, _name, town = self.ctx.db.get_document(doc_id)
        except WargameError as exc:
            self.show_error(str(exc))
            return
        rows, cols = len(town["map"]), len(town["map"][0])
        outside = figures_outside(self.setup, cols, rows)
        if outside:
            self.show_error(
                f"The town {town.get('name', '')} is {cols} x {rows}: {outside} would fall off "
                "it. Move them first.",
                "Cannot load the town",
            )
            return
        after = copy.deepcopy(self.setup)
        after["town"] = town
        self._push_setup(after, f"Load the town {town.get('name', '')}")

    def _export_setup(self: RaidTable, path: str | None = None) -> None:
        if not path:
            path, _ = QFileDialog.getSaveFileName(
                self,
                "Save town and forces",
                str(Path.home() / "raid.json"),
                "Raid scenario (*.json)",
            )
            if not path:
                return
        self._rename_town()  # a name still being typed is the file's
        data = copy.deepcopy(self.setup)
        data["format"], data["mode"] = "wargame-scenario", "raid"
        try:
            write_json_atomic(path, data)
        except OSError as exc:
            self.show_error(f"{path}: {exc.strerror}", "Could not save")
            return
        self._set_status(f"Saved {path}")
