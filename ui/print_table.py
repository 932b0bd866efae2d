"""File > Print table 1:1: the naval sea or the raid town on paper, at table scale.

The table is cut into pages (``wargame.geometry.tiling``); each page shows its
part of the table at exactly 1:1, with alignment marks where it overlaps its
neighbours, its place in the grid of pages, and a 5 cm scale bar to check the
printer did not scale it. Written atomically (a PDF in memory, then renamed in).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from wargame.geometry.tiling import PageSetup, PageTile, tile_table
from wargame.persistence.files import write_atomic

RESOLUTION = 300  # dots per inch of the PDF's drawing surface
DOTS_PER_CM = RESOLUTION / 2.54
SCALE_BAR_CM = 5
PAGE_SIZES = {
    "A4": QPageSize.PageSizeId.A4,
    "A3": QPageSize.PageSizeId.A3,
    "Letter": QPageSize.PageSizeId.Letter,
}


@dataclass
class PrintSource:
    """What to print: a scene, the table's rectangle in it, and its scale."""

    scene: QGraphicsScene
    table: QRectF  # scene coordinates of the table's top-left and size
    units_per_cm: float
    title: str
    #: Restyles the scene to save ink (white sea, outlines), if the table offers it.
    ink_saver: Callable[[], None] | None = None

    @property
    def size_cm(self) -> tuple[float, float]:
        return self.table.width() / self.units_per_cm, self.table.height() / self.units_per_cm


def print_table(
    source: PrintSource,
    path: str | Path,
    setup: PageSetup | None = None,
    *,
    ink_saving: bool = False,
) -> int:
    """Write the table to ``path`` as a PDF at 1:1; returns the number of pages."""
    setup = setup or PageSetup()
    if ink_saving and source.ink_saver is not None:
        source.ink_saver()
    # Cached items would be rasterised at the printer's resolution: draw them as vectors.
    for item in source.scene.items():
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    w_cm, h_cm = source.size_cm
    tiles = tile_table(w_cm, h_cm, setup)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(RESOLUTION)
    writer.setTitle(source.title)
    writer.setPageSize(QPageSize(PAGE_SIZES[setup.paper]))
    writer.setPageOrientation(
        QPageLayout.Orientation.Landscape if setup.landscape else QPageLayout.Orientation.Portrait
    )
    writer.setPageMargins(QMarginsF(0, 0, 0, 0))
    rows = max(t.row for t in tiles) + 1
    cols = max(t.col for t in tiles) + 1
    painter = QPainter(writer)
    try:
        for i, tile in enumerate(tiles):
            if i:
                writer.newPage()
            render_page(painter, source, setup, tile, rows, cols)
    finally:
        painter.end()
        buffer.close()
    write_atomic(path, bytes(data.data()))
    return len(tiles)


def render_page(
    painter: QPainter,
    source: PrintSource,
    setup: PageSetup,
    tile: PageTile,
    rows: int,
    cols: int,
    *,
    dots_per_cm: float = DOTS_PER_CM,
) -> None:
    """Draw one page on ``painter``, whose device has ``dots_per_cm`` dots per cm."""

    def _cm(v: float) -> float:
        return v * dots_per_cm

    m = setup.margin_cm
    target = QRectF(_cm(m), _cm(m), _cm(tile.w_cm), _cm(tile.h_cm))
    upc = source.units_per_cm
    src = QRectF(
        source.table.x() + tile.x_cm * upc,
        source.table.y() + tile.y_cm * upc,
        tile.w_cm * upc,
        tile.h_cm * upc,
    )
    source.scene.render(painter, target, src, Qt.AspectRatioMode.IgnoreAspectRatio)
    pen = QPen(QColor(0, 0, 0))
    pen.setWidthF(_cm(0.02))
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(target)
    # Alignment marks: a cross at each corner, outside the printed part.
    mark = _cm(0.6)
    for corner in (target.topLeft(), target.topRight(), target.bottomLeft(), target.bottomRight()):
        painter.drawLine(corner - QPointF(mark, 0), corner + QPointF(mark, 0))
        painter.drawLine(corner - QPointF(0, mark), corner + QPointF(0, mark))
    # Where the next page starts: glue its edge on this dashed line.
    dash = QPen(QColor(200, 0, 0))
    dash.setWidthF(_cm(0.02))
    dash.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(dash)
    if tile.col < cols - 1:
        x = target.right() - _cm(setup.overlap_cm)
        painter.drawLine(QPointF(x, target.top()), QPointF(x, target.bottom()))
    if tile.row < rows - 1:
        y = target.bottom() - _cm(setup.overlap_cm)
        painter.drawLine(QPointF(target.left(), y), QPointF(target.right(), y))
    painter.setPen(pen)
    font = QFont("Sans")
    font.setPixelSize(int(_cm(0.35)))
    painter.setFont(font)
    label = (
        f"{source.title} - page {tile.row + 1}.{tile.col + 1} of {rows} x {cols} - "
        f"table {tile.x_cm:.1f}-{tile.x_cm + tile.w_cm:.1f} cm across, "
        f"{tile.y_cm:.1f}-{tile.y_cm + tile.h_cm:.1f} cm down - print at 100% (no fit to page)"
    )
    painter.drawText(QPointF(_cm(m), _cm(m * 0.55)), label)
    # The scale bar: 5 cm with 1 cm ticks, under the printed part.
    y = target.bottom() + _cm(m * 0.5)
    x0 = _cm(m)
    painter.drawLine(QPointF(x0, y), QPointF(x0 + _cm(SCALE_BAR_CM), y))
    for k in range(SCALE_BAR_CM + 1):
        tick = _cm(0.25 if k in (0, SCALE_BAR_CM) else 0.15)
        painter.drawLine(QPointF(x0 + _cm(k), y - tick), QPointF(x0 + _cm(k), y))
    painter.drawText(QPointF(x0 + _cm(SCALE_BAR_CM + 0.3), y), f"{SCALE_BAR_CM} cm")
