"""The main window's size, place and docks, remembered as plain values.

Qt's ``saveState()`` / ``saveGeometry()`` blobs are parsed by Qt with little
checking: a damaged ``settings.ini`` crashed the app inside ``restoreState`` at
every start. So nothing opaque is kept: the window is four numbers and a flag,
each dock a word for its side and two flags, every value checked here before Qt
sees it. A value that does not read is dropped (the window takes its first size).
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

from ui.settings import Settings

#: The Qt blobs earlier versions kept: never handed to Qt again, dropped on the next save.
LEGACY_KEYS = ("window/geometry", "window/state")
#: A remembered window larger than this, or placed further out, is nonsense.
MAX_COORD = 100_000
MIN_SIZE = 100

Area = Qt.DockWidgetArea
AREAS: dict[str, Area] = {
    "left": Area.LeftDockWidgetArea,
    "right": Area.RightDockWidgetArea,
    "top": Area.TopDockWidgetArea,
    "bottom": Area.BottomDockWidgetArea,
}


def rect_text(rect: QRect) -> str:
    return f"{rect.x()},{rect.y()},{rect.width()},{rect.height()}"


def parse_rect(value: object) -> QRect | None:
    """``x,y,width,height`` as a QRect, or None unless it is four sane whole numbers."""
    if not isinstance(value, str) or len(value) > 80:
        return None
    parts = value.split(",")
    if len(parts) != 4:
        return None
    try:
        x, y, w, h = (int(p.strip()) for p in parts)
    except ValueError:
        return None
    if not all(abs(v) <= MAX_COORD for v in (x, y)):
        return None
    if not all(MIN_SIZE <= v <= MAX_COORD for v in (w, h)):
        return None
    return QRect(x, y, w, h)


def parse_dock(value: object) -> tuple[Area, bool, bool] | None:
    """``side,visible,floating`` (e.g. ``right,shown,docked``), or None."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    parts = value.split(",")
    if len(parts) != 3 or parts[0] not in AREAS:
        return None
    if parts[1] not in ("shown", "hidden") or parts[2] not in ("floating", "docked"):
        return None
    return AREAS[parts[0]], parts[1] == "shown", parts[2] == "floating"


def _docks(window: QMainWindow) -> list[QDockWidget]:
    return [d for d in window.findChildren(QDockWidget) if d.objectName()]


def save_window_state(
    window: QMainWindow, settings: Settings, *, remember_shown: tuple[str, ...] = ()
) -> None:
    """Put the window's place and its docks in ``settings`` (not yet written).

    ``remember_shown``: the docks whose being shown is remembered (a player's
    choice, like the dice log); the others come back hidden."""
    maximized = window.isMaximized()
    settings.setValue(
        "window/rect", rect_text(window.normalGeometry() if maximized else window.geometry())
    )
    settings.setValue("window/maximized", "yes" if maximized else "no")
    names = {v: k for k, v in AREAS.items()}
    for dock in _docks(window):
        side = names.get(window.dockWidgetArea(dock), "right")
        shown = "shown" if dock.isVisible() and dock.objectName() in remember_shown else "hidden"
        floating = "floating" if dock.isFloating() else "docked"
        settings.setValue(f"docks/{dock.objectName()}", f"{side},{shown},{floating}")
    for key in LEGACY_KEYS:
        settings.remove(key)


def restore_window_state(window: QMainWindow, settings: Settings) -> bool:
    """Give the window its remembered place and docks; True if a place was remembered.

    Every value is checked first; one that does not read is skipped."""
    rect = parse_rect(settings.value("window/rect"))
    if rect is not None:
        window.setGeometry(rect)
        if settings.value("window/maximized") == "yes":
            window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
    for dock in _docks(window):
        remembered = parse_dock(settings.value(f"docks/{dock.objectName()}"))
        if remembered is None:
            continue
        area, shown, floating = remembered
        if window.dockWidgetArea(dock) != area and dock.allowedAreas() & area:
            window.addDockWidget(area, dock)
        dock.setFloating(floating)
        dock.setVisible(shown)
    return rect is not None
