"""22.15 Shooting, 22.16 hand-to-hand fighting, saves and officer hits."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.plural import count
from wargame.raid import actions as A
from wargame.raid.model import ATTACKER, DEFENDER, SIDE_WORDS, Sq, Unit, square_arg

if TYPE_CHECKING:
    from wargame.raid.state import RaidState

SHOOT = "22.15 Shooting"
FIGHT = "22.16 Hand to hand fighting"
OFFICER_HIT = "22.16 Officer Hit"
SAVE = "22.16 To save"


class CombatMixin:
    # -- shooting ---------------------------------------------------------------------
    def can_shoot(self: RaidState, u: Unit) -> bool:
        return u.status == "ready" and not u.shot and u.kind in self.rules.shooting.shooters

    def shot_targets(self: RaidState, u: Unit) -> list[Sq]:
        """Squares with enemies that ``u`` may shoot at, range and line of fire checked."""
        if u.sq is None:
            return []
        units = self.units
        c, r = u.sq
        s = self.rules.shooting
        reach = max(s.range_any_direction, s.range_orthogonal)  # no shot goes further
        return sorted(
            sq
            for sq, idx in self.occupancy().items()
            if units[idx[0]].side != u.side
            and max(abs(sq[0] - c), abs(sq[1] - r)) <= reach
            and self.in_range(u.sq, sq)
        )

    def in_range(self: RaidState, frm: Sq, at: Sq) -> bool:
        """Range and line of fire from ``frm`` to ``at`` (22.15)."""
        s = self.rules.shooting
        dc, dr = at[0] - frm[0], at[1] - frm[1]
        dist = max(abs(dc), abs(dr))
        if dist == 0:
            return False
        if dist <= s.range_any_direction:
            return True
        if (dc and dr) or dist > s.range_orthogonal:
            return False
        sc, sr = (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)
        return all(self._clear((frm[0] + sc * j, frm[1] + sr * j)) for j in range(1, dist))

    def shot_range(self: RaidState, frm: Sq) -> list[Sq]:
        """Every square a musket at ``frm`` reaches (occupied or not)."""
        s = self.rules.shooting
        c0, r0 = frm
        out: list[Sq] = []
        n = s.range_any_direction
        for dr in range(-n, n + 1):
            for dc in range(-n, n + 1):
                sq = (c0 + dc, r0 + dr)
                if (dc or dr) and self.town.contains(sq):
                    out.append(sq)
        for dc, dr in ((1, 0), (0, 1), (-1, 0), (0, -1)):
            for k in range(n + 1, s.range_orthogonal + 1):
                sq = (c0 + dc * k, r0 + dr * k)
                if not self.town.contains(sq):
                    break
                if all(self._clear((c0 + dc * j, r0 + dr * j)) for j in range(1, k)):
                    out.append(sq)
        return out

    def _clear(self: RaidState, sq: Sq) -> bool:
        """A square a shot passes over: open ground and no figures in it."""
        return self.rules.squares[self.town.type_at(sq)].open and not self.occupancy().get(sq)

    def has_shot(self: RaidState, side: int) -> bool:
        occ = self._occ if self._occ is not None else self.occupancy()
        units = self.units
        enemy = [sq for sq, idx in occ.items() if units[idx[0]].side != side]
        reach = self.rules.shooting.range_orthogonal
        for i in self.side_units[side]:
            u = units[i]
            if not self.can_shoot(u):
                continue
            c, r = u.sq  # type: ignore[misc]
            for sq in enemy:
                if max(abs(sq[0] - c), abs(sq[1] - r)) <= reach and self.in_range(u.sq, sq):  # type: ignore[arg-type]
                    return True
        return False

    def shoot_actions(self: RaidState, side: int) -> list[A.Shoot]:
        return [
            A.made(A.Shoot, u.id, t)
            for u in self.units
            if u.side == side and self.can_shoot(u)
            for t in self.shot_targets(u)
        ]

    def validate_shoot(self: RaidState, a: A.Shoot) -> Callable[[DiceService], None]:
        u = self.unit(a.unit)
        side = self.active_side()
        if u.side != side:
            raise IllegalAction(f"{u.label()} is not one of the {SIDE_WORDS[side]}", rule=SHOOT)
        if u.kind not in self.rules.shooting.shooters:
            raise IllegalAction(
                f"{u.label()} has no muskets: only {', '.join(self.rules.shooting.shooters)} "
                "groups shoot",
                rule=SHOOT,
            )
        if not u.ready:
            raise IllegalAction(f"{u.label()} is not on the table", rule=SHOOT)
        if u.shot:
            raise IllegalAction(f"{u.label()} has already shot this turn", rule=SHOOT)
        at = square_arg(a.at)
        holder = self.side_at(at) if self.town.contains(at) else None
        if holder is None or holder == u.side:
            raise IllegalAction(f"there is no enemy at {at[0]},{at[1]} to shoot", rule=SHOOT)
        if not self.in_range(u.sq, at):  # type: ignore[arg-type]
            assert u.sq is not None
            dc, dr = at[0] - u.sq[0], at[1] - u.sq[1]
            if (dc == 0 or dr == 0) and max(
                abs(dc), abs(dr)
            ) <= self.rules.shooting.range_orthogonal:
                why = "the first square is not open ground free of figures: no line of fire"
            else:
                why = (
                    f"out of range: 1 square in any direction or "
                    f"{self.rules.shooting.range_orthogonal} straight along a row or column"
                )
            raise IllegalAction(f"{u.label()} cannot shoot {at[0]},{at[1]}: {why}", rule=SHOOT)

        def run(dice: DiceService) -> None:
            self._do_shoot(u, at, dice)

        return run

    def hit_modifier(self: RaidState, u: Unit) -> int:
        """The shooter's modifier to the hit roll: +1 hardened, -1 militia or scurvy."""
        s = self.rules.shooting
        mods = (s.hit_quality.get(u.quality, 0), s.hit_kind.get(u.kind, 0))
        if s.penalties_stack:
            return sum(mods)
        return sum(m for m in mods if m > 0) + min(0, *mods)

    def _do_shoot(self: RaidState, u: Unit, at: Sq, dice: DiceService) -> None:
        s = self.rules.shooting
        u.shot = True
        if u.side == ATTACKER:
            self.pirates_give_away()
        mod = self.hit_modifier(u)
        roll = dice.d6(f"{u.id} shoots at {at[0]},{at[1]}: hits on {s.hit_on}+ ({mod:+d})")
        if roll + mod < s.hit_on:
            self.note(f"{u.label()} shoots at {at[0]},{at[1]}: {roll}{mod:+d}, a miss.")
            return
        pick = dice.d6(f"{u.id}'s hit: the shooter chooses the target on {s.choice_on}+")
        chooser = u.side if pick >= s.choice_on else 1 - u.side
        self.note(
            f"{u.label()} shoots at {at[0]},{at[1]}: {roll}{mod:+d}, a hit; "
            f"{pick}: the {SIDE_WORDS[chooser]} choose who is hit."
        )
        self.hits.append((at, 1 - u.side, chooser, "shoot"))

    # -- hand-to-hand ---------------------------------------------------------------------
    def fighters(self: RaidState, sq: Sq, *, attacking: bool) -> list[Unit]:
        """Who adds to the fighting factor: not those who shot; scurvy need an officer to attack."""
        here = [u for u in self.at(sq) if not u.shot]
        if attacking and not any(u.is_officer for u in here):
            here = [u for u in here if u.is_officer or u.quality != "scurvy"]
        return here

    def fighting_points(self: RaidState, units: list[Unit]) -> int:
        f = self.rules.fighting
        pts = 0
        hardened = scurvy = 0
        for u in units:
            if u.is_officer:
                pts += f.officer
                continue
            pts += f.factors.get(u.kind, 0)
            if u.quality == "hardened":
                hardened += 1
            elif u.quality == "scurvy":
                scurvy += 1
        pts += f.hardened_bonus * min(hardened, f.hardened_bonus_max)
        pts -= f.scurvy_malus * min(scurvy, f.scurvy_malus_max)
        return max(pts, 0)

    def fighting_dice(self: RaidState, points: int) -> int:
        f = self.rules.fighting
        whole, part = divmod(points, f.points_per_die)
        return whole + (1 if part and f.part_counts else 0)

    def fight_dice(self: RaidState, frm: Sq, at: Sq) -> tuple[int, int, int, int]:
        """(points, dice) of the figures attacking from ``frm`` and of those at ``at``."""
        pa = self.fighting_points(self.fighters(frm, attacking=True))
        pd = self.fighting_points(self.fighters(at, attacking=False))
        return pa, self.fighting_dice(pa), pd, self.fighting_dice(pd)

    def attack_targets(self: RaidState, frm: Sq, side: int) -> list[Sq]:
        occ = self._occ if self._occ is not None else self.occupancy()
        units = self.units
        out = []
        for sq in self.adj8[frm]:
            here = occ.get(sq)
            if here and units[here[0]].side != side:
                out.append(sq)
        return out

    def attack_squares(self: RaidState, side: int) -> list[Sq]:
        occ = self.occupancy()
        return sorted(
            sq
            for sq, idx in occ.items()
            if self.units[idx[0]].side == side
            and sq not in self.attacked_from
            and self.fighters(sq, attacking=True)
        )

    def has_attack(self: RaidState, side: int) -> bool:
        # Targets first: they are cheap to find, and most squares have none.
        occ = self.occupancy()
        units = self.units
        return any(
            units[idx[0]].side == side
            and sq not in self.attacked_from
            and self.attack_targets(sq, side)
            and self.fighters(sq, attacking=True)
            for sq, idx in occ.items()
        )

    def attack_actions(self: RaidState, side: int) -> list[A.Attack]:
        occ = self.occupancy()
        units = self.units
        out: list[A.Attack] = []
        for sq in sorted(
            q
            for q, idx in occ.items()
            if units[idx[0]].side == side and q not in self.attacked_from
        ):
            targets = self.attack_targets(sq, side)
            if targets and self.fighters(sq, attacking=True):
                out.extend([A.made(A.Attack, sq, t) for t in targets])
        return out

    def validate_attack(self: RaidState, a: A.Attack) -> Callable[[DiceService], None]:
        side = self.active_side()
        frm = square_arg(a.frm)
        at = square_arg(a.at)
        if self.side_at(frm) != side:
            raise IllegalAction(
                f"the {SIDE_WORDS[side]} have no figures at {frm[0]},{frm[1]}", rule=FIGHT
            )
        if frm in self.attacked_from:
            raise IllegalAction(
                f"the figures at {frm[0]},{frm[1]} have already attacked this turn", rule=FIGHT
            )
        if max(abs(frm[0] - at[0]), abs(frm[1] - at[1])) != 1:
            raise IllegalAction(
                f"{at[0]},{at[1]} is not next to {frm[0]},{frm[1]}: hand-to-hand is with a "
                "neighbouring square",
                rule=FIGHT,
            )
        holder = self.side_at(at)
        if holder is None or holder == side:
            raise IllegalAction(f"there is no enemy at {at[0]},{at[1]}", rule=FIGHT)
        mine = self.fighters(frm, attacking=True)
        if not mine:
            here = self.at(frm)
            if any(not u.shot and u.quality == "scurvy" for u in here):
                raise IllegalAction(
                    "scurvy groups can only attack if accompanied by an officer", rule=FIGHT
                )
            raise IllegalAction(
                "groups that shot this turn do not count toward the fighting factor: no one "
                "is left to attack",
                rule=FIGHT,
            )

        def run(dice: DiceService) -> None:
            self._do_attack(frm, at, mine, dice)

        return run

    def _do_attack(self: RaidState, frm: Sq, at: Sq, mine: list[Unit], dice: DiceService) -> None:
        side = mine[0].side
        pa, na, pd, nd = self.fight_dice(frm, at)
        self.attacked_from.add(frm)
        self.engaged.add(at)
        ra = dice.d6s(na, f"Hand-to-hand: {SIDE_WORDS[side]} from {frm[0]},{frm[1]}")
        rd = dice.d6s(nd, f"Hand-to-hand: {SIDE_WORDS[1 - side]} at {at[0]},{at[1]}")
        ha = self._fight_hits(ra, at, 1 - side, side)
        hd = self._fight_hits(rd, frm, side, 1 - side)
        self.note(
            f"The {SIDE_WORDS[side]} at {frm[0]},{frm[1]} ({pa} points, {na} dice: "
            f"{' '.join(map(str, ra)) or '-'}) attack {at[0]},{at[1]} ({pd} points, {nd} dice: "
            f"{' '.join(map(str, rd)) or '-'}): {count(ha, 'hit', 'hits')} given, {hd} taken."
        )

    def _fight_hits(self: RaidState, faces: tuple[int, ...], sq: Sq, victim: int, by: int) -> int:
        f = self.rules.fighting
        n = 0
        for face in faces:
            hits = f.hits_by_face[face - 1]
            chooser = by if face >= f.choice_on else victim
            for _ in range(hits):
                self.hits.append((sq, victim, chooser, "fight"))
                n += 1
        return n

    # -- hits, saves, officer hits -----------------------------------------------------------
    def casualty_candidates(self: RaidState) -> list[Unit]:
        sq, victim, _chooser, _src = self.hits[0]
        return [u for u in self.at(sq) if u.side == victim]

    def process_hits(self: RaidState, dice: DiceService) -> None:
        """Resolve queued hits until a player must choose who is hit."""
        while self.hits and self.pending is None:
            cands = self.casualty_candidates()
            if not cands:
                self.hits.pop(0)
                continue
            if len({u.signature() for u in cands}) > 1:
                self.pending = ("casualty", self.hits[0][2])
                return
            self._take_hit(cands[0], dice)

    def save_roll(self: RaidState, u: Unit, source: str) -> tuple[int, int] | None:
        """(need, modifier) of the save ``u`` makes against a hit from ``source``
        ("shoot" or "fight"); None: no save (an officer hit hand to hand)."""
        if source == "shoot":
            s = self.rules.shooting
            mod = (
                s.save_officer
                if u.is_officer
                else (s.save_hardened if u.quality == "hardened" else 0)
            )
            return s.save_on, mod + (s.save_building if self.is_building(u.sq) else 0)  # type: ignore[arg-type]
        if u.is_officer:
            return None
        return self.rules.fighting.save_on[u.quality], 0

    def _take_hit(self: RaidState, u: Unit, dice: DiceService) -> None:
        _sq, _victim, _chooser, source = self.hits.pop(0)
        save = self.save_roll(u, source)
        if u.is_officer:
            if save is not None:
                need, mod = save
                roll = dice.d6(f"{u.name} saves on {need}+ ({mod:+d})")
                if roll + mod >= need:
                    self.note(f"{u.label()} is hit but saved ({roll}{mod:+d}).")
                    return
            self._officer_hit(u, source, dice)
            return
        assert save is not None
        need, mod = save
        if source == "shoot":
            roll = dice.d6(f"{u.id} saves on {need}+ ({mod:+d})")
            saved = roll + mod >= need
            text = f"{roll}{mod:+d}"
        else:
            roll = dice.d6(f"{u.id} ({u.quality}) saves on {need}+")
            saved = roll >= need
            text = str(roll)
        if saved:
            self.note(f"{u.label()} is hit but saved ({text}).")
        else:
            self.note(f"{u.label()} is hit and fails its save ({text}): dead.")
            self.kill(u)

    def _officer_hit(self: RaidState, u: Unit, source: str, dice: DiceService) -> None:
        face = dice.d6(f"Officer hit: {u.name}")
        result = self.rules.officer_hit.by_face[face - 1]
        if result == "captured" and source == "shoot":
            result = self.rules.officer_hit.captured_when_shot
        if result == "dead":
            self.note(f"{u.label()} is hit ({face}): dead.")
            self.kill(u)
        elif result == "captured":
            self.note(f"{u.label()} is hit ({face}): captured.")
            self.capture(u, dice)
        elif result == "move":
            options = self.retreat_squares(u)
            if len(options) == 1:
                self.note(f"{u.label()} is hit ({face}): he falls back one square.")
                self._place(u, options[0])
            elif options:
                self.note(f"{u.label()} is hit ({face}): he must fall back one square.")
                self.pending = ("retreat", u.side, u.id)
            elif source == "fight":
                self.note(f"{u.label()} is hit ({face}) with nowhere to fall back: captured.")
                self.capture(u, dice)
            else:
                self.note(f"{u.label()} is hit ({face}) but has nowhere to fall back: he stays.")
        else:
            self.note(f"{u.label()} is hit ({face}): unhurt.")

    def retreat_squares(self: RaidState, u: Unit) -> list[Sq]:
        assert u.sq is not None
        cap = self.rules.movement.square_capacity
        occ = self.occupancy()
        out = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                sq = (u.sq[0] + dc, u.sq[1] + dr)
                if not (dc or dr) or not self.town.contains(sq):
                    continue
                here = occ.get(sq, [])
                if here and (self.units[here[0]].side != u.side or len(here) >= cap):
                    continue
                out.append(sq)
        return out

    def kill(self: RaidState, u: Unit, *, test: bool = True) -> None:
        v = self.rules.victory
        if test and u.sq is not None:
            self.morale_tests.append((u.side, u.sq))
        self._remove(u, "dead")
        if u.side == DEFENDER:
            if u.is_officer:
                self.score(v.officer_killed, f"{u.label()} killed")
            elif u.quality == "scurvy":
                self.score(v.scurvy_group_killed, f"{u.label()} killed")
            else:
                self.score(v.group_killed, f"{u.label()} killed")
        elif not u.is_officer:
            self.score(v.pirate_group_killed, f"pirate {u.label()} killed")

    def capture(self: RaidState, u: Unit, dice: DiceService) -> None:
        v = self.rules.victory
        self._remove(u, "captured")
        if u.side == DEFENDER:
            n = v.governor_captured_dice if u.kind == "governor" else v.officer_captured_dice
            pts = sum(dice.d6s(n, f"{u.name} captured: {n}d6 points"))
            self.score(pts, f"{u.label()} captured")
        else:
            n = v.attacker_officer_captured_dice
            pts = sum(dice.d6s(n, f"Pirate {u.name} captured: -{n}d6 points"))
            self.score(-pts, f"pirate {u.label()} captured")

    # -- pending choices ---------------------------------------------------------------
    def _pending_actions(self: RaidState) -> list[Action]:
        from wargame.raid.townevents import pending_actions

        return pending_actions(self)

    def _validate_pending(self: RaidState, action: Action) -> Callable[[DiceService], None]:
        from wargame.raid.townevents import validate_pending

        return validate_pending(self, action)

    def choose_casualty(self: RaidState, a: A.ChooseCasualty) -> Callable[[DiceService], None]:
        cands = self.casualty_candidates()
        u = self.unit(a.unit)
        if u not in cands:
            names = ", ".join(c.id for c in cands)
            raise IllegalAction(
                f"{a.unit} is not one of the figures that can take this hit ({names})",
                rule=SHOOT if self.hits[0][3] == "shoot" else FIGHT,
            )

        def run(dice: DiceService) -> None:
            self.pending = None
            self._take_hit(u, dice)

        return run
