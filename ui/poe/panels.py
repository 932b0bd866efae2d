"""The side panels: the pirates' standings and the prompt of whoever is being asked."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QColor
from PySide6.QtWidgets import QHeaderView, QMenu, QTableWidget, QTableWidgetItem, QToolButton

from ui.poe.board import seat_color
from wargame.core.probability import percent
from wargame.plural import count
from wargame.poe.describe import fight_summary  # noqa: F401 - the views import it here
from wargame.poe.frames import WINDOWS, Frame
from wargame.poe.game import VARIANTS, default_params
from wargame.poe.odds import fight_odds, margin_of
from wargame.poe.state import PHASE_TITLES, PoeState

COLUMNS = ("Pirate", "Where", "Role", "VP", "Hand", "Face-up", "Cards in play")


#: What each column of the pirates' table means (its header's tooltip).
COLUMN_TIPS = (
    "The pirate; '>' marks whose turn it is",
    "The area of the board the pirate is in",
    "Captain (has crew), crew of another pirate, on a ship, adrift (at sea without a "
    "ship), or ashore",
    "Victory points: scored by burying treasure",
    "Cards in hand (a hand holds at most 6; others see only the count)",
    "Face-up treasure in front of the pirate: cards and their spots (the value printed "
    "on each card); a winner loots up to half the loser's spots",
    "Cards played that still last: Shore Leave, A Dead Man's Chest, a movement card "
    "for the next move, Becalmed, Wheel Lashed",
)


def role_of(st: PoeState, s: int) -> str:
    a = st.area[s]
    if st.is_crew(s):
        return f"crew of {st.captain[s] + 1}"
    if st.crew_of(s):
        return "captain"
    if a >= 0 and st.board.sea[a]:
        return "on a ship" if st.ship[s] >= 0 else "adrift"
    return "ashore" if a >= 0 else "-"


def lasting_cards(st: PoeState, s: int) -> list[str]:
    flags = []
    if st.shore_leave[s]:
        flags.append("Shore Leave")
    if st.dead_chest[s]:
        flags.append("Dead Man's Chest")
    if st.extra_step[s]:
        flags.append(st.deck_info.actions[st.extra_step[s]].title.title())
    if st.becalmed[s]:
        flags.append("Becalmed")
    if st.lashed[s] >= 0:
        flags.append(f"Wheel Lashed to {st.board.names[st.lashed[s]]}")
    return flags


def pirate_card(st: PoeState, s: int, seats: list[str] | None = None) -> str:
    """The hover card of a pirate's pawn: who, where, ship or crew, face-up treasure,
    cards in hand as a count (never which), points. Only what every seat may see."""
    n = st.name
    who = f"<b>{n(s)}</b>"
    if seats is not None and s < len(seats):
        who += " (human)" if seats[s] == "human" else f" ({seats[s]} bot)"
    if s == st.active and not st.over:
        who += " - their turn"
    a = st.area[s]
    where = st.board.names[a] if a >= 0 else "not yet ashore"
    lines = [who, f"In: {where}"]
    if st.is_crew(s):
        lines.append(f"Crew of {n(st.captain[s])} (moves with the captain; may mutiny)")
    elif a >= 0 and st.board.sea[a]:
        lines.append("Captain of a ship" if st.ship[s] >= 0 else "Adrift: at sea without a ship")
    elif a >= 0:
        lines.append("Ashore")
    crew = st.crew_of(s)
    if crew:
        lines.append("Crew: " + ", ".join(n(c) for c in crew))
    cards = st.cards
    if st.faceup[s]:
        treasure = ", ".join(f"{cards[c].value} {cards[c].name}" for c in st.faceup[s])
        lines.append(f"Face-up treasure ({count(st.spots(s), 'spot', 'spots')}): {treasure}")
    else:
        lines.append("Face-up treasure: none")
    lines.append(f"Cards in hand: {len(st.hand[s])} (face down)")
    lines.append(f"Victory points: {st.vp[s]}")
    flags = lasting_cards(st, s)
    if flags:
        lines.append("In play: " + ", ".join(flags))
    return "<br>".join(lines)


class PlayersPanel(QTableWidget):
    def __init__(self) -> None:
        super().__init__(0, len(COLUMNS))
        self.setObjectName("poe-players")
        self.setHorizontalHeaderLabels(COLUMNS)
        for col, tip in enumerate(COLUMN_TIPS):
            header = self.horizontalHeaderItem(col)
            if header is not None:
                header.setToolTip(tip)
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        h = self.horizontalHeader()
        h.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        h.setStretchLastSection(True)
        self.setStyleSheet("QTableWidget { background: #fbf6ea; font-size: 12px; }")
        self.setMaximumHeight(210)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def fit_rows(self) -> None:
        h = self.horizontalHeader().height() + 4
        h += sum(self.rowHeight(r) for r in range(self.rowCount()))
        self.setFixedHeight(min(h, 240))

    def show_state(self, st: PoeState, viewer: int | None) -> None:
        self.setRowCount(st.n)
        for s in range(st.n):
            a = st.area[s]
            where = st.board.names[a] if a >= 0 else "not yet ashore"
            role = role_of(st, s)
            flags = lasting_cards(st, s)
            row = [
                f"{'> ' if s == st.active and not st.over else ''}{st.name(s)}",
                where,
                role,
                str(st.vp[s]),
                str(len(st.hand[s])),
                f"{len(st.faceup[s])} ({count(st.spots(s), 'spot', 'spots')})",
                ", ".join(flags),
            ]
            for col, text in enumerate(row):
                item = QTableWidgetItem(text)
                if col == 0:
                    item.setForeground(seat_color(s))
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                if col == 3:
                    f = item.font()
                    f.setBold(True)
                    item.setFont(f)
                if col == 5 and st.faceup[s]:
                    item.setToolTip(
                        "<br>".join(f"{st.cards[c].value} {st.cards[c].name}" for c in st.faceup[s])
                    )
                if col == 0:
                    item.setToolTip(pirate_card(st, s))
                if s == st.active and not st.over:
                    item.setBackground(QColor("#f3e6c4"))
                self.setItem(s, col, item)
        self.fit_rows()


def frame_title(st: PoeState, f: Frame) -> str:
    k = f.kind
    n = st.name
    if k == "turn-start":
        return f"Before {n(f.a)}'s turn: {n(f.order[0])} may play cards (Becalmed, Wheel Lashed, anytime cards)."
    if k == "fight":
        sides = (
            f"{n(f.a)} (attacker, cards {f.mod_a:+d}) against "
            f"{n(f.b)} (defender, cards {f.mod_b:+d})"
        )
        what = "Mutiny" if f.mutiny else "Fight"
        extra = ""
        if f.mutiny:
            mod_a, _ = margin_of(st, f)
            terms = mod_a - f.mod_a
            extra = f" Mutiny terms on the mutineer (-3 and the treasure bonus): {terms:+d}."
            extra += " Walk the Plank played (no -3)." if f.no_penalty else ""
            extra += " Clap 'em in Irons played (no bonus)." if f.no_bonus else ""
        return (
            f"{what}: {sides}.{extra} {odds_line(st, f)} "
            f"{n(f.cur)} may play combat cards before the dice, or pass."
        )
    if k == "phase-end":
        return (
            f"{n(f.a)} {ENDED[f.phase]}. {n(f.order[0])} may play anytime cards "
            "(Rough Swell, Thieving Parrot, Short Grog Ration, ...), or carry on."
        )
    if k == "entry":
        return f"{n(f.a)} has entered {n(f.b)}'s area: {n(f.b)} may play Law of the Sea."
    if k == "join-or-fight":
        return f"{n(f.a)} has entered {n(f.b)}'s area: fight, or ask to join the crew?"
    if k == "accept":
        return f"{n(f.a)} asks to join {n(f.b)}'s crew: accept, or refuse and fight?"
    if k == "loot":
        return f"{n(f.a)} won: take up to {f.budget} more spots of {n(f.b)}'s face-up treasure (the rest is discarded)."
    if k == "fate":
        return f"{n(f.a)} won: take {n(f.b)} as crew, or click an area to send them away."
    if k == "share":
        return f"{n(f.a)} may share the treasure with the crew (click a face-up card), or finish."
    if k == "overboard":
        return f"Rough Swell! {n(f.a)} chooses a face-up treasure to lose overboard."
    return k


def odds_line(st: PoeState, f: Frame) -> str:
    """The exact chances of the fight as it stands, with the cards played so far."""
    o = fight_odds(st, f)
    n = st.name
    return (
        f"Chances now: {n(o.attacker)} wins {percent(o.attacker_wins)}, "
        f"{n(o.defender)} wins {percent(o.defender_wins)} "
        f"(a tie, {percent(o.tie)}, goes to the defender)."
    )


#: What the active pirate has just done, for the window after each phase step.
ENDED = {
    "bury": "ended their burial",
    "move": "ended their move",
    "dig": "ended their digging",
    "discard": "ended their discards",
}


def shared_prompt_text(st: PoeState, seats: list[str]) -> str:
    """The one prompt on the table for every human in a window after a phase step:
    no hand is shown; a pirate who wants to play a card says so with their button."""
    f = st.stack[-1]
    humans = [st.name(s) for s in f.order if seats[s] == "human"]
    who = ", ".join(humans)
    return (
        f"<b>{st.name(f.a)} {ENDED[f.phase]}.</b> Play a card? "
        f"({who}: press your button to take the computer and react, "
        "or <b>Carry on (Space)</b> if no one does.)"
    )


PHASE_HINTS = {
    "bury": "click hand or face-up cards to choose treasure to bury (5; 6 with a 4-value, 7 with a 5-value), then Bury.",
    "move": "click a highlighted area to move (or come ashore), or stay.",
    "dig": "dig up the treasure buried here?",
    "discard": "click cards to discard them, then Stop discarding.",
    "replenish": "Draw cards (1 at sea, 2 on land, 6 in town; hand limit 6); click a face-up card to take it into hand.",
}


def prompt_text(st: PoeState, seats: list[str], viewer: int | None) -> tuple[str, bool]:
    """The prompt for whoever is asked, and whether it is a response window."""
    if st.over:
        o = st.outcome()
        assert o is not None
        best = max(st.vp)
        who = ", ".join(st.name(s) for s in range(st.n) if st.vp[s] == best)
        return (f"<b>Game over</b> - {st.end_reason}. Most victory points ({best}): {who}.", False)
    seat = st.current_player()
    assert seat is not None
    ctrl = seats[seat]
    tag = {"human": "", "remote": " <i>(on another computer)</i>"}.get(
        ctrl, " <i>(bot thinking...)</i>"
    )
    fight = ""
    if st.last_fight and st.stack and st.stack[-1].kind in ("loot", "fate", "share"):
        fight = "<br><i>" + fight_summary(st, st.last_fight) + "</i>"
    if st.stack:
        f = st.stack[-1]
        window = f.kind in WINDOWS
        return (f"<b>{st.name(seat)}</b>{tag}: {frame_title(st, f)}{fight}", window)
    phase = PHASE_TITLES[st.phase]
    hint = PHASE_HINTS[st.phase]
    if st.phase == "move" and st.area[seat] < 0:
        hint = "click a highlighted land area to come ashore (one with no other pirate)."
    elif st.phase == "move" and st.lashed[seat] >= 0 and st.steps == 0:
        hint = f"Wheel Lashed! You must move to {st.board.names[st.lashed[seat]]}."
    crew = " You are crew: you may Mutiny!" if st.is_crew(seat) and st.phase == "bury" else ""
    if st.phase == "bury" and st.selection and viewer == seat:  # the burial is private
        from wargame.poe.scoring import score_burial

        score = score_burial([st.cards[c] for c in st.selection], st.rules, fools_gold=st.fools)
        hint += f" Chosen: {count(len(st.selection), 'card', 'cards')}, worth {score.total} VP."
    return (f"<b>{st.name(seat)}</b>{tag} - {phase}: {hint}{crew}", False)


VARIANT_TITLES = {
    "players": ("Number of pirates", {"3-6": "3-6 (as printed)", "2-6": "2-6 (duels allowed)"}),
    "faceup_to_hand": (
        "Face-up cards back to hand",
        {"one": "one card", "by-location": "1 at sea / 2 on land / 6 in town"},
    ),
    "mutiny_rounding": (
        "Mutiny bonus fractions",
        {"down": "round down", "nearest": "round to nearest", "up": "round up"},
    ),
    "windows": (
        "Who is asked before turns and fights",
        {
            "everyone": "everyone, cards or not (hands stay hidden)",
            "playable": "only pirates able to play (faster; hints at hands)",
        },
    ),
    "my_precious": (
        "My Precious! takes from",
        {"own": "your own face-up treasure", "another": "another pirate's face-up treasure"},
    ),
    "end": (
        "When the deck runs out the second time",
        {
            "immediately": "the game ends at once (as printed)",
            "full-round": "the round is played out (balances seat order)",
        },
    ),
    "start": (
        "Fair start",
        {
            "printed": "everyone starts at 0 points (as printed)",
            "head-start": "head start: later pirates start with points (see Help)",
        },
    ),
}


class VariantsButton(QToolButton):
    """The seed's open questions as choices for the next new game."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("poe-variants")
        self.setText("Variants")
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self)
        self.groups: dict[str, QActionGroup] = {}
        defaults = default_params(table=True)
        for key, (title, names) in VARIANT_TITLES.items():
            menu.addSection(title)
            group = QActionGroup(self)
            group.setExclusive(True)
            for value in VARIANTS[key]:
                act = QAction(names.get(value, value), self, checkable=True)
                act.setData(value)
                act.setChecked(value == defaults[key])
                group.addAction(act)
                menu.addAction(act)
            self.groups[key] = group
        menu.addSection("At the table")
        self.ask_action = QAction(
            "Ask humans during others' turns (before them and after each step)", self
        )
        self.ask_action.setCheckable(True)
        self.ask_action.setChecked(True)
        menu.addAction(self.ask_action)
        self.friendly_action = QAction(
            "Practice game: friendly undo (undo passes draws and rolls; marked in the save)",
            self,
        )
        self.friendly_action.setObjectName("poe-friendly-undo")
        self.friendly_action.setCheckable(True)
        self.friendly_action.setChecked(False)  # off by default: undo never re-draws
        menu.addAction(self.friendly_action)
        self.setMenu(menu)

    def ask_before_turns(self) -> bool:
        return self.ask_action.isChecked()

    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, group in self.groups.items():
            act = group.checkedAction()
            if act is not None:
                out[key] = act.data()
        return out

    def choose(self, key: str, value: str) -> None:
        for act in self.groups[key].actions():
            act.setChecked(act.data() == value)
