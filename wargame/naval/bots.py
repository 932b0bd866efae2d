"""Bots that command a side: the random baseline and a captain who brings guns to bear.

The captain sails to put an enemy in a broadside arc within range, fires every
battery that bears (hull, or crew of a merchantman he means to take), grapples
and boards when his boarding dice match the enemy's, and plays the countdown to
keep a lead. When the scenario's victory is holding a harbour, both sides make for it
(the holder to hold it, the enemy to stop the count).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState
from wargame.naval import combat
from wargame.naval.actions import (
    Board,
    ChooseGun,
    CutFree,
    EndShipTurn,
    ExtraMove,
    Fire,
    FireSide,
    GearCheck,
    Grapple,
    HoldFire,
    Move,
    RollExtra,
    TurnCount,
    TurnRoll,
    WindChange,
    WindTry,
)
from wargame.naval.common import SHIP_STEPS, hex_distance
from wargame.naval.movement import exit_edges, exit_of, is_off_table
from wargame.naval.rules import POSITIONS, SIDES, Aim, Position, ShipType, Weight
from wargame.naval.sea import arc_table
from wargame.naval.ship import Ship
from wargame.naval.state import NavalState


def boarding_edge(state: NavalState, ship: Ship, target: Ship, *, captain: bool) -> int:
    """Attacker's boarding dice minus the defender's."""
    (mine, _), (theirs, _) = state.boarding_matchup(ship, target, captain=captain)
    return mine - theirs


def cheapest_gun(state: NavalState, ship: Ship) -> Position:
    """The gun the owner misses least: one that does not silence its battery, from a
    battery that bears on no enemy now, the lightest, where most guns are left."""
    enemies = state.enemies(ship)

    def cost(pos: Position) -> tuple[bool, bool, int, int]:
        b = ship.batteries[pos]
        bears = any(
            combat.find_shot(state.sea, state.rules, ship, pos, e) is not None for e in enemies
        )
        return (b.guns == 1, bears, list(Weight).index(b.weight), -b.guns)

    return min(combat.gun_choices(ship), key=cost)


#: How much farther an enemy behind an island seems to the captain (cm).
BLOCKED_CM = 20.0


#: A harbour to hold (victory kind "hold"): how much each cm from it costs a move, and
#: what a move into the hexes that hold it is worth, for both sides (the holder must be
#: there; the enemy keeps the hold from counting by being there too).
HARBOUR_PULL = 2.5
HARBOUR_HELD = 40.0


#: How many points of a lead make a battle about three to one (the evaluation's scale).
LEAD_SCALE = 2.0
#: What part of a ship's sinking value her damage counts for before she is gone.
DAMAGE_WORTH = 0.6


def evaluate(state: GameState) -> dict[int, float] | None:
    """Each side's chances in a battle not yet over, for the search bot's cut-off
    playouts: the points scored so far plus, for every ship still afloat, the worst of
    her hull and crew losses as a part of what sinking her would give the enemy; the
    lead becomes a chance to win (a logistic curve), on the scale of the search's
    rewards (3/4 the win, 1/4 the share of points). Reads only what both sides see."""
    assert isinstance(state, NavalState)
    if state.phase == "over":
        return None
    sc = state.scores()
    sunk = state.rules.score.sunk
    pts = [float(sc[0]), float(sc[1])]
    for ship in state.ships.values():
        if not ship.in_play:
            continue
        hull = min(ship.hull.values()) / max(1, ship.hull_start)
        crew = ship.fighting_points / max(1, ship.fighting_start)
        harm = 1.0 - min(hull, crew)
        pts[1 - ship.side] += DAMAGE_WORTH * harm * sunk[ship.type]
    lead = max(-30.0, min(30.0, (pts[0] - pts[1]) / LEAD_SCALE))
    win = 1.0 / (1.0 + math.exp(-lead))
    total = pts[0] + pts[1]
    share = pts[0] / total if total > 0 else 0.5
    return {0: 0.75 * win + 0.25 * share, 1: 0.75 * (1 - win) + 0.25 * (1 - share)}


class CaptainBot:
    name = "captain"
    #: The search bot's evaluation of a position (its playouts follow this bot).
    evaluate = staticmethod(evaluate)

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice

    def choose(self, state: GameState, seat: int) -> Action:
        """Asks the state only for the options it weighs (all of them legal actions)."""
        assert isinstance(state, NavalState)
        if state.phase == "countdown":
            sc = state.scores()
            lead = sc[seat] - sc[1 - seat]
            want = TurnRoll.DEDUCT if lead > 0 else TurnRoll.ADD if lead < 0 else TurnRoll.PASS
            return TurnCount(seat, want)
        if state.phase == "wind":
            return WindChange(seat, WindTry.PASS)
        if state.phase == "choose_gun":
            owed = state.owed_ship()
            assert owed is not None
            return ChooseGun(owed.name, cheapest_gun(state, owed))
        if state.phase == "fire_side":
            burning = state.choice_ship()
            assert burning is not None
            return FireSide(burning.name, max(SIDES, key=lambda p: burning.hull[p]))
        if state.phase == "return":
            assert state.ret is not None
            me, at = state.ships[state.ret[0]], state.ships[state.ret[1]]
            best = self._best_fire(state, me, [at], fired=())
            return best if best is not None else HoldFire(me.name)
        ship, ts = state.active, state.ts
        assert ship is not None and ts is not None
        step = ts.step
        idx = SHIP_STEPS.index(step)
        boards = state.board_targets(ship) if not ts.boarded else []
        if step == "move":
            if ship.grappled:
                can_cut = not ts.cut_tried and state.may_cut_free(ship)
                if can_cut and not boards:
                    return CutFree(ship.name)
                if can_cut and all(boarding_edge(state, ship, t, captain=True) < 0 for t in boards):
                    return CutFree(ship.name)
            elif state.needs_gear_check(ship, ts):
                return GearCheck(ship.name)
            elif ts.gear_ok:
                opts = state.move_options(ship)
                if opts:
                    h, d = self._best_move(state, ship, list(opts))
                    return Move(ship.name, h, d)
        if step == "extra" and state.extra_allowed(ship, ts):
            return RollExtra(ship.name)
        if step == "extra_move":
            opts = state.extra_options(ship)
            if opts:
                h, d = self._best_move(state, ship, list(opts))
                return ExtraMove(ship.name, h, d)
        if idx <= 3:
            best = self._best_fire(state, ship, state.enemies(ship), fired=ts.fired)
            if best is not None:
                return best
        avail = ship.fighting_points - ts.fp_used
        if idx <= 4 and not ts.grappled and avail > 0:
            for target in state.grapple_targets(ship):
                if (
                    target.type is ShipType.MERCHANTMAN
                    or ship.fighting_points >= target.fighting_points
                ):
                    return Grapple(ship.name, target.name, avail)
        for target in boards:
            for captain in (False, True) if ship.captain_alive else (False,):
                edge = boarding_edge(state, ship, target, captain=captain)
                if ship.must_board or (edge >= 0 and (captain or edge >= 2)):
                    return Board(ship.name, target.name, captain)
        return EndShipTurn(ship.name)

    # -- firing ----------------------------------------------------------------------------
    def _best_fire(
        self, state: NavalState, ship: Ship, targets: list[Ship], *, fired: Sequence[str]
    ) -> Fire | None:
        """The battery and target with most dice (the weakest side on a rake)."""
        best, best_key = None, None
        for pos in POSITIONS:
            if pos.value in fired or combat.battery_can_fire(ship, pos) is not None:
                continue
            for target in targets:
                shot = combat.find_shot(state.sea, state.rules, ship, pos, target)
                if shot is None or shot.dice <= 0:
                    continue
                aim = self._aim_for(ship, target)
                side = ""
                if aim is Aim.HULL and shot.raking:
                    side = min(SIDES, key=lambda p: target.hull[p]).value
                side_left = target.hull[Position(side)] if side else 0
                key = (shot.dice, -side_left, -target.hull_total)
                if best_key is None or key > best_key:
                    best, best_key = Fire(ship.name, pos, target.name, aim, side), key
        return best

    @staticmethod
    def _aim_for(ship: Ship, target: Ship) -> Aim:
        if ship.side == 0 and target.type is ShipType.MERCHANTMAN:
            return Aim.CREW  # pirates want the cargo afloat
        return Aim.HULL

    # -- movement ---------------------------------------------------------------------------
    def _best_move(
        self, state: NavalState, ship: Ship, moves: list[tuple[tuple[int, int], int]]
    ) -> tuple[tuple[int, int], int]:
        enemies = [s for s in state.ships.values() if s.side != ship.side and s.in_play]
        sea, rules = state.sea, state.rules
        best, best_score = moves[0], -math.inf
        arcs = arc_table(rules)
        guns = [
            (arcs[pos][0], arcs[pos][1], 10.0 + b.guns, rules.fire.range_cm[b.weight])
            for pos, b in ship.batteries.items()
            if b.guns > 0
        ]
        longest = max((g[3] for g in guns), default=0.0)
        centres = sea.centres
        targets = [(e, centres[e.hex]) for e in enemies]
        angles = [sea.heading_angle(h) for h in range(6)]
        grab = ship.side == 0
        reach_grapple = sea.hex_cm + 0.1
        # the scenario's victory condition: the escorted ship runs for the nearest edge,
        # her enemies chase her
        escort = state.ships.get(state.escort) if state.escort else None
        if escort is not None and not escort.in_play:
            escort = None
        fleeing = escort is ship
        chasing = escort is not None and escort.side != ship.side
        hold = state.victory.hold
        harbour = centres[hold.harbour] if hold is not None else None
        n = len(moves)
        shift = self.dice.randint(0, n - 1, "bot: tie break") if n > 1 else 0
        for i in range(n):
            a = moves[(i + shift) % n]
            to, heading = a
            if is_off_table(to):
                if fleeing:
                    way = exit_of(to)
                    out = exit_edges(way) if way else (sea.edge_ahead(heading),)
                    score = (
                        1000.0 if state.escort_edge is None or state.escort_edge in out else -50.0
                    )
                elif harbour is not None:
                    score = -math.inf  # a harbour at stake: nobody leaves the fight
                else:
                    score = -50.0 if ship.warship else 5.0
            else:
                score = 0.0
                nearest = math.inf
                x0, y0 = centres[to]  # type: ignore[index]
                bow = angles[heading]
                for e, (x1, y1) in targets:
                    d = math.hypot(x1 - x0, y1 - y0)
                    clear = d > longest or sea.line_of_fire_clear(to, e.hex)
                    # an island in between counts as extra distance: sail round it
                    if (d if clear else d + BLOCKED_CM) < nearest:
                        nearest = d if clear else d + BLOCKED_CM
                    if d <= longest and clear:
                        rel = math.degrees(math.atan2(y1 - y0, x1 - x0)) - bow
                        for centre, half, value, reach in guns:
                            if d <= reach and abs((rel - centre + 180.0) % 360.0 - 180.0) <= half:
                                score += value
                    if grab and e.type is ShipType.MERCHANTMAN and d <= reach_grapple:
                        score += 15.0
                if fleeing:
                    score -= sea.edge_hexes(to, state.escort_edge) * 10.0
                elif not ship.warship:
                    score += nearest * 0.3  # a merchantman keeps her distance
                else:
                    score -= nearest * 0.2
                if chasing:
                    assert escort is not None
                    x1, y1 = centres[escort.hex]
                    score -= math.hypot(x1 - x0, y1 - y0) * 0.5
                if harbour is not None:
                    assert hold is not None
                    score -= math.hypot(harbour[0] - x0, harbour[1] - y0) * HARBOUR_PULL
                    if hex_distance(to, hold.harbour) <= hold.radius:  # type: ignore[arg-type]
                        score += HARBOUR_HELD
            if score > best_score:
                best, best_score = a, score
        return best
