"""Issue 29: what Help > About and `wargame about` say: versions, and every bundled
library with its licence and readable licence texts (as a distributed build must)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wargame import __version__, about, cli


def test_about_json_lists_every_library_with_a_licence_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--data-dir", str(tmp_path), "about", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["Pieces of Eight"] == __version__
    libs = {lib["name"].lower().replace("_", "-"): lib for lib in data["libraries"]}
    for name in ("pyside6-essentials", "shiboken6", "shapely", "networkx", "sqlmodel"):
        assert name in libs, name
    for name in ("cryptography", "argon2-cffi", "pyproj", "platformdirs", "python"):
        assert name in libs, name
    assert "LGPL-3.0" in libs["pyside6-essentials"]["licence"]
    assert libs["pyside6-essentials"]["texts"] == ["LGPL-3.0.txt", "GPL-3.0.txt"]
    assert "wargame" not in libs  # the app itself is not a bundled library
    without = [name for name, lib in libs.items() if not lib["texts"]]
    assert without == [], f"no licence text for {without}"


def test_the_rules_version_names_the_file_and_changes_with_the_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "VERSION").write_text("7.2\n", encoding="utf-8")
    (tmp_path / "naval.toml").write_text("a = 1\n", encoding="utf-8")
    monkeypatch.setattr(about, "rules_dir", lambda: tmp_path)
    first = about.rules_version()
    assert first.startswith("7.2 (data ")
    (tmp_path / "naval.toml").write_text("a = 2\n", encoding="utf-8")
    assert about.rules_version() != first
    assert about.rules_version().startswith("7.2 ")


def test_the_shipped_rules_have_a_version() -> None:
    assert not about.rules_version().startswith("unknown")
