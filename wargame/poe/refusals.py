"""Why an action is refused: the rule it breaks, in words a player understands."""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.poe import actions as A
from wargame.poe.legal import allowance, legal_actions
from wargame.poe.scoring import burial_limit
from wargame.poe.state import PoeState

RULE_TURN = "Turn sequence"
RULE_BURY = "Burying treasure"
RULE_MOVE = "Movement"
RULE_DIG = "Digging up treasure"
RULE_FIGHT = "Fighting"
RULE_CREW = "Being Captain / Crew"
RULE_REPLENISH = "Replenish"
RULE_CARDS = "Playing cards"


def why_illegal(st: PoeState, action: Action) -> tuple[str, str]:
    """The rule an illegal action breaks, in words (reason, rule)."""
    if st.over:
        return "the game is over", "Game end"
    seat = st.current_player()
    assert seat is not None
    t = type(action)
    who = st.name(seat)
    if st.stack:
        f = st.stack[-1]
        return (
            f"{who} must answer the {f.kind.replace('-', ' ')} first "
            f"({', '.join(a.to_text() for a in legal_actions(st)[:3])}...)",
            RULE_CARDS if f.kind in ("turn-start", "phase-end", "fight", "entry") else RULE_FIGHT,
        )
    s = st.active
    a = st.area[s]
    ph = st.phase
    if t in (A.Select, A.Bury, A.Unselect):
        if a < 0 or st.board.sea[a]:
            return "treasure can only be buried in a land area, not at sea", RULE_BURY
        if ph != "bury":
            return "treasure is buried at the start of the turn, before moving", RULE_TURN
        if t is A.Select:
            c = action.card
            if c not in st.hand[s] and c not in st.faceup[s]:
                return "only your own hand or face-up treasure can be buried", RULE_BURY
            if c in st.selection:
                return "that card is already chosen", RULE_BURY
            if st.origin[c] == st.board.island[a] and not st.dead_chest[s]:
                return (
                    "treasure may not be buried on the same island it was dug up "
                    "(unless A Dead Man's Chest)",
                    RULE_BURY,
                )
            chosen = [st.cards[x] for x in [*st.selection, c]]
            lim = burial_limit(chosen, st.rules)
            return (
                f"you can't bury more than {lim} at once "
                "(6 with a 4-value treasure, 7 with a 5-value one)",
                RULE_BURY,
            )
    if t is A.Dig:
        if st.is_crew(s):
            return "crew cannot dig up treasure", RULE_CREW
        if ph != "dig":
            return "digging comes after moving", RULE_TURN
        return "there is no treasure buried here", RULE_DIG
    if t in (A.Move, A.Enter):
        if st.is_crew(s):
            return "crew cannot move of their own accord; they go where the captain goes", RULE_CREW
        if ph != "move":
            return f"this is the {ph} phase, not the move phase", RULE_TURN
        if st.becalmed[s]:
            return "Becalmed: this pirate may not move this turn", RULE_CARDS
        if t is A.Move:
            if not st.board.has(action.to):
                return f"there is no area {action.to!r} on this map", RULE_MOVE
            b = st.board.index(action.to)
            if a >= 0 and b not in st.board.adjacent[a]:
                return "movement is from one area to an adjacent one", RULE_MOVE
            if st.steps >= allowance(st, s):
                return "you have already moved this turn", RULE_MOVE
            if st.board.sea[b] and a >= 0 and st.board.sea[a]:
                return "you need to be on a ship to move from sea to sea", RULE_MOVE
            if st.board.sea[b]:
                return "there must be a ship in the sea area to move there from land", RULE_MOVE
            if st.lashed[s] >= 0:
                return "Wheel Lashed: you must move where you were told", RULE_CARDS
            return "the second step must suit the card played", RULE_MOVE
        return "pirates come on at a land area where there is no other pirate", RULE_MOVE
    if t is A.Mutiny:
        if not st.is_crew(s):
            return "only crew can mutiny", RULE_CREW
        return "no more mutinies this turn", RULE_CREW
    if t is A.Draw:
        if len(st.hand[s]) >= st.rules.hand.limit:
            return "you may not take your hand above six cards", RULE_REPLENISH
        return "no more draws here (1 at sea, 2 on land, 6 in town)", RULE_REPLENISH
    if t in (A.Play, A.PlayOn, A.PlayTake, A.Swap, A.Lash):
        c = action.card
        if c not in st.hand[seat]:
            return "cards can only be played from your hand", RULE_CARDS
        return f"{st.cards[c].title} can't be played like that now", RULE_CARDS
    return f"not allowed in the {ph} phase", RULE_TURN
