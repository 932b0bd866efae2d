"""Sentences for the game log, undo labels and refusals.

``describe`` is asked before an action is applied and names nothing hidden: a
decision is only "Pirate 2 has decided". ``event_text`` tells what the action did,
from the state after it (by then everything it names is public).
"""

from __future__ import annotations

from wargame.coins import actions as A
from wargame.coins.state import DECIDE, PHASE_TITLES, PLUNDER, SALLY, CoinsState
from wargame.core.actions import Action


def describe(st: CoinsState, action: Action) -> str:
    seat = st.current_player()
    who = st.name(seat) if seat is not None else "Nobody"
    t = type(action)
    if t is A.Decide:
        return f"{who} has decided"
    if t is A.StartRound:
        return f"{who} starts round {st.round + 1} with the top coin of the round stack"
    if t is A.DrawFortune:
        return f"{who} draws the fortune coin from the pouch"
    if t is A.Reveal:
        return f"{who} reveals every choice"
    if t is A.Flip:
        return f"{who} flips the fortune coin"
    return action.to_text()


def why_illegal(st: CoinsState, action: Action) -> str:
    """Why ``action`` is refused now, in the players' words."""
    phase = PHASE_TITLES[st.phase]
    if st.is_terminal():
        return "the game is over"
    seat = st.current_player()
    who = st.name(seat) if seat is not None else "nobody"
    if isinstance(action, A.Decide):
        return f"it is not time to decide: {phase} phase, {who} to act"
    if st.phase == DECIDE:
        return f"{who} must first decide: plunder or sally forth"
    return f"not now: {phase} phase, {who} to act"


def coin(st: CoinsState, t: int) -> str:
    c = st.coins
    return f"a {c.metals[c.type_metal[t]]} coin ({c.kinds[c.type_kind[t]]})"


def event_text(st: CoinsState) -> str:
    """What the last action did, told from the state after it."""
    last = st.last
    if not last:
        return ""
    what = last[0]
    if what == "start":
        return f"Round {st.round}: {coin(st, last[2])} from the round stack starts the pile of loot"
    if what == "empty":
        return "The pouch is empty: the round ends"
    if what == "fortune":
        return f"The fortune coin is {coin(st, last[2])}"
    if what == "decide":
        return f"{st.name(last[1])} has decided"
    if what == "reveal":
        return reveal_text(st)
    if what == "flip":
        _, _seat, t, monster, attack = last
        kind = st.coins.kinds[st.coins.type_kind[t]]
        if not monster:
            return "Skull! The fortune coin joins the pile of loot"
        if attack:
            return (
                f"Monster! A third {kind}: the monsters attack and the round ends; "
                "those still sallying forth get nothing"
            )
        return f"Monster! A {kind} joins the monster pool"
    return ""


def reveal_text(st: CoinsState) -> str:
    _, _seat, choices, fortune, gains, plunderers, won = st.last
    c = st.coins
    metal = c.metals[c.type_metal[fortune]]
    parts = []
    for s, ch in enumerate(choices):
        if ch == PLUNDER:
            parts.append(f"{st.name(s)} plunders (+{gains[s]})")
        elif ch == SALLY:
            parts.append(f"{st.name(s)} sallies forth")
    text = f"Revealed under a {metal} fortune: " + ", ".join(parts)
    if len(plunderers) > 1 and c.divisions[c.type_metal[fortune]] == "all-or-nothing":
        text += "; several plunder, so nobody gets anything and the pile stays"
    if won:
        text += f". A pirate has {c.win_booty} booty: the game ends"
    return text
