"""What a seat is called: the players' own names for the seats ("Anna") or the
game's default ("Pirate 2"), through one function every text uses.

Names are public (everyone at the table sees them): a session keeps them in its
header under ``seat_names`` (saved, and authenticated with the rest of the head),
and gives them to its state, whose ``name(seat)`` asks :func:`seat_label`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wargame.errors import BadInput

#: The session header's key for the seat names (a list; "" keeps the default).
SEAT_NAMES = "seat_names"
#: The longest seat name (it must fit a seat box, a status line and a log line).
MAX_NAME = 24


def starter_choices(players: int) -> tuple[str, ...]:
    """Values of a ``starter`` game parameter: drawn at random, or a seat number 1..N."""
    return ("random", *(str(s + 1) for s in range(players)))


def first_seat(starter: str, players: int, dice: Any, purpose: str = "who starts") -> int:
    """The seat that starts: ``starter`` "random" rolls a public die over the seats
    through the dice service (seeded, logged, shown in the dice log); a seat number
    "1".."N" names one."""
    if starter == "random":
        return int(dice.draw(1, players, 1, f"{purpose} (pirate number)")[0]) - 1
    seat = int(starter) - 1
    if not 0 <= seat < players:
        raise BadInput(f"game parameter starter: there is no Pirate {seat + 1} in {players}")
    return seat


def seat_label(seat: int, names: Sequence[str] = (), default: str | None = None) -> str:
    """The name ``seat`` goes by: its player's name when one was given, else
    ``default`` (``"Pirate 2"`` for seat 1 when ``default`` is None)."""
    if 0 <= seat < len(names):
        name = names[seat].strip()
        if name:
            return name
    return default if default is not None else f"Pirate {seat + 1}"


def clean_seat_names(names: Sequence[Any], seats: int) -> tuple[str, ...]:
    """``names`` checked for a table of ``seats`` seats: each one line of at most
    :data:`MAX_NAME` characters, no two seats alike ("" keeps a seat's default).
    BadInput names the seat and what is wrong."""
    if len(names) > seats:
        raise BadInput(f"seat names: {len(names)} names for a table of {seats} seats")
    out: list[str] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(names):
        if not isinstance(raw, str):
            raise BadInput(f"seat {i + 1}: a name must be text")
        name = " ".join(raw.split())
        if len(name) > MAX_NAME:
            raise BadInput(
                f"seat {i + 1}: the name {name[:MAX_NAME]}... is longer than {MAX_NAME} characters"
            )
        if any(not ch.isprintable() for ch in name):
            raise BadInput(f"seat {i + 1}: a name may not hold control characters")
        key = name.casefold()
        if name and key in seen:
            raise BadInput(f"seat {i + 1}: {name} already sits at seat {seen[key] + 1}")
        if name:
            seen[key] = i
        out.append(name)
    while out and not out[-1]:
        out.pop()
    return tuple(out)


def header_names(header: Any) -> tuple[str, ...]:
    """The seat names kept in a session header (a damaged entry reads as none)."""
    names = header.get(SEAT_NAMES) if isinstance(header, dict) else None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return ()
    return tuple(" ".join(n.split())[:MAX_NAME] for n in names)
