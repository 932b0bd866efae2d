"""Every action the player being asked may take now (the rules of when, who and what)."""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.poe import actions as A
from wargame.poe.frames import Frame
from wargame.poe.scoring import burial_limit
from wargame.poe.state import PoeState

_DONE = A.Done()
_PASS = A.Pass()
_BURY = A.Bury()
_DIG = A.Dig()
_DRAW = A.Draw()
_MUTINY = A.Mutiny()
_FIGHT = A.Fight()
_JOIN = A.Join()
_ACCEPT = A.Accept()
_REFUSE = A.Refuse()
_COMPEL = A.Compel()


def legal_actions(st: PoeState) -> list[Action]:
    if st.over:
        return []
    if st.stack:
        return frame_actions(st, st.stack[-1])
    s = st.active
    return own_turn_actions(st, s, phase_actions(st, s))


def own_turn_actions(st: PoeState, s: int, phase: list[Action]) -> list[Action]:
    """The active pirate's actions, given the phase's own (``phase_actions``)."""
    out = phase or [_DONE]
    out += card_plays(st, s, own_turn=True)
    if can_mutiny(st, s):
        out.append(_MUTINY)
    return out


# -- own turn --------------------------------------------------------------------------
def phase_actions(st: PoeState, s: int) -> list[Action]:
    """The phase's own actions (without card plays or mutiny); [] if none."""
    ph = st.phase
    if ph == "bury":
        return bury_actions(st, s)
    if ph == "move":
        return move_actions(st, s)
    if ph == "dig":
        return [_DIG, _DONE] if can_dig(st, s) else []
    if ph == "discard":
        if not st.hand[s]:
            return []
        out: list[Action] = [A.Discard(c) for c in st.hand[s]]
        out.append(_DONE)
        return out
    # replenish
    out = []
    if can_draw(st, s):
        out.append(_DRAW)
    if takes_left(st, s) > 0 and len(st.hand[s]) < st.rules.hand.limit:
        out += [A.Take(c) for c in st.faceup[s]]
    if out:
        out.append(_DONE)
    return out


def bury_actions(st: PoeState, s: int) -> list[Action]:
    a = st.area[s]
    if a < 0 or st.board.sea[a]:
        return []
    sel = st.selection
    out: list[Action] = []
    cards = st.cards
    chosen = [cards[c] for c in sel]
    size = len(sel)
    limit_now = burial_limit(chosen, st.rules)
    for c in buriable(st, s):
        if c in sel:
            continue
        if size + 1 <= limit_now or size + 1 <= burial_limit([*chosen, cards[c]], st.rules):
            out.append(A.Select(c))
    over = size > limit_now  # the card that allowed this many has left the selection
    for c in sel:
        rest = [cards[x] for x in sel if x != c]
        if over or size - 1 <= burial_limit(rest, st.rules):
            out.append(A.Unselect(c))
    if not out:
        return []
    if sel and not over:
        out.append(_BURY)
    out.append(_DONE)
    return out


def buriable(st: PoeState, s: int) -> list[int]:
    """Hand and face-up cards that may be buried here (not on the island they were dug)."""
    isl = st.board.island[st.area[s]]
    if st.dead_chest[s]:
        return st.hand[s] + st.faceup[s]
    origin = st.origin
    return [c for c in st.hand[s] + st.faceup[s] if origin[c] != isl]


def allowance(st: PoeState, s: int) -> int:
    key = st.extra_step[s]
    return st.deck_info.actions[key].steps if key else 1


def move_actions(st: PoeState, s: int) -> list[Action]:
    ids = st.board.ids
    a = st.area[s]
    if a < 0:
        return [A.Enter(ids[x]) for x in entry_areas(st, s)]
    if st.is_crew(s) or st.becalmed[s] or st.steps >= allowance(st, s):
        return []
    if st.lashed[s] >= 0 and st.steps == 0:
        dest = st.lashed[s]
        if dest in st.board.adjacent[a] and st.step_ok(s, a, dest, paddle=st.paddle[s]):
            return [A.Move(ids[dest])]
    out: list[Action] = [A.Move(ids[b]) for b in step_targets(st, s)]
    if not out and st.steps == 0:
        return []
    out.append(_DONE)
    return out


def entry_areas(st: PoeState, s: int) -> list[int]:
    land = st.board.land_areas
    free = [x for x in land if st.occupant(x, besides=s) < 0]
    return free or list(land)


def step_targets(st: PoeState, s: int) -> list[int]:
    a = st.area[s]
    sea = st.board.sea
    key = st.extra_step[s]
    second = st.steps >= 1
    kind = st.deck_info.actions[key].second_step if key else "any"
    out = []
    for b in st.board.adjacent[a]:
        if second and kind == "land" and sea[b]:
            continue
        if second and kind == "sea" and not sea[b]:
            continue
        if st.step_ok(s, a, b, paddle=st.paddle[s]):
            out.append(b)
    return out


def can_dig(st: PoeState, s: int) -> bool:
    a = st.area[s]
    return a >= 0 and not st.board.sea[a] and not st.is_crew(s) and bool(st.buried[a])


def draws_allowed(st: PoeState, s: int) -> int:
    d = st.rules.replenish.draw
    if st.shore_leave[s]:
        return d.town
    return getattr(d, st.where(s))


def can_draw(st: PoeState, s: int) -> bool:
    return (
        st.draws < draws_allowed(st, s) and len(st.hand[s]) < st.rules.hand.limit and bool(st.deck)
    )


def takes_left(st: PoeState, s: int) -> int:
    table = st.rules.replenish.faceup_to_hand[st.options.faceup_to_hand]
    return getattr(table, st.where(s)) - st.takes


def can_mutiny(st: PoeState, s: int) -> bool:
    return st.is_crew(s) and not st.mutinied[s] and not st.barred[s]


# -- cards -----------------------------------------------------------------------------
def card_plays(st: PoeState, s: int, *, own_turn: bool) -> list[Action]:
    """Cards ``s`` may play now outside fights: on their own turn, or in a window of
    another pirate's turn (before it, after each of its phase steps, in a fight).
    Becalmed only while the pirate has not yet moved this turn."""
    out: list[Action] = []
    cards = st.cards
    sel = st.selection if s == st.active else ()
    for c in st.hand[s]:
        if c in sel:
            continue
        act = cards[c].action
        if st.deck_info.actions[act].steps:
            if not st.extra_step[s]:
                out.append(A.Play(c))
        elif act == "shore-leave":
            if not st.shore_leave[s]:
                out.append(A.Play(c))
        elif act == "a-dead-mans-chest":
            if not st.dead_chest[s]:
                out.append(A.Play(c))
        elif act == "thieving-parrot":
            for o in range(st.n):
                if o != s:
                    out += [A.PlayTake(c, t) for t in st.faceup[o]]
        elif act == "davy-joness-locker":
            out += [A.PlayTake(c, t) for t in st.discard]
        elif act == "my-precious":
            if st.options.my_precious == "own":
                out += [A.PlayTake(c, t) for t in st.faceup[s]]
            else:  # variant: "their" face-up treasure is another pirate's
                for o in range(st.n):
                    if o != s:
                        out += [A.PlayTake(c, t) for t in st.faceup[o]]
        elif act == "me-likie":
            for g in st.faceup[s]:
                v = cards[g].value
                for o in range(st.n):
                    if o != s:
                        out += [A.Swap(c, g, t) for t in st.faceup[o] if cards[t].value == v]
        elif act == "rough-swell":
            out += [A.PlayOn(c, o) for o in range(st.n) if o != s and st.faceup[o]]
        elif act == "wheel-lashed":
            for o in range(st.n):
                if o != s and st.area[o] >= 0 and not st.is_crew(o):
                    out += [A.Lash(c, o, st.board.ids[b]) for b in lash_targets(st, o)]
        elif act == "short-grog-ration":
            if st.is_crew(s) and not st.barred[s]:
                out.append(A.Play(c))
        elif act == "becalmed":
            t = st.active
            if (
                not own_turn
                and t != s
                and st.phase in ("bury", "move")
                and st.steps == 0
                and st.area[t] >= 0
                and not st.is_crew(t)
                and not st.becalmed[t]
            ):
                out.append(A.PlayOn(c, t))
        elif act == "paddle-wretches":
            if (
                own_turn
                and st.phase == "move"
                and st.area[s] >= 0
                and not st.is_crew(s)
                and not st.paddle[s]
                and not st.becalmed[s]
                and st.steps < allowance(st, s)
            ):
                out.append(A.Play(c))
        elif act == "fools-gold":
            if own_turn and st.phase == "bury" and st.fools < _typed(st):
                out.append(A.Play(c))
    return out


def reaction_plays(st: PoeState, s: int) -> list[Action]:
    """The plays of ``s`` now whose card is a reaction (rules data ``reaction``):
    cards that answer what another pirate just did, not ones for one's own next turn
    (Shore Leave, A Dead Man's Chest, movement cards), which lose nothing by waiting."""
    actions = st.deck_info.actions
    cards = st.cards
    return [
        a
        for a in card_plays(st, s, own_turn=False)
        if actions[cards[a.card].action].reaction  # type: ignore[attr-defined]
    ]


def _typed(st: PoeState) -> int:
    cards = st.cards
    return sum(1 for c in st.selection if cards[c].type is not None)


def lash_targets(st: PoeState, o: int) -> list[int]:
    a = st.area[o]
    return [b for b in st.board.adjacent[a] if st.step_ok(o, a, b)]


def fight_plays(st: PoeState, f: Frame, s: int) -> list[Action]:
    """Combat cards (mutiny cards in a mutiny) and, from anyone, the anytime cards: the
    window before the dice is a point of the turn like any other."""
    out: list[Action] = [
        a for a in card_plays(st, s, own_turn=s == st.active) if _anytime_in_fight(st, a)
    ]
    cards = st.cards
    sel = st.selection if s == st.active else ()
    for c in st.hand[s]:
        if c in sel:
            continue
        card = cards[c]
        if card.timing == "fight":
            out.append(A.PlayOn(c, f.a))
            out.append(A.PlayOn(c, f.b))
        elif f.mutiny and card.timing == "mutiny":
            act = card.action
            if (
                (act == "walk-the-plank" and not f.no_penalty)
                or (act == "clap-em-in-irons" and not f.no_bonus)
                or act == "extra-grog-ration"
            ):
                out.append(A.Play(c))
    return out


def _anytime_in_fight(st: PoeState, a: Action) -> bool:
    """Cards of the turn that make sense while the dice wait: not another mutiny, not a
    movement or burial card (the move that led here is under way)."""
    act = st.cards[a.card].action  # type: ignore[attr-defined]
    return act not in ("short-grog-ration", "paddle-wretches", "fools-gold") and not (
        st.deck_info.actions[act].steps
    )


def law_cards(st: PoeState, s: int) -> list[int]:
    return [c for c in st.hand[s] if st.cards[c].action == "law-of-the-sea"]


# -- frames ----------------------------------------------------------------------------
def frame_actions(st: PoeState, f: Frame) -> list[Action]:
    k = f.kind
    if k in ("turn-start", "phase-end"):
        out = card_plays(st, f.order[0], own_turn=False)
        out.append(_PASS)
        return out
    if k == "fight":
        out = fight_plays(st, f, f.cur)
        out.append(_PASS)
        return out
    if k == "entry":
        out = [A.Play(c) for c in law_cards(st, f.b)]
        out.append(_PASS)
        return out
    if k == "join-or-fight":
        return [_FIGHT, _JOIN]
    if k == "accept":
        return [_ACCEPT, _REFUSE]
    if k == "loot":
        cards = st.cards
        out = [A.Loot(c) for c in st.faceup[f.b] if cards[c].value <= f.budget]
        out.append(_DONE)
        return out
    if k == "fate":
        out = [_COMPEL]
        out += [A.Banish(st.board.ids[b]) for b in banish_targets(st, f)]
        return out
    if k == "share":
        crew = st.crew_of(f.a)
        out = [A.Give(c, p) for c in f.cards if c in st.faceup[f.a] for p in crew]
        out.append(_DONE)
        return out
    if k == "overboard":
        return [A.Overboard(c) for c in st.faceup[f.a]]
    raise AssertionError(f"unknown frame {k}")


def banish_targets(st: PoeState, f: Frame) -> list[int]:
    """Where the winner may move the loser: a legal move not into another pirate's area."""
    loser = f.b
    a = st.area[loser]
    sea = st.board.sea
    # A mutineer has no ship; a captain beaten by a mutineer loses theirs to them.
    keeps_ship = st.ship[loser] >= 0 and not f.mutiny
    out = []
    for b in st.board.adjacent[a]:
        if any(st.area[p] == b for p in range(st.n)):
            continue
        if sea[b]:
            if sea[a] and not keeps_ship:
                continue
            if not sea[a] and not st.ships_in(b):
                continue
        out.append(b)
    return out
