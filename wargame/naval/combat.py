"""Sections 19 (firing), 17.2 (grappling), 17.4 (boarding) and 20 (morale).

Pure resolution functions over ships; every die comes from the dice service
and every number from the rules data. Each returns the events it caused as
readable lines for the battle log.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from wargame.core.dice import DiceService
from wargame.naval.odds import FireFactor, fire_factor
from wargame.naval.rules import POSITIONS, Aim, NavalRules, Position, Quality, ShipType, Weight
from wargame.naval.sea import Bearings, Sea, in_arc, range_band
from wargame.naval.ship import Ship, Status
from wargame.plural import count

Log = Callable[[str], None]


# -- firing -------------------------------------------------------------------------
@dataclass(frozen=True)
class Shot:
    """Everything about one battery firing at one target, before the roll."""

    firer: str
    battery: Position
    target: str
    distance_cm: float
    band: str
    raking: bool
    facing_side: Position  # the target's hull side facing the firer
    factor: FireFactor

    @property
    def dice(self) -> int:
        return self.factor.dice


def battery_can_fire(ship: Ship, pos: Position) -> str | None:
    """Why the battery can't fire (None if it can)."""
    b = ship.batteries[pos]
    if b.guns <= 0:
        return f"{ship.name} has no guns at the {pos.value}"
    if ship.guns_silenced:
        return f"{ship.name}'s guns are silenced (critical damage)"
    if ship.listing and b.weight is not Weight.LIGHT:
        return f"{ship.name} is listing: only light guns may fire"
    return None


def plan_shot(sea: Sea, rules: NavalRules, firer: Ship, pos: Position, target: Ship) -> Shot | str:
    """The shot, or the reason it is impossible (arc, range)."""
    shot = find_shot(sea, rules, firer, pos, target)
    if shot is not None:
        return shot
    rel = sea.relative_bearing(firer.hex, firer.heading, target.hex)
    if not in_arc(rel, pos, rules):
        return f"{target.name} is not in the {pos.value} arc of {firer.name}"
    battery = firer.batteries[pos]
    dist = sea.distance_cm(firer.hex, target.hex)
    top = rules.fire.range_cm[battery.weight]
    if dist <= top + 1e-6:
        return f"an island blocks the line of fire from {firer.name} to {target.name}"
    return (
        f"{target.name} is {dist:.1f} cm away, beyond the {top:g} cm of {battery.weight.value} guns"
    )


def find_shot(sea: Sea, rules: NavalRules, firer: Ship, pos: Position, target: Ship) -> Shot | None:
    """The shot if ``target`` is in the arc and range of the battery at ``pos``, else None."""
    seen = sea.bearings(firer.hex, target.hex, rules)
    factor = _shot_factor(sea, rules, firer, pos, target, seen)
    if factor is None:
        return None
    return Shot(
        firer.name,
        pos,
        target.name,
        sea.distance_cm(firer.hex, target.hex),
        factor.band,
        seen.raking[target.heading],
        seen.facing[target.heading],
        factor,
    )


def longest_range(rules: NavalRules) -> float:
    """The reach of the longest guns in cm: a ship farther away is safe from every
    battery (fire_options skips her before looking at arcs)."""
    hit = _LONGEST.get(id(rules))
    if hit is None or hit[0] is not rules:
        hit = _LONGEST[id(rules)] = (rules, max(rules.fire.range_cm.values()) + 1e-6)
    return hit[1]


_LONGEST: dict[int, tuple[NavalRules, float]] = {}


def shot_dice(
    sea: Sea, rules: NavalRules, firer: Ship, pos: Position, target: Ship, seen: Bearings
) -> int:
    """The dice of ``find_shot`` (0 if there is no shot) without building the Shot;
    ``seen`` is ``sea.bearings`` from the firer to the target."""
    factor = _shot_factor(sea, rules, firer, pos, target, seen)
    return 0 if factor is None else factor.dice


def _shot_factor(
    sea: Sea, rules: NavalRules, firer: Ship, pos: Position, target: Ship, seen: Bearings
) -> FireFactor | None:
    """The fire factor of the battery at ``pos`` at ``target``; None if the target is
    out of its arc or range or an island blocks the line of fire."""
    if pos not in seen.arcs[firer.heading]:
        return None
    battery = firer.batteries[pos]
    dist = sea.distance_cm(firer.hex, target.hex)
    if dist > rules.fire.range_cm[battery.weight] + 1e-6:
        return None
    if not sea.line_of_fire_clear(firer.hex, target.hex):
        return None
    return fire_factor(
        rules,
        weight=battery.weight,
        band=range_band(dist, battery.weight, rules),
        raking=seen.raking[target.heading],
        first_shot=not battery.first_shot_used,
        crew=firer.fires_as(rules),
    )


def resolve_shot(
    shot: Shot,
    aim: Aim,
    side: Position | None,
    firer: Ship,
    target: Ship,
    rules: NavalRules,
    dice: DiceService,
    log: Log,
) -> bool:
    """Roll the fire factor and apply its damage. True if the target took damage."""
    firer.batteries[shot.battery].first_shot_used = True
    rolls = dice.d6s(
        shot.dice, f"{firer.name}: {shot.battery.value} guns at {target.name} ({aim.value})"
    )
    hits = sum(1 for v in rolls if v >= rules.fire.hit_on)
    rake = ", raking" if shot.raking else ""
    log(
        f"{firer.name} fires {shot.battery.value} guns at {target.name}'s {aim.value} "
        f"({shot.distance_cm:.1f} cm, {shot.band}{rake}): {shot.factor.explain()}; "
        f"rolled {' '.join(map(str, rolls)) or '-'}: {count(hits, 'hit', 'hits')}"
    )
    if hits == 0:
        return False
    close = shot.distance_cm <= rules.fire.close_crew_cm + 1e-6
    if aim is Aim.HULL:
        hull_hits(target, side or shot.facing_side, hits, rules, dice, log)
    elif aim is Aim.GEAR:
        gear_hits(target, hits, close, rules, dice, log)
    else:
        crew_hits(target, hits, close, rules, dice, log)
    return True


def hull_hits(
    ship: Ship, side: Position, hits: int, rules: NavalRules, dice: DiceService, log: Log
) -> None:
    h = rules.hull
    ship.hull[side] = max(0, ship.hull[side] - hits)
    log(f"  {ship.name} {side.value} hull -{hits}: {ship.hull[side]} of {ship.hull_start} left")
    if ship.hull[side] == 0:
        sink(ship, f"{ship.name} is holed below the waterline on the {side.value} side", log)
        return
    if not ship.fire:
        g = dice.d6(f"{ship.name}: fire gamble")
        if g >= h.fire_gamble_on:
            ship.fire = True
            log(f"  gamble {g}: fire breaks out aboard {ship.name}!")
        else:
            log(f"  gamble {g}: no fire")
    hull_critical(ship, side, rules, dice, log)


def hull_critical(
    ship: Ship, side: Position, rules: NavalRules, dice: DiceService, log: Log
) -> None:
    """The critical roll of a hull side at half points or less, or at 3 or less."""
    h = rules.hull
    table: dict[int, str] | None = None
    if ship.hull[side] <= h.critical_low_points:
        table, label = h.critical_low, f"{h.critical_low_points} points or less"
    elif ship.hull[side] <= math.floor(ship.hull_start * h.half_fraction):
        table, label = h.critical_half, "half points or less"
    if table is None:
        return
    c = dice.d6(f"{ship.name}: critical ({label})")
    effect = table.get(c, "none")
    if effect == "sinks":
        log(f"  critical {c} ({label}): {ship.name} keels over!")
        sink(ship, f"{ship.name} sinks", log)
    elif effect == "magazine":
        log(f"  critical {c} ({label}): the magazine goes up - all hands lost!")
        sink(ship, f"{ship.name} is blown apart", log)
    elif effect == "listing":
        ship.listing = True
        log(f"  critical {c} ({label}): {ship.name} is listing, only light guns may be used")
    elif effect == "guns_silenced":
        ship.guns_silenced = True
        log(f"  critical {c} ({label}): no guns may fire aboard {ship.name}")
    else:
        log(f"  critical {c} ({label}): no effect")


def gear_hits(
    ship: Ship, hits: int, close: bool, rules: NavalRules, dice: DiceService, log: Log
) -> None:
    g = rules.gear
    ship.gear = max(0, ship.gear - hits)
    log(f"  {ship.name} sailing gear -{hits}: {ship.gear} of {ship.gear_start} left")
    roll = dice.d6(f"{ship.name}: mast and spar gamble")
    if roll >= g.mast_on:
        ship.gear = max(0, ship.gear - g.mast_loss)
        log(f"  gamble {roll}: a mast falls! sailing gear -{g.mast_loss}, crew hit twice")
        crew_hits(ship, g.mast_crew_hits, close, rules, dice, log)
    elif roll >= g.spar_on:
        ship.gear = max(0, ship.gear - g.spar_loss)
        log(f"  gamble {roll}: a spar falls! sailing gear -{g.spar_loss}, crew hit once")
        crew_hits(ship, g.spar_crew_hits, close, rules, dice, log)
    else:
        log(f"  gamble {roll}: masts and spars hold")


def lose_gun(ship: Ship) -> Position | None:
    """A gun lost with no owner to ask (a ship out of the fight): from the battery with
    most guns (sheet order on ties)."""
    best = None
    for pos in POSITIONS:
        b = ship.batteries[pos]
        if b.guns > 0 and (best is None or b.guns > ship.batteries[best].guns):
            best = pos
    if best is not None:
        ship.batteries[best].guns -= 1
    return best


def gun_choices(ship: Ship) -> list[Position]:
    """The positions the owner may give up a gun from (those with guns left)."""
    return [p for p in POSITIONS if ship.batteries[p].guns > 0]


def owe_gun(ship: Ship) -> bool:
    """A gun and crew is destroyed, the owner to choose where. False if none is left."""
    if ship.gun_crews - ship.guns_owed <= 0:
        return False
    ship.guns_owed += 1
    return True


def settle_forced_guns(ship: Ship, log: Log) -> None:
    """Take the owed guns that leave the owner no choice: one position with guns, as many
    guns owed as are left, or a ship out of the fight."""
    while ship.guns_owed > 0:
        opts = gun_choices(ship)
        if not opts:
            ship.guns_owed = 0
            return
        if len(opts) > 1 and ship.guns_owed < ship.gun_crews and ship.in_play:
            return
        pos = lose_gun(ship)
        ship.guns_owed -= 1
        log(f"  {ship.name} loses a {pos.value if pos else '-'} gun and crew (no choice left)")


def take_gun(ship: Ship, pos: Position, log: Log) -> None:
    """The owner's choice: one owed gun and crew comes off the battery at ``pos``."""
    ship.batteries[pos].guns -= 1
    ship.guns_owed -= 1
    left = ship.batteries[pos].guns
    log(f"  {ship.name}'s owner gives up a {pos.value} gun and crew: {left} left there")


def crew_hits(
    ship: Ship, hits: int, close: bool, rules: NavalRules, dice: DiceService, log: Log
) -> None:
    if hits <= 0:
        return
    table = rules.crew.close if close else rules.crew.far
    rolls = dice.d6s(hits, f"{ship.name}: crew hits ({'10 cm or less' if close else 'over 10 cm'})")
    losses = 0
    parts = []
    for v in rolls:
        effect = table.get(v, "none")
        if effect == "gun":
            if owe_gun(ship):
                losses += 1
                parts.append(f"{v}: a gun and crew destroyed (owner's choice)")
            else:
                parts.append(f"{v}: no gun left to lose")
        elif effect == "fighting":
            if ship.fighting_points > 0:
                ship.fighting_points -= 1
                losses += 1
                parts.append(f"{v}: fighting crew killed")
            else:
                parts.append(f"{v}: no fighting crew left")
        else:
            parts.append(f"{v}: no effect")
    log(f"  crew hits on {ship.name}: " + "; ".join(parts))
    if close and losses and ship.captain_alive:
        g = dice.d6(f"{ship.name}: captain gamble")
        if g >= rules.crew.captain_gamble_on:
            ship.captain_alive = False
            log(f"  gamble {g}: {ship.name}'s captain is killed!")
        else:
            log(f"  gamble {g}: the captain survives")
    settle_forced_guns(ship, log)


def sink(ship: Ship, why: str, log: Log) -> None:
    ship.status = Status.SUNK
    ship.fire = False
    log(f"  {why} - {ship.name} is lost!")


def fire_damage(ship: Ship, side: Position, rules: NavalRules, dice: DiceService, log: Log) -> bool:
    """A burning ship's turn of fire on the ``side`` her owner chose: D6-1 damage, then
    5,6 puts it out. True if it did damage."""
    h = rules.hull
    dmg = max(0, dice.d6(f"{ship.name}: fire damage ({side.value})") - h.fire_damage_minus)
    ship.hull[side] = max(0, ship.hull[side] - dmg)
    log(f"Fire aboard {ship.name}: {side.value} hull -{dmg}: {ship.hull[side]} left")
    if ship.hull[side] == 0:
        sink(ship, f"{ship.name} burns to the waterline", log)
        return dmg > 0
    if dmg > 0 and h.fire_criticals:
        hull_critical(ship, side, rules, dice, log)
        if not ship.in_play:
            return True
    out = dice.d6(f"{ship.name}: put the fire out")
    if out >= h.fire_out_on:
        ship.fire = False
        log(f"  {out}: the fire aboard {ship.name} is put out")
    else:
        log(f"  {out}: the fire aboard {ship.name} still burns")
    return dmg > 0


# -- grappling (17.2) -----------------------------------------------------------------
def grapple_modifier(ship: Ship, target: Ship, rules: NavalRules) -> tuple[int, list[str]]:
    g = rules.grapple
    total, why = 0, []
    if ship.quality is Quality.HARDENED:
        total += g.hardened
        why.append(f"battle hardened {g.hardened:+d}")
    if target.type is ShipType.MERCHANTMAN:
        total += g.vs_merchant
        why.append(f"merchant ship {g.vs_merchant:+d}")
    no_fp, no_guns = target.fighting_points == 0, target.gun_crews == 0
    if (no_fp and no_guns) if g.vs_no_crew_when == "neither" else (no_fp or no_guns):
        total += g.vs_no_crew
        why.append(f"no fighting points or gun crew {g.vs_no_crew:+d}")
    if target.gear <= g.low_gear_points:
        total += g.vs_low_gear
        why.append(f"{g.low_gear_points} or less sailing gear {g.vs_low_gear:+d}")
    return total, why


def grapple_chance(points: int, modifier: int, rules: NavalRules) -> float:
    need = max(1, rules.grapple.hit_on - modifier)
    if need > 6:
        return 0.0
    miss = (need - 1) / 6
    return 1.0 - miss**points


# -- boarding (17.4) --------------------------------------------------------------------
def boarding_dice(
    ship: Ship,
    *,
    attacker: bool,
    captain: bool,
    first_of_game: bool,
    fighting: int,
    rules: NavalRules,
    won_last: bool = False,
) -> tuple[int, list[str]]:
    b = rules.boarding
    parts = [f"fighting points {fighting}"]
    total = fighting
    if attacker and captain and ship.captain_alive:
        total += b.captain
        parts.append(f"captain joins in +{b.captain}")
    if won_last:
        total += b.won_last
        parts.append(f"won last fight +{b.won_last}")
    if attacker and first_of_game:
        total += b.first_boarding
        parts.append(f"first boarding of the game +{b.first_boarding}")
    q = b.crew[ship.quality]
    if q:
        total += q
        parts.append(f"{ship.quality.value} {q:+d}")
    crews = math.ceil(ship.gun_crews / b.gun_crews_per_die) if ship.gun_crews else 0
    if crews:
        total += crews
        parts.append(f"gun crews +{crews}")
    return max(0, total), parts


def boarding_kill_on(ship: Ship, target: Ship, rules: NavalRules) -> int:
    """The face that kills in a boarding fight of ``ship`` against ``target``: the first
    fight between the two, or a later one."""
    b = rules.boarding
    return b.kill_on if ship.fights.get(target.name, 0) == 0 else b.kill_on_later


def kill_crew(ship: Ship, kills: int) -> int:
    """Boarding kills: fighting points first, then gun crews (the owner chooses which,
    see :func:`owe_gun`). Returns how many fell."""
    fell = 0
    for _ in range(kills):
        if ship.fighting_points > 0:
            ship.fighting_points -= 1
        elif not owe_gun(ship):
            break
        fell += 1
    return fell


# -- morale (20) -------------------------------------------------------------------------
def morale_fail_on(ship: Ship, rules: NavalRules) -> int:
    """The lowest die that fails ``ship``'s morale test (worse without her captain)."""
    m = rules.morale
    return m.fail_on if ship.captain_alive else m.fail_on_no_captain


def morale_test(ship: Ship, rules: NavalRules, dice: DiceService, log: Log) -> None:
    m = rules.morale
    need = morale_fail_on(ship, rules)
    roll = dice.d6(f"{ship.name}: morale")
    if roll < need:
        log(f"{ship.name} takes morale: {roll}, holds")
        return
    order = m.qualities
    i = order.index(ship.quality)
    if i + 1 < len(order):
        ship.quality = order[i + 1]
        log(f"{ship.name} takes morale: {roll}, fails! The crew drops to {ship.quality.value}")
        return
    if ship.grappled:
        ship.status = Status.SURRENDERED
        log(f"{ship.name} takes morale: {roll}, fails! Boarded, she strikes her colours")
    else:
        ship.status = Status.LEFT
        ship.driven_off = True
        log(f"{ship.name} takes morale: {roll}, fails! She sails from the table")
