"""Each play-by-e-mail player's signing key (Ed25519, ``cryptography``).

A player's key for one campaign is made the first time they export a turn file and
kept in the app's data folder beside the table key, in ``campaign-keys/``: one small
JSON file per campaign and player holding the public key in clear and the private key
sealed with :func:`wargame.campaign.secrets.seal` under the key their campaign
passphrase unlocks (argon2id + AES-GCM, the same as their force contents). Every
campaign player has a passphrase (``min_passphrase`` in campaign.toml), so a private
key never lies on disk in clear. Losing the file (or the data folder) loses the key:
the other players' campaigns have the old public key pinned and refuse a new one.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from wargame.campaign.secrets import PlayerKey, SecretError, seal, unseal
from wargame.core.keyfile import b64
from wargame.errors import FileFormatError

KEY_FOLDER = "campaign-keys"
KEY_FORMAT = "wargame-campaign-signing-key"
KEY_VERSION = 1
PUBLIC_BYTES = 32
SIGNATURE_BYTES = 64


def unb64(text: str, size: int, what: str) -> bytes:
    """``size`` bytes from URL-safe base64 ``text``; FileFormatError naming ``what``."""
    if not isinstance(text, str) or len(text) > 4 * size:
        raise FileFormatError(f"{what}: not a base64 text of {size} bytes")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise FileFormatError(f"{what}: not base64") from None
    if len(raw) != size or b64(raw) != text:
        raise FileFormatError(f"{what}: not a base64 text of {size} bytes")
    return raw


def fingerprint(public: str) -> str:
    """A public key as people compare it: four groups of four hex digits."""
    digest = hashlib.sha256(public.encode("ascii")).hexdigest()[:16]
    return "-".join(digest[i : i + 4] for i in range(0, 16, 4))


def key_path(folder: Path, uid: str, seat: int) -> Path:
    """Where ``seat``'s key for campaign ``uid`` lives (the uid hashed: any text is safe)."""
    name = hashlib.sha256(uid.encode("utf-8")).hexdigest()[:24]
    return Path(folder) / KEY_FOLDER / f"{name}-{seat}.json"


def _aad(uid: str, seat: int) -> str:
    return f"signing-key;campaign={uid};player={seat}"


class SigningKey:
    """A player's Ed25519 key pair, open in memory (only while exporting)."""

    def __init__(self, private: Any) -> None:
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        self._private = private
        raw = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.public = b64(raw)

    @classmethod
    def generate(cls) -> SigningKey:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        return cls(Ed25519PrivateKey.generate())

    def sign(self, message: bytes) -> str:
        return b64(self._private.sign(message))

    def private_bytes(self) -> bytes:
        from cryptography.hazmat.primitives.serialization import (
            Encoding,
            NoEncryption,
            PrivateFormat,
        )

        return self._private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())


def verify(public: str, signature: str, message: bytes) -> bool:
    """Whether ``signature`` is ``public``'s signature of ``message``."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        key = Ed25519PublicKey.from_public_bytes(unb64(public, PUBLIC_BYTES, "public_key"))
        key.verify(unb64(signature, SIGNATURE_BYTES, "signature"), message)
    except (InvalidSignature, FileFormatError, ValueError):
        return False
    return True


def _read(path: Path) -> dict[str, Any]:
    from wargame.persistence.files import read_json_file

    data = read_json_file(path, max_bytes=64 * 1024)
    if (
        not isinstance(data, dict)
        or data.get("format") != KEY_FORMAT
        or not isinstance(data.get("public"), str)
        or not isinstance(data.get("private"), str)
    ):
        raise FileFormatError(f"{path}: not a campaign signing key (damaged?)")
    return data


def own_public_keys(folder: Path, uid: str) -> dict[int, str]:
    """This computer's public keys for campaign ``uid``, by seat (damaged files left out)."""
    stem = key_path(folder, uid, 0).name.removesuffix("-0.json")
    out: dict[int, str] = {}
    for path in sorted((Path(folder) / KEY_FOLDER).glob(f"{stem}-*.json")):
        seat = path.stem.rpartition("-")[2]
        if seat.isdigit():
            try:
                out[int(seat)] = str(_read(path)["public"])
            except FileFormatError:
                continue
    return out


def signing_key(folder: Path, uid: str, seat: int, key: PlayerKey) -> tuple[SigningKey, bool]:
    """``seat``'s signing key for campaign ``uid``, opened with their passphrase's key;
    made and stored on first use (the second value says it was made now)."""
    path = key_path(folder, uid, seat)
    if path.exists():
        data = _read(path)
        try:
            raw = unseal(key, data["private"], _aad(uid, seat))
        except SecretError:
            raise SecretError(
                f"{path}: the signing key does not open with this passphrase (or was altered)"
            ) from None
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        try:
            opened = SigningKey(Ed25519PrivateKey.from_private_bytes(raw))
        except ValueError:
            raise FileFormatError(f"{path}: the signing key is damaged") from None
        if opened.public != data["public"]:
            raise FileFormatError(f"{path}: the signing key is damaged (its halves differ)")
        return opened, False
    made = SigningKey.generate()
    record = {
        "format": KEY_FORMAT,
        "version": KEY_VERSION,
        "campaign": uid,
        "player": seat,
        "public": made.public,
        "private": seal(key, made.private_bytes(), _aad(uid, seat)),
    }
    from wargame.persistence.files import write_atomic

    write_atomic(path, json.dumps(record, indent=1) + "\n")
    try:
        os.chmod(path, 0o600)
    except OSError:
        pass  # sealed under the passphrase either way
    return made, True
