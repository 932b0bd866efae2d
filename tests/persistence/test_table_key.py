"""Issue 30 item 7: the table key is made once (one winner of parallel first starts),
a damaged or missing key is named as such (not "sealed by another installation")
and restored from the backups, which keep a copy of it."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargame.core import keyfile, sealing
from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.log import Session
from wargame.core.play import new_session
from wargame.core.registry import game_class
from wargame.errors import FileFormatError

PROCESSES = 8


def _first_start(folder: str, barrier: Any, out: Any) -> None:
    import secrets
    import time

    draw = secrets.token_bytes

    def slow(n: int) -> bytes:  # a busy machine: every process finds no key yet
        time.sleep(0.2)
        return draw(n)

    secrets.token_bytes = slow
    barrier.wait(timeout=30)
    try:
        out.put(sealing.Keyring(Path(folder)).own().kid)
    except Exception as exc:  # noqa: BLE001 - reported to the test
        out.put(f"error: {exc}")


def test_parallel_first_starts_make_one_key_that_every_process_uses(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    for round_ in range(3):
        folder = tmp_path / f"data{round_}"
        barrier, out = ctx.Barrier(PROCESSES), ctx.Queue()
        procs = [
            ctx.Process(target=_first_start, args=(str(folder), barrier, out))
            for _ in range(PROCESSES)
        ]
        for p in procs:
            p.start()
        kids = [out.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(timeout=60)
        on_disk = keyfile.key_id(keyfile.read_key(folder / keyfile.KEY_FILE))
        assert set(kids) == {on_disk}, kids
        assert keyfile.expected_id(folder) == on_disk
        assert not list(folder.glob(f"*{keyfile.TEMP_SUFFIX}"))


def sealed_game(folder: Path) -> dict[str, Any]:
    """A Pirate Coins game a few moves in, saved under ``folder``'s key."""
    session = new_session(GameSpec("pirate-coins", 3), DiceService.seeded(4))
    session.keyring = sealing.Keyring(folder)
    game = game_class("pirate-coins")()
    bot = game.bots()["random"](DiceService.seeded(5))
    for _ in range(12):
        st = session.state
        session.apply(bot.choose(st, st.current_player()))
    return json.loads(json.dumps(session.to_json()))


def reopen(data: dict[str, Any], folder: Path) -> Session[Any]:
    from wargame.core.play import _factory

    header = data["header"]
    spec = GameSpec(header["game"], header["players"], header.get("params") or {})
    return Session.from_json(data, _factory(spec), ring=sealing.Keyring(folder))


def change_one_character(path: Path) -> None:
    text = path.read_text()
    path.write_text(("B" if text[0] != "B" else "C") + text[1:])


def test_a_changed_character_in_table_key_says_the_key_is_damaged(tmp_path: Path) -> None:
    data = sealed_game(tmp_path)
    change_one_character(tmp_path / "table.key")
    with pytest.raises(keyfile.KeyProblem, match="the table key is damaged") as caught:
        reopen(data, tmp_path)
    assert "another installation" not in str(caught.value)
    assert "backup" in str(caught.value)


def test_a_key_from_an_older_version_changed_by_one_character_is_damaged_too(
    tmp_path: Path,
) -> None:
    data = sealed_game(tmp_path)
    path = tmp_path / "table.key"
    path.write_text(path.read_text().split()[0] + "\n")  # the older one-field form
    assert reopen(data, tmp_path).state is not None  # still opens
    change_one_character(path)
    with pytest.raises(keyfile.KeyProblem, match="damaged.*not the key this folder had"):
        reopen(data, tmp_path)


def test_a_deleted_table_key_says_the_key_is_missing(tmp_path: Path) -> None:
    data = sealed_game(tmp_path)
    (tmp_path / "table.key").unlink()
    with pytest.raises(keyfile.KeyProblem, match="the table key is missing"):
        reopen(data, tmp_path)
    assert not (tmp_path / "table.key").exists(), "no new key is made over a lost one"


def test_backups_include_the_key_and_restore_a_lost_one(tmp_path: Path) -> None:
    from wargame.persistence.backup import key_backups, make_backup
    from wargame.persistence.db import open_database

    data = sealed_game(tmp_path)
    db = open_database(tmp_path / "wargame.sqlite3")
    backup = make_backup(db)
    db.close()
    assert backup.with_suffix(".key").read_text() == (tmp_path / "table.key").read_text()
    (tmp_path / "table.key").unlink()
    ring = sealing.Keyring(tmp_path)
    assert ring.problem() is not None and ring.problem().what == "missing"
    ring.restore(key_backups(tmp_path)[0])
    assert reopen(data, tmp_path).save_id == data["id"]


def test_the_first_start_keeps_a_copy_of_the_key_with_the_backups(tmp_path: Path) -> None:
    from wargame.persistence.backup import key_backups
    from wargame.persistence.db import open_database

    sealing.Keyring(tmp_path).own()
    open_database(tmp_path / "wargame.sqlite3").close()
    assert len(key_backups(tmp_path)) >= 1


def test_a_damaged_backup_copy_is_not_offered(tmp_path: Path) -> None:
    from wargame.persistence.backup import key_backups

    sealing.Keyring(tmp_path).own()
    (tmp_path / "backups").mkdir()
    (tmp_path / "backups" / "wargame-1.key").write_text("not a key\n")
    (tmp_path / "backups" / "wargame-2.key").write_text(keyfile.key_text(bytes(32)))
    assert key_backups(tmp_path) == []


def test_a_new_key_over_a_lost_one_keeps_it_aside_and_old_saves_say_so(tmp_path: Path) -> None:
    data = sealed_game(tmp_path)
    old = (tmp_path / "table.key").read_text()
    change_one_character(tmp_path / "table.key")
    ring = sealing.Keyring(tmp_path)
    new = ring.start_new()
    assert new != data["key"]
    kept = list(tmp_path.glob("table.key.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text() != old
    with pytest.raises(FileFormatError, match="earlier table key .* replaced") as caught:
        reopen(data, tmp_path)
    assert "another installation" not in str(caught.value)


# -- the app's start -------------------------------------------------------------------


def test_the_app_offers_the_backup_when_the_key_is_missing(tmp_path: Path, qapp: Any) -> None:
    from ui.start_checks import check_table_key
    from wargame.persistence.backup import backup_key

    data = sealed_game(tmp_path)
    assert backup_key(tmp_path, tmp_path / "backups" / "wargame-x.key")
    (tmp_path / "table.key").unlink()
    asked: list[tuple[str, Path | None]] = []

    def ask(problem: keyfile.KeyProblem, backup: Path | None) -> str:
        asked.append((problem.what, backup))
        return "restore"

    try:
        assert check_table_key(tmp_path, ask=ask)
    finally:
        sealing.configure(None)
    assert asked == [("missing", tmp_path / "backups" / "wargame-x.key")]
    assert reopen(data, tmp_path).save_id == data["id"]


def test_the_app_quits_when_the_player_says_so_over_a_damaged_key(
    tmp_path: Path, qapp: Any
) -> None:
    from ui.start_checks import check_table_key

    sealed_game(tmp_path)
    change_one_character(tmp_path / "table.key")
    try:
        assert not check_table_key(tmp_path, ask=lambda problem, backup: "quit")
    finally:
        sealing.configure(None)


def test_the_key_dialog_names_the_problem(tmp_path: Path, qapp: Any) -> None:
    from ui.start_checks import KeyProblemDialog

    problem = keyfile.KeyProblem(tmp_path / "table.key", "damaged", None, "it is empty")
    dialog = KeyProblemDialog(problem, None)
    assert "The table key is damaged" in dialog.text()
    assert not dialog.restore_button.isEnabled()
    assert "wargame key import" in dialog.informativeText()


# -- fuzz: whatever table.key holds --------------------------------------------------------

GOOD = bytes(range(32))
key_files = st.one_of(
    st.binary(max_size=120),
    st.text(max_size=120).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.integers(0, 60).map(lambda i: keyfile.key_text(GOOD)[:i].encode()),
    st.tuples(st.integers(0, 58), st.characters(codec="ascii")).map(
        lambda p: (lambda t: (t[: p[0]] + p[1] + t[p[0] + 1 :]).encode())(keyfile.key_text(GOOD))
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=key_files, remembered=st.booleans())
def test_fuzz_a_damaged_table_key_is_named_never_replaced_never_a_traceback(
    content: bytes, remembered: bool, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("key")
    (folder / "table.key").write_bytes(content)
    if remembered:
        (folder / keyfile.ID_FILE).write_text(keyfile.key_id(GOOD) + "\n")
    old = keyfile.SETTLE_SECONDS
    keyfile.SETTLE_SECONDS = 0.0
    try:
        problem = sealing.Keyring(folder).problem()
    finally:
        keyfile.SETTLE_SECONDS = old
    assert (folder / "table.key").read_bytes() == content  # never made anew over it
    if problem is None:
        kid = sealing.Keyring(folder).own().kid
        assert not remembered or kid == keyfile.key_id(GOOD)
    else:
        assert problem.what == "damaged"
