"""Campaign tests: views are marked clean before pytest-qt closes the window, so the
"unsaved changes?" question can't block a test's teardown."""

from __future__ import annotations

import pytest


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item):  # noqa: ANN201 - a hook wrapper
    window = getattr(item, "funcargs", {}).get("main_window")
    if window is not None:
        for view in window.views.values():
            view.undo_stack.setClean()
    return (yield)
