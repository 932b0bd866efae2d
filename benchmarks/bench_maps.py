"""Map benchmarks: graph derivation, Caribbean import, a 5,000-polygon viewport repaint."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from benchlib import Bench, best_of

ROOT = Path(__file__).resolve().parent.parent
CARIBBEAN = ROOT.parent / "shared" / "data" / "geo" / "ne_50m_admin_0_map_units_caribbean.geojson"


def _graph_ms(n: int) -> float:
    from wargame.maps.graph import derive_graph
    from wargame.maps.synthetic import hex_patchwork

    doc = hex_patchwork(n)
    derive_graph(doc)  # warm up
    return best_of(lambda: derive_graph(doc), repeat=5) * 1000


def graph_1000() -> float:
    return _graph_ms(1000)


def graph_10000() -> float:
    return _graph_ms(10_000)


def caribbean_import() -> float:
    from wargame.maps.importers import import_file

    if not CARIBBEAN.exists():
        raise FileNotFoundError(f"{CARIBBEAN} (../shared/data is not beside this checkout)")
    import_file(CARIBBEAN)
    return best_of(lambda: import_file(CARIBBEAN), repeat=3) * 1000


def _canvas_5000():  # noqa: ANN202
    """The editor's canvas, 1280x800, showing a 5,000-polygon map."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QApplication

    from ui.mapeditor.canvas import MapCanvas
    from wargame.maps.synthetic import hex_patchwork

    app = QApplication.instance() or QApplication(sys.argv[:1])
    canvas = MapCanvas()
    canvas.resize(1280, 800)
    canvas.set_doc(hex_patchwork(5000))
    canvas.show()
    canvas.fit()
    app.processEvents()
    image = QImage(canvas.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    return canvas, image


def repaint_5000() -> float:
    """Render the viewport into a QImage: a repaint (hover, overlay, tool preview) of the
    unchanged map, served by the areas layer's device-pixmap cache."""
    canvas, image = _canvas_5000()
    canvas.viewport().render(image)  # the first paint fills the layer cache
    assert image.pixelColor(image.width() // 2, image.height() // 2).alpha() == 255
    best = min(_timed(lambda: canvas.viewport().render(image)) for _ in range(10))
    canvas.close()
    return best * 1000


def repaint_5000_after_edit() -> float:
    """The same after an edit: every polygon is painted again (the cache is rebuilt)."""
    canvas, image = _canvas_5000()

    def paint() -> None:
        canvas.areas.update()
        canvas.viewport().render(image)

    paint()
    best = min(_timed(paint) for _ in range(5))
    canvas.close()
    return best * 1000


def _timed(fn) -> float:  # noqa: ANN001
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


BENCHMARKS = [
    Bench("maps: derive graph, 1,000 areas", 50.0, "ms", graph_1000),
    Bench("maps: derive graph, 10,000 areas", 500.0, "ms", graph_10000),
    Bench("maps: import Caribbean GeoJSON", 1000.0, "ms", caribbean_import),
    Bench("maps: repaint 5,000-polygon map viewport", 16.0, "ms", repaint_5000),
    Bench(
        "maps: repaint 5,000 polygons after an edit (uncached)",
        150.0,
        "ms",
        repaint_5000_after_edit,
    ),
]
