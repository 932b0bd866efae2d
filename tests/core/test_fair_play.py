"""Issue 11, fair play: one test per item found, each named for it.

Every item is fixed at the shared layer (dice service, Session, save format,
protocol), so these drive the real games through it.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from wargame.core.dice import DiceService, SeededProvider
from wargame.core.game import GameSpec
from wargame.core.log import Session
from wargame.core.play import load_session, new_session
from wargame.core.registry import game_class
from wargame.errors import FileFormatError, UndoBlocked
from wargame.poe import actions as A


def play(session: Session[Any], steps: int, seed: int = 5) -> None:
    """Bots (the weakest, seeded) play ``steps`` actions on ``session``."""
    game = game_class(str(session.header["game"]))(session.header.get("params"))
    bots = {}
    for _ in range(steps):
        st = session.state
        if st.is_terminal():
            return
        seat = st.current_player()
        if seat not in bots:
            bots[seat] = game.bots()["random"](DiceService.seeded(f"{seed}:{seat}"))
        session.apply(bots[seat].choose(st, seat))


def poe(seed: int = 3) -> Session[Any]:
    return new_session(GameSpec("pieces-of-eight", 4), DiceService.seeded(seed))


def hands(session: Session[Any]) -> list[list[int]]:
    return [list(h) for h in session.state.hand]


# -- Deals repeat -----------------------------------------------------------------------


def test_deals_repeat__new_games_from_the_session_factory_deal_differently() -> None:
    """No fixed seed: two new games made the way the app makes them deal apart."""
    deals = {json.dumps(hands(new_session(GameSpec("pieces-of-eight", 4)))) for _ in range(4)}
    assert len(deals) == 4


def test_deals_repeat__dice_made_without_a_seed_are_not_seeded_zero() -> None:
    zero = DiceService.seeded(0).draw(1, 10**9, 4, "x")
    assert DiceService().draw(1, 10**9, 4, "x") != zero
    assert DiceService().draw(1, 10**9, 4, "x") != DiceService().draw(1, 10**9, 4, "x")


# -- Saves show what is hidden --------------------------------------------------------


def readable(save: dict[str, Any]) -> str:
    """The save as a text editor shows it, minus the sealed parts (ciphertext)."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("s", "sealed")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(save))


def test_saves_show_what_is_hidden__no_deal_index_or_generator_state_in_a_save() -> None:
    s = poe()
    play(s, 30)
    save = s.to_json()
    text = readable(save)
    assert "dice" not in save
    hidden = [r for r in s.setup_rolls if r.hidden]
    hidden += [r for e in s.entries for r in e.rolls if r.hidden]
    assert hidden
    # every hidden roll shows its die and count, never its values
    assert '"Deal a card", 1]' in text
    assert not re.search(r'\[0, \d+, \[\d+\], "Deal a card", 1\]', text)
    internal = s.dice.provider.get_state()[1]
    assert not any(str(x) in text for x in internal[100:110])


def test_saves_show_what_is_hidden__reopening_continues_with_identical_draws() -> None:
    """The app wraps its generator (typed-in dice switch); the save must still carry
    the generator state, or a reopened game draws other cards (the cause of the bug)."""

    class TableLike:  # the app's TableProvider: seeded, switchable
        def __init__(self, seed: int) -> None:
            self.seeded = SeededProvider(seed)

        def values(self, request):  # noqa: ANN001, ANN202
            return self.seeded.values(request)

        def get_state(self):  # noqa: ANN202
            return self.seeded.get_state()

        def set_state(self, state) -> None:  # noqa: ANN001
            self.seeded.set_state(state)

    s = new_session(GameSpec("pieces-of-eight", 4), DiceService(TableLike(11)))
    play(s, 25)
    data = json.loads(json.dumps(s.to_json()))
    reopened = load_session(data, DiceService(TableLike(1)))  # the app's fresh dice
    play(s, 120, seed=9)
    play(reopened, 120, seed=9)
    assert [(e.action, e.rolls) for e in reopened.entries] == [
        (e.action, e.rolls) for e in s.entries
    ]
    assert reopened.dice.draw(1, 6, 20, "next") == s.dice.draw(1, 6, 20, "next")


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(
            lambda d: d["log"][0].update(p=(d["log"][0].get("p", 0) + 1) % 4), id="seat-changed"
        ),
        pytest.param(lambda d: d["header"].update(players=3), id="header-changed"),
        pytest.param(
            lambda d: d.update(dice=DiceService.seeded(6).provider.get_state()), id="forged-dice"
        ),
        pytest.param(
            lambda d: d.update(sealed=d.get("sealed", "x")[:-4] + "AAAA"), id="sealed-part-edited"
        ),
        pytest.param(lambda d: d.update(log=d["log"][:-1]), id="log-cut"),
        pytest.param(lambda d: d["log"].pop(3), id="entry-dropped"),
    ],
)
def test_saves_show_what_is_hidden__a_save_edited_by_hand_is_refused(edit) -> None:  # noqa: ANN001
    s = poe()
    play(s, 20)
    data = json.loads(json.dumps(s.to_json()))
    edit(data)
    with pytest.raises(FileFormatError, match="altered outside the app|holds|does not end"):
        load_session(data)


def test_saves_show_what_is_hidden__changed_roll_values_are_refused() -> None:
    spec = GameSpec("naval", 2)
    s = new_session(spec, DiceService.seeded(4))
    play(s, 400)
    data = json.loads(json.dumps(s.to_json()))
    rolled = next(e for e in data["log"] if e.get("r") and not e["r"][0][-1] == 1)
    rolled["r"][0][2] = [6] * len(rolled["r"][0][2])
    with pytest.raises(FileFormatError, match="altered outside the app"):
        load_session(data)


def test_saves_show_what_is_hidden__a_version_1_save_loads_only_converted_not_its_dice() -> None:
    from wargame.core.log import UnsealedSave
    from wargame.persistence.convert import convert_unsealed_save

    s = poe()
    play(s, 20)
    v1 = {
        "format": "wargame-session",
        "version": 1,
        "header": s.header,
        "setup": [r.to_json() for r in s.setup_rolls],
        "log": [e.to_json() for e in s.entries],
        "redo": [],
        "dice": s.dice.provider.get_state(),
    }
    with pytest.raises(UnsealedSave):  # never as if it were sealed (issue 30 item 1)
        load_session(json.loads(json.dumps(v1)))
    loaded = load_session(convert_unsealed_save(json.loads(json.dumps(v1))))
    assert loaded.state.to_json() == s.state.to_json()
    # a hand-written version-1 generator state is not trusted: fresh OS entropy
    assert loaded.dice.draw(1, 10**9, 3, "x") != s.dice.draw(1, 10**9, 3, "x")


# -- The log names hidden cards -------------------------------------------------------


def test_log_names_hidden_cards__picking_from_hand_to_bury_says_only_a_card() -> None:
    s = poe()
    for _ in range(2000):
        st = s.state
        picks = [
            a for a in st.legal_actions() if type(a) is A.Select and a.card in st.hand[st.active]
        ]
        if picks:
            name = f"{st.cards[picks[0].card].value} {st.cards[picks[0].card].name}"
            before = st.clone()
            entry = s.apply(picks[0])
            label = getattr(entry, "label", None) or before.describe(picks[0])  # as shown
            assert name not in label
            assert label == f"Pirate {st.active + 1} picks a card from their hand to bury"
            assert str(picks[0].card) not in readable(s.to_json()).split('"log"')[1]
            return
        play(s, 1, seed=len(s.entries))
    pytest.fail("no one ever picked a card from their hand")


# -- Undo re-rolls ---------------------------------------------------------------------


def close_quarters() -> dict[str, Any]:
    from wargame.naval.scenario import default_scenario

    data = default_scenario()
    data["map"] = None
    data.pop("victory", None)  # no merchantman to escort in this fight
    data["ships"] = [
        {
            "name": "Revenge",
            "side": 0,
            "type": "small",
            "quality": "able",
            "at": [4, 6],
            "heading": 2,
        },
        {
            "name": "Swift",
            "side": 1,
            "type": "small",
            "quality": "able",
            "at": [4, 4],
            "heading": 1,
        },
    ]
    return data


def test_undo_rerolls__a_naval_firing_cannot_be_undone_and_fired_again() -> None:
    s = new_session(GameSpec("naval", 2, scenario=close_quarters()), DiceService.seeded(8))
    for _ in range(500):
        st = s.state
        fire = [a for a in st.legal_actions() if a.kind in ("naval.fire", "naval.fire_side")]
        if fire:
            entry = s.apply(fire[0])
            assert entry.rolls and entry.barrier
            assert not s.can_undo
            with pytest.raises(UndoBlocked, match="dice were rolled"):
                s.undo()
            return
        moves = [a for a in st.legal_actions() if a.kind != "naval.end_ship_turn"]
        s.apply(moves[0] if moves else st.legal_actions()[0])
    pytest.fail("no ship ever fired")


def test_undo_rerolls__redo_reuses_the_recorded_result() -> None:
    s = poe()
    play(s, 40)
    for _ in range(400):
        if s.can_undo and any(e.rolls for e in s.entries[-1:]) is False:
            break
        play(s, 1, seed=len(s.entries))
    undone = []
    while s.can_undo:
        undone.append(s.undo())
    assert undone
    states = s.state.to_json()
    for e in reversed(undone):
        assert s.redo() == e
    assert s.entries[-len(undone) :] == list(reversed(undone))
    assert states != s.state.to_json()


# -- Moving a save to another computer ------------------------------------------------


def test_a_save_moves_to_another_computer_with_a_passphrase(tmp_path) -> None:  # noqa: ANN001
    from wargame.cli import main
    from wargame.core import sealing

    home, away = tmp_path / "home", tmp_path / "away"
    sealing.configure(home)
    try:
        s = poe()
        play(s, 30)
        game = tmp_path / "game.json"
        game.write_text(json.dumps(s.to_json()))
        phrase = tmp_path / "phrase.txt"
        phrase.write_text("seven sails at dawn\n")
        portable = tmp_path / "game.portable.json"
        args = ["--data-dir", str(home), "save", "export", str(game), "--out", str(portable)]
        assert main([*args, "--passphrase-file", str(phrase)]) == 0
        sealing.configure(away)
        with pytest.raises(FileFormatError, match="another installation.*wargame save export"):
            load_session(json.loads(game.read_text()))
        moved = tmp_path / "moved.json"
        args = ["--data-dir", str(away), "save", "import", str(portable), "--out", str(moved)]
        wrong = tmp_path / "wrong.txt"
        wrong.write_text("not the passphrase\n")
        assert main([*args, "--passphrase-file", str(wrong)]) == 2
        assert main([*args, "--passphrase-file", str(phrase)]) == 0
        sealing.configure(away)
        again = load_session(json.loads(moved.read_text()))
        assert again.state.to_json() == s.state.to_json()
        assert again.dice.draw(1, 10**9, 5, "x") == s.dice.draw(1, 10**9, 5, "x")
        # or carry the table key itself
        key = tmp_path / "key.json"
        assert (
            main(
                [
                    "--data-dir",
                    str(home),
                    "key",
                    "export",
                    "--out",
                    str(key),
                    "--passphrase-file",
                    str(phrase),
                ]
            )
            == 0
        )
        assert (
            main(
                [
                    "--data-dir",
                    str(away),
                    "key",
                    "import",
                    str(key),
                    "--passphrase-file",
                    str(phrase),
                ]
            )
            == 0
        )
        sealing.configure(away)
        assert load_session(json.loads(game.read_text())).state.to_json() == s.state.to_json()
    finally:
        sealing.configure(None)


@pytest.mark.parametrize("game", ["pieces-of-eight", "tortuga-1667"])
def test_who_starts_is_a_public_seeded_roll_and_a_save_reopens_with_it(game: str) -> None:
    """Issue 28 (fair seats): with starter=random the first seat is a public die roll of
    the dice service (so seeded runs repeat and the dice log shows it); every seat can
    start; a save writes the starter out and reopens the same game; a save from before
    the parameter existed replays with Pirate 1 starting."""
    firsts = set()
    for seed in range(40):
        s = new_session(GameSpec(game, 4, {"starter": "random"}), DiceService.seeded(seed))
        st = s.state
        firsts.add(st.active)
        again = new_session(GameSpec(game, 4, {"starter": "random"}), DiceService.seeded(seed))
        assert again.state.active == st.active
        assert any("starts" in r.purpose and not r.hidden for r in s.setup_rolls)
    assert firsts == {0, 1, 2, 3}
    s = new_session(GameSpec(game, 3), DiceService.seeded(1))
    saved = json.loads(json.dumps(s.to_json()))
    assert "starter" in saved["header"]["params"]
    assert load_session(saved).state.to_json() == s.state.to_json()
    assert game_class(game).legacy_params == {"starter": "1"}  # older saves: Pirate 1
