"""What each action does. Every check is made before anything changes, so a
refused action leaves the state as it was."""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.errors import IllegalAction
from wargame.pvp import actions as A
from wargame.pvp import legal as L
from wargame.pvp.state import FACE, MOVE, ORDER, OVER, ROLL, SETUP, PvpState

RULE_MOVE = "Moving"
RULE_COINS = "Collecting Coins"
RULE_ATTACK = "Attacking"
RULE_TURN = "Playing the Game"
RULE_FACING = "No Backstabbing"


class _Purposes(dict):  # type: ignore[type-arg]
    def __missing__(self, colour: str) -> str:
        text = self[colour] = f"{colour} rolls to move"
        return text


_PURPOSE = _Purposes()


_MOVE = A.Move
_ROLL = A.Roll


def apply_action(st: PvpState, action: Action, dice: DiceService) -> None:
    cls = type(action)
    if cls is _MOVE:
        _move(st, action, dice)  # type: ignore[arg-type]
    elif cls is _ROLL:
        _roll(st, dice)
    elif cls is A.Pass:
        _pass(st)
    elif cls is A.Face:
        _face(st, action)  # type: ignore[arg-type]
    elif cls is A.Ready:
        _ready(st)
    else:
        raise IllegalAction(f"{action.to_text()} is not an action of Pirate Versus Pirate")


# -- the first turn --------------------------------------------------------------------------
def _roll(st: PvpState, dice: DiceService) -> None:
    ph = st.phase
    if ph not in (ROLL, ORDER):
        raise IllegalAction(
            "the dice are already rolled: move a pirate"
            if ph == MOVE
            else "it is not the time to roll",
            rule=RULE_TURN,
        )
    o = st.opts
    if ph == ORDER:
        seat = st.current_player()
        assert seat is not None
        values = dice.draw(
            1, o.dice_sides, o.dice_count, f"{st.colour[seat]} rolls for the first turn"
        )
        st.order_rolls[seat] = sum(values)
        st.dice = values
        st.last = {"kind": "order", "seat": seat, "dice": values}
        if all(st.order_rolls[s] for s in st.contenders):
            best = max(st.order_rolls[s] for s in st.contenders)
            top = tuple(s for s in st.contenders if st.order_rolls[s] == best)
            if len(top) == 1:
                st.first = top[0]
                st.active = top[0]
                st.last["first"] = top[0]
                if o.backstab:
                    st.phase = SETUP
                    st.setup_seat = top[0]
                else:
                    st.phase = ROLL
                    st.turns = 1
            else:
                # a tie for highest: only the tied players roll again (a ruling)
                from wargame.pvp.rules import rules

                again = top if rules().order.ties == "tied-reroll" else st.contenders
                st.last["tie"] = again
                st.contenders = again
                for s in again:
                    st.order_rolls[s] = 0
        return
    values = dice.draw(1, o.dice_sides, move_dice(st), _PURPOSE[st.colour[st.active]])
    st.dice = values
    st.total = sum(values)
    st.phase = MOVE
    st.last = None


def move_dice(st: PvpState) -> int:
    """The dice of this roll to move: both, but one for the first player's first roll
    in the "short-first-turn" variant (issue 39: the first mover won 60%)."""
    o = st.opts
    if o.start == "short-first-turn" and st.turns == 1 and st.active == st.first:
        return 1
    return o.dice_count


def _face(st: PvpState, action: A.Face) -> None:
    try:
        p = st.pirate_index(action.pirate)
    except KeyError as exc:
        raise IllegalAction(str(exc).strip("'\""), rule=RULE_FACING) from None
    if not st.opts.backstab:
        raise IllegalAction("pirates face no way in the standard game", rule=RULE_FACING)
    if action.back not in (0, 1, 2):
        raise IllegalAction(f"a triangle has sides 0, 1 and 2, not {action.back}", rule=RULE_FACING)
    if st.phase == SETUP:
        if st.seat_of(p) != st.setup_seat or st.pos[p] < 0:
            raise IllegalAction(
                f"{action.pirate} is not one of {st.seat_title(st.setup_seat)}'s pirates",
                rule=RULE_FACING,
            )
        if st.back[p] == action.back:
            raise IllegalAction(f"{action.pirate} already faces that way", rule=RULE_FACING)
        st.back[p] = action.back
        return
    if st.phase != FACE or p != st.moved:
        raise IllegalAction(
            "only the pirate just moved is faced now" if st.phase == FACE else "not now",
            rule=RULE_FACING,
        )
    st.back[p] = action.back
    _next_turn(st)


def _ready(st: PvpState) -> None:
    if st.phase != SETUP:
        raise IllegalAction("the pirates are already set up", rule=RULE_FACING)
    nxt = (st.setup_seat + 1) % st.n
    if nxt == st.first:
        st.phase = ROLL
        st.active = st.first
        st.turns = 1
        st.setup_seat = -1
    else:
        st.setup_seat = nxt


# -- a turn ------------------------------------------------------------------------------------
def _pass(st: PvpState) -> None:
    if st.phase != MOVE:
        raise IllegalAction("roll the dice first", rule=RULE_TURN)
    for p in st.alive(st.active):
        if L.move_classes(st, p):
            raise IllegalAction(
                f"{st.pirate_name(p)} can move {st.total}: a turn is lost only when no pirate can",
                rule=RULE_MOVE,
            )
    st.last = {"kind": "lost", "seat": st.active, "total": st.total}
    _next_turn(st)


def _move(st: PvpState, mv: A.Move, dice: DiceService) -> None:
    b = st.board
    known = b.move_ids.get(id(mv))
    if known is not None and known[0] in st.p_of_pid:
        pid, end, coin, abandon = known
        p = st.p_of_pid[pid]
    else:
        try:
            p = st.pirate_index(mv.pirate)
            end = b.cell_index(mv.to)
            coin = st.coin_index(mv.coin) if mv.coin else -1
        except KeyError as exc:
            raise IllegalAction(str(exc).strip("'\""), rule=RULE_MOVE) from None
        abandon = bool(mv.abandon)
    if not (
        st.phase == MOVE
        and p // st.opts.pirates == st.active
        and L.move_ok(st, p, end, coin, abandon)
    ):
        reason = L.why_not_move(st, p, end, coin, abandon) or "that move is not allowed"
        raise IllegalAction(reason, rule=RULE_ATTACK if st.occ[end] >= 0 else RULE_MOVE)
    # -- legal: make it so ----------------------------------------------------------------
    seat = st.active
    s = st.pos[p]
    sbit = 1 << s
    ebit = 1 << end
    last: dict[str, object] = {"kind": "move", "pirate": p, "from": s, "to": end}
    held = st.carry[p]
    if abandon:
        st.carry[p] = -1
        st.coin_holder[held] = -1
        st.coin_cell[held] = s
        st.cmask |= sbit
        last["abandoned"] = held
        held = -1
    victim = st.occ[end]
    if victim >= 0:
        st.pos[victim] = -1
        st.alive_n[victim // st.opts.pirates] -= 1
        last["eliminated"] = victim
        vc = st.carry[victim]
        if vc >= 0:
            st.carry[victim] = -1
            st.coin_holder[vc] = p
            st.carry[p] = vc
            held = vc
            last["took"] = vc
    if coin >= 0:
        st.cmask &= ~(1 << st.coin_cell[coin])
        st.coin_cell[coin] = -1
        st.coin_holder[coin] = p
        st.carry[p] = coin
        held = coin
        last["collected"] = coin
    st.occ[s] = -1
    st.occ[end] = p
    st.pmask = (st.pmask & ~sbit) | ebit
    st.pos[p] = end
    st.last = last
    # -- delivering ------------------------------------------------------------------------
    if held >= 0:
        colour = st.colour[seat]
        gold = b.coin_gold[held]
        if (gold and end == b.gold_space[colour]) or (not gold and end in b.silver_spaces[colour]):
            st.carry[p] = -1
            st.coin_holder[held] = -1
            st.coin_home[held] = seat
            last["delivered"] = held
            if gold:
                _win(st, seat, "the gold coin delivered")
                return
            st.delivered[seat] += 1
            if st.delivered[seat] >= st.opts.silver_to_win:
                _win(st, seat, f"{st.delivered[seat]} silver coins delivered")
                return
    if victim >= 0:
        alive = [x for x in range(st.n) if st.in_play(x)]
        if alive == [seat]:
            _win(st, seat, "every rival pirate eliminated")
            return
    if not st.opts.quiet_reset.isdisjoint(last):  # a coin delivered, a pirate lost
        st.quiet = -1  # the turn's end makes it 0 quiet turns
    if st.opts.backstab:
        st.phase = FACE
        st.moved = p
        return
    _next_turn(st)


def _win(st: PvpState, seat: int, why: str) -> None:
    st.phase = OVER
    st.winner = seat
    st.end_reason = why


def _next_turn(st: PvpState) -> None:
    n = st.n
    nxt = st.active
    alive = st.alive_n
    for _ in range(n):
        nxt = (nxt + 1) % n
        if alive[nxt]:
            break
    st.active = nxt
    st.phase = ROLL
    st.total = 0
    st.moved = -1
    st.turns += 1
    st.quiet += 1
    if st.quiet >= st.opts.quiet_turns:  # a game that cannot end (docs/rulings.md)
        st.phase = OVER
        st.winner = -1
        st.end_reason = f"a draw: {st.quiet} turns without a coin delivered or a pirate lost"
