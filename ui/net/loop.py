"""The asyncio loop the network runs in: inside Qt's own event loop (qasync), so the
window stays responsive while the websockets client and a hosted server work."""

from __future__ import annotations

import asyncio

import qasync
from PySide6.QtWidgets import QApplication

_LOOP: qasync.QEventLoop | None = None


def net_loop() -> asyncio.AbstractEventLoop:
    """The running loop (a qasync loop someone runs), or one made inside the running
    Qt application on first use."""
    global _LOOP
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if _LOOP is None:
        app = QApplication.instance()
        assert app is not None, "the network needs the Qt application"
        _LOOP = qasync.QEventLoop(app, already_running=True)
        asyncio.set_event_loop(_LOOP)
    return _LOOP


def spawn(coro: object) -> asyncio.Task[object]:
    """Run ``coro`` on the network loop; its failure is kept on the task."""
    return net_loop().create_task(coro)  # type: ignore[arg-type]
