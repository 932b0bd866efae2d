"""The log is what the engine reports (issue 24): each entry keeps the public
sentences of what its action did (``Entry.told``, from ``GameState.tell``), saved
with it; a save made before entries kept them gets them when it is replayed."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from tests.core.test_secrecy import bot_session
from wargame.core.log import Session
from wargame.core.play import load_session
from wargame.core.registry import available_games

GAMES = available_games()
MAX_ACTIONS = 600


def played(name: str, seed: int = 4) -> Session[Any]:
    session, _game, bots = bot_session(name, seed)
    for _ in range(MAX_ACTIONS):
        st = session.state
        if st.is_terminal():
            break
        seat = st.current_player()
        session.apply(bots[seat].choose(st, seat))
    return session


@pytest.mark.parametrize("name", GAMES)
def test_every_game_reports_what_its_actions_did_on_the_entry(name: str) -> None:
    session = played(name)
    assert all(isinstance(e.told, tuple) for e in session.entries)
    told = [t for e in session.entries for t in e.told or ()]
    assert told, f"{name}: no action told anything beyond its label"
    assert all(isinstance(t, str) and t for t in told)
    assert session.entries[-1].lines == (session.entries[-1].label, *session.entries[-1].told)


@pytest.mark.parametrize("name", GAMES)
def test_told_sentences_are_saved_with_the_entry_and_read_back(name: str) -> None:
    session = played(name)
    data = json.loads(json.dumps(session.to_json()))
    assert any("told" in e for e in data["log"])
    loaded = load_session(data)
    assert [e.told for e in loaded.entries] == [e.told for e in session.entries]


@pytest.mark.parametrize("name", GAMES)
def test_a_save_from_before_entries_kept_told_gets_them_on_replay(name: str) -> None:
    session = played(name)
    before = [e.told for e in session.entries]
    session.entries = [replace(e, told=None) for e in session.entries]
    data = json.loads(json.dumps(session.to_json()))
    assert not any("told" in e for e in data["log"])
    loaded = load_session(data)
    assert [e.told for e in loaded.entries] == before


def test_a_converted_version_1_save_gets_its_told_sentences_on_replay() -> None:
    session = played("pirate-coins")
    v1 = {
        "format": "wargame-session",
        "version": 1,
        "header": session.header,
        "setup": [r.to_json() for r in session.setup_rolls],
        "log": [e.to_json() for e in session.entries],
        "redo": [],
    }
    loaded = load_session(json.loads(json.dumps(v1)), convert_unsealed="save")
    assert [e.told for e in loaded.entries] == [e.told for e in session.entries]


def test_undo_and_redo_keep_each_entrys_told_sentences() -> None:
    session = played("pirate-versus-pirate")
    while session.can_undo:
        session.undo()
    if not session.redo_list:
        pytest.skip("the last action was a roll: nothing to undo")
    entry = session.redo_list[-1]
    assert session.redo() is entry
    assert session.entries[-1].told == entry.told


def test_a_malformed_told_in_a_save_is_refused_in_plain_words() -> None:
    from wargame.core.actions import Action
    from wargame.core.entry import Entry
    from wargame.errors import FileFormatError

    with pytest.raises(FileFormatError, match="'told' must be a list of sentences"):
        Entry.from_parts({"a": "pvp.roll", "told": "Red rolled"}, None, Action.from_text)
