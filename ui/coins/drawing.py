"""Drawing the Pirate Coins table from one seat's view, and its log.

A mixin of :class:`ui.coins.view.PirateCoinsView`. Everything drawn comes from
``observation(viewer)`` of the seat on screen (the public view between seats),
the seats' names and the coin set of the game's rules; it never changes the game.

The log is what the engine told of each entry (``Entry.told``, else its public
sentence). The reveal panel and what each plunderer took this round follow the
entries (one record per entry), so an undo takes them back with the entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from wargame.coins import actions as A
from wargame.coins.odds import Table, attack_chance, odds, pct
from wargame.coins.state import PHASE_NAMES, PHASE_TITLES, PLUNDER
from wargame.coins.state import SALLY as SALLY_CHOICE
from wargame.core.dice import DiceService, ReplayProvider
from wargame.core.log import Entry
from wargame.errors import WargameError

#: After each entry: the last reveal on show (the reveal, round, turn) and what each
#: plunderer took this round.
Record = tuple[tuple[Any, ...] | None, dict[int, int]]

STEP_WORDS = {
    "start": (
        "{who} starts round {next}: the top coin of the round stack starts the pile of loot.",
        "Start the round (Enter)",
    ),
    "fortune": ("{who} draws the fortune coin from the pouch.", "Draw the fortune coin (Enter)"),
    "reveal": (
        "Everyone has decided. {who} turns every coin over at once.",
        "Reveal all choices (Enter)",
    ),
    "flip": (
        "{who} flips the fortune coin: skull to the pile, monster to the pool ({odds}).",
        "Flip the fortune coin (Enter)",
    ),
}


class CoinsDrawing:
    """The view's drawing half (see the module docstring)."""

    state: Any
    session: Any
    seats: list[str]
    bots: dict[int, Any]
    viewer: int | None
    auto_chores: bool
    my_move: Any
    table: Any
    players: Any
    decision: Any
    reveal: Any
    #: Per log entry: the entry, then its :data:`Record`.
    _records: list[Any]
    route: Any
    _replay: Any

    # -- the log ----------------------------------------------------------------------
    def entry_lines(self, entries: Sequence[Entry], i: int) -> tuple[str | None, list[str]]:
        """What the engine told the entry did ("The fortune coin is a copper coin"),
        else its public sentence ("Pirate 2 has decided", a table override)."""
        e = entries[i]
        return None, list(e.told or ()) or [e.label]

    # -- the reveal on show ------------------------------------------------------------
    def _reveal_record(self) -> Record:
        """The reveal on show and this round's takings after the newest entry. Kept per
        entry from a replay of the entries that follows the log (a step per new entry;
        an undo or another game starts it again), so it never reads the true state."""
        if self.route is not None:
            return self._remote_record()
        entries = self.session.entries
        known = self._records
        if len(known) > len(entries) or (known and known[-1][0] is not entries[len(known) - 1]):
            known.clear()  # an undo (or another game): replay from the start
        try:
            if not known:
                self._replay = self.session.factory(
                    DiceService(ReplayProvider(self.session.setup_rolls))
                )
            for e in entries[len(known) :]:
                self._replay.apply(e.action, DiceService(ReplayProvider(e.rolls)))
                known.append((e, *self._after(e, self._replay, known[-1] if known else None)))
        except WargameError:
            known.clear()
            return None, {}
        return known[-1][1:] if known else (None, {})

    def _remote_record(self) -> Record:
        """The same at a seat across computers, whose log does not hold the others'
        decisions: read from the state (its copy shows every reveal once made), kept
        while the round lasts. A reveal is new when the log holds one more (a reveal is
        public), so a second reveal like the first still shows with its own turn."""
        st = self.state
        reveals = sum(1 for e in self.session.entries if type(e.action) is A.Reveal)
        shown, gains, round_no, seen = getattr(self, "_remote", None) or (None, {}, st.round, 0)
        if round_no != st.round:
            shown, gains = None, {}
        last = st.last
        if last and last[0] == "reveal" and reveals > seen:
            shown = (last, st.round, st.turn_in_round)
            gains = {**gains, **{p: last[4][p] for p in last[5]}}
        self._remote = (shown, gains, st.round, reveals)
        return shown, gains

    @staticmethod
    def _after(e: Entry, state: Any, before: Any) -> Record:
        shown, gains = before[1:] if before is not None else (None, {})
        last = state.last
        if type(e.action) is A.Reveal and last and last[0] == "reveal":
            shown = (last, state.round, state.turn_in_round)
            gains = {**gains, **{p: last[4][p] for p in last[5]}}
        elif type(e.action) is A.StartRound:
            shown, gains = None, {}
        return shown, gains

    # -- drawing ----------------------------------------------------------------------
    def draw(self) -> None:
        st = self.state
        obs = st.observation(self.viewer)
        seat = st.current_player()
        obs["to_act"] = seat
        out = st.outcome()
        obs["winners"] = out.winners if out is not None else ()
        names = [st.name(s) for s in range(st.n)]
        phase = PHASE_NAMES.index(obs["phase"])
        c = st.coins
        self.table.show_table(obs, c, PHASE_TITLES[phase], names[obs["starter"]])
        shown, gains = self._reveal_record()
        self._draw_reveal(shown, names)
        took = {s: f" (took {g})" if g else " (got nothing)" for s, g in gains.items()}
        self.players.show_players(obs, c, list(self.seats), self.viewer, took, names)
        self._draw_decision(obs, seat, names)

    def _draw_reveal(self, shown: tuple[Any, ...] | None, names: list[str]) -> None:
        """The last reveal, until the next round starts."""
        if shown is None:
            self.reveal.hide()
            return
        last, round_no, turn = shown
        _, _starter, choices, fortune, took, plunderers, won = last
        c = self.state.coins
        metal = c.metals[c.type_metal[fortune]]
        entries = []
        for s, ch in enumerate(choices):
            if ch == PLUNDER:
                entries.append((names[s], True, f"took {took[s]}" if took[s] else "got nothing"))
            elif ch == SALLY_CHOICE:
                entries.append((names[s], False, "stays in"))
        title = f"Revealed: round {round_no}, turn {turn}, {metal} fortune."
        if len(plunderers) > 1 and c.divisions[c.type_metal[fortune]] == "all-or-nothing":
            title += " Several plundered a gold fortune: nobody gets anything."
        if won:
            title += f" Someone reached {c.win_booty} booty: the game ends."
        self.reveal.show_reveal(title, entries)

    def _flip_odds(self, obs: dict[str, Any]) -> str:
        if not obs["fortune"]:
            return ""
        t = Table.from_observation(obs)
        c = t.coins
        monster = Fraction(len(c.monster_faces), c.flip_sides)
        return (
            f"skull {pct(1 - monster)}, monster {pct(monster)}; "
            f"a monster attack {pct(attack_chance(t))}"
        )

    def _draw_decision(self, obs: dict[str, Any], seat: int | None, names: list[str]) -> None:
        d = self.decision
        if seat is None:
            d.wait(f"<b>Game over</b> ({obs['end']}): {self.winner_text(obs['winners'])}.")
            return
        who = names[seat]
        if seat in self.bots:
            what = "deciding" if obs["phase"] == "decide" else "playing"
            d.wait(f"{who} ({self.seats[seat].title()} bot) is {what}...")
            return
        if obs["phase"] == "decide":
            if getattr(self, "played_elsewhere", lambda _s: False)(seat):
                d.wait(f"Waiting for {who} to decide on their computer.")
                return
            if self.viewer != seat:
                d.wait(f"Waiting for {who} to take the computer.")
                return
            fortune = obs["fortune"].partition(" ")[0]
            d.ask_decision(who, odds(Table.from_observation(obs), seat), fortune)
            return
        prompt, button = STEP_WORDS[obs["phase"]]
        prompt = prompt.format(who=who, next=obs["round"] + 1, odds=self._flip_odds(obs))
        if self.auto_chores or not self.my_move():
            d.wait(prompt)
            return
        tip = "Key: Enter"
        if obs["phase"] == "flip":
            tip = "With Dice > Enter physical dice, type 1 for skull or 2 for monster."
        d.ask_step(prompt, button, tip)

    def winner_text(self, won: Sequence[int]) -> str:
        st = self.state
        if len(won) == 1:
            return (
                f"{st.name(won[0])} wins with {st.observation(None)['booty_value'][won[0]]} booty"
            )
        return "a draw between " + " and ".join(st.name(s) for s in won)
