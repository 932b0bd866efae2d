"""What a player may do: the legal actions, and why anything else is refused.

A move is identified by its *outcome*: the pirate, where it ends, the coin it
collects on the way (if any) and, for a carrier, whether it abandons its coin.
Two paths with the same outcome are the same move; the table shows one of
them (:func:`wargame.pvp.legal.path_for`).
"""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.pvp import actions as A
from wargame.pvp.state import FACE, MOVE, ORDER, OVER, ROLL, SETUP, PvpState

ROLL_ACTION = A.Roll()
PASS_ACTION = A.Pass()
READY_ACTION = A.Ready()
_ROLL_LIST: list[Action] = [ROLL_ACTION]
_PASS_LIST: list[Action] = [PASS_ACTION]


def move_action(st: PvpState, p: int, end: int, coin: int, abandon: bool) -> A.Move:
    """The (interned) move action of this outcome: made once per board, then shared."""
    b = st.board
    key = ((st.pids[p] * 8192 + end) * 16 + coin + 1) * 2 + abandon
    m = b.moves.get(key)
    if m is None:
        m = A.Move(st.pnames[p], b.labels[end], b.coin_names[coin] if coin >= 0 else "", abandon)
        b.moves[key] = m
        b.move_ids[id(m)] = (st.pids[p], end, coin, abandon)
    return m


def legal_actions(st: PvpState) -> list[Action]:
    ph = st.phase
    if ph == ROLL or ph == ORDER:
        return _ROLL_LIST
    if ph == MOVE:
        out: list[Action] = []
        for p in st.alive(st.active):
            for end, coin, abandon in move_classes(st, p):
                out.append(move_action(st, p, end, coin, abandon))
        return out or _PASS_LIST
    if ph == FACE:
        name = st.pirate_name(st.moved)
        return [A.Face(name, k) for k in range(3)]
    if ph == SETUP:
        out = [READY_ACTION]
        for p in st.alive(st.setup_seat):
            name = st.pirate_name(p)
            out.extend(A.Face(name, k) for k in range(3) if k != st.back[p])
        return out
    assert ph == OVER
    return []


def is_legal(st: PvpState, action: Action) -> bool:
    """Exactly ``action in legal_actions(st)``, without listing every move: a move is
    judged by :func:`move_classes` on its one end (the rule code that lists the moves),
    the pass by whether any pirate has a move, the rest against their short lists."""
    ph = st.phase
    if ph == MOVE:
        if type(action) is A.Move:
            known = _decode_move(st, action)
            if known is None:
                return False
            p, end, coin, abandon = known
            if p // st.opts.pirates != st.active or st.pos[p] < 0:
                return False
            return (end, coin, abandon) in move_classes(st, p, end)
        if type(action) is A.Pass:
            return not any(move_classes(st, p) for p in st.alive(st.active))
        return False
    if ph == ROLL or ph == ORDER:
        return action is ROLL_ACTION or action == ROLL_ACTION
    return action in st.legal_actions()  # a facing or Ready: a handful of actions


def _decode_move(st: PvpState, mv: A.Move) -> tuple[int, int, int, bool] | None:
    """(pirate, end, coin or -1, abandon) of ``mv``; None if it names something not in
    this game (a move equal to a listed one decodes to the same numbers)."""
    b = st.board
    known = b.move_ids.get(id(mv))
    if known is not None:  # an interned move (see move_action)
        p = st.p_of_pid.get(known[0])
        return None if p is None else (p, known[1], known[2], known[3])
    if mv.abandon not in (True, False):  # as list membership compares it: 1 == True
        return None
    try:
        p = st.pirate_index(mv.pirate)
        end = b.cell_index(mv.to)
        coin = st.coin_index(mv.coin) if mv.coin != "" else -1
    except (KeyError, TypeError, AttributeError):
        return None
    return p, end, coin, bool(mv.abandon)


def has_legal_action(st: PvpState) -> bool:
    """Whether :func:`legal_actions` offers anything, without listing it. Every live
    phase offers at least one action by construction (the roll; a move, else the pass;
    Ready; the three facings), so this checks that the phase is a live one and, for a
    facing, that the pirate to face is the mover's own and on the board."""
    ph = st.phase
    if ph == FACE:
        p = st.moved
        return 0 <= p < len(st.pos) and st.pos[p] >= 0 and p // st.opts.pirates == st.active
    return ph in (ORDER, SETUP, ROLL, MOVE)


def move_classes(st: PvpState, p: int, only_end: int = -1) -> list[tuple[int, int, bool]]:
    """Every distinct legal move of pirate ``p`` with the current roll:
    (end, coin collected or -1, abandon); with ``only_end``, those ending there."""
    s = st.pos[p]
    table = st.board.paths.ends(s, st.total)
    ends = table.items()
    if only_end >= 0:
        one = table.get(only_end)
        ends = ((only_end, one),) if one is not None else ()  # type: ignore[assignment]
    occ = st.occ
    k = st.opts.pirates
    seat = p // k
    C = st.cmask
    block = st.pmask
    bc = block | C
    coin_at = st.coin_cell
    backstab = st.opts.backstab
    out: list[tuple[int, int, bool]] = []
    carrying = st.carry[p] >= 0
    for end, paths in ends:
        ebit = 1 << end
        who = occ[end]
        if who >= 0 and who // k == seat:
            continue
        if carrying:
            if who >= 0 or C & ebit:
                continue
            for m, _side in paths:
                if not m & bc:
                    out.append((end, -1, False))
                    out.append((end, -1, True))
                    break
            continue
        if who >= 0:  # an attack: nothing collected on the way
            bad = st.back[who] if backstab else -1
            for m, side in paths:
                if not m & bc and side != bad:
                    out.append((end, -1, False))
                    break
            continue
        if C & ebit:  # landing on a coin collects it; nothing else on the way
            for m, _side in paths:
                if not m & bc:
                    out.append((end, coin_at.index(end), False))
                    break
            continue
        plain = False
        coins = 0
        for m, _side in paths:
            if m & block:
                continue
            got = m & C
            if not got:
                plain = True
            elif not got & (got - 1):
                coins |= got
        if plain:
            out.append((end, -1, False))
        while coins:
            low = coins & -coins
            coins ^= low
            out.append((end, coin_at.index(low.bit_length() - 1), False))
    return out


def move_ok(st: PvpState, p: int, end: int, coin: int, abandon: bool) -> bool:
    """Is this move of the active player's pirate ``p`` legal with the roll made? One
    table look-up and an AND per candidate path: no list of every move is built."""
    s = st.pos[p]
    if s < 0:
        return False
    table = st.board.paths
    ends = table._tables.get(s * 32 + st.total)
    if ends is None:
        ends = table.ends(s, st.total)
    paths = ends.get(end)
    if paths is None:
        return False
    return paths_ok(st, p, paths, end, coin, abandon)


def paths_ok(
    st: PvpState, p: int, paths: tuple[tuple[int, int], ...], end: int, coin: int, abandon: bool
) -> bool:
    """:func:`move_ok` given the table's paths from ``p``'s triangle to ``end``."""
    who = st.occ[end]
    k = st.opts.pirates
    if who >= 0 and who // k == st.active:
        return False
    C = st.cmask
    ebit = 1 << end
    block = st.pmask
    bc = block | C
    if st.carry[p] >= 0:
        if who >= 0 or C & ebit or coin >= 0:
            return False
    elif abandon:
        return False
    elif who >= 0:
        if coin >= 0:
            return False
        if st.opts.backstab:
            bad = st.back[who]
            for m, side in paths:
                if not m & bc and side != bad:
                    return True
            return False
    elif C & ebit:
        if coin < 0 or st.coin_cell[coin] != end:
            return False
    elif coin >= 0:
        cc = st.coin_cell[coin]
        if cc < 0:
            return False
        want = 1 << cc
        for m, _side in paths:
            if not m & block and m & C == want:
                return True
        return False
    for m, _side in paths:
        if not m & bc:
            return True
    return False


def why_not_move(st: PvpState, p: int, end: int, coin: int, abandon: bool) -> str | None:
    """None if the move is legal, else the rule it breaks in the player's words."""
    b = st.board
    name = st.pirate_name(p)
    if st.phase != MOVE:
        return "roll the dice first" if st.phase == ROLL else "it is not the time to move"
    if st.seat_of(p) != st.active:
        return f"{name} is not one of {st.seat_title(st.active)}'s pirates"
    s = st.pos[p]
    if s < 0:
        return f"{name} has been eliminated"
    k = st.total
    lab = b.labels[end]
    if b.dist[s][end] < 0 or end not in b.paths.ends(s, k):
        return f"no path of exactly {k} triangles from {b.labels[s]} ends on {lab}"
    who = st.occ[end]
    carrying = st.carry[p]
    if who >= 0 and st.seat_of(who) == st.active:
        return f"{st.pirate_name(who)}, one of your own pirates, is on {lab}"
    if abandon and carrying < 0:
        return f"{name} carries no coin to abandon"
    if carrying >= 0 or abandon:
        holds = b.coin_names[carrying]
        if who >= 0:
            return (
                "a pirate abandoning a coin may not attack this turn"
                if abandon
                else f"{name} carries the {holds} coin and may not attack"
            )
        if st.cmask & (1 << end):
            return (
                f"{name} may not move onto another coin"
                if not abandon
                else ("a pirate abandoning a coin may not collect another this turn")
            )
        if coin >= 0:
            return f"{name} may not collect another coin"
    classes = move_classes(st, p)
    if (end, coin, abandon) in classes:
        return None
    if who >= 0 and coin >= 0:
        return "a pirate who collects a coin on the way may not attack"
    if coin >= 0 and st.coin_cell[coin] < 0:
        return f"the {b.coin_names[coin]} coin is not on the board"
    if who >= 0 and st.opts.backstab and not any(e == end for e, _c, _a in classes):
        paths = b.paths.ends(s, k)[end]
        if any(not m & (st.pmask | st.cmask) for m, _side in paths):
            return (
                f"No Backstabbing: every way onto {lab} comes through {st.pirate_name(who)}'s back"
            )
    if coin < 0 and any(e == end and c >= 0 for e, c, _a in classes):
        return f"every clear path to {lab} passes a coin, which must be collected"
    if coin >= 0 and any(e == end and c < 0 for e, c, _a in classes):
        return f"no clear path to {lab} passes the {b.coin_names[coin]} coin"
    if any(e == end for e, _c, _a in classes):
        return f"that is not one of the ways {name} may reach {lab}"
    return (
        f"every path of exactly {k} to {lab} is blocked: no jumping or passing through "
        "pirates, no coin passed while carrying one, no triangle twice"
    )


def path_for(st: PvpState, p: int, end: int, coin: int, abandon: bool) -> list[int] | None:
    """One path (start first) that makes this move, for the table to show; None if none."""
    b = st.board
    s = st.pos[p]
    k = st.total
    side = b.side
    C = st.cmask
    who = st.occ[end]
    bad = st.back[who] if (st.opts.backstab and who >= 0) else -1
    carrying = st.carry[p] >= 0 or abandon
    dist = b.dist
    path = [s]
    seen = {s}

    def dfs(cell: int, left: int, got: int) -> bool:
        if left == 0:
            return cell == end
        for sd, nxt in enumerate(side[cell]):
            if nxt < 0 or nxt in seen:
                continue
            d = dist[nxt][end]
            if d < 0 or d > left - 1:
                continue
            last = left == 1
            if last and nxt != end:
                continue
            if not last and (st.occ[nxt] >= 0 or nxt == end):
                continue
            g = got
            if C & (1 << nxt):
                if carrying or got >= 0:
                    continue
                g = st.coin_cell.index(nxt)
            if last:
                if g != coin:
                    continue
                if who >= 0 and sd == bad:
                    continue
            seen.add(nxt)
            path.append(nxt)
            if dfs(nxt, left - 1, g):
                return True
            path.pop()
            seen.discard(nxt)
        return False

    return list(path) if dfs(s, k, -1) else None


def movable_pirates(st: PvpState) -> list[int]:
    """The active player's pirates that have a legal move with the current roll."""
    if st.phase != MOVE:
        return []
    return [p for p in st.alive(st.active) if move_classes(st, p)]


__all__ = ["FACE", "MOVE", "ORDER", "OVER", "ROLL", "SETUP", "legal_actions"]
