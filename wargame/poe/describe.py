"""Sentences for the game log, undo labels and status: public by construction.

A card picked from a hand (to bury, or put back) is hidden from the other seats
(the observation shows it as -1), so that action is *secret*: the session seals
it in saves and the log says only "Pirate 2 picks a card from their hand to
bury" (:func:`is_secret`, :func:`describe_secret`, used by ``PoeState``).
"""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.plural import count
from wargame.poe import actions as A
from wargame.poe.state import PoeState

DONE = {
    "bury": "buries nothing",
    "move": "stays put",
    "dig": "leaves the treasure buried",
    "discard": "stops discarding",
    "replenish": "ends the turn",
}


def card_name(st: PoeState, c: int) -> str:
    card = st.cards[c]
    return f"{card.value} {card.name}"


def is_secret(st: PoeState, action: Action) -> bool:
    """Picking or putting back a card of one's own hand names a hidden card."""
    if type(action) in (A.Select, A.Unselect):
        return action.card in st.hand[st.active]  # type: ignore[attr-defined]
    return type(action).secret


def describe_secret(st: PoeState, action: Action) -> str:
    seat = st.current_player()
    who = st.name(seat) if seat is not None else "Nobody"
    if type(action) is A.Select:
        return f"{who} picks a card from their hand to bury"
    if type(action) is A.Unselect:
        return f"{who} puts a card back into their hand"
    return f"{who} makes a secret choice"


def describe(st: PoeState, action: Action) -> str:
    seat = st.current_player()
    who = st.name(seat) if seat is not None else "Nobody"
    area = st.board.names
    t = type(action)
    if t is A.Enter:
        return f"{who} comes ashore at {area[st.board.index(action.area)]}"
    if t is A.Move:
        return f"{who} moves to {area[st.board.index(action.to)]}"
    if t is A.Done:
        if st.stack:
            kind = st.stack[-1].kind
            return f"{who} takes no more loot" if kind == "loot" else f"{who} shares no more"
        return f"{who} {DONE[st.phase]}"
    if t is A.Select:
        return f"{who} picks {card_name(st, action.card)} to bury"
    if t is A.Unselect:
        return f"{who} puts back {card_name(st, action.card)}"
    if t is A.Bury:
        return f"{who} buries {count(len(st.selection), 'treasure card', 'treasure cards')}"
    if t is A.Dig:
        return f"{who} digs up the buried treasure"
    if t is A.Discard:
        return f"{who} discards {card_name(st, action.card)}"
    if t is A.Draw:
        return f"{who} draws a card"
    if t is A.Take:
        return f"{who} takes {card_name(st, action.card)} back into hand"
    if t is A.Mutiny:
        return f"{who} mutinies against {st.name(st.captain[seat])}" if seat is not None else ""
    if t is A.Pass:
        return f"{who} passes"
    if t is A.Fight:
        return f"{who} chooses to fight"
    if t is A.Join:
        return f"{who} asks to join the crew"
    if t is A.Accept:
        return f"{who} accepts the new crew"
    if t is A.Refuse:
        return f"{who} refuses: they must fight"
    if t is A.Loot:
        return f"{who} takes {card_name(st, action.card)}"
    if t is A.Compel:
        return f"{who} compels the loser into the crew"
    if t is A.Banish:
        return f"{who} sends the loser to {area[st.board.index(action.to)]}"
    if t is A.Give:
        return f"{who} gives {card_name(st, action.card)} to {st.name(action.seat)}"
    if t is A.Overboard:
        return f"{who} loses {card_name(st, action.card)} overboard"
    card = st.cards[action.card]  # type: ignore[attr-defined]
    title = card.title.title().replace("'S", "'s").replace("'E", "'e")
    if t is A.PlayOn:
        return f"{who} plays {title} on {st.name(action.seat)}"
    if t is A.PlayTake:
        return f"{who} plays {title}: takes {card_name(st, action.take)}"
    if t is A.Swap:
        return (
            f"{who} plays {title}: gives {card_name(st, action.give)} for "
            f"{card_name(st, action.take)}"
        )
    if t is A.Lash:
        return (
            f"{who} plays {title}: {st.name(action.seat)} must move to "
            f"{area[st.board.index(action.area)]}"
        )
    return f"{who} plays {title}"


def fight_summary(st: PoeState, fight: dict) -> str:
    """One line for the log: the dice, the modifiers and who won."""
    a, b = fight["attacker"], fight["defender"]
    what = "Mutiny" if fight.get("mutiny") else "Fight"
    if fight.get("cancelled"):
        return f"{what} of {st.name(a)} cancelled by Extra Grog Ration"
    ra, rb = fight["rolls"]
    ma, mb = fight["modifiers"]
    pen, bonus = fight["mutiny_terms"]
    ta, tb = fight["totals"]
    extra = f" {pen:+d} mutiny {bonus:+d} bonus" if fight.get("mutiny") else ""
    return (
        f"{what}: {st.name(a)} rolls {ra} {ma:+d}{extra} = {ta} against {st.name(b)} "
        f"rolls {rb} {mb:+d} = {tb}: {st.name(fight['winner'])} wins"
    )
