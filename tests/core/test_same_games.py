"""The same seeds play the same games: every engine's speed work is held to it (issue 41).

Each case plays a few hundred seeded games of one mode with one bot pairing as
``wargame simulate`` plays them (the same seeds, the same bots' seeds) and compares
a SHA-256 of what came of them with the one in ``tests/golden/same_games/`` (a file
per case): each game's result as ``simulate --json`` lists it (winners, scores,
turns, actions, how it ended) and its final position, ``state.to_json()`` (where
every piece stands, hands and decks, and in naval and raid the whole battle log),
so a game that ends alike by another road is caught too. An optimisation that
changes any rule, any roll or any bot choice changes some game and fails here.

The hashes were made from the code before the speed work (main as of issue 41's
start). A deliberate rules change rewrites them with WARGAME_REGOLD=1 (say in the
commit which modes changed and why).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from wargame.core.dice import DiceService
from wargame.core.play import bot_factories, bot_seed, game_seed
from wargame.core.registry import game_class

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "same_games"

#: (mode, players, bots, games): random playouts in every mode, and each mode's
#: hand-written bot against itself (fewer games where it thinks longer).
CASES: tuple[tuple[str, int, str, int], ...] = (
    ("naval", 2, "random", 300),
    ("naval", 2, "captain", 100),
    ("raid", 2, "random", 300),
    ("raid", 2, "tactician", 100),
    ("pieces-of-eight", 4, "random", 60),
    ("pieces-of-eight", 4, "strong", 30),
    ("pirate-versus-pirate", 2, "random", 300),
    ("pirate-versus-pirate", 2, "greedy", 100),
    ("pirate-versus-pirate", 2, "expectimax", 6),
    ("tortuga-1667", 2, "random", 300),
    ("tortuga-1667", 4, "strong", 60),
    ("pirate-coins", 2, "random", 300),
    ("pirate-coins", 3, "strong", 60),
)


def _key(mode: str, players: int, bots: str, games: int) -> str:
    return f"{mode}-{players}p-{bots}-x{games}"


def games_hash(mode: str, players: int, bots: str, games: int) -> str:
    """The hash of ``games`` games of ``simulate MODE --seed 41 --bots BOTS``: each
    game's result and final position, in seed order."""
    game = game_class(mode)()
    factories = bot_factories(game)
    digest = hashlib.sha256()
    for i in range(games):
        seed = game_seed(41, i)
        dice = DiceService.seeded(seed)
        state = game.new_initial_state(players, dice)
        seats = [factories[bots](DiceService.seeded(bot_seed(seed, s))) for s in range(players)]
        actions = 0
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            state.apply(seats[seat].choose(state, seat), dice)
            actions += 1
        outcome = state.outcome()
        assert outcome is not None
        record = {"actions": actions, "outcome": outcome.to_json(), "state": state.to_json()}
        digest.update(json.dumps(record, sort_keys=True, separators=(",", ":")).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("case", CASES, ids=lambda c: _key(*c))
def test_seeded_games_are_the_games_played_before(case: tuple[str, int, str, int]) -> None:
    key = _key(*case)
    got = games_hash(*case)
    path = GOLDEN / f"{key}.sha256"
    if os.environ.get("WARGAME_REGOLD"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(got + "\n", encoding="utf-8")
    assert path.exists(), f"{path.name}: no golden hash; make it with WARGAME_REGOLD=1"
    assert got == path.read_text(encoding="utf-8").strip(), (
        f"{key}: the same seeds now play different games"
    )
