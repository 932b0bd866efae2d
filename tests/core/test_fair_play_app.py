"""Issue 11, fair play in the desktop app: seeds, resumes, undo labels, settings."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from wargame.poe import actions as A

pytestmark = pytest.mark.usefixtures("discard_unsaved", "pirate_one_starts")


def test_deals_repeat__each_new_pieces_of_eight_game_in_the_app_deals_anew(
    main_window,  # noqa: ANN001
) -> None:
    """It was seeded 1, then 2, 3...: every launch dealt the same hands."""
    view = main_window.show_mode("pieces-of-eight")
    view._bot_timer.stop()
    deals = []
    for _ in range(3):
        view.load_default()  # what a launch shows
        view._bot_timer.stop()
        deals.append(json.dumps([r.values for r in view.session.setup_rolls]))
        view.new_game_from_bar()
        view._bot_timer.stop()
        deals.append(json.dumps([r.values for r in view.session.setup_rolls]))
    assert len(set(deals)) == len(deals)


@pytest.mark.parametrize("mode", ["raid", "naval", "pieces-of-eight"])
def test_deals_repeat__a_resumed_game_rolls_on_as_it_would_have(
    main_window,  # noqa: ANN001
    mode: str,
) -> None:
    """The raid resumed every save seeded 0; Pieces of Eight restarted from its seed.
    Reopening must continue with exactly the draws the game would have had."""
    view = main_window.show_mode(mode)
    view.load_default()
    if hasattr(view, "_bot_timer"):
        view._bot_timer.stop()
    data = json.loads(json.dumps(view.save_json()))
    future = view.session.dice.draw(1, 10**9, 8, "the next draws")
    other = main_window.show_mode(mode)
    other.open_json(data, None)
    if hasattr(other, "_bot_timer"):
        other._bot_timer.stop()
    assert other.session.dice.draw(1, 10**9, 8, "the next draws") == future


def test_log_names_hidden_cards__undo_text_and_game_log_name_no_card_from_hand(
    main_window,  # noqa: ANN001
) -> None:
    view = main_window.show_mode("pieces-of-eight")
    view.bot_delay_ms = 0
    view.new_game(["human"] * 4, scenario=None, seed=4)
    for _ in range(3000):
        st = view.state
        picks = [
            a for a in st.legal_actions() if type(a) is A.Select and a.card in st.hand[st.active]
        ]
        if picks:
            card = st.cards[picks[0].card]
            assert view.do(picks[0])
            seen = [view.undo_stack.undoText(), view.log.item(view.log.count() - 1).text()]
            assert all(f"{card.value} {card.name}" not in t for t in seen), seen
            assert "picks a card from their hand to bury" in seen[0]
            return
        legal = st.legal_actions()
        assert view.do(legal[len(view.session.entries) % len(legal)])
    pytest.fail("no one ever picked a card from their hand")


def test_settings_run_code__a_pickled_settings_value_is_ignored(tmp_path: Path) -> None:
    """QSettings unpickled a crafted window/geometry entry at start-up. Plant one
    (written by QSettings itself, in a separate process) and start the app."""
    data = tmp_path / "data"
    data.mkdir()
    marker = tmp_path / "pwned"
    plant = f"""
import pathlib
from PySide6.QtCore import QCoreApplication, QSettings
app = QCoreApplication([])
class Evil:
    def __reduce__(self):
        return (pathlib.Path.touch, (pathlib.Path({str(marker)!r}),))
s = QSettings({str(data / "settings.ini")!r}, QSettings.Format.IniFormat)
s.setValue("window/geometry", Evil())
s.setValue("window/state", Evil())
s.sync()
"""
    subprocess.run([sys.executable, "-c", plant], check=True, timeout=120)
    assert "PyObjectWrapper" in (data / "settings.ini").read_text(errors="replace")
    assert not marker.exists()
    start = f"""
import os
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from ui.app import application, build_window
app = application()
w = build_window({str(data)!r})
w._restore_window_state()
print(repr(w.ctx.settings.value("window/geometry")))
"""
    out = subprocess.run(
        [sys.executable, "-c", start],
        check=True,
        timeout=120,
        capture_output=True,
        text=True,
        cwd=str(pathlib.Path(__file__).resolve().parents[2]),
    )
    assert not marker.exists(), "the pickled settings value ran code"
    assert out.stdout.strip() == "None"


def test_settings_are_plain_values_and_window_geometry_round_trips(tmp_path: Path) -> None:
    from PySide6.QtCore import QByteArray

    from ui.settings import Settings

    s = Settings(tmp_path / "settings.ini")
    s.setValue("window/geometry", QByteArray(b"\x01\x02geometry"))
    s.setValue("view/zoom", 1.5)
    s.sync()
    text = (tmp_path / "settings.ini").read_text()
    assert "@Variant" not in text and "bytes:" in text
    again = Settings(tmp_path / "settings.ini")
    value: Any = again.value("window/geometry")
    assert bytes(value.data()) == b"\x01\x02geometry"
    assert again.value("view/zoom") == "1.5"
    with pytest.raises(TypeError):
        s.setValue("x/y", object())  # type: ignore[arg-type]


def test_friendly_undo_is_off_by_default_and_shown_and_marked_when_on(
    main_window,  # noqa: ANN001
) -> None:
    view = main_window.show_mode("pieces-of-eight")
    view.bot_delay_ms = 0
    view.new_game(["human"] * 3, scenario=None, seed=5)
    assert not view.session.friendly_undo and "PRACTICE" not in view.status_text()
    view.variants.friendly_action.setChecked(True)
    view.new_game(["human"] * 3, scenario=None, seed=5)
    assert view.status_text().startswith("PRACTICE GAME, friendly undo on")
    for _ in range(400):  # play until something drew or rolled
        legal = view.state.legal_actions()
        assert view.do(legal[len(view.session.entries) % len(legal)])
        if view.session.entries[-1].barrier:
            break
    assert view.undo_stack.canUndo()
    view.undo_stack.undo()
    data = view.save_json()
    assert data["header"]["friendly_undo"] is True and data["header"]["friendly_undos"] == 1
    assert "friendly undo" in view.log.item(view.log.count() - 1).text()
    view.variants.friendly_action.setChecked(False)
    view.undo_stack.setClean()
