"""From an engagement to a fight in the naval or raid mode, and its result back.

The naval and raid modes build their scenarios from two forces
(``battle_from_forces(attacker_ships, defender_ships, name=...)`` /
``raid_from_forces(attacker_party, defender_party or None, name=...)``); the campaign adds a
``campaign_link`` so the fight can report its result when it ends. Both
builders are imported lazily: a mode that is not built yet gives a clear
message and the players type the result in instead.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping
from typing import Any

from wargame.campaign import actions as A
from wargame.campaign.contents import has_party
from wargame.campaign.losses import losses_from_result
from wargame.campaign.rules import BATTLE, LAND_RAID
from wargame.campaign.state import CampaignState
from wargame.errors import BadInput, shown

BUILDERS: dict[int, tuple[str, str, str]] = {
    BATTLE: ("wargame.naval.scenario", "battle_from_forces", "naval battle"),
    LAND_RAID: ("wargame.raid.scenario", "raid_from_forces", "land raid"),
}


def force_for_link(state: CampaignState, seat: int, letter: str) -> dict[str, Any]:
    """A revealed force as the naval and raid builders take it."""
    p = state.players[seat]
    contents = state.revealed_contents(seat, letter) or {"ships": [], "party": []}
    return {
        "player": p.name,
        "country": p.country,
        "letter": letter,
        "value": state.force_value(seat, letter),
        "ships": [dict(s) for s in contents.get("ships", ())],
        "party": [dict(g) for g in contents.get("party", ())],
    }


def _builder(result: int) -> Callable[..., Any]:
    module_name, fn_name, title = BUILDERS[result]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise BadInput(
                f"the {title} mode can't set up campaign fights yet ({module_name} is missing); "
                "fight it on the table and type the battle score in"
            ) from None
        raise
    fn = getattr(module, fn_name, None)
    if fn is None:
        raise BadInput(
            f"the {title} mode can't set up campaign fights yet ({module_name}.{fn_name} is "
            "missing); fight it on the table and type the battle score in"
        )
    return fn


def link_for(state: CampaignState, key: str) -> dict[str, Any]:
    return {"campaign": state.uid, "turn": state.turn_no, "engagement": key}


def with_roster(
    ships: list[dict[str, Any]], roster: Mapping[str, Mapping[str, Any]] | None
) -> list[dict[str, Any]]:
    """Ships with their roster sheets (fighting points, guns, ...) where the roster has a
    ship of that name and type; the force's own crew quality stands."""
    if not roster:
        return ships
    out = []
    for ship in ships:
        sheet = roster.get(ship["name"])
        if isinstance(sheet, Mapping) and sheet.get("type") == ship["type"]:
            out.append({**dict(sheet), **ship})
        else:
            out.append(ship)
    return out


def linked_scenario(
    state: CampaignState,
    key: str,
    *,
    roster: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """The naval or raid scenario for engagement ``key``, with its ``campaign_link``
    (``roster``: ship sheets by name, from the naval roster)."""
    e = state.engagement(key)
    title = state.engagement_title(key)
    if e.result is None:
        raise BadInput(
            f"{title}: not resolved yet - resolve the engagements first (the roll says "
            "whether it is a battle, a land raid or no contact)"
        )
    if e.result not in BUILDERS:
        raise BadInput(f"{title}: no contact, so there is no battle or land raid to fight")
    if e.scored:
        raise BadInput(f"{title}: already fought (it has its battle score)")
    attacker = force_for_link(state, *e.attacker_side)
    defender = force_for_link(state, *e.defender_side)
    kind = "battle" if e.result == BATTLE else "raid"
    name = (
        f"{state.name}, turn {state.turn_no}: {attacker['player']} {attacker['letter']} "
        f"against {defender['player']} {defender['letter']} ({kind})"
    )
    builder = _builder(e.result)
    names: dict[str, dict[str, str]] = {}
    try:
        if e.result == BATTLE:
            sides, names = table_names(
                [with_roster(attacker["ships"], roster), with_roster(defender["ships"], roster)],
                [attacker["player"], defender["player"]],
            )
            scenario = builder(sides[0], sides[1], name=name)
        else:  # a defender with no raiding party leaves the town to its own garrison
            scenario = builder(attacker["party"], defender["party"] or None, name=name)
    except BadInput:
        raise  # the builder's own message names what is wrong
    except (ValueError, TypeError, KeyError) as exc:
        raise BadInput(f"engagement {key}: the {kind} could not be set up: {exc}") from None
    if not isinstance(scenario, Mapping):
        raise BadInput(f"engagement {key}: the {kind} builder did not return a scenario")
    out = dict(scenario)
    out["campaign_link"] = link_for(state, key)
    if names:
        out["campaign_link"]["names"] = names
    return out


def table_names(
    sides: list[list[dict[str, Any]]], players: list[str]
) -> tuple[list[list[dict[str, Any]]], dict[str, dict[str, str]]]:
    """The two fleets with one name a ship on the table (the battle knows a ship by its
    name), and the way back: by seat, table name -> the name on the force sheet, for
    each ship renamed. A name both fleets (or one fleet twice) use is told apart by its
    owner's name, "Revenge (Alice)", then by a number (issue 39: two Revenges)."""
    count: dict[str, int] = {}
    for fleet in sides:
        for ship in fleet:
            count[ship["name"]] = count.get(ship["name"], 0) + 1
    taken = {n for n, k in count.items() if k == 1}
    out: list[list[dict[str, Any]]] = []
    back: dict[str, dict[str, str]] = {}
    for seat, fleet in enumerate(sides):
        renamed = []
        for ship in fleet:
            original = ship["name"]
            table = original
            if count[original] > 1:
                table = f"{original} ({players[seat]})"
                n = 2
                while table in taken:
                    table = f"{original} ({players[seat]} {n})"
                    n += 1
                taken.add(table)
                back.setdefault(str(seat), {})[table] = original
            renamed.append({**ship, "name": table})
        out.append(renamed)
    return out, back


def _sheet_names(link: Mapping[str, Any], raw: Any) -> Any:
    """A fight's reported losses with each ship under the name on its force sheet (a
    ship renamed on the table, see ``table_names``, goes back to her own name)."""
    names = link.get("names")
    if not isinstance(names, Mapping) or not isinstance(raw, Mapping):
        return raw
    out = dict(raw)
    for seat, side in raw.items():
        back = names.get(str(seat))
        if not isinstance(back, Mapping) or not isinstance(side, Mapping):
            continue
        ships = side.get("ships")
        if isinstance(ships, list):
            side = dict(side)
            side["ships"] = [
                {**s, "name": back.get(s.get("name"), s.get("name"))}
                if isinstance(s, Mapping)
                else s
                for s in ships
            ]
            out[seat] = side
    return out


def _number(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise BadInput(f"{where}: {shown(value)} is not a number")
    return round(value)


def scores_from_result(result: Mapping[str, Any]) -> tuple[int, int]:
    """(attacker, defender) battle scores from a reported result.

    Takes ``{"attacker_score": a, "defender_score": d}``,
    ``{"battle_score": {"attacker": a, "defender": d}}``,
    ``{"battle_score": {"0": a, "1": d}}`` (what the naval and raid views report) or a game outcome
    ``{"scores": {"0": a, "1": d}}`` (seat 0 is the attacker).
    """
    if not isinstance(result, Mapping):
        raise BadInput("result: must be an object")
    if "attacker_score" in result or "defender_score" in result:
        return (
            _number(result.get("attacker_score"), "result.attacker_score"),
            _number(result.get("defender_score"), "result.defender_score"),
        )
    bs = result.get("battle_score")
    if isinstance(bs, Mapping):
        if "attacker" in bs or "defender" in bs:
            return (
                _number(bs.get("attacker"), "result.battle_score.attacker"),
                _number(bs.get("defender"), "result.battle_score.defender"),
            )
        return (  # by seat, as the naval and raid modes report: "0" is the attacker
            _number(bs.get("0", bs.get(0)), "result.battle_score.0"),
            _number(bs.get("1", bs.get(1)), "result.battle_score.1"),
        )
    scores = result.get("scores")
    if isinstance(scores, Mapping):
        return (
            _number(scores.get("0", scores.get(0)), "result.scores.0"),
            _number(scores.get("1", scores.get(1)), "result.scores.1"),
        )
    raise BadInput("result: no attacker_score/defender_score, battle_score or scores in it")


def link_matches(state: CampaignState, link: Any) -> bool:
    """True if ``link`` points at this campaign (any turn)."""
    return isinstance(link, Mapping) and link.get("campaign") == state.uid


def action_for_result(
    state: CampaignState, link: Mapping[str, Any], result: Mapping[str, Any]
) -> A.RecordScore:
    """The score action for a fight's reported result; BadInput if it no longer fits."""
    key = _linked_key(state, link)
    att, dfn = scores_from_result(result)
    return A.RecordScore(key, att, dfn, "linked", winner_from_result(result))


def losses_for_result(
    state: CampaignState, link: Mapping[str, Any], result: Mapping[str, Any]
) -> A.RecordLosses | None:
    """The action carrying a fight's reported losses back onto the force sheets; None
    when the fight reported none; BadInput if the result no longer fits."""
    key = _linked_key(state, link)
    e = state.engagements[key]
    defender = state.revealed_contents(*e.defender_side)
    if "losses" in result:
        result = {**result, "losses": _sheet_names(link, result["losses"])}
    text = losses_from_result(
        result, defender_has_party=e.result != LAND_RAID or has_party(defender)
    )
    return A.RecordLosses(key, text) if text else None


def _linked_key(state: CampaignState, link: Mapping[str, Any]) -> str:
    """The engagement ``link`` names, checked against this campaign and turn."""
    if not link_matches(state, link):
        raise BadInput("campaign_link.campaign: the result belongs to another campaign")
    if link.get("turn") != state.turn_no:
        raise BadInput(
            f"campaign_link.turn: the result is for turn {link.get('turn')!r}, "
            f"the campaign is at turn {state.turn_no}"
        )
    key = link.get("engagement")
    if not isinstance(key, str) or key not in state.engagements:
        raise BadInput(f"campaign_link.engagement: {shown(key)} is not declared this turn")
    return key


def winner_from_result(result: Mapping[str, Any]) -> str:
    """The fight's own verdict from a reported ``winner`` (seat 0 attacker, 1 defender,
    None a draw); "" when the result names none (the higher battle score then wins).

    A raid is won by its own victory rule (22.25 and our ruling), which need not be the
    side with more coins, so a linked fight's winner takes precedence over the scores.
    """
    if "winner" not in result:
        return ""
    w = result["winner"]
    if w is None:
        return "draw"
    if str(w) in ("0", "1"):
        return "attacker" if str(w) == "0" else "defender"
    raise BadInput(f"result.winner: {shown(w)} is not seat 0, seat 1 or null")
