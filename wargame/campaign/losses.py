"""Losses of a linked fight carried back onto the force sheets.

A sea fight or raid started from an engagement reports, besides its score, what each
side lost (:func:`wargame.naval.scenario.campaign_losses`,
:func:`wargame.raid.scenario.campaign_losses`), by seat (``"0"`` the attacker)::

    {"0": {"ships": [{"name": "Revenge", "fate": "sunk"}],
           "party": [{"kind": "musket", "quality": "able", "count": 2},
                     {"officer": "captain", "name": "Roberts", "fate": "captured"}]},
     "1": {"ships": [], "party": []}}

The campaign records them with one action (:class:`~wargame.campaign.actions.RecordLosses`,
keyed ``attacker`` / ``defender``): the lost ships and figures leave the force's
contents unfolded this turn (public since the reveal, so nothing sealed is told), and
the owner's next sealing starts from what is left (:func:`carried_contents`). A ship
sunk or taken is gone; figures dead (and guns spiked) are gone; an officer dead or
captured is gone; figures that fled, deserted or got lost come back (docs/rulings.md,
"Losses come back to the force sheets").
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from wargame.campaign.contents import EMPTY
from wargame.errors import BadInput, shown

if TYPE_CHECKING:
    from wargame.campaign.model import Engagement
    from wargame.campaign.shape import CampaignLike

SIDES = ("attacker", "defender")
SHIP_FATES = ("sunk", "taken")
OFFICER_FATES = ("dead", "captured")


def losses_text(losses: Mapping[str, Any]) -> str:
    """The one text form an action carries (sorted keys, no spaces)."""
    return json.dumps(losses, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _side_losses(raw: Any, where: str) -> dict[str, list[dict[str, Any]]]:
    """One side's losses checked for shape; BadInput naming the field."""
    if raw is None:
        return {"ships": [], "party": []}
    if not isinstance(raw, Mapping):
        raise BadInput(f"{where}: must be an object with 'ships' and 'party'")
    unknown = set(raw) - {"ships", "party"}
    if unknown:
        raise BadInput(f"{where}: unknown key {shown(sorted(unknown)[0])}")
    ships, party = raw.get("ships", []), raw.get("party", [])
    if not isinstance(ships, list) or not isinstance(party, list):
        raise BadInput(f"{where}: 'ships' and 'party' must be lists")
    out_ships = []
    for i, s in enumerate(ships):
        w = f"{where}.ships[{i}]"
        if not isinstance(s, Mapping) or not isinstance(s.get("name"), str):
            raise BadInput(f"{w}: a lost ship needs its name")
        if s.get("fate") not in SHIP_FATES:
            raise BadInput(f"{w}.fate: {shown(s.get('fate'))} is not sunk or taken")
        out_ships.append({"name": s["name"], "fate": s["fate"]})
    out_party: list[dict[str, Any]] = []
    for i, g in enumerate(party):
        w = f"{where}.party[{i}]"
        if not isinstance(g, Mapping):
            raise BadInput(f"{w}: must be a group or an officer")
        if "officer" in g:
            if not isinstance(g.get("name"), str) or not isinstance(g.get("officer"), str):
                raise BadInput(f"{w}: a lost officer needs rank and name")
            if g.get("fate") not in OFFICER_FATES:
                raise BadInput(f"{w}.fate: {shown(g.get('fate'))} is not dead or captured")
            out_party.append({"officer": g["officer"], "name": g["name"], "fate": g["fate"]})
            continue
        count = g.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise BadInput(f"{w}.count: {shown(count)} is not a number of figures")
        if not isinstance(g.get("kind"), str) or not isinstance(g.get("quality"), str):
            raise BadInput(f"{w}: a lost group needs kind and quality")
        out_party.append({"kind": g["kind"], "quality": g["quality"], "count": count})
    return {"ships": out_ships, "party": out_party}


def parse_losses(text: str) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """The losses an action carries, checked for shape (BadInput naming the field)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise BadInput(f"losses: not JSON ({exc})") from None
    if not isinstance(data, Mapping):
        raise BadInput("losses: must be an object with 'attacker' and 'defender'")
    unknown = set(data) - set(SIDES)
    if unknown:
        raise BadInput(f"losses: unknown side {shown(sorted(unknown)[0])}")
    return {side: _side_losses(data.get(side), f"losses.{side}") for side in SIDES}


def after_losses(
    contents: Mapping[str, Any] | None, lost: Mapping[str, Any], where: str
) -> dict[str, Any]:
    """``contents`` without what ``lost`` names (a new dict; ``contents`` is untouched).
    BadInput naming the entry when something lost is not in the force."""
    ships = [dict(s) for s in (contents or EMPTY).get("ships", ())]
    party = [dict(g) for g in (contents or EMPTY).get("party", ())]
    for i, s in enumerate(lost["ships"]):
        at = next((k for k, have in enumerate(ships) if have["name"] == s["name"]), None)
        if at is None:
            raise BadInput(f"{where}.ships[{i}]: {shown(s['name'])} is not in the force")
        del ships[at]
    for i, g in enumerate(lost["party"]):
        if "officer" in g:
            at = next(
                (
                    k
                    for k, have in enumerate(party)
                    if have.get("officer") == g["officer"] and have.get("name") == g["name"]
                ),
                None,
            )
            if at is None:
                raise BadInput(
                    f"{where}.party[{i}]: {g['officer']} {shown(g['name'])} is not in the force"
                )
            del party[at]
            continue
        same = [
            k
            for k, have in enumerate(party)
            if have.get("kind") == g["kind"] and have.get("quality") == g["quality"]
        ]
        if sum(party[k]["count"] for k in same) < g["count"]:
            raise BadInput(
                f"{where}.party[{i}]: the force has fewer than {g['count']} "
                f"{g['quality']} {g['kind']}"
            )
        left = g["count"]
        for k in reversed(same):  # the last groups written lose their figures first
            take = min(left, party[k]["count"])
            party[k]["count"] -= take
            left -= take
        party = [h for h in party if "officer" in h or h["count"] > 0]
    return {"ships": ships, "party": party}


def lost_words(lost: Mapping[str, Any], ship_types: Mapping[str, str] | None = None) -> str:
    """One side's losses in words: "Revenge (sunk), 2 able musket (dead)"; "nothing"."""
    parts = []
    for s in lost["ships"]:
        kind = (ship_types or {}).get(s["name"])
        parts.append(f"{s['name']} ({kind + ', ' if kind else ''}{s['fate']})")
    for g in lost["party"]:
        if "officer" in g:
            parts.append(f"{g['officer']} {g['name']} ({g['fate']})")
        else:
            parts.append(f"{g['count']} {g['quality']} {g['kind']} (dead)")
    return ", ".join(parts) or "nothing"


def force_lost_words(engagements: Iterable[Engagement], seat: int, letter: str) -> str:
    """What ``seat``'s force ``letter`` lost in its fight of that turn, for its sheet:
    "lost: Le Marin (sunk)"; "" when it lost nothing or nothing was carried back."""
    for e in engagements:
        side = e.side_of(seat, letter)
        if side is None or not e.losses:
            continue
        lost = e.losses.get(side) or {}
        if lost.get("ships") or lost.get("party"):
            return "lost: " + lost_words(lost)
    return ""


def describe_losses(state: CampaignLike, engagement: str, text: str) -> str:
    """The log's sentence: "Lost in the battle of Alice's force A against Bob's force B:
    Alice, Revenge (medium, sunk); Bob, nothing"."""
    e = state.engagements.get(engagement)
    losses = parse_losses(text)
    kind = "raid" if e is not None and e.result == 3 else "battle"
    title = state.engagement_title(engagement)
    parts = []
    for side in SIDES:
        who = side
        types: dict[str, str] = {}
        if e is not None:
            seat, letter = e.attacker_side if side == "attacker" else e.defender_side
            who = state.players[seat].name
            for s in (state.revealed_contents(seat, letter) or EMPTY).get("ships", ()):
                types[s["name"]] = s["type"]
        parts.append(f"{who}, {lost_words(losses[side], types)}")
    return f"Lost in the {kind} of {title}: " + "; ".join(parts)


def losses_from_result(result: Mapping[str, Any], *, defender_has_party: bool = True) -> str:
    """The action's losses from a fight's reported ``losses`` (by seat: "0" the attacker);
    "" when the fight reported none. A raid fought against the town's own garrison
    (``defender_has_party`` False) carries back only the raiders' losses."""
    raw = result.get("losses")
    if raw is None:
        return ""
    if not isinstance(raw, Mapping):
        raise BadInput("result.losses: must be an object by seat")
    out = {}
    for seat, side in (("0", "attacker"), ("1", "defender")):
        lost = _side_losses(raw.get(seat), f"result.losses.{seat}")
        if side == "defender" and not defender_has_party:
            lost["party"] = []
        out[side] = lost
    return losses_text(out)


def carried_contents(state: CampaignLike, seat: int) -> dict[str, dict[str, Any]]:
    """The contents, by letter, that last turn's fights left ``seat``'s forces (only
    the forces that lost something): the owner seals these afresh, not the old ones."""
    if not state.history:
        return {}
    record = state.history[-1]
    touched = set()
    for e in record.engagements:
        if not e.losses:
            continue
        for side, (s, letter) in (("attacker", e.attacker_side), ("defender", e.defender_side)):
            lost = e.losses.get(side) or {}
            if s == seat and (lost.get("ships") or lost.get("party")):
                touched.add(letter)
    sheet = record.sheets[seat] if seat < len(record.sheets) else {}
    return {
        L: dict(sheet[L]["contents"])
        for L in sorted(touched)
        if L in sheet and sheet[L]["contents"] is not None
    }
