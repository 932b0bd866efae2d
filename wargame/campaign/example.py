"""The shipped example campaign and a synthetic large one (for the benchmark).

``python -m wargame.campaign.example OUT.json`` rewrites the shipped example
(scenarios/campaign/spanish_main_1690.json). Its passphrases are printed in the
scenario's notes: it is a demonstration, not a secret.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from wargame.campaign import actions as A
from wargame.campaign.document import (
    add_player_action,
    new_campaign,
    reveal_action,
    save_campaign,
    seal_action,
)
from wargame.campaign.secrets import KdfParams, PlayerKey
from wargame.campaign.state import CampaignState
from wargame.core.dice import DiceService, ScriptedProvider
from wargame.core.log import Session
from wargame.persistence.files import write_json_atomic

EXAMPLE_PLAYERS: tuple[tuple[str, str, str], ...] = (
    ("Don Alonso de Leyva", "Spain", "plate fleet"),
    ("Jean Ducasse", "France", "la tortue"),
    ("Henry Morgan", "England", "port royal"),
    ("Jens Munk", "Denmark", "st thomas"),
)


def _ship(name: str, kind: str, quality: str) -> dict[str, str]:
    return {"name": name, "type": kind, "quality": quality}


def _group(kind: str, quality: str, count: int) -> dict[str, Any]:
    return {"kind": kind, "quality": quality, "count": count}


def _officer(rank: str, name: str) -> dict[str, str]:
    return {"officer": rank, "name": name}


#: seat -> letter -> (value, contents)
EXAMPLE_SHEETS: tuple[dict[str, tuple[int, dict[str, Any]]], ...] = (
    {
        "A": (5, {"ships": [_ship("Nuestra Señora de Atocha", "large", "able"), _ship("San José", "medium", "hardened")], "party": []}),
        "B": (3, {"ships": [_ship("Santa Rosa", "medium", "able")], "party": [_group("musket", "able", 3), _officer("captain", "Diego Flores")]}),
        "C": (2, {"ships": [], "party": [_group("musket", "scurvy", 4), _group("mob", "scurvy", 2), _officer("governor", "Don Fadrique")]}),
        "D": (1, {"ships": [_ship("Paloma", "merchantman", "scurvy")], "party": []}),
        "E": (4, {"ships": [_ship("Trinidad", "large", "hardened")], "party": [_group("hand-to-hand", "hardened", 2)]}),
    },
    {
        "A": (4, {"ships": [_ship("Le Hardi", "medium", "hardened"), _ship("La Fortune", "small", "able")], "party": [_group("hand-to-hand", "hardened", 3), _officer("captain", "Laurens de Graaf")]}),
        "B": (2, {"ships": [_ship("Le Marin", "small", "scurvy")], "party": []}),
        "C": (5, {"ships": [_ship("Le Soleil", "large", "able")], "party": [_group("musket", "able", 2)]}),
        "D": (3, {"ships": [], "party": [_group("hand-to-hand", "able", 4), _officer("officer", "Michel de Grammont")]}),
    },
    {
        "A": (5, {"ships": [_ship("Satisfaction", "large", "hardened"), _ship("Lilly", "small", "able")], "party": [_group("hand-to-hand", "hardened", 4), _group("musket", "able", 2), _officer("captain", "Henry Morgan")]}),
        "B": (3, {"ships": [_ship("Oxford", "medium", "able")], "party": []}),
        "C": (2, {"ships": [_ship("Mayflower", "merchantman", "able")], "party": [_group("musket", "scurvy", 2)]}),
        "F": (1, {"ships": [_ship("Pearl", "small", "scurvy")], "party": []}),
    },
    {
        "A": (3, {"ships": [_ship("Fortuna", "medium", "able")], "party": [_group("musket", "able", 2)]}),
        "B": (4, {"ships": [_ship("Christianus Quintus", "large", "able"), _ship("Havmanden", "small", "hardened")], "party": []}),
        "G": (2, {"ships": [], "party": [_group("musket", "able", 3), _officer("governor", "Adolph Esmit")]}),
    },
)  # fmt: skip

#: (declaring seat, letter, opponent seat, opponent letter, attacker) per turn
EXAMPLE_TURNS: tuple[tuple[tuple[int, str, int, str, bool], ...], ...] = (
    ((2, "A", 0, "C", True), (1, "A", 0, "B", True), (3, "B", 2, "B", True), (0, "A", 1, "C", False)),
    ((1, "D", 0, "E", True), (2, "A", 3, "G", True), (0, "B", 2, "C", True), (3, "A", 1, "B", True)),
)  # fmt: skip
#: d6 per engagement in each turn, then the battle scores typed or reported.
EXAMPLE_ROLLS = (5, 3, 1, 1, 6, 5, 3, 1)
EXAMPLE_SCORES: tuple[dict[str, tuple[int, int]], ...] = (
    {"2:A": (23, 4), "3:B": (6, 9), "0:A": (3, 8)},
    {"1:D": (11, 14), "2:A": (31, 2)},
)


def build_example(
    *, params: KdfParams | None = None
) -> tuple[Session[CampaignState], list[PlayerKey]]:
    """The example: turn 1 fought and filed, turn 2 revealed and partly scored."""
    dice = DiceService(ScriptedProvider(EXAMPLE_ROLLS))
    session = new_campaign("The Spanish Main, 1690", dice=dice, uid="spanish-main-1690")
    keys = []
    for name, country, phrase in EXAMPLE_PLAYERS:
        act, key = add_player_action(name, country, phrase, params=params)
        session.apply(act)
        keys.append(key)
    for seat, sheet in enumerate(EXAMPLE_SHEETS):
        for letter, (value, contents) in sheet.items():
            session.apply(A.SetForce(seat, letter, value))
            session.apply(seal_action(session.state, seat, letter, contents, keys[seat]))
    for turn, declared in enumerate(EXAMPLE_TURNS):
        if turn:  # the fair-play rules: each turn's contents are sealed afresh
            for seat, sheet in enumerate(EXAMPLE_SHEETS):
                forces = session.state.players[seat].forces
                for letter, (_value, contents) in sheet.items():
                    if letter in forces and forces[letter].sealed and not forces[letter].commit:
                        session.apply(
                            seal_action(session.state, seat, letter, contents, keys[seat])
                        )
        for seat, letter, opp, opp_letter, attacker in declared:
            session.apply(A.Declare(seat, letter, opp, opp_letter, attacker))
        for seat in range(len(keys)):
            session.apply(A.DoneDeclaring(seat))
        for seat, key in enumerate(keys):
            session.apply(reveal_action(session.state, seat, key))
        for seat, letter, *_ in declared:
            session.apply(A.Resolve(f"{seat}:{letter}"))
        for key_, (a, d) in EXAMPLE_SCORES[turn].items():
            session.apply(A.RecordScore(key_, a, d, "typed" if turn == 0 else "linked"))
        if turn == 0:
            session.apply(A.EndTurn())
    return session, keys


def example_scenario(session: Session[CampaignState]) -> dict[str, Any]:
    phrases = "; ".join(f"{n} ({c}): '{p}'" for n, c, p in EXAMPLE_PLAYERS)
    return {
        "format": "wargame-scenario",
        "mode": "campaign",
        "name": session.state.name,
        "notes": (
            "Four captains of the Spanish Main. Turn 1 is fought; in turn 2 every sheet is "
            f"unfolded and two fights wait for their battle scores. Passphrases: {phrases}."
        ),
        "session": starting_position(session),
    }


def starting_position(session: Session[CampaignState]) -> dict[str, Any]:
    """The campaign as a shipped starting position: readable JSON anyone may open (no
    table key seals it; the sheets' contents stay sealed under the players' own
    passphrases), begun under the fair-play rules."""
    save_campaign(session)  # brings the header's turn and phase up to date
    return {
        "format": "wargame-session",
        "version": 1,
        "header": dict(session.header),
        "setup": [r.to_json() for r in session.setup_rolls],
        "log": [e.to_json() for e in session.entries],
        "redo": [],
    }


def large_campaign(
    players: int = 50, engagements: int = 1000, *, params: KdfParams | None = None
) -> Session[CampaignState]:
    """A campaign of ``players`` full sheets and ``engagements`` resolved engagements."""
    from wargame.core.dice import SeededProvider

    params = params or KdfParams(2, 1, 1)  # the key cost is not what is measured
    countries = ("Spain", "France", "England", "Denmark")
    session = new_campaign("Benchmark", dice=DiceService(SeededProvider(5)), uid="bench")
    keys = []
    for i in range(players):
        act, key = add_player_action(f"Captain {i}", countries[i % 4], "secret", params=params)
        session.apply(act)
        keys.append(key)
    letters = session.state.rules.letters
    for seat in range(players):
        for j, letter in enumerate(letters):
            session.apply(A.SetForce(seat, letter, 1 + (seat + j) % 5))
            contents = {
                "ships": [_ship(f"Ship {seat}{letter}", "medium", "able")],
                "party": [_group("musket", "able", 2)],
            }
            session.apply(seal_action(session.state, seat, letter, contents, keys[seat]))
    done = 0
    while done < engagements:
        declared: list[str] = []
        for seat in range(0, players - 1, 2):
            for letter in letters:
                if done + len(declared) >= engagements:
                    break
                session.apply(A.Declare(seat, letter, seat + 1, letter, True))
                declared.append(f"{seat}:{letter}")
        for seat in range(players):
            session.apply(A.DoneDeclaring(seat))
        for seat, key in enumerate(keys):
            session.apply(reveal_action(session.state, seat, key))
        session.apply(A.ResolveAll())
        for k in declared:
            if not session.state.engagements[k].scored:
                session.apply(A.RecordScore(k, 3, 2))
        session.apply(A.EndTurn())
        done += len(declared)
    return session


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m wargame.campaign.example OUT.json", file=sys.stderr)
        return 2
    session, _ = build_example()
    write_json_atomic(argv[0], example_scenario(session))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
