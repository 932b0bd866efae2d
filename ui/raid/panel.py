"""Words for the raid panel: what may be done now, and the itemised account."""

from __future__ import annotations

from wargame.core.probability import percent, table_odds
from wargame.raid import actions as A
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
        text = f"Roll to see who moves first (pirates +{r.initiative.attacker_bonus})."
        if s.can_withdraw():
            text += " Or withdraw: every pirate stands on the dock."
        return text
    if ph == "move":
        if s.needs_rouse():
            return (
                f"The defenders roll a d6 for each officer: {r.movement.officer_moves_on},6 lets "
                f"him move, taking up to {r.movement.escort_groups} groups of his square."
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
        return f"{len(s.morale_tests)} morale test(s) for the dead: roll them."
    if ph == "fire":
        return (
            "The pirates may set fire: select a group, then click a building (its own square or "
            f"next to it). A {r.fire.start_on} starts a fire."
        )
    if ph == "burn":
        return (
            f"{len(s.fire)} square(s) burning: fire spreads on a difference of "
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
