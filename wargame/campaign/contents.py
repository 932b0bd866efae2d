"""A force's secret contents: the ships from the roster and the raiding party.

Contents are plain data::

    {"ships": [{"name": "Revenge", "type": "medium", "quality": "hardened"}],
     "party": [{"kind": "musket", "quality": "able", "count": 3},
               {"officer": "captain", "name": "Bartholomew Roberts"}]}

:func:`normalize_contents` checks them against the rules data and returns a
canonical copy; a bad entry is refused naming the field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from wargame.campaign.rules import CampaignRules
from wargame.errors import BadInput, shown

EMPTY: dict[str, Any] = {"ships": [], "party": []}


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise BadInput(f"{where}: must be a non-empty name")
    if len(value) > NAME_MAX:
        raise BadInput(f"{where}: a name of at most {NAME_MAX} characters, not {len(value)}")
    return value.strip()


def _choice(value: Any, allowed: tuple[str, ...], where: str) -> str:
    if value not in allowed:
        raise BadInput(f"{where}: {shown(value)} is not one of {', '.join(allowed)}")
    return str(value)


def _fast(data: Any, rules: CampaignRules) -> dict[str, Any] | None:
    """The canonical form of well-formed ``data`` quickly, or None to take the careful path."""
    cr = rules.contents
    if type(data) is not dict or not data.keys() <= {"ships", "party"}:
        return None
    ships_in, party_in = data.get("ships", []), data.get("party", [])
    if type(ships_in) is not list or type(party_in) is not list:
        return None
    if len(ships_in) > cr.max_ships or len(party_in) > cr.max_groups:
        return None
    types, quals, kinds, ranks = cr.ship_types, cr.qualities, cr.group_kinds, cr.officer_ranks
    ships = []
    for sh in ships_in:
        if type(sh) is not dict:
            return None
        name, kind, quality = sh.get("name"), sh.get("type"), sh.get("quality")
        if type(name) is not str or not 0 < len(name.strip()) <= 80 or len(name) > 80:
            return None
        if kind not in types or quality not in quals:
            return None
        ships.append({"name": name.strip(), "type": kind, "quality": quality})
    party = []
    for g in party_in:
        if type(g) is not dict:
            return None
        if "officer" in g:
            name, rank = g.get("name"), g.get("officer")
            if type(name) is not str or not 0 < len(name.strip()) <= 80 or len(name) > 80:
                return None
            if rank not in ranks:
                return None
            party.append({"officer": rank, "name": name.strip()})
            continue
        count, kind, quality = g.get("count"), g.get("kind"), g.get("quality")
        if type(count) is not int or not 1 <= count <= cr.max_group_count:
            return None
        if kind not in kinds or quality not in quals:
            return None
        party.append({"kind": kind, "quality": quality, "count": count})
    return {"ships": ships, "party": party}


def normalize_contents(
    data: Any, rules: CampaignRules, *, where: str = "contents"
) -> dict[str, Any]:
    """The canonical form of ``data``; BadInput naming the first wrong field."""
    fast = _fast(data, rules)
    if fast is not None:
        return fast
    if not isinstance(data, Mapping):
        raise BadInput(f"{where}: must be an object with 'ships' and 'party'")
    unknown = set(data) - {"ships", "party"}
    if unknown:
        raise BadInput(f"{where}: unknown key {shown(sorted(unknown)[0])}")
    cr = rules.contents
    ships_in = data.get("ships", [])
    party_in = data.get("party", [])
    if not isinstance(ships_in, list | tuple):
        raise BadInput(f"{where}.ships: must be a list")
    if not isinstance(party_in, list | tuple):
        raise BadInput(f"{where}.party: must be a list")
    if len(ships_in) > cr.max_ships:
        raise BadInput(f"{where}.ships: at most {cr.max_ships} ships, not {len(ships_in)}")
    if len(party_in) > cr.max_groups:
        raise BadInput(f"{where}.party: at most {cr.max_groups} entries, not {len(party_in)}")
    ships = []
    for i, s in enumerate(ships_in):
        w = f"{where}.ships[{i}]"
        if not isinstance(s, Mapping):
            raise BadInput(f"{w}: must be an object with name, type and quality")
        ships.append(
            {
                "name": _text(s.get("name"), f"{w}.name"),
                "type": _choice(s.get("type"), cr.ship_types, f"{w}.type"),
                "quality": _choice(s.get("quality"), cr.qualities, f"{w}.quality"),
            }
        )
    party = []
    for i, g in enumerate(party_in):
        w = f"{where}.party[{i}]"
        if not isinstance(g, Mapping):
            raise BadInput(f"{w}: must be a group or an officer")
        if "officer" in g:
            party.append(
                {
                    "officer": _choice(g.get("officer"), cr.officer_ranks, f"{w}.officer"),
                    "name": _text(g.get("name"), f"{w}.name"),
                }
            )
            continue
        count = g.get("count")
        if isinstance(count, bool) or not isinstance(count, int):
            raise BadInput(f"{w}.count: must be a whole number")
        if not 1 <= count <= cr.max_group_count:
            raise BadInput(f"{w}.count: {count} is outside 1-{cr.max_group_count}")
        party.append(
            {
                "kind": _choice(g.get("kind"), cr.group_kinds, f"{w}.kind"),
                "quality": _choice(g.get("quality"), cr.qualities, f"{w}.quality"),
                "count": count,
            }
        )
    return {"ships": ships, "party": party}


#: The longest name a ship or an officer may have, in characters.
NAME_MAX = 80


def largest_force(rules: CampaignRules) -> dict[str, Any]:
    """The biggest contents the rules allow, written in plain letters: every ship and
    party entry the limits allow, each with the longest name and words. Sealed forces
    are padded to its size, so every sealed force has the same length (issue 39)."""
    cr = rules.contents
    name = "M" * NAME_MAX

    def longest(words: tuple[str, ...]) -> str:
        return max(words, key=lambda w: len(w.encode("utf-8")))

    ship = {"name": name, "type": longest(cr.ship_types), "quality": longest(cr.qualities)}
    group = {
        "kind": longest(cr.group_kinds),
        "quality": longest(cr.qualities),
        "count": cr.max_group_count,
    }
    officer = {"officer": longest(cr.officer_ranks), "name": name}
    entry = max(group, officer, key=lambda e: len(canonical_json(e).encode("utf-8")))
    return {"ships": [ship] * cr.max_ships, "party": [entry] * cr.max_groups}


def canonical_json(contents: Mapping[str, Any]) -> str:
    return json.dumps(contents, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def has_ships(contents: Mapping[str, Any] | None) -> bool:
    return bool(contents and contents.get("ships"))


def has_party(contents: Mapping[str, Any] | None) -> bool:
    return bool(contents and any("kind" in g for g in contents.get("party", ())))


def summary(contents: Mapping[str, Any] | None) -> str:
    """One line: "Revenge (medium, hardened); 3 able musket, Capt. Roberts"."""
    if not contents:
        return ""
    parts = []
    ships = [f"{s['name']} ({s['type']}, {s['quality']})" for s in contents.get("ships", ())]
    if ships:
        parts.append("Ships: " + ", ".join(ships))
    party = []
    for g in contents.get("party", ()):
        if "officer" in g:
            party.append(f"{g['officer']} {g['name']}")
        else:
            party.append(f"{g['count']} {g['quality']} {g['kind']}")
    if party:
        parts.append("Raiding party: " + ", ".join(party))
    return "; ".join(parts) or "(empty)"


def contents_to_text(contents: Mapping[str, Any] | None) -> str:
    """The editable text form: one ship, group or officer a line.

    ship: Revenge, medium, hardened
    group: 3 able musket
    officer: captain, Bartholomew Roberts
    """
    if not contents:
        return ""
    lines = [f"ship: {s['name']}, {s['type']}, {s['quality']}" for s in contents.get("ships", ())]
    for g in contents.get("party", ()):
        if "officer" in g:
            lines.append(f"officer: {g['officer']}, {g['name']}")
        else:
            lines.append(f"group: {g['count']} {g['quality']} {g['kind']}")
    return "\n".join(lines)


def contents_from_text(text: str, rules: CampaignRules) -> dict[str, Any]:
    """Parse :func:`contents_to_text`'s form; BadInput naming the line and the field."""
    ships: list[dict[str, Any]] = []
    party: list[dict[str, Any]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, sep, rest = line.partition(":")
        head = head.strip().lower()
        if not sep:
            raise BadInput(f"line {n}: start with 'ship:', 'group:' or 'officer:'")
        if head == "ship":
            parts = [p.strip() for p in rest.split(",")]
            if len(parts) != 3:
                raise BadInput(f"line {n}: a ship is 'ship: name, type, quality'")
            ships.append({"name": parts[0], "type": parts[1].lower(), "quality": parts[2].lower()})
        elif head == "group":
            words = rest.split()
            if len(words) < 3 or not words[0].isdigit():
                raise BadInput(f"line {n}: a group is 'group: count quality kind' (3 able musket)")
            party.append(
                {
                    "count": int(words[0]),
                    "quality": words[1].lower(),
                    "kind": " ".join(words[2:]).lower(),
                }
            )
        elif head == "officer":
            rank, comma, name = rest.partition(",")
            if not comma:
                raise BadInput(f"line {n}: an officer is 'officer: rank, name'")
            party.append({"officer": rank.strip().lower(), "name": name.strip()})
        else:
            raise BadInput(f"line {n}: {shown(head)} is not ship, group or officer")
    try:
        return normalize_contents({"ships": ships, "party": party}, rules)
    except BadInput as exc:
        raise BadInput(f"{exc} (in the order written: ships first, then the party)") from None
