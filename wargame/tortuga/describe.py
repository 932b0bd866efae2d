"""Sentences for the game log, undo labels and the status line: nothing hidden.

Secret actions (a vote card, the cards viewed, Crow's Nest picks, a card taken from
a marooned hand) are told only as having happened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.tortuga import actions as A
from wargame.tortuga.actions import HOLD_NAMES, PLACE_NAMES, SHIP_NAMES
from wargame.tortuga.rules import TITLES, vote_name
from wargame.tortuga.state import VOTE_KINDS, TortugaState


def slot_name(i: int) -> str:
    return f"event card {i + 1}"


def describe(st: TortugaState, action: Action) -> str:
    seat = st.current_player()
    who = st.name(seat) if seat is not None else "Nobody"
    t = type(action)
    top = st.pending[-1] if st.pending else None
    if t is A.View:
        return f"{who} looks at two event cards in secret"
    if t is A.Vote:
        return f"{who} plays a vote card face down"
    if t is A.Pick:
        return f"{who} picks a vote card from the deck in secret"
    if t is A.Take:
        victim = st.name(top[2]) if top else "the marooned pirate"
        return f"{who} takes one of {victim}'s vote cards, unseen, under the deck"
    if t is A.Reveal:
        slot = action.slot  # type: ignore[attr-defined]
        card = st.row[slot] if 0 <= slot < len(st.row) else -1
        name = TITLES[st.cards[card]] if card >= 0 else "a card"
        return f"{who} reveals {slot_name(slot)}: {name}"
    if t is A.Force:
        return f"{who} forces {st.name(action.target)} to reveal an event card"  # type: ignore[attr-defined]
    if t is A.Offer:
        return f"{who} offers {slot_name(action.a)} and {slot_name(action.b)}"  # type: ignore[attr-defined]
    if t is A.Move:
        return f"{who} moves to {PLACE_NAMES[action.to]}"  # type: ignore[attr-defined]
    if t is A.Attack:
        return f"{who} calls for an attack on the Spanish galleon"
    if t is A.Mutiny:
        return f"{who} calls for a mutiny"
    if t is A.Brawl:
        return f"{who} calls for a brawl on Tortuga"
    if t is A.Maroon:
        return f"{who} maroons {st.name(action.target)} to Tortuga"  # type: ignore[attr-defined]
    if t is A.Shift:
        frm = action.frm  # type: ignore[attr-defined]
        return (
            f"{who} moves a treasure from the {HOLD_NAMES[frm]} hold to the {HOLD_NAMES[1 - frm]}"
        )
    if t is A.StartHold:
        return f"{who} puts the ship's first treasure in the {HOLD_NAMES[action.hold]} hold"  # type: ignore[attr-defined]
    if t is A.Loot:
        frm, to = action.frm, action.to  # type: ignore[attr-defined]
        src = "the galleon" if frm < 0 else f"the other ship's {HOLD_NAMES[frm]} hold"
        return f"{who} takes a treasure from {src} into the {HOLD_NAMES[to]} hold"
    if t is A.Pass:
        return f"{who} can do nothing and passes"
    if t is A.LeaveLoot:
        return f"{who} leaves the treasure where it is"
    if t is A.Marque:
        return (
            f"{who} uses a Letter of Marque: {st.name(action.target)} goes aboard the "  # type: ignore[attr-defined]
            f"{SHIP_NAMES[action.ship]}"  # type: ignore[attr-defined]
        )
    if t is A.Keep:
        return f"{who} keeps the Letter of Marque"
    if t is A.Pistol:
        return f"{who} shoots {st.name(action.target)}"  # type: ignore[attr-defined]
    if t is A.Give:
        card = TITLES[st.cards[top[2]]] if top else "a treasure map"
        return f"{who} gives the {card} to {st.name(action.target)}"  # type: ignore[attr-defined]
    if t is A.Powder:
        return f"{who} blows up {PLACE_NAMES[3 + action.boat]}"  # type: ignore[attr-defined]
    if t is A.Fever:
        return f"{who} shuffles loyalty cards with {st.name(action.target)}"  # type: ignore[attr-defined]
    if t is A.Nest:
        return f"{who} puts {st.name(action.target)}'s vote hand into the deck"  # type: ignore[attr-defined]
    if t is A.Fountain:
        if action.use:  # type: ignore[attr-defined]
            return f"{who} drinks from the Fountain of Youth and is not marooned"
        return f"{who} keeps the Fountain of Youth and is marooned"
    if t is A.Atlantis:
        if action.use:  # type: ignore[attr-defined]
            return f"{who} sails to the other ship with the map of Atlantis"
        return f"{who} keeps the map of Atlantis"
    return action.to_text()


def vote_result(st: TortugaState) -> str:
    """The last vote, as revealed to everyone."""
    return vote_words(st.last_vote, st.name)


def vote_words(last: Sequence[Any] | None, name: Callable[[int], str]) -> str:
    """A vote revealed (``last``: kind, caller, cards, passed; as ``last_vote`` and a
    seat's observation hold it): "The mutiny called by Anna: skull, helm: it fails"."""
    if last is None:
        return ""
    kind, caller, cards, ok = last
    shown = ", ".join(vote_name(c).split(" / ")[kind] for c in cards)
    what = VOTE_KINDS[kind]
    if kind == 1:
        b = sum(1 for c in cards if (c >> 1) & 1 == 0)
        f = len(cards) - b
        verdict = "British win it" if b > f else "French win it" if f > b else "a tie"
    else:
        verdict = "it succeeds" if ok else "it fails"
    return f"The {what} called by {name(caller)}: {shown or 'no cards'}: {verdict}"


def end_text(st: TortugaState) -> str:
    """The game's end, as told to everyone (every loyalty is turned up)."""
    b, f = st.totals()
    won = [st.name(s) for s in range(st.n) if st.team[s] == st.win_team]
    return f"Game over ({st.end_reason}): British {b}, French {f}. Winners: {', '.join(won) or 'nobody'}."
