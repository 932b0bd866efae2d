"""The app's settings file: plain values only, never Python objects.

``QSettings`` reads a value written as ``@Variant(...PyObjectWrapper...)`` by
unpickling it, so a crafted ``settings.ini`` could run code when the app
started. This small store replaces it: ``settings.ini`` is an INI file read by
:mod:`configparser` (no interpolation); a value is a string, and a
``QByteArray`` (the window geometry and state) is kept as ``bytes:<base64>``
text. Anything else - an ``@Variant`` blob, a pickled object - is ignored.
"""

from __future__ import annotations

import base64
import binascii
import configparser
import os
from pathlib import Path

from PySide6.QtCore import QByteArray

BYTES_PREFIX = "bytes:"
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
            parser.read(self.path, encoding="utf-8")
        except (configparser.Error, UnicodeError, OSError):
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

    def sync(self) -> None:
        parser = configparser.RawConfigParser()
        parser.optionxform = str  # type: ignore[assignment,method-assign]
        for name, text in sorted(self._values.items()):
            section, _, key = name.rpartition("/")
            section = section or "General"
            if not parser.has_section(section):
                parser.add_section(section)
            parser.set(section, key, text)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as fh:
            parser.write(fh)
        os.replace(tmp, self.path)
