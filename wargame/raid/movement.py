"""22.13 Movement: who may move, how far, with whom, and into which squares."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING

from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.plural import count
from wargame.raid import actions as A
from wargame.raid.model import ATTACKER, DEFENDER, SIDE_WORDS, Sq, Unit, square_arg

if TYPE_CHECKING:
    from wargame.raid.state import RaidState

MOVE = "22.13 Movement"
ENGAGED = "22.16 Hand to hand fighting ('Attacked square must stay. No reinforcement')"
ONE_SIDE = "Ruling: one side per square"


#: Every plain move of a unit from a square, as (square, move) pairs in reach order
#: and as the moves alone, by (unit, square), with the reach they were built from: a
#: move list is mostly the same moves again, and building a frozen action costs ten
#: times a look-up.
_MOVES: dict[
    tuple[str, Sq],
    tuple[tuple[Sq, ...], tuple[tuple[Sq, A.Move], ...], tuple[A.Move, ...]],
] = {}


def _plain_moves(
    uid: str, sq: Sq, reach: tuple[Sq, ...]
) -> tuple[tuple[Sq, ...], tuple[tuple[Sq, A.Move], ...], tuple[A.Move, ...]]:
    hit = _MOVES.get((uid, sq))
    if hit is not None and hit[0] is reach:
        return hit
    if len(_MOVES) > 50_000:
        _MOVES.clear()
    pairs = tuple((t, A.Move(uid, t)) for t in reach)
    hit = _MOVES[(uid, sq)] = (reach, pairs, tuple(m for _, m in pairs))
    return hit


#: Moves of an officer with his escort, made once each (the same few come back).
_ESCORTED: dict[tuple[str, Sq, tuple[str, ...]], A.Move] = {}


def _escorted_move(uid: str, to: Sq, escort: tuple[str, ...]) -> A.Move:
    key = (uid, to, escort)
    move = _ESCORTED.get(key)
    if move is None:
        if len(_ESCORTED) > 50_000:
            _ESCORTED.clear()
        move = _ESCORTED[key] = A.Move(uid, to, escort)
    return move


class MovementMixin:
    # -- who may move ------------------------------------------------------------------
    def needs_rouse(self: RaidState) -> bool:
        return (
            self.phase == "move"
            and self.pending is None
            and self.active_side() == DEFENDER
            and self.alarm == "none"
            and not self.rouse_rolled
            and any(u.is_officer for u in self.on_table(DEFENDER))
        )

    def why_not_alone(self: RaidState, u: Unit) -> str | None:
        """Why ``u`` may not move on its own now, or None if it may."""
        if u.side == ATTACKER or self.alarm == "full":
            return None
        if self.alarm == "hardened":
            if u.is_officer or u.quality == "hardened":
                return None
            return (
                f"{u.label()} is not alarmed: only officers and hardened groups move freely "
                "until the whole town is alarmed; it may go with an officer"
            )
        if u.is_officer:
            if u.roused:
                return None
            return f"{u.label()} did not roll 5,6 to move this turn"
        return f"{u.label()} may only move with a roused officer until the alarm is raised"

    def escort_limits(self: RaidState, officer: Unit) -> tuple[int, int]:
        """(groups of any quality, further scurvy groups) a defender officer may take with
        him: before the alarm the 3 groups and his d6 of scurvy groups; after a "6" alarm
        the 3 groups only (of any quality)."""
        m = self.rules.movement
        if self.alarm == "none":
            return m.escort_groups, officer.scurvy_escort
        return m.escort_groups, 0

    def _blocked(self: RaidState, side: int, movers: int) -> set[Sq]:
        """Squares ``movers`` groups of ``side`` may not enter: engaged squares, squares of
        the other side, and squares without room for them."""
        room = self.rules.movement.square_capacity - movers  # groups a square may hold
        occ = self._occ if self._occ is not None else self.occupancy()
        units = self.units
        out = {sq for sq, here in occ.items() if units[here[0]].side != side or len(here) > room}
        out.update(self.engaged)
        return out

    def _targets(self: RaidState, u: Unit, movers: int, blocked: set[Sq] | None = None) -> list[Sq]:
        """The squares ``u`` (with ``movers`` groups in all) may move into, in reach order;
        ``blocked`` is ``_blocked(u.side, movers)`` when the caller has it."""
        if u.sq is None or u.sq in self.engaged:
            return []
        if movers > self.rules.movement.square_capacity:
            return []
        if blocked is None:
            blocked = self._blocked(u.side, movers)
        return [sq for sq in self.reach[u.sq] if sq not in blocked]

    # -- listing ------------------------------------------------------------------------
    def has_move(self: RaidState, side: int) -> bool:
        """True if some unit of ``side`` may move on its own now (stops at the first)."""
        cap = self.rules.movement.square_capacity
        if cap < 1:
            return False
        occ = self._occ if self._occ is not None else self.occupancy()
        units = self.units
        engaged = self.engaged
        reach = self.reach
        for i in self.side_units[side]:
            u = units[i]
            if u.status != "ready" or u.moved:
                continue
            sq = u.sq
            if sq is None or sq in engaged or self.why_not_alone(u) is not None:
                continue
            for t in reach[sq]:
                here = occ.get(t)
                if here and (units[here[0]].side != side or len(here) >= cap):
                    continue
                if t not in engaged:
                    return True
        return False

    def movable(self: RaidState, side: int) -> list[Unit]:
        return [
            u
            for u in self.units
            if u.side == side and u.status == "ready" and not u.moved and u.sq not in self.engaged
        ]

    def move_actions(self: RaidState, side: int) -> list[A.Move]:
        out: list[A.Move] = []
        blocked: dict[int, set[Sq]] = {}  # by the number of groups moving together
        alone_ok = self.rules.movement.square_capacity >= 1
        engaged, squares = self.engaged, self.reach
        # Only the defender needs leave to move before the whole town is alarmed.
        free = side == ATTACKER or self.alarm == "full"
        alone: set[Sq] | None = None
        units = self.units
        for i in self.side_units[side]:  # the movable ones: ready, not moved, not engaged
            u = units[i]
            if u.status != "ready" or u.moved or u.sq in engaged:
                continue
            if not free and self.why_not_alone(u) is not None:
                continue
            if alone is None:
                alone = blocked[1] = self._blocked(side, 1)
            sq = u.sq
            if alone_ok and sq is not None:  # movable: on the table and not engaged
                reach = squares[sq]
                hit = _MOVES.get((u.id, sq))
                if hit is None or hit[0] is not reach:
                    hit = _plain_moves(u.id, sq, reach)
                reach, pairs, moves = hit
                if alone.isdisjoint(reach):  # the usual case: every square is open
                    out.extend(moves)
                else:
                    out.extend([move for t, move in pairs if t not in alone])
            if u.is_officer and u.side == DEFENDER:
                for escort in self.escort_options(u):
                    movers = 1 + len(escort)
                    group = blocked.get(movers)
                    if group is None:
                        group = blocked[movers] = self._blocked(side, movers)
                    for t in self._targets(u, movers, group):
                        out.append(_escorted_move(u.id, t, escort))
        return out

    def escort_options(self: RaidState, officer: Unit) -> list[tuple[str, ...]]:
        """Groups of the officer's square that need him to move, in every allowed set."""
        others, scurvy = self.escort_limits(officer)
        need = [
            u
            for u in self.at(officer.sq)  # type: ignore[arg-type]
            if not u.is_officer and not u.moved and self.why_not_alone(u) is not None
        ]
        sc = [u.id for u in need if u.quality == "scurvy"]
        ot = [u.id for u in need if u.quality != "scurvy"]
        out: list[tuple[str, ...]] = []
        for i in range(min(others, len(ot)) + 1):
            for a in combinations(ot, i):
                for j in range(min(others - i + scurvy, len(sc)) + 1):
                    for b in combinations(sc, j):
                        if a or b:
                            out.append(tuple(sorted(a + b, key=self.by_id.__getitem__)))
        return out

    # -- validating and doing ------------------------------------------------------------
    def validate_move(self: RaidState, a: A.Move) -> Callable[[DiceService], None]:
        u = self.unit(a.unit)
        side = self.active_side()
        if u.side != side:
            raise IllegalAction(
                f"{u.label()} belongs to the {SIDE_WORDS[u.side]}; the {SIDE_WORDS[side]} "
                "are moving",
                rule=MOVE,
            )
        if not u.ready:
            raise IllegalAction(f"{u.label()} is not on the table ({u.status})", rule=MOVE)
        if u.moved:
            raise IllegalAction(f"{u.label()} has already moved this turn", rule=MOVE)
        assert u.sq is not None
        to = square_arg(a.to)
        if not self.town.contains(to):
            raise IllegalAction(f"{a.to} is not a square of the town", rule=MOVE)
        reach = self.rules.movement.move_squares
        dist = max(abs(to[0] - u.sq[0]), abs(to[1] - u.sq[1]))
        if dist == 0 or dist > reach:
            raise IllegalAction(
                f"{u.label()} moves {count(reach, 'square', 'squares')} in any of 8 directions, and "
                f"{to[0]},{to[1]} is {dist} away",
                rule=f"Ruling: movement distance ({MOVE})",
            )
        if u.sq in self.engaged:
            raise IllegalAction(
                f"{u.label()}'s square was attacked: it must stay this turn", rule=ENGAGED
            )
        why = self.why_not_alone(u)
        if why is not None:
            raise IllegalAction(why, rule=MOVE)
        escorts = self._validate_escort(u, a.escort)
        movers = 1 + len(escorts)
        holder = self.side_at(to)
        if holder is not None and holder != u.side:
            raise IllegalAction(
                f"{to[0]},{to[1]} is held by the {SIDE_WORDS[holder]}: attack it in "
                "hand-to-hand instead",
                rule=ONE_SIDE,
            )
        if to in self.engaged:
            raise IllegalAction(
                f"{to[0]},{to[1]} was attacked: no reinforcement may join it", rule=ENGAGED
            )
        cap = self.rules.movement.square_capacity
        there = len(self.occupancy().get(to, ()))
        if there + movers > cap:
            raise IllegalAction(
                f"{to[0]},{to[1]} holds {there}; {movers} more would pass the limit of {cap} "
                "groups/officers per square",
                rule=MOVE,
            )

        def run(dice: DiceService) -> None:
            self._do_move([u, *escorts], to, dice)

        return run

    def _validate_escort(self: RaidState, officer: Unit, ids: tuple[str, ...]) -> list[Unit]:
        if not ids:
            return []
        if not (officer.is_officer and officer.side == DEFENDER):
            raise IllegalAction(
                "only a defenders' officer leads groups with him; move each figure on its own",
                rule=MOVE,
            )
        if len(set(ids)) != len(ids):
            raise IllegalAction("a group is named twice in the escort", rule=MOVE)
        out = []
        for gid in ids:
            g = self.unit(gid)
            if g.side != officer.side or g.is_officer:
                raise IllegalAction(f"{g.label()} cannot go with {officer.label()}", rule=MOVE)
            if not g.ready or g.sq != officer.sq:
                raise IllegalAction(f"{g.label()} is not in {officer.label()}'s square", rule=MOVE)
            if g.moved:
                raise IllegalAction(f"{g.label()} has already moved this turn", rule=MOVE)
            out.append(g)
        others, scurvy = self.escort_limits(officer)
        n_sc = sum(1 for g in out if g.quality == "scurvy")
        if len(out) - n_sc > others:
            raise IllegalAction(f"an officer takes at most {others} groups with him", rule=MOVE)
        if n_sc > others - (len(out) - n_sc) + scurvy:
            raise IllegalAction(
                f"{officer.label()} takes at most {others} groups"
                + (
                    f" and {count(scurvy, 'more scurvy group', 'more scurvy groups')} (his d6)"
                    if scurvy
                    else ""
                )
                + f", not {len(out)}",
                rule=MOVE,
            )
        return out

    def _do_move(self: RaidState, movers: list[Unit], to: Sq, dice: DiceService) -> None:
        frm = movers[0].sq
        went = []
        need = self.rules.movement.gun_moves_on
        for u in movers:
            u.moved = True
            if u.kind == "guns":
                roll = dice.d6(f"Gun {u.id} moves on {need},6")
                if roll < need:
                    self.note(f"{u.label()} rolls {roll}: the gun will not budge.")
                    continue
            self._place(u, to)
            went.append(u)
        if went:
            self.note_later(_moved, tuple(went), frm, to)

    def _do_rouse(self: RaidState, dice: DiceService) -> None:
        m = self.rules.movement
        self.rouse_rolled = True
        for u in self.on_table(DEFENDER):
            if not u.is_officer:
                continue
            roll = dice.d6(f"{u.name}: moves on {m.officer_moves_on},6 (not alarmed)")
            if roll >= m.officer_moves_on:
                u.roused = True
                scurvy_here = any(
                    g.quality == "scurvy" and not g.is_officer
                    for g in self.at(u.sq)  # type: ignore[arg-type]
                )
                if m.scurvy_escort_dice and scurvy_here:
                    u.scurvy_escort = sum(
                        dice.d6s(m.scurvy_escort_dice, f"{u.name}: scurvy groups he may take")
                    )
                    self.note(
                        f"{u.label()} rolls {roll}: he may move, with up to "
                        f"{count(m.escort_groups, 'group', 'groups')} and "
                        f"{count(u.scurvy_escort, 'scurvy group', 'scurvy groups')}."
                    )
                else:
                    self.note(
                        f"{u.label()} rolls {roll}: he may move, with up to "
                        f"{m.escort_groups} groups."
                    )
            else:
                self.note(f"{u.label()} rolls {roll}: he stays put.")


def _moved(went: tuple[Unit, ...], frm: Sq, to: Sq) -> str:
    """The log's sentence of a move (written out when the log is read: ``note_later``;
    a figure's label, its kind, quality, name and id, never changes)."""
    verb = "moves" if len(went) == 1 else "move"
    names = ", ".join(u.label() for u in went)
    return f"{names} {verb} from {frm[0]},{frm[1]} to {to[0]},{to[1]}."
