"""Everything accounted for: treasure, vote cards, event cards and pawns."""

from __future__ import annotations

from collections import Counter

from wargame.errors import InvariantViolation
from wargame.tortuga.state import TortugaState


def check(st: TortugaState) -> None:
    r = st.data.rules
    n = st.n
    treasure = st.galleon + sum(map(sum, st.holds))
    # A ship's first treasure waits beside it until its captain picks the hold.
    treasure += r.board.ship_start_treasure * sum(1 for p in st.pending if p[0] == "hold")
    expect = r.board.galleon_treasure + 2 * r.board.ship_start_treasure + sum(r.board.tortuga_start)
    if treasure != expect:
        raise InvariantViolation(f"treasure: {treasure} chests, not {expect}")
    if min(st.galleon, *(x for h in st.holds for x in h)) < 0:
        raise InvariantViolation("a hold or the galleon holds fewer than no chests")
    votes: Counter[int] = Counter(st.vdeck)
    for h in st.hands:
        votes.update(h)
    if st.vote is not None:
        for _, cs in st.vote.played:
            votes.update(cs)
    if [votes.get(t, 0) for t in range(12)] != list(st.data.vote_counts):
        raise InvariantViolation(f"vote cards: {sum(votes.values())} not all accounted for")
    events = [c for c in st.row if c >= 0] + st.deck + st.discard + st.removed
    for k in st.kept:
        events += k
    if sorted(events) != list(range(len(st.cards))):
        raise InvariantViolation(f"event cards: {len(events)} of {len(st.cards)} accounted for")
    if st.final and st.deck:
        raise InvariantViolation("the row was reshuffled but the deck is not empty")
    places: list[int] = []
    for p, line in enumerate(st.lines):
        places += line
        for s in line:
            if st.loc[s] != p:
                raise InvariantViolation(f"{st.name(s)} is in a line but not there")
        if p < 2 and len(line) > r.board.ship_capacity:
            raise InvariantViolation(f"ship {p} holds {len(line)} pawns")
    for b, s in enumerate(st.boat):
        if s >= 0:
            places.append(s)
            if st.loc[s] != 3 + b:
                raise InvariantViolation(f"{st.name(s)} is on a rowboat but not there")
            if st.blown[b]:
                raise InvariantViolation("a pawn sits on a blown-up rowboat")
    if sorted(places) != list(range(n)):
        raise InvariantViolation(f"pawns: {sorted(places)} is not every seat once")
    teams = sorted(st.team)
    b, f, d = r.teams[str(n)]
    if teams != [0] * b + [1] * f + [2] * d:
        raise InvariantViolation("loyalty cards do not match the deal")
    limit = r.events.effects.albatross_limit
    if st.alb != [st.count_kept(s, "albatross") for s in range(n)]:
        raise InvariantViolation("the albatross count does not match the cards kept")
    for ship in (0, 1):
        if not st.over and sum(st.count_kept(s, "albatross") for s in st.lines[ship]) >= limit:
            raise InvariantViolation(f"ship {ship} sails with {limit} albatrosses")
    if not st.over:
        if st.current_player() is None or not st.legal_actions():
            raise InvariantViolation("no one can act in a live game")
    for s in range(n):
        for slot, card in st.seen[s].items():
            if st.row[slot] != card:
                raise InvariantViolation(f"{st.name(s)} remembers a card no longer there")
