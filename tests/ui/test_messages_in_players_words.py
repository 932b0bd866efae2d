"""Files the app can't open are refused in the player's words, naming what is wrong
and where, in the window and on the command line (issue 17)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.persistence.test_messages_plain import NOISE

ROOT = Path(__file__).resolve().parents[2]


def test_a_file_without_a_format_is_named_not_a_file_of_this_app(
    main_window, tmp_path: Path
) -> None:  # noqa: ANN001
    p = tmp_path / "notes.json"
    p.write_text(json.dumps({"title": "shopping"}))
    assert not main_window.open_file(p)
    message = main_window.last_error
    assert message.endswith(
        "notes.json: this file is not a save, map or scenario of this app "
        "(it has no 'format' field)"
    )
    assert "None" not in message and not NOISE.search(message)


def test_a_binary_file_is_named_binary(main_window, tmp_path: Path) -> None:  # noqa: ANN001
    p = tmp_path / "picture.json"
    p.write_bytes(b"\x00\x10JFIF\x00\x01")
    assert not main_window.open_file(p)
    assert "the file is not text: it looks like a binary file (first byte 0x00)" in (
        main_window.last_error
    )


def test_the_command_line_says_the_same_in_one_line(tmp_path: Path) -> None:
    p = tmp_path / "picture.json"
    p.write_bytes(b"\x00\x10JFIF\x00\x01")
    run = subprocess.run(  # noqa: S603 - our own command
        [sys.executable, "-m", "ui.launch", "map", "validate", str(p)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert run.returncode == 2
    err = run.stderr.strip()
    assert "\n" not in err and "binary file" in err and "Traceback" not in err
