"""Building positions for rule tests: a small hand-made board and card look-ups."""

from __future__ import annotations

from collections.abc import Sequence

from wargame.core.dice import DiceService, ScriptedProvider
from wargame.poe.game import PiecesOfEightGame
from wargame.poe.rules import deck
from wargame.poe.state import PoeState

#: Three islands: I1 = L1 + L2, I2 = L3 (town) + L4, I3 = L5; four seas, S1 and S2 big.
GRAPH = {
    "name": "test board",
    "nodes": [
        {"id": "L1", "name": "North Point", "kind": "land", "island": "I1"},
        {"id": "L2", "name": "North Bay", "kind": "land", "island": "I1"},
        {"id": "L3", "name": "Port Town", "kind": "land", "island": "I2", "town": True},
        {"id": "L4", "name": "Hill", "kind": "land", "island": "I2"},
        {"id": "L5", "name": "Lone Cay", "kind": "land", "island": "I3"},
        {"id": "S1", "name": "West Sea", "kind": "sea", "big": True},
        {"id": "S2", "name": "Middle Sea", "kind": "sea", "big": True},
        {"id": "S3", "name": "South Sea", "kind": "sea"},
        {"id": "S4", "name": "East Sea", "kind": "sea"},
    ],
    "edges": [
        ["L1", "L2"],
        ["L3", "L4"],
        ["L1", "S1"],
        ["L2", "S2"],
        ["L3", "S2"],
        ["L4", "S3"],
        ["L5", "S3"],
        ["L5", "S4"],
        ["S1", "S2"],
        ["S2", "S3"],
        ["S3", "S4"],
        ["S1", "S4"],
    ],
}


def card(action: str, nth: int = 0, *, value: int | None = None, type_: str | None = "") -> int:
    """The index of the ``nth`` card whose action is ``action`` (optionally of a value/type)."""
    found = [
        c.index
        for c in deck().cards
        if c.action == action
        and (value is None or c.value == value)
        and (type_ == "" or c.type == type_)
    ]
    return found[nth]


def named(name: str) -> int:
    return next(c.index for c in deck().cards if c.name == name)


def scripted(*values: int) -> DiceService:
    return DiceService(ScriptedProvider(list(values)))


def blank(players: int = 4, *, params: dict | None = None) -> PoeState:
    """A game on the test board with every card in the deck, nobody ashore, and
    Pirate 1 in the bury phase of their turn with no window open."""
    game = PiecesOfEightGame({"starter": "1", **(params or {})})  # Pirate 1 starts
    st = game.new_initial_state(players, DiceService.seeded(0), scenario=GRAPH)
    for s in range(players):
        st.hand[s] = []
    st.deck = list(range(len(st.cards)))
    st.stack = []
    st.active = 0
    st.phase = "bury"
    st.turns = 1
    st._legal = None
    return st


def place(st: PoeState, seat: int, area: str, *, ship: bool = False) -> None:
    a = st.board.index(area)
    st.area[seat] = a
    if ship:
        free = st.free_ships_in(a)
        if free:
            st.ship[seat] = free[0]
        else:
            st.ship_area.append(a)
            st.ship[seat] = len(st.ship_area) - 1
    st._legal = None


def give(st: PoeState, seat: int, cards: Sequence[int], *, faceup: bool = False) -> None:
    for c in cards:
        st.deck.remove(c)
        (st.faceup if faceup else st.hand)[seat].append(c)
    st._legal = None


def crew(st: PoeState, seat: int, captain: int) -> None:
    st.captain[seat] = captain
    st.area[seat] = st.area[captain]
    st.ship[seat] = -1
    st._legal = None


def phase(st: PoeState, name: str, seat: int = 0) -> None:
    st.active = seat
    st.phase = name
    st._legal = None


def settle(st: PoeState, dice: DiceService | None = None) -> None:
    from wargame.poe.effects import settle as _settle

    _settle(st, dice or DiceService.seeded(0))
    st._legal = None


def act(st: PoeState, *actions, dice: DiceService | None = None) -> None:  # noqa: ANN002
    d = dice or DiceService.seeded(0)
    for a in actions:
        st.apply(a, d)


def pass_all(st: PoeState, dice: DiceService | None = None) -> None:
    """Everyone passes in the open window(s) until someone must do something else."""
    from wargame.poe.actions import Pass

    d = dice or DiceService.seeded(0)
    while st.stack and Pass() in st.legal_actions():
        st.apply(Pass(), d)
