"""Bots for Pieces of Eight.

``random`` (the core's RandomBot) plays any legal action. ``strong`` follows a
plan a good player would: get ashore in the town (six cards a turn), bury the
most valuable treasure it may every turn, dig only where the treasure can be
buried elsewhere, back its own side in fights with its combat cards, take the
richest loot and send beaten foes away. It reads only what its seat may see
(its hand and the public table), never the deck or others' hands.
"""

from __future__ import annotations

from functools import cache

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState
from wargame.poe import actions as A
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


class StrongBot:
    name = "strong"

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
            return A.Fight()
        if k == "accept":
            return A.Accept()
        if k == "loot":
            loots = [a for a in actions if isinstance(a, A.Loot)]
            if not loots:
                return A.Done()
            return max(loots, key=lambda a: st.cards[a.card].value)
        if k == "fate":
            banish = [a for a in actions if isinstance(a, A.Banish)]
            if banish:
                town = _town(st)
                dist = st.board.distances_to(town)
                return max(banish, key=lambda a: dist[st.board.index(a.to)])
            return A.Compel()
        if k == "overboard":
            return min(actions, key=lambda a: st.cards[a.card].value)  # type: ignore[attr-defined]
        return None  # turn-start, entry, share: pass / done

    def _fight(self, st: PoeState, f, me: int, actions: list[Action]) -> Action | None:  # noqa: ANN001
        if me not in (f.a, f.b):
            return A.Pass()
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

    # -- own turn --------------------------------------------------------------------
    def _own(self, st: PoeState, me: int, actions: list[Action]) -> Action | None:
        ph = st.phase
        if st.is_crew(me) and A.Mutiny() in actions and self._mutiny_worth(st, me):
            return A.Mutiny()
        if ph == "bury":
            return self._bury(st, me, actions)
        if ph == "move":
            return self._move(st, me, actions)
        if ph == "dig":
            town = _town(st)
            here = st.area[me]
            if A.Dig() in actions and st.board.island[here] != st.board.island[town]:
                return A.Dig()
            return A.Done()
        if ph == "replenish":
            if A.Draw() in actions:
                return A.Draw()
            return A.Done()
        return A.Done()

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
        dist = st.board.distances_to(town)
        enters = [a for a in actions if isinstance(a, A.Enter)]
        if enters:
            return min(enters, key=lambda a: dist[st.board.index(a.area)])
        here = st.area[me]
        if here == town:
            return A.Done()
        best = None
        for a in actions:
            if isinstance(a, A.Move):
                b = st.board.index(a.to)
                occupied = st.occupant(b, besides=me) >= 0
                if occupied and b != town:
                    continue
                if dist[b] < dist[here] and (best is None or dist[b] < best[0]):
                    best = (dist[b], a)
        if best:
            return best[1]
        forced = [a for a in actions if isinstance(a, A.Move)]
        if forced and A.Done() not in actions:
            return forced[0]
        return A.Done()


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


def _town(st: PoeState) -> int:
    return next(i for i in range(st.board.size) if st.board.town[i])


def _first(actions: list[Action], cls: type) -> Action | None:
    return next((a for a in actions if type(a) is cls), None)


def _act(st: PoeState, a: Action) -> str:
    c = getattr(a, "card", None)
    return st.cards[c].action if isinstance(c, int) else ""
