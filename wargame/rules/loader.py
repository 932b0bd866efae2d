"""Load and validate rules data files (TOML) under ``resources/rules/``.

Each mode describes its file with a pydantic model; a bad file is refused with
a message naming the file, the key and the problem::

    rules = load_rules("naval.toml", NavalRules)

Files are read once and cached; ``reload=True`` reads again (the UI's "reload
rules" after a player edits a number).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from wargame.errors import RulesDataError, not_text
from wargame.paths import rules_dir

M = TypeVar("M", bound=BaseModel)


class RulesModel(BaseModel):
    """Base for rules data models: unknown keys are errors (catches typos)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise RulesDataError(f"{path}: rules file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesDataError(f"{path}: not valid TOML: {exc}") from None
    except UnicodeDecodeError as exc:
        raise RulesDataError(f"{path}: {not_text(exc)}") from None
    except RecursionError:
        raise RulesDataError(f"{path}: nested too deeply") from None
    except OSError as exc:
        raise RulesDataError(f"{path}: cannot be read: {exc.strerror}") from None


def validate(data: dict[str, Any], model: type[M], source: str) -> M:
    try:
        return model.model_validate(data)
    except RecursionError:
        raise RulesDataError(f"{source}: nested too deeply") from None
    except ValidationError as exc:
        # A misspelt key also shows up as a missing one: name the unknown key first.
        errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        err = errors[0]
        key = ".".join(str(p) for p in err["loc"]) or "(top level)"
        msg = "unknown key" if err["type"] == "extra_forbidden" else " ".join(err["msg"].split())
        if len(msg) > 160:  # a huge value quoted in the message
            msg = msg[:157] + "..."
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise RulesDataError(f"{source}: key {key}: {msg}{more}") from None


def load_rules(
    name: str, model: type[M], *, directory: Path | None = None, reload: bool = False
) -> M:
    path = (directory or rules_dir()) / name
    if reload:
        _load_cached.cache_clear()
    return _load_cached(str(path), model)


@cache
def _load_cached(path: str, model: type[M]) -> M:
    return validate(read_toml(Path(path)), model, path)
