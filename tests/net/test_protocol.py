"""The messages: anything a peer sends is a message of this version or a
ProtocolError naming what is wrong, never another exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wargame.net.protocol import VERSION, ProtocolError, decode, encode, field, message

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(raw=st.one_of(st.text(max_size=200), st.binary(max_size=200), JSON.map(json.dumps)))
def test_any_bytes_are_a_message_or_a_protocol_error(raw: str | bytes) -> None:
    try:
        msg = decode(raw, limit=4096)
    except ProtocolError as exc:
        assert str(exc)
    else:
        assert msg["v"] == VERSION and isinstance(msg["type"], str)


def test_messages_round_trip_and_name_what_is_missing() -> None:
    msg = message("act", n=3, action="coins.draw")
    assert decode(encode(msg), limit=4096) == msg
    with pytest.raises(ProtocolError, match="needs 'n'"):
        field({"type": "act", "n": True}, "n", int)
    with pytest.raises(ProtocolError, match="protocol version 1, not 9"):
        decode('{"v": 9, "type": "join"}', limit=4096)
    with pytest.raises(ProtocolError, match="over the limit of 10"):
        decode("x" * 11, limit=10)
