"""Bots that command a side: the random baseline and a captain who brings guns to bear.

The captain sails to put an enemy in a broadside arc within range, fires every
battery that bears (hull, or crew of a merchantman he means to take), grapples
and boards when his boarding dice match the enemy's, and plays the countdown to
keep a lead.
"""

from __future__ import annotations

import math

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState
from wargame.naval import combat
from wargame.naval.actions import (
    Board,
    CutFree,
    EndShipTurn,
    ExtraMove,
    Fire,
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
from wargame.naval.movement import OFF_TABLE
from wargame.naval.rules import Aim, Position, ShipType
from wargame.naval.sea import in_arc
from wargame.naval.ship import Ship
from wargame.naval.state import NavalState


def boarding_edge(state: NavalState, ship: Ship, target: Ship, *, captain: bool) -> int:
    """Attacker's boarding dice minus the defender's."""
    ts = state.ts
    used = ts.fp_used if ts is not None and ts.ship == ship.name else 0
    mine, _ = combat.boarding_dice(
        ship,
        attacker=True,
        captain=captain,
        first_of_game=not state.boarded_ever,
        fighting=max(0, ship.fighting_points - used),
        rules=state.rules,
    )
    theirs, _ = combat.boarding_dice(
        target,
        attacker=False,
        captain=False,
        first_of_game=False,
        fighting=target.fighting_points,
        rules=state.rules,
    )
    return mine - theirs


class CaptainBot:
    name = "captain"

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice

    def choose(self, state: GameState, seat: int) -> Action:
        assert isinstance(state, NavalState)
        legal = state.legal_actions()
        if state.phase == "countdown":
            sc = state.scores()
            lead = sc[seat] - sc[1 - seat]
            want = TurnRoll.DEDUCT if lead > 0 else TurnRoll.ADD if lead < 0 else TurnRoll.PASS
            return TurnCount(seat, want)
        if state.phase == "wind":
            return WindChange(seat, WindTry.PASS)
        fires = [a for a in legal if isinstance(a, Fire)]
        if state.phase == "return":
            best = self._best_fire(state, fires)
            return best if best is not None else next(a for a in legal if isinstance(a, HoldFire))
        ship = state.active
        assert ship is not None and state.ts is not None
        step = state.ts.step
        kinds: dict[type, list[Action]] = {}
        for a in legal:
            kinds.setdefault(type(a), []).append(a)
        if GearCheck in kinds:
            return kinds[GearCheck][0]
        boards = kinds.get(Board, [])
        if step == "move":
            if CutFree in kinds:
                weak = all(
                    boarding_edge(state, ship, state.ships[n], captain=True) < 0
                    for n in ship.grappled
                )
                if weak and not boards:
                    return kinds[CutFree][0]
            if Move in kinds:
                return self._best_move(state, ship, kinds[Move])
        if RollExtra in kinds and step == "extra":
            return kinds[RollExtra][0]
        if ExtraMove in kinds:
            return self._best_move(state, ship, kinds[ExtraMove])
        best = self._best_fire(state, fires)
        if best is not None:
            return best
        for a in kinds.get(Grapple, []):
            assert isinstance(a, Grapple)
            target = state.ships[a.target]
            if a.points != ship.fighting_points - state.ts.fp_used:
                continue
            if (
                target.type is ShipType.MERCHANTMAN
                or ship.fighting_points >= target.fighting_points
            ):
                return a
        for a in boards:
            assert isinstance(a, Board)
            edge = boarding_edge(state, ship, state.ships[a.target], captain=a.captain)
            if ship.must_board or (edge >= 0 and (a.captain or edge >= 2)):
                return a
        ends = kinds.get(EndShipTurn)
        if ends:
            return ends[0]
        return legal[0]

    # -- firing ----------------------------------------------------------------------------
    def _best_fire(self, state: NavalState, fires: list[Action]) -> Action | None:
        best, best_key = None, None
        for a in fires:
            assert isinstance(a, Fire)
            ship, target = state.ships[a.ship], state.ships[a.target]
            aim = Aim(a.aim)
            want = self._aim_for(ship, target)
            if aim is not want:
                continue
            shot = combat.plan_shot(state.sea, state.rules, ship, Position(a.battery), target)
            if isinstance(shot, str):
                continue
            side_left = target.hull[Position(a.side)] if a.side else 0
            key = (shot.dice, -side_left, -target.hull_total)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    @staticmethod
    def _aim_for(ship: Ship, target: Ship) -> Aim:
        if ship.side == 0 and target.type is ShipType.MERCHANTMAN:
            return Aim.CREW  # pirates want the cargo afloat
        return Aim.HULL

    # -- movement ---------------------------------------------------------------------------
    def _best_move(self, state: NavalState, ship: Ship, moves: list[Action]) -> Action:
        enemies = [s for s in state.ships.values() if s.side != ship.side and s.in_play]
        sea, rules = state.sea, state.rules
        best, best_score = moves[0], -math.inf
        reach = {w: rules.fire.range_cm[w] for w in rules.fire.range_cm}
        n = len(moves)
        shift = self.dice.randint(0, n - 1, "bot: tie break") if n > 1 else 0
        for i in range(n):
            a = moves[(i + shift) % n]
            assert isinstance(a, Move | ExtraMove)
            to = tuple(a.to)
            if to == OFF_TABLE:
                score = -50.0 if ship.warship else 5.0
            else:
                score = 0.0
                nearest = math.inf
                for e in enemies:
                    d = sea.distance_cm(to, e.hex)  # type: ignore[arg-type]
                    nearest = min(nearest, d)
                    rel = sea.relative_bearing(to, a.heading, e.hex)  # type: ignore[arg-type]
                    for pos, b in ship.batteries.items():
                        if b.guns and d <= reach[b.weight] and in_arc(rel, pos, rules):
                            score += 10.0 + b.guns
                    if ship.side == 0 and e.type is ShipType.MERCHANTMAN and d <= sea.hex_cm + 0.1:
                        score += 15.0
                if not ship.warship:
                    score += nearest * 0.3  # a merchantman keeps her distance
                else:
                    score -= nearest * 0.2
            if score > best_score:
                best, best_score = a, score
        return best
