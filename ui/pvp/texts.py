"""What the table says: the prompt of the turn and a pirate's hover card."""

from __future__ import annotations

from typing import Any

from ui.table.seats import seat_title
from wargame.plural import agrees
from wargame.pvp import actions as A
from wargame.pvp.describe import end_text
from wargame.pvp.grid import side_name
from wargame.pvp.odds import any_threat
from wargame.pvp.state import FACE, MOVE, ORDER, OVER, PHASE_TITLES, ROLL, SETUP, PvpState


def prompt_text(st: PvpState, seats: list[str], bots: dict[int, Any]) -> str:
    """The prompt for whoever must act now."""
    if st.phase == OVER:
        if st.winner < 0:  # a game that could not end
            return f"<b>Game over</b>: {st.end_reason}. Start a new game above."
        return f"<b>{st.seat_title(st.winner)} wins</b>: {st.end_reason}. Start a new game above."
    seat = st.current_player()
    assert seat is not None
    who = st.seat_title(seat)
    if seat in bots:
        verb = agrees(who, "is", "are")
        return f"{who} ({seat_title(seats[seat], bot_word=True)}) {verb} thinking..."
    if st.phase == ORDER:
        rolled = ", ".join(
            f"{st.seat_title(s)} {st.order_rolls[s]}" for s in range(st.n) if st.order_rolls[s]
        )
        return f"<b>{who}</b>: roll both dice for the first turn (highest goes first)." + (
            f"<br>So far: {rolled}" if rolled else ""
        )
    if st.phase == SETUP:
        return f"<b>{who}</b>: No Backstabbing. Click a pirate and press 1, 2 or 3 to set the side its back is against; Ready when done."
    if st.phase == ROLL:
        return f"<b>{who}</b>: roll the dice (R). The bars show the chance of each total; dark ones give a move."
    if st.phase == FACE:
        return (
            f"<b>{who}</b>: choose which side {st.pirate_name(st.moved)} has its back to (1, 2, 3)."
        )
    if list(st.legal_actions()) == [A.Pass()]:
        return f"<b>{who}</b> rolled {st.total}: no pirate can move exactly {st.total} along a clear path, so the turn is lost (P)."
    return (
        f"<b>{who}</b> rolled {' + '.join(map(str, st.dice))} = <b>{st.total}</b>. Click a pirate with a "
        "yellow ring, then a green triangle (red: attack). Hover a triangle to see the path."
    )


def status_text(st: PvpState) -> str:
    """The status line: whose turn, what they do now, the roll ("Turn 4: Red - move, rolled 5")."""
    if st.phase == OVER:
        return end_text(st).rstrip(".")
    seat = st.current_player()
    who = st.name(seat) if seat is not None else "?"
    roll = f", rolled {st.total}" if st.phase == MOVE else ""
    return f"Turn {max(st.turns, 1)}: {who} - {PHASE_TITLES[st.phase]}{roll}"


def pirate_card(st: PvpState, p: int) -> str:
    """The hover card of a pirate: who, where, what it carries, its facing, its danger."""
    x = st.pos[p]
    if x < 0:
        return st.pirate_name(p)
    b = st.board
    lines = [f"<b>{st.pirate_name(p)}</b> on {b.labels[x]}"]
    if st.carry[p] >= 0:
        lines.append(
            f"Carries the {b.coin_names[st.carry[p]]} coin: may not attack or collect another"
        )
    else:
        lines.append("Carries no coin")
    if st.opts.backstab:
        lines.append(f"Back to the {side_name(b.cells[x], st.back[p])} side")
    lines.append(f"Chance the next rival can reach it: {any_threat(st, p) * 100:.0f}%")
    return "<br>".join(lines)
