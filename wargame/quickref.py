"""Help > Rules quick reference: each mode's turn sequence and tables, for players.

A page is a Markdown template (``resources/help/<mode>.md``) written in our own words
from the seeds, in which every number of the rules is a placeholder filled from the
rules data (``resources/rules/*.toml``), so the page and the game can never disagree:

- ``{{naval.fire.hit_on}}``: a value (``naval`` is the rules file, then its keys);
- ``{{signed naval.fire.raking}}``: a modifier with its sign ("+2");
- ``{{list campaign.countries}}``: a list in words ("Spain, France and England");
- ``{{table naval.score}}``: a table. Rows are the outer keys (or a list's items, or a
  die's faces for a list of plain values), columns the inner keys; after a colon, the
  columns to show, or the headings of a two-column table ("d6, result").
- ``{{dice campaign.resolution.table: campaign.results.names}}``: a die table decoded in
  one table: the faces that give each result, and the result by its number and name.

Keys and words of the data are shown with spaces for underscores. A placeholder that
names nothing in the data is an error naming it (a test renders every page).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from typing import Any

from wargame.errors import WargameError
from wargame.paths import rules_dir
from wargame.raid.townevents import ALARM_WORDS

PLACEHOLDER = re.compile(
    r"\{\{\s*(?:(?P<kind>table|list|signed|dice)\s+)?(?P<path>[a-z_]+(?:\.[\w-]+)+)"
    r"(?:\[(?P<rows>[^\]]*)\])?\s*(?::\s*(?P<options>[^}]*))?\}\}"
)

#: The rules data's names for results, as a player reads them (the rest are words
#: already, with spaces for underscores).
WORDS: dict[str, str] = {
    **{k: v[:1].lower() + v[1:] for k, v in ALARM_WORDS.items() if k != "sail_ahoy"},
    "sail_ahoy": "Sail ahoy! The raid ends after the next turn",
    "sinks": "she keels over and sinks",
    "magazine": "the magazine blows up: all hands lost",
    "listing": "listing: only light guns may fire",
    "guns_silenced": "no guns may fire",
    "none": "no effect",
    "gun": "a gun crew is lost",
    "fighting": "a fighting point is lost",
    "move": "moved a square away",
    "value-shares": "value shares",
    "equal-numbers": "equal numbers",
    "all-or-nothing": "all or nothing",
}


class QuickRefError(WargameError):
    """A quick-reference template names a rule the rules data does not have."""


def rules_data(stem: str) -> dict[str, Any]:
    """One rules file (``resources/rules/<stem>.toml``) as plain data."""
    path = rules_dir() / f"{stem}.toml"
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise QuickRefError(f"rules file {path.name}: {exc}") from exc


def lookup(path: str, data: Mapping[str, Any]) -> Any:
    """The value at ``file.key.key`` in ``data`` (rules files by stem)."""
    stem, *keys = path.split(".")
    value: Any = data[stem] if stem in data else None
    if value is None:
        raise QuickRefError(f"no rules file {stem!r} (in {path})")
    for key in keys:
        if isinstance(value, Mapping) and key in value:
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            raise QuickRefError(f"the rules data has no {path!r}")
    return value


def words(key: Any) -> str:
    """A key or word of the data as a player reads it."""
    return str(key).replace("_", " ")


def heading(key: Any) -> str:
    text = words(key)
    return text[:1].upper() + text[1:]


def number(value: float) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, int) and abs(value) >= 10_000 else str(value)


def fmt(value: Any, *, signed: bool = False) -> str:
    """One value in words: yes/no, numbers (signed on request), lists and small tables."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        text = number(value)
        return f"+{text}" if signed and value > 0 else text
    if isinstance(value, list):  # names: "small, medium"; a count and a kind: "2 light"
        sep = ", " if all(isinstance(v, str) for v in value) else " "
        return sep.join(fmt(v, signed=signed) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{words(k)} {fmt(v, signed=signed)}" for k, v in value.items())
    return WORDS.get(value, words(value)) if isinstance(value, str) else words(value)


def in_words(items: list[Any]) -> str:
    parts = [fmt(v) for v in items]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _cell(text: str) -> str:
    return text.replace("|", "/")


def table(value: Any, options: list[str], *, signed: bool = False) -> str:
    """A Markdown table of a rules value (see the module's docstring)."""
    if isinstance(value, list) and value and not isinstance(value[0], Mapping):
        value = {i + 1: v for i, v in enumerate(value)}  # a die's faces, from 1
    if isinstance(value, list):
        rows: list[tuple[str, Mapping[str, Any]]] = [("", item) for item in value]
    elif isinstance(value, Mapping):
        if all(not isinstance(v, Mapping) for v in value.values()):
            # a key and its value; a list of values spreads over as many named columns
            head = options if len(options) >= 2 else ["", "value"]
            lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
            for k, v in value.items():
                cells = v if isinstance(v, list) and len(head) == len(v) + 1 else [v]
                lines.append(
                    "| "
                    + " | ".join([_cell(fmt(k))] + [_cell(fmt(c, signed=signed)) for c in cells])
                    + " |"
                )
            return "\n".join(lines)
        # the rows are the tables inside (a list beside them, the sail's order, is not one)
        rows = [(heading(k), v) for k, v in value.items() if isinstance(v, Mapping)]
    else:
        raise QuickRefError(f"not a table: {value!r}")
    columns = options or list(dict.fromkeys(c for _, row in rows for c in row))
    named = any(name for name, _ in rows)
    head = ([""] if named else []) + [heading(c) for c in columns]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for name, row in rows:
        cells = [_cell(fmt(row.get(c, ""), signed=signed)) if c in row else "" for c in columns]
        lines.append("| " + " | ".join(([name] if named else []) + cells) + " |")
    return "\n".join(lines)


def die_table(faces: Mapping[Any, Any], names: Mapping[Any, Any], die: str = "d6") -> str:
    """A die table decoded in one Markdown table: each run of faces giving the same
    result ("1-2"), then the result's number and its name ("1. Battle")."""
    order = sorted(faces, key=lambda f: int(f))
    runs: list[tuple[list[Any], Any]] = []
    for face in order:
        result = faces[face]
        if runs and runs[-1][1] == result and int(runs[-1][0][-1]) + 1 == int(face):
            runs[-1][0].append(face)
        else:
            runs.append(([face], result))
    lines = [f"| {die} | result |", "| --- | --- |"]
    for run, result in runs:
        rolled = str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}"
        name = names.get(result, names.get(str(result), ""))
        lines.append(f"| {rolled} | {_cell(f'{result}. {fmt(name)}' if name else fmt(result))} |")
    return "\n".join(lines)


def render(template: str, data: Mapping[str, Any] | None = None) -> str:
    """``template`` with every placeholder filled from ``data`` (the rules files by
    stem; read from resources/rules when not given)."""
    files: dict[str, Any] = dict(data or {})

    def fill(match: re.Match[str]) -> str:
        path = match["path"]
        stem = path.split(".", 1)[0]
        if stem not in files:
            files[stem] = rules_data(stem)
        value = lookup(path, files)
        if match["rows"] is not None:  # only the rows named: "morale[officer, able]"
            keep = [r.strip() for r in match["rows"].split(",") if r.strip()]
            value = {r: lookup(f"{path}.{r}", files) for r in keep}
        options = [o.strip() for o in (match["options"] or "").split(",") if o.strip()]
        kind = match["kind"]
        if kind == "dice":  # the names' path after the colon
            if len(options) != 1:
                raise QuickRefError(f"{path}: a die table names its results' path: {options}")
            names_path = options[0]
            names_stem = names_path.split(".", 1)[0]
            if names_stem not in files:
                files[names_stem] = rules_data(names_stem)
            return die_table(value, lookup(names_path, files))
        if kind == "table":
            signed = "+" in options
            return table(value, [o for o in options if o != "+"], signed=signed)
        if kind == "list":  # a list, or a table's values ("crowns" -> "Crowns")
            return in_words(list(value.values() if isinstance(value, Mapping) else value))
        return fmt(value, signed=kind == "signed")

    return PLACEHOLDER.sub(fill, template)
