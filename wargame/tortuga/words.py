"""A seat's view in words for the phone page (``Game.seat_words``/``choice_words``).

Made from the seat's observation alone (:func:`wargame.tortuga.hidden.observation`),
so it says nothing the seat may not know: its loyalty, its vote cards, the event
cards it viewed are in sections marked private; the ships, holds, the row of event
cards and the last vote are the public table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wargame.core.actions import Action
from wargame.tortuga import actions as A
from wargame.tortuga.actions import HOLD_NAMES, PLACE_NAMES, SHIP_NAMES
from wargame.tortuga.describe import slot_name, vote_words
from wargame.tortuga.rules import TEXTS, TITLES, vote_name

GROUPS = {
    A.Vote: "Your vote (face down)",
    A.View: "Look at event cards",
    A.Reveal: "Reveal an event card",
    A.Move: "Move",
    A.Attack: "Call for a vote",
    A.Mutiny: "Call for a vote",
    A.Brawl: "Call for a vote",
}


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "nobody"


def _card(kind: Any) -> str:
    return TITLES.get(str(kind), str(kind))


def seat_words(view: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    seat = view.get("seat")
    out: list[dict[str, Any]] = []
    loyalty = view.get("loyalty") or []
    if isinstance(seat, int) and seat < len(loyalty) and loyalty[seat]:
        mine = [f"You are loyal to the {loyalty[seat]}"]
        mine += [
            f"{_name(names, s)} is loyal to the {team}"
            for s, team in enumerate(loyalty)
            if team and s != seat and not view.get("over")
        ]
        out.append({"title": "Your loyalty", "private": True, "lines": mine})
    hand = view.get("hand") or []
    if hand:
        out.append(
            {"title": "Your vote cards", "private": True, "lines": [vote_name(c) for c in hand]}
        )
    viewed = view.get("viewed") or {}
    if viewed:
        out.append(
            {
                "title": "Event cards you looked at",
                "private": True,
                "lines": [
                    f"{slot_name(int(k))}: {_card(v)}: {TEXTS.get(str(v), '')}".rstrip(": ")
                    for k, v in viewed.items()
                ],
            }
        )
    vote = view.get("vote")
    if vote and vote.get("mine"):
        out.append(
            {
                "title": "Your vote so far",
                "private": True,
                "lines": [", ".join(vote_name(c) for c in cards) for cards in vote["mine"]],
            }
        )
    out.extend(_public(view, names))
    return out


def _public(view: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    totals = view.get("totals") or [0, 0]
    turn = [
        f"Treasure: British {totals[0]}, French {totals[1]}; the galleon has {view.get('galleon')}",
        f"{_name(names, view.get('active'))}'s turn, {view.get('actions_left')} action(s) left",
    ]
    if view.get("final"):
        turn.append("The event deck is out: this is the last round")
    lines = view.get("lines") or [[], [], []]
    holds = view.get("holds") or []
    boats = view.get("boats") or []
    places = []
    for i, line in enumerate(lines):
        who = ", ".join(_name(names, s) for s in line) or "nobody"
        if i < 2:
            hold = holds[i] if i < len(holds) else [0, 0]
            captain = f" (captain {_name(names, line[0])})" if line else ""
            places.append(
                f"{SHIP_NAMES[i]}{captain}: {who}; holds British {hold[0]}, French {hold[1]}"
            )
            if i < len(boats) and isinstance(boats[i], int) and boats[i] >= 0:
                places.append(f"{PLACE_NAMES[3 + i]}: {_name(names, boats[i])}")
        else:
            places.append(f"Tortuga: {who}")
    row = view.get("row") or []
    events = [
        f"{slot_name(i)}: {'face down' if c == 'down' else 'gone'}" for i, c in enumerate(row)
    ]
    events.append(f"{view.get('deck')} event cards in the deck")
    kept = view.get("kept") or []
    events += [
        f"{_name(names, s)} keeps {', '.join(_card(k) for k in ks)}"
        for s, ks in enumerate(kept)
        if ks
    ]
    out = [
        {"title": "Score and turn", "lines": turn},
        {"title": "Ships and Tortuga", "lines": places},
        {"title": "Event cards", "lines": events},
    ]
    vote = view.get("vote")
    votes = []
    if vote:
        votes.append(
            f"A {vote['kind']} called by {_name(names, vote['caller'])}: "
            f"{vote['played']} of {len(vote['voters'])} voted"
        )
    if view.get("last_vote"):
        votes.append(vote_words(view["last_vote"], lambda s: _name(names, s)))
    if votes:
        out.append({"title": "Votes", "lines": votes})
    if view.get("over"):
        loyalty = view.get("loyalty") or []
        won = ", ".join(_name(names, s) for s in view.get("winners") or []) or "nobody"
        out.append(
            {
                "title": "Game over",
                "lines": [f"Winners: {won}"]
                + [f"{_name(names, s)}: {t}" for s, t in enumerate(loyalty)],
            }
        )
    return out


def choice_words(view: Mapping[str, Any], action: Action, sentence: str) -> list[str]:
    t = type(action)
    group = GROUPS.get(t, "Your move")
    if t is A.Vote:
        cards = action.cards  # type: ignore[attr-defined]
        label = "Play " + " and ".join(vote_name(c) for c in cards) if cards else "Play no card"
        return [label, group]
    if t is A.Pick:
        return [f"Take {vote_name(action.card)}", "Pick a vote card"]  # type: ignore[attr-defined]
    if t is A.View:
        return [f"Look at {slot_name(action.a)} and {slot_name(action.b)}", group]  # type: ignore[attr-defined]
    if t is A.Take:
        return [f"Take their vote card {action.slot + 1}", "Take a vote card"]  # type: ignore[attr-defined]
    if t is A.StartHold:
        return [f"The first treasure into the {HOLD_NAMES[action.hold]} hold", "Setup"]  # type: ignore[attr-defined]
    return [sentence, group]
