"""The table override in the core: an explicit, logged, undoable action outside the
rules, marked in the log and the save, refused when impossible or unfair."""

from __future__ import annotations

import json

import pytest

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameSpec, RandomBot
from wargame.core.override import (
    OverrideMove,
    OverrideRefused,
    OverrideSet,
    refused_override,
    targets,
)
from wargame.core.play import load_session, new_session
from wargame.core.replay import ReplayPlan
from wargame.errors import IllegalAction, UndoBlocked


def naval(seed: int = 3):  # noqa: ANN201 - a session
    return new_session(GameSpec("naval", 2), DiceService.seeded(seed))


def hull(session, ship: str, side: str = "larboard") -> int:  # noqa: ANN001
    return session.state.ships[ship].to_json()["hull"][side]


def test_an_override_applies_only_through_the_explicit_call() -> None:
    s = naval()
    act = OverrideSet("Revenge", "hull_larboard", 3)
    with pytest.raises(IllegalAction, match="Table override"):
        s.apply(act)
    assert not s.entries
    with pytest.raises(OverrideRefused, match="not a table override"):
        s.override(s.state.legal_actions()[0])
    entry = s.override(act)
    assert hull(s, "Revenge") == 3
    assert entry.override and not entry.barrier
    assert entry.label == "Table override: Revenge's larboard hull set to 3 (was 6)"
    assert act not in s.state.legal_actions()


def test_override_is_undone_and_redone_like_any_action() -> None:
    s = naval()
    s.override_text("override.set piece=Revenge field=hull_larboard value=2")
    s.override_text("override.move piece=Revenge to=[5,5]")
    assert s.state.ships["Revenge"].hex == s.state.sea.from_offset(5, 5)
    undone = s.undo()
    assert undone.override
    assert s.state.sea.to_offset(s.state.ships["Revenge"].hex) == (2, 4)
    s.undo()
    assert hull(s, "Revenge") == 6
    s.redo()
    s.redo()
    assert hull(s, "Revenge") == 2
    assert s.state.sea.to_offset(s.state.ships["Revenge"].hex) == (5, 5)


def test_undo_of_an_override_never_crosses_a_dice_barrier() -> None:
    s = new_session(GameSpec("pirate-versus-pirate", 2), DiceService.seeded(4))
    roll = next(a for a in s.state.legal_actions() if a.kind == "pvp.roll")
    assert s.apply(roll).barrier
    target = targets(s.state)[0]
    s.override(OverrideSet(target.piece, "back", (target.counter("back").value + 1) % 3))
    s.undo()  # the override itself
    with pytest.raises(UndoBlocked, match="dice were rolled"):
        s.undo()


def test_save_marks_the_override_and_load_replays_it() -> None:
    s = naval()
    s.apply(s.state.legal_actions()[0])
    s.override_text("override.set piece=table field=wind value=north")
    data = json.loads(json.dumps(s.to_json()))
    marked = [e for e in data["log"] if e.get("override")]
    assert len(marked) == 1
    assert marked[0]["a"] == "override.set piece=table field=wind value=north"
    assert marked[0]["t"] == "Table override: The table's wind set to north (was south)"
    assert "override" not in data["log"][0]
    loaded = load_session(data)
    assert loaded.state.to_json() == s.state.to_json()
    assert loaded.entries[-1].override
    assert "(table override)" in loaded.log_text().splitlines()[-1]
    plan = ReplayPlan(data)
    assert plan.caption(2).endswith("Table override: The table's wind set to north (was south)")


def test_an_edited_override_in_a_save_is_refused() -> None:
    s = naval()
    s.override_text("override.set piece=Revenge field=crew value=1")
    data = s.to_json()
    data["log"][0]["a"] = "override.set piece=Revenge field=crew value=9"
    with pytest.raises(Exception, match="altered outside the app"):
        load_session(data)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("override.set piece=Revenge field=hull_larboard value=-1", "goes from 0 to 6"),
        ("override.set piece=Revenge field=hull_larboard value=x", "whole number"),
        ("override.set piece=Revenge field=heading value=up", "choose one of"),
        ("override.set piece=Revenge field=cargo value=1", "has no counter 'cargo'"),
        ("override.set piece=Ghost field=crew value=1", "no piece or counter 'Ghost'"),
        ("override.move piece=Revenge to=[99,0]", "off the sea"),
        ("override.move piece=Revenge to=[2,9]", "already holds Black Hind"),
        ("override.move piece=table to=[1,1]", "can't be moved"),
    ],
)
def test_impossible_overrides_are_refused_in_the_players_words(text: str, why: str) -> None:
    s = naval()
    before = s.state.to_json()
    assert why in (refused_override(s.state, Action.from_text(text)) or "")
    with pytest.raises(OverrideRefused, match=why.replace("(", r"\(")):
        s.override_text(text)
    assert s.state.to_json() == before
    assert not s.entries


def test_an_override_that_breaks_the_game_is_refused() -> None:
    s = naval()
    # Taking the ship whose turn it is out of the fight would leave a turn without her.
    ship = s.state.ts.ship
    with pytest.raises(OverrideRefused, match="end her turn"):
        s.override(OverrideSet(ship, "status", "sunk"))


def test_hidden_cards_cant_be_overridden() -> None:
    s = new_session(GameSpec("pieces-of-eight", 3), DiceService.seeded(2))
    listed = {c.name for t in targets(s.state) for c in t.counters}
    assert not listed & {"hand", "deck", "buried"}
    with pytest.raises(OverrideRefused, match="can only move pirates"):
        s.override(OverrideSet("pirate1", "hand", 0))


def test_an_override_touching_hidden_information_is_refused(monkeypatch) -> None:  # noqa: ANN001
    """The core's safety net: whatever a mode's module does, an override that changes
    something one seat sees and another doesn't (a hand) is refused."""
    import wargame.poe.overrides as mod

    s = new_session(GameSpec("pieces-of-eight", 3), DiceService.seeded(2))
    bot = RandomBot(DiceService.seeded(1))
    while s.state.stack:  # the opening cards are played first
        s.apply(bot.choose(s.state, s.state.current_player()))
    st = s.state
    free = next(a for a in st.board.land_areas if a not in st.area)
    move = OverrideMove("pirate1", st.board.ids[free])
    assert refused_override(st, move) is None  # fair as the module does it
    real = mod.apply

    def sneaky(state, act) -> None:  # noqa: ANN001
        real(state, act)
        state.hand[0], state.hand[1] = state.hand[1], state.hand[0]

    monkeypatch.setattr(mod, "apply", sneaky)
    before = s.state.to_json()
    with pytest.raises(OverrideRefused, match="hidden from some players"):
        s.override(move)
    assert s.state.to_json() == before


def test_a_finished_game_takes_no_override() -> None:
    s = new_session(GameSpec("pirate-coins", 2), DiceService.seeded(1))
    bot = RandomBot(DiceService.seeded(2))
    while not s.state.is_terminal():
        s.apply(bot.choose(s.state, s.state.current_player()))
    assert targets(s.state) == []
    with pytest.raises(OverrideRefused, match="the game is over"):
        s.override(OverrideSet("pirate1", "copper", 0))
