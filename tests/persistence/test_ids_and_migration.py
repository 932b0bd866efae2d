"""Save ids are never reused; version 1 databases are migrated; first start is one
transaction and a later start repairs a missing seed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import wargame.persistence.db as dbmod
from tests.persistence.helpers import v1_database
from wargame.errors import PersistenceError
from wargame.paths import scenarios_dir
from wargame.persistence.db import SCHEMA_VERSION, Database, open_database


def test_a_deleted_save_id_is_never_given_to_another_save(tmp_path: Path) -> None:
    db = Database(tmp_path / "w.sqlite3")
    db.save_game("naval", "One", {"n": 1})
    naval = db.save_game("naval", "Two", {"n": 2})
    db.delete_save(naval)
    raid = db.save_game("raid", "Raid", {"n": 3})
    assert raid != naval
    # the naval battle still open presses Save: a new row, the raid survives
    again = db.save_game("naval", "Two", {"n": 4}, save_id=naval)
    assert again not in (naval, raid)
    assert db.load_game(raid)[1] == {"n": 3}


def test_a_version_1_database_is_migrated_keeping_its_saves(tmp_path: Path) -> None:
    path = v1_database(tmp_path / "w.sqlite3")
    db = open_database(path, seed_from=scenarios_dir())
    assert db.schema_version == SCHEMA_VERSION
    assert [(s.id, s.name) for s in db.list_saves()] == [(1, "First")]
    assert db.list_documents("raid-town")[0][1] == "Town"
    new = db.save_game("raid", "Later", {"n": 1})
    db.delete_save(new)
    assert db.save_game("raid", "Later still", {"n": 2}) != new
    with sqlite3.connect(path) as conn:
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE name='saved_game'").fetchone()[0]
    assert "AUTOINCREMENT" in sql


def test_a_later_start_repairs_a_missing_seed(tmp_path: Path) -> None:
    path = v1_database(tmp_path / "w.sqlite3")  # schema present, scenarios never seeded
    db = open_database(path, seed_from=scenarios_dir())
    shipped = len(list(scenarios_dir().rglob("*.json")))
    assert len(db.list_scenarios()) == shipped > 0
    db.close()
    again = open_database(path, seed_from=scenarios_dir())
    assert len(again.list_scenarios()) == shipped  # nothing added twice


def test_first_start_is_one_transaction(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = dbmod._scenario_files(scenarios_dir())
    rows.append({"mode": None, "name": None, "source": "broken", "data": None})  # NOT NULL
    monkeypatch.setattr(dbmod, "_scenario_files", lambda _d: rows)
    path = tmp_path / "w.sqlite3"
    with pytest.raises(PersistenceError):
        open_database(path, seed_from=scenarios_dir())
    monkeypatch.undo()
    with sqlite3.connect(path) as conn:  # the crash left no schema without scenarios
        tables = conn.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall()
    assert tables == []
    db = open_database(path, seed_from=scenarios_dir())
    assert len(db.list_scenarios()) == len(rows) - 1
