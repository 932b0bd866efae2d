"""Sections 19, 17.2 and 17.4 as state steps: firing and return fire, grappling, boarding."""

from __future__ import annotations

from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.naval import combat
from wargame.naval.actions import (
    Board,
    Fire,
    Grapple,
    HoldFire,
)
from wargame.naval.common import (
    R_BOARD,
    R_FIRE,
    R_GRAPPLE,
    as_aim,
    as_position,
)
from wargame.naval.rules import Aim, Position
from wargame.naval.ship import Ship, Status
from wargame.plural import count


class FightSteps:
    """Mixed into :class:`~wargame.naval.play.NavalPlay`, whose fields (ships, sea,
    rules, ts, phase, ...) and flow helpers (_require_ship_step, _log, ...) it uses."""

    def _do_fire(self, a: Fire, dice: DiceService) -> None:
        pos, aim = as_position(a.battery), as_aim(a.aim)
        returning = self.phase == "return"
        if returning:
            assert self.ret is not None
            if a.ship != self.ret[0] or a.target != self.ret[1]:
                raise IllegalAction(
                    f"only {self.ret[0]} may return fire now, at {self.ret[1]}", rule=R_FIRE
                )
            ship, ts = self.ships[a.ship], None
        else:
            ship, ts = self._require_ship_step(a, a.ship, "fire", R_FIRE)
            if pos.value in ts.fired:
                raise IllegalAction(
                    f"{ship.name}'s {pos.value} guns have fired this turn", rule=R_FIRE
                )
        target = self.ships.get(a.target)
        if target is None or target.side == ship.side or not target.in_play:
            raise IllegalAction(f"{a.target} is not an enemy ship in the fight", rule=R_FIRE)
        why = combat.battery_can_fire(ship, pos)
        if why:
            raise IllegalAction(why, rule=R_FIRE)
        shot = combat.plan_shot(self.sea, self.rules, ship, pos, target)
        if isinstance(shot, str):
            raise IllegalAction(shot, rule=R_FIRE)
        if shot.dice <= 0:
            raise IllegalAction("the fire factor is 0: no dice to roll", rule=R_FIRE)
        side = None
        if aim is Aim.HULL and shot.raking:
            if a.side not in ("larboard", "starboard"):
                raise IllegalAction(
                    "a raking shot at the hull must choose the side it damages", rule=R_FIRE
                )
            side = Position(a.side)
        elif a.side:
            raise IllegalAction("only a raking shot at the hull chooses a side", rule=R_FIRE)
        # -- valid: mutate from here
        if ts is not None:
            self._advance(ts, "fire")
            ts.fired.append(pos.value)
        hit = combat.resolve_shot(shot, aim, side, ship, target, self.rules, dice, self._log)
        self._after_losses()
        resume = ("fire", ship.name, target.name, "1" if hit else "0", "1" if returning else "0")
        if self._pause_for_guns(resume):
            return
        self._fire_after(ship, target, hit=hit, returning=returning, dice=dice)

    def _fire_after(
        self, ship: Ship, target: Ship, *, hit: bool, returning: bool, dice: DiceService
    ) -> None:
        """The rest of a firing once the owner has chosen the guns lost (if any)."""
        if hit:
            self._mark_damaged(target)
        self._after_losses()
        if returning:
            self.phase = "ship"
            self.ret = None
            self._after_ship_action(dice)
            return
        self._maybe_return_fire(ship, target, dice)
        if self.phase == "ship":
            self._after_ship_action(dice)

    def _maybe_return_fire(self, firer: Ship, target: Ship, dice: DiceService) -> None:
        if not target.in_play or not firer.in_play or target.name in self.returned:
            return
        if not self.fire_options(target, [firer]):
            return
        roll = dice.d6(f"{target.name}: return fire")
        if roll >= self.rules.fire.return_fire_on:
            self._log(
                f"{target.name} rolls {roll} to return fire: she may fire back at {firer.name}"
            )
            self.returned.append(target.name)
            self.phase = "return"
            self.ret = (target.name, firer.name)
        else:
            self._log(f"{target.name} rolls {roll} to return fire: not this time")

    def _do_hold_fire(self, a: HoldFire, dice: DiceService) -> None:
        if self.phase != "return" or self.ret is None or a.ship != self.ret[0]:
            raise IllegalAction("there is no return fire to hold", rule=R_FIRE)
        self._log(f"{a.ship} holds her fire")
        self.phase = "ship"
        self.ret = None
        self._after_ship_action(dice)

    # grappling and boarding
    def _do_grapple(self, a: Grapple, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "grapple", R_GRAPPLE)
        if ts.grappled:
            raise IllegalAction(
                f"{ship.name} has already tried to grapple this turn", rule=R_GRAPPLE
            )
        target = self.ships.get(a.target)
        if target is None or target not in self.grapple_targets(ship):
            raise IllegalAction(
                f"{a.target} is not an enemy in a touching hex, ungrappled", rule=R_GRAPPLE
            )
        avail = ship.fighting_points - ts.fp_used
        if not 1 <= a.points <= avail:
            raise IllegalAction(
                f"{ship.name} has {count(avail, 'fighting point', 'fighting points')} to grapple with",
                rule=R_GRAPPLE,
            )
        self._advance(ts, "grapple")
        ts.grappled = True
        ts.fp_used += a.points
        mod, why = combat.grapple_modifier(ship, target, self.rules)
        rolls = dice.d6s(a.points, f"{ship.name}: grapple {target.name} (6 grapples)")
        best = max(rolls) + mod
        ok = best >= self.rules.grapple.hit_on
        self._log(
            f"{ship.name} throws grapples at {target.name} with {a.points} fighting points"
            f"{' (' + ', '.join(why) + ')' if why else ''}: rolled {' '.join(map(str, rolls))}: "
            f"{'grappled!' if ok else 'no hold'}"
        )
        if ok:
            ship.grappled = (*ship.grappled, target.name)
            target.grappled = (*target.grappled, ship.name)
        self._after_ship_action(dice)

    def boarding_matchup(
        self, ship: Ship, target: Ship, *, captain: bool
    ) -> tuple[tuple[int, list[str]], tuple[int, list[str]]]:
        """(dice, reasons) of the boarding ship and of the defender, as 17.4 counts them now."""
        ts = self.ts
        used = ts.fp_used if ts is not None and ts.ship == ship.name else 0
        mine = combat.boarding_dice(
            ship,
            attacker=True,
            captain=captain,
            first_of_game=not self.boarded_ever,
            fighting=max(0, ship.fighting_points - used),
            rules=self.rules,
            won_last=ship.won_last_fight == (target.name, self.turn_no - 1),
        )
        theirs = combat.boarding_dice(
            target,
            attacker=False,
            captain=False,
            first_of_game=False,
            fighting=target.fighting_points,
            rules=self.rules,
            won_last=target.won_last_fight == (ship.name, self.turn_no - 1),
        )
        return mine, theirs

    def _do_board(self, a: Board, dice: DiceService) -> None:
        ship, ts = self._require_ship_step(a, a.ship, "board", R_BOARD)
        if ts.boarded:
            raise IllegalAction(
                f"{ship.name} has already fought a boarding action this turn", rule=R_BOARD
            )
        target = self.ships.get(a.target)
        if target is None or target.name not in ship.grappled or not target.in_play:
            raise IllegalAction(f"{ship.name} is not grappled with {a.target}", rule=R_BOARD)
        if a.captain and not ship.captain_alive:
            raise IllegalAction(f"{ship.name}'s captain is dead", rule=R_BOARD)
        self._advance(ts, "board")
        ts.boarded = True
        ship.must_board = False
        b = self.rules.boarding
        (n_a, parts_a), (n_d, parts_d) = self.boarding_matchup(ship, target, captain=a.captain)
        self.boarded_ever = True
        fights = ship.fights.get(target.name, 0)
        kill_on = combat.boarding_kill_on(ship, target, self.rules)
        ship.fights[target.name] = fights + 1
        target.fights[ship.name] = target.fights.get(ship.name, 0) + 1
        ra = dice.d6s(n_a, f"{ship.name}: boarding {target.name} ({kill_on}+ kills)")
        rd = dice.d6s(n_d, f"{target.name}: repel boarders ({kill_on}+ kills)")
        ka = sum(1 for v in ra if v >= kill_on)
        kd = sum(1 for v in rd if v >= kill_on)
        self._log(
            f"{ship.name} boards {target.name}! {n_a} dice ({', '.join(parts_a)}) against "
            f"{n_d} ({', '.join(parts_d)}); kills on {kill_on}+"
        )
        self._log(
            f"  {ship.name} rolled {' '.join(map(str, ra)) or '-'}: {count(ka, 'kill', 'kills')}; "
            f"{target.name} rolled {' '.join(map(str, rd)) or '-'}: {count(kd, 'kill', 'kills')}"
        )
        combat.kill_crew(target, ka)
        combat.kill_crew(ship, kd)
        if ka:
            self._mark_damaged(target)
        if kd:
            self._mark_damaged(ship)
        ship.won_last_fight = (target.name, self.turn_no) if ka > kd else None
        target.won_last_fight = (ship.name, self.turn_no) if kd > ka else None
        if kd > ka:
            extra = kd - ka
            rolls = dice.d6s(extra, f"{target.name}: defender's extra kills")
            self._log(f"  {target.name} kills more: rolled {' '.join(map(str, rolls))}")
            if any(v >= b.defender_captain_on for v in rolls) and ship.captain_alive:
                ship.captain_alive = False
                self._log(f"  {ship.name}'s captain is killed!")
            if any(v >= b.defender_degrapple_on for v in rolls):
                self._log(f"  {ship.name} and {target.name} are thrown apart (degrappled)")
                ship.grappled = tuple(x for x in ship.grappled if x != target.name)
                target.grappled = tuple(x for x in target.grappled if x != ship.name)
            else:
                target.must_board = True
                self._log(f"  {target.name} must become the attacker")
        elif ka > kd:
            extra = ka - kd
            seize = dice.d6s(extra, f"{ship.name}: seize {target.name} (6)")
            cap = dice.d6s(extra, f"{ship.name}: kill {target.name}'s captain (6)")
            self._log(
                f"  {ship.name} kills more: seize {' '.join(map(str, seize))}, "
                f"captain {' '.join(map(str, cap))}"
            )
            if any(v >= b.attacker_captain_on for v in cap) and target.captain_alive:
                target.captain_alive = False
                self._log(f"  {target.name}'s captain is killed!")
            if any(v >= b.attacker_seize_on for v in seize):
                target.status = Status.SURRENDERED
                target.captured_by = ship.side
                self._log(f"  {target.name} is seized and surrenders to {ship.name}!")
        else:
            self._log("  neither kills more: the ships stay grappled")
        if a.captain and ship.captain_alive:
            g = dice.d6(f"{ship.name}: captain's gamble")
            if g >= b.captain_gamble_on:
                ship.captain_alive = False
                self._log(f"  gamble {g}: {ship.name}'s captain falls in the fight!")
                if target.warship and target.in_play:
                    s = dice.d6(f"{ship.name}: surrender after losing her captain")
                    if s >= b.surrender_on:
                        ship.status = Status.SURRENDERED
                        ship.captured_by = target.side
                        self._log(f"  {s}: {ship.name} surrenders!")
                    else:
                        self._log(f"  {s}: {ship.name} fights on")
            else:
                self._log(f"  gamble {g}: the captain comes through")
        self._after_losses()  # a ship that surrendered lets go of her grapples before any pause
        if self._pause_for_guns(("board",)):
            return
        self._after_losses()
        self._after_ship_action(dice)
