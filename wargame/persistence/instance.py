"""One app per data folder: a lock that dies with its process.

Two windows on one data folder wrote over each other's games and met "database is
locked" (issue 30 item 7), so the desktop app holds ``app.lock`` in its data folder
for as long as it runs: ``flock`` on Unix, ``msvcrt.locking`` on Windows, both
released by the system when the process ends, however it ends (a crash, kill -9),
so a stale lock never keeps the app from starting. The file also names the
holder's process id, for the message. Command-line commands (``save``, ``key``,
``simulate``, ``screenshot`` on its own temporary folder) take no lock: they never
write the database.
"""

from __future__ import annotations

import os
from pathlib import Path

from wargame.errors import WargameError

LOCK_FILE = "app.lock"


class AlreadyOpen(WargameError):
    """The app is already running on this data folder."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        self.folder = folder
        self.pid = pid
        by = f" (process {pid})" if pid else ""
        super().__init__(
            f"The app is already open on this data folder{by}: {folder}. Switch to that "
            "window, or close it and start again. Two windows on one folder would "
            "overwrite each other's games. To run a second table at once, start it "
            "with --data-dir OTHER_FOLDER."
        )


class InstanceLock:
    """Held while the app runs on ``folder``; :meth:`release` (or the process ending)
    lets the next start have it."""

    def __init__(self, folder: Path, fd: int | None) -> None:
        self.folder = folder
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is None:
            return
        try:
            _unlock(self._fd)
        finally:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> InstanceLock:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.release()


def acquire(folder: str | os.PathLike[str]) -> InstanceLock:
    """Take the data folder's lock; AlreadyOpen (naming the holder) if another
    process has it. OSError when the folder can't hold a lock file at all."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK_FILE
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        locked = _try_lock(fd)
    except BaseException:
        os.close(fd)
        raise
    if not locked:
        pid = _holder(fd)
        os.close(fd)
        raise AlreadyOpen(folder, pid)
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass  # the lock holds without the note
    return InstanceLock(folder, fd)


def _holder(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
