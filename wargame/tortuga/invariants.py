"""Everything accounted for: treasure, vote cards, event cards and pawns.

What ``simulate --strict`` checks after every action (issue 19), each a pass over a
few short lists (about 7 us in all for four players, against about 6 us for the
action itself):

* treasure: the galleon, the holds and Tortuga, plus a first treasure waiting for
  its hold, add up to the setup's; no place holds fewer than no chests;
* vote cards: the deck, the hands and the cards played in a vote in progress are
  the deal's cards exactly (by type, sorted once);
* event cards: the row, deck, discard, removed and kept cards are every card once;
  the deck is empty once the row has been reshuffled;
* pawns: every seat once, in a ship's line, Tortuga or a rowboat, where its place
  says; no ship over capacity; nobody on a blown-up rowboat;
* loyalties are the deal for this number of players;
* albatrosses: each seat's count is the cards it keeps, and no ship sails on with
  the limit aboard;
* a live game has someone to act and a legal action (the list ``apply`` needs
  anyway, so the check lists nothing extra: it is cached per state version);
* a card a seat remembers viewing is still in that slot of the row.
"""

from __future__ import annotations

from wargame.errors import InvariantViolation
from wargame.tortuga.rules import Data
from wargame.tortuga.state import TortugaState

#: Per rules data (by id; the entry keeps the data alive): every vote card of the game
#: by type code sorted, the treasure of the setup, and the loyalty cards dealt to n
#: players sorted.
_DEAL: dict[int, tuple[Data, list[int], int, dict[int, list[int]]]] = {}


def _deal(data: Data) -> tuple[Data, list[int], int, dict[int, list[int]]]:
    got = _DEAL.get(id(data))
    if got is None:
        r = data.rules
        board = r.board
        votes = [t for t, count in enumerate(data.vote_counts) for _ in range(count)]
        treasure = board.galleon_treasure + 2 * board.ship_start_treasure + sum(board.tortuga_start)
        loyalties = {int(n): [0] * b + [1] * f + [2] * d for n, (b, f, d) in r.teams.items()}
        got = _DEAL[id(data)] = (data, votes, treasure, loyalties)
    return got


def check(st: TortugaState) -> None:
    data = st.data
    r = data.rules
    _, vote_cards, expect, loyalties = _deal(data)
    n = st.n
    holds = st.holds
    treasure = st.galleon + sum(map(sum, holds))
    # A ship's first treasure waits beside it until its captain picks the hold.
    if st.pending:
        treasure += r.board.ship_start_treasure * sum(1 for p in st.pending if p[0] == "hold")
    if treasure != expect:
        raise InvariantViolation(f"treasure: {treasure} chests, not {expect}")
    if min(st.galleon, min(map(min, holds))) < 0:
        raise InvariantViolation("a hold or the galleon holds fewer than no chests")
    votes = st.vdeck[:]
    for h in st.hands:
        votes += h
    if st.vote is not None:
        for _, cs in st.vote.played:
            votes += cs
    votes.sort()
    if votes != vote_cards:
        raise InvariantViolation(f"vote cards: {len(votes)} not all accounted for")
    events = [c for c in st.row if c >= 0]
    events += st.deck
    events += st.discard
    events += st.removed
    for k in st.kept:
        events += k
    events.sort()
    if events != list(range(len(st.cards))):
        raise InvariantViolation(f"event cards: {len(events)} of {len(st.cards)} accounted for")
    if st.final and st.deck:
        raise InvariantViolation("the row was reshuffled but the deck is not empty")
    loc = st.loc
    places: list[int] = []
    for p, line in enumerate(st.lines):
        places += line
        for s in line:
            if loc[s] != p:
                raise InvariantViolation(f"{st.name(s)} is in a line but not there")
        if p < 2 and len(line) > r.board.ship_capacity:
            raise InvariantViolation(f"ship {p} holds {len(line)} pawns")
    for b, s in enumerate(st.boat):
        if s >= 0:
            places.append(s)
            if loc[s] != 3 + b:
                raise InvariantViolation(f"{st.name(s)} is on a rowboat but not there")
            if st.blown[b]:
                raise InvariantViolation("a pawn sits on a blown-up rowboat")
    places.sort()
    if places != list(range(n)):
        raise InvariantViolation(f"pawns: {places} is not every seat once")
    if sorted(st.team) != loyalties[n]:
        raise InvariantViolation("loyalty cards do not match the deal")
    cards = st.cards
    albatrosses = [0] * n
    for s, kept in enumerate(st.kept):
        for c in kept:
            if cards[c] == "albatross":
                albatrosses[s] += 1
    if st.alb != albatrosses:
        raise InvariantViolation("the albatross count does not match the cards kept")
    if not st.over:
        limit = r.events.effects.albatross_limit
        for ship in (0, 1):
            if sum([albatrosses[s] for s in st.lines[ship]]) >= limit:
                raise InvariantViolation(f"ship {ship} sails with {limit} albatrosses")
        if st.current_player() is None or not st.legal_actions():
            raise InvariantViolation("no one can act in a live game")
    for s in range(n):
        seen = st.seen[s]
        if seen:
            for slot, card in seen.items():
                if st.row[slot] != card:
                    raise InvariantViolation(f"{st.name(s)} remembers a card no longer there")
