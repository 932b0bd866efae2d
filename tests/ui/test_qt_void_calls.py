"""Regression: PySide6 6.12.0 on Python 3.11 aborted with 'Fatal Python error:
none_dealloc' after a few thousand Qt calls returning nothing (it dropped a
reference to None each time). The pinned versions must survive 100,000 calls."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def test_one_hundred_thousand_void_qt_calls_do_not_abort() -> None:
    code = textwrap.dedent(
        """
        import os, sys
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsRectItem
        app = QApplication([])
        scene = QGraphicsScene()
        item = QGraphicsRectItem(0, 0, 10, 10)
        scene.addItem(item)
        before = sys.getrefcount(None)
        for i in range(100_000):
            item.setPos(i % 97, i % 89)
        print("ok", sys.getrefcount(None) - before >= -1000)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["ok", "True"]
