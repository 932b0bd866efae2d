"""Where GeoJSON coordinates are on Earth, and how they are laid on the table.

- The ``crs`` member (GeoJSON 2008; RFC 7946 dropped it, files still carry it) is
  read with pyproj: a geographic CRS is longitude/latitude, a projected one (EPSG:3857,
  a UTM zone) is a plane with north up. Without it, coordinates outside the
  longitude/latitude ranges are taken as a projected plane, with a warning.
- Longitude/latitude is projected equirectangularly about the mean latitude
  (x scaled by cos(latitude)), north up on the table (y grows downwards).
- The antimeridian: a ring that jumps across it is unwrapped, a feature split at it
  (Fiji, Russia) is joined by moving its western parts east by 360 degrees, and a
  region that straddles it (the Pacific) is moved whole when that makes it narrower.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from wargame.errors import FileFormatError, shown

EDGE = 179.5  # a part this close to +-180 degrees touches the antimeridian


def unwrap_ring(arr: np.ndarray) -> np.ndarray:
    """A lon/lat ring that jumps across the antimeridian (179 -> -179) made continuous."""
    if len(arr) < 2 or np.abs(arr).max(initial=0.0) > 400:
        return arr
    dx = np.abs(np.diff(arr[:, 0]))
    if dx.max(initial=0.0) > 180 and np.all(np.abs(arr[:, 0]) <= 180):
        arr = arr.copy()
        arr[arr[:, 0] < 0, 0] += 360.0
    return arr


def _shift(g: BaseGeometry) -> BaseGeometry:
    return shapely.transform(g, lambda xy: xy + np.array([360.0, 0.0]))


class Frame:
    """The coordinate system of one file and the fit of its features on a table."""

    def __init__(self, lonlat: bool, shift_west: bool) -> None:
        self.lonlat = lonlat
        self.shift_west = shift_west

    @classmethod
    def of(cls, data: Any, geoms: list[BaseGeometry], source: str, warns: list[str]) -> Frame:
        crs = _crs(data.get("crs") if isinstance(data, dict) else None, source, warns)
        x0, y0, x1, y1 = shapely.total_bounds(np.array(geoms, dtype=object))
        if crs is not None:
            lonlat = bool(crs.is_geographic)
        else:
            lonlat = -180.5 <= x0 and x1 <= 360.5 and -90.5 <= y0 and y1 <= 90.5
            if not lonlat:
                warns.append(
                    f"{source}: the coordinates are not longitude/latitude and the file "
                    "names no 'crs': taken as a projected map with north up"
                )
        frame = cls(lonlat, False)
        if lonlat:
            xs = np.array([frame._joined(g).centroid.x for g in geoms])
            span = xs.max() - xs.min()
            moved = np.where(xs < 0, xs + 360.0, xs)
            if span > 180 and moved.max() - moved.min() < span - 1e-9:
                frame.shift_west = True
                warns.append(
                    f"{source}: the features straddle the antimeridian (180 degrees): the "
                    "western ones are placed east of it so that the region stays whole"
                )
        return frame

    def _joined(self, g: BaseGeometry) -> BaseGeometry:
        """A feature split at the antimeridian with its western parts moved east."""
        x0, _y0, x1, _y1 = g.bounds
        if x0 > -EDGE or x1 < EDGE or g.geom_type != "MultiPolygon":
            return g
        parts = list(shapely.get_parts(g))
        moved = [_shift(p) if p.centroid.x < 0 else p for p in parts]
        return shapely.MultiPolygon(moved)

    def prepare(self, g: BaseGeometry) -> BaseGeometry:
        """``g`` in the frame's working coordinates (antimeridian handled)."""
        if not self.lonlat:
            return g
        g = self._joined(g)
        if self.shift_west and g.centroid.x < 0:
            g = _shift(g)
        return g

    def fit(
        self, table_cm: tuple[float, float], margin_cm: float, geoms: list[BaseGeometry]
    ) -> Callable[[BaseGeometry], BaseGeometry]:
        """The function laying working coordinates on the table, north up, fitted."""
        minx, miny, maxx, maxy = shapely.total_bounds(np.array(geoms, dtype=object))
        lat0 = (miny + maxy) / 2 if self.lonlat else 0.0
        kx = max(math.cos(math.radians(max(-89.0, min(89.0, lat0)))), 0.05) if self.lonlat else 1.0
        w = (maxx - minx) * kx
        h = maxy - miny
        if not (w > 0 and h > 0 and math.isfinite(w) and math.isfinite(h)):
            raise FileFormatError("the features have no extent to fit on a table")
        tw, th = table_cm
        scale = min((tw - 2 * margin_cm) / w, (th - 2 * margin_cm) / h)
        ox = (tw - w * scale) / 2
        oy = (th - h * scale) / 2

        def project(coords: np.ndarray) -> np.ndarray:
            x = (coords[:, 0] - minx) * kx * scale + ox
            y = (maxy - coords[:, 1]) * scale + oy
            return np.column_stack([x, y])

        return lambda geom: shapely.transform(geom, project)


def _crs(member: Any, source: str, warns: list[str]) -> Any:
    """The pyproj CRS a GeoJSON ``crs`` member names, or None when there is none."""
    if member is None:
        return None
    if not isinstance(member, dict):
        raise FileFormatError(f"{source}: key 'crs' must be an object")
    props = member.get("properties")
    if member.get("type") != "name" or not isinstance(props, dict):
        warns.append(f"{source}: a 'crs' of type {shown(str(member.get('type'))[:20])} is not read")
        return None
    name = props.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise FileFormatError(f"{source}: key 'crs.properties.name' must name a CRS")
    from pyproj import CRS
    from pyproj.exceptions import CRSError

    text = name.strip()
    epsg = re.search(r"(?i)\bEPSG:(?:[\d.]*:)?:?(\d{4,6})$", text)
    try:
        if epsg:
            return CRS.from_epsg(int(epsg.group(1)))
        if re.search(r"(?i)\bCRS:?84$", text):
            return CRS.from_user_input("OGC:CRS84")
        raise CRSError(text)
    except CRSError:
        raise FileFormatError(
            f"{source}: key 'crs' names {shown(name[:60])}, which is not a known coordinate "
            "reference system (try 'EPSG:4326' or 'EPSG:3857')"
        ) from None
