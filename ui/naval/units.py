"""Lengths as the players want to read them: the rules measure in cm; a display option
adds inches beside (1 in = 2.54 cm). Only the display: every rule stays in cm."""

from __future__ import annotations

CM_PER_INCH = 2.54


def length(cm: float, *, inches: bool, digits: int = 1) -> str:
    """ "10.0 cm", or "10.0 cm (3.9 in)" with inches on."""
    text = f"{cm:.{digits}f} cm" if digits >= 0 else f"{cm:g} cm"
    if inches:
        text += f" ({cm / CM_PER_INCH:.1f} in)"
    return text
