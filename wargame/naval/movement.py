"""Section 12, movement: which (hex, heading) a ship may end on.

A move is a path of hex steps, each straight ahead; a ship may turn one hex
face before a step (small and medium ships before every step, large ships and
merchantmen once in the whole turn). Beating, the first step must follow a
turn; against the wind the ship only turns one face. Islands, other ships and
the table edge stop a path; a step off the edge sails from the table.
"""

from __future__ import annotations

from typing import NamedTuple

from wargame.naval.sea import EXITS, Axial, Sea

#: Where a ship that sails off the table went, in logs written before issue 39 (the
#: edge was then judged from her heading). Read only: such a move takes the first exit
#: with that heading.
OFF_TABLE = (9999, 9999)

#: Where a move off the table is recorded as going, one mark for each way off (the
#: edge she crosses is in the action, so a player picks it and a replay sees it).
EXIT_HEXES: dict[str, Axial] = {name: (9999, i) for i, name in enumerate(EXITS)}
_EXIT_BY_HEX = {h: name for name, h in EXIT_HEXES.items()}


def is_off_table(to: Axial | tuple[int, ...]) -> bool:
    """Whether a move's ``to`` is one of the marks for leaving the table."""
    return to == OFF_TABLE or to in _EXIT_BY_HEX


def exit_of(to: Axial | tuple[int, ...]) -> str | None:
    """The edge (or corner) a move to ``to`` leaves by; None for an old-style mark."""
    return _EXIT_BY_HEX.get(to)  # type: ignore[arg-type]


def exit_phrase(way: str) -> str:
    """ "south edge", or "south-west corner"."""
    return f"{way} {'corner' if '-' in way else 'edge'}"


def exit_edges(exit_name: str) -> tuple[str, ...]:
    """The table edges an exit crosses: one, or two at a corner."""
    return tuple(exit_name.split("-"))


#: The faces a ship may turn before a hex step, each with the turns it uses: ahead or
#: one face either way; only ahead (no turns left); a turn first (beating).
_ANY_WAY = ((0, 0), (1, 1), (-1, 1))
_AHEAD = ((0, 0),)
_TURN_FIRST = ((1, 1), (-1, 1))


class Reach(NamedTuple):
    """One end position of a move with what it took (a named tuple: a move search
    makes hundreds, and a frozen dataclass costs several times as much to make)."""

    hex: Axial
    heading: int
    steps: int
    turns: int
    off_table: bool = False
    #: the edge (or corner) she crosses, when she sails off the table
    exit: str | None = None


#: ``Reach(...)`` without the keyword handling of a named tuple's ``__new__`` (the
#: search below makes one for every end it finds).
_reach = tuple.__new__


def reachable(
    sea: Sea,
    start: Axial,
    heading: int,
    *,
    steps: tuple[int, ...],
    turns_left: int,
    must_turn_first: bool = False,
    turn_only: bool = False,
    blocked: frozenset[Axial] | set[Axial] = frozenset(),
) -> dict[tuple[Axial, int], Reach]:
    """Every end (hex, heading) reachable in exactly one of ``steps`` hex steps.

    At most one face is turned before each step and ``turns_left`` caps the faces
    turned in the whole move (large ships and merchantmen: 1 a turn).
    """
    out: dict[tuple[Axial, int], Reach] = {}
    if turn_only:
        for dh in (0, 1, -1):
            if dh and turns_left < 1:
                continue
            h = (heading + dh) % 6
            out[(start, h)] = Reach(start, h, 0, abs(dh))
        return out
    want = set(steps)
    top = max(steps) if steps else 0
    if 0 in want:
        out[(start, heading)] = Reach(start, heading, 0, 0)
    # frontier: (hex, heading, turns used). When the turns cannot run out in this
    # move, two paths to the same hex and heading go on alike: only the first (whose
    # ends are found first) is followed.
    turns_matter = turns_left < top
    hexes, land, dirs = sea.hexes, sea.land, sea.DIRS
    frontier = [(start, heading, 0)]
    for step in range(1, top + 1):
        record = step in want
        nxt: list[tuple[Axial, int, int]] = []
        seen: set[tuple[Axial, int, int] | tuple[Axial, int]] = set()
        for (q, r), h, used in frontier:
            if must_turn_first and step == 1:
                options = _TURN_FIRST if turns_left >= 1 else ()
            else:
                options = _ANY_WAY if used < turns_left else _AHEAD
            for dh, cost in options:
                nh = (h + dh) % 6
                nused = used + cost
                dq, dr = dirs[nh]
                target = (q + dq, r + dr)
                if target not in hexes:
                    # sails off the table by the edge she crosses: the move ends here
                    way = sea.exit_name(target)
                    mark = EXIT_HEXES[way]
                    key = (mark, nh)
                    if key not in out:
                        out[key] = _reach(Reach, (mark, nh, step, nused, True, way))
                    continue
                if target in land or target in blocked:
                    continue
                if record:
                    key = (target, nh)
                    old = out.get(key)
                    if old is None or step > old.steps:
                        out[key] = _reach(Reach, (target, nh, step, nused, False, None))
                state = (target, nh, nused) if turns_matter else (target, nh)
                if state not in seen:
                    seen.add(state)
                    nxt.append((target, nh, nused))
        frontier = nxt
    return out
