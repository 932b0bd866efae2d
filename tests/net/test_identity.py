"""The seats' records a table's save keeps, and the seats a player keeps: codes only as
salted hashes, and both readers fuzzed (a damaged or hostile record is refused in
words, a damaged seats file read as empty, never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from wargame.errors import BadInput
from wargame.net.identity import code_hash, code_matches, new_code, new_salt, read_net
from wargame.net.myseats import KeptSeat, SeatBook, parse_code, seat_code
from wargame.net.table import Table

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=70),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=6)
    ),
    max_leaves=20,
)


def test_a_code_is_kept_only_as_a_salted_hash_that_checks_it() -> None:
    code, salt = new_code(), new_salt()
    digest = code_hash(code, salt)
    assert code not in digest and len(digest) == 64
    assert code_matches(code, salt, digest) and not code_matches(code + "x", salt, digest)
    assert code_hash(code, new_salt()) != digest  # salted: the same code, another hash


def test_a_saved_tables_records_name_the_players_and_hold_no_code() -> None:
    table = Table("pirate-coins", players=3, seed=1, bots={2: "strong"})
    ann = table.take_seat(name="Ann")
    table.chat(ann.index, "ahoy")
    header = table.save_json()["header"]
    assert ann.token is not None and ann.token not in json.dumps(header)
    seats, chat = read_net(header, 3) or ([], [])
    assert [s.name for s in seats] == ["Ann", "", "strong bot"] and seats[2].server_bot == "strong"
    assert seats[0].code is not None and seats[1].code is None
    assert chat == [{"seat": 0, "name": "Ann", "text": "ahoy"}]


@settings(max_examples=80, deadline=None)
@given(net=JSON, players=st.integers(1, 6))
def test_any_net_record_is_read_or_refused_in_words(net: object, players: int) -> None:
    try:
        kept = read_net({"net": net}, players)
    except BadInput as exc:
        assert str(exc)
        return
    assert kept is None or len(kept[0]) == players


@settings(max_examples=40, deadline=None)
@given(rows=JSON)
def test_a_damaged_seats_file_is_read_as_what_it_holds_of_seats(rows: object) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        book = SeatBook(Path(folder))
        book.path.write_text(json.dumps(rows))
        assert all(isinstance(k, KeptSeat) for k in book.seats())
        book.path.write_bytes(b"\xff\x00not json")
        assert book.seats() == []


def test_your_seats_keep_the_newest_code_of_each_seat(tmp_path: Path) -> None:
    book = SeatBook(tmp_path)
    book.keep(KeptSeat("10.0.0.2:8765", 0, 1, "a" * 22, "tortuga-1667", "Bea"))
    book.keep(KeptSeat("10.0.0.2:8765", 0, 1, "b" * 22, "tortuga-1667", "Bea"))
    book.keep(KeptSeat("10.0.0.3:8765", 0, 0, "c" * 22, "pirate-coins"))
    assert [k.token for k in book.seats()] == ["c" * 22, "b" * 22]
    assert parse_code(book.seats()[1].code) == (0, 1, "b" * 22)
    assert seat_code(0, 1, "x") == "0.1.x"
