"""The embedded SQLite database, through sqlmodel.

One :class:`Database` per file. Every write is one transaction: on any error
it rolls back and the database is as it was. The schema carries a version;
:data:`MIGRATIONS` brings an older file up to date, and a file from a newer app
is refused rather than damaged.

Modes add their own tables by defining SQLModel classes in a module listed in
:data:`TABLE_MODULES` (imported before the tables are created).

Ids are never reused (``AUTOINCREMENT``): a view still holding the id of a
deleted save makes a new row instead of overwriting another game. An autosave
slot is a ``saved_game`` row holding the session's head, plus one
``autosave_entry`` row per log entry, so an autosave appends only what changed.
First start (schema and shipped scenarios) is one transaction, and every start
adds a shipped scenario that is missing. :func:`open_database` checks the file
read-only first (see :mod:`wargame.persistence.check`).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Field, Session, SQLModel, create_engine, select

from wargame.errors import FileFormatError, PersistenceError, shown
from wargame.persistence import listing
from wargame.persistence.listing import SaveInfo
from wargame.persistence.shape import SCHEMA_VERSION

log = logging.getLogger(__name__)


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
    __table_args__ = {"sqlite_autoincrement": True}
    id: int | None = Field(default=None, primary_key=True)
    mode: str = Field(index=True)
    name: str
    created: datetime = Field(default_factory=_now)
    updated: datetime = Field(default_factory=_now, index=True)
    finished: bool = False
    autosave: bool = False
    data: str  # JSON: the session (header, dice, action log); a split autosave: its head
    #: An autosave: its log entries are rows of autosave_entry (``data`` is the head).
    split: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    #: An autosave of a document that also has a real save: that save's id.
    of_save: int | None = None


class AutosaveEntry(SQLModel, table=True):
    """One log entry of a split autosave slot."""

    __tablename__ = "autosave_entry"
    slot: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    idx: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    data: str


class ScenarioRow(SQLModel, table=True):
    __tablename__ = "scenario"
    __table_args__ = {"sqlite_autoincrement": True}
    id: int | None = Field(default=None, primary_key=True)
    mode: str = Field(index=True)
    name: str
    source: str = Field(index=True)  # file the row was seeded from ("" if made in the app)
    data: str


class DocumentRow(SQLModel, table=True):
    """A named document of some kind: a ship type, a roster ship, a map, a town."""

    __tablename__ = "document"
    __table_args__ = {"sqlite_autoincrement": True}
    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(index=True)
    name: str = Field(index=True)
    updated: datetime = Field(default_factory=_now)
    data: str


def _import_table_modules() -> None:
    for name in TABLE_MODULES:
        try:
            spec = importlib.util.find_spec(name)
        except ModuleNotFoundError:
            spec = None
        if spec is not None:
            importlib.import_module(name)


class Database:
    """The app's database. ``path=None`` is an in-memory database (tests).

    ``seed_from``: the shipped scenarios folder; any of its files missing from
    the database is added in the same transaction as the schema.
    """

    def __init__(
        self, path: str | os.PathLike[str] | None, *, seed_from: Path | None = None
    ) -> None:
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
        self.seeded = 0
        #: What the start-up tidying could not do (shown in the status bar, not fatal).
        self.notes: list[str] = []
        try:
            self.migrate(seed_from)
        except BaseException:
            self.engine.dispose()
            raise

    # -- schema ------------------------------------------------------------------
    def migrate(self, seed_from: Path | None = None) -> None:
        """Create or upgrade the schema and add missing shipped scenarios: one transaction."""
        _import_table_modules()
        rows = _scenario_files(seed_from) if seed_from is not None else []
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
                for v in range(max(version, 1) + 1, SCHEMA_VERSION + 1):
                    if version > 0:
                        log.info("database schema %d -> %d", v - 1, v)
                        MIGRATIONS[v](conn)
                SQLModel.metadata.create_all(conn)
                if version != SCHEMA_VERSION:
                    conn.execute(
                        text("INSERT OR REPLACE INTO schema_info (id, version) VALUES (1, :v)"),
                        {"v": SCHEMA_VERSION},
                    )
                if rows:
                    known = {r[0] for r in conn.execute(text("SELECT source FROM scenario"))}
                    missing = [r for r in rows if r["source"] not in known]
                    if missing:
                        conn.execute(
                            text(
                                "INSERT INTO scenario (mode, name, source, data) "
                                "VALUES (:mode, :name, :source, :data)"
                            ),
                            missing,
                        )
                    self.seeded = len(missing)
        except SQLAlchemyError as exc:
            raise PersistenceError(f"{self.path or 'database'}: {_sql_problem(exc)}") from None

    @property
    def schema_version(self) -> int:
        with self.engine.connect() as conn:
            return int(
                conn.execute(text("SELECT version FROM schema_info WHERE id=1")).scalar_one()
            )

    @contextmanager
    def transaction(self, *, durable: bool = False) -> Iterator[Session]:
        """One transaction: committed at the end, rolled back on any error.

        ``durable``: the commit is synced to disk before this returns
        (``synchronous=FULL``), for a save the player asked for.
        """
        conn = self.engine.connect()
        raw = conn.connection.driver_connection
        if durable:
            raw.execute("PRAGMA synchronous=FULL")
        session = Session(bind=conn, expire_on_commit=False)
        try:
            yield session
            session.commit()
        except SQLAlchemyError as exc:
            session.rollback()
            raise PersistenceError(
                f"database write failed, nothing was changed: {_sql_problem(exc)}"
            ) from None
        except BaseException:
            session.rollback()
            raise
        finally:
            session.close()
            if durable:
                try:
                    raw.execute("PRAGMA synchronous=NORMAL")
                except Exception:  # noqa: BLE001, S110 - a closed connection resets anyway
                    pass
            conn.close()

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
        durable: bool = False,
        drop_autosave: int | None = None,
    ) -> int:
        """Write a save (a new row when ``save_id`` is None or was deleted).

        ``drop_autosave``: the autosave slot this save makes obsolete, removed in the
        same transaction (a crash can't leave both or neither).
        """
        payload = json.dumps(data, separators=(",", ":"))
        with self.transaction(durable=durable) as s:
            row = s.get(SavedGame, save_id) if save_id is not None else None
            if row is None:
                row = SavedGame(mode=mode, name=name, data=payload)
            row.mode, row.name, row.data = mode, name, payload
            row.updated, row.finished, row.autosave = _now(), finished, autosave
            row.split = False
            s.add(row)
            s.flush()
            assert row.id is not None
            if drop_autosave is not None and drop_autosave != row.id:
                _delete_slot(s, drop_autosave)
            if not autosave:
                s.execute(text("DELETE FROM autosave_entry WHERE slot = :id"), {"id": row.id})
            # ids and modes only: a save's name is the player's, its content may be secret
            (log.debug if autosave else log.info)(
                "saved game %d (%s%s)", row.id, mode, ", autosave" if autosave else ""
            )
            return row.id

    def write_autosave(
        self,
        slot: int | None,
        mode: str,
        name: str,
        head: dict[str, Any],
        new_entries: Sequence[dict[str, Any]],
        *,
        keep: int,
        of_save: int | None = None,
    ) -> int | None:
        """Store a split autosave: ``head`` replaces the slot's head, entries from
        index ``keep`` on are replaced by ``new_entries``. Returns the slot id, or
        None when ``slot`` is gone and ``keep > 0`` (the caller then writes all)."""
        head_text = json.dumps(head, separators=(",", ":"))
        now = _now().isoformat(sep=" ")
        try:
            with self.engine.begin() as conn:
                exists = (
                    slot is not None
                    and conn.execute(
                        text("SELECT 1 FROM saved_game WHERE id = :id AND autosave"), {"id": slot}
                    ).first()
                )
                if not exists:
                    if keep:
                        return None
                    slot = conn.execute(
                        text(
                            "INSERT INTO saved_game (mode, name, created, updated, finished, "
                            "autosave, data, split, of_save) VALUES "
                            "(:mode, :name, :now, :now, 0, 1, :data, 1, :of)"
                        ),
                        {"mode": mode, "name": name, "now": now, "data": head_text, "of": of_save},
                    ).lastrowid
                else:
                    conn.execute(
                        text(
                            "UPDATE saved_game SET mode=:mode, name=:name, updated=:now, "
                            "data=:data, split=1, of_save=:of WHERE id=:id"
                        ),
                        {
                            "mode": mode,
                            "name": name,
                            "now": now,
                            "data": head_text,
                            "of": of_save,
                            "id": slot,
                        },
                    )
                conn.execute(
                    text("DELETE FROM autosave_entry WHERE slot = :id AND idx >= :k"),
                    {"id": slot, "k": keep},
                )
                if new_entries:
                    conn.exec_driver_sql(
                        "INSERT INTO autosave_entry (slot, idx, data) VALUES (?, ?, ?)",
                        [
                            (slot, keep + i, json.dumps(e, separators=(",", ":")))
                            for i, e in enumerate(new_entries)
                        ],
                    )
                return int(slot) if slot is not None else None
        except SQLAlchemyError as exc:
            log.error("autosave failed: %s", _sql_problem(exc))
            raise PersistenceError(f"autosave failed: {_sql_problem(exc)}") from None

    def load_game(self, save_id: int) -> tuple[SaveInfo, dict[str, Any]]:
        """A save's row and its data; FileFormatError naming the save if it is damaged
        (bytes that are no longer text or JSON), PersistenceError if it can't be read."""
        from wargame.core.log import Session as GameSession

        try:
            with self.engine.connect() as conn:
                row = conn.execute(
                    text(
                        "SELECT id, CAST(mode AS BLOB), CAST(name AS BLOB), "
                        "CAST(updated AS BLOB), finished, autosave, CAST(data AS BLOB), split "
                        "FROM saved_game WHERE id = :id"
                    ),
                    {"id": save_id},
                ).first()
                if row is None:
                    raise FileFormatError(f"saved game {save_id} does not exist")
                info = listing.row_info(tuple(row[:6]))
                raw, split = row[6], row[7]
                entries = (
                    [
                        r[0]
                        for r in conn.execute(
                            text(
                                "SELECT CAST(data AS BLOB) FROM autosave_entry "
                                "WHERE slot = :id ORDER BY idx"
                            ),
                            {"id": save_id},
                        )
                    ]
                    if split
                    else []
                )
        except SQLAlchemyError as exc:
            raise PersistenceError(
                f"saved game {save_id} cannot be read: {_sql_problem(exc)}"
            ) from None
        name = shown(info.name)
        try:
            data = listing.row_json(raw)
            if split:
                if not isinstance(data, dict):
                    raise FileFormatError(f"saved game {name} is damaged")
                data = GameSession.join_parts(data, [listing.row_json(e) for e in entries])
        except (ValueError, TypeError, RecursionError) as exc:
            log.warning("saved game %d is damaged: %s", save_id, listing.damage(exc))
            raise FileFormatError(f"saved game {name} is damaged: {listing.damage(exc)}") from None
        log.info("loaded game %d (%s)", save_id, info.mode)
        return info, data

    def save_exists(self, save_id: int) -> bool:
        with self.engine.connect() as conn:
            return bool(
                conn.execute(
                    text("SELECT 1 FROM saved_game WHERE id = :id"), {"id": save_id}
                ).first()
            )

    def list_saves(
        self, *, mode: str | None = None, limit: int | None = 20, order: str = "updated"
    ) -> list[SaveInfo]:
        """The saves newest first (see :func:`wargame.persistence.listing.list_saves`):
        a damaged row is listed as damaged, never hides the others."""
        try:
            return listing.list_saves(self.engine, mode=mode, limit=limit, order=order)
        except SQLAlchemyError as exc:
            raise PersistenceError(f"the saves cannot be listed: {_sql_problem(exc)}") from None

    def delete_save(self, save_id: int) -> None:
        with self.transaction() as s:
            _delete_slot(s, save_id)

    def remove_orphans(self) -> int:
        """Remove autosave rows left by a crash: entries of a slot that is gone, and
        autosaves older than the real save they shadow. Returns how many rows went."""
        with self.transaction() as s:
            gone = s.execute(
                text(
                    "DELETE FROM autosave_entry WHERE slot NOT IN "
                    "(SELECT id FROM saved_game WHERE autosave AND split)"
                )
            ).rowcount
            stale = [
                int(r[0])
                for r in s.execute(
                    text(
                        "SELECT a.id FROM saved_game a JOIN saved_game g ON a.of_save = g.id "
                        "WHERE a.autosave AND NOT g.autosave AND g.updated >= a.updated"
                    )
                )
            ]
            for sid in stale:
                _delete_slot(s, sid)
            return int(gone or 0) + len(stale)

    # -- scenarios -----------------------------------------------------------------
    def seed_scenarios(self, directory: Path) -> int:
        """Load every scenario file under ``directory`` not yet in the database."""
        self.migrate(directory)
        return self.seeded

    def list_scenarios(self, mode: str | None = None) -> list[tuple[int, str, str]]:
        """(id, mode, name) by name; a name or mode that no longer reads as text is
        shown with its unreadable bytes replaced, never hides the other rows."""
        try:
            return listing.list_scenarios(self.engine, mode)
        except SQLAlchemyError as exc:
            raise PersistenceError(f"the scenarios cannot be listed: {_sql_problem(exc)}") from None

    def put_scenario(self, mode: str, name: str, data: dict[str, Any]) -> int:
        """Add a scenario made in the app (the naval battle setup's "Save as scenario")
        to the home screen's list; returns its id."""
        payload = json.dumps(data, separators=(",", ":"))
        with self.transaction() as s:
            row = ScenarioRow(mode=mode, name=name, source="", data=payload)
            s.add(row)
            s.flush()
            assert row.id is not None
            return row.id

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

    def quick_check(self) -> str:
        """``PRAGMA quick_check``'s verdict: "ok" for a sound database."""
        with self.engine.connect() as conn:
            rows = [str(r[0]) for r in conn.exec_driver_sql("PRAGMA quick_check")]
        return "; ".join(rows[:3])

    def close(self) -> None:
        self.engine.dispose()


def _delete_slot(s: Session, save_id: int) -> None:
    s.execute(text("DELETE FROM autosave_entry WHERE slot = :id"), {"id": save_id})
    s.execute(text("DELETE FROM saved_game WHERE id = :id"), {"id": save_id})


def _sql_problem(exc: BaseException) -> str:
    """The SQLite error in a few words (SQLAlchemy's text carries the statement too)."""
    orig = getattr(exc, "orig", None)
    return str(orig if orig is not None else exc).splitlines()[0][:200]


def _scenario_files(directory: Path) -> list[dict[str, str]]:
    """The shipped scenarios as rows (a broken shipped file is the tests' to report)."""
    from wargame.scenarios import read_scenario

    rows = []
    for p in sorted(p for p in directory.rglob("*.json") if p.is_file()):
        try:
            sc = read_scenario(p)
        except FileFormatError:
            continue
        rows.append(
            {
                "mode": sc.mode,
                "name": sc.name,
                "source": str(p.relative_to(directory)),
                "data": json.dumps(sc.data),
            }
        )
    return rows


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None  # BEGIN is emitted by the engine's "begin" hook
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _migrate_v2(conn: Connection) -> None:
    """Version 2: ids are never reused (AUTOINCREMENT), split autosaves."""
    tables = {"saved_game": SavedGame, "scenario": ScenarioRow, "document": DocumentRow}
    for name in tables:
        cols = [r[1] for r in conn.exec_driver_sql(f"PRAGMA table_info({name})")]
        if not cols:
            continue
        for (index,) in conn.exec_driver_sql(
            "SELECT name FROM sqlite_master WHERE type='index' AND tbl_name=? AND sql IS NOT NULL",
            (name,),
        ).fetchall():
            conn.exec_driver_sql(f'DROP INDEX "{index}"')
        conn.exec_driver_sql(f'ALTER TABLE "{name}" RENAME TO "{name}__v1"')
        SQLModel.metadata.create_all(conn, tables=[tables[name].__table__])  # type: ignore[attr-defined]
        listed = ", ".join(f'"{c}"' for c in cols)
        conn.exec_driver_sql(f'INSERT INTO "{name}" ({listed}) SELECT {listed} FROM "{name}__v1"')  # noqa: S608 - names from the schema
        conn.exec_driver_sql(f'DROP TABLE "{name}__v1"')


MIGRATIONS[2] = _migrate_v2


def open_database(
    path: str | os.PathLike[str] | None, *, seed_from: Path | None = None
) -> Database:
    """Check, open (creating or migrating) and tidy the database.

    A file that can't be used raises :class:`~wargame.persistence.check.DatabaseUnusable`
    and is left byte-for-byte as it was. Shipped scenarios missing from the database
    are added; crash litter is removed; a backup is made when one is due.
    """
    from wargame.persistence import housekeeping
    from wargame.persistence.check import DatabaseUnusable, check_database, unusable_from

    if path is None:
        return Database(None, seed_from=seed_from)
    p = Path(path)
    try:
        check_database(p)
        db = Database(p, seed_from=seed_from)
    except PersistenceError as exc:
        log.error("database %s can't be used: %s", p, exc)
        if isinstance(exc, DatabaseUnusable):
            raise
        raise unusable_from(p, exc) from None
    log.info("database %s open (%s)", p, "created" if db.created else f"schema {SCHEMA_VERSION}")
    housekeeping.tidy(db)
    return db


def start_fresh(path: Path, *, seed_from: Path | None = None) -> tuple[Database, Path]:
    """Rename the bad file aside and start an empty database (with the shipped
    scenarios) in its place. Returns the database and where the bad file went."""
    from wargame.persistence.check import set_aside

    moved = set_aside(path) if path.exists() or path.is_symlink() else path
    return open_database(path, seed_from=seed_from), moved


def open_backup(
    path: Path, backup: Path, *, seed_from: Path | None = None
) -> tuple[Database, Path]:
    """Rename the bad file aside and put the backup in its place (a copy: the backup
    stays). Returns the database and where the bad file went."""
    from wargame.persistence.backup import copy_database
    from wargame.persistence.check import check_database, set_aside

    check_database(backup)
    moved = set_aside(path) if path.exists() or path.is_symlink() else path
    copy_database(backup, path)
    return open_database(path, seed_from=seed_from), moved
