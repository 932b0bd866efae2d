"""Windows that fit the screen they open on.

The first size comes from the screen's available geometry (a laptop at 1024x768
gets a window that fits, status bar and all); a remembered geometry from a
bigger monitor is clamped to the screen the window is on now.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

#: The size the app prefers when the screen has room for it.
PREFERRED = QSize(1280, 800)


def available_rect(widget: QWidget) -> QRect | None:
    """The screen area (without task bars) the widget is on, or the primary screen's."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    return None if screen is None else screen.availableGeometry()


def first_size(avail: QRect, preferred: QSize = PREFERRED) -> QSize:
    """The preferred size, shrunk to 95% of the available area when it does not fit."""
    w = min(preferred.width(), int(avail.width() * 0.95))
    h = min(preferred.height(), int(avail.height() * 0.92))
    return QSize(max(w, 320), max(h, 240))


def clamp_rect(rect: QRect, avail: QRect) -> QRect:
    """``rect`` moved and shrunk so it lies wholly inside ``avail``."""
    w = min(rect.width(), avail.width())
    h = min(rect.height(), avail.height())
    x = min(max(rect.x(), avail.x()), avail.x() + avail.width() - w)
    y = min(max(rect.y(), avail.y()), avail.y() + avail.height() - h)
    return QRect(x, y, w, h)


CLAMP_NAME = "screen-fit-clamp"


def keep_size(window: QWidget) -> None:
    """Drop the clamp on first show: the caller asked for an exact size (a screenshot
    of 1920x1080 rendered offscreen, whatever the offscreen screen's size)."""
    clamp = window.findChild(QObject, CLAMP_NAME)
    if clamp is not None:
        window.removeEventFilter(clamp)
        clamp.deleteLater()


class _ClampOnShow(QObject):
    """Clamps again once the window is shown: only then is the frame's size known."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Show and isinstance(obj, QWidget):
            obj.removeEventFilter(self)
            clamp_window(obj)
        return False


def fit_window(window: QWidget, *, remembered: bool) -> None:
    """Size a top-level window for its screen: a first size when nothing was
    remembered, else the remembered geometry clamped to the screen (frame included),
    and clamped once more when it is first shown with its real frame."""
    avail = available_rect(window)
    if avail is None:
        return
    clamp = _ClampOnShow(window)
    clamp.setObjectName(CLAMP_NAME)
    window.installEventFilter(clamp)
    if not remembered:
        size = first_size(avail)
        window.resize(size)
        x = avail.x() + (avail.width() - size.width()) // 2
        y = avail.y() + (avail.height() - size.height()) // 2
        window.move(x, y)
        return
    clamp_window(window)


def clamp_window(window: QWidget) -> None:
    """Move and shrink ``window`` so its whole frame is on its screen."""
    avail = available_rect(window)
    if avail is None:
        return
    frame = window.frameGeometry()
    inner = window.geometry()
    # The frame adds a title bar and borders; keep the whole frame on screen.
    extra_w = max(0, frame.width() - inner.width())
    extra_h = max(0, frame.height() - inner.height())
    fitted = clamp_rect(frame, avail)
    if fitted != frame:
        window.resize(max(fitted.width() - extra_w, 320), max(fitted.height() - extra_h, 240))
        window.move(fitted.topLeft())
