"""Issue 42, item 6: in a campaign played by e-mail a roll is fixed by the chain.
Before, rebuilding one's copy from the turn files (as a new computer does, with fresh
dice) and making one's moves again gave new rolls (16 results in 20 rebuilds), and the
other side took whichever was sent."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign.pbem_helpers import Computer, alice_starts
from wargame.campaign import actions as A
from wargame.campaign.document import load_campaign, save_campaign
from wargame.campaign.pbem import chain
from wargame.core.dice import ScriptedProvider
from wargame.errors import BadInput


def _to_bobs_roll(tmp_path: Path) -> tuple[Computer, Computer]:
    """Both declared and Alice revealed: Bob reveals and rolls the results next."""
    alice, bob = alice_starts(tmp_path)
    bob.s.apply(A.Declare(1, "A", 0, "B", True))
    bob.s.apply(A.DoneDeclaring(1))
    alice.receive(bob.export())
    alice.s.apply(A.Declare(0, "A", 1, "B", True))
    alice.s.apply(A.DoneDeclaring(0))
    alice.reveal()
    bob.receive(alice.export())
    return alice, bob


def _rolls(c: Computer) -> list[tuple[int, ...]]:
    return [r.values for e in c.s.entries for r in e.rolls]


def test_rebuilding_ones_copy_from_the_turn_files_rolls_the_same_dice(tmp_path: Path) -> None:
    alice, bob = _to_bobs_roll(tmp_path)
    bob.reveal()
    bob.s.apply(A.ResolveAll())
    first = _rolls(bob)
    assert first
    results = set()
    for i in range(8):  # a new computer each time: fresh dice, the files imported in order
        again = Computer(tmp_path / f"bob-{i}", seat=1, key=bob.key)
        for raw in [alice.sent[0], bob.sent[0], alice.sent[1]]:
            again.receive(raw)
        again.reveal()
        again.s.apply(A.ResolveAll())
        results.add(tuple(_rolls(again)))
    assert results == {tuple(first)}
    alice.receive(bob.export())  # and Alice takes the chain's roll
    assert chain(alice.s) == chain(bob.s)


def test_a_roll_the_chain_does_not_give_is_refused(tmp_path: Path) -> None:
    alice, bob = _to_bobs_roll(tmp_path)
    probe = Computer(tmp_path / "probe", seat=1, key=bob.key)  # what the chain rolls
    for raw in [alice.sent[0], bob.sent[0], alice.sent[1]]:
        probe.receive(raw)
    probe.reveal()
    probe.s.apply(A.ResolveAll())
    wanted = tuple(v[0] % 6 + 1 for v in _rolls(probe))  # other dice Bob likes better
    bob.reveal()
    bob.s.dice.provider = ScriptedProvider(wanted)
    bob.s.apply(A.ResolveAll())
    with pytest.raises(BadInput, match="history fixes other dice") as info:
        alice.receive(bob.export())
    assert "\n" not in str(info.value)


def test_a_saved_campaign_played_by_e_mail_reopens_with_the_chains_dice(tmp_path: Path) -> None:
    _alice, bob = _to_bobs_roll(tmp_path)
    reopened = load_campaign(save_campaign(bob.s))
    bob.reveal()
    bob.s.apply(A.ResolveAll())
    later = Computer(tmp_path / "bob-again", reopened, seat=1, key=bob.key)
    later.reveal()
    later.s.apply(A.ResolveAll())
    assert _rolls(later) == _rolls(bob)
