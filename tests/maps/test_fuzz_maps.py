"""Fuzzing the map loaders and importers with hypothesis: whatever the bytes, a map
comes out or FileFormatError (BadInput) does; never another exception, never a hang
(every example runs under a deadline)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargame.errors import BadInput
from wargame.maps.importers import import_data, import_file
from wargame.maps.model import map_from_json, map_to_json
from wargame.maps.validate import validate

SETTINGS = settings(
    max_examples=60,
    deadline=5000,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

numbers = st.one_of(
    st.integers(-5, 200),
    st.floats(allow_nan=True, allow_infinity=True, width=32),
    st.sampled_from([0, 1e308, -1e308, 1e15]),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=8))
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=6), inner, max_size=5)
    ),
    max_leaves=30,
)
points = st.lists(st.tuples(st.integers(-3, 20), st.integers(-3, 20)), min_size=0, max_size=8)


def ring(pts):
    out = [list(p) for p in pts]
    return out + out[:1]


geometry = st.one_of(
    points.map(lambda p: {"type": "Polygon", "coordinates": [ring(p)]}),
    st.lists(points, max_size=3).map(
        lambda ps: {"type": "MultiPolygon", "coordinates": [[ring(p)] for p in ps]}
    ),
    st.tuples(points, points).map(
        lambda pq: {"type": "Polygon", "coordinates": [ring(pq[0]), ring(pq[1])]}
    ),
    st.tuples(st.integers(-5, 25), st.integers(-5, 25)).map(
        lambda p: {"type": "Point", "coordinates": list(p)}
    ),
    json_values,
)
feature = st.fixed_dictionaries(
    {
        "type": st.just("Feature"),
        "geometry": geometry,
        "properties": st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {},
                optional={
                    "name": st.text(max_size=10),
                    "town": st.booleans(),
                    "featurecla": st.sampled_from(["Lake", "Admin-0 country", "Populated place"]),
                },
            ),
        ),
    }
)
geojson = st.fixed_dictionaries(
    {"type": st.just("FeatureCollection"), "features": st.lists(feature, max_size=6)},
    optional={
        "crs": st.one_of(
            json_values,
            st.sampled_from(["EPSG:3857", "urn:ogc:def:crs:OGC:1.3:CRS84", "EPSG:4326"]).map(
                lambda n: {"type": "name", "properties": {"name": n}}
            ),
        )
    },
)


def _outcome(fn):
    try:
        doc = fn()
    except BadInput:
        return None
    return doc


@SETTINGS
@given(geojson)
def test_fuzzed_geojson_imports_or_is_refused(data):
    doc = _outcome(lambda: import_data(data, "fuzz.geojson"))
    if doc is not None:
        assert not [i for i in validate(doc) if i.severity == "error"]


@SETTINGS
@given(json_values)
def test_fuzzed_json_of_any_shape_is_refused_cleanly(data):
    _outcome(lambda: import_data(data, "fuzz.json"))
    _outcome(lambda: map_from_json(data, "fuzz.json"))


area = st.fixed_dictionaries(
    {
        "id": st.text(max_size=4),
        "kind": st.sampled_from(["land", "sea", "lava"]),
        "polygon": st.one_of(points.map(lambda p: [list(q) for q in p]), json_values),
    },
    optional={"island": st.one_of(st.none(), st.text(max_size=3)), "town": scalars},
)


@SETTINGS
@given(st.lists(area, max_size=6), st.lists(st.text(max_size=3), max_size=3))
def test_fuzzed_map_files_load_or_are_refused_and_loaded_maps_validate(areas, islands):
    data = {
        "format": "wargame-map",
        "version": 1,
        "islands": [{"id": i} for i in islands],
        "areas": areas,
    }
    doc = _outcome(lambda: map_from_json(data, "fuzz.json"))
    if doc is not None:
        validate(doc)  # never raises, whatever the shapes
        assert map_from_json(json.loads(json.dumps(map_to_json(doc)))) == doc


tiled_layer = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.just("tilelayer"),
            "width": st.integers(0, 5),
            "height": st.integers(0, 5),
            "data": st.one_of(st.lists(st.integers(0, 5), max_size=25), st.text(max_size=12)),
        },
        optional={
            "encoding": st.sampled_from(["csv", "base64"]),
            "compression": st.sampled_from(["zlib", "gzip", "zstd", "lz4", ""]),
            "visible": st.booleans(),
            "properties": json_values,
        },
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("objectgroup"),
            "objects": st.lists(
                st.fixed_dictionaries(
                    {"x": numbers, "y": numbers},
                    optional={
                        "width": numbers,
                        "height": numbers,
                        "polygon": st.lists(
                            st.fixed_dictionaries({"x": numbers, "y": numbers}), max_size=5
                        ),
                        "type": st.sampled_from(["island", "sea", "town", "trigger", ""]),
                        "point": st.booleans(),
                        "gid": st.integers(0, 10),
                        "template": st.text(max_size=8),
                        "rotation": numbers,
                    },
                ),
                max_size=4,
            ),
        },
    ),
    json_values,
)
tiled = st.fixed_dictionaries(
    {
        "type": st.just("map"),
        "orientation": st.sampled_from(["orthogonal", "isometric", "staggered", "hexagonal", "x"]),
        "width": st.integers(0, 5),
        "height": st.integers(0, 5),
        "tilewidth": st.sampled_from([0, 16, 32, 1e9]),
        "tileheight": st.sampled_from([16, 32]),
        "layers": st.lists(tiled_layer, max_size=3),
    },
    optional={
        "tilesets": st.lists(json_values, max_size=2),
        "staggeraxis": st.sampled_from(["x", "y", "z"]),
        "hexsidelength": numbers,
    },
)


@SETTINGS
@given(tiled)
def test_fuzzed_tiled_json_imports_or_is_refused(data):
    doc = _outcome(lambda: import_data(data, "fuzz.tmj", base=None))
    if doc is not None:
        assert not [i for i in validate(doc) if i.severity == "error"]


xml_text = st.one_of(
    st.text(max_size=200),
    st.builds(
        lambda body, attrs: (
            f'<map orientation="orthogonal" width="3" height="3" '
            f'tilewidth="16" tileheight="16" {attrs}>{body}</map>'
        ),
        st.lists(
            st.sampled_from(
                [
                    '<layer name="a" width="3" height="3"><data encoding="csv">1,1,0,0,1,0,0,0,1</data></layer>',
                    '<group name="g"><objectgroup name="o"><object id="1" x="1" y="1" width="20" height="20"/></objectgroup></group>',
                    '<objectgroup name="o"><object id="2" class="town" x="5" y="5"><point/></object></objectgroup>',
                    '<tileset firstgid="1" source="../../etc/passwd"/>',
                    '<layer name="b" width="3" height="3" visible="0"><data encoding="base64" compression="zstd">AAAA</data></layer>',
                    "<group>",
                    "</group>",
                    '<game><map><territory name="A"/></map></game>',
                ]
            ),
            max_size=6,
        ).map("".join),
        st.sampled_from(["", 'infinite="1"', 'orientation="isometric"', 'width="-1"']),
    ),
    st.builds(
        lambda terr, conns: (
            "<game><map>"
            + "".join(f'<territory name="{t}" water="{w}"/>' for t, w in terr)
            + "".join(f'<connection t1="{a}" t2="{b}"/>' for a, b in conns)
            + "</map></game>"
        ),
        st.lists(
            st.tuples(st.sampled_from("ABCDE"), st.sampled_from(["true", "false"])), max_size=5
        ),
        st.lists(st.tuples(st.sampled_from("ABCDEF"), st.sampled_from("ABCDEF")), max_size=6),
    ),
)


@SETTINGS
@given(xml_text)
def test_fuzzed_tmx_and_triplea_xml_import_or_are_refused(tmp_path_factory, text):
    folder: Path = tmp_path_factory.mktemp("fuzz")
    path = folder / "f.xml"
    path.write_text(text, encoding="utf-8")
    doc = _outcome(lambda: import_file(path))
    if doc is not None:
        assert not [i for i in validate(doc) if i.severity == "error"]
