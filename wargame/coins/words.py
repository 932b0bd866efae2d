"""A seat's view in words for the phone page (``Game.seat_words``/``choice_words``).

Made from the seat's observation (:meth:`CoinsState.observation`): its own secret
decision is private; the pile of loot, the monster pool, the fortune coin, each
pirate's booty and who has decided are public."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wargame.coins import actions as A
from wargame.core.actions import Action

CHOICES = {
    "sally": "Sally forth (skull up): stay in the round",
    "plunder": "Plunder (monster up): take the pile and leave the round",
}


def _coins(by_metal: Mapping[str, Mapping[str, int]]) -> str:
    parts = [
        f"{n} {metal} {kind}" for metal, kinds in by_metal.items() for kind, n in kinds.items() if n
    ]
    return ", ".join(parts) or "none"


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "nobody"


def seat_words(view: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    mine = view.get("my_choice")
    if mine:
        out.append(
            {
                "title": "Your secret decision",
                "private": True,
                "lines": [CHOICES.get(str(mine), str(mine))],
            }
        )
    n = int(view.get("players") or len(names))
    booty = view.get("booty") or []
    values = view.get("booty_value") or []
    decided = view.get("decided") or []
    in_round = view.get("in_round") or []
    pirates = []
    for s in range(n):
        bits = [f"{_name(names, s)}: booty {values[s] if s < len(values) else 0}"]
        if s < len(booty):
            bits.append(_coins(booty[s]))
        if s < len(in_round) and not in_round[s]:
            bits.append("out of this round")
        elif s < len(decided) and decided[s]:
            bits.append("has decided")
        pirates.append("; ".join(bits))
    table = [
        f"Round {view.get('round')}, {view.get('phase')} phase",
        f"The pile of loot: {_coins(view.get('pile') or {})}",
        f"The monster pool: {_coins(view.get('monster_pool') or {})}",
        f"The fortune coin: {view.get('fortune') or 'not drawn'}",
        f"{view.get('pouch')} coins in the pouch, {view.get('round_stack')} rounds left in the stack",
    ]
    if view.get("end"):
        table.insert(0, f"Game over: {view.get('end')}")
    out += [{"title": "The table", "lines": table}, {"title": "Pirates", "lines": pirates}]
    return out


def choice_words(view: Mapping[str, Any], action: Action, sentence: str) -> list[str]:
    if type(action) is A.Decide:
        return [CHOICES.get(action.choice, action.choice), "Your secret decision"]  # type: ignore[attr-defined]
    return [sentence, "Your move"]
