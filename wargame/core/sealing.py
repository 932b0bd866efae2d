"""Sealing saves: authenticated encryption with a per-installation table key.

A save keeps what every player may see readable (the header, public rolls, the
log's sentences) and *seals* the rest - hidden roll values (deals, draws),
secret actions and the dice generator state - with AES-GCM from the
``cryptography`` library. Every sealed part also authenticates the readable
part next to it (as associated data), so a save altered outside the app is
refused.

The key is the installation's *table key*: 32 random bytes in
``<data folder>/table.key``, made on first use. Keys imported from other
computers live in ``<data folder>/keys/<id>.key``; a save names the key that
sealed it by its id (the first 8 bytes of its SHA-256, hex).

Moving a save to another computer: ``export_portable`` re-seals it under a key
stretched from a passphrase with argon2id (memory-hard; ``argon2-cffi``), and
``import_portable`` on the other computer opens it with the passphrase and
re-seals it under that computer's table key. Players who swap saves often can
instead carry the table key itself, wrapped the same way (``export_table_key``
/ ``import_table_key``).
"""

from __future__ import annotations

import base64
import functools
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wargame.core import keyfile
from wargame.core.keyfile import KEY_FILE, key_id
from wargame.errors import FileFormatError, shown

KEYS_DIR = "keys"
NONCE_BYTES = 12
#: argon2id for passphrase-wrapped exports: about 0.5 s and 128 MiB per guess on the reference machine.
PORTABLE_KDF = {"t": 4, "m": 131072, "p": 1}
PORTABLE_FORMAT = "wargame-portable-save"
KEY_EXPORT_FORMAT = "wargame-table-key"
MIN_PASSPHRASE = 8


#: Sealed parts are padded (with spaces, which JSON ignores) to a size from a fixed
#: series, so a part's size does not tell which choice it holds: every part up to
#: PAD_MIN bytes (each secret action and its hidden rolls in every game) is exactly
#: PAD_MIN; larger ones go up in powers of two to PAD_STEP, then in steps of PAD_STEP.
PAD_MIN = 128
PAD_STEP = 4096


def padded_size(n: int) -> int:
    """The size a sealed body of ``n`` bytes is padded to (0 stays 0: nothing sealed)."""
    if n <= 0:
        return 0
    if n <= PAD_MIN:
        return PAD_MIN
    if n <= PAD_STEP:
        return 1 << (n - 1).bit_length()
    return -(-n // PAD_STEP) * PAD_STEP


def padded(data: dict[str, Any] | None) -> dict[str, Any] | None:
    """``data`` with a filler field ``"_"`` making its canonical form :func:`padded_size`
    long, for a part sealed inside a larger one (a redo entry's secret in the head)."""
    if data is None:
        return None
    bare = {k: v for k, v in data.items() if k != "_"}
    n = len(canonical({**bare, "_": ""}))
    return {**bare, "_": " " * (padded_size(n) - n)}


class SaveTampered(FileFormatError):
    """A sealed save does not open: altered outside the app, or another table's key."""


def canonical(data: Any) -> bytes:
    """The one byte form of plain data that seals are bound to."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    if not isinstance(text, str):
        raise SaveTampered("saved game: a sealed part is not text")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError) as exc:
        raise SaveTampered("saved game: a sealed part is damaged (bad base64)") from exc


@dataclass(frozen=True)
class Sealer:
    """Seals plain data under one key; every sealing draws a fresh random nonce."""

    key: bytes

    @property
    def kid(self) -> str:
        return key_id(self.key)

    @functools.cached_property
    def _aead(self) -> Any:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM

        return AESGCM(self.key)

    def seal(self, data: Any, ad: bytes) -> str:
        nonce = os.urandom(NONCE_BYTES)
        body = b"" if data is None else canonical(data)
        body += b" " * (padded_size(len(body)) - len(body))
        return _b64(nonce + self._aead.encrypt(nonce, body, ad))

    def open(self, token: str, ad: bytes, where: str) -> Any:
        from cryptography.exceptions import InvalidTag

        raw = _unb64(token)
        if len(raw) < NONCE_BYTES + 16:
            raise SaveTampered(f"saved game: {where} is damaged (too short)")
        try:
            body = self._aead.decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], ad)
        except InvalidTag:
            raise SaveTampered(
                f"saved game: {where} was altered outside the app (its seal does not "
                "match); the save is refused"
            ) from None
        return None if not body else json.loads(body)


class Keyring:
    """The table key of one data folder, plus keys imported from other computers."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._own: Sealer | None = None
        self._lock = threading.Lock()

    @property
    def key_path(self) -> Path:
        return self.folder / KEY_FILE

    def own(self) -> Sealer:
        """This installation's key, made (0600) on first use; KeyProblem when it is
        damaged or was deleted (the saves sealed with it need it back)."""
        with self._lock:
            if self._own is None:
                self._own = Sealer(self._load_own())
            return self._own

    def _load_own(self) -> bytes:
        expected = keyfile.expected_id(self.folder)
        if expected is None and not self.key_path.exists():
            try:
                return keyfile.create_key(self.folder)
            except OSError as exc:
                raise FileFormatError(
                    f"{self.key_path}: the table key that seals saves can't be written "
                    f"({exc.strerror or exc})"
                ) from None
        key = keyfile.settled_key(self.key_path, expected)
        if expected is None:  # a key made by an older version: remember its id now
            try:
                keyfile.write_atomic(self.folder / keyfile.ID_FILE, key_id(key) + "\n")
            except OSError:
                pass  # a read-only folder: the key still works
        return key

    def problem(self) -> keyfile.KeyProblem | None:
        """What is wrong with this folder's key (None: it is usable or will be made)."""
        try:
            self.own()
        except keyfile.KeyProblem as exc:
            return exc
        return None

    def restore(self, backup: Path) -> str:
        """Put the key in ``backup`` (a copy made with a database backup) back in place;
        it must be the key this folder had, when that is known. Returns its id."""
        key = keyfile.read_key(backup, keyfile.expected_id(self.folder))
        with self._lock:
            keyfile.write_atomic(self.key_path, keyfile.key_text(key))
            keyfile.write_atomic(self.folder / keyfile.ID_FILE, key_id(key) + "\n")
            self._own = None
        return key_id(key)

    def start_new(self) -> str:
        """Give up the damaged or missing key: it is kept aside (renamed, never
        deleted), saves sealed with it say so, and a new key is made. Returns its id."""
        with self._lock:
            lost = keyfile.expected_id(self.folder)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            if self.key_path.exists():
                os.replace(self.key_path, self.folder / f"{KEY_FILE}.damaged-{stamp}")
            if lost is not None:
                keyfile.write_atomic(self.folder / KEYS_DIR / f"{lost}.lost", stamp + "\n")
            try:
                (self.folder / keyfile.ID_FILE).unlink()
            except FileNotFoundError:
                pass
            self._own = None
        return self.own().kid

    def sealer(self, kid: str) -> Sealer:
        """The key with id ``kid``; a clear message if this computer lacks it."""
        own = self.own()
        if kid == own.kid:
            return own
        ok = isinstance(kid, str) and kid.isalnum() and len(kid) <= 64
        path = self.folder / KEYS_DIR / f"{kid}.key"
        if ok and path.exists():
            return Sealer(keyfile.read_key(path))
        if ok and (self.folder / KEYS_DIR / f"{kid}.lost").exists():
            raise SaveTampered(
                f"saved game: it was sealed with this computer's earlier table key ({kid}), "
                "which was damaged or missing and has been replaced. Restore that key from "
                f"a backup ({self.folder / 'backups'}, the .key file) to open it"
            )
        raise SaveTampered(
            f"saved game: it was sealed by another installation (table key {kid!s:.16}). "
            "On the computer it comes from, export it with `wargame save export`, then "
            "open the export here with `wargame save import` (or import that computer's "
            "table key with `wargame key import`)"
        )

    def add(self, key: bytes) -> str:
        """Keep an imported key; returns its id."""
        kid = key_id(key)
        if kid != self.own().kid:
            keyfile.write_atomic(self.folder / KEYS_DIR / f"{kid}.key", keyfile.key_text(key))
        return kid


_KEYRINGS: dict[Path, Keyring] = {}
_CONFIGURED: Path | None = None


def configure(folder: Path | None) -> None:
    """Use the table key of ``folder`` (the app's data folder); None: the default."""
    global _CONFIGURED
    _CONFIGURED = None if folder is None else Path(folder)


def keyring() -> Keyring:
    """The keyring of the configured data folder (``$WARGAME_DATA_DIR`` or platformdirs)."""
    from wargame.paths import data_dir

    folder = (_CONFIGURED or data_dir()).resolve()
    ring = _KEYRINGS.get(folder)
    if ring is None:
        ring = _KEYRINGS[folder] = Keyring(folder)
    return ring


# -- passphrases --------------------------------------------------------------------------


def check_passphrase(passphrase: str, what: str = "passphrase") -> None:
    if len(passphrase) < MIN_PASSPHRASE:
        raise FileFormatError(f"{what}: at least {MIN_PASSPHRASE} characters, please")


def suggest_passphrase(words: int = 5) -> str:
    """A generated passphrase: random words (about 11 bits each) and a number."""
    from wargame.core.wordlist import WORDS

    picked = [secrets.choice(WORDS) for _ in range(words)]
    return "-".join(picked) + f"-{secrets.randbelow(100)}"


#: The key-stretching costs a passphrase-wrapped file may ask for: the app's own
#: (``PORTABLE_KDF``) up to twice as much (a file asking more could take minutes and
#: gigabytes to open, so it is refused), never less than argon2's floor.
KDF_LIMITS = {"t": (1, 2 * PORTABLE_KDF["t"]), "m": (8, 2 * PORTABLE_KDF["m"]), "p": (1, 4)}
#: The salt of a wrapped file, in bytes (argon2 needs at least 8).
SALT_BYTES = (8, 64)


def stretch(passphrase: str, salt: bytes, params: dict[str, Any]) -> bytes:
    """argon2id: a 32-byte key from a passphrase (slow and memory-hard on purpose).
    ``params`` and ``salt`` must lie within :data:`KDF_LIMITS` and :data:`SALT_BYTES`."""
    from argon2.low_level import Type, hash_secret_raw

    t, m, p = check_kdf(params, "the key stretching")
    _check_salt(salt, "the key stretching")
    return hash_secret_raw(passphrase.encode(), salt, t, m, p, 32, Type.ID)


def check_kdf(params: Any, what: str) -> tuple[int, int, int]:
    """(time, memory KiB, lanes) of a file's argon2id settings, each a whole number
    within :data:`KDF_LIMITS`; FileFormatError naming the first that is not."""
    if not isinstance(params, dict):
        raise FileFormatError(f"{what}: its settings are not an object")
    values = []
    for name, label in (("t", "time cost"), ("m", "memory (KiB)"), ("p", "lanes")):
        value = params.get(name)
        low, high = KDF_LIMITS[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise FileFormatError(f"{what}: its {label} '{name}' is {shown(value)}, not a number")
        if not low <= value <= high:
            raise FileFormatError(
                f"{what}: its {label} '{name}' is {shown(value)}; this app accepts "
                f"{low} to {high} (a file asking for more would take too long to open)"
            )
        values.append(value)
    t, m, p = values
    if m < 8 * p:
        raise FileFormatError(f"{what}: its memory 'm' must be at least 8 KiB per lane")
    return t, m, p


def _check_salt(salt: bytes, what: str) -> None:
    if not SALT_BYTES[0] <= len(salt) <= SALT_BYTES[1]:
        raise FileFormatError(
            f"{what}: its salt is {len(salt)} bytes long; this app accepts "
            f"{SALT_BYTES[0]} to {SALT_BYTES[1]}"
        )


def kdf_header(salt: bytes) -> dict[str, Any]:
    """The readable key-stretching settings a wrapped file carries."""
    return {"name": "argon2id", **PORTABLE_KDF, "salt": _b64(salt)}


def unwrapping_key(data: dict[str, Any], passphrase: str, what: str) -> Sealer:
    """The key a wrapped file (a portable save, a table key export) is sealed with,
    stretched from ``passphrase`` with the file's own settings once they are checked."""
    kdf = data.get("kdf")
    if not isinstance(kdf, dict) or kdf.get("name") != "argon2id":
        raise FileFormatError(f"{what}: unknown key stretching (not argon2id)")
    salt = kdf.get("salt")
    if not isinstance(salt, str) or not salt.isascii() or len(salt) > 2 * SALT_BYTES[1]:
        raise FileFormatError(f"{what}: its salt is missing or malformed")
    try:
        raw = base64.urlsafe_b64decode(salt + "=" * (-len(salt) % 4))
    except (ValueError, TypeError):
        raise FileFormatError(f"{what}: its salt is not base64") from None
    check_kdf(kdf, what)
    _check_salt(raw, what)
    return Sealer(stretch(passphrase, raw, kdf))


def _wrap(payload: Any, passphrase: str, fmt: str) -> dict[str, Any]:
    check_passphrase(passphrase)
    salt = os.urandom(16)
    sealer = Sealer(stretch(passphrase, salt, PORTABLE_KDF))
    kdf = kdf_header(salt)
    return {"format": fmt, "kdf": kdf, "box": sealer.seal(payload, canonical([fmt, kdf]))}


def _unwrap(data: Any, passphrase: str, fmt: str) -> Any:
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise FileFormatError(f"not a {fmt} file")
    sealer = unwrapping_key(data, passphrase, fmt)
    try:
        return sealer.open(str(data.get("box", "")), canonical([fmt, data["kdf"]]), "the export")
    except SaveTampered:
        raise SaveTampered(f"{fmt}: wrong passphrase, or the file was altered") from None


def export_table_key(passphrase: str, ring: Keyring | None = None) -> dict[str, Any]:
    """This installation's table key wrapped under ``passphrase`` (argon2id + AES-GCM)."""
    ring = ring or keyring()
    return _wrap({"key": _b64(ring.own().key)}, passphrase, KEY_EXPORT_FORMAT)


def import_table_key(data: Any, passphrase: str, ring: Keyring | None = None) -> str:
    """Keep another computer's table key; returns its id."""
    ring = ring or keyring()
    box = _unwrap(data, passphrase, KEY_EXPORT_FORMAT)
    key = _unb64(str(box.get("key", ""))) if isinstance(box, dict) else b""
    if len(key) != 32:
        raise FileFormatError("the table key export is damaged")
    return ring.add(key)
