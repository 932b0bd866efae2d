"""Sealing a player's secret contents with a key derived from their passphrase.

* key: argon2id (``argon2-cffi``; memory-hard, tuned in campaign.toml to about
  0.5 s per guess) -> 64 bytes, split into an encryption key and a key for the
  passphrase check. Campaigns from before keep their scrypt parameters, which
  every key records (``KdfParams``).
* cipher: AES-GCM (``cryptography``) with a fresh random nonce for every
  sealing, authenticating the associated data (campaign, player, letter).

A sealed token is text: ``v2.<params>.<nonce>.<ciphertext+tag>`` (URL-safe
base64), safe to keep in the action log, the database and a shared save.
Tokens ``v1`` (an older home-made stream cipher) still open, never made.

Next to it, a force carries a *commitment*: SHA-256 of a random nonce and the
canonical contents. The reveal action publishes the plaintext with its nonce,
and the campaign checks it against the commitment, so nobody can change a
force's contents after seeing the engagements - the fold of the paper sheet.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
from dataclasses import dataclass
from typing import Any

from wargame.core.sealing import KDF_LIMITS
from wargame.errors import BadInput

VERSION = "v1"
VERSION2 = "v2"
KEY_BYTES = 32
_VERIFIER_LABEL = b"pieces-of-eight campaign passphrase check"


class SecretError(BadInput):
    """A wrong passphrase, or a sealed token that was damaged or tampered with."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError) as exc:
        raise SecretError("sealed contents are damaged (bad base64)") from exc


def new_salt() -> str:
    """A fresh random salt (hex) for one player's key (OS randomness, not a game die)."""
    return os.urandom(16).hex()


@dataclass(frozen=True, slots=True)
class KdfParams:
    """scrypt ``n-r-p`` (older campaigns, fast test keys) or argon2id
    ``argon2id-<time>-<memory KiB>-<lanes>``."""

    n: int
    r: int
    p: int
    argon2: bool = False

    def text(self) -> str:
        if self.argon2:
            return f"argon2id-{self.n}-{self.r}-{self.p}"
        return f"{self.n}-{self.r}-{self.p}"

    @classmethod
    def parse(cls, text: str) -> KdfParams:
        argon2 = text.startswith("argon2id-")
        body = text.removeprefix("argon2id-")
        try:
            n, r, p = (int(v) for v in body.split("-"))
        except ValueError as exc:
            raise SecretError(f"sealed contents name unknown key parameters {text!r}") from exc
        if argon2:
            # A save names its own cost: only within the app's own range (issue 30 item 6:
            # a file asking for gigabytes would take minutes to open), as portable saves.
            t_hi, m_hi, p_hi = (KDF_LIMITS[k][1] for k in ("t", "m", "p"))
            if not 1 <= n <= t_hi or not max(8, 8 * p) <= r <= m_hi or not 1 <= p <= p_hi:
                raise SecretError(
                    f"sealed contents ask for a key-stretching cost outside the app's range "
                    f"({text!r}; at most {t_hi} passes, {m_hi // 1024} MiB, {p_hi} lanes)"
                )
            return cls(n, r, p, argon2=True)
        if n < 2 or n & (n - 1) or not 1 <= r <= 64 or not 1 <= p <= 16 or n > 2**20:
            raise SecretError(f"sealed contents name unusable key parameters {text!r}")
        return cls(n, r, p)


@dataclass(frozen=True, slots=True)
class PlayerKey:
    """The keys derived from one player's passphrase (kept only in memory)."""

    enc: bytes
    mac: bytes
    params: KdfParams

    def verifier(self) -> str:
        return hmac.new(self.mac, _VERIFIER_LABEL, hashlib.sha256).hexdigest()


def derive_key(passphrase: str, salt: str, params: KdfParams) -> PlayerKey:
    try:
        salt_bytes = bytes.fromhex(salt)
    except ValueError as exc:
        raise SecretError("the player's key salt is damaged") from exc
    if params.argon2:
        from argon2.low_level import Type, hash_secret_raw

        raw = hash_secret_raw(
            passphrase.encode("utf-8"),
            salt_bytes,
            params.n,
            params.r,
            params.p,
            2 * KEY_BYTES,
            Type.ID,
        )
        return PlayerKey(raw[:KEY_BYTES], raw[KEY_BYTES:], params)
    raw = hashlib.scrypt(
        passphrase.encode("utf-8"),
        salt=salt_bytes,
        n=params.n,
        r=params.r,
        p=params.p,
        maxmem=256 * 1024 * 1024,
        dklen=2 * KEY_BYTES,
    )
    return PlayerKey(raw[:KEY_BYTES], raw[KEY_BYTES:], params)


def unlock(passphrase: str, salt: str, verifier: str, params: KdfParams) -> PlayerKey:
    """The player's key, or SecretError if the passphrase is wrong."""
    key = derive_key(passphrase, salt, params)
    if not hmac.compare_digest(key.verifier(), verifier):
        raise SecretError("passphrase: wrong passphrase")
    return key


def _keystream(key: bytes, nonce: bytes, n: int) -> bytes:
    return hashlib.shake_256(b"campaign-stream" + key + nonce).digest(n)


def _xor(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "big") ^ int.from_bytes(b, "big")).to_bytes(len(a), "big")


def _tag(key: PlayerKey, aad: bytes, nonce: bytes, ct: bytes) -> bytes:
    msg = VERSION.encode() + len(aad).to_bytes(4, "big") + aad + nonce + ct
    return hmac.new(key.mac, msg, hashlib.sha256).digest()


def seal(
    key: PlayerKey, plaintext: bytes, aad: str, *, pad_to: int = 1, size: int | None = None
) -> str:
    """Encrypt and authenticate ``plaintext`` bound to ``aad`` (AES-GCM, a fresh
    random nonce every time: the same contents never seal alike). Padded to a multiple
    of ``pad_to`` bytes, or to exactly ``size`` bytes of plaintext when given (every
    token then has one length); ValueError if ``plaintext`` is longer than ``size``."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    body = len(plaintext).to_bytes(4, "big") + plaintext
    if size is not None:
        if len(plaintext) > size:
            raise ValueError(f"{len(plaintext)} bytes do not fit a sealed size of {size}")
        body += b"\0" * (size - len(plaintext))
    else:
        body += b"\0" * (-len(body) % max(1, pad_to))
    nonce = os.urandom(12)
    ct = AESGCM(key.enc).encrypt(nonce, body, _aad2(key, aad))
    return ".".join((VERSION2, key.params.text(), _b64(nonce), _b64(ct)))


def _aad2(key: PlayerKey, aad: str) -> bytes:
    return f"{VERSION2}|{key.params.text()}|{aad}".encode()


def _unpad(body: bytes) -> bytes:
    size = int.from_bytes(body[:4], "big")
    if size > len(body) - 4:
        raise SecretError("sealed contents are damaged (bad length)")
    return body[4 : 4 + size]


def token_params(token: str) -> KdfParams:
    parts = token.split(".")
    if parts[0] == VERSION2 and len(parts) == 4 or parts[0] == VERSION and len(parts) == 5:
        return KdfParams.parse(parts[1])
    raise SecretError("sealed contents are damaged (not a sealed token)")


def unseal(key: PlayerKey, token: str, aad: str) -> bytes:
    """The plaintext, or SecretError if the key is wrong or the token was altered."""
    parts = token.split(".")
    if len(parts) == 4 and parts[0] == VERSION2:
        from cryptography.exceptions import InvalidTag
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM

        try:
            body = AESGCM(key.enc).decrypt(_unb64(parts[2]), _unb64(parts[3]), _aad2(key, aad))
        except (InvalidTag, ValueError):
            raise SecretError(
                "sealed contents do not open with this passphrase (or were altered)"
            ) from None
        return _unpad(body)
    if len(parts) != 5 or parts[0] != VERSION:
        raise SecretError("sealed contents are damaged (not a sealed token)")
    nonce, ct, tag = _unb64(parts[2]), _unb64(parts[3]), _unb64(parts[4])
    if not hmac.compare_digest(_tag(key, aad.encode("utf-8"), nonce, ct), tag):
        raise SecretError("sealed contents do not open with this passphrase (or were altered)")
    return _unpad(_xor(ct, _keystream(key.enc, nonce, len(ct))))


def check_token_shape(token: str) -> None:
    """Cheap structural check of a sealed token (no key needed)."""
    parts = token.split(".")
    ok = (len(parts) == 4 and parts[0] == VERSION2) or (len(parts) == 5 and parts[0] == VERSION)
    if not ok or not all(parts[2:]):
        raise SecretError("sealed: not a sealed-contents token")
    KdfParams.parse(parts[1])


# -- commitments ---------------------------------------------------------------------


def new_commit_nonce() -> str:
    return os.urandom(16).hex()


def commitment(nonce: str, contents_json: str) -> str:
    return hashlib.sha256(
        b"campaign-commit" + nonce.encode("ascii") + b"|" + contents_json.encode("utf-8")
    ).hexdigest()


def sealed_payload(nonce: str, contents: Any) -> bytes:
    """What is sealed for one force: the commitment nonce and the contents (UTF-8:
    a letter outside ASCII takes 2-4 bytes, not a 6-byte escape)."""
    return json.dumps(
        {"n": nonce, "c": contents}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")


def aad_for(campaign: str, player: int, letter: str) -> str:
    return f"campaign={campaign};player={player};force={letter}"
