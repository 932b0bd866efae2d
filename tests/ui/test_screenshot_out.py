"""Issue 30, item 8: `screenshot --out` at a folder, a device or an unwritable place is
a one-line refusal, checked before rendering; a device is never replaced."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.app import screenshot
from wargame.errors import BadInput


@pytest.mark.parametrize("where", ["folder", "device", "unwritable"])
def test_screenshot_out_at_a_folder_a_device_or_an_unwritable_place_is_refused(
    tmp_path: Path, where: str
) -> None:
    out = {"folder": str(tmp_path), "device": "/dev/null", "unwritable": "/proc/version/x.png"}
    with pytest.raises(BadInput, match="--out"):
        screenshot("home", out[where])
    assert Path("/dev/null").is_char_device()
