"""Autosave appends only what changed and loads back to the identical session."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from wargame.core.dice import DiceService
from wargame.core.log import Session
from wargame.persistence.autosave import AutosaveSlot
from wargame.persistence.db import Database, open_database

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
from longgame import Broadsides, Fire, long_session  # noqa: E402


def _write(slot: AutosaveSlot, db: Database, session: Session[Any]) -> int:
    return slot.write_session(
        db,
        "bench",
        "game",
        head=session.head_json(),
        entries=session.entries,
        entry_json=session.entry_json,
    )


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return open_database(tmp_path / "w.sqlite3")


def test_an_autosave_writes_only_the_new_entries(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = long_session(50)
    # A firing rolls dice: only a practice game's friendly undo takes it back.
    session.header["friendly_undo"] = True
    slot = AutosaveSlot()
    calls: list[tuple[int, int]] = []
    real = db.write_autosave

    def spy(*args: Any, keep: int, **kw: Any) -> Any:
        calls.append((keep, len(args[4])))
        return real(*args, keep=keep, **kw)

    monkeypatch.setattr(db, "write_autosave", spy)
    _write(slot, db, session)
    session.apply(Fire("Revenge", "Prize"))
    _write(slot, db, session)
    session.undo()
    session.undo()
    _write(slot, db, session)
    session.apply(Fire("Fancy", "Prize"))
    _write(slot, db, session)
    assert calls == [(0, 50), (50, 1), (49, 0), (49, 1)]
    _info, data = db.load_game(slot.id)  # type: ignore[arg-type]
    assert data == session.to_json()


def test_an_autosave_loads_back_to_the_identical_session(db: Database) -> None:
    session = long_session(300)
    slot = AutosaveSlot()
    for i in range(5):
        session.apply(Fire("Revenge", f"Prize {i}"))
        _write(slot, db, session)
    _info, data = db.load_game(slot.id)  # type: ignore[arg-type]
    again = Session.from_json(data, lambda _d: Broadsides(), DiceService.seeded(0))
    assert again.state.hits == session.state.hits
    assert [e.to_json() for e in again.entries] == [e.to_json() for e in session.entries]


def test_a_slot_deleted_meanwhile_is_written_whole_in_a_new_row(db: Database) -> None:
    session = long_session(20)
    slot = AutosaveSlot()
    first = _write(slot, db, session)
    db.delete_save(first)
    session.apply(Fire("Revenge", "Prize"))
    second = _write(slot, db, session)
    assert second != first
    assert db.load_game(second)[1] == session.to_json()


def test_saving_a_game_removes_its_autosave_in_the_same_transaction(db: Database) -> None:
    session = long_session(5)
    slot = AutosaveSlot()
    sid = _write(slot, db, session)
    real = db.save_game("bench", "game", session.to_json(), drop_autosave=sid, durable=True)
    assert [s.id for s in db.list_saves()] == [real]
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM autosave_entry").scalar() == 0
