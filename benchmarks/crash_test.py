"""Crash test: kill -9 a child process at random points of each save path.

For every path a child process saves in a loop and reports each save it has
finished ("ack N"); the parent kills it (SIGKILL) after a random delay, then
checks what a later start finds: the database passes the startup check and
loads, the file parses, and the last acknowledged save is there (or a newer
one). A failed check is *corrupt* (unreadable) or *lost* (older than acked).

    python benchmarks/crash_test.py [--trials 100] [--paths db-save,autosave] [--json]

Paths: the database save, the autosave, Save As (file, then database), the map
editor's save, the campaign's store, and the very first start.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

PAD = "x" * 3000  # a save the size of a real one


def _uniform(hi: float) -> float:
    """A random delay in [0, hi) from the OS (the domain's dice are for games)."""
    return int.from_bytes(os.urandom(4), "big") / 2**32 * hi


def _ack(n: int | str) -> None:
    sys.stdout.write(f"ack {n}\n")
    sys.stdout.flush()


# -- the children: each saves in a loop, acknowledging every finished save -------------


def child_db_save(folder: Path) -> None:
    from wargame.persistence.db import open_database

    db = open_database(folder / "w.sqlite3")
    sid = int((folder / "sid").read_text())
    print("ready", flush=True)
    i = 0
    while True:
        i += 1
        db.save_game(
            "naval", "Game", {"format": "x", "n": i, "pad": PAD}, save_id=sid, durable=True
        )
        _ack(i)


def child_autosave(folder: Path) -> None:
    from longgame import Fire, long_session

    from wargame.core import sealing
    from wargame.persistence.autosave import AutosaveSlot
    from wargame.persistence.db import open_database

    sealing.configure(folder)  # the trial's own table key, which the check reads too
    db = open_database(folder / "w.sqlite3")
    session = long_session(300)
    slot = AutosaveSlot()
    print("ready", flush=True)
    i = 0
    while True:
        i += 1
        if i % 7 == 0 and session.can_undo:
            session.undo()
        else:
            session.apply(Fire("Revenge", f"Prize {i}"))
        session.header["seq"] = i
        slot.write_session(
            db,
            "bench",
            "Long game",
            head=session.head_json(),
            entries=session.entries,
            entry_json=session.entry_json,
        )
        _ack(f"{i} {len(session.entries)}")


def child_save_as(folder: Path) -> None:
    from wargame.persistence.db import open_database
    from wargame.persistence.files import write_json_atomic

    db = open_database(folder / "w.sqlite3")
    sid = int((folder / "sid").read_text())
    print("ready", flush=True)
    i = 0
    while True:
        i += 1
        data = {"format": "x", "n": i, "pad": PAD}
        write_json_atomic(folder / "saves" / "game.json", data)  # the file first
        db.save_game("raid", "game", data, save_id=sid, durable=True)
        _ack(i)


def child_map_save(folder: Path) -> None:
    from wargame.maps.model import load_map, map_to_json
    from wargame.persistence.db import open_database
    from wargame.persistence.files import write_json_atomic

    db = open_database(folder / "w.sqlite3")
    sid = int((folder / "sid").read_text())
    doc = load_map(ROOT / "scenarios" / "maps" / "caribbean.json")
    print("ready", flush=True)
    i = 0
    while True:
        i += 1
        doc.name = f"Caribbean {i}"
        data = map_to_json(doc)
        write_json_atomic(folder / "saves" / "map.json", data)
        db.save_game("map-editor", doc.name, data, save_id=sid, durable=True)
        _ack(i)


def child_campaign_store(folder: Path) -> None:
    from wargame.campaign.document import campaign_from_scenario
    from wargame.campaign.store import store_campaign
    from wargame.core.dice import DiceService
    from wargame.persistence.db import open_database
    from wargame.scenarios import read_scenario

    db = open_database(folder / "w.sqlite3")
    scenario = read_scenario(ROOT / "scenarios" / "campaign" / "spanish_main_1690.json").data
    session = campaign_from_scenario(scenario, DiceService.seeded(1))
    print("ready", flush=True)
    i = 0
    while True:
        i += 1
        session.state.name = f"Spanish Main {i}"
        store_campaign(db, session)
        _ack(i)


def child_first_start(folder: Path) -> None:
    from wargame.paths import scenarios_dir
    from wargame.persistence.db import open_database

    print("ready", flush=True)
    open_database(folder / "w.sqlite3", seed_from=scenarios_dir()).close()
    _ack(1)
    time.sleep(60)


# -- setting up and checking -------------------------------------------------------------


def _setup_db(folder: Path, mode: str, data: dict[str, Any]) -> None:
    from wargame.persistence.db import open_database
    from wargame.persistence.housekeeping import remember_folder

    (folder / "saves").mkdir(parents=True, exist_ok=True)
    db = open_database(folder / "w.sqlite3")
    (folder / "sid").write_text(str(db.save_game(mode, "Game", data, durable=True)))
    remember_folder(db, folder / "saves")  # as the main window's Save does
    db.close()


def _open_checked(folder: Path) -> Any:
    """A later start: the startup check, then open (repairing a missing seed)."""
    from wargame.paths import scenarios_dir
    from wargame.persistence.db import open_database

    return open_database(folder / "w.sqlite3", seed_from=scenarios_dir())


def _n_of(data: dict[str, Any]) -> int:
    return int(data["n"])


def check_db_save(folder: Path, acks: list[str]) -> str:
    db = _open_checked(folder)
    _info, data = db.load_game(int((folder / "sid").read_text()))
    db.close()
    return "ok" if _n_of(data) >= (int(acks[-1]) if acks else 0) else "lost"


def check_autosave(folder: Path, acks: list[str]) -> str:
    from longgame import Broadsides

    from wargame.core.dice import DiceService
    from wargame.core.log import Session

    db = _open_checked(folder)
    autosaves = [s for s in db.list_saves(limit=10) if s.autosave]
    if not acks:
        db.close()
        return "ok" if len(autosaves) <= 1 else "corrupt"
    if len(autosaves) != 1:
        db.close()
        return "lost"
    _info, data = db.load_game(autosaves[0].id)
    db.close()
    session = Session.from_json(data, lambda _d: Broadsides(), DiceService.seeded(0))
    seq = int(session.header["seq"])
    counts = dict(a.split() for a in acks)
    last = int(acks[-1].split()[0])
    if seq < last:
        return "lost"
    if str(seq) in counts and int(counts[str(seq)]) != len(session.entries):
        return "corrupt"
    return "ok"


def _check_file_and_db(folder: Path, acks: list[str], name: str, n_of: Callable[[Any], int]) -> str:
    from wargame.persistence.files import TEMP_SUFFIX, read_json_file

    last = int(acks[-1]) if acks else 0
    db = _open_checked(folder)  # the start also sweeps the temp files of the dead writer
    _info, data = db.load_game(int((folder / "sid").read_text()))
    db.close()
    path = folder / "saves" / name
    if list((folder / "saves").glob(f".*{TEMP_SUFFIX}")):
        return "litter: a temp file of the killed write is still there"
    if not path.exists():
        return "ok" if last == 0 else "lost"
    file_n = n_of(read_json_file(path))
    # the file is written first: it is never behind the database, nor behind an ack
    if file_n < last or n_of(data) < last or (n_of(data) > file_n and n_of(data) != 0):
        return "lost"
    return "ok"


def check_save_as(folder: Path, acks: list[str]) -> str:
    return _check_file_and_db(folder, acks, "game.json", _n_of)


def check_map_save(folder: Path, acks: list[str]) -> str:
    from wargame.maps.model import map_from_json

    def n_of(data: Any) -> int:
        name = map_from_json(data, "map").name
        return int(name.rsplit(" ", 1)[1]) if name.rsplit(" ", 1)[-1].isdigit() else 0

    return _check_file_and_db(folder, acks, "map.json", n_of)


def check_campaign_store(folder: Path, acks: list[str]) -> str:
    from wargame.campaign.document import load_campaign
    from wargame.campaign.store import list_campaigns, read_campaign_data
    from wargame.core.dice import DiceService

    db = _open_checked(folder)
    infos = list_campaigns(db)
    last = int(acks[-1]) if acks else 0
    if not infos:
        db.close()
        return "ok" if last == 0 else "lost"
    load_campaign(read_campaign_data(db, infos[0].uid), DiceService.seeded(0))
    db.close()
    n = int(infos[0].name.rsplit(" ", 1)[1])
    return "ok" if n >= last else "lost"


def check_first_start(folder: Path, acks: list[str]) -> str:
    from wargame.paths import scenarios_dir

    db = _open_checked(folder)
    have = {name for _i, _m, name in db.list_scenarios()}
    db.close()
    shipped = len(list(scenarios_dir().rglob("*.json")))
    return "ok" if len(have) == shipped else "lost"


@dataclass(frozen=True)
class SavePath:
    name: str
    child: Callable[[Path], None]
    check: Callable[[Path, list[str]], str]
    setup: Callable[[Path], None] = lambda _f: None
    max_delay: float = 0.4


PATHS = [
    SavePath("db-save", child_db_save, check_db_save, lambda f: _setup_db(f, "naval", {"n": 0})),
    SavePath("autosave", child_autosave, check_autosave, lambda f: _setup_db(f, "x", {"n": 0})),
    SavePath("save-as", child_save_as, check_save_as, lambda f: _setup_db(f, "raid", {"n": 0})),
    SavePath(
        "map-editor-save",
        child_map_save,
        check_map_save,
        lambda f: _setup_db(f, "map-editor", {"format": "wargame-map", "n": 0}),
    ),
    SavePath(
        "campaign-store",
        child_campaign_store,
        check_campaign_store,
        lambda f: _setup_db(f, "x", {"n": 0}),
    ),
    SavePath("first-start", child_first_start, check_first_start, max_delay=0.6),
]


@dataclass
class Tally:
    trials: int = 0
    ok: int = 0
    corrupt: int = 0
    lost: int = 0
    litter: int = 0
    acked: int = 0
    problems: list[str] = field(default_factory=list)


def trial(path: SavePath, tally: Tally) -> None:
    from wargame.persistence.check import DatabaseUnusable

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path.setup(folder)
        proc = subprocess.Popen(
            [sys.executable, __file__, "--child", path.name, "--dir", str(folder)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if line.strip() != "ready":
            proc.kill()
            raise RuntimeError(f"{path.name}: the child did not start: {line!r}")
        time.sleep(_uniform(path.max_delay))
        os.kill(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        acks = [ln.split(" ", 1)[1] for ln in out.splitlines() if ln.startswith("ack ")]
        from wargame.core import sealing

        before = sealing._CONFIGURED
        sealing.configure(folder)  # read back with the trial's own table key
        try:
            verdict = path.check(folder, acks)
        except DatabaseUnusable as exc:
            verdict = f"corrupt: {exc}"
        except Exception as exc:  # noqa: BLE001 - every failure to read back counts
            verdict = f"corrupt: {exc.__class__.__name__}: {exc}"
        finally:
            sealing.configure(before)
    tally.trials += 1
    tally.acked += len(acks)
    if verdict == "ok":
        tally.ok += 1
    else:
        if verdict.startswith("corrupt"):
            tally.corrupt += 1
        elif verdict.startswith("litter"):
            tally.litter += 1
        else:
            tally.lost += 1
        tally.problems.append(f"{path.name}: {verdict} (after {len(acks)} acks)")


def run(trials: int, names: list[str] | None = None) -> dict[str, Tally]:
    out = {}
    for path in PATHS:
        if names and path.name not in names:
            continue
        tally = Tally()
        for _ in range(trials):
            trial(path, tally)
        out[path.name] = tally
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=100)
    ap.add_argument("--paths", help="comma-separated path names")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--child")
    ap.add_argument("--dir")
    args = ap.parse_args()
    if args.child:
        from wargame.core import sealing

        sealing.configure(Path(args.dir))  # each trial seals with its own table key
        next(p for p in PATHS if p.name == args.child).child(Path(args.dir))
        return 0
    start = time.time()
    results = run(args.trials, args.paths.split(",") if args.paths else None)
    if args.json:
        print(json.dumps({k: vars(v) for k, v in results.items()}))
    else:
        for name, t in results.items():
            print(
                f"{name:<16} trials {t.trials:4d}  ok {t.ok:4d}  corrupt {t.corrupt}  "
                f"lost {t.lost}  litter {t.litter}  saves acknowledged {t.acked}"
            )
            for p in t.problems[:5]:
                print("   ", p)
        print(f"{time.time() - start:.0f} s")
    bad = sum(t.corrupt + t.lost + t.litter for t in results.values())
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
