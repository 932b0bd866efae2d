"""Bots for Pieces of Eight.

``random`` (the core's RandomBot) plays any legal action. ``strong`` follows a
plan a good player would: come on where a ship can carry it on, get to the town
(six cards a turn) by a route it can really sail (playing movement cards when
far), bury the most valuable treasure it may every turn, dig where the treasure
can be buried elsewhere, and dig up the town's hoard to carry it to another
island. At the town it fights the captain while anyone is ahead of it and
otherwise joins as crew (crew there draw six too); it backs its own side in
fights with its combat cards and sticks its oar in against the leader in
others' fights; it takes the richest loot, sends a beaten rival where the way
back to the town is longest and keeps one who is behind as crew. Without
the last four (a plain rush to the town) the first pirate to reach the town
won nearly every mirror game. It reads only what its seat may see (its hand
and the public table), never the deck or others' hands.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState
from wargame.poe import actions as A
from wargame.poe.frames import ROUND_WINDOWS
from wargame.poe.legal import buriable
from wargame.poe.rules import rules
from wargame.poe.scoring import burial_limit
from wargame.poe.state import PoeState


@cache
def attacker_wins_chance(margin: int) -> float:
    """The attacker's chance to win with ``margin`` = attacker's modifiers - defender's:
    each side rolls one die and the attacker wins only on a higher total."""
    sides = rules().fight.die_sides
    faces = range(1, sides + 1)
    return sum(1 for a in faces for d in faces if a + margin > d) / sides**2


#: The evaluation's weights: what a treasure card in hand or face up is worth against a
#: point already buried (fights and digs take some), and the spread of the final
#: points (a winner's lead) at the start of a game and at its end.
HELD_WORTH = 0.6
SPREAD_START, SPREAD_END = 14.0, 3.0


def progress(st: PoeState) -> float:
    """How far the game is, 0 at the deal to 1 when the deck runs out for the last time."""
    total = max(1, len(st.cards))
    laps = max(1, st.rules.end.deck_exhaustions)
    done = st.exhaustions + 1.0 - len(st.deck) / total
    return max(0.0, min(1.0, done / laps))


def evaluate(state: GameState) -> dict[int, float] | None:
    """Each pirate's chances in a game not yet over, for the search bot's cut-off
    playouts: its points buried plus part of the treasure it holds (hand and face
    up, the best burial's worth) make an estimate; the chance to finish first is a
    softmax over the estimates whose spread narrows as the deck runs down, on the
    scale of the search's rewards (3/4 the win, 1/4 the share of points). It reads
    the hands of the world it is given: the search's own redraw, never the true one."""
    assert isinstance(state, PoeState)
    if state.over:
        return None
    cards = state.cards
    est: list[float] = []
    for s in range(state.n):
        held = sorted((cards[c].value for c in state.hand[s] + state.faceup[s]), reverse=True)
        est.append(state.vp[s] + HELD_WORTH * sum(held[: state.rules.bury.base_limit]))
    spread = SPREAD_START + (SPREAD_END - SPREAD_START) * progress(state)
    top = max(est)
    weights = [math.exp((e - top) / spread) for e in est]
    norm = sum(weights)
    total = sum(max(0.0, e) for e in est)
    return {
        s: 0.75 * weights[s] / norm
        + 0.25 * (max(0.0, est[s]) / total if total > 0 else 1.0 / state.n)
        for s in range(state.n)
    }


def forced(state: GameState, seat: int, legal: Sequence[Action]) -> Action | None:
    """Pass where passing is all a window asks, so the search bot answers at once: in a
    window before another pirate's turn, after one of its phase steps or before a
    fight's dice, when every card ``seat`` may play there is an anytime card that is no
    reaction (rules data ``timing``, ``reaction``): Shore Leave, A Dead Man's Chest and
    the movement cards act on the seat's own next turn and may be played then to the
    same effect, so playing one now changes nothing a pass does not (the rule that
    passes for a lone human at the table too). A combat, mutiny or reaction card, or
    any other decision: None (the search decides). Reads only the seat's own hand."""
    assert isinstance(state, PoeState)
    if not state.stack or state.stack[-1].kind not in _PASSABLE or _PASS not in legal:
        return None
    cards = state.cards
    actions = state.deck_info.actions
    for a in legal:
        if a == _PASS:
            continue
        if type(a) is not A.Play:
            return None
        card = cards[a.card]
        if card.timing != "anytime" or actions[card.action].reaction:
            return None
    return _PASS


#: The windows :func:`forced` may pass (the entry window's one card, Law of the Sea,
#: always changes what happens).
_PASSABLE = (*ROUND_WINDOWS, "fight")
_PASS = A.Pass()


class StrongBot:
    name = "strong"
    #: The search bot's evaluation of a position (its playouts follow this bot).
    evaluate = staticmethod(evaluate)
    #: The decisions the search bot answers without searching (see :func:`forced`).
    forced = staticmethod(forced)

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice

    def choose(self, state: GameState, seat: int) -> Action:
        assert isinstance(state, PoeState)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        st = state
        pick = None
        if st.stack:
            pick = self._frame(st, seat, actions)
        else:
            pick = self._own(st, seat, actions)
        if pick is None or pick not in actions:
            pick = _first(actions, A.Done) or _first(actions, A.Pass) or actions[0]
        return pick

    # -- windows and choices ---------------------------------------------------------
    def _frame(self, st: PoeState, me: int, actions: list[Action]) -> Action | None:
        f = st.stack[-1]
        k = f.kind
        if k == "fight":
            return self._fight(st, f, me, actions)
        if k == "join-or-fight":
            return self._join_or_fight(st, me, f.b)
        if k == "accept":
            return A.Accept()
        if k == "loot":
            loots = [a for a in actions if isinstance(a, A.Loot)]
            if not loots:
                return A.Done()
            return max(loots, key=lambda a: st.cards[a.card].value)
        if k == "fate":
            return self._fate(st, f.b, me, actions)
        if k == "overboard":
            return min(actions, key=lambda a: st.cards[a.card].value)  # type: ignore[attr-defined]
        return None  # turn-start, phase-end, entry, share: pass / done

    def _fate(self, st: PoeState, loser: int, me: int, actions: list[Action]) -> Action:
        """A rival (as many points or more) goes where the way back to the town is
        longest; one who is behind is kept as crew."""
        banish = [a for a in actions if isinstance(a, A.Banish)]
        if not banish or st.vp[loser] < st.vp[me]:
            return A.Compel()
        here = st.area[loser]

        def way_back(a: A.Banish) -> tuple[int, str]:
            b = st.board.index(a.to)
            return route_length(st, loser, b, _keeps_ship(st, loser, here, b)), a.to

        return max(banish, key=way_back)

    def _join_or_fight(self, st: PoeState, me: int, captain: int) -> Action:
        """Fight for the town while anyone is ahead (only that catches up); leading,
        a poor fight is worse than joining, as crew there draw six too."""
        if st.area[captain] != _town(st) or max(st.vp) > st.vp[me]:
            return A.Fight()
        margin = sum(
            max(0, st.cards[c].modifier) for c in st.hand[me] if st.cards[c].timing == "fight"
        )
        return A.Fight() if attacker_wins_chance(margin) >= 0.5 else A.Join()

    def _fight(self, st: PoeState, f, me: int, actions: list[Action]) -> Action | None:  # noqa: ANN001
        if me not in (f.a, f.b):
            return self._oar(st, f, me, actions)
        attacker = me == f.a
        margin = f.mod_a - f.mod_b
        if f.mutiny:
            if not f.no_penalty:
                margin += st.rules.fight.mutiny_penalty
            if not f.no_bonus:
                from wargame.poe.scoring import mutiny_bonus

                margin += mutiny_bonus(
                    st.spots(f.b), st.spots(f.a), rounding=st.options.mutiny_rounding
                )
            if not attacker:
                grog = [a for a in actions if _act(st, a) == "extra-grog-ration"]
                if grog:
                    return grog[0]
        p = attacker_wins_chance(margin)
        mine = p if attacker else 1 - p
        if mine >= 0.75:
            return A.Pass()
        best: tuple[int, Action] | None = None
        for a in actions:
            if isinstance(a, A.PlayOn):
                mod = st.cards[a.card].modifier
                gain = mod if (a.seat == me) else -mod
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, a)
            elif isinstance(a, A.Play) and f.mutiny:
                act = st.cards[a.card].action
                if attacker and act == "walk-the-plank":
                    best = best or (3, a)
                if not attacker and act == "clap-em-in-irons" and margin > -3:
                    best = best or (1, a)
        return best[1] if best else A.Pass()

    def _oar(self, st: PoeState, f, me: int, actions: list[Action]) -> Action:  # noqa: ANN001
        """Stick one's oar in against the leader: back whoever fights the pirate with
        the most points, when that pirate is ahead of us."""
        if f.mutiny:
            return A.Pass()
        leader = max((f.a, f.b), key=lambda p: st.vp[p])
        other = f.b if leader == f.a else f.a
        if st.vp[leader] <= st.vp[me] or st.vp[leader] < max(st.vp):
            return A.Pass()
        best: tuple[int, Action] | None = None
        for a in actions:
            if isinstance(a, A.PlayOn):
                mod = st.cards[a.card].modifier
                gain = mod if a.seat == other else -mod if a.seat == leader else 0
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, a)
        return best[1] if best else A.Pass()

    # -- own turn --------------------------------------------------------------------
    def _own(self, st: PoeState, me: int, actions: list[Action]) -> Action | None:
        ph = st.phase
        if (
            st.is_crew(me)
            and A.Mutiny() in actions
            and st.area[me] != _town(st)
            and self._mutiny_worth(st, me)
        ):
            return A.Mutiny()
        if ph == "bury":
            return self._bury(st, me, actions)
        if ph == "move":
            return self._move(st, me, actions)
        if ph == "dig":
            town = _town(st)
            here = st.area[me]
            if A.Dig() in actions and (
                st.board.island[here] != st.board.island[town] or self._raid_hoard(st, me)
            ):
                return A.Dig()
            return A.Done()
        if ph == "replenish":
            if A.Draw() in actions:
                return A.Draw()
            return A.Done()
        return A.Done()

    def _raid_hoard(self, st: PoeState, me: int) -> bool:
        """Dig up the town's hoard to bury it on another island (it scores again there):
        the way a late comer catches up with those who reached the town first.

        The cards are face down: the bot counts the spots of those it buried itself
        and, for the others, the mean value of every card its seat has not seen."""
        return hoard_estimate(st, me, st.area[me]) >= _HOARD

    def _mutiny_worth(self, st: PoeState, me: int) -> bool:
        from wargame.poe.scoring import mutiny_bonus

        cap = st.captain[me]
        margin = st.rules.fight.mutiny_penalty + mutiny_bonus(
            st.spots(cap), st.spots(me), rounding=st.options.mutiny_rounding
        )
        margin += sum(
            max(0, st.cards[c].modifier) for c in st.hand[me] if st.cards[c].timing == "fight"
        )
        return attacker_wins_chance(margin) >= 0.5

    def _bury(self, st: PoeState, me: int, actions: list[Action]) -> Action | None:
        target = best_burial(st, me)
        if not target:
            return A.Done()
        for c in target:
            if c not in st.selection:
                a = A.Select(c)
                if a in actions:
                    return a
        for c in st.selection:
            if c not in target and A.Unselect(c) in actions:
                return A.Unselect(c)
        return A.Bury() if A.Bury() in actions else A.Done()

    def _move(self, st: PoeState, me: int, actions: list[Action]) -> Action | None:
        town = _town(st)
        enters = [a for a in actions if isinstance(a, A.Enter)]
        if enters:
            # Come on where a ship can carry you on: a shore without one may strand you.
            paddle = any(st.cards[c].action == "paddle-wretches" for c in st.hand[me])
            return min(
                enters,
                key=lambda a: (
                    route_length(st, me, st.board.index(a.area), False, paddle=paddle),
                    a.area,
                ),
            )
        here = st.area[me]
        goal = _goal(st, me)
        if here in goal:
            return A.Done()
        paddle = st.paddle[me]
        now = route_length(st, me, here, st.ship[me] >= 0, paddle=paddle, goal=goal)
        if st.steps == 0:
            card = self._speed_card(st, me, actions, now)
            if card is not None:
                return card
        best = None
        for a in actions:
            if isinstance(a, A.Move):
                b = st.board.index(a.to)
                occupied = st.occupant(b, besides=me) >= 0
                if occupied and b != town:
                    continue
                d = route_length(st, me, b, _keeps_ship(st, me, here, b), paddle=paddle, goal=goal)
                if d < now and (best is None or d < best[0]):
                    best = (d, a)
        if best:
            return best[1]
        forced = [a for a in actions if isinstance(a, A.Move)]
        if forced and A.Done() not in actions:
            return forced[0]
        return A.Done()

    def _speed_card(self, st: PoeState, me: int, actions: list[Action], now: int) -> Action | None:
        """Far from the town: a second step this turn (God Speed, Step to It, Cram on
        Sail), or Paddle, Wretches! when no ship can carry you on."""
        plays = [a for a in actions if type(a) is A.Play]
        if now >= _FAR:
            paddle = [a for a in plays if _act(st, a) == "paddle-wretches"]
            if paddle and route_length(st, me, st.area[me], False, paddle=True) < _FAR:
                return paddle[0]
            return None
        if now < 2 or st.extra_step[me]:
            return None
        speed = [a for a in plays if st.deck_info.actions[_act(st, a)].steps]
        return speed[0] if speed else None


_FAR = 10**6
#: Spots buried in the town worth digging up to carry to another island.
_HOARD = 12
#: Spots of face-up treasure from the town's island worth carrying off to bury.
_CARRY = 6


def _keeps_ship(st: PoeState, me: int, here: int, b: int) -> bool:
    """Whether the pirate has a ship after stepping from ``here`` to ``b``."""
    sea = st.board.sea
    if not sea[b]:
        return False
    if sea[here] and st.ship[me] >= 0:
        return True
    return bool(st.free_ships_in(b))


def _goal(st: PoeState, me: int) -> frozenset[int]:
    """Where the pirate heads: the town, or, carrying treasure dug on the town's island
    (which cannot be buried there), the free land of the other islands."""
    town = _town(st)
    isl = st.board.island[town]
    stuck = sum(st.cards[c].value for c in st.faceup[me] if st.origin[c] == isl)
    if stuck < _CARRY:
        return frozenset({town})
    return frozenset(
        a
        for a in st.board.land_areas
        if st.board.island[a] != isl and st.occupant(a, besides=me) < 0
    ) or frozenset({town})


def route_length(
    st: PoeState,
    me: int,
    start: int,
    ship: bool,
    *,
    paddle: bool = False,
    goal: frozenset[int] | None = None,
) -> int:
    """Steps from ``start`` to the town over what the pirate may really cross: land to
    land, to a sea only with a ship there (or one's own, sea to sea), never through
    another pirate's area. Unreachable: a large number."""
    board = st.board
    sea = board.sea
    town = _town(st)
    goal = goal or frozenset({town})
    blocked = {st.area[p] for p in range(st.n) if p != me and st.area[p] >= 0} - {town}
    free = {a for a in range(board.size) if st.free_ships_in(a)}
    ships = set(st.ship_area)
    seen = {(start, ship): 0}
    frontier = [(start, ship)]
    while frontier:
        nxt = []
        for a, has in frontier:
            d = seen[(a, has)]
            if a in goal:
                return d
            for b in board.adjacent[a]:
                if b in blocked:
                    continue
                if sea[b]:
                    if sea[a] and has:
                        key = (b, True)
                    elif paddle or (not sea[a] and b in ships):
                        key = (b, b in free)
                    else:
                        continue
                else:
                    key = (b, False)
                if key not in seen:
                    seen[key] = d + 1
                    nxt.append(key)
        frontier = nxt
    return _FAR


def best_burial(st: PoeState, me: int) -> list[int]:
    """The treasure to bury now: the most valuable cards the burial limit allows."""
    a = st.area[me]
    if a < 0 or st.board.sea[a]:
        return []
    cards = st.cards
    pool = sorted(buriable(st, me), key=lambda c: (-cards[c].value, c))
    if not pool:
        return []
    limit = burial_limit([cards[c] for c in pool], st.rules)
    named_big = [c for c in pool if cards[c].named and cards[c].value >= 4]
    chosen = named_big[:1]
    for c in pool:
        if len(chosen) >= limit:
            break
        if c not in chosen:
            chosen.append(c)
    return chosen if burial_limit([cards[c] for c in chosen], st.rules) >= len(chosen) else []


def hoard_estimate(st: PoeState, me: int, area: int) -> float:
    """The spots buried in ``area`` as ``me`` may know them: its own burials still in
    the ground exactly, every other card at the mean value of the cards it has not
    seen (the deck, the others' hands and the piles it did not bury)."""
    cards = st.cards
    own = own_buried(st, me)
    pile = st.buried[area]
    known = [c for c in pile if c in own[area]]
    unknown = len(pile) - len(known)
    if not unknown:
        return float(sum(cards[c].value for c in known))
    seen = set(st.hand[me]) | set(st.discard)
    for o in range(st.n):
        seen.update(st.faceup[o])
    for mine in own:
        seen.update(mine)
    unseen = [c.value for c in cards if c.index not in seen]
    mean = sum(unseen) / len(unseen) if unseen else 0.0
    return sum(cards[c].value for c in known) + unknown * mean


def own_buried(st: PoeState, me: int) -> list[set[int]]:
    """The cards ``me`` buried that are still in the ground, per area: a pile holds
    the burials there since its last dig, in order (the burial record is public)."""
    owners: list[list[int]] = [[] for _ in st.buried]
    for who, area, buried, _vp in st.burials:
        owners[area].extend([who] * len(buried))
    out: list[set[int]] = []
    for area, pile in enumerate(st.buried):
        whose = owners[area][len(owners[area]) - len(pile) :]
        out.append({c for c, w in zip(pile, whose) if w == me})
    return out


def _town(st: PoeState) -> int:
    return next(i for i in range(st.board.size) if st.board.town[i])


def _first(actions: list[Action], cls: type) -> Action | None:
    return next((a for a in actions if type(a) is cls), None)


def _act(st: PoeState, a: Action) -> str:
    c = getattr(a, "card", None)
    return st.cards[c].action if isinstance(c, int) else ""
