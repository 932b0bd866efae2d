"""Bots for either side of a raid. ``random`` is in the core; the tactician is here.

The tactician plays a plain plan: the pirates make for the treasury and the
governor's residence, shoot and fight when the odds are with them, burn what
they pass, loot, then run for the dock before the garrison gathers. The
defender holds the loot squares, rouses its officers and closes on the pirates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState
from wargame.raid import actions as A
from wargame.raid.model import ATTACKER, DEFENDER, READY, Sq, Unit
from wargame.raid.state import RaidState

#: A defender sends figures to a treasury or residence holding fewer than this.
THIN_GUARD = 4
VALUE = {"captain": 12, "governor": 12, "officer": 9, "hardened": 4, "able": 3, "scurvy": 1}


def value(u: Unit) -> int:
    return VALUE[u.kind] if u.is_officer else VALUE[u.quality] + (u.kind == "hand-to-hand")


def cheb(a: Sq, b: Sq) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class _LazyDistance(dict):
    """Distance to the nearest goal, worked out for a square when first asked."""

    def __init__(self, goals: list[Sq]) -> None:
        super().__init__()
        self.goals = goals

    def __missing__(self, sq: Sq) -> int:
        c, r = sq
        d = min(max(abs(c - g[0]), abs(r - g[1])) for g in self.goals)
        self[sq] = d
        return d


#: How much a loot square one square farther from the nearest pirate is still worth.
LOOT_REACH = 0.85
#: How many coins short of (or past) the target make a raid about three to one.
COINS_SCALE = 4.0


def evaluate(state: GameState) -> dict[int, float] | None:
    """Each side's chances in a raid not yet over, for the search bot's cut-off
    playouts: the pirates' coins plus what the unransacked treasuries and residences
    hold on average, each counted less the farther the nearest pirate group stands
    from it (nothing past the turns left), against the coins they need; a logistic
    curve makes it a chance to win, on the scale of the search's rewards (3/4 the win,
    1/4 the share of coins). Reads only what both sides see."""
    assert isinstance(state, RaidState)
    s = state
    if s.end is not None:
        return None
    v = s.rules.victory
    left = s.rules.game.max_turns - s.turn_no
    pirates = [u.sq for u in s.units if u.side == ATTACKER and u.status == READY and u.sq]
    hope = 0.0
    if pirates and s.coins[DEFENDER] > 0:
        for sq, groups in s.loot_sq.items():
            if sq in s.looted:
                continue
            if groups == v.treasury_groups:
                worth = 3.5 * v.treasury_dice
            else:
                worth = 3.5 * v.residence_dice + v.residence_bonus
            d = min(cheb(p, sq) for p in pirates)
            if d <= left:
                hope += worth * LOOT_REACH**d
    expect = s.coins[ATTACKER] + min(hope, float(s.coins[DEFENDER]))
    lead = max(-30.0, min(30.0, (expect - s.rules.game.attacker_win_coins + 0.5) / COINS_SCALE))
    win = 1.0 / (1.0 + math.exp(-lead))
    total = s.coins[ATTACKER] + s.coins[DEFENDER]
    share = s.coins[ATTACKER] / total if total > 0 else 0.5
    return {
        ATTACKER: 0.75 * win + 0.25 * share,
        DEFENDER: 0.75 * (1 - win) + 0.25 * (1 - share),
    }


def root_moves(state: GameState, seat: int, legal: Sequence[Action], hint: Action) -> list[Action]:
    """The moves the search compares with the tactician's choice (``search_narrow``):
    in the movement phase that step (or Done) alone, played at once, the steps being
    the tactician's plan and a few noisy playouts a poor judge of one square against
    the next among some eighty; everywhere else (withdraw or stay, shots, attacks,
    fires, casualties) every legal move."""
    assert isinstance(state, RaidState)
    if state.phase == "move" and state.pending is None:
        return [hint]
    return list(legal)


#: Distance maps by (town, goals), shared by every tactician: the search bot makes a
#: fresh one for every playout, and a town's maps never change (the entry keeps the
#: town, so an id reused by another town is caught).
_DISTANCE_MAPS: dict[tuple[int, tuple[Sq, ...]], tuple[object, dict[Sq, int]]] = {}


class TacticianBot:
    name = "tactician"
    #: The search bot's evaluation of a position (its playouts follow this bot).
    evaluate = staticmethod(evaluate)
    #: The root moves the search compares with this bot's choice.
    root_moves = staticmethod(root_moves)

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice
        #: Figures already found with nowhere better to go this movement phase.
        self._stay: tuple[tuple[int, int, int], set[str]] = ((0, 0, 0), set())
        self._defender_dist: tuple[object, dict[Sq, int]] = ((), {})
        self._home: tuple[object, bool] = ((), False)

    def distance_map(self, s: RaidState, goals: list[Sq]) -> dict[Sq, int]:
        """Moves from every square to the nearest goal (every square is passable)."""
        key = (id(s.town), tuple(goals))
        found = _DISTANCE_MAPS.get(key)
        if found is None or found[0] is not s.town:
            dist = {
                sq: min(max(abs(sq[0] - g[0]), abs(sq[1] - g[1])) for g in goals)
                for sq in s.town.squares()
            }
            if len(_DISTANCE_MAPS) > 64:
                _DISTANCE_MAPS.clear()
            found = _DISTANCE_MAPS[key] = (s.town, dist)
        return found[1]

    def choose(self, state: GameState, seat: int) -> Action:
        assert isinstance(state, RaidState)
        s = state
        if s.pending is not None:
            return self._pending(s, seat)
        ph = s.phase
        if ph == "initiative":
            if s.can_withdraw() and self._should_leave(s):
                return A.Withdraw()
            return A.RollInitiative()
        if ph == "move":
            if s.needs_rouse():
                return A.RouseOfficers()
            return self._move(s, seat) or A.Done()
        if ph == "shoot":
            return self._shoot(s, seat) or A.Done()
        if ph == "fight":
            return self._fight(s, seat) or A.Done()
        if ph == "morale":
            return A.RollMorale()
        if ph == "fire":
            return self._ignite(s) or A.Done()
        if ph == "burn":
            return A.BurnTown()
        if ph == "loot":
            acts = s.loot_actions()
            return acts[0] if acts else A.Done()
        if ph == "alarm":
            return A.RollAlarm()
        return s.legal_actions()[0]

    # -- plans -------------------------------------------------------------------------
    def _loot_left(self, s: RaidState) -> list[Sq]:
        return [sq for sq in s.loot_sq if sq not in s.looted]

    def _docks(self, s: RaidState) -> list[Sq]:
        return list(s.withdraw_sq)

    def _should_leave(self, s: RaidState) -> bool:
        if s.sail_ahoy_turn is not None or not self._loot_left(s):
            return True
        if s.coins[DEFENDER] == 0:  # the town's purse is empty: staying can only cost coins
            return True
        if s.alarm_turn is not None and s.coins[ATTACKER] > 0:
            return s.turn_no > s.rules.game.max_turns // 2
        return s.turn_no >= s.rules.game.max_turns - 1

    def _heading_home(self, s: RaidState) -> bool:
        key = (id(s.town), s.turn_no, s.phase, s.step)
        if self._home[0] != key:
            self._home = (key, self._work_out_heading_home(s))
        return self._home[1]

    def _work_out_heading_home(self, s: RaidState) -> bool:
        if s.sail_ahoy_turn is not None or not self._loot_left(s) or s.coins[DEFENDER] == 0:
            return True
        docks = self._docks(s)
        if not docks:
            return s.turn_no + 1 >= s.rules.game.max_turns
        dist = self.distance_map(s, docks)
        far = max((dist[u.sq] for u in s.on_table(ATTACKER)), default=0)  # type: ignore[index]
        return s.turn_no + far + 2 >= s.rules.game.max_turns

    def _goals(self, s: RaidState, side: int) -> list[Sq]:
        if side == ATTACKER:
            if self._heading_home(s):
                return self._docks(s) or [sq for sq in s.town.squares()]
            return self._loot_left(s)
        return [u.sq for u in s.on_table(ATTACKER)]  # type: ignore[misc]

    def _move(self, s: RaidState, side: int) -> Action | None:
        goals = self._goals(s, side)
        if not goals:
            return None
        guard = set(self._loot_left(s)) if side == DEFENDER else set()
        reinforce = False
        if side == DEFENDER:
            occ = s.occupancy()
            thin = [
                sq
                for sq in guard
                if s.side_at(sq) != ATTACKER and len(occ.get(sq, ())) < THIN_GUARD
            ]
            if thin:
                goals, reinforce = thin, True
        if side == ATTACKER:
            dist = self.distance_map(s, goals)
        else:
            gkey = (id(s.town), tuple(goals))
            if self._defender_dist[0] != gkey:
                self._defender_dist = (gkey, _LazyDistance(goals))
            dist = self._defender_dist[1]
        key = (id(s.town), s.turn_no, s.step)
        if self._stay[0] != key:
            self._stay = (key, set())
        stay = self._stay[1]
        for u in s.movable(side):
            assert u.sq is not None
            if u.id in stay:
                continue
            stay.add(u.id)
            if u.kind == "guns":
                continue
            if side == DEFENDER and u.sq in guard and not u.is_officer:
                continue
            here = dist[u.sq]
            if side == DEFENDER and here <= (0 if reinforce else 1):
                continue
            escort: tuple[str, ...] = ()
            if s.why_not_alone(u) is not None:
                continue
            if u.is_officer and side == DEFENDER:
                if u.sq in guard:
                    continue
                opts = s.escort_options(u)
                if opts:
                    escort = max(opts, key=len)
            best = None
            for t in s._targets(u, 1 + len(escort)):
                d = dist[t]
                if d < here and (best is None or d < best[0]):
                    best = (d, t)
            if best is not None:
                stay.discard(u.id)
                return A.Move(u.id, best[1], escort)
        return None

    def _shoot(self, s: RaidState, side: int) -> Action | None:
        for u in s.units:
            if u.side == side and s.can_shoot(u):
                targets = s.shot_targets(u)
                if targets:
                    t = max(targets, key=lambda sq: len(s.occupancy()[sq]))
                    return A.Shoot(u.id, t)
        return None

    def _fight(self, s: RaidState, side: int) -> Action | None:
        best = None
        for frm in s.attack_squares(side):
            mine = s.fighting_points(s.fighters(frm, attacking=True))
            for at in s.attack_targets(frm, side):
                theirs = s.fighting_points(s.fighters(at, attacking=False))
                edge = mine - theirs
                if edge >= 0 and (best is None or edge > best[0]):
                    best = (edge, frm, at)
        if best is None:
            return None
        return A.Attack(best[1], best[2])

    def _ignite(self, s: RaidState) -> Action | None:
        loot = set(self._loot_left(s))
        near = {(c + dc, r + dr) for c, r in loot for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        for u in s.fire_setters():
            for t in s.ignite_targets(u):
                if t in loot or t in near or s.side_at(t) == ATTACKER:
                    continue
                return A.Ignite(u.id, t)
        return None

    def _pending(self, s: RaidState, seat: int) -> Action:
        p = s.pending
        assert p is not None
        if p[0] == "casualty":
            cands = s.casualty_candidates()
            victim = cands[0].side
            pick = min(cands, key=value) if victim == seat else max(cands, key=value)
            return A.ChooseCasualty(pick.id)
        acts = s.legal_actions()
        if p[0] == "pick":
            return max(acts, key=lambda a: len(s.occupancy().get(tuple(a.at), ())))  # type: ignore[attr-defined]
        if p[0] == "place":
            loot = self._loot_left(s)
            if loot:
                return min(acts, key=lambda a: min(cheb(tuple(a.at), g) for g in loot))  # type: ignore[attr-defined, arg-type]
        return acts[0]
