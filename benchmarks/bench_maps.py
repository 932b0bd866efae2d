"""Map benchmarks: graph derivation, Caribbean import, a 5,000-polygon viewport repaint,
and the costs issue 16 bounds: 100,000 overlapping GeoJSON features, a graph of 5,000
stacked areas, a 50,000-area map's graph."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from benchlib import Bench, best_of

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("WARGAME_SHARED_DATA") or ROOT.parent / "shared" / "data")
CARIBBEAN = SHARED / "geo" / "ne_50m_admin_0_map_units_caribbean.geojson"


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


def graph_50000() -> float:
    """A 50,000-area map's graph (ms), once: the limit of a map file."""
    from wargame.maps.graph import derive_graph
    from wargame.maps.synthetic import hex_patchwork

    doc = hex_patchwork(50_000)
    return _timed(lambda: derive_graph(doc)) * 1000


def _child(code: str) -> tuple[float, float, int, str]:
    """Run ``code`` in a fresh interpreter: (seconds, peak MB, exit code, stderr tail)."""
    import resource
    import subprocess

    t = time.perf_counter()
    proc = subprocess.run(  # noqa: S603 - our own interpreter and code
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    seconds = time.perf_counter() - t
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return seconds, peak_mb, proc.returncode, proc.stderr.strip()[-300:]


def _overlapping_features(path: Path, n: int) -> None:
    """``n`` squares of 1..3 degrees scattered over a 40 x 30 degree sea: every one
    overlaps many others (the real-world case: a region file drawn over its islands)."""
    import json
    import random

    rnd = random.Random(16)  # noqa: S311 - benchmark data, not game randomness
    feats = []
    for k in range(n):
        x, y, s = rnd.uniform(-80, -40), rnd.uniform(5, 35), rnd.uniform(1, 3)
        ring = [[x, y], [x + s, y], [x + s, y + s], [x, y + s], [x, y]]
        feats.append(
            {
                "type": "Feature",
                "properties": {"name": f"F{k}"},
                "geometry": {"type": "Polygon", "coordinates": [ring]},
            }
        )
    path.write_text(json.dumps({"type": "FeatureCollection", "features": feats}))


_FIGURES: dict[str, float] = {}


def import_100k_overlapping() -> float:
    """Import 100,000 overlapping GeoJSON features, in a child process (s); its peak
    memory is the next row. A refusal counts when it comes early with a message."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "overlap.geojson"
        _overlapping_features(src, 100_000)
        code = (
            "import sys; from wargame.cli import main; "
            f"sys.exit(main(['map', 'import', {str(src)!r}, '--out', {str(Path(tmp) / 'o.json')!r}]))"
        )
        seconds, peak, rc, err = _child(code)
    if rc not in (0, 2):
        raise RuntimeError(f"exit {rc}: {err}")
    _FIGURES["import_100k_mb"] = peak
    _FIGURES["import_100k_outcome"] = rc
    return seconds


def import_100k_peak_mb() -> float:
    if "import_100k_mb" not in _FIGURES:
        import_100k_overlapping()
    return _FIGURES["import_100k_mb"]


def graph_5000_stacked() -> float:
    """``wargame map graph`` on 5,000 areas stacked on one another (s), a child process."""
    import json
    import tempfile

    from wargame.maps.model import Area, MapDoc, map_to_json

    ring = ((10.0, 10.0), (30.0, 10.0), (30.0, 30.0), (10.0, 30.0))
    doc = MapDoc(
        "stacked",
        areas=[
            Area(f"S{k}", f"Sea {k}", "sea", tuple((x + k * 1e-3, y) for x, y in ring))
            for k in range(5000)
        ],
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "stacked.json"
        path.write_text(json.dumps(map_to_json(doc)))
        code = f"import sys; from wargame.cli import main; sys.exit(main(['map', 'graph', {str(path)!r}, '--json']))"
        seconds, _peak, rc, err = _child(code)
    if rc not in (0, 2):
        raise RuntimeError(f"exit {rc}: {err}")
    return seconds


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
    Bench("maps: derive graph, 50,000 areas", 5000.0, "ms", graph_50000),
    Bench("maps: map graph, 5,000 stacked areas (CLI)", 10.0, "s", graph_5000_stacked),
    Bench("maps: import 100,000 overlapping features (CLI)", 60.0, "s", import_100k_overlapping),
    Bench("maps: import 100,000 features, peak memory", 2048.0, "MB", import_100k_peak_mb),
    Bench("maps: import Caribbean GeoJSON", 1000.0, "ms", caribbean_import),
    Bench("maps: repaint 5,000-polygon map viewport", 16.0, "ms", repaint_5000),
    Bench(
        "maps: repaint 5,000 polygons after an edit (uncached)",
        150.0,
        "ms",
        repaint_5000_after_edit,
    ),
]
