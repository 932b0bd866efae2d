"""Issue 30, the check: hypothesis through every door a player hands the app a file by
(save, scenario, map, campaign, key, passphrase file, settings, File > Open).

Each case is a real file of the door's kind, mutated (tests/persistence/fuzzlib.py),
then maybe damaged as text (a number of 5,000 digits or past 1.8e308, half of a
character, a byte-order mark, a NUL, cut short); or raw bytes; or no regular file
at all (/dev/zero, /dev/urandom, a FIFO nobody writes, a folder, links to a device,
in a loop or to nowhere). Whatever it is: no escape (exit 0 or 2 with one line, or
only the app's own errors), no hang (a time limit per case) and bounded memory (the
process's peak grows by less than 300 MB over all the cases: /dev/zero read whole
would take gigabytes). In-process calls of the CLI's ``main()``: a few seconds each.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.persistence.fuzzlib import (
    HUNG,
    ROOT,
    fuzz_settings,
    game_saves,
    game_scenarios,
    mutate,
    mutations,
    time_limit,
)
from wargame.cli import main
from wargame.core import sealing
from wargame.errors import WargameError

PHRASE = "seven sails at dawn"
#: Growth of the process's peak memory allowed over one test's cases.
MEMORY_MB = 300

SPECIALS = (
    "dev-zero",
    "dev-urandom",
    "dev-null",
    "fifo",
    "folder",
    "link-to-dev-zero",
    "link-to-fifo",
    "link-loop",
    "dangling-link",
)
INJECTIONS = (
    "none",
    "none",
    "digits-5000",
    "int-past-float",
    "float-overflow",
    "surrogate",
    "bom",
    "nul",
    "truncate",
    "nested",
)


#: Numbers no loader can take: past Python's 4,300-digit limit, past 1.8e308, infinite.
NUMBERS = {"digits-5000": "7" * 5000, "int-past-float": "1" + "0" * 400, "float-overflow": "1e999"}


def _inject(text: str, how: str) -> str:
    """``text`` (JSON) damaged as text, where a structural mutation can't reach."""
    if how in NUMBERS:  # the first whole number in the file (or a new first key)
        number = NUMBERS[how]
        changed = re.sub(r'(": )-?\d+([,}\]])', lambda m: m[1] + number + m[2], text, count=1)
        return changed if changed != text else text.replace("{", '{"_": ' + number + ", ", 1)
    if how == "surrogate":  # half of a character: in a save's header, else deep inside
        if '"header": {' in text:
            return text.replace('"header": {', '"header": {"note": "\\udc80", ', 1)
        head, sep, tail = text.rpartition('": "')
        return head + sep + "\\ud800" + tail if sep else text.replace('"', '"\\udc80', 1)
    if how == "bom":
        return "\ufeff" + text
    if how == "nul":
        return text[: len(text) // 2] + "\x00" + text[len(text) // 2 :]
    if how == "truncate":
        return text[: len(text) * 2 // 3]
    if how == "nested":
        return "[" * 5000 + "]" * 5000
    return text


contents = st.one_of(
    st.tuples(st.just("special"), st.sampled_from(SPECIALS)),
    # the file as it was (a text damage only), or mutated first
    st.tuples(st.just("json"), st.tuples(st.just([]) | mutations, st.sampled_from(INJECTIONS))),
    st.tuples(st.just("bytes"), st.binary(max_size=300)),
)


def _clear(path: Path) -> None:
    if path.is_symlink() or path.is_file() or path.is_fifo():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def place(path: Path, base: Any, content: tuple[str, Any]) -> None:
    """Put the case at ``path``: a special file, a damaged copy of ``base``, or bytes."""
    _clear(path)
    kind, what = content
    if kind == "special":
        if what.startswith("dev-"):
            path.symlink_to(f"/dev/{what[4:]}")  # the door sees the device through it
        elif what == "fifo":
            os.mkfifo(path)
        elif what == "folder":
            path.mkdir()
        elif what == "link-to-dev-zero":
            path.symlink_to("/dev/zero")
        elif what == "link-to-fifo":
            fifo = path.with_name("pipe")
            _clear(fifo)
            os.mkfifo(fifo)
            path.symlink_to(fifo)
        elif what == "link-loop":
            path.symlink_to(path.name)
        else:
            path.symlink_to(path.with_name("nowhere"))
    elif kind == "json":
        steps, how = what
        doc = mutate(base, steps) if isinstance(base, dict | list) else base
        text = doc if isinstance(doc, str) else json.dumps(doc)
        path.write_bytes(_inject(text, how).encode("utf-8", "surrogatepass"))
    else:
        path.write_bytes(what)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder with its table key; key stretching made cheap for the fuzz (its
    costs are checked by tests of their own), a passphrase file beside it."""
    monkeypatch.setattr(sealing, "PORTABLE_KDF", {"t": 1, "m": 64, "p": 1})
    sealing.configure(tmp_path / "home")
    (tmp_path / "phrase.txt").write_text(PHRASE + "\n")
    yield tmp_path
    sealing.configure(None)


@cache
def _portable_and_key(home: str) -> tuple[dict[str, Any], dict[str, Any]]:
    from wargame.core.portable import export_portable

    save = game_saves()["pieces-of-eight"]
    return export_portable(save, PHRASE), sealing.export_table_key(PHRASE)


def _bases(home: Path) -> dict[str, Any]:
    portable, key = _portable_and_key(str(home))
    return {
        "naval": game_scenarios()["naval"][0],
        "poe-map": game_scenarios()["pieces-of-eight"][0],
        "save": game_saves()["pieces-of-eight"],
        "portable": portable,
        "key": key,
        "phrase": PHRASE,
        "geojson": json.loads((ROOT / "tests/maps/data/ol-polygon-samples.geojson").read_text()),
    }


#: door -> (its arguments with FILE for the case, the base document it is fed)
DOORS: dict[str, tuple[list[str], str]] = {
    "simulate naval --scenario": (
        ["simulate", "naval", "--scenario", "FILE", "--bots", "random"],
        "naval",
    ),
    "simulate pieces-of-eight --scenario": (
        ["simulate", "pieces-of-eight", "--scenario", "FILE", "--bots", "random"],
        "poe-map",
    ),
    "save export": (["save", "export", "FILE", "--out", "OUT", "--passphrase-file", "PHRASE"], "save"),
    "save import": (["save", "import", "FILE", "--out", "OUT", "--passphrase-file", "PHRASE"], "portable"),
    "key import": (["key", "import", "FILE", "--passphrase-file", "PHRASE"], "key"),
    "--passphrase-file": (["key", "export", "--out", "OUT", "--passphrase-file", "FILE"], "phrase"),
    "map graph": (["map", "graph", "FILE"], "poe-map"),
    "map validate": (["map", "validate", "FILE", "--json"], "poe-map"),
    "map import": (["map", "import", "FILE", "--out", "OUT"], "geojson"),
}  # fmt: skip


def test_every_cli_door_refuses_what_it_cannot_use_in_one_line(
    table: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bases = _bases(table / "home")
    case = table / "case.json"
    names = {"FILE": str(case), "OUT": str(table / "out.json"), "PHRASE": str(table / "phrase.txt")}
    before = _peak_mb()

    def check(door: str, content: tuple[str, Any]) -> None:
        argv, base = DOORS[door]
        place(case, bases[base], content)
        capsys.readouterr()
        HUNG[0] = False
        with time_limit(15):
            code = main(["--data-dir", str(table / "home"), *[names.get(a, a) for a in argv]])
        assert not HUNG[0], f"{door} hung"
        err = capsys.readouterr().err
        assert code in (0, 2), (door, content, code, err)
        if code == 2:
            assert err.count("\n") == 1 and "Traceback" not in err, (door, content, err)

    # every door gets every special file and every text damage of its own kind of file
    for door in sorted(DOORS):
        for special in SPECIALS:
            check(door, ("special", special))
        for how in sorted(set(INJECTIONS)):
            check(door, ("json", ([], how)))

    @fuzz_settings(120)
    @given(st.sampled_from(sorted(DOORS)), contents)
    def run(door: str, content: tuple[str, Any]) -> None:
        check(door, content)

    run()
    assert _peak_mb() - before < MEMORY_MB


def test_a_settings_file_of_any_content_never_stops_the_window(qapp: Any, tmp_path: Path) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget, QMainWindow

    from ui.settings import Settings
    from ui.window_state import restore_window_state, save_window_state

    window = QMainWindow()
    for name in ("dice-log", "history-dock"):
        dock = QDockWidget(name)
        dock.setObjectName(name)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    path = tmp_path / "settings.ini"
    good = Settings(path)
    save_window_state(window, good, remember_shown=("dice-log",))
    assert good.sync() is None
    base = path.read_text()
    before = _peak_mb()

    @fuzz_settings(150)
    @given(contents)
    def run(content: tuple[str, Any]) -> None:
        kind, what = content
        if kind == "json":  # an INI file, damaged like the JSON ones
            steps, how = what
            lines = base.splitlines()
            cut = (steps[0][2] if steps else 0) % max(1, len(lines))
            text = "\n".join(lines[:cut] + [_inject(lines[cut], how)] + lines[cut + 1 :])
            content = ("bytes", text.encode("utf-8", "surrogatepass"))
        place(path, None, content)
        with time_limit(10):
            settings = Settings(path)
            restore_window_state(window, settings)
            save_window_state(window, settings)
        assert window.width() > 0

    run()
    assert _peak_mb() - before < MEMORY_MB


@pytest.mark.usefixtures("discard_unsaved")
def test_file_open_takes_any_file_or_says_why_not(main_window: Any, tmp_path: Path) -> None:
    from tests.persistence.fuzzlib import campaign_docs

    bases = [
        game_saves()["pieces-of-eight"],
        game_saves()["naval"],
        game_scenarios()["raid"][0],
        game_scenarios()["pieces-of-eight"][0],
        campaign_docs()["scenario"],
        campaign_docs()["save"],
    ]
    case = tmp_path / "case.json"
    before = _peak_mb()

    @fuzz_settings(45)
    @given(st.sampled_from(range(len(bases))), contents)
    def run(which: int, content: tuple[str, Any]) -> None:
        place(case, bases[which], content)
        HUNG[0] = False
        with time_limit(20):
            try:
                view = main_window.open_path(case)
            except WargameError as exc:
                assert str(exc) and "\n" not in str(exc)
            else:
                if view is not None and hasattr(view, "finish_loading"):
                    view.finish_loading()
        assert not HUNG[0]

    run()
    assert _peak_mb() - before < MEMORY_MB
