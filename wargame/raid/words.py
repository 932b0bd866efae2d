"""The raid in words for the phone page (``Game.seat_words``/``choice_words``).

Nothing is hidden in a raid: the seat's figures and the enemy's (where, ready or
spent, wounded), the turn, phase, alarm and the coins come from the observation; a
shot or an attack carries the odds the desktop shows before the roll (the same
functions: :mod:`wargame.raid.odds`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.core.probability import percent
from wargame.raid import actions as A
from wargame.raid import odds as O
from wargame.raid.model import SIDE_WORDS
from wargame.raid.state import RaidState

SIDES = ("attacker", "defender")
GROUPS = {
    A.Move: "Move",
    A.Done: "Done",
    A.Shoot: "Shoot",
    A.Attack: "Attack",
    A.ChooseCasualty: "Who is hit",
    A.RetreatOfficer: "Officer's retreat",
    A.Ignite: "Fire and loot",
    A.BurnTown: "Fire and loot",
    A.Ransack: "Fire and loot",
    A.SpikeGun: "Fire and loot",
}


def _figure(u: Mapping[str, Any]) -> str:
    what = (
        f"{u.get('name')} ({u.get('officer')})"
        if u.get("officer")
        else f"{u.get('quality')} {u.get('kind')}"
    )
    sq = u.get("square")
    where = f"at {sq[0]},{sq[1]}" if sq else "off the board"
    return f"{u.get('id')}: {what}, {where}, {u.get('status')}"


def seat_words(
    view: Mapping[str, Any], names: Sequence[str], seat: int | None = None
) -> list[dict[str, Any]]:
    coins = view.get("coins") or {}
    town = view.get("town") or {}
    head = [
        f"{view.get('name')}: turn {view.get('turn')}, {view.get('phase')} phase",
        f"Coins: pirates {coins.get('0', 0)}, defenders {coins.get('1', 0)}",
        f"Alarm: {view.get('alarm')}",
    ]
    if view.get("end"):
        head.insert(0, f"The raid is over: {view.get('end')}")
    out = [{"title": "The raid", "lines": head}]
    units = view.get("units") or []
    for side, word in enumerate(SIDES):
        title = f"Your {SIDE_WORDS[side]}" if side == seat else f"The {SIDE_WORDS[side]}"
        mine = [_figure(u) for u in units if u.get("side") == word]
        out.append({"title": title, "lines": mine or ["none left"]})
    rows = town.get("map") or []
    if rows:
        out.append(
            {"title": f"The town of {town.get('name')} (map)", "lines": list(rows), "mono": True}
        )
    return out


def choice_words(state: RaidState, action: Action, sentence: str) -> list[str]:
    """The order with the odds the desktop shows beside it."""
    group = GROUPS.get(type(action), "Orders")
    if isinstance(action, A.Shoot):
        o = O.shot_odds(state, state.unit(action.unit), tuple(action.at))  # type: ignore[arg-type]
        mod = f" ({o.modifier:+d})" if o.modifier else ""
        line = f"{sentence}: 1 die, hits on {o.hit_on}+{mod}: {percent(o.hit)}"
        if len(o.saves) == 1:
            line += f"; a hit kills {o.saves[0].unit} {percent(o.saves[0].dies)}"
        return [line, group]
    if isinstance(action, A.Attack):
        f = O.fight_odds(state, tuple(action.frm), tuple(action.at))  # type: ignore[arg-type]
        return [
            f"{sentence}: you roll {f.dice} dice, they roll {f.their_dice}; you hit more "
            f"{percent(f.more)}, as many {percent(f.equal)}, fewer {percent(f.fewer)}",
            group,
        ]
    return [sentence, group]
