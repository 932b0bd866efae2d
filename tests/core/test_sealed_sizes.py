"""Issue 30 item 2: a sealed part's size must not tell the secret it holds.

A Pirate Coins decision sealed to 82 characters for sally and 84 for plunder, so
anyone reading a save (or the autosave rows) knew every choice before the reveal.
Over every registered game with secret actions: at each secret choice in seeded bot
games, every alternative the other seats can't tell apart (the same readable entry)
must seal to the same size - as a log entry, and undone into the save's head.
"""

from __future__ import annotations

from typing import Any

import pytest

from wargame.core import sealing
from wargame.core.dice import DiceService
from wargame.core.game import action_is_secret
from wargame.core.log import Session
from wargame.core.registry import available_games

from .test_secrecy import bot_session

GAMES = available_games()
STEPS = 260


def sealed_sizes(state: Any, action: Any) -> tuple[Any, int, int] | None:
    """(readable entry, sealed entry size, sealed head size with it undone), or None
    when the rules refuse ``action`` or it can't be undone."""
    s: Session[Any] = Session(lambda _d: state.clone(), DiceService.seeded(11))
    try:
        s.apply(action)
    except ValueError:
        return None
    saved = s.entry_json(0)
    public = {k: v for k, v in saved.items() if k != "s"}
    entry_size = len(saved["s"])
    if not s.can_undo:
        return public, entry_size, -1
    s.undo()
    head = s.head_json()
    return public, entry_size, len(head["sealed"])


@pytest.mark.parametrize("name", GAMES)
def test_the_sealed_size_of_a_secret_choice_does_not_depend_on_which_it_is(name: str) -> None:
    session, _game, bots = bot_session(name, 3)
    compared = 0
    for _ in range(STEPS):
        st = session.state
        if st.is_terminal():
            break
        seat = st.current_player()
        action = bots[seat].choose(st, seat)
        if action_is_secret(st, action):
            mine = sealed_sizes(st, action)
            assert mine is not None
            for other in st.legal_actions():
                if other == action or not action_is_secret(st, other):
                    continue
                theirs = sealed_sizes(st, other)
                if theirs is None or theirs[0] != mine[0]:
                    continue  # refused, or told apart in the open anyway
                assert theirs[1] == mine[1], (
                    f"{action.to_text()} seals to {mine[1]} characters, "
                    f"{other.to_text()} to {theirs[1]}"
                )
                if mine[2] >= 0 and theirs[2] >= 0:
                    assert theirs[2] == mine[2], "an undone choice shows in the head's size"
                compared += 1
        session.apply(action)
    if name in ("pirate-coins", "tortuga-1667", "pieces-of-eight"):
        assert compared, f"{name}: no secret choice was compared"


def test_pirate_coins_sally_and_plunder_seal_to_the_same_size() -> None:
    sealer = sealing.Sealer(bytes(32))
    sally = sealer.seal({"a": "coins.decide choice=sally"}, b"")
    plunder = sealer.seal({"a": "coins.decide choice=plunder"}, b"")
    assert len(sally) == len(plunder)


def test_padding_sizes_follow_the_fixed_series() -> None:
    assert [sealing.padded_size(n) for n in (0, 1, 128, 129, 300, 4096, 4097)] == [
        0,
        128,
        128,
        256,
        512,
        4096,
        8192,
    ]
    data = {"a": "x" * 50}
    assert len(sealing.canonical(sealing.padded(data))) == 128
    assert sealing.padded(None) is None
