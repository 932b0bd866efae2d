"""A seat's view in words for the phone page (``Game.seat_words``/``choice_words``).

Made from the seat's observation (:meth:`PoeState.observation`): its own hand and the
cards it picked to bury are private; the pirates (where, whose crew, cards in hand,
face-up treasure, points), the ships, buried piles and the last fight are public."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from wargame.core.actions import Action
from wargame.errors import WargameError
from wargame.poe import actions as A
from wargame.poe.rules import deck

GROUPS = {
    A.Enter: "Come ashore",
    A.Move: "Move",
    A.Done: "Done",
    A.Select: "Bury treasure",
    A.Unselect: "Bury treasure",
    A.Bury: "Bury treasure",
    A.Dig: "Dig",
    A.Discard: "Discard",
    A.Draw: "Draw",
    A.Take: "Take back",
    A.Mutiny: "Mutiny",
    A.Pass: "Pass",
    A.Play: "Play a card",
    A.PlayOn: "Play a card",
    A.PlayTake: "Play a card",
    A.Swap: "Play a card",
    A.Lash: "Play a card",
    A.Fight: "Fight or join",
    A.Join: "Fight or join",
    A.Accept: "Answer",
    A.Refuse: "Answer",
    A.Loot: "Loot",
    A.Compel: "The loser",
    A.Banish: "The loser",
    A.Give: "Give",
    A.Overboard: "Overboard",
}


@cache
def _area_names(map_name: str) -> dict[str, str]:
    from wargame.poe.maps import board_for

    try:
        board = board_for(None)
    except WargameError:
        return {}
    return dict(zip(board.ids, board.names)) if board.name == map_name else {}


def _card(c: Any, *, text: bool = False) -> str:
    """A card by its index ("2 Crowns / MY PRECIOUS!"; ``text``: with what it does)."""
    cards = deck().cards
    if isinstance(c, int) and 0 <= c < len(cards):
        card = cards[c]
        return f"{card.label}: {card.text}" if text and card.text else card.label
    return "a face-down card"


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "nobody"


def seat_words(view: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    areas = _area_names(str(view.get("map")))
    place = lambda a: f"at {areas.get(a, a)}" if a else "not on the board yet"  # noqa: E731
    pirates = view.get("pirates") or []
    ships = view.get("ships") or []
    out: list[dict[str, Any]] = []
    for p in pirates:
        if isinstance(p.get("hand"), list):
            out.append(
                {
                    "title": "Your hand",
                    "private": True,
                    "lines": [_card(c, text=True) for c in p["hand"]] or ["no cards"],
                }
            )
    picked = [c for c in view.get("selection") or [] if isinstance(c, int) and c >= 0]
    if picked and any(
        isinstance(p.get("hand"), list) and view.get("active") == p["seat"] for p in pirates
    ):
        out.append(
            {"title": "Picked to bury", "private": True, "lines": [_card(c) for c in picked]}
        )
    turn = [
        f"Round {view.get('round')}: {_name(names, view.get('active'))}'s turn, "
        f"{view.get('phase')} phase",
        f"{view.get('deck')} cards in the deck, {len(view.get('discard') or [])} discarded",
    ]
    if view.get("over"):
        turn.insert(0, f"Game over: {view.get('end')}")
    crew = []
    for p in pirates:
        s = p["seat"]
        bits = [f"{_name(names, s)}: {p.get('vp', 0)} points, {place(p.get('area'))}"]
        if p.get("captain", -1) >= 0:
            bits.append(f"crew of {_name(names, p['captain'])}")
        if p.get("ship", -1) >= 0 and p["ship"] < len(ships):
            bits.append(f"master of ship {p['ship'] + 1}")
        hand = p.get("hand")
        bits.append(f"{len(hand) if isinstance(hand, list) else hand} cards in hand")
        if p.get("faceup"):
            bits.append("face up: " + ", ".join(_card(c) for c in p["faceup"]))
        crew.append("; ".join(bits))
    board = [f"Ship {i + 1} {place(a)}" for i, a in enumerate(ships)]
    board += [f"{n} card(s) buried {place(a)}" for a, n in (view.get("buried") or {}).items() if n]
    out += [
        {"title": "Score and turn", "lines": turn},
        {"title": "Pirates", "lines": crew},
        {"title": "Ships and buried treasure", "lines": board},
    ]
    return out


def choice_words(view: Mapping[str, Any], action: Action, sentence: str) -> list[str]:
    """The log's sentence names the seat's own cards already (the legal list is the
    seat's own); the heading groups them."""
    return [sentence, GROUPS.get(type(action), "Your move")]
