"""The sea fight in words for the phone page (``Game.seat_words``/``choice_words``).

Nothing is hidden at sea: the seat's ships and the enemy's (hull, gear, crew, guns,
where and which way, fire, grapples) come from the observation; the orders carry the
odds the desktop's panel shows before a roll (the same functions:
:mod:`wargame.naval.fight_odds`, :func:`wargame.naval.combat.plan_shot`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.core.probability import average, percent
from wargame.naval import actions as A
from wargame.naval import combat, fight_odds
from wargame.naval.odds import hit_distribution
from wargame.naval.rules import Position
from wargame.naval.state import NavalState

GROUPS = {
    A.Move: "Sail",
    A.ExtraMove: "Sail",
    A.ReduceSail: "Sail",
    A.GearCheck: "Sail",
    A.RollExtra: "Sail",
    A.Fire: "Fire",
    A.HoldFire: "Fire",
    A.Grapple: "Grapple and board",
    A.Board: "Grapple and board",
    A.CutFree: "Grapple and board",
    A.EndShipTurn: "End the ship's turn",
}


def _ship(s: Mapping[str, Any]) -> str:
    hull = s.get("hull") or {}
    bits = [
        f"{s['name']} ({s.get('type')}, {s.get('quality')}): {s.get('status')}",
        f"hull larboard {hull.get('larboard')}, starboard {hull.get('starboard')} "
        f"of {s.get('hull_start')}",
        f"gear {s.get('gear')} of {s.get('gear_start')}",
        f"crew {s.get('fighting_points')} of {s.get('fighting_start')}",
        "guns " + ", ".join(f"{k} {v[0]}" for k, v in (s.get("guns") or {}).items() if v[0]),
    ]
    if s.get("hex") is not None:
        bits.append(f"at ({s['hex'][0]}, {s['hex'][1] + 1}) heading {s.get('heading')}")
    if s.get("fire"):
        bits.append("ON FIRE")
    if s.get("grappled"):
        bits.append("grappled with " + ", ".join(s["grappled"]))
    if not s.get("captain_alive", True):
        bits.append("captain dead")
    return "; ".join(bits)


def seat_words(
    view: Mapping[str, Any], names: Sequence[str], seat: int | None = None
) -> list[dict[str, Any]]:
    ships = view.get("ships") or []
    ts = view.get("ship_turn") or {}
    wind = next(
        (line for line in reversed(view.get("log") or []) if "wind" in str(line)),
        f"the wind: {view.get('wind')}",
    )
    turn = [f"{view.get('name')}: turn {view.get('turn')}, {view.get('phase')} phase", str(wind)]
    if ts:
        turn.append(f"{ts.get('ship')} is moving: {ts.get('step')} ({ts.get('sail_point')})")
    if view.get("end"):
        turn.insert(0, f"The battle is over: {view.get('end')}")
    out = [{"title": "The battle", "lines": turn}]
    for side in sorted({int(s.get("side", 0)) for s in ships}):
        who = names[side] if side < len(names) else f"Side {side + 1}"
        title = "Your ships" if side == seat else f"{who}'s ships"
        out.append({"title": title, "lines": [_ship(s) for s in ships if s.get("side") == side]})
    return out


def choice_words(state: NavalState, action: Action, sentence: str) -> list[str]:
    """The order as the desktop's panel words it, with its odds (before the roll)."""
    st, rules = state, state.rules
    group = GROUPS.get(type(action), "Orders")
    if isinstance(action, A.GearCheck | A.RollExtra):
        ship, ts = st.ships[action.ship], st.ts
        mod = rules.movement.quality_die_modifier[ship.quality]
        if isinstance(action, A.GearCheck):
            need, what = rules.movement.gear_check_on, "Roll to move (gear damaged: "
        else:
            assert ts is not None
            need, what = rules.sail.point(ts.sail_point).extra_on, "Roll for an extra hex ("
        faces = sum(1 for v in range(1, 7) if v + mod >= need)
        return [f"{what}{need}+{f' ({mod:+d})' if mod else ''}, {faces / 6:.0%})", group]
    if isinstance(action, A.CutFree):
        p = fight_odds.cut_free(rules)
        return [f"Cut free of the grapples ({rules.movement.cut_free_on}+, {percent(p)})", group]
    if isinstance(action, A.Grapple):
        p = fight_odds.grapple_odds(
            st, st.ships[action.ship], st.ships[action.target], action.points
        )
        return [f"Grapple {action.target} with {action.points} points ({percent(p)})", group]
    if isinstance(action, A.Board):
        o = fight_odds.boarding_odds(
            st, st.ships[action.ship], st.ships[action.target], captain=action.captain
        )
        who = " with the captain" if action.captain else ""
        return [
            f"Board the {action.target}{who}: you roll {o.dice} dice, she rolls {o.their_dice}; "
            f"you win {percent(o.win)}, draw {percent(o.draw)}, she wins {percent(o.lose)}; "
            f"on average you lose {average(o.my_losses)} crew, she {average(o.their_losses)}",
            group,
        ]
    if isinstance(action, A.Fire):
        shot = combat.plan_shot(
            st.sea, rules, st.ships[action.ship], Position(action.battery), st.ships[action.target]
        )
        if not isinstance(shot, str):
            dist = hit_distribution(shot.dice, rules.fire.hit_on)
            side = f", the {action.side} side" if action.side else ""
            return [
                f"{sentence}{side}: {shot.band} range{', raking' if shot.raking else ''}, "
                f"{shot.dice} dice; at least one hit {percent(1 - dist[0])}, "
                f"expected {shot.dice / 6:.2f}",
                group,
            ]
    if isinstance(action, A.TurnCount):
        t = rules.turn
        if action.choice == "pass":
            return ["Pass", "The turn count"]
        need = t.add_turn_on if action.choice == "add" else t.deduct_turn_on
        p = percent(fight_odds.countdown(rules, str(action.choice)))
        return [f"Roll to {action.choice} a turn ({need}+, {p})", "The turn count"]
    if isinstance(action, A.WindChange):
        chance = f" ({percent(fight_odds.wind_change(rules))})"
        label = {
            "cw": "Try to veer the wind clockwise" + chance,
            "ccw": "Try to back the wind anticlockwise" + chance,
        }.get(str(action.choice), "Leave the wind")
        return [label, "The wind"]
    return [sentence, group]
