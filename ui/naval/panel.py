"""The side panel of the battle table: the phase, the buttons of what may be done, the
fire controls with the exact odds before a roll."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QPushButton,
    QSpinBox,
)

from ui.naval.scene import side_name
from ui.naval.units import length
from wargame.core.actions import Action
from wargame.core.probability import average, chance_at_least, percent
from wargame.naval import combat, fight_odds
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
    ReduceSail,
    RollExtra,
    TurnCount,
    WindChange,
)
from wargame.naval.movement import exit_of, exit_phrase, is_off_table
from wargame.naval.odds import hit_distribution
from wargame.naval.rules import POSITIONS, Position
from wargame.naval.state import NavalState

STEP_HELP = {
    "move": "move (click a green hex, turn her with Left/Right or a drag, Enter sails)",
    "extra": "roll for an extra hex, or go on to fire",
    "extra_move": "move the extra hex (click the green hex, Enter sails)",
    "fire": "fire: click an enemy, choose battery and aim, then Fire",
    "grapple": "grapple a touching enemy",
    "board": "board a grappled enemy",
}


def escort_goal(st: NavalState) -> str:
    """The scenario's victory condition in words ("" if it has none)."""
    hold = st.victory.hold
    if hold is not None:
        col, row = st.sea.to_offset(hold.harbour)
        who = side_name(hold.side).lower()
        return (
            f"\nHold: the {who} wins by holding the harbour ({col}, {row}) for {hold.turns} "
            f"turns in a row ({st.held} so far); else the {side_name(1 - hold.side).lower()} wins."
        )
    ship = st.ships.get(st.escort) if st.escort else None
    if ship is None or not ship.in_play:
        return ""
    sc = st.rules.score
    edge = f"off the {st.escort_edge} edge" if st.escort_edge else "off the table"
    return (
        f"\nEscort: {ship.name} scores {sc.escaped[ship.type]} for the "
        f"{side_name(ship.side).lower()} if she gets away {edge}, "
        f"{sc.taken[ship.type]} for the {side_name(1 - ship.side).lower()} if taken."
    )


def _dist_text(dist: Mapping[int, Fraction]) -> str:
    """The chance of each count ("0: 33%, 1: 44%, 2: 22%"), leaving out the impossible."""
    return ", ".join(f"{k}: {percent(p)}" for k, p in sorted(dist.items()) if p) or "none"


def compass(angle: float) -> str:
    names = [
        "east",
        "south-east",
        "south",
        "south-west",
        "west",
        "north-west",
        "north",
        "north-east",
    ]
    return names[round((angle % 360) / 45) % 8]


#: A button label longer than this gets a row of its own in the phase panel.
WIDE_LABEL = 22


class PanelMixin:
    """Mixed into :class:`~ui.naval.view.NavalView` (uses its state, widgets and act())."""

    def _phase_text(self) -> str:
        st = self.state
        if st.phase == "over":
            out = st.outcome()
            sc = st.scores()
            win = (
                "a draw"
                if out is None or out.winner is None
                else f"the {side_name(out.winner).lower()} wins"
            )
            return f"The battle is over ({st.end_reason}): {win}, {sc[0]} to {sc[1]}."
        head = f"Turn {st.turn_no} - {st.coins} coins on the countdown - wind towards {compass(st.sea.heading_angle(st.wind))}."
        head += escort_goal(st)
        if st.phase == "ship" and st.ts is not None:
            ship = st.ships[st.ts.ship]
            return (
                f"{head}\n{side_name(ship.side)}: {ship.name} ({ship.type.value}, {st.ts.sail_point}) - "
                f"{STEP_HELP[st.ts.step]}."
            )
        if st.phase == "return" and st.ret is not None:
            return f"{head}\n{side_name(st.ships[st.ret[0]].side)}: {st.ret[0]} may return fire at {st.ret[1]} - fire or hold (E)."
        if st.phase in ("choose_gun", "fire_side"):
            ship = st.choice_ship()
            who = side_name(ship.side) if ship is not None else ""
            what = "a gun to lose" if st.phase == "choose_gun" else "the side that burns"
            return f"{head}\n{who} chooses {what}: {st.choice_reason()}."
        if st.phase == "countdown":
            return f"{head}\n{side_name(st.roll_side)}: roll to add a turn (6), deduct one (4,5,6), or pass."
        return f"{head}\n{side_name(st.roll_side)}: try to change the wind (5,6), or pass."

    def _fill_buttons(self, legal: list[Action]) -> None:
        while self.buttons.count():
            item = self.buttons.takeAt(0)
            w = item.widget()
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()
        labels: list[tuple[str, Action]] = []
        tips: dict[int, str] = {}  # id(action): the details of its odds
        rules = self.state.rules
        grapples: dict[str, Grapple] = {}
        for a in legal:
            if isinstance(a, Move | ExtraMove) and is_off_table(tuple(a.to)):
                way = exit_of(tuple(a.to))
                by = f" by the {exit_phrase(way)}" if way else " the table"
                facing = self.state.sea.facing_name(a.heading)
                labels.append((f"Sail off{by} (heading {facing})", a))
            elif isinstance(a, ReduceSail):
                labels.append(("Reduce sail (4 turns)", a))
            elif isinstance(a, GearCheck):
                labels.append((f"Roll to move (gear damaged: {self._d6_odds(a.ship, 'gear')})", a))
            elif isinstance(a, RollExtra):
                labels.append((f"Roll for an extra hex: {self._d6_odds(a.ship, 'extra')}  (X)", a))
            elif isinstance(a, CutFree):
                p = fight_odds.cut_free(rules)
                labels.append(
                    (f"Cut free of the grapples ({rules.movement.cut_free_on}+, {percent(p)})", a)
                )
            elif isinstance(a, Grapple):
                if a.target not in grapples or a.points > grapples[a.target].points:
                    grapples[a.target] = a
            elif isinstance(a, Board):
                text, tip = self._board_label(a)
                labels.append((text, a))
                tips[id(a)] = tip
            elif isinstance(a, EndShipTurn):
                labels.append(("End ship's turn  (E)", a))
            elif isinstance(a, HoldFire):
                labels.append(("Hold fire  (E)", a))
            elif isinstance(a, ChooseGun):
                b = self.state.ships[a.ship].batteries[Position(a.position)]
                labels.append((f"Lose a {a.position} gun ({b.guns} {b.weight.value} there)", a))
            elif isinstance(a, FireSide):
                left = self.state.ships[a.ship].hull[Position(a.side)]
                dmg = fight_odds.fire_damage(rules)
                labels.append((f"Burn the {a.side} side ({left} hull left)", a))
                tips[id(a)] = (
                    f"The fire does D6-{rules.hull.fire_damage_minus} damage: "
                    + ", ".join(f"{k}: {percent(p)}" for k, p in sorted(dmg.items()))
                    + f"; {percent(dmg.get(0, 0))} that it does none. "
                    f"Then it is put out on {rules.hull.fire_out_on}+."
                )
            elif isinstance(a, TurnCount):
                t = rules.turn
                labels.append(
                    (
                        {
                            "add": f"Roll to add a turn ({t.add_turn_on}+, "
                            f"{percent(fight_odds.countdown(rules, 'add'))})",
                            "deduct": f"Roll to deduct a turn ({t.deduct_turn_on}+, "
                            f"{percent(fight_odds.countdown(rules, 'deduct'))})",
                            "pass": "Pass",
                        }[str(a.choice)],
                        a,
                    )
                )
            elif isinstance(a, WindChange):
                chance = f" ({percent(fight_odds.wind_change(rules))})"
                labels.append(
                    (
                        {
                            "cw": "Try to veer the wind clockwise" + chance,
                            "ccw": "Try to back the wind anticlockwise" + chance,
                            "pass": "Leave the wind",
                        }[str(a.choice)],
                        a,
                    )
                )
                if a.choice != "pass":
                    tips[id(a)] = f"The wind changes on {rules.turn.wind_change_on}+ on one die."
        for g in grapples.values():
            labels.insert(0, (self._grapple_label(g, g.points), g))
        row = 0
        if grapples:
            top = max(g.points for g in grapples.values())
            spin = QSpinBox()
            spin.setObjectName("grapple_points")
            spin.setRange(1, top)
            spin.setValue(top)
            spin.setPrefix("Grapple with ")
            spin.setSuffix(" fighting points")
            self.buttons.addWidget(spin, 0, 0, 1, 2)
            self.grapple_spin = spin
            row = 1
        # Short labels share a row two by two; long ones (odds, dice) get a row each.
        wide = any(len(text) > WIDE_LABEL or "\n" in text for text, _ in labels)
        for i, (text, a) in enumerate(labels):
            b = QPushButton(text)
            b.setObjectName(a.kind)
            if id(a) in tips:
                b.setToolTip(tips[id(a)])
            if isinstance(a, ChooseGun | FireSide):
                b.setObjectName(f"{a.kind}:{a.position if isinstance(a, ChooseGun) else a.side}")
                b.setStyleSheet("font-weight: bold")
            if isinstance(a, RollExtra):
                b.setShortcut(QKeySequence("X"))
            if isinstance(a, Grapple):
                b.clicked.connect(lambda _=False, g=a: self._grapple(g))
                b.setToolTip(self._grapple_tip(a))
                self.grapple_spin.valueChanged.connect(
                    lambda n, g=a, btn=b: btn.setText(self._grapple_label(g, n))
                )
            else:
                b.clicked.connect(lambda _=False, act=a: self.act(act))
            if isinstance(a, ChooseGun | FireSide) or wide:  # one full row each
                self.buttons.addWidget(b, row + i, 0, 1, 2)
            else:
                self.buttons.addWidget(b, row + i // 2, i % 2)

    def _grapple_label(self, g: Grapple, points: int) -> str:
        st = self.state
        p = fight_odds.grapple_odds(st, st.ships[g.ship], st.ships[g.target], points)
        return f"Grapple {g.target} with {points} points ({percent(p)})"

    def _grapple_tip(self, g: Grapple) -> str:
        st = self.state
        mod, why = combat.grapple_modifier(st.ships[g.ship], st.ships[g.target], st.rules)
        need = st.rules.grapple.hit_on
        return (
            f"One die per fighting point; the best die{f' {mod:+d}' if mod else ''} must make "
            f"{need}+ to take hold{' (' + ', '.join(why) + ')' if why else ''}. "
            "Points used to grapple do not board this turn."
        )

    def _grapple(self, g: Grapple) -> None:
        points = min(self.grapple_spin.value(), g.points)
        self.act(Grapple(g.ship, g.target, points))

    def _d6_odds(self, name: str, what: str) -> str:
        """The chance of a movement roll, with the crew's modifier."""
        st = self.state
        ship, ts = st.ships[name], st.ts
        mod = st.rules.movement.quality_die_modifier[ship.quality]
        if what == "gear":
            need = st.rules.movement.gear_check_on
        else:
            assert ts is not None
            need = st.rules.sail.point(ts.sail_point).extra_on
        faces = sum(1 for v in range(1, 7) if v + mod >= need)
        return f"{need}+{f' ({mod:+d})' if mod else ''}, {faces / 6:.0%}"

    def _board_label(self, a: Board) -> tuple[str, str]:
        """The button text (the dice, the chance of each outcome, the losses) and its
        tooltip (every modifier and what may follow)."""
        st = self.state
        ship, target = st.ships[a.ship], st.ships[a.target]
        o = fight_odds.boarding_odds(st, ship, target, captain=a.captain)
        who = " with the captain" if a.captain else ""
        text = (
            f"Board the {a.target}{who}\n"
            f"you roll {o.dice} dice, she rolls {o.their_dice}; kills on {o.kill_on}+\n"
            f"you win {percent(o.win)}, draw {percent(o.draw)}, she wins {percent(o.lose)}\n"
            f"on average you lose {average(o.my_losses)} crew, she {average(o.their_losses)}"
        )
        b = st.rules.boarding
        tip = [
            f"Your dice: {', '.join(o.reasons)} = {o.dice}.",
            f"Her dice: {', '.join(o.their_reasons)} = {o.their_dice}.",
            f"Each die kills on {o.kill_on}+ ({percent(chance_at_least(o.kill_on))}).",
            "Your kills: " + _dist_text(o.kills) + ".",
            "Her kills: " + _dist_text(o.their_kills) + ".",
            f"If you kill more, each extra kill seizes her on {b.attacker_seize_on} and kills her "
            f"captain on {b.attacker_captain_on}: she is seized {percent(o.seize)}"
            + (
                f", her captain killed {percent(o.their_captain)}." if target.captain_alive else "."
            ),
            f"If she kills more, each extra kill throws you apart on {b.defender_degrapple_on}+ "
            f"({percent(o.thrown_apart)}), else she must board you next.",
        ]
        if ship.captain_alive:
            tip.append(f"Your captain is killed: {percent(o.my_captain)}.")
        if o.surrender:
            tip.append(f"You surrender after losing him: {percent(o.surrender)}.")
        tip.append(
            f"Morale when at half strength: fails on {combat.morale_fail_on(ship, st.rules)}+ "
            f"({percent(fight_odds.morale_fail(ship, st.rules))})."
        )
        return text, "\n".join(tip)

    def _fill_fire(self, legal: list[Action]) -> None:
        fires = [a for a in legal if isinstance(a, Fire)]
        shooter = self._firing_ship()
        if self.target is None and fires and shooter is not None:
            mine = [a for a in fires if a.ship == shooter]
            if mine and self.state.phase == "return":
                self.target = mine[0].target
        keep = self.battery_box.currentData()
        self.battery_box.blockSignals(True)
        self.side_box.blockSignals(True)
        self.battery_box.clear()
        self.side_box.clear()
        options = [a for a in fires if a.ship == shooter and a.target == self.target]
        batteries = sorted(
            {a.battery for a in options}, key=lambda p: list(Position).index(Position(p))
        )
        for pos in batteries:
            self.battery_box.addItem(f"{Position(pos).value} guns", pos)
        if keep in batteries:
            self.battery_box.setCurrentIndex(batteries.index(keep))
        sides = sorted({a.side for a in options if a.side})
        self.side_box.addItems(sides or ["(facing side)"])
        self.battery_box.blockSignals(False)
        self.side_box.blockSignals(False)
        self.fire_group.setEnabled(bool(options))
        if self.target and not options:
            # the panel greys out: say why in the player's words (defect 8 of issue 26)
            self.target_label.setText(f"Target: <b>{self.target}</b> - {self.why_no_shot()}")
        elif self.target:
            self.target_label.setText(f"Target: <b>{self.target}</b>")
        else:
            self.target_label.setText("Target: click an enemy ship in an arc")
        self._update_odds()

    def why_no_shot(self) -> str:
        """Why the firing ship cannot fire at the target: each battery's reason (out of
        its arc, out of range, an island in the way), or that it is not her time."""
        st = self.state
        shooter = self._firing_ship()
        target = st.ships.get(self.target or "")
        if shooter is None or target is None:
            return "no ship of yours may fire now"
        ship = st.ships[shooter]
        if target.side == ship.side:
            return f"{target.name} is on your side"
        reasons = []
        for pos in POSITIONS:
            if ship.batteries[pos].guns <= 0:
                continue
            why = combat.plan_shot(st.sea, st.rules, ship, pos, target)
            if isinstance(why, str):
                reasons.append(f"{pos.value} guns: {why}")
        if not reasons:
            return f"{ship.name} cannot fire now (not her fire step, or that battery has fired)"
        if all("not in the" in r and "arc" in r for r in reasons):
            return f"{target.name} is in none of {ship.name}'s gun arcs"
        return "; ".join(reasons)

    def side_applies(self) -> bool:
        """Whether the chosen shot chooses a hull side: a raking shot at the hull only
        (aimed at crew or sailing gear, the side is not asked and not sent)."""
        if self.session is None:
            return False
        shooter, pos, aim = (
            self._firing_ship(),
            self.battery_box.currentData(),
            self.aim_box.currentText(),
        )
        return any(
            isinstance(a, Fire)
            and a.side
            and (a.ship, a.target, a.battery, a.aim) == (shooter, self.target, pos, aim)
            for a in self.legal()
        )

    def _update_odds(self) -> None:
        if self.session is None:
            return
        self.side_box.setEnabled(self.side_applies())
        st = self.state
        shooter = self._firing_ship()
        pos = self.battery_box.currentData()
        if shooter is None or self.target is None or pos is None:
            self.odds_label.setText("<i>Select a target to see the exact odds before rolling.</i>")
            return
        shot = combat.plan_shot(
            st.sea, st.rules, st.ships[shooter], Position(pos), st.ships[self.target]
        )
        if isinstance(shot, str):
            self.odds_label.setText(shot)
            return
        dist = hit_distribution(shot.dice, st.rules.fire.hit_on)
        cells = " ".join(f"{k}:&nbsp;{p * 100:.1f}%" for k, p in enumerate(dist) if k <= 6)
        self.odds_label.setText(
            f"{length(shot.distance_cm, inches=self.inches)}, {shot.band} range"
            f"{', raking' if shot.raking else ''}<br>"
            f"{shot.factor.explain()}<br><b>Hits:</b> {cells}<br>"
            f"at least one hit: <b>{(1 - dist[0]) * 100:.1f}%</b>, expected {shot.dice / 6:.2f}"
        )
