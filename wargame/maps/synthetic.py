"""Generated maps for benchmarks and tests: a hex patchwork of land and sea areas."""

from __future__ import annotations

import math

from wargame.maps.model import Area, HexSpec, Island, MapDoc


def hex_patchwork(count: int, *, size_cm: float = 2.0, land_every: int = 3) -> MapDoc:
    """``count`` flat-top hex areas in a rough square; every ``land_every``-th column of
    each row is land (one island per land hex), the rest sea."""
    cols = max(1, math.ceil(math.sqrt(count)))
    w = 1.5 * size_cm
    h = math.sqrt(3) * size_cm
    areas: list[Area] = []
    islands: list[Island] = []
    for k in range(count):
        col, row = k % cols, k // cols
        cx = col * w + size_cm
        cy = row * h + (h / 2 if col % 2 else 0.0) + h / 2
        ring = tuple(
            (
                round(cx + size_cm * math.cos(math.pi / 3 * i), 6),
                round(cy + size_cm * math.sin(math.pi / 3 * i), 6),
            )
            for i in range(6)
        )
        if (col + row) % land_every == 0:
            iid = f"I{k}"
            islands.append(Island(iid, f"Isle {k}"))
            areas.append(Area(f"A{k}", f"Land {k}", "land", ring, iid))
        else:
            areas.append(Area(f"A{k}", f"Sea {k}", "sea", ring))
    rows = math.ceil(count / cols)
    bounds = (0.0, 0.0, cols * w + size_cm, rows * h + h)
    return MapDoc(f"patchwork {count}", bounds, HexSpec("flat", size_cm), islands, areas)
