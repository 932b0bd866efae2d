"""Issue 30, item 10: a huge Tiled map is refused from its header (the limit in
resources/rules/maps.toml) before a tile is decoded: not after 23.6 s and 968 MB."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from wargame.errors import FileFormatError
from wargame.maps.importers import import_with_warnings
from wargame.maps.rules import map_limits


def _tmj(n: int) -> str:
    data = ",".join(["1"] * (n * n))
    return (
        '{"type": "map", "orientation": "orthogonal", "infinite": false, "tilewidth": 32, '
        f'"tileheight": 32, "tilesets": [], "layers": [{{"type": "tilelayer", "name": "land", '
        f'"width": {n}, "height": {n}, "data": [{data}], "properties": [{{"name": "kind", '
        f'"type": "string", "value": "land"}}]}}], "width": {n}, "height": {n}}}'
    )


def _tmx(n: int) -> str:
    rows = ",\n".join(",".join(["1"] * n) for _ in range(n))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="orthogonal" width="{n}" height="{n}" '
        'tilewidth="32" tileheight="32" infinite="0">\n'
        f' <layer id="1" name="land" width="{n}" height="{n}">\n'
        '  <properties><property name="kind" value="land"/></properties>\n'
        f'  <data encoding="csv">\n{rows}\n</data>\n </layer>\n</map>\n'
    )


@pytest.mark.parametrize("suffix", [".tmj", ".tmx"])
def test_a_2000x2000_tiled_map_is_refused_by_its_size_first(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"huge{suffix}"
    path.write_text(_tmj(2000) if suffix == ".tmj" else _tmx(2000))
    start = time.perf_counter()
    with pytest.raises(FileFormatError, match=r"2000x2000 tiles is more than 250,000 cells"):
        import_with_warnings(path)
    assert time.perf_counter() - start < 5  # seconds (0.5 s on a quiet machine)


def test_the_tiled_size_limit_is_rules_data() -> None:
    text = (Path(__file__).resolve().parents[2] / "resources/rules/maps.toml").read_text()
    assert f"max_cells = {map_limits().tiled.max_cells}" in text
