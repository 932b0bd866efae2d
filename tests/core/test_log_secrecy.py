"""Issue 29, the secrecy suite's log file: after whole bot games in every mode, saved,
autosaved and reopened through the database, and after ``wargame simulate``, all
with the log at debug level, the log file holds no hidden card, loyalty, vote,
secret choice, hidden roll, dice seed, generator state or future roll.

What counts as hidden is read off the games themselves (the protocol, not a list
per mode): a text in the state that some seat's observation does not show, every
secret action's text, every hidden roll's values, the generator's state and the
next rolls it will give. The campaign's sealed forces and passphrases likewise.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.campaign.helpers import SECRET_SHIP, two_players
from wargame import cli, logs
from wargame.core.dice import DiceService, SeededProvider
from wargame.core.game import GameSpec, GameState
from wargame.core.log import Session
from wargame.core.play import load_session, new_session
from wargame.core.registry import available_games, game_class
from wargame.persistence.autosave import AutosaveSlot
from wargame.persistence.db import open_database

#: A seed no log line could hold by chance.
SEED = 918_273_645
MAX_ACTIONS = 400


def leaves(value: Any) -> set[str]:
    """The texts in a JSON-like value (not its keys: an observation may be shaped
    differently) at least 4 characters long, and its lists of 3 or more numbers (a
    hand of card numbers, a deck) as JSON."""
    found: set[str] = set()
    if isinstance(value, dict):
        for v in value.values():
            found |= leaves(v)
    elif isinstance(value, list | tuple):
        if len(value) >= 3 and all(type(v) is int for v in value):
            found.add(json.dumps(list(value)))
        for v in value:
            found |= leaves(v)
    elif isinstance(value, str) and len(value) >= 4:
        found.add(value)
    return found


def hidden_texts(state: GameState, players: int) -> set[str]:
    """Texts of the position that at least one seat's observation does not show."""
    shown_to = [json.dumps(state.observation(seat)) for seat in range(players)]
    return {t for t in leaves(state.to_json()) if any(json.dumps(t) not in o for o in shown_to)}


def future_rolls(session: Session[Any]) -> list[str]:
    """The next rolls the generator will give, as a log line might print them."""
    provider = session.dice.provider
    state = provider.get_state() if hasattr(provider, "get_state") else None
    if state is None:
        return []
    twin = DiceService(SeededProvider(0))
    twin.provider.set_state(state)  # type: ignore[attr-defined]
    values = twin.draw(1, 6, 10, "future")
    return [json.dumps(list(values)), " ".join(map(str, values))]


def session_secrets(session: Session[Any]) -> set[str]:
    found = {e.action.to_text() for e in session.entries if e.secret}
    for roll in [*session.setup_rolls, *(r for e in session.entries for r in e.rolls)]:
        if roll.hidden and len(roll.values) >= 3:
            found.add(json.dumps(list(roll.values)))
    provider = session.dice.provider
    state = provider.get_state() if hasattr(provider, "get_state") else None
    if state:
        found |= {str(x) for x in state[1][200:216]}
    found |= set(future_rolls(session))
    found.add(str(SEED))
    return found


def check_log(folder: Path, secrets: set[str]) -> str:
    text = "\n".join(
        p.read_text(encoding="utf-8") for p in sorted(folder.glob(f"{logs.LOG_NAME}*"))
    )
    assert text.strip(), "nothing was logged: the test would prove nothing"
    for secret in secrets:
        assert secret not in text, f"the log shows hidden {secret[:80]!r}"
    return text


def play_and_store(name: str, folder: Path) -> set[str]:
    """A whole bot game, autosaved after every action, saved and reopened now and
    then; returns what it hid."""
    game = game_class(name)()
    spec = GameSpec(name, game.default_players())
    session = new_session(spec, DiceService.seeded(SEED))
    bots = {
        s: game.bots()["random"](DiceService.seeded(f"{SEED}:{s}")) for s in range(spec.players)
    }
    db = open_database(folder / "wargame.sqlite3")
    slot = AutosaveSlot()
    secrets: set[str] = set()
    try:
        for step in range(MAX_ACTIONS):
            st = session.state
            if st.is_terminal():
                break
            secrets |= hidden_texts(st, spec.players)
            seat = st.current_player()
            session.apply(bots[seat].choose(st, seat))
            slot.write_session(
                db,
                name,
                "",
                head=session.head_json(),
                entries=session.entries,
                entry_json=session.entry_json,
            )
            if step % 97 == 0:
                save_id = db.save_game(name, f"{name} {step}", session.to_json(), durable=True)
                _info, data = db.load_game(save_id)
                assert load_session(data).state.to_json() == session.state.to_json()
        _info, data = db.load_game(slot.id)  # type: ignore[arg-type]
        load_session(data)
    finally:
        db.close()
    return secrets | session_secrets(session)


@pytest.mark.parametrize("name", available_games())
def test_the_log_shows_nothing_hidden_after_whole_bot_games(name: str, tmp_path: Path) -> None:
    logs.setup_logging(tmp_path, "debug")
    secrets = play_and_store(name, tmp_path)
    text = check_log(tmp_path, secrets)
    assert "saved game" in text and "loaded game" in text  # the paths that log were taken


@pytest.mark.parametrize("name", ["pieces-of-eight", "pirate-coins", "tortuga-1667", "naval"])
def test_the_log_of_simulate_shows_nothing_hidden(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--data-dir", str(tmp_path), "--log-level", "debug", "simulate", name]
    assert cli.main([*argv, "--games", "2", "--seed", str(SEED), "--bots", "random"]) == 0
    capsys.readouterr()
    check_log(tmp_path, {str(SEED)})


def test_the_log_shows_no_sealed_campaign_force_or_passphrase(tmp_path: Path) -> None:
    logs.setup_logging(tmp_path, "debug")
    session, _keys = two_players()
    db = open_database(tmp_path / "wargame.sqlite3")
    try:
        save_id = db.save_game("campaign", "Test", session.to_json(), durable=True)
        db.load_game(save_id)
    finally:
        db.close()
    check_log(tmp_path, {SECRET_SHIP, "alice-pw", "bobby-pw", *session_secrets(session)})
