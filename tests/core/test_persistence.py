from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargame.errors import FileFormatError, PersistenceError
from wargame.persistence.db import SCHEMA_VERSION, Database, SavedGame, open_database
from wargame.persistence.files import read_json_file, write_atomic
from wargame.scenarios import read_scenario


def test_new_database_has_the_schema_version(tmp_path: Path) -> None:
    db = Database(tmp_path / "w.sqlite3")
    assert db.created
    assert db.schema_version == SCHEMA_VERSION
    db.close()
    again = Database(tmp_path / "w.sqlite3")
    assert not again.created


def test_a_database_from_a_newer_app_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite3"
    Database(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE schema_info SET version = 999")
    before = path.read_bytes()
    with pytest.raises(PersistenceError, match="newer version"):
        Database(path)
    assert path.read_bytes() == before


def test_save_and_load_a_game(tmp_path: Path) -> None:
    db = Database(tmp_path / "w.sqlite3")
    sid = db.save_game("naval", "Battle of Nassau", {"log": [1, 2, 3]})
    info, data = db.load_game(sid)
    assert info.name == "Battle of Nassau" and data == {"log": [1, 2, 3]}
    db.save_game("naval", "Battle of Nassau", {"log": [1, 2, 3, 4]}, save_id=sid)
    assert db.load_game(sid)[1]["log"] == [1, 2, 3, 4]
    assert [s.id for s in db.list_saves()] == [sid]


def test_a_failed_write_leaves_the_database_as_it_was(tmp_path: Path) -> None:
    db = Database(tmp_path / "w.sqlite3")
    sid = db.save_game("raid", "Maracaibo", {"v": 1})
    with pytest.raises(RuntimeError), db.transaction() as s:
        row = s.get(SavedGame, sid)
        assert row is not None
        row.data = json.dumps({"v": 2})
        s.add(row)
        s.flush()
        raise RuntimeError("power cut")
    assert db.load_game(sid)[1] == {"v": 1}


def test_a_damaged_save_is_reported_not_crashed(tmp_path: Path) -> None:
    db = Database(tmp_path / "w.sqlite3")
    sid = db.save_game("raid", "x", {"v": 1})
    with db.transaction() as s:
        row = s.get(SavedGame, sid)
        assert row is not None
        row.data = "{not json"
    with pytest.raises(FileFormatError, match="damaged"):
        db.load_game(sid)


@settings(max_examples=25, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda c: st.lists(c) | st.dictionaries(st.text(), c),
        max_leaves=20,
    )
)
def test_any_json_round_trips_through_a_save(value: object) -> None:
    db = Database(None)
    sid = db.save_game("toy", "t", {"value": value})
    assert db.load_game(sid)[1] == {"value": value}
    db.close()


def test_first_start_seeds_the_shipped_scenarios(tmp_path: Path) -> None:
    folder = tmp_path / "scen"
    folder.mkdir()
    (folder / "a.json").write_text(
        json.dumps({"format": "wargame-scenario", "mode": "naval", "name": "A"})
    )
    (folder / "broken.json").write_text("{")
    db = open_database(tmp_path / "w.sqlite3", seed_from=folder)
    assert [(m, n) for _, m, n in db.list_scenarios()] == [("naval", "A")]
    assert db.seed_scenarios(folder) == 0


def test_documents_store_and_list(tmp_path: Path) -> None:
    db = Database(None)
    did = db.put_document("ship-type", "brig", {"hull": 8})
    assert db.list_documents("ship-type") == [(did, "brig")]
    assert db.get_document(did) == ("ship-type", "brig", {"hull": 8})
    db.delete_document(did)
    assert db.list_documents("ship-type") == []


def test_atomic_write_replaces_whole_files(tmp_path: Path) -> None:
    p = tmp_path / "save.json"
    write_atomic(p, '{"a": 1}')
    write_atomic(p, '{"a": 2}')
    assert read_json_file(p) == {"a": 2}
    assert [f.name for f in tmp_path.iterdir()] == ["save.json"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{\n  'a': 1\n}", "line 2, column 3"),
        ("[" * 100_000, "nested too deeply|not valid JSON"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_bad_files_are_refused_naming_the_problem(tmp_path: Path, content, message: str) -> None:  # noqa: ANN001
    p = tmp_path / "bad.json"
    p.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(FileFormatError, match=message):
        read_json_file(p)


def test_oversized_files_are_refused_before_reading(tmp_path: Path) -> None:
    p = tmp_path / "big.json"
    p.write_text("0" * 2000)
    with pytest.raises(FileFormatError, match="larger than"):
        read_json_file(p, max_bytes=1000)


def test_scenario_files_must_say_what_they_are(tmp_path: Path) -> None:
    p = tmp_path / "s.json"
    p.write_text(json.dumps({"format": "something"}))
    with pytest.raises(FileFormatError, match="key 'format'"):
        read_scenario(p)
    p.write_text(json.dumps({"format": "wargame-scenario"}))
    with pytest.raises(FileFormatError, match="key 'mode'"):
        read_scenario(p)


def test_every_shipped_scenario_reads() -> None:
    from wargame.core.registry import MODES
    from wargame.paths import scenarios_dir

    keys = {m.key for m in MODES}
    for path in scenarios_dir().rglob("*.json"):
        sc = read_scenario(path)
        assert sc.mode in keys, path


def test_an_older_database_is_migrated_in_one_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy import text

    from wargame.persistence import db as dbmod

    path = tmp_path / "w.sqlite3"
    old = Database(path)
    old.save_game("naval", "kept", {"v": 1})
    old.close()

    def add_column(conn) -> None:  # noqa: ANN001
        conn.execute(text("ALTER TABLE saved_game ADD COLUMN note TEXT DEFAULT ''"))

    monkeypatch.setattr(dbmod, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(dbmod.MIGRATIONS, SCHEMA_VERSION + 1, add_column)
    new = Database(path)
    assert new.schema_version == SCHEMA_VERSION + 1
    with new.engine.connect() as conn:
        assert conn.execute(text("SELECT name, note FROM saved_game")).all() == [("kept", "")]


def test_a_failing_migration_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wargame.persistence import db as dbmod

    path = tmp_path / "w.sqlite3"
    Database(path).close()

    def broken(conn) -> None:  # noqa: ANN001
        from sqlalchemy import text

        conn.execute(text("CREATE TABLE half_done (x INTEGER)"))
        conn.execute(text("SELECT * FROM no_such_table"))

    monkeypatch.setattr(dbmod, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(dbmod.MIGRATIONS, SCHEMA_VERSION + 1, broken)
    with pytest.raises(PersistenceError):
        Database(path)
    monkeypatch.setattr(dbmod, "SCHEMA_VERSION", SCHEMA_VERSION)
    db = Database(path)
    assert db.schema_version == SCHEMA_VERSION
    with db.engine.connect() as conn:
        from sqlalchemy import text

        assert (
            conn.execute(text("SELECT name FROM sqlite_master WHERE name='half_done'")).first()
            is None
        )
