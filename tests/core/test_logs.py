"""Issue 29: the log file in the data folder, --log-level, the crash trace.

The command line keeps its one-line errors on stderr and writes nothing else
there by default; the log rotates; faulthandler writes a hard crash's stacks."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wargame import __version__, cli, logs

ODDS = ["odds", "fire", "--gun", "heavy", "--range-cm", "12", "--json"]


def test_a_command_logs_to_the_data_folder_and_not_to_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--data-dir", str(tmp_path), *ODDS]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("{")
    text = (tmp_path / logs.LOG_NAME).read_text(encoding="utf-8")
    assert f"INFO wargame.cli: wargame {__version__}: odds fire" in text
    assert f"data folder {tmp_path}" in text
    assert (tmp_path / logs.CRASH_TRACE_NAME).exists()


def test_bad_input_is_still_one_line_on_stderr_and_logged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli.main(["--data-dir", str(tmp_path), "simulate", "no-such-game"])
    assert code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and err.startswith("wargame: error:")
    assert "WARNING wargame.cli: bad input:" in (tmp_path / logs.LOG_NAME).read_text("utf-8")


def test_log_level_debug_echoes_to_stderr_and_warning_keeps_info_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--data-dir", str(tmp_path), "--log-level", "DEBUG", *ODDS]) == 0
    assert f"INFO wargame.cli: wargame {__version__}: odds" in capsys.readouterr().err
    assert logging.getLogger().level == logging.DEBUG

    quiet = tmp_path / "quiet"
    assert cli.main(["--data-dir", str(quiet), "--log-level", "warning", *ODDS]) == 0
    capsys.readouterr()
    assert "odds" not in (quiet / logs.LOG_NAME).read_text("utf-8")


def test_a_bad_log_level_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--data-dir", str(tmp_path), "--log-level", "loud", *ODDS]) == 2
    err = capsys.readouterr().err
    assert err == (
        "wargame: error: --log-level: expected one of debug, info, warning, error, not 'loud'\n"
    )


def test_the_log_file_rotates_and_keeps_three_old_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(logs, "MAX_BYTES", 2_000)
    assert logs.setup_logging(tmp_path) == tmp_path / logs.LOG_NAME
    log = logging.getLogger("wargame.test")
    for i in range(400):
        log.info("line %d of the rotation test", i)
    names = sorted(p.name for p in tmp_path.glob(f"{logs.LOG_NAME}*"))
    assert names == [logs.LOG_NAME, *(f"{logs.LOG_NAME}.{n}" for n in (1, 2, 3))]
    assert all(p.stat().st_size <= 2_200 for p in tmp_path.glob(f"{logs.LOG_NAME}*"))
    assert "line 399 of the rotation test" in (tmp_path / logs.LOG_NAME).read_text("utf-8")


def test_setting_up_again_replaces_the_handlers(tmp_path: Path) -> None:
    logs.setup_logging(tmp_path / "a")
    logs.setup_logging(tmp_path / "b")
    logging.getLogger("wargame.test").warning("only in b")
    assert "only in b" not in (tmp_path / "a" / logs.LOG_NAME).read_text("utf-8")
    assert "only in b" in (tmp_path / "b" / logs.LOG_NAME).read_text("utf-8")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_data_folder_means_no_log_and_no_noise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tmp_path.chmod(0o500)
    try:
        assert logs.setup_logging(tmp_path) is None
        logging.getLogger("wargame.test").error("nowhere to go")
    finally:
        tmp_path.chmod(0o700)
    assert capsys.readouterr().err == ""


def test_an_unwritable_log_file_means_no_log_and_no_noise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / logs.LOG_NAME).mkdir()  # a folder where the file should be
    assert logs.setup_logging(tmp_path) is None
    logging.getLogger("wargame.test").error("nowhere to go")
    assert capsys.readouterr().err == ""


def test_a_hard_crash_leaves_its_stack_in_the_crash_trace(tmp_path: Path) -> None:
    code = (
        "import faulthandler, sys\n"
        "from pathlib import Path\n"
        "from wargame.logs import enable_crash_trace\n"
        "enable_crash_trace(Path(sys.argv[1]))\n"
        "faulthandler._sigsegv()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], capture_output=True, timeout=60
    )
    assert done.returncode != 0
    trace = (tmp_path / logs.CRASH_TRACE_NAME).read_text("utf-8")
    assert "Fatal Python error: Segmentation fault" in trace
    assert done.stderr == b""


def test_tail_gives_the_last_lines(tmp_path: Path) -> None:
    path = tmp_path / "x.log"
    path.write_text("".join(f"line {i}\n" for i in range(1000)), encoding="utf-8")
    assert logs.tail(path, 3) == "line 997\nline 998\nline 999"
    assert logs.tail(tmp_path / "missing.log") == ""


def test_a_report_has_versions_the_log_tail_and_the_traceback_and_twenty_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wargame import reports

    logs.setup_logging(tmp_path)
    logging.getLogger("wargame.test").info("the last thing that happened")
    try:
        raise ValueError("a deliberate problem")
    except ValueError as exc:
        error = exc
    path = reports.write_report(tmp_path, reports.report_text(tmp_path, error=error))
    text = path.read_text(encoding="utf-8")
    assert f"Pieces of Eight: {__version__}" in text and "Rules data: " in text
    assert "ValueError: a deliberate problem" in text
    assert "the last thing that happened" in text
    assert logs.CRASH_TRACE_NAME not in text  # no hard crash yet
    (tmp_path / logs.CRASH_TRACE_NAME).write_text("Fatal Python error: Aborted\n", "utf-8")
    assert "Fatal Python error: Aborted" in reports.report_text(tmp_path)
    monkeypatch.setattr(reports, "KEEP", 3)
    for _ in range(5):
        reports.write_report(tmp_path, "x")
    assert len(list((tmp_path / "reports").glob("report-*.txt"))) == 3
