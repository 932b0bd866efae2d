"""Where things live: the project's resources and scenarios, the user's data."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _root() -> Path:
    """The checkout (or installed tree); in a PyInstaller build, the bundle's folder
    (``sys._MEIPASS``), where the spec puts resources/, scenarios/ and docs/rulings.md."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


ROOT = _root()
APP_NAME = "pieces-of-eight-wargame"
DATA_DIR_ENV = "WARGAME_DATA_DIR"


def resources_dir() -> Path:
    return ROOT / "resources"


def rules_dir() -> Path:
    return resources_dir() / "rules"


def icon_path() -> Path:
    """The app's icon (PNG, 256 px; the SVG beside it is the source)."""
    return resources_dir() / "icons" / "wargame-256.png"


def scenarios_dir() -> Path:
    return ROOT / "scenarios"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The user's data folder: ``--data-dir``, else $WARGAME_DATA_DIR, else platformdirs."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def database_path(override: str | os.PathLike[str] | None = None) -> Path:
    return data_dir(override) / "wargame.sqlite3"
