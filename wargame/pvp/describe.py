"""Sentences for the game log, undo labels and the status line."""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.pvp import actions as A
from wargame.pvp.grid import side_name
from wargame.pvp.state import ORDER, PvpState


def describe(st: PvpState, action: Action) -> str:
    """What ``action`` does, said before it is applied (the log line, the undo label)."""
    seat = st.current_player()
    who = st.seat_title(seat) if seat is not None else "Nobody"
    if isinstance(action, A.Roll):
        return f"{who} rolls for the first turn" if st.phase == ORDER else f"{who} rolls to move"
    if isinstance(action, A.Pass):
        return f"{who} cannot move {st.total}: the turn is lost"
    if isinstance(action, A.Ready):
        return f"{who}'s pirates are set up"
    b = st.board
    if isinstance(action, A.Face):
        try:
            p = st.pirate_index(action.pirate)
            cell = b.cells[st.pos[p]]
            return f"{action.pirate} turns its back to the {side_name(cell, action.back)} side"
        except (KeyError, IndexError):
            return action.to_text()
    if isinstance(action, A.Move):
        try:
            p = st.pirate_index(action.pirate)
            end = b.cell_index(action.to)
        except KeyError:
            return action.to_text()
        text = f"{action.pirate} moves {st.total} from {b.labels[st.pos[p]]} to {action.to}"
        if action.abandon and st.carry[p] >= 0:
            text += f", abandoning the {b.coin_names[st.carry[p]]} coin"
        if action.coin:
            text += f", collecting the {action.coin} coin"
        victim = st.occ[end]
        if victim >= 0:
            text += f" and eliminates {st.pirate_name(victim)}"
            if st.carry[victim] >= 0:
                text += f", taking the {b.coin_names[st.carry[victim]]} coin"
        held = st.carry[p] if not action.abandon else -1
        if victim >= 0 and st.carry[victim] >= 0:
            held = st.carry[victim]
        if action.coin:
            held = st.coin_index(action.coin)
        if held >= 0 and seat is not None:
            colour = st.colour[seat]
            gold = b.coin_gold[held]
            if (gold and end == b.gold_space[colour]) or (
                not gold and end in b.silver_spaces[colour]
            ):
                text += f", and delivers it to the {colour} rowboat"
        return text
    return action.to_text()


def result_text(st: PvpState) -> str:
    """What the last action did that the sentence before it could not know (dice)."""
    last = st.last
    if not last:
        if st.dice and st.total:
            return f"{st.seat_title(st.active)} rolled {' + '.join(map(str, st.dice))} = {st.total}"
        return ""
    if last.get("kind") == "order":
        seat = int(last["seat"])  # type: ignore[arg-type]
        dice = last["dice"]
        text = f"{st.seat_title(seat)} rolled {' + '.join(map(str, dice))} = {sum(dice)}"  # type: ignore[arg-type]
        if "first" in last:
            text += f"; {st.seat_title(int(last['first']))} goes first"  # type: ignore[arg-type]
        if "tie" in last:
            text += (
                "; a tie for highest: "
                + ", ".join(
                    st.seat_title(s)
                    for s in last["tie"]  # type: ignore[union-attr]
                )
                + " roll again"
            )
        return text
    return ""


def end_text(st: PvpState) -> str:
    """How the game ended: "Game over: Red wins (the gold coin delivered)."."""
    if st.winner < 0:
        return f"Game over: {st.end_reason}."
    return f"Game over: {st.seat_title(st.winner)} wins ({st.end_reason})."
