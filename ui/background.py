"""Long work off the window's thread, with a progress dialog and a Cancel button.

The work is a plain function of the domain (no Qt) taking ``progress(what,
fraction)`` and ``cancelled()`` callbacks; a worker object on a ``QThread`` runs
it and reports back through signals, so the window keeps answering. Cancel closes
the dialog at once: the work stops at its next check and its result is dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

from wargame.errors import WargameError

#: The work: ``job(progress, cancelled) -> result``.
Job = Callable[[Callable[[str, float], None], Callable[[], bool]], Any]


class _Worker(QObject):
    progressed = Signal(str, float)
    succeeded = Signal(object)
    failed = Signal(str)

    def __init__(self, job: Job, stop: threading.Event) -> None:
        super().__init__()
        self.job = job
        self.stop = stop

    @Slot()
    def run(self) -> None:
        try:
            result = self.job(self.progressed.emit, self.stop.is_set)
        except WargameError as exc:
            self.failed.emit("" if self.stop.is_set() else str(exc))
        except Exception as exc:  # noqa: BLE001 - a slip in the work is a message, not a crash
            self.failed.emit(f"it could not be done ({type(exc).__name__})")
        else:
            self.succeeded.emit(None if self.stop.is_set() else result)


class BackgroundTask(QObject):
    """One run of ``job`` on its own thread; ``done(result)`` or ``failed(message)``
    are called on the window's thread, neither after Cancel."""

    finished = Signal()

    def __init__(
        self,
        parent: QWidget,
        title: str,
        job: Job,
        done: Callable[[Any], None],
        failed: Callable[[str], None],
    ) -> None:
        super().__init__(parent)
        self._done, self._failed = done, failed
        self.stop = threading.Event()
        self.running = True
        self.dialog = QProgressDialog(title, "Cancel", 0, 1000, parent)
        self.dialog.setWindowTitle(title)
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(300)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.canceled.connect(self.cancel)
        self.thread = QThread(self)
        self.worker = _Worker(job, self.stop)
        self.worker.moveToThread(self.thread)
        self.thread.started.connect(self.worker.run)
        self.worker.progressed.connect(self._progress)
        self.worker.succeeded.connect(self._succeeded)
        self.worker.failed.connect(self._failed_in_worker)
        self.thread.start()

    @property
    def cancelled(self) -> bool:
        return self.stop.is_set()

    def cancel(self) -> None:
        """Stop: the dialog goes at once, the result (if any comes) is dropped."""
        self.stop.set()
        self.dialog.reset()
        self.dialog.hide()

    def wait(self, timeout_ms: int = 600_000) -> bool:
        """Block until the work is over and its result delivered (tests, screenshots)."""
        from PySide6.QtCore import QCoreApplication, QDeadlineTimer, QEventLoop

        deadline = QDeadlineTimer(timeout_ms)
        while self.running and not deadline.hasExpired():
            self.thread.wait(50)
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        return not self.running

    def _progress(self, what: str, fraction: float) -> None:
        if not self.cancelled:
            self.dialog.setLabelText(what)
            self.dialog.setValue(int(max(0.0, min(1.0, fraction)) * 1000))

    def _end(self) -> None:
        self.running = False
        self.dialog.reset()
        self.dialog.hide()
        self.thread.quit()
        self.thread.wait()
        self.finished.emit()

    def _succeeded(self, result: Any) -> None:
        cancelled = self.cancelled or result is None
        self._end()
        if not cancelled:
            self._done(result)

    def _failed_in_worker(self, message: str) -> None:
        cancelled = self.cancelled
        self._end()
        if not cancelled and message:
            self._failed(message)
