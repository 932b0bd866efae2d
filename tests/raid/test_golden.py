"""A whole raid, bot against bot on fixed dice, as a readable golden log.

Regenerate after a deliberate rules change with WARGAME_UPDATE_GOLDEN=1.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.play import load_session, new_session
from wargame.raid.bots import TacticianBot
from wargame.raid.state import RaidState

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "raid_puerto_bello.txt"
SIDES = ("Pirates  ", "Defenders")


def play_golden() -> tuple[str, dict]:
    session = new_session(GameSpec("raid", 2), DiceService.seeded(2028))
    bots = [TacticianBot(DiceService.seeded(1)), TacticianBot(DiceService.seeded(2))]
    state: RaidState = session.state  # type: ignore[assignment]
    lines = [f"# Golden raid: {state.name} - tactician against tactician, dice seed 2028", ""]
    lines += [f"   {t}" for t in state.log]
    while not session.state.is_terminal():
        state = session.state  # type: ignore[assignment]
        seat = state.current_player()
        action = bots[seat].choose(state, seat)
        said = state.describe(action)
        seen = len(state.log)
        session.apply(action)
        lines.append(f"{SIDES[seat]} > {said}    [{action.to_text()}]")
        lines += [f"   {t}" for t in session.state.log[seen:]]
    state = session.state  # type: ignore[assignment]
    lines += ["", "== Final account =="]
    for turn, item, points, paid in state.ledger:
        note = "" if paid == points else f" (paid {paid:+d})"
        lines.append(f"turn {turn:2d}  {item}: {points:+d}{note}")
    out = state.outcome()
    lines.append(
        f"pirates {state.coins[0]} coins, town {state.coins[1]} coins; "
        f"winner seat {out.winner}; {out.end}; {len(session.entries)} actions"
    )
    return "\n".join(lines) + "\n", session.to_json()


def test_whole_raid_matches_the_golden_log() -> None:
    text, _ = play_golden()
    if os.environ.get("WARGAME_UPDATE_GOLDEN") or not GOLDEN.exists():
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_the_golden_raid_saves_and_replays_to_the_same_end() -> None:
    _, saved = play_golden()
    loaded = load_session(json.loads(json.dumps(saved)))
    assert loaded.state.is_terminal()
    text, _ = play_golden()
    assert f"pirates {loaded.state.coins[0]} coins" in text
