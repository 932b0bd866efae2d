"""The turn-file loader fuzzed with hypothesis: whatever the bytes, an import either
takes the file or refuses it with BadInput on one line, and a refusal changes nothing.

Three doors: raw bytes; a real turn file mutated (tests/persistence/fuzzlib.py) and
written as the app writes files (the signature then fails, or the form is refused
first); and a mutated file signed again by the right player's key, so the chain,
author and rules checks behind the signature are fuzzed too.
"""

from __future__ import annotations

import json
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tests.campaign.pbem_helpers import Computer, alice_starts
from tests.campaign.test_pbem import forged, snapshot
from tests.persistence.fuzzlib import fuzz_settings, mutate, mutations
from wargame.campaign import actions as A
from wargame.campaign.pbem import chain, file_bytes, next_hash
from wargame.campaign.pbem_keys import signing_key
from wargame.errors import BadInput


def _pair() -> tuple[Computer, Computer, bytes]:
    """Alice and Bob joined; Bob's next file (a value and a declaration) not yet sent."""
    folder = Path(tempfile.mkdtemp(prefix="pbem-fuzz-"))
    alice, bob = alice_starts(folder)
    bob.s.apply(A.SetForce(1, "C", 1))
    bob.s.apply(A.Declare(1, "A", 0, "B", True))
    return alice, bob, bob.export()


@cache
def shared() -> tuple[Computer, Computer, bytes]:
    """One pair for the cases that (almost) never import anything."""
    return _pair()


def _try(c: Computer, raw: bytes) -> None:
    before = snapshot(c)
    try:
        c.receive(raw)
    except BadInput as exc:
        assert "\n" not in str(exc)
        assert snapshot(c) == before
        return
    assert len(c.s.entries) > before[1]


@fuzz_settings(60)
@given(raw=st.binary(max_size=600))
def test_any_bytes_are_refused_on_one_line(raw: bytes) -> None:
    alice, _bob, _file = shared()
    _try(alice, raw)


@fuzz_settings(120)
@given(steps=mutations)
def test_a_mutated_turn_file_is_refused_on_one_line(steps: Any) -> None:
    alice, _bob, file = shared()
    data = mutate(json.loads(file), steps)
    try:
        raw = file_bytes(data)
    except (TypeError, ValueError):
        return
    _try(alice, raw)


TEXTS = (
    "campaign.set_force player={p} letter={L} value={v}",
    "campaign.remove_force player={p} letter={L}",
    "campaign.declare player={p} letter={L} opponent={q} opponent_letter={M} attacker=true",
    "campaign.withdraw player={p} letter={L}",
    "campaign.done player={p} done=true",
    "campaign.resolve_all",
    "campaign.end_turn",
    "campaign.finish",
    'campaign.score engagement="{p}:{L}" attacker_score={v} defender_score=2 source=typed',
)
moves = st.lists(
    st.builds(
        lambda t, p, q, L, M, v: {"a": t.format(p=p, q=q, L=L, M=M, v=v)},
        st.sampled_from(TEXTS),
        st.integers(-1, 2),
        st.integers(-1, 2),
        st.sampled_from("ABCZ"),
        st.sampled_from("ABH"),
        st.integers(-1, 7),
    ),
    min_size=1,
    max_size=6,
)


@fuzz_settings(60)
@given(items=moves, base_back=st.integers(0, 3), steps=st.none() | mutations)
def test_a_signed_file_of_any_moves_is_taken_or_refused_whole(
    items: list[dict[str, Any]], base_back: int, steps: Any
) -> None:
    alice, bob, _file = _pair()
    here = chain(alice.s)
    base = max(0, len(here) - 1 - base_back)
    h = here[base]
    for item in items:
        h = next_hash(h, item)
    body: dict[str, Any] = {
        "format": "wargame-campaign-turn",
        "version": 1,
        "campaign": {"uid": "pbem-test", "name": "Letters of Marque"},
        "player": {"seat": 1, "name": "Bob"},
        "base": {"entries": base, "hash": here[base]},
        "entries": items,
        "tip": {"entries": base + len(items), "hash": h},
    }
    if steps is not None:
        body = mutate(body, steps)
        if not isinstance(body, dict):
            return
    signer, _ = signing_key(bob.folder, "pbem-test", 1, bob.key)
    try:
        raw = forged(body, signer)
    except (TypeError, ValueError):
        return
    _try(alice, raw)
