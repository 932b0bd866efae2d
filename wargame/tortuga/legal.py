"""What the player to act may do, and why anything else is refused."""

from __future__ import annotations

from itertools import combinations

from wargame.core.actions import Action
from wargame.tortuga import actions as A
from wargame.tortuga.actions import make
from wargame.tortuga.state import TortugaState

_PAIRS: dict[tuple[int, ...], list[Action]] = {}
_OFFERS: dict[tuple[int, ...], list[Action]] = {}


def _pairs(slots: tuple[int, ...], cls: type[Action], cache: dict) -> list[Action]:  # type: ignore[type-arg]
    out = cache.get(slots)
    if out is None:
        out = cache[slots] = [make(cls, a, b) for a, b in combinations(slots, 2)]
    return out


def legal_actions(st: TortugaState) -> list[Action]:
    if st.over:
        return []
    if st.pending:
        return responses(st, st.pending[-1])
    return main_actions(st, st.active)


_FORCES: dict[tuple[int, int], list[Action]] = {}
_REVEALS: dict[tuple[int, ...], list[Action]] = {}


def _forces(n: int, s: int) -> list[Action]:
    out = _FORCES.get((n, s))
    if out is None:
        out = _FORCES[n, s] = [make(A.Force, t) for t in range(n) if t != s]
    return out


def _reveals(fd: tuple[int, ...]) -> list[Action]:
    out = _REVEALS.get(fd)
    if out is None:
        out = _REVEALS[fd] = [make(A.Reveal, i) for i in fd]
    return out


MOVES = [make(A.Move, to) for to in range(5)]
SHIFTS = [make(A.Shift, 0), make(A.Shift, 1)]
ATTACK, MUTINY, BRAWL = make(A.Attack), make(A.Mutiny), make(A.Brawl)
PASS = make(A.Pass)


def main_actions(st: TortugaState, s: int) -> list[Action]:
    row = st.row
    fd = tuple([i for i in range(len(row)) if row[i] >= 0])
    if len(fd) >= 2:
        out = _pairs(fd, A.View, _PAIRS) + _forces(st.n, s) + _reveals(fd)
    else:
        out = _reveals(fd)[:]
    p = st.loc[s]
    boat, blown = st.boat, st.blown
    if p < 2:
        if boat[p] < 0 and not blown[p]:
            out.append(MOVES[3 + p])
        line = st.lines[p]
        i = line.index(s)
        if i == 0:
            out.append(ATTACK)
            for t in line[1:]:
                out.append(make(A.Maroon, t))
        elif i == 1:
            out.append(MUTINY)
        if i == len(line) - 1:
            h = st.holds[p]
            if h[0]:
                out.append(SHIFTS[0])
            if h[1]:
                out.append(SHIFTS[1])
    elif p == 2:
        if boat[0] < 0 and not blown[0]:
            out.append(MOVES[3])
        if boat[1] < 0 and not blown[1]:
            out.append(MOVES[4])
        if st.lines[2][0] == s:
            out.append(BRAWL)
    else:
        out.append(MOVES[2])
        if len(st.lines[p - 3]) < st.data.rules.board.ship_capacity:
            out.append(MOVES[p - 3])
    if st.kept[s] and st.count_kept(s, "letter_of_marque"):
        out += marque_moves(st)
    if not out:  # only when no event card is left to reveal (sudden death)
        out.append(PASS)
    return out


def marque_moves(st: TortugaState) -> list[Action]:
    cap = st.data.rules.board.ship_capacity
    ships = [k for k in (0, 1) if len(st.lines[k]) < cap]
    return [make(A.Marque, t, k) for t in range(st.n) if st.loc[t] >= 2 for k in ships]


def vote_choices(st: TortugaState, s: int) -> list[Action]:
    hand = st.hands[s]
    kinds = sorted(set(hand))
    out = [make(A.Vote, (c,)) for c in kinds]
    if len(hand) >= 2 and st.count_kept(s, "el_dorado"):
        for i, c in enumerate(kinds):
            for d in kinds[i:]:
                if c != d or hand.count(c) >= 2:
                    out.append(make(A.Vote, (c, d)))
    return out


def responses(st: TortugaState, top: tuple) -> list[Action]:  # type: ignore[type-arg]
    kind, s = top[0], top[1]
    n = st.n
    if kind == "vote":
        return vote_choices(st, s)
    if kind == "hold":
        return [make(A.StartHold, 0), make(A.StartHold, 1)]
    if kind == "offer":
        fd = tuple(i for i, c in enumerate(st.row) if c >= 0)
        return _pairs(fd, A.Offer, _OFFERS)
    if kind == "reveal2":
        return [make(A.Reveal, top[2]), make(A.Reveal, top[3])]
    if kind == "loot":
        ship = st.loc[s]
        tos = (0, 1)
        leave = [make(A.LeaveLoot)] if st.data.rules.turn.loot_optional else []
        if st.galleon > 0:
            return [*(make(A.Loot, -1, to) for to in tos), *leave]
        other = st.holds[1 - ship]
        return [*(make(A.Loot, h, to) for h in (0, 1) if other[h] for to in tos), *leave]
    if kind == "marque":
        return [*marque_moves(st), make(A.Keep)]
    if kind == "pistol":
        return [make(A.Pistol, t) for t in range(n) if t != s]
    if kind == "give":
        return [make(A.Give, t) for t in range(n) if t != s]
    if kind == "powder":
        return [make(A.Powder, b) for b in (0, 1) if not st.blown[b]]
    if kind == "fever":
        return [make(A.Fever, t) for t in range(n) if t != s]
    if kind == "nest":
        return [make(A.Nest, t) for t in range(n)]
    if kind == "pick":
        return [make(A.Pick, c) for c in sorted(set(st.vdeck))]
    if kind == "fountain":
        return [make(A.Fountain, True), make(A.Fountain, False)]
    if kind == "take":
        return [make(A.Take, i) for i in range(len(st.hands[top[2]]))]
    if kind == "atlantis":
        return [make(A.Atlantis, True), make(A.Atlantis, False)]
    raise ValueError(f"unknown decision {kind!r}")  # pragma: no cover


PROMPTS = {
    "vote": "play a vote card",
    "hold": "choose the hold of the ship's first treasure",
    "offer": "choose the two event cards to offer",
    "reveal2": "reveal one of the two event cards offered",
    "loot": "take the treasure won in the attack",
    "marque": "use the Letter of Marque now or keep it",
    "pistol": "choose whom to shoot",
    "give": "give the treasure map to another player",
    "powder": "choose the rowboat to blow up",
    "fever": "choose whose loyalty card to shuffle with yours",
    "nest": "choose whose vote hand goes into the deck",
    "pick": "pick a vote card from the deck",
    "fountain": "drink from the Fountain of Youth, or be marooned",
    "take": "take one of the marooned pawn's vote cards, unseen",
    "atlantis": "sail to the other ship with the map of Atlantis, or not",
}


def why_illegal(st: TortugaState, action: Action) -> str:
    """The rule a refused action breaks, in the player's words."""
    if st.over:
        return "the game is over"
    who = st.name(st.current_player() or 0)
    if st.pending:
        kind = st.pending[-1][0]
        return f"{who} must first {PROMPTS[kind]}"
    s = st.active
    t = type(action)
    p = st.loc[s]
    roles = st.roles(s)
    if t in (A.View, A.Force) and len(st.face_down()) < 2:
        return "fewer than two event cards are face down: only revealing is left"
    if t is A.View and getattr(action, "a", 0) == getattr(action, "b", 0):
        return "view two different event cards"
    if t in (A.Reveal, A.View) and any(
        not 0 <= x < len(st.row) or st.row[x] < 0
        for x in (getattr(action, f, 0) for f in ("slot", "a", "b") if hasattr(action, f))
    ):
        return "that event slot holds no face-down card"
    if t is A.Force and getattr(action, "target", s) == s:
        return "force another player, not yourself"
    if t is A.Attack and "captain" not in roles:
        return "only a ship's captain may call for an attack"
    if t is A.Maroon:
        if "captain" not in roles:
            return "only a ship's captain may maroon a pawn"
        return "the captain may maroon only another pawn on their own ship"
    if t is A.Mutiny and "first mate" not in roles:
        return "only a ship's first mate may call for a mutiny"
    if t is A.Brawl and "governor" not in roles:
        return "only the governor of Tortuga (first in its line) may call for a brawl"
    if t is A.Shift:
        if "cabin boy" not in roles:
            return "only a ship's cabin boy (the last in its line) may move a treasure"
        return "that hold is empty"
    if t is A.Move:
        to = getattr(action, "to", 0)
        if not 0 <= to <= 4:
            return "there is no such place (0-1 ships, 2 Tortuga, 3-4 rowboats)"
        if to >= 3 and st.blown[to - 3]:
            return "that rowboat was blown up by Black Powder"
        if to >= 3 and st.boat[to - 3] >= 0:
            return "a rowboat holds only one pawn, and that one is taken"
        if to < 2 and p == to + 3:
            return "that ship's line is full"
        return "a pawn moves only between a ship or Tortuga and an adjoining rowboat"
    if t is A.Marque:
        if not st.count_kept(s, "letter_of_marque"):
            return "you hold no Letter of Marque"
        return "a Letter of Marque moves a pawn on Tortuga or a rowboat to a ship with room"
    return f"{who} may not do that now"
