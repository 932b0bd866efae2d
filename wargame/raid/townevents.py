"""5 morale, 6 fire, 7 looting, 8 alarm raising, and the choices they hand to a player."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.plural import count, verb
from wargame.raid import actions as A
from wargame.raid.model import (
    ATTACKER,
    DEFENDER,
    RAISABLE,
    SIDE_ADJECTIVES,
    SIDE_WORDS,
    Sq,
    Unit,
    square_arg,
)

if TYPE_CHECKING:
    from wargame.raid.state import RaidState

MORALE = "22.19 Morale"
FIRE = "22.23 Burning the town"
LOOT = "22.25 Victory points"
ALARM = "22.12 Alarm raising"
ALARM_RANK = {"none": 0, "hardened": 1, "full": 2}
ALARM_WORDS = {
    "raise_dead": "Raising the dead",
    "desert": "Defenders desert",
    "quiet": "No alarm (the town sleeps on)",
    "alarm_hardened": "Alarm raised for hardened groups and officers",
    "alarm_full": "Alarm raised for all groups and officers",
    "lost": "Pirates get lost",
    "sail_ahoy": "Sail ahoy!",
}


def sq_text(sq: Sq) -> str:
    return f"{sq[0]},{sq[1]}"


class TownEventsMixin:
    # -- 5 morale ----------------------------------------------------------------------
    def run_threshold(self: RaidState, u: Unit) -> int:
        m = self.rules.morale
        return m.officer if u.is_officer else int(getattr(m, u.quality))

    def morale_runner(self: RaidState, side: int, sq: Sq) -> Unit | None:
        """Who runs if the morale test for a dead figure at ``sq`` fails: the figure of
        ``side`` there that runs most easily (None: no one is left there)."""
        here = [u for u in self.at(sq) if u.side == side]
        return min(here, key=self.run_threshold) if here else None

    def _do_morale(self: RaidState, dice: DiceService) -> None:
        tests, self.morale_tests = self.morale_tests, []
        every = self.rules.morale.runs == "every"
        for side, sq in tests:
            weakest = self.morale_runner(side, sq)
            if weakest is None:
                self.note(f"Morale at {sq_text(sq)}: no one is left there to run.")
                continue
            roll = dice.d6(
                f"Morale test for a dead {SIDE_ADJECTIVES[side]} figure at {sq_text(sq)}"
            )
            if every:
                here = [u for u in self.at(sq) if u.side == side]
                running = [u for u in here if roll >= self.run_threshold(u)]
            else:
                running = [weakest] if roll >= self.run_threshold(weakest) else []
            for u in running:
                self._remove(u, "fled")
            if running:
                who = ", ".join(u.label() for u in running)
                self.note(
                    f"Morale at {sq_text(sq)}: {roll}: {who} {'run' if len(running) > 1 else 'runs'}."
                )
            else:
                self.note(f"Morale at {sq_text(sq)}: {roll}: they stand.")

    # -- 6 fire -------------------------------------------------------------------------
    def burnable(self: RaidState, sq: Sq) -> bool:
        return (
            self.rules.squares[self.town.type_at(sq)].burnable
            and sq not in self.fire
            and sq not in self.burned
        )

    def ignite_targets(self: RaidState, u: Unit) -> list[Sq]:
        if u.sq is None:
            return []
        fire, burned = self.fire, self.burned
        return [sq for sq in self.fire_reach[u.sq] if sq not in fire and sq not in burned]

    def fire_setters(self: RaidState) -> list[Unit]:
        return [
            u
            for u in self.units
            if u.side == ATTACKER and u.status == "ready" and not u.is_officer and not u.tried_fire
        ]

    def has_ignite(self: RaidState) -> bool:
        return any(self.ignite_targets(u) for u in self.fire_setters())

    def ignite_actions(self: RaidState) -> list[A.Ignite]:
        return [
            A.made(A.Ignite, u.id, t) for u in self.fire_setters() for t in self.ignite_targets(u)
        ]

    def validate_ignite(self: RaidState, a: A.Ignite) -> Callable[[DiceService], None]:
        u = self.unit(a.unit)
        if u.side != ATTACKER or u.is_officer:
            raise IllegalAction("only the pirates' groups set fire to the town", rule=FIRE)
        if not u.ready:
            raise IllegalAction(f"{u.label()} is not on the table", rule=FIRE)
        if u.tried_fire:
            raise IllegalAction(
                f"{u.label()} has already tried this turn (1 roll per group)", rule=FIRE
            )
        at = square_arg(a.at)
        if at not in self.ignite_targets(u):
            if self.town.contains(at) and not self.rules.squares[self.town.type_at(at)].burnable:
                why = f"a {self.rules.squares[self.town.type_at(at)].label.lower()} does not burn"
            elif at in self.fire or at in self.burned:
                why = "it is already burning or burned"
            else:
                why = "it is not the group's square or next to it"
            raise IllegalAction(f"{u.label()} cannot set fire to {sq_text(at)}: {why}", rule=FIRE)

        def run(dice: DiceService) -> None:
            u.tried_fire = True
            need = self.rules.fire.start_on
            roll = dice.d6(f"{u.id} sets fire to {sq_text(at)} on {need}")
            if roll >= need:
                self.note(f"{u.label()} rolls {roll}: {sq_text(at)} is on fire!")
                self.start_fire(at)
            else:
                self.note(f"{u.label()} rolls {roll}: the fire will not catch at {sq_text(at)}.")

        return run

    def start_fire(self: RaidState, sq: Sq) -> None:
        self.fire[sq] = 0
        self.pirates_give_away()
        label = self.rules.squares[self.town.type_at(sq)].label.lower()
        self.score(self.rules.victory.building_burned, f"{label} at {sq_text(sq)} burned")

    def _do_burn(self: RaidState, dice: DiceService) -> None:
        f = self.rules.fire
        for sq in sorted(self.fire):
            a, d = dice.d6s(
                2, f"Fire at {sq_text(sq)} spreads on a difference of {f.spread_difference}+"
            )
            if abs(a - d) >= f.spread_difference:
                caught = []
                for dc, dr in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                    n = (sq[0] + dc, sq[1] + dr)
                    if self.town.contains(n) and self.burnable(n):
                        caught.append(n)
                self.note(
                    f"Fire at {sq_text(sq)} ({a} and {d}) spreads"
                    + (
                        f" to {', '.join(map(sq_text, caught))}."
                        if caught
                        else ": nothing left to catch."
                    )
                )
                for n in caught:
                    self.start_fire(n)
            else:
                self.note(f"Fire at {sq_text(sq)} ({a} and {d}) does not spread.")
        for sq in sorted(self.fire):
            for u in self.at(sq):
                roll = dice.d6(f"{u.id} in the fire at {sq_text(sq)} burns on {f.burn_on}+")
                if roll >= f.burn_on:
                    self.note(f"{u.label()} burns to death ({roll}).")
                    self.kill(u)
        for sq in sorted(self.fire):
            self.fire[sq] += 1
            if self.fire[sq] >= f.burns_for_turns:
                del self.fire[sq]
                self.burned.add(sq)
                self.note(f"The fire at {sq_text(sq)} burns out, leaving a ruin.")
        # one pass a turn: the fires left burn on in the next turn's burn phase
        self._next_step()

    # -- 7 looting ----------------------------------------------------------------------
    def loot_need(self: RaidState, sq: Sq) -> int:
        return self.loot_sq.get(sq, 0)

    def ransack_actions(self: RaidState) -> list[A.Ransack]:
        out = []
        occ = self.occupancy()
        for sq, need in self.loot_sq.items():
            idx = occ.get(sq)
            if not idx or sq in self.looted or self.units[idx[0]].side != ATTACKER:
                continue
            groups = [self.units[i].id for i in idx if not self.units[i].is_officer]
            for combo in combinations(groups, need):
                out.append(A.Ransack(combo, sq))
        return out

    def spikeable(self: RaidState, u: Unit) -> list[Unit]:
        if u.sq is None or u.is_officer:
            return []
        out = []
        for g in self.units:
            if g.kind != "guns" or g.side != DEFENDER or g.status != "ready":
                continue
            assert g.sq is not None
            if max(abs(g.sq[0] - u.sq[0]), abs(g.sq[1] - u.sq[1])) != 1:
                continue
            if all(o.kind == "guns" for o in self.at(g.sq)):
                out.append(g)
        return out

    def spike_actions(self: RaidState) -> list[A.SpikeGun]:
        return [A.SpikeGun(u.id, g.id) for u in self.on_table(ATTACKER) for g in self.spikeable(u)]

    def has_loot(self: RaidState) -> bool:
        return bool(self.ransack_actions()) or any(
            self.spikeable(u) for u in self.on_table(ATTACKER)
        )

    def loot_actions(self: RaidState) -> list[Action]:
        return [*self.ransack_actions(), *self.spike_actions()]

    def validate_ransack(self: RaidState, a: A.Ransack) -> Callable[[DiceService], None]:
        at = square_arg(a.at)
        if not self.town.contains(at):
            raise IllegalAction(f"{a.at} is not a square of the town", rule=LOOT)
        kind = self.rules.squares[self.town.type_at(at)].loot
        need = self.loot_need(at)
        if not need:
            raise IllegalAction(
                f"{sq_text(at)} is no treasury or governor's residence: nothing to ransack",
                rule=LOOT,
            )
        if at in self.looted:
            raise IllegalAction(f"{sq_text(at)} has already been ransacked", rule=LOOT)
        if len(a.units) != need or len(set(a.units)) != need:
            raise IllegalAction(
                f"ransacking the {kind} takes {count(need, 'different group', 'different groups')}, which "
                f"{verb(need, 'is', 'are')} removed",
                rule=LOOT,
            )
        groups = [self.unit(g) for g in a.units]
        for g in groups:
            if g.side != ATTACKER or g.is_officer or not g.ready or g.sq != at:
                raise IllegalAction(
                    f"{g.label()} is not a pirate group at {sq_text(at)}", rule=LOOT
                )

        def run(dice: DiceService) -> None:
            v = self.rules.victory
            if kind == "treasury":
                pts = sum(dice.d6s(v.treasury_dice, f"Treasury ransacked: {v.treasury_dice}d6"))
            else:
                pts = sum(
                    dice.d6s(v.residence_dice, f"Residence ransacked: d6+{v.residence_bonus}")
                )
                pts += v.residence_bonus
            for g in groups:
                self._remove(g, "looting")
            self.looted.add(at)
            label = self.rules.squares[self.town.type_at(at)].label
            self.note(
                f"{' and '.join(g.label() for g in groups)} ransack the {label.lower()} and "
                "carry the loot away."
            )
            self.score(pts, f"{label} ransacked")

        return run

    def validate_spike(self: RaidState, a: A.SpikeGun) -> Callable[[DiceService], None]:
        u = self.unit(a.unit)
        g = self.unit(a.gun)
        if u.side != ATTACKER or u.is_officer or not u.ready:
            raise IllegalAction(f"{u.label()} is not a pirate group on the table", rule=LOOT)
        if g not in self.spikeable(u):
            raise IllegalAction(
                f"{g.label()} cannot be spiked by {u.id}: a gun is spiked from the next square "
                "when no other defender stands with it",
                rule=LOOT,
            )

        def run(dice: DiceService) -> None:
            self._remove(g, "spiked")
            self.note(f"{u.label()} spikes {g.label()}.")
            self.score(self.rules.victory.gun_spiked, f"{g.label()} spiked")

        return run

    # -- 8 alarm ------------------------------------------------------------------------
    def pirates_give_away(self: RaidState) -> None:
        """The pirates fire or set a fire. After a 6 (hardened alarm) that alarms the whole
        town at once (22.12 "All groups alarmed if pirates have fired or set fire")."""
        if self.pirates_fired:
            return
        self.pirates_fired = True
        if self.alarm == "hardened" and self.rules.alarm.six_watches_for_fire:
            self.note("The pirates have fired or set fires: the whole town is alarmed.")
            self.raise_alarm("full")

    def raise_alarm(self: RaidState, level: str) -> None:
        if ALARM_RANK[level] > ALARM_RANK[self.alarm]:
            self.alarm = level
        if self.alarm_turn is None:
            self.alarm_turn = self.turn_no

    def _do_alarm(self: RaidState, dice: DiceService) -> None:
        total = dice.two_d6("Alarm raising (2d6)")
        effect = self.rules.alarm.results[total]
        self.phase = "alarm_done"
        self.note(f"Alarm roll {total}: {ALARM_WORDS[effect]}.")
        al = self.rules.alarm
        if effect == "raise_dead":
            raised = []
            for u in self.units:
                if u.side == DEFENDER and u.status in RAISABLE:
                    if (
                        dice.d6(f"Raising the dead: {u.id} returns on {al.raise_dead_on}+")
                        >= al.raise_dead_on
                    ):
                        raised.append(u.id)
            if raised:
                self.note(f"Back to fight: {', '.join(raised)}.")
                self._next_placement(tuple(raised))
        elif effect == "desert":
            self._start_pick(ATTACKER, "desert", dice)
        elif effect == "lost":
            self._start_pick(DEFENDER, "lost", dice)
        elif effect == "alarm_hardened":
            if self.pirates_fired:
                self.note("The pirates have fired or set fires: the whole town is alarmed.")
                self.raise_alarm("full")
            else:
                self.raise_alarm("hardened")
        elif effect == "alarm_full":
            self.raise_alarm("full")
        elif effect == "sail_ahoy":
            if self.sail_ahoy_turn is None:
                self.sail_ahoy_turn = self.turn_no
                self.note("A ship is sighted: the raid ends at the end of the next turn.")

    def place_squares(self: RaidState) -> list[Sq]:
        cap = self.rules.alarm.raise_dead_capacity
        occ = self.occupancy()
        out = []
        for sq in self.town.squares():
            here = occ.get(sq, [])
            if here and (self.units[here[0]].side != DEFENDER or len(here) >= cap):
                continue
            out.append(sq)
        return out

    def _next_placement(self: RaidState, ids: tuple[str, ...]) -> None:
        if ids and self.place_squares():
            self.pending = ("place", DEFENDER, ids)
        else:
            self.pending = None
            for uid in ids:
                self.note(f"{uid} finds no room in the town and stays away.")

    def pick_squares(self: RaidState, effect: str) -> list[Sq]:
        out = []
        for sq, idx in sorted(self.occupancy().items()):
            units = [self.units[i] for i in idx]
            if effect == "desert":
                if any(
                    u.side == DEFENDER and not u.is_officer and u.quality in ("able", "scurvy")
                    for u in units
                ):
                    out.append(sq)
            elif units[0].side == ATTACKER:
                out.append(sq)
        return out

    def _start_pick(self: RaidState, seat: int, effect: str, dice: DiceService) -> None:
        options = self.pick_squares(effect)
        if len(options) == 1:
            self._resolve_pick(effect, options[0], dice)
        elif options:
            self.pending = ("pick", seat, effect)

    def _resolve_pick(self: RaidState, effect: str, sq: Sq, dice: DiceService) -> None:
        al = self.rules.alarm
        if effect == "desert":
            gone = []
            for u in self.at(sq):
                if u.side == DEFENDER and not u.is_officer and u.quality in ("able", "scurvy"):
                    if dice.d6(f"{u.id} deserts on {al.desert_on}+") >= al.desert_on:
                        self._remove(u, "deserted")
                        gone.append(u.label())
            self.note(
                f"Desertion at {sq_text(sq)}: " + (", ".join(gone) or "no one") + " sneaks off."
            )
        else:
            gone = []
            for u in self.at(sq):
                if dice.d6(f"{u.id} gets lost on {al.lost_on}+") >= al.lost_on:
                    self._remove(u, "lost")
                    gone.append(u.label())
            self.note(f"At {sq_text(sq)} " + (", ".join(gone) or "no one") + " gets lost.")


# -- pending choices -----------------------------------------------------------------
def pending_actions(state: RaidState) -> list[Action]:
    p = state.pending
    assert p is not None
    kind = p[0]
    if kind == "casualty":
        return [A.ChooseCasualty(u.id) for u in state.casualty_candidates()]
    if kind == "retreat":
        return [A.RetreatOfficer(sq) for sq in state.retreat_squares(state.unit(p[2]))]
    if kind == "pick":
        return [A.PickSquare(sq) for sq in state.pick_squares(p[2])]
    return [A.PlaceRaised(p[2][0], sq) for sq in state.place_squares()]


def pending_text(state: RaidState) -> str:
    p = state.pending
    if p is None:
        return ""
    who = SIDE_WORDS[p[1]]
    if p[0] == "casualty":
        sq, _victim, _c, src = state.hits[0]
        more = f" ({len(state.hits)} hits to resolve)" if len(state.hits) > 1 else ""
        return f"The {who} choose which figure at {sq_text(sq)} takes the {'shot' if src == 'shoot' else 'blow'}{more}"
    if p[0] == "retreat":
        return f"The {who} choose where {state.unit(p[2]).label()} falls back"
    if p[0] == "pick":
        return (
            f"The {who} choose the square where defenders desert"
            if p[2] == "desert"
            else f"The {who} choose a square of pirates who get lost"
        )
    return f"The {who} places {state.unit(p[2][0]).label()}, raised from the dead"


def validate_pending(state: RaidState, action: Action) -> Callable[[DiceService], None]:
    p = state.pending
    assert p is not None
    kind = p[0]
    wanted = {
        "casualty": A.ChooseCasualty,
        "retreat": A.RetreatOfficer,
        "pick": A.PickSquare,
        "place": A.PlaceRaised,
    }[kind]
    if not isinstance(action, wanted):
        raise IllegalAction(
            f"a choice is waiting first: {pending_text(state)}", rule="Land raid turn sequence"
        )
    if isinstance(action, A.ChooseCasualty):
        return state.choose_casualty(action)
    if isinstance(action, A.RetreatOfficer):
        u = state.unit(p[2])
        to = square_arg(action.to)
        if to not in state.retreat_squares(u):
            raise IllegalAction(
                f"{u.label()} falls back 1 square to a free square without enemies, not {action.to}",
                rule="22.16 Officer Hit",
            )

        def run_retreat(dice: DiceService) -> None:
            state.pending = None
            state._place(u, to)  # type: ignore[arg-type]
            state.note(f"{u.label()} falls back to {sq_text(to)}.")  # type: ignore[arg-type]

        return run_retreat
    if isinstance(action, A.PickSquare):
        at = square_arg(action.at)
        if at not in state.pick_squares(p[2]):
            what = "able or scurvy defender groups" if p[2] == "desert" else "only pirates"
            raise IllegalAction(f"{action.at} holds no {what}", rule=ALARM)

        def run_pick(dice: DiceService) -> None:
            state.pending = None
            state._resolve_pick(p[2], at, dice)  # type: ignore[arg-type]

        return run_pick
    assert isinstance(action, A.PlaceRaised)
    ids = p[2]
    if action.unit != ids[0]:
        raise IllegalAction(f"place {ids[0]} first", rule=ALARM)
    at = square_arg(action.at)
    if at not in state.place_squares():
        raise IllegalAction(
            f"{action.at} is held by the pirates or full ({state.rules.alarm.raise_dead_capacity} "
            "groups/officers)",
            rule=ALARM,
        )

    def run_place(dice: DiceService) -> None:
        u = state.unit(ids[0])
        state._place(u, at)  # type: ignore[arg-type]
        state.note(f"{u.label()} rises to fight again at {sq_text(at)}.")  # type: ignore[arg-type]
        state._next_placement(ids[1:])

    return run_place
