"""What one seat may see, and samples of what it cannot (for search bots)."""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections import Counter
from typing import Any

from wargame.core.dice import DiceService
from wargame.tortuga.belief import Belief
from wargame.tortuga.rules import STARRED, TEAMS, TITLES
from wargame.tortuga.state import VOTE_KINDS, TortugaState


def observation(st: TortugaState, seat: int | None) -> dict[str, Any]:
    """The public table plus ``seat``'s own secrets: its loyalty, vote hand, the event
    cards it viewed (while still in place), what Cabin Fever taught it, and the vote
    card it played. Everything else is a count."""
    cards = st.cards
    everyone = st.over
    mine = seat is not None and 0 <= seat < st.n
    v = st.vote
    top = st.pending[-1] if st.pending else None
    searching = mine and top is not None and top[0] == "pick" and top[1] == seat
    return {
        "game": "tortuga-1667",
        "seat": seat,
        "players": st.n,
        "turns": st.turns,
        "active": st.active,
        "actions_left": st.actions_left,
        "to_act": st.current_player(),
        "loyalty": (
            [TEAMS[t] for t in st.team]
            if everyone
            else [
                TEAMS[st.team[s]] if mine and s == seat
                else TEAMS[st.known[seat][s]] if mine and s in st.known[seat]  # type: ignore[index]
                else None
                for s in range(st.n)
            ]
        ),
        "lines": [line[:] for line in st.lines],
        "boats": st.boat[:],
        "blown": st.blown[:],
        "holds": [h[:] for h in st.holds],
        "galleon": st.galleon,
        "totals": list(st.totals()),
        "row": ["down" if c >= 0 else None for c in st.row],
        "viewed": (
            {str(k): cards[c] for k, c in sorted(st.seen[seat].items())}  # type: ignore[index]
            if mine else {}
        ),
        "deck": len(st.deck),
        "discard": [cards[c] for c in st.discard],
        "removed": [cards[c] for c in st.removed],
        "kept": [[cards[c] for c in k] for k in st.kept],
        "final": st.final,
        "sudden": st.sudden,
        "hand": sorted(st.hands[seat]) if mine else None,  # type: ignore[index]
        "hand_sizes": [len(h) for h in st.hands],
        "vote_deck": sorted(st.vdeck) if searching else len(st.vdeck),
        "pirate_code": st.code[:],
        "scurvy": st.skip[:],
        "pending": None if top is None else [top[0], *top[1:]],
        "vote": None if v is None else {
            "kind": VOTE_KINDS[v.kind], "caller": v.caller, "voters": list(v.voters),
            "played": len(v.played),
            "mine": [list(cs) for s, cs in v.played if s == seat],
        },
        "last_vote": None if st.last_vote is None else list(st.last_vote),
        "history": st.history[:],
        "over": st.over,
        "end": st.end_reason,
        "winners": [s for s in range(st.n) if st.over and st.team[s] == st.win_team],
    }  # fmt: skip


def card_title(kind: str) -> str:
    return TITLES[kind]


def resample(st: TortugaState, seat: int, dice: DiceService) -> TortugaState:
    """A copy with every hidden thing ``seat`` does not know redrawn: other loyalties,
    the kinds of unviewed event cards (which starred cards are in the game too) and
    the deck order, other vote hands and the vote deck."""
    s = st.clone()
    if st.over:
        return s
    n = st.n
    data = st.data
    # Loyalties.
    known = st.known[seat]
    unknown = [o for o in range(n) if o != seat and o not in known]
    pool = list(st.team)
    pool.remove(st.team[seat])
    for t in known.values():
        pool.remove(t)
    pool.sort()  # the redraw must not depend on the true order (it is hidden)
    for o, t in zip(unknown, _loyalties(st, seat, unknown, pool, dice)):
        s.team[o] = t
    # Event cards: which ids' kinds are known to ``seat``.
    seen = set(st.seen[seat].values())
    known_ids = set(st.discard) | set(st.removed) | seen
    for k in st.kept:
        known_ids.update(k)
    armada = len(st.cards) - 1
    if not st.final and st.deck and st.deck[0] == armada and not st.sudden:
        known_ids.add(armada)  # the Armada lies under the deck: everyone knows
    hidden_ids = [c for c in [*(c for c in st.row if c >= 0), *st.deck] if c not in known_ids]
    left = Counter(k for k in data.base_events)
    left_starred = data.rules.events.starred_in_game
    starred_pool = Counter(data.starred)
    for c in known_ids:
        kind = st.cards[c]
        if kind in STARRED:
            left_starred -= 1
            starred_pool[kind] -= 1
        else:
            left[kind] -= 1
    starred_left = list(starred_pool.elements())
    dice.shuffle(starred_left, "sample: starred cards")
    kinds = list(left.elements()) + starred_left[: max(left_starred, 0)]
    dice.shuffle(kinds, "sample: event cards")
    cards = list(st.cards)
    for c, kind in zip(hidden_ids, kinds):
        cards[c] = kind
    s.cards = tuple(cards)
    # Vote cards: the deck and other hands (and others' face-down played cards).
    top = st.pending[-1] if st.pending else None
    searching = top is not None and top[0] == "pick" and top[1] == seat
    vpool: list[int] = [] if searching else st.vdeck[:]
    others = [o for o in range(n) if o != seat]
    for o in others:
        vpool += st.hands[o]
    played_others = []
    if s.vote is not None:
        played_others = [(i, p) for i, p in enumerate(s.vote.played) if p[0] != seat]
        for _, (_, cs) in played_others:
            vpool += cs
    vpool.sort()  # the redraw must not depend on who truly holds which card
    dice.shuffle(vpool, "sample: vote cards")
    if not searching:
        s.vdeck = [vpool.pop() for _ in st.vdeck]
    else:
        dice.shuffle(s.vdeck, "sample: vote deck order")
    for o in others:
        s.hands[o] = [vpool.pop() for _ in st.hands[o]]
    if s.vote is not None:
        for i, (o, cs) in played_others:
            s.vote.played[i] = (o, tuple(vpool.pop() for _ in cs))
    s._legal = None
    return s


#: How far one seat's evidence can tip a redraw: at most e^LEAN_CAP to one (the
#: belief's log-odds are a heuristic count, not a calibrated chance).
LEAN_CAP = 4.0


#: A uniform draw in [0, 1) for the weighted deal, in this many steps.
_RESOLUTION = 1 << 30


def _loyalties(
    st: TortugaState, seat: int, unknown: list[int], pool: list[int], dice: DiceService
) -> list[int]:
    """The loyalties of the ``unknown`` seats, one of the ways to deal ``pool`` among
    them, drawn in proportion to how well it fits what ``seat`` has seen (its
    :class:`~wargame.tortuga.belief.Belief`: British e^(L/2), French e^(-L/2), Dutch 1
    for a seat whose evidence reads L). With no evidence yet it is a plain shuffle."""
    if len(set(pool)) < 2:
        return pool
    odds = _deal_odds(st, seat, unknown, tuple(pool))
    if odds is None:
        dice.shuffle(pool, "sample: loyalties")
        return pool
    ways, cumulative = odds
    draw = dice.draw(0, _RESOLUTION - 1, 1, "sample: loyalties")[0]
    target = (draw + 0.5) / _RESOLUTION * cumulative[-1]
    return list(ways[min(bisect.bisect_left(cumulative, target), len(ways) - 1)])


Odds = tuple[tuple[tuple[int, ...], ...], list[float]]

#: The last table's deal odds, one tuple (read and replaced whole, so a bot thinking
#: on another thread never sees half of one): the search redraws the same table for
#: every iteration of a decision. Keyed by the history list itself (kept alive here,
#: so never another table's) and what the seat knows.
_last_odds: list[tuple[Any, Any, Odds | None]] = [(None, None, None)]


def _deal_odds(
    st: TortugaState, seat: int, unknown: list[int], pool: tuple[int, ...]
) -> Odds | None:
    """Every way to deal ``pool`` to the ``unknown`` seats and the running sum of
    their weights by ``seat``'s belief; None while the belief leans nowhere."""
    known = st.known[seat]
    key = (len(st.history), seat, tuple(sorted(known.items())), tuple(unknown), pool)
    history, last_key, last = _last_odds[0]
    if history is st.history and last_key == key:
        return last
    loyalty: list[str | None] = [None] * st.n
    loyalty[seat] = TEAMS[st.team[seat]]
    for o, t in known.items():
        loyalty[o] = TEAMS[t]
    obs = {"players": st.n, "seat": seat, "loyalty": loyalty, "history": st.history}
    logit = Belief(obs).logit
    lean = [max(-LEAN_CAP, min(LEAN_CAP, logit[o])) for o in unknown]
    odds: Odds | None = None
    if any(lean):
        ways = _deals(pool)
        fit = [(math.exp(x / 2), math.exp(-x / 2), 1.0) for x in lean]
        weights = (math.prod(f[t] for f, t in zip(fit, way)) for way in ways)
        odds = (ways, list(itertools.accumulate(weights)))
    _last_odds[0] = (st.history, key, odds)
    return odds


@functools.lru_cache(maxsize=64)
def _deals(pool: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct order of the sorted ``pool`` (a multiset), in a fixed order."""
    if not pool:
        return ((),)
    out = []
    for t in sorted(set(pool)):
        rest = list(pool)
        rest.remove(t)
        out.extend((t, *tail) for tail in _deals(tuple(rest)))
    return tuple(out)


def scrub_private(s: TortugaState, seat: int) -> None:
    """What a redraw for ``seat`` keeps but only other seats know: the cards they
    viewed and the loyalties they learnt (in place)."""
    for other in range(s.n):
        if other != seat:
            s.seen[other] = {}
            s.known[other] = {}
