"""The secrecy suite (issue 11): no text or save shows what an observation hides.

Run over every registered game (wargame/core/registry.py), so a new game is
covered the moment it merges, using only the protocol (``observation``,
``legal_actions``, ``describe`` through the Session) and the Session.

The test of a text: at each step of seeded bot games, the action chosen is
compared with the other legal actions. When another action would leave some
seat (not the actor) with exactly the same observation, while the true position
differs, that seat can't tell the two apart - so everything the table shows of
the action (its log line and undo label, the sentences the engine told of what it
did, the readable part of its saved entry) must be the same for both. A game may define one optional hook,
``secrecy_alternatives(state, action) -> Sequence[Action]``, to name the
alternatives worth comparing when it has too many legal actions to try.

The test of a save: saved at random points, the raw file and the database rows
hold no generator state, no hidden roll values, no secret action's text.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from wargame.core.dice import DiceService
from wargame.core.game import Game, GameSpec, GameState
from wargame.core.log import Entry, Session
from wargame.core.play import load_session, new_session
from wargame.core.registry import available_games, game_class

GAMES = available_games()
#: Per game: seeded games, actions each, alternatives compared per step.
SEEDS = (1, 2)
MAX_ACTIONS = 220
ALTERNATIVES = 8


def entry_for(state: GameState, action: Any, seed: int) -> tuple[Entry, GameState]:
    """The log entry the Session makes for ``action`` on a copy of ``state``."""
    s: Session[Any] = Session(lambda _d: state.clone(), DiceService.seeded(seed))
    entry = s.apply(action)
    return entry, s.state


def shown(entry: Entry) -> dict[str, Any]:
    """What the table and the save show of an entry: its label, what the engine told
    it did (``Entry.told``: the log's lines after the label) and its readable part."""
    return {"label": entry.label, "told": entry.told, "saved": entry.public_json()}


def alternatives(state: GameState, action: Any, rng: DiceService) -> list[Any]:
    hook = getattr(state, "secrecy_alternatives", None)
    pool = list(hook(action)) if hook is not None else list(state.legal_actions())
    pool = [a for a in pool if a != action]
    if len(pool) > ALTERNATIVES:
        rng.shuffle(pool, "sample", hidden=False)
        pool = pool[:ALTERNATIVES]
    return pool


def check_texts(state: GameState, action: Any, seed: int, rng: DiceService, players: int) -> None:
    actor = state.current_player()
    seats = [s for s in range(players) if s != actor]
    mine, after = entry_for(state, action, seed)
    full = after.to_json()
    views = {s: after.observation(s) for s in seats}
    for other in alternatives(state, action, rng):
        try:
            theirs, alt = entry_for(state, other, seed)
        except ValueError:  # a refused or impossible alternative (WargameError)
            continue
        if alt.to_json() == full:
            continue  # nothing differs: nothing to hide
        blind = [s for s in seats if alt.observation(s) == views[s]]
        if blind:
            assert shown(theirs) == shown(mine), (
                f"seat {blind[0]} can't tell {action.to_text()} from {other.to_text()}, "
                f"but the table shows {shown(mine)} vs {shown(theirs)}"
            )


def readable(save: Any) -> str:
    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("s", "sealed")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(save))


def secrets_of(session: Session[Any]) -> tuple[list[str], list[str]]:
    """Texts a save must never show: hidden roll values (as saved in plain text),
    secret actions' texts, and pieces of the generator state."""
    hidden = [
        json.dumps(r.to_json())
        for r in [*session.setup_rolls, *(r for e in session.entries for r in e.rolls)]
        if r.hidden
    ]
    # a secret action's text, unless the same text was later played in the open (a card
    # buried in secret and dug up and buried again by another pirate for all to see)
    public = {e.action.to_text() for e in session.entries if not e.secret}
    hidden += [t for e in session.entries if e.secret if (t := e.action.to_text()) not in public]
    get = getattr(session.dice.provider, "get_state", None)
    state = get() if get is not None else None
    numbers = [str(x) for x in state[1][200:216]] if state else []
    return hidden, numbers


def check_save(session: Session[Any], raw: str) -> None:
    hidden, numbers = secrets_of(session)
    for text in hidden:
        assert text not in raw, f"the save shows hidden {text[:60]}"
    for n in numbers:
        assert n not in raw, "the save shows the dice generator's state"
    assert '"dice"' not in raw
    # hidden rolls are saved as [low, high, count, purpose, 1]: no list of values
    assert not re.search(r'\[-?\d+, -?\d+, \[[-\d, ]*\], "[^"]*", 1\]', raw)


def bot_session(name: str, seed: int) -> tuple[Session[Any], Game, dict[int, Any]]:
    game = game_class(name)()
    spec = GameSpec(name, game.default_players())
    session = new_session(spec, DiceService.seeded(seed))
    bots = {
        s: game.bots()["random"](DiceService.seeded(f"{seed}:secrecy:{s}"))
        for s in range(spec.players)
    }
    return session, game, bots


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", GAMES)
def test_no_text_names_what_an_observation_hides(name: str, seed: int) -> None:
    session, _game, bots = bot_session(name, seed)
    players = int(session.header["players"])
    rng = DiceService.seeded(f"{seed}:sample")
    for step in range(MAX_ACTIONS):
        st = session.state
        if st.is_terminal():
            break
        seat = st.current_player()
        action = bots[seat].choose(st, seat)
        check_texts(st, action, 1000 + step, rng, players)
        session.apply(action)


@pytest.mark.parametrize("name", GAMES)
def test_saves_and_database_rows_hold_nothing_hidden(name: str, tmp_path: Path) -> None:
    from wargame.persistence.db import open_database

    session, _game, bots = bot_session(name, 7)
    rng = DiceService.seeded("7:save-points")
    save_at = sorted(rng.draw(1, MAX_ACTIONS, 4, "save points"))
    db = open_database(tmp_path / "wargame.sqlite3")
    saved = 0
    for step in range(MAX_ACTIONS + 1):
        if step in save_at or step in (0, MAX_ACTIONS) or session.state.is_terminal():
            data = session.to_json()
            raw = json.dumps(data)
            check_save(session, raw)
            check_save(session, readable(data))
            db.save_game(name, f"{name} {step}", data, autosave=True)
            # reopening continues with the very same state
            reopened = load_session(json.loads(raw))
            assert reopened.state.to_json() == session.state.to_json()
            saved += 1
        if session.state.is_terminal() or step == MAX_ACTIONS:
            break
        st = session.state
        seat = st.current_player()
        session.apply(bots[seat].choose(st, seat))
    db.close()
    assert saved >= 2
    rows = []
    con = sqlite3.connect(tmp_path / "wargame.sqlite3")
    for (table,) in con.execute("select name from sqlite_master where type='table'"):
        for row in con.execute(f'select * from "{table}"'):  # noqa: S608 - our own tables
            rows += [str(v) for v in row if isinstance(v, str | bytes)]
    con.close()
    check_save(session, "\n".join(rows))
