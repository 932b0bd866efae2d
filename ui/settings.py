"""The app's settings file: plain values only, never Python objects.

``QSettings`` reads a value written as ``@Variant(...PyObjectWrapper...)`` by
unpickling it, so a crafted ``settings.ini`` could run code when the app
started. This small store replaces it: ``settings.ini`` is an INI file read by
:mod:`configparser` (no interpolation); a value is a string, and a
``QByteArray`` (the window geometry and state) is kept as ``bytes:<base64>``
text. Anything else - an ``@Variant`` blob, a pickled object - is ignored.

Settings never stop the app: the file is read through the one bounded reader of user
files (a FIFO, a device, a huge or binary file count as no settings), and a write
that fails (a read-only folder, a full disk) is reported, never raised.
"""

from __future__ import annotations

import base64
import binascii
import configparser
import io
from pathlib import Path

from PySide6.QtCore import QByteArray

from wargame.errors import FileFormatError
from wargame.persistence.files import read_regular_text, write_atomic

BYTES_PREFIX = "bytes:"
#: No settings file is larger than this (a few dozen short lines).
MAX_SETTINGS_BYTES = 256 * 1024
Value = str | int | float | bool | QByteArray


class Settings:
    """``value`` / ``setValue`` / ``sync`` like QSettings, over plain text values."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._values: dict[str, str] = {}
        self._load()

    def _load(self) -> None:
        parser = configparser.RawConfigParser(strict=False)
        parser.optionxform = str  # type: ignore[assignment,method-assign]
        try:
            text = read_regular_text(self.path, max_bytes=MAX_SETTINGS_BYTES)
            parser.read_string(text, source=str(self.path))
        except (FileFormatError, configparser.Error, UnicodeError, OSError):
            return  # an unreadable settings file is the same as none
        for section in parser.sections():
            for key, raw in parser.items(section):
                if raw.startswith("@"):  # a QSettings variant (maybe a pickle): ignored
                    continue
                name = key if section == "General" else f"{section}/{key}"
                self._values[name] = raw

    def value(self, key: str, default: Value | None = None) -> Value | None:
        raw = self._values.get(key)
        if raw is None:
            return default
        if raw.startswith(BYTES_PREFIX):
            try:
                return QByteArray(base64.b64decode(raw[len(BYTES_PREFIX) :], validate=True))
            except (binascii.Error, ValueError):
                return default
        return raw

    def setValue(self, key: str, value: Value) -> None:  # noqa: N802 - the QSettings name
        if isinstance(value, QByteArray):
            text = BYTES_PREFIX + base64.b64encode(bytes(value.data())).decode("ascii")
        elif isinstance(value, str | int | float | bool):
            text = str(value)
        else:
            raise TypeError(f"settings hold plain values, not {type(value).__name__}")
        if "\n" in text or "\r" in text:
            raise ValueError(f"setting {key}: one line of text, please")
        self._values[key] = text

    def remove(self, key: str) -> None:
        self._values.pop(key, None)

    def sync(self) -> str | None:
        """Write the file; what went wrong, in words, or None."""
        parser = configparser.RawConfigParser()
        parser.optionxform = str  # type: ignore[assignment,method-assign]
        for name, text in sorted(self._values.items()):
            section, _, key = name.rpartition("/")
            section = section or "General"
            if not parser.has_section(section):
                parser.add_section(section)
            parser.set(section, key, text)
        out = io.StringIO()
        parser.write(out)
        try:
            write_atomic(self.path, out.getvalue())
        except (OSError, ValueError) as exc:
            return f"the settings could not be saved to {self.path}: {getattr(exc, 'strerror', None) or exc}"
        return None
