"""Every setting lives in the data folder (issue 40 item 3, issue 36): the think time
and the bot speed go to ``<data folder>/settings.ini`` as plain values, never to the
user's Qt settings, and two data folders never share one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ui.context import AppContext
from ui.table.bots import SPEED_KEY, think_key

ROOT = Path(__file__).resolve().parents[2]


def _no_db() -> Any:
    raise AssertionError("no database needed")


def test_two_data_folders_never_share_a_setting(qtbot: Any, tmp_path: Path) -> None:
    from ui.naval.view import NavalView

    a = AppContext(_no_db, tmp_path / "a")
    b = AppContext(_no_db, tmp_path / "b")
    view_a = NavalView(a)
    qtbot.addWidget(view_a)
    view_a.set_think_seconds(5.0)
    speed = view_a.speed_box()
    speed.setCurrentIndex(speed.findText("Bots: slow"))
    text = (tmp_path / "a" / "settings.ini").read_text()
    assert "5.0" in text and "Slow" in text  # written at once, plain text
    view_b = NavalView(b)
    qtbot.addWidget(view_b)
    assert view_b.think_seconds == 1.0 and view_b.bot_delay_ms == 350
    assert not (tmp_path / "b" / "settings.ini").exists()
    # the same folder opened again (the next run) finds its own
    again = NavalView(AppContext(_no_db, tmp_path / "a"))
    qtbot.addWidget(again)
    assert again.think_seconds == 5.0 and again.bot_delay_ms == 900
    assert a.settings.value(think_key("naval")) == "5.0" and b.settings.value(SPEED_KEY) is None


def test_no_module_of_the_app_uses_the_users_qt_settings() -> None:
    users = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "ui").rglob("*.py"))
        if "QSettings(" in p.read_text(encoding="utf-8")
    ]
    assert users == []
