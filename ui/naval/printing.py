"""The sea on paper (File > Print table 1:1): the hexes with their "(col, row)" as the
screen names them, the islands and their names, no ships; in colour or saving ink."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen

from ui.naval.scene import PX, SeaScene
from wargame.naval.state import NavalState

INK = QColor(60, 60, 60)


def print_scene(state: NavalState, parent: Any = None) -> SeaScene:
    """The sea without ships, each hex named as on screen (the mat matches the table)."""
    scene = SeaScene(parent)
    scene.build(state)
    for group in (scene.ship_items, scene.labels, scene.stats):
        for item in group.values():
            item.hide()
    for line in scene.leader_items:
        line.hide()
    if scene.coords is not None:
        scene.coords.for_print = True
        scene.coords.colour = QColor(235, 245, 252)
        scene.coords.setVisible(True)
    return scene


def save_ink(scene: SeaScene) -> None:
    """White sea, thin grey hex lines, islands in outline, dark names and numbers."""
    scene.sea_rect.setBrush(QBrush(Qt.GlobalColor.white))
    scene.sea_rect.setPen(QPen(INK, 2))
    scene.grid_item.setPen(QPen(QColor(150, 150, 150), 0.8))
    scene.land_item.setBrush(QBrush(QColor(120, 120, 120), Qt.BrushStyle.BDiagPattern))
    for item in scene.shore_items:
        item.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        item.setPen(QPen(INK, 2))
    for label in scene.island_labels:
        label.setBrush(INK)
    if scene.coords is not None:
        scene.coords.colour = QColor(90, 90, 90)
    scene.update()


def table_rect(state: NavalState) -> QRectF:
    w, h = state.sea.size_cm
    return QRectF(0, 0, w * PX, h * PX)
