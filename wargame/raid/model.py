"""The town and the figures on it: plain data, read from and written to scenario JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wargame.errors import FileFormatError
from wargame.raid.rules import GROUP_KINDS, OFFICER_KINDS, QUALITIES, RaidRules

Sq = tuple[int, int]
ATTACKER, DEFENDER = 0, 1
SIDE_NAMES = ("attacker", "defender")  # the keys of scenario and save files
#: What a player reads for each side, everywhere (board, panel, log, status, help):
#: the pirates and the defenders (docs/rulings.md, "Land raid: the sides' names").
SIDE_WORDS = ("pirates", "defenders")
#: The same as an adjective: "a pirate figure", "a defender figure".
SIDE_ADJECTIVES = ("pirate", "defender")

#: Where a figure is. Only READY figures stand on the table.
READY = "ready"
STATUSES = (
    READY,
    "dead",  # killed by shot, blade or fire (may be raised by the alarm table)
    "captured",  # officer taken prisoner
    "fled",  # failed a morale test and ran
    "deserted",  # alarm 4: sneaked off
    "lost",  # alarm 10: wandered off (not dead)
    "looting",  # carried off the loot of a treasury or residence
    "spiked",  # a gun put out of action
    "withdrawn",  # back to the boats when the pirates withdrew
)
#: Removed defender figures that the alarm's "raising the dead" may bring back.
RAISABLE = ("dead", "fled", "deserted")


@dataclass(frozen=True)
class Town:
    name: str
    cols: int
    rows: int
    types: tuple[str, ...]  # row-major square types

    def type_at(self, sq: Sq) -> str:
        return self.types[sq[1] * self.cols + sq[0]]

    def contains(self, sq: Sq) -> bool:
        return 0 <= sq[0] < self.cols and 0 <= sq[1] < self.rows

    def squares(self) -> list[Sq]:
        return [(c, r) for r in range(self.rows) for c in range(self.cols)]

    def with_type(self, sq: Sq, kind: str) -> Town:
        types = list(self.types)
        types[sq[1] * self.cols + sq[0]] = kind
        return Town(self.name, self.cols, self.rows, tuple(types))

    def to_json(self, rules: RaidRules) -> dict[str, Any]:
        chars = {k: t.char for k, t in rules.squares.items()}
        rows = [
            "".join(chars[self.types[r * self.cols + c]] for c in range(self.cols))
            for r in range(self.rows)
        ]
        return {"name": self.name, "cols": self.cols, "rows": self.rows, "map": rows}

    @classmethod
    def from_json(cls, data: Any, rules: RaidRules, source: str = "town") -> Town:
        if not isinstance(data, Mapping):
            raise FileFormatError(f"{source}: key 'town' must be an object")
        rows = data.get("map")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
            raise FileFormatError(f"{source}: key 'town.map' must be a list of row strings")
        by_char = {t.char: k for k, t in rules.squares.items()}
        cols = len(rows[0])
        types: list[str] = []
        for r, row in enumerate(rows):
            if len(row) != cols:
                raise FileFormatError(
                    f"{source}: town.map row {r} has {len(row)} squares, row 0 has {cols}"
                )
            for c, ch in enumerate(row):
                if ch not in by_char:
                    raise FileFormatError(
                        f"{source}: town.map row {r} column {c}: {ch!r} is not a square type "
                        f"({', '.join(f'{k}={v}' for k, v in by_char.items())})"
                    )
                types.append(by_char[ch])
        if not 2 <= cols <= 40 or not 2 <= len(rows) <= 40:
            raise FileFormatError(f"{source}: a town is 2 to 40 squares each way")
        return cls(str(data.get("name", "Town")), cols, len(rows), tuple(types))


def square_arg(value: object) -> Sq:
    """A square named in an order, as ``(col, row)``; a malformed one is no square at all."""
    if type(value) is tuple and len(value) == 2:  # the usual case: a square from a list
        c, r = value
        if type(c) is int and type(r) is int:
            return value  # type: ignore[return-value]
    if (
        isinstance(value, tuple | list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (int(value[0]), int(value[1]))
    return (-1, -1)


class Unit:
    """A group or an officer. Mutable; the state clones them."""

    __slots__ = (
        "id",
        "side",
        "kind",
        "quality",
        "name",
        "sq",
        "status",
        "moved",
        "shot",
        "tried_fire",
        "roused",
        "scurvy_escort",
        "is_officer",
    )

    def __init__(
        self,
        id: str,  # noqa: A002 - the figure's id
        side: int,
        kind: str,
        quality: str,
        name: str,
        sq: Sq | None,
        status: str = READY,
    ) -> None:
        self.id = id
        self.side = side
        self.kind = kind
        self.quality = quality
        self.name = name
        self.sq = sq
        self.status = status
        self.moved = False
        self.shot = False
        self.tried_fire = False
        self.roused = False
        self.scurvy_escort = 0
        #: An officer (captain, governor, other) rather than a group; fixed for life.
        self.is_officer = kind in OFFICER_KINDS

    @property
    def ready(self) -> bool:
        return self.status == READY

    def copy(self) -> Unit:
        u = Unit.__new__(Unit)
        u.id, u.side, u.kind, u.quality, u.name = (
            self.id,
            self.side,
            self.kind,
            self.quality,
            self.name,
        )
        u.sq, u.status, u.moved, u.shot, u.tried_fire = (
            self.sq,
            self.status,
            self.moved,
            self.shot,
            self.tried_fire,
        )
        u.roused, u.scurvy_escort, u.is_officer = self.roused, self.scurvy_escort, self.is_officer
        return u

    def label(self) -> str:
        if self.is_officer:
            return f"{self.name or self.kind.title()} ({self.id})"
        return f"{self.quality} {self.kind} group {self.id}"

    def signature(self) -> tuple[str, str]:
        """Figures with the same signature are interchangeable casualties."""
        return (self.id, "") if self.is_officer else (self.kind, self.quality)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "side": SIDE_NAMES[self.side]}
        if self.is_officer:
            out["officer"] = self.kind
            out["name"] = self.name
        else:
            out["kind"] = self.kind
            out["quality"] = self.quality
        out["square"] = list(self.sq) if self.sq is not None else None
        out["status"] = self.status
        flags = [f for f in ("moved", "shot", "tried_fire", "roused") if getattr(self, f)]
        if flags:
            out["flags"] = flags
        if self.scurvy_escort:
            out["scurvy_escort"] = self.scurvy_escort
        return out


def unit_from_json(data: Any, side: int, source: str) -> Unit:
    """One figure of a scenario's force list."""
    if not isinstance(data, Mapping):
        raise FileFormatError(f"{source}: each unit must be an object")
    uid = data.get("id")
    if not isinstance(uid, str) or not uid or " " in uid:
        raise FileFormatError(f"{source}: key 'id' must be a word such as 'P1'")
    where = f"{source} unit {uid}"
    sq_raw = data.get("square")
    sq: Sq | None = None
    if sq_raw is not None:
        if (
            not isinstance(sq_raw, list | tuple)
            or len(sq_raw) != 2
            or not all(isinstance(v, int) for v in sq_raw)
        ):
            raise FileFormatError(f"{where}: key 'square' must be [col, row]")
        sq = (int(sq_raw[0]), int(sq_raw[1]))
    status = data.get("status", READY)
    if status not in STATUSES:
        raise FileFormatError(f"{where}: key 'status' must be one of {', '.join(STATUSES)}")
    if "officer" in data:
        kind = data["officer"]
        if kind not in OFFICER_KINDS:
            raise FileFormatError(
                f"{where}: key 'officer' must be one of {', '.join(OFFICER_KINDS)}"
            )
        name = data.get("name", "")
        if not isinstance(name, str):
            raise FileFormatError(f"{where}: key 'name' must be text")
        unit = Unit(uid, side, kind, "", name or kind.title(), sq, status)
    else:
        kind = data.get("kind")
        if kind not in GROUP_KINDS:
            raise FileFormatError(f"{where}: key 'kind' must be one of {', '.join(GROUP_KINDS)}")
        quality = data.get("quality", "able")
        if quality not in QUALITIES:
            raise FileFormatError(f"{where}: key 'quality' must be one of {', '.join(QUALITIES)}")
        unit = Unit(uid, side, kind, quality, str(data.get("name", "")), sq, status)
    for flag in data.get("flags", ()) or ():
        if flag in ("moved", "shot", "tried_fire", "roused"):
            setattr(unit, flag, True)
    unit.scurvy_escort = int(data.get("scurvy_escort", 0) or 0)
    return unit
