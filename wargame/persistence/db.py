"""The embedded SQLite database, through sqlmodel.

One :class:`Database` per file. Every write is one transaction: on any error
it rolls back and the database is as it was. The schema carries a version;
:data:`MIGRATIONS` brings an older file up to date, and a file from a newer app
is refused rather than damaged.

Modes add their own tables by defining SQLModel classes in a module listed in
:data:`TABLE_MODULES` (imported before the tables are created).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Field, Session, SQLModel, create_engine, select

from wargame.errors import FileFormatError, PersistenceError

SCHEMA_VERSION = 1

#: Modules whose SQLModel tables belong in the database (a mode appends its own).
TABLE_MODULES: tuple[str, ...] = (
    "wargame.naval.tables",
    "wargame.raid.tables",
    "wargame.campaign.tables",
)

#: version -> function that migrates a connection from version-1 to version.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {}


def _now() -> datetime:
    return datetime.now(UTC)


class SchemaInfo(SQLModel, table=True):
    __tablename__ = "schema_info"
    id: int = Field(default=1, primary_key=True)
    version: int


class SavedGame(SQLModel, table=True):
    __tablename__ = "saved_game"
    id: int | None = Field(default=None, primary_key=True)
    mode: str = Field(index=True)
    name: str
    created: datetime = Field(default_factory=_now)
    updated: datetime = Field(default_factory=_now, index=True)
    finished: bool = False
    autosave: bool = False
    data: str  # JSON: the session (header, dice, action log)


class ScenarioRow(SQLModel, table=True):
    __tablename__ = "scenario"
    id: int | None = Field(default=None, primary_key=True)
    mode: str = Field(index=True)
    name: str
    source: str = Field(index=True)  # file the row was seeded from ("" if made in the app)
    data: str


class DocumentRow(SQLModel, table=True):
    """A named document of some kind: a ship type, a roster ship, a map, a town."""

    __tablename__ = "document"
    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(index=True)
    name: str = Field(index=True)
    updated: datetime = Field(default_factory=_now)
    data: str


@dataclass(frozen=True)
class SaveInfo:
    id: int
    mode: str
    name: str
    updated: datetime
    finished: bool
    autosave: bool


def _import_table_modules() -> None:
    for name in TABLE_MODULES:
        try:
            spec = importlib.util.find_spec(name)
        except ModuleNotFoundError:
            spec = None
        if spec is not None:
            importlib.import_module(name)


class Database:
    """The app's database. ``path=None`` is an in-memory database (tests)."""

    def __init__(self, path: str | os.PathLike[str] | None) -> None:
        self.path = Path(path) if path is not None else None
        if self.path is not None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise PersistenceError(
                    f"{self.path.parent}: cannot create: {exc.strerror}"
                ) from None
            url = f"sqlite:///{self.path}"
        else:
            url = "sqlite://"
        self.engine: Engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(self.engine, "connect", _sqlite_pragmas)
        # pysqlite commits before DDL on its own; take over BEGIN so a migration is
        # one transaction too (SQLAlchemy's documented recipe for SQLite).
        event.listen(self.engine, "begin", lambda conn: conn.exec_driver_sql("BEGIN"))
        self.created = False
        self.migrate()

    # -- schema ------------------------------------------------------------------
    def migrate(self) -> None:
        _import_table_modules()
        try:
            with self.engine.begin() as conn:
                has_info = conn.execute(
                    text("SELECT name FROM sqlite_master WHERE type='table' AND name='schema_info'")
                ).first()
                version = 0
                if has_info:
                    row = conn.execute(text("SELECT version FROM schema_info WHERE id=1")).first()
                    version = int(row[0]) if row else 0
                if version > SCHEMA_VERSION:
                    raise PersistenceError(
                        f"{self.path}: made by a newer version of the app (schema {version}, "
                        f"this app knows {SCHEMA_VERSION}); it was not changed"
                    )
                self.created = version == 0
                SQLModel.metadata.create_all(conn)
                for v in range(max(version, 1) + 1, SCHEMA_VERSION + 1):
                    MIGRATIONS[v](conn)
                conn.execute(
                    text("INSERT OR REPLACE INTO schema_info (id, version) VALUES (1, :v)"),
                    {"v": SCHEMA_VERSION},
                )
        except SQLAlchemyError as exc:
            raise PersistenceError(
                f"{self.path or 'database'}: {exc.__class__.__name__}: {exc}"
            ) from None

    @property
    def schema_version(self) -> int:
        with self.engine.connect() as conn:
            return int(
                conn.execute(text("SELECT version FROM schema_info WHERE id=1")).scalar_one()
            )

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One transaction: committed at the end, rolled back on any error."""
        session = Session(self.engine, expire_on_commit=False)
        try:
            yield session
            session.commit()
        except SQLAlchemyError as exc:
            session.rollback()
            raise PersistenceError(f"database write failed, nothing was changed: {exc}") from None
        except BaseException:
            session.rollback()
            raise
        finally:
            session.close()

    # -- saved games ---------------------------------------------------------------
    def save_game(
        self,
        mode: str,
        name: str,
        data: dict[str, Any],
        *,
        save_id: int | None = None,
        finished: bool = False,
        autosave: bool = False,
    ) -> int:
        payload = json.dumps(data, separators=(",", ":"))
        with self.transaction() as s:
            row = s.get(SavedGame, save_id) if save_id is not None else None
            if row is None:
                row = SavedGame(mode=mode, name=name, data=payload)
            row.mode, row.name, row.data = mode, name, payload
            row.updated, row.finished, row.autosave = _now(), finished, autosave
            s.add(row)
            s.flush()
            assert row.id is not None
            return row.id

    def load_game(self, save_id: int) -> tuple[SaveInfo, dict[str, Any]]:
        with Session(self.engine) as s:
            row = s.get(SavedGame, save_id)
            if row is None:
                raise FileFormatError(f"saved game {save_id} does not exist")
            try:
                data = json.loads(row.data)
            except json.JSONDecodeError as exc:
                raise FileFormatError(f"saved game {row.name!r} is damaged: {exc.msg}") from None
            return _info(row), data

    def list_saves(self, *, mode: str | None = None, limit: int = 20) -> list[SaveInfo]:
        with Session(self.engine) as s:
            q = select(SavedGame).order_by(SavedGame.updated.desc())  # type: ignore[attr-defined]
            if mode:
                q = q.where(SavedGame.mode == mode)
            return [_info(r) for r in s.scalars(q.limit(limit))]

    def delete_save(self, save_id: int) -> None:
        with self.transaction() as s:
            row = s.get(SavedGame, save_id)
            if row is not None:
                s.delete(row)

    # -- scenarios -----------------------------------------------------------------
    def seed_scenarios(self, directory: Path) -> int:
        """Load every scenario file under ``directory`` not yet in the database."""
        from wargame.scenarios import read_scenario

        files = sorted(p for p in directory.rglob("*.json") if p.is_file())
        rows = []
        with Session(self.engine) as s:
            known = set(s.scalars(select(ScenarioRow.source)))
        for p in files:
            src = str(p.relative_to(directory))
            if src in known:
                continue
            try:
                sc = read_scenario(p)
            except FileFormatError:
                continue  # a broken shipped file is reported by the tests, not at start
            rows.append(
                ScenarioRow(mode=sc.mode, name=sc.name, source=src, data=json.dumps(sc.data))
            )
        if rows:
            with self.transaction() as s:
                s.add_all(rows)
        return len(rows)

    def list_scenarios(self, mode: str | None = None) -> list[tuple[int, str, str]]:
        with Session(self.engine) as s:
            q = select(ScenarioRow)
            if mode:
                q = q.where(ScenarioRow.mode == mode)
            return [(r.id or 0, r.mode, r.name) for r in s.scalars(q.order_by(ScenarioRow.name))]

    def get_scenario(self, scenario_id: int) -> dict[str, Any]:
        with Session(self.engine) as s:
            row = s.get(ScenarioRow, scenario_id)
            if row is None:
                raise FileFormatError(f"scenario {scenario_id} does not exist")
            return json.loads(row.data)

    # -- documents -----------------------------------------------------------------
    def put_document(
        self, kind: str, name: str, data: dict[str, Any], *, doc_id: int | None = None
    ) -> int:
        payload = json.dumps(data, separators=(",", ":"))
        with self.transaction() as s:
            row = s.get(DocumentRow, doc_id) if doc_id is not None else None
            if row is None:
                row = DocumentRow(kind=kind, name=name, data=payload)
            row.kind, row.name, row.data, row.updated = kind, name, payload, _now()
            s.add(row)
            s.flush()
            assert row.id is not None
            return row.id

    def get_document(self, doc_id: int) -> tuple[str, str, dict[str, Any]]:
        with Session(self.engine) as s:
            row = s.get(DocumentRow, doc_id)
            if row is None:
                raise FileFormatError(f"document {doc_id} does not exist")
            return row.kind, row.name, json.loads(row.data)

    def list_documents(self, kind: str) -> list[tuple[int, str]]:
        with Session(self.engine) as s:
            q = select(DocumentRow).where(DocumentRow.kind == kind).order_by(DocumentRow.name)
            return [(r.id or 0, r.name) for r in s.scalars(q)]

    def delete_document(self, doc_id: int) -> None:
        with self.transaction() as s:
            row = s.get(DocumentRow, doc_id)
            if row is not None:
                s.delete(row)

    def close(self) -> None:
        self.engine.dispose()


def _info(row: SavedGame) -> SaveInfo:
    assert row.id is not None
    return SaveInfo(row.id, row.mode, row.name, row.updated, row.finished, row.autosave)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None  # BEGIN is emitted by the engine's "begin" hook
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def open_database(
    path: str | os.PathLike[str] | None, *, seed_from: Path | None = None
) -> Database:
    """Open (creating and migrating) the database; on first start seed scenarios."""
    db = Database(path)
    if seed_from is not None and db.created:
        db.seed_scenarios(seed_from)
    return db
