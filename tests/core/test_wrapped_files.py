"""Passphrase-wrapped files (a portable save, a table key export) name their own
key-stretching settings; issue 30 item 6: only the app's own range is accepted,
and a short or malformed salt is a message, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargame.core import portable, sealing
from wargame.errors import FileFormatError

PHRASE = "seven sails at dawn"


@pytest.fixture
def cheap_argon(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int, int]]:
    """argon2 replaced by a fast stand-in that records the costs it was asked for."""
    import argon2.low_level

    calls: list[tuple[int, int, int, int]] = []

    def fake(secret: bytes, salt: bytes, t: int, m: int, p: int, n: int, _type: Any) -> bytes:
        calls.append((len(salt), t, m, p))
        return bytes(n)

    monkeypatch.setattr(argon2.low_level, "hash_secret_raw", fake)
    return calls


def key_export(tmp_path: Path) -> dict[str, Any]:
    ring = sealing.Keyring(tmp_path / "home")
    return sealing.export_table_key(PHRASE, ring)


def test_a_portable_save_asking_for_4_gb_of_key_stretching_is_refused_before_stretching(
    cheap_argon: list[Any],
) -> None:
    data = {
        "format": sealing.PORTABLE_FORMAT,
        "kdf": {
            "name": "argon2id",
            "t": 4,
            "m": 4_000_000,
            "p": 1,
            "salt": "AAAAAAAAAAAAAAAAAAAAAA",
        },
        "save": {},
    }
    with pytest.raises(FileFormatError, match=r"portable save: its memory \(KiB\) 'm' is 4000000"):
        portable.import_portable(data, PHRASE)
    assert cheap_argon == []


def test_a_table_key_export_asking_for_more_passes_than_the_app_uses_twice_is_refused(
    tmp_path: Path, cheap_argon: list[Any]
) -> None:
    data = key_export(tmp_path)
    data["kdf"]["t"] = 2 * sealing.PORTABLE_KDF["t"] + 1
    with pytest.raises(FileFormatError, match="time cost 't'"):
        sealing.import_table_key(data, PHRASE, sealing.Keyring(tmp_path / "away"))


def test_the_apps_own_settings_are_within_what_it_accepts() -> None:
    assert sealing.check_kdf(dict(sealing.PORTABLE_KDF), "x") == tuple(
        sealing.PORTABLE_KDF[k] for k in "tmp"
    )


@pytest.mark.parametrize("command", ["save", "key"])
def test_a_salt_under_8_bytes_is_a_clear_message_in_save_import_and_key_import(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from wargame.cli import main

    fmt = sealing.PORTABLE_FORMAT if command == "save" else sealing.KEY_EXPORT_FORMAT
    body = {"save": {}} if command == "save" else {"box": "AAAA"}
    salt = sealing._b64(b"1234567")  # 7 bytes: argon2 raised "Salt is too short"
    kdf = {"name": "argon2id", **sealing.PORTABLE_KDF, "salt": salt}
    file = tmp_path / "in.json"
    file.write_text(json.dumps({"format": fmt, "kdf": kdf, **body}))
    phrase = tmp_path / "phrase.txt"
    phrase.write_text(PHRASE + "\n")
    args = ["--data-dir", str(tmp_path / "d"), command, "import", str(file)]
    if command == "save":
        args += ["--out", str(tmp_path / "out.json")]
    assert main([*args, "--passphrase-file", str(phrase)]) == 2
    err = capsys.readouterr().err
    assert "salt is 7 bytes long; this app accepts 8 to 64" in err
    assert "Traceback" not in err


def test_a_round_trip_still_works_with_the_real_stretching(tmp_path: Path) -> None:
    data = key_export(tmp_path)
    away = sealing.Keyring(tmp_path / "away")
    kid = sealing.import_table_key(json.loads(json.dumps(data)), PHRASE, away)
    assert kid == sealing.Keyring(tmp_path / "home").own().kid


# -- fuzz: every header a file could hold --------------------------------------------------

numbers = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=0, max_value=600_000),
    st.floats(allow_nan=True),
    st.booleans(),
    st.text(max_size=8),
    st.none(),
    st.lists(st.integers(), max_size=2),
)
salts = st.one_of(
    st.binary(max_size=80).map(sealing._b64),
    st.text(max_size=40),
    st.integers(),
    st.none(),
)
kdfs = st.one_of(
    st.fixed_dictionaries(
        {"name": st.sampled_from(["argon2id", "argon2i", "scrypt"]), "salt": salts},
        optional={"t": numbers, "m": numbers, "p": numbers},
    ),
    st.none(),
    st.lists(st.integers(), max_size=3),
    st.text(max_size=10),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kdf=kdfs, which=st.sampled_from(["save", "key"]))
def test_fuzz_wrapped_file_headers_give_a_message_and_bounded_stretching(
    kdf: Any, which: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import argon2.low_level

    calls: list[tuple[int, int, int, int]] = []

    def fake(secret: bytes, salt: bytes, t: int, m: int, p: int, n: int, _type: Any) -> bytes:
        calls.append((len(salt), t, m, p))
        return bytes(n)

    real = argon2.low_level.hash_secret_raw
    argon2.low_level.hash_secret_raw = fake
    try:
        if which == "save":
            data = {"format": sealing.PORTABLE_FORMAT, "kdf": kdf, "save": {"format": "x"}}
            with pytest.raises(FileFormatError):
                portable.import_portable(data, PHRASE)
        else:
            data = {"format": sealing.KEY_EXPORT_FORMAT, "kdf": kdf, "box": "AAAA"}
            ring = sealing.Keyring(tmp_path_factory.mktemp("ring"))
            with pytest.raises(FileFormatError):
                sealing.import_table_key(data, PHRASE, ring)
    finally:
        argon2.low_level.hash_secret_raw = real
    for salt, t, m, p in calls:
        assert sealing.SALT_BYTES[0] <= salt <= sealing.SALT_BYTES[1]
        assert sealing.KDF_LIMITS["t"][0] <= t <= sealing.KDF_LIMITS["t"][1]
        assert sealing.KDF_LIMITS["m"][0] <= m <= sealing.KDF_LIMITS["m"][1]
        assert sealing.KDF_LIMITS["p"][0] <= p <= sealing.KDF_LIMITS["p"][1]
