"""Issue 42: a player's app that makes a new signing key after the others pinned their
first one says so at export (before, it signed with the new key without a word, and
every other player refused the file)."""

from __future__ import annotations

from pathlib import Path

from tests.campaign.pbem_helpers import alice_starts
from wargame.campaign import actions as A
from wargame.campaign.pbem import new_key_warning
from wargame.campaign.pbem_keys import signing_key


def test_a_new_key_after_the_first_is_pinned_is_said_at_export(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    assert bob.key is not None
    _signer, made = signing_key(bob.folder, bob.s.state.uid, bob.seat, bob.key)
    assert made and new_key_warning(bob.s, bob.seat, made) is None  # a first key: all is well
    alice.receive(bob.export())
    alice.s.apply(A.SetForce(0, "C", 1))
    bob.receive(alice.export())

    bob.folder = tmp_path / "bobs-new-computer"  # the campaign moved; the keys did not
    bob.s.apply(A.SetForce(1, "C", 2))
    _signer, made = signing_key(bob.folder, bob.s.state.uid, bob.seat, bob.key)
    said = new_key_warning(bob.s, bob.seat, made)
    assert said is not None and "new signing key" in said and "will refuse" in said
    _signer, made = signing_key(bob.folder, bob.s.state.uid, bob.seat, bob.key)
    assert not made and new_key_warning(bob.s, bob.seat, made) is None  # said once, when made
