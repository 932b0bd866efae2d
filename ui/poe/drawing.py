"""Drawing the table from the state: board pieces, the hand, the prompt and its buttons.

A mixin of :class:`ui.poe.view.PiecesOfEightView`; it reads the view's widgets
and never changes the game.
"""

from __future__ import annotations

from typing import Any

from ui.poe.panels import pirate_card, prompt_text, shared_prompt_text
from wargame.core.actions import Action
from wargame.poe import actions as A

PASSES = " passes"


def passes_line(names: list[str]) -> str:
    """One log line for a run of passes: "Anna, Bo and Pirate 4 pass"."""
    if len(names) == 1:
        return f"{names[0]}{PASSES}"
    return f"{', '.join(names[:-1])} and {names[-1]} pass"


def passer(label: str) -> str | None:
    """Who passed, when ``label`` is a pass's public sentence."""
    return label[: -len(PASSES)] if label.endswith(PASSES) else None


def pass_names(line: str) -> list[str] | None:
    """The pirates a log line of passes names ("Anna, Bo and Pirate 4 pass"), or None."""
    one = passer(line)
    if one is not None:
        return [one]
    if not line.endswith(" pass") or " and " not in line:
        return None
    head, _, last = line[: -len(" pass")].rpartition(" and ")
    return [*head.split(", "), last]


class PoeLog:
    """The Pieces of Eight log lines of an entry: a run of passes (a window nobody
    takes) is one line; what the engine told (a fight's result) follows the action."""

    log: Any

    def entry_lines(self, entries: Any, i: int) -> tuple[str | None, list[str]]:
        e = entries[i]
        who = passer(e.label)
        rewrite, lines = None, list(e.lines)
        last = self.log.item(self.log.count() - 1).text() if self.log.count() else ""
        before = pass_names(last) if i and passer(entries[i - 1].label) else None
        if who is not None and before:
            rewrite, lines = passes_line([*before, who]), list(e.told or ())
        return rewrite, lines


class TableDrawing:
    """The view's drawing half (see the module docstring)."""

    def _draw_board(self, legal: list[Action]) -> None:
        st = self.state
        ids = st.board.ids
        highlight = set()
        for a in legal:
            if isinstance(a, A.Move | A.Banish):
                highlight.add(a.to)
            elif isinstance(a, A.Enter):
                highlight.add(a.area)
        held = {k: s for s, k in enumerate(st.ship) if k >= 0}
        pirates = [
            {
                "seat": s,
                "area": ids[st.area[s]] if st.area[s] >= 0 else None,
                "captain": st.captain[s],
                "name": st.name(s),
                "card": pirate_card(st, s, self.seats),
            }
            for s in range(st.n)
        ]
        buried = {ids[a]: len(c) for a, c in enumerate(st.buried) if c}
        self.board.set_pieces(
            ships=[ids[a] for a in st.ship_area],
            held=held,
            pirates=pirates,
            buried=buried,
            highlight=highlight,
            active=st.active if not st.over else None,
            trail=self.bot_trail(),
        )

    def bot_trail(self) -> set[str]:
        """The areas the bots moved to since a human last acted (marked on the board)."""
        trail = set()
        for e in self.recent_auto:
            a = e.action
            if isinstance(a, A.Move | A.Banish):
                trail.add(a.to)
            elif isinstance(a, A.Enter):
                trail.add(a.area)
        return trail

    def _draw_hand(self, legal: list[Action]) -> None:
        st = self.state
        v = self.viewer
        names = st.rules.bury.type_names
        playable = {getattr(a, "card", -1) for a in legal}
        shared = self.shared_window()
        if v is None or shared:
            self.hand_row.title.setText(
                "Hand (hidden while the table is asked)" if shared else "Hand (hidden)"
            )
            self.hand_row.set_cards([], names, selected=set(), playable=set())
            self.faceup_row.set_cards([], names, selected=set(), playable=set())
            return
        seen = self.seen()  # the hand and the burial being chosen come from here only
        hand = seen["pirates"][v]["hand"]
        sel = {c for c in seen["selection"] if c >= 0} if v == st.active else set()
        self.hand_row.title.setText(
            f"{st.name(v)}'s hand ({len(hand)}/{st.rules.hand.limit}) - "
            "click a card to play, bury or discard it"
        )
        self.hand_row.set_cards(
            [st.cards[c] for c in hand],
            names,
            selected=sel,
            playable=playable,
            empty_text="(no cards)",
        )
        shown = v
        if st.stack and st.stack[-1].kind == "loot" and st.stack[-1].a == v:
            shown = st.stack[-1].b
        spots = st.spots(shown)
        self.faceup_row.title.setText(
            f"{st.name(shown)}'s face-up treasure ({spots} spots)"
            + (" - click to loot" if shown != v else "")
        )
        self.faceup_row.set_cards(
            [st.cards[c] for c in st.faceup[shown]],
            names,
            selected=sel,
            playable=playable,
            empty_text="(none)",
        )

    def _draw_prompt(self, legal: list[Action]) -> None:
        st = self.state
        text, in_window = prompt_text(st, self.seats, self.viewer)
        shared = self.shared_window()
        if shared:
            text = shared_prompt_text(st, self.seats)
        self.prompt_label.setText(text)
        self.prompt.setProperty("window", "true" if in_window else "false")
        self.prompt.style().unpolish(self.prompt)
        self.prompt.style().polish(self.prompt)
        mine = self.my_move()
        kinds = {type(a) for a in legal}
        own = mine and not st.stack
        frame = st.stack[-1].kind if st.stack else ""
        show = {
            "pass": A.Pass in kinds,
            "done": A.Done in kinds,
            "bury": own and st.phase == "bury",
            "dig": own and (st.phase == "dig" or st.is_crew(st.active)),
            "draw": own and st.phase in ("discard", "replenish"),
            "mutiny": own and st.is_crew(st.active),
            "fight": frame == "join-or-fight",
            "join": frame == "join-or-fight",
            "accept": frame == "accept",
            "refuse": frame == "accept",
            "compel": frame == "fate",
        }
        legal_kind = {
            "pass": A.Pass,
            "done": A.Done,
            "bury": A.Bury,
            "dig": A.Dig,
            "draw": A.Draw,
            "mutiny": A.Mutiny,
            "fight": A.Fight,
            "join": A.Join,
            "accept": A.Accept,
            "refuse": A.Refuse,
            "compel": A.Compel,
        }
        done_label = {
            "bury": "Bury nothing",
            "move": "Stay here",
            "dig": "Don't dig",
            "discard": "Stop discarding",
            "replenish": "End turn",
        }
        phase_end = frame == "phase-end"
        show["carry"] = phase_end
        show["pass"] = show["pass"] and not phase_end
        legal_kind["carry"] = A.Pass
        waiting = set(st.stack[-1].order) if shared else set()
        for s, b in enumerate(self.react_buttons):
            visible = s in waiting and self.seats[s] == "human"
            if visible:
                who = st.name(s)
                b.setText(f"{who}: play a card")
                b.setToolTip(
                    f"{who} wants to play a card now: pass them the computer (the others look away)"
                )
            b.setVisible(visible)
        for key, b in self.buttons.items():
            if key == "carry" and shared:
                b.setVisible(True)
                b.setProperty("legal", "true")
                b.style().unpolish(b)
                b.style().polish(b)
                continue
            b.setVisible(mine and show[key])
            b.setProperty("legal", "true" if legal_kind[key] in kinds else "false")
            b.style().unpolish(b)
            b.style().polish(b)
        if own:
            self.buttons["done"].setText(done_label[st.phase])
        elif frame in ("loot", "share"):
            self.buttons["done"].setText("Finished")
        else:
            self.buttons["done"].setText("Done")
