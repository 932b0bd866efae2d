"""The table key on disk: made once (atomically, one winner among parallel first
starts), checked on every read, and told apart when damaged or missing.

``table.key`` holds one line: the key (32 random bytes, base64) and its id, so a
changed character is found (a key that decodes to other 32 bytes would otherwise
seal and open as if it were a different computer's). ``table.key.id`` beside it
holds only the id (nothing secret): it tells a deleted key from a first start.
A key is created as a complete temporary file and hard-linked into place, which
fails if a key is already there: every other process then reads the winner's.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import secrets
import tempfile
import time
from pathlib import Path

from wargame.errors import FileFormatError

KEY_FILE = "table.key"
ID_FILE = "table.key.id"
#: The temporary files a write leaves only if it crashes (cleared at the next start).
TEMP_SUFFIX = ".wgtmp"
#: A key file younger than this that reads short may still be being written (the
#: fallback for file systems without hard links): reading is retried until then.
SETTLE_SECONDS = 2.0


class KeyProblem(FileFormatError):
    """This data folder's table key is damaged or missing: the saves sealed with it
    can't be opened until it is restored (from a backup)."""

    def __init__(self, path: Path, what: str, expected: str | None, detail: str = "") -> None:
        self.path = path
        #: "damaged" or "missing"
        self.what = what
        #: The id the key should have (from ``table.key.id``), when known.
        self.expected = expected
        said = f" ({detail})" if detail else ""
        super().__init__(
            f"the table key is {what}{said}: {path}. Games saved on this computer can't be "
            "opened without it. Restore it from a backup: the app offers the newest copy "
            "when it starts (copies are kept in the backups folder beside it)"
        )


def key_id(key: bytes) -> str:
    return hashlib.sha256(b"wargame-table-key" + key).hexdigest()[:16]


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def key_text(key: bytes) -> str:
    """The key file's line: the key and its id."""
    return f"{b64(key)} {key_id(key)}\n"


def parse_key(text: str) -> bytes:
    """The key in a key file's text; ValueError naming what is wrong."""
    parts = text.split()
    if not parts:
        raise ValueError("it is empty")
    if len(parts) > 2:
        raise ValueError("it holds more than a key and its id")
    body = parts[0]
    try:
        key = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("it is not base64") from None
    if len(key) != 32:
        raise ValueError(f"{len(key)} bytes, not 32")
    if len(parts) == 2 and parts[1] != key_id(key):
        raise ValueError("a character in it was changed")
    return key


def read_key(path: Path, expected: str | None = None) -> bytes:
    """The key in ``path``; KeyProblem when it can't be read, is malformed, or is not
    the key ``expected`` (an id) names."""
    try:
        text = path.read_bytes()[:4096].decode("ascii")
    except FileNotFoundError:
        raise KeyProblem(path, "missing", expected) from None
    except UnicodeDecodeError:
        raise KeyProblem(path, "damaged", expected, "it is not text") from None
    except OSError as exc:
        raise KeyProblem(path, "damaged", expected, f"it can't be read: {exc.strerror}") from None
    try:
        key = parse_key(text)
    except ValueError as exc:
        raise KeyProblem(path, "damaged", expected, str(exc)) from None
    if expected is not None and key_id(key) != expected:
        raise KeyProblem(path, "damaged", expected, "it is not the key this folder had")
    return key


def expected_id(folder: Path) -> str | None:
    """The id of the key this folder had (None: no key was ever made here)."""
    try:
        text = (folder / ID_FILE).read_text(encoding="ascii").strip()
    except (OSError, UnicodeError):
        return None
    return text if len(text) == 16 and all(c in "0123456789abcdef" for c in text) else None


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (0600) through a temporary file and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _complete_temp(path, text)
    try:
        os.replace(tmp, path)
    except BaseException:
        _unlink(tmp)
        raise


def _complete_temp(path: Path, text: str) -> Path:
    fd, name = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=path.parent
    )
    try:
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        _unlink(Path(name))
        raise
    return Path(name)


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def create_key(folder: Path) -> bytes:
    """This folder's key, made now if there is none: exactly one of any number of
    processes starting at once makes it, the others read it."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / KEY_FILE
    key = secrets.token_bytes(32)
    tmp = _complete_temp(path, key_text(key))
    try:
        os.link(tmp, path)  # fails if a key is there: one winner
    except FileExistsError:
        key = settled_key(path)
    except OSError:  # a file system without hard links: exclusive create
        key = _create_exclusive(path, key)
    finally:
        _unlink(tmp)
    if expected_id(folder) != key_id(key):
        write_atomic(folder / ID_FILE, key_id(key) + "\n")
    return key


def _create_exclusive(path: Path, key: bytes) -> bytes:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return settled_key(path)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(key_text(key))
        fh.flush()
        os.fsync(fh.fileno())
    return key


def settled_key(path: Path, expected: str | None = None) -> bytes:
    """:func:`read_key`, waiting briefly for a key another process is still writing."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        try:
            return read_key(path, expected)
        except KeyProblem:
            try:
                young = time.time() - path.stat().st_mtime < SETTLE_SECONDS
            except OSError:
                young = False
            if not young or time.monotonic() > deadline:
                raise
            time.sleep(0.05)
