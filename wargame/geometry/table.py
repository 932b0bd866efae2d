"""Distances on the tabletop in cm, for 1/450 ships and 15mm raids."""

from __future__ import annotations

import math

#: The ratio of the miniatures the naval rules are written for.
NAVAL_SCALE = 450


def distance_cm(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def cm_to_real_metres(cm: float, scale: int = NAVAL_SCALE) -> float:
    """What ``cm`` on the table stands for at ``scale`` (1/450: 10 cm is 45 m)."""
    return cm * scale / 100.0


def bearing_deg(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Screen bearing from a to b: 0 along +x, growing clockwise (y down), in 0..360."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def angle_diff(a: float, b: float) -> float:
    """Smallest absolute difference between two bearings in degrees (0..180)."""
    d = (b - a) % 360.0
    return min(d, 360.0 - d)
