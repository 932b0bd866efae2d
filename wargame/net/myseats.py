"""The seats a player holds at tables across computers, kept in their data folder.

A seat's code is the only way back to it (a table hosted again gives each seat only
to its own code), so every seat this computer takes is written here at once: the
table's address, the table and seat numbers, the code, the game and the player's
name. The Join tab lists them ("Your seats") and takes one back with one click;
``wargame join --code`` takes the code as the window shows it. The file is the
player's own (like the window's heading, it holds their codes); it is written
atomically, and a damaged one is read as empty, never trusted.
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from wargame.errors import WargameError
from wargame.persistence.files import read_json_file, write_json_atomic

log = logging.getLogger(__name__)

FILE_NAME = "seats.json"
#: The most seats the file keeps (the newest).
KEPT = 40


def seat_code(table: int, seat: int, token: str) -> str:
    """What a player keeps to take the seat back from another computer."""
    return f"{table}.{seat}.{token}"


def parse_code(code: str) -> tuple[int, int, str]:
    """``TABLE.SEAT.TOKEN`` as its window shows it; ValueError in words."""
    parts = str(code).strip().split(".")
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit() or not parts[2]:
        raise ValueError("a seat code looks like 0.2.Xy7..., as its table window shows it")
    return int(parts[0]), int(parts[1]), parts[2]


@dataclass(frozen=True)
class KeptSeat:
    address: str
    table: int
    seat: int
    token: str
    game: str
    name: str = ""
    at: float = 0.0

    @property
    def code(self) -> str:
        return seat_code(self.table, self.seat, self.token)

    def same_seat(self, other: KeptSeat) -> bool:
        return (self.address, self.table, self.seat) == (other.address, other.table, other.seat)

    @classmethod
    def from_json(cls, data: Any) -> KeptSeat | None:
        if not isinstance(data, dict):
            return None
        try:
            return cls(
                address=str(data["address"])[:300],
                table=int(data["table"]),
                seat=int(data["seat"]),
                token=str(data["token"])[:100],
                game=str(data["game"])[:60],
                name=str(data.get("name", ""))[:100],
                at=float(data.get("at", 0.0)),
            )
        except (KeyError, TypeError, ValueError):
            return None


class SeatBook:
    """``<data folder>/seats.json``: the seats this computer holds, newest first."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / FILE_NAME

    def seats(self) -> list[KeptSeat]:
        if not self.path.exists():
            return []
        try:
            rows = read_json_file(self.path)
        except WargameError as exc:
            log.warning("your seats file cannot be read: %s", exc)
            return []
        kept = [KeptSeat.from_json(r) for r in rows] if isinstance(rows, list) else []
        return [k for k in kept if k is not None]

    def keep(self, seat: KeptSeat) -> None:
        """Remember ``seat`` (replacing an older code of the same seat)."""
        if not seat.at:
            seat = KeptSeat(**{**asdict(seat), "at": time.time()})
        rows = [seat] + [k for k in self.seats() if not k.same_seat(seat)]
        self._write(rows[:KEPT])

    def forget(self, seat: KeptSeat) -> None:
        self._write([k for k in self.seats() if not k.same_seat(seat)])

    def _write(self, rows: list[KeptSeat]) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_json_atomic(self.path, [asdict(k) for k in rows])
        except OSError as exc:
            log.warning("your seats could not be kept: %s", exc)
