"""Setup, applying an action, the turn order and the end of the game."""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.seats import first_seat
from wargame.tortuga import actions as A
from wargame.tortuga import effects as E
from wargame.tortuga import votes as V
from wargame.tortuga.places import albatross_check, do_maroon, maroon, move, take_card
from wargame.tortuga.rules import Data
from wargame.tortuga.shuffle import shuffle
from wargame.tortuga.state import DUTCH, TortugaState


def setup(data: Data, players: int, dice: DiceService, starter: str = "1") -> TortugaState:
    r = data.rules
    st = TortugaState(data, players)
    n = players
    st.active = first_seat(starter, n, dice, "Who starts")
    # Loyalty cards, dealt face down.
    b, f, d = r.teams[str(n)]
    loyalty = [0] * b + [1] * f + [2] * d
    shuffle(dice, loyalty, "loyalty cards")
    st.team = loyalty
    # Pawns to the ships at random, dealt alternately (ship 0 gets the odd one).
    order = list(range(n))
    shuffle(dice, order, "pawns to the ships", hidden=False)
    for i, s in enumerate(order):
        st.lines[i % 2].append(s)
        st.loc[s] = i % 2
    # Event cards: the starred ones at random, the Armada under the deck so that it is
    # always among the last five.
    starred = list(data.starred)
    shuffle(dice, starred, "starred event cards")
    kinds = [k for k in data.base_events if k != "spanish_armada"]
    kinds += starred[: r.events.starred_in_game]
    st.cards = (*kinds, "spanish_armada")
    ids = list(range(len(kinds)))
    shuffle(dice, ids, "event deck")
    st.row = ids[: r.events.row]
    st.deck = [len(kinds), *ids[r.events.row :]]
    # Vote cards.
    vdeck = [t for t, c in enumerate(data.vote_counts) for _ in range(c)]
    shuffle(dice, vdeck, "vote deck")
    for s in range(n):
        for _ in range(r.votes.hand):
            st.hands[s].append(vdeck.pop())
    st.vdeck = vdeck
    # Each captain picks the hold of the ship's first treasure: ship 0's first.
    for ship in (1, 0):
        st.pending.append(("hold", st.lines[ship][0], ship))
    return st


def apply_action(st: TortugaState, action: Action, dice: DiceService) -> None:
    if st.pending:
        top = st.pending.pop()
        respond(st, top, action, dice)
    else:
        st.in_action = True
        main(st, st.active, action, dice)
    settle(st, dice)


def main(st: TortugaState, seat: int, action: Action, dice: DiceService) -> None:
    t = type(action)
    if t is A.Move:
        move(st, seat, action.to)  # type: ignore[attr-defined]
        st.history.append(("move", seat, action.to))  # type: ignore[attr-defined]
    elif t is A.Reveal:
        E.reveal(st, seat, action.slot, dice)  # type: ignore[attr-defined]
    elif t is A.View:
        st.barrier = True
        for slot in (action.a, action.b):  # type: ignore[attr-defined]
            st.seen[seat][slot] = st.row[slot]
    elif t is A.Force:
        st.pending.append(("offer", seat, action.target))  # type: ignore[attr-defined]
    elif t is A.Attack:
        V.call_vote(st, V.ATTACK, seat, dice)
    elif t is A.Brawl:
        V.call_vote(st, V.BRAWL, seat, dice)
    elif t is A.Mutiny:
        V.call_vote(st, V.MUTINY, seat, dice)
    elif t is A.Maroon:
        st.history.append(("maroons", seat, action.target))  # type: ignore[attr-defined]
        maroon(st, action.target, seat, dice, fountain=True)  # type: ignore[attr-defined]
    elif t is A.Shift:
        h = st.holds[st.loc[seat]]
        frm = action.frm  # type: ignore[attr-defined]
        h[frm] -= 1
        h[1 - frm] += 1
        st.history.append(("shift", seat, 1 - frm))
    elif t is A.Marque:
        E.marque(st, seat, action.target, action.ship)  # type: ignore[attr-defined]
    elif t is A.Pass:
        st.history.append(("pass", seat, 0))
    else:  # pragma: no cover - legal_actions lists only the above
        raise ValueError(f"not a main action: {action.to_text()}")


def respond(st: TortugaState, top: tuple, action: Action, dice: DiceService) -> None:  # type: ignore[type-arg]
    kind, seat = top[0], top[1]
    t = type(action)
    if kind == "vote":
        V.play(st, seat, action.cards, dice)  # type: ignore[attr-defined]
    elif kind == "hold":
        st.holds[top[2]][action.hold] += st.data.rules.board.ship_start_treasure  # type: ignore[attr-defined]
        st.history.append(("hold", seat, action.hold))  # type: ignore[attr-defined]
    elif kind == "offer":
        a, b = action.a, action.b  # type: ignore[attr-defined]
        st.pending.append(("reveal2", top[2], a, b))
    elif kind == "reveal2":
        E.reveal(st, seat, action.slot, dice)  # type: ignore[attr-defined]
    elif kind == "loot" and t is A.LeaveLoot:
        st.history.append(("leave", seat, 0))
    elif kind == "loot":
        frm, to = action.frm, action.to  # type: ignore[attr-defined]
        ship = st.loc[seat]
        if frm < 0:
            st.galleon -= 1
        else:
            st.holds[1 - ship][frm] -= 1
        st.holds[ship][to] += 1
        st.history.append(("loot", seat, to))
    elif kind == "marque":
        if t is A.Marque:
            E.marque(st, seat, action.target, action.ship)  # type: ignore[attr-defined]
    elif kind == "pistol":
        st.history.append(("shoots", seat, action.target))  # type: ignore[attr-defined]
        maroon(st, action.target, seat, dice, fountain=True)  # type: ignore[attr-defined]
    elif kind == "give":
        E.give(st, seat, top[2], action.target, dice)  # type: ignore[attr-defined]
    elif kind == "powder":
        E.powder(st, action.boat, dice)  # type: ignore[attr-defined]
    elif kind == "fever":
        E.fever(st, seat, action.target, dice)  # type: ignore[attr-defined]
    elif kind == "nest":
        E.nest(st, seat, action.target, dice)  # type: ignore[attr-defined]
    elif kind == "pick":
        E.pick(st, seat, top[2], top[3], action.card, dice)  # type: ignore[attr-defined]
    elif kind == "fountain":
        if action.use:  # type: ignore[attr-defined]
            card = next(c for c in st.kept[seat] if st.cards[c] == "fountain_of_youth")
            st.kept[seat].remove(card)
            st.discard.append(card)
            st.history.append(("fountain", seat, 0))
        else:
            do_maroon(st, seat, top[2], dice)
    elif kind == "take":
        take_card(st, top[2], action.slot)  # type: ignore[attr-defined]
    elif kind == "atlantis":
        if action.use:  # type: ignore[attr-defined]
            card = next(c for c in st.kept[seat] if st.cards[c] == "atlantis")
            st.kept[seat].remove(card)
            st.discard.append(card)
            move(st, seat, 1 - st.loc[seat])
            st.history.append(("atlantis", seat, st.loc[seat]))
    else:  # pragma: no cover
        raise ValueError(f"unknown decision {kind!r}")


def settle(st: TortugaState, dice: DiceService) -> None:
    """After every action: the albatross, the lead in sudden death, the next turn."""
    if st.over:
        return
    albatross_check(st)
    if st.sudden:
        b, f = st.totals()
        if b != f:
            finish(st, 0 if b > f else 1, "the first nation to take the lead")
            return
    if max(st.row) < 0 and dry_out(st):
        return
    if st.pending:
        return
    if st.in_action:
        st.in_action = False
        st.actions_left -= 1
        if st.actions_left <= 0:
            next_turn(st)


def dry_out(st: TortugaState) -> bool:
    """Sudden death with every event card revealed: play goes on ("until it is no longer
    tied"); a draw once ``turn.sudden_death_turns`` turns passed with no lead. The turn
    the cards ran out is kept in the public history as ("dry", -1, turn)."""
    dry = next((x for what, _s, x in reversed(st.history) if what == "dry"), None)
    if dry is None:
        st.history.append(("dry", -1, st.turns))
        return False
    if st.turns - dry >= st.data.rules.turn.sudden_death_turns:
        finish(st, -1, "every event card is revealed and no nation took the lead")
        return True
    return False


def next_turn(st: TortugaState) -> None:
    n = st.n
    s = st.active
    for _ in range(4 * n):
        s = (s + 1) % n
        st.turns += 1
        if st.skip[s]:
            st.skip[s] -= 1
            st.history.append(("scurvy", s, 0))
            continue
        break
    st.active = s
    st.actions_left = st.per_turn
    atlantis_window(st)


def atlantis_window(st: TortugaState) -> None:
    """Before any turn, the owner of the map of Atlantis on a ship may sail across."""
    if st.pending or not any(st.kept):
        return
    owner = st.holder("atlantis")
    if owner < 0:
        return
    p = st.loc[owner]
    if p < 2 and len(st.lines[1 - p]) < st.data.rules.board.ship_capacity:
        st.pending.append(("atlantis", owner))


def armada(st: TortugaState, card: int, dice: DiceService) -> None:
    b, f = st.totals()
    if b != f:
        st.discard.append(card)
        finish(st, 0 if b > f else 1, "the Spanish Armada")
        return
    if st.n % 2:
        st.discard.append(card)
        finish(st, DUTCH, "the Spanish Armada, the nations tied: the Dutch win")
        return
    # An even tie: the Armada leaves the game; the discards and the unrevealed cards
    # (not those in front of players) make a new deck and row; the first lead wins.
    st.removed.append(card)
    pool = st.discard + [c for c in st.row if c >= 0]
    st.discard = []
    shuffle(dice, pool, "Armada tie: a new event deck")
    size = len(st.row)
    st.row = [pool.pop() if pool else -1 for _ in range(size)]
    st.deck = pool
    for d in st.seen:
        d.clear()
    st.final = not pool
    st.sudden = True
    st.history.append(("sudden", -1, 0))


def finish(st: TortugaState, team: int, reason: str) -> None:
    st.over = True
    st.win_team = team
    st.end_reason = reason
    st.pending.clear()
    st.vote = None
