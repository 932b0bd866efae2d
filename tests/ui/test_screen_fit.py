"""The window fits the screen it opens on (a 1024x768 laptop included)."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize

from ui.screen_fit import available_rect, clamp_rect, first_size
from ui.window_state import save_window_state


def test_first_size_on_a_1024x768_laptop_fits_inside_it() -> None:
    avail = QRect(0, 0, 1024, 738)  # 768 less a task bar
    size = first_size(avail)
    assert size.width() <= 1024 and size.height() <= 738
    assert size.width() >= 900  # not a postage stamp either


def test_first_size_on_a_big_screen_is_the_preferred_size() -> None:
    assert first_size(QRect(0, 0, 1920, 1050)) == QSize(1280, 800)


def test_a_remembered_geometry_bigger_than_the_screen_is_clamped() -> None:
    fitted = clamp_rect(QRect(-200, 900, 1900, 1100), QRect(0, 0, 1024, 738))
    assert fitted == QRect(0, 0, 1024, 738)
    moved = clamp_rect(QRect(800, 600, 500, 300), QRect(0, 0, 1024, 738))
    assert moved == QRect(524, 438, 500, 300)


def test_main_window_opens_inside_the_available_screen(main_window) -> None:  # noqa: ANN001
    avail = available_rect(main_window)
    assert avail is not None
    assert avail.contains(main_window.frameGeometry())


def test_a_remembered_oversized_geometry_is_clamped_at_start(qtbot, data_dir) -> None:  # noqa: ANN001
    from ui.app import build_window

    first = build_window(data_dir)
    qtbot.addWidget(first)
    avail = available_rect(first)
    assert avail is not None
    first.setGeometry(avail.x() - 300, avail.y() + 200, avail.width() + 900, avail.height() + 700)
    save_window_state(first, first.ctx.settings)
    assert first.ctx.settings.sync() is None
    first.ctx.db.close()

    second = build_window(data_dir)
    qtbot.addWidget(second)
    second.show()
    assert avail.contains(second.frameGeometry())
    second.ctx.db.close()


def test_a_screenshot_keeps_the_size_asked_for(tmp_path) -> None:  # noqa: ANN001
    from PySide6.QtGui import QImage

    from ui.app import screenshot

    out = tmp_path / "x.png"
    assert screenshot("home", str(out), size="1920x1080") == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1920, 1080)


def test_the_title_never_says_the_same_thing_twice() -> None:
    from ui.shell.title import window_title

    title = window_title("pieces-of-eight", "*", "Pieces of Eight", "pieces-of-eight", None)
    assert title == "untitled* - Pieces of Eight"
    assert window_title("Sea fight", "", "Naval battle", "naval", None) == (
        "Sea fight - Naval battle - Pieces of Eight"
    )
    saved = window_title("naval", "", "Naval battle", "naval", "/tmp/naval.json")
    assert saved.startswith("naval - ")
