"""A seat's view in words for the phone page (``Game.seat_words``/``choice_words``).

Pirate Versus Pirate hides nothing: the roll, every pirate's space and coin, the
coins on the board and each side's deliveries, from the observation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.pvp import actions as A


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "nobody"


def seat_words(
    view: Mapping[str, Any], names: Sequence[str], seat: int | None = None
) -> list[dict[str, Any]]:
    colours = list(view.get("colours") or [])
    delivered = view.get("delivered") or []
    roll = view.get("roll") or []
    turn = [
        f"{_name(names, s)} ({c}): {delivered[s] if s < len(delivered) else 0} coin(s) delivered"
        for s, c in enumerate(colours)
    ]
    active = view.get("active")
    if isinstance(active, int) and 0 <= active < len(colours):
        turn.append(f"{colours[active].capitalize()} to play, {view.get('phase')} phase")
    if seat is not None and 0 <= seat < len(colours):
        turn.insert(0, f"You play {colours[seat]}")
    if roll:
        turn.append(f"The roll: {' + '.join(str(r) for r in roll)} = {sum(roll)}")
    if view.get("end"):
        turn.insert(0, f"Game over: {view.get('end')}")
    pirates = []
    for name, p in (view.get("pirates") or {}).items():
        line = f"{name} at {p['at']}" if p.get("at") else f"{name}: eliminated"
        if p.get("carries"):
            line += f", carrying the {p['carries']} coin"
        pirates.append(line)
    coins = [
        f"{name} coin at {c.get('at') or 'carried'}"
        for name, c in (view.get("coins") or {}).items()
    ]
    return [
        {"title": "Score and turn", "lines": turn},
        {"title": "Pirates", "lines": pirates},
        {"title": "Coins", "lines": coins},
    ]


def choice_words(view: Mapping[str, Any], action: Action, sentence: str) -> list[str]:
    if isinstance(action, A.Move | A.Face):
        return [sentence, f"Move {action.pirate}"]
    return [sentence, "Your move"]
