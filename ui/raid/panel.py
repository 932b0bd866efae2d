"""Words for the raid panel: what may be done now, and the itemised account."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from wargame.core.actions import Action
from wargame.core.probability import average, chance_at_least, percent, table_odds
from wargame.plural import count
from wargame.raid import actions as A
from wargame.raid import odds as O
from wargame.raid.model import SIDE_WORDS, Sq, Unit
from wargame.raid.state import RaidState

SIDE_TITLES = tuple(f"The {w}" for w in SIDE_WORDS)


def prompt_text(s: RaidState) -> str:
    """What the player to act may do in this phase, in a sentence or two."""
    if s.is_terminal():
        return f"The raid is over: {s.end}."
    who = s.current_player()
    side = SIDE_TITLES[who] if who is not None else ""
    ph = s.phase
    r = s.rules
    if ph == "initiative":
        first = O.pirates_first(s)
        text = (
            f"Roll to see who moves first (pirates +{r.initiative.attacker_bonus}): the pirates "
            f"{percent(first)}, the defenders {percent(1 - first)}."
        )
        if s.can_withdraw():
            text += " Or withdraw: every pirate stands on the dock."
        return text
    if ph == "move":
        if s.needs_rouse():
            return (
                f"The defenders roll a d6 for each officer: {r.movement.officer_moves_on},6 "
                f"({percent(chance_at_least(r.movement.officer_moves_on))}) lets him move, taking up to {r.movement.escort_groups} groups of his square."
            )
        text = (
            f"{side} move: select a figure, then click a green square ("
            f"{r.movement.move_squares} square in any direction, at most "
            f"{r.movement.square_capacity} figures a square). Guns move on "
            f"{r.movement.gun_moves_on},6."
        )
        if who == 1 and s.alarm != "full":
            text += " Until the whole town is alarmed, groups go with an officer: tick them in the list."
        return text
    if ph == "shoot":
        sh = r.shooting
        return (
            f"{side} shoot: select a musket or militia group; its range is shaded and the "
            f"enemy in its line of fire is red. Hits on {sh.hit_on},6 (militia/scurvy -1, "
            "hardened +1)."
        )
    if ph == "fight":
        return (
            f"{side} attack: select one of your squares, then click an enemy square next to it. "
            f"Every {r.fighting.points_per_die} points of fighting factor roll a die; scurvy "
            "groups need an officer to attack."
        )
    if ph == "morale":
        return (
            f"{count(len(s.morale_tests), 'morale test', 'morale tests')} for the dead: roll them. "
            + morale_text(s)
        )
    if ph == "fire":
        return (
            "The pirates may set fire: select a group, then click a building (its own square or "
            f"next to it). A {r.fire.start_on} starts a fire "
            f"({percent(chance_at_least(r.fire.start_on))})."
        )
    if ph == "burn":
        return (
            f"{count(len(s.fire), 'square', 'squares')} burning: fire spreads on a difference of "
            f"{r.fire.spread_difference}+ between two dice; figures in the flames die on "
            f"{r.fire.burn_on},6."
        )
    if ph == "loot":
        v = r.victory
        return (
            f"The pirates loot: {v.treasury_groups} groups in the treasury or "
            f"{v.residence_groups} in the governor's residence ransack it; a group next to an "
            "unguarded gun spikes it. Pick the order in the list below."
        )
    if ph == "alarm":
        return "The defenders roll 2d6 on the alarm table: " + alarm_odds_text(s) + "."
    return ""


#: What each alarm result does, in a player's words.
ALARM_WORDS = {
    "raise_dead": "the dead may rise again",
    "desert": "groups may desert",
    "quiet": "nothing happens",
    "alarm_hardened": "hardened groups and officers are alarmed",
    "alarm_full": "the whole town is alarmed",
    "lost": "pirates may get lost",
    "sail_ahoy": "Sail ahoy! (the raid ends after the next turn)",
}


def alarm_odds_text(s: RaidState) -> str:
    """The exact chance of each alarm result, from the table in the rules data."""
    odds = table_odds(s.rules.alarm.results, dice=2, sides=6)
    ranked = sorted(odds.items(), key=lambda kv: -kv[1])
    return ", ".join(f"{ALARM_WORDS.get(k, k)} {percent(p)}" for k, p in ranked)


def score_lines(s: RaidState) -> tuple[str, list[str]]:
    """The running score (or final account) heading and one line per item."""
    rows = []
    for turn, item, points, paid in s.ledger:
        short = "" if paid == points else f" (paid {paid:+d}: funds)"
        rows.append(f"Turn {turn}: {item}: {points:+d}{short}")
    out = s.outcome()
    total = s.rules.victory.defender_coins
    if out is not None:
        winner = SIDE_WORDS[out.winner] if out.winner is not None else "nobody"
        head = (
            f"<b>Final account</b>: the pirates carried off <b>{s.coins[0]}</b> of the town's "
            f"{total} coins; the defenders keep <b>{s.coins[1]}</b>. "
            + ("Nobody wins " if out.winner is None else f"The {winner} win ")
            + f"(pirates need {s.rules.game.attacker_win_coins}). {len(rows)} items:"
        )
    else:
        head = (
            f"<b>Running score</b>: pirates {s.coins[0]}, defenders {s.coins[1]} of {total} coins. "
            "Plus points are paid from the town's purse, minus points back from the pirates', "
            "as funds permit."
        )
    return head, rows


def overlay_for(
    s: RaidState, u: Unit | None, sel_sq: Sq | None, escort: tuple[str, ...]
) -> tuple[dict[Sq, str], list[tuple[Sq, Sq]]]:
    """Which squares to shade (move, range, target, choose, ignite, loot) and the lines of
    fire to draw, for the selected figure or square."""
    overlay: dict[Sq, str] = {}
    lines: list[tuple[Sq, Sq]] = []
    if s.is_terminal():
        return overlay, lines
    if u is not None and u.ready and u.kind in s.rules.shooting.shooters:
        for sq in s.shot_range(u.sq):  # type: ignore[arg-type]
            overlay[sq] = "range"
        for t in s.shot_targets(u):
            lines.append((u.sq, t))  # type: ignore[arg-type]
    if s.pending is not None:
        kind = s.pending[0]
        if kind == "casualty":
            overlay[s.hits[0][0]] = "choose"
        else:
            for a in s.legal_actions():
                sq = getattr(a, "to", None) or getattr(a, "at", None)
                if sq is not None:
                    overlay[tuple(sq)] = "choose"  # type: ignore[index]
        return overlay, lines
    mine = u is not None and u.side == s.current_player()
    if s.phase == "move" and mine and u is not None:
        esc = escort
        for a in s.move_actions(u.side):
            if a.unit == u.id and a.escort == esc:
                overlay[a.to] = "move"
    elif s.phase == "shoot" and mine and u is not None and s.can_shoot(u):
        for t in s.shot_targets(u):
            overlay[t] = "target"
    elif s.phase == "fight" and sel_sq is not None:
        side = s.current_player()
        if s.side_at(sel_sq) == side and sel_sq in s.attack_squares(side):  # type: ignore[arg-type]
            for t in s.attack_targets(sel_sq, side):  # type: ignore[arg-type]
                overlay[t] = "target"
    elif s.phase == "fire" and mine and u is not None and u in s.fire_setters():
        for t in s.ignite_targets(u):
            overlay[t] = "ignite"
    elif s.phase == "loot":
        for a in s.loot_actions():
            if isinstance(a, A.Ransack):
                overlay[a.at] = "loot"
            elif isinstance(a, A.SpikeGun):
                g = s.unit(a.gun)
                overlay[g.sq] = "loot"  # type: ignore[index]
    return overlay, lines


def morale_text(s: RaidState) -> str:
    """Each morale test before it is rolled: who runs on a failure, and the chance."""
    parts = []
    for m in O.morale_odds(s):
        where = f"{m.square[0]},{m.square[1]}"
        if not m.runner:
            parts.append(f"at {where} no one is left to run")
        else:
            parts.append(f"at {where} {m.runner} runs on {m.need}+ ({percent(m.runs)})")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "." if text else ""


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def _dist(dist: Mapping[int, Fraction]) -> str:
    return ", ".join(f"{k}: {percent(p)}" for k, p in dist.items() if p)


def _saves(saves: tuple[O.Save, ...]) -> str:
    out = []
    for sv in saves:
        if sv.need > 6 and not sv.saved:
            out.append(f"{sv.unit} has no save (officer-hit table), a hit kills {percent(sv.dies)}")
        else:
            mod = f" ({sv.modifier:+d})" if sv.modifier else ""
            out.append(f"{sv.unit} saves on {sv.need}+{mod}, a hit kills {percent(sv.dies)}")
    return "; ".join(out)


def shot_words(s: RaidState, unit: str, at: Sq) -> tuple[str, str]:
    """A shot's odds in a player's words: (a short line, the details for a tooltip)."""
    u = s.unit(unit)
    o = O.shot_odds(s, u, at)
    mod = f" ({o.modifier:+d})" if o.modifier else ""
    short = f"1 die, hits on {o.hit_on}+{mod}: {percent(o.hit)}"
    if len(o.saves) == 1:
        short += f"; a hit kills {o.saves[0].unit} {percent(o.saves[0].dies)}"
    tip = (
        f"{u.label()} rolls one die at {at[0]},{at[1]}: it hits on {o.hit_on}+{mod}, "
        f"{percent(o.hit)} (0 hits {percent(1 - o.hit)}, 1 hit {percent(o.hit)}). "
        f"On a hit a second die says who chooses the figure hit: you {percent(o.shooter_chooses)}. "
        f"Then the figure hit saves or dies: {_saves(o.saves)}."
    )
    return short, tip


def fight_words(s: RaidState, frm: Sq, at: Sq) -> tuple[str, str]:
    """An attack's odds in a player's words: (a short line, the details for a tooltip)."""
    o = O.fight_odds(s, frm, at)
    if not o.dice and not o.their_dice:
        short = (
            f"no dice on either side (factors {o.points} and {o.their_points}, "
            f"{s.rules.fighting.points_per_die} make a die): no one is hit"
        )
    else:
        short = (
            f"you roll {_dice(o.dice)}, they roll {o.their_dice}: you hit more "
            f"{percent(o.more)}, as many {percent(o.equal)}, fewer {percent(o.fewer)}"
        )
    tip = (
        f"Your fighting factor {o.points}: {_dice(o.dice)}; theirs {o.their_points}: "
        f"{_dice(o.their_dice)} (every {s.rules.fighting.points_per_die} points roll a die).\n"
        f"Hits you give: {_dist(o.hits)} (on average {average(o.expected)}).\n"
        f"Hits you take: {_dist(o.their_hits)} (on average {average(o.their_expected)}).\n"
        f"A hitting die lets its side choose who is hit {percent(o.choose)} of the time.\n"
        f"Theirs: {_saves(o.saves)}.\nYours: {_saves(o.my_saves)}."
    )
    return short, tip


def order_odds(s: RaidState, act: Action) -> tuple[str, str] | None:
    """The odds to show beside a shooting or attack order (a few words: the list is
    narrow) and the full account for its tooltip, or None for other orders."""
    if isinstance(act, A.Shoot):
        o = O.shot_odds(s, s.unit(act.unit), tuple(act.at))  # type: ignore[arg-type]
        return f"hits {percent(o.hit)}", shot_words(s, act.unit, tuple(act.at))[1]  # type: ignore[arg-type]
    if isinstance(act, A.Attack):
        frm, at = tuple(act.frm), tuple(act.at)
        f = O.fight_odds(s, frm, at)  # type: ignore[arg-type]
        short = f"{f.dice} v {f.their_dice} dice, more hits {percent(f.more)}"
        return short, fight_words(s, frm, at)[0] + ".\n" + fight_words(s, frm, at)[1]  # type: ignore[arg-type]
    return None


def selection_odds(s: RaidState, u: Unit | None, sel_sq: Sq | None) -> str:
    """The odds of every shot or attack the selected figure or square may make now."""
    if s.is_terminal() or s.pending is not None:
        return ""
    side = s.current_player()
    lines = []
    if s.phase == "shoot" and u is not None and u.side == side and s.can_shoot(u):
        for t in s.shot_targets(u):
            lines.append(f"{u.id} shoots {t[0]},{t[1]}: {shot_words(s, u.id, t)[0]}")
    elif s.phase == "fight" and sel_sq is not None and s.side_at(sel_sq) == side:
        if sel_sq in s.attack_squares(side):  # type: ignore[arg-type]
            for t in s.attack_targets(sel_sq, side):  # type: ignore[arg-type]
                lines.append(f"Attack {t[0]},{t[1]}: {fight_words(s, sel_sq, t)[0]}")
    return "\n".join(lines)
