"""Play by e-mail: two computers carry a campaign by signed turn files, and every file
that does not continue the local chain (or was altered, or is someone else's) is refused
with one message, changing nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.campaign.helpers import FAST
from tests.campaign.pbem_helpers import Computer, alice_starts, play_one_turn
from wargame.campaign import actions as A
from wargame.campaign.document import add_player_action, new_campaign, save_campaign
from wargame.campaign.model import ORDERS
from wargame.campaign.pbem import (
    SIGNED_LABEL,
    TurnRefused,
    _canonical,
    chain,
    file_bytes,
    pinned_keys,
    read_turn,
)
from wargame.campaign.pbem_keys import SigningKey, fingerprint, key_path, signing_key
from wargame.campaign.secrets import derive_key, new_salt
from wargame.errors import BadInput


def snapshot(c: Computer) -> tuple[Any, ...]:
    s = c.s
    return (
        json.dumps(s.state.to_json(), sort_keys=True),
        len(s.entries),
        json.dumps(s.header, sort_keys=True),
        len(s.redo_list),
    )


def refused(c: Computer, raw: bytes, match: str) -> str:
    before = snapshot(c)
    with pytest.raises(BadInput, match=match) as info:
        c.receive(raw)
    assert snapshot(c) == before, "a refused turn file changed the campaign"
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def forged(body: dict[str, Any], signer: SigningKey) -> bytes:
    """A turn file with ``body`` signed by ``signer`` (what a tool outside the app makes)."""
    body = {**body, "public_key": signer.public}
    body.pop("signature", None)
    return file_bytes({**body, "signature": signer.sign(SIGNED_LABEL + _canonical(body))})


def test_two_players_exchange_turn_files_through_a_whole_turn_and_agree(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    play_one_turn(alice, bob)
    assert alice.s.state.to_json() == bob.s.state.to_json()
    assert chain(alice.s) == chain(bob.s)
    st = alice.s.state
    assert (st.turn_no, st.phase, len(st.history)) == (2, ORDERS, 1)
    assert st.history[0].sheets[1]["A"]["contents"]["ships"][0]["name"] == "Ship 1A"
    # both save and reopen to the same campaign
    assert [e.action for e in alice.s.entries] == [e.action for e in bob.s.entries]
    save_campaign(alice.s)
    save_campaign(bob.s)


def test_the_next_turn_goes_on_from_where_the_files_left_it(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    play_one_turn(alice, bob)
    alice.forces(("A", 3), ("B", 2))  # each turn's contents sealed afresh
    bob.receive(alice.export())
    bob.forces(("A", 2), ("B", 4))
    alice.receive(bob.export())
    assert chain(alice.s) == chain(bob.s)


def test_three_players_each_import_every_file_in_order(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    carol = Computer(tmp_path / "carol")
    carol.receive(alice.sent[0])
    carol.receive(bob.export())
    carol.join("Carol", "England", "carol-pw")
    carol.forces(("A", 1))
    from_carol = carol.export()
    refused(alice, from_carol, "import the turn files that came before it first")
    alice.receive(bob.sent[-1])
    alice.receive(from_carol)
    bob.receive(from_carol)
    assert chain(alice.s) == chain(bob.s) == chain(carol.s)
    assert [p.name for p in bob.s.state.players] == ["Alice", "Bob", "Carol"]


def test_force_contents_travel_sealed_never_in_clear(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    text = alice.sent[0].decode()
    assert "Ship 0A" not in text and "Ship 0B" not in text
    assert "campaign.seal" in text  # the sealed tokens travel
    bob_file = bob.export()
    assert b"Ship 1A" not in bob_file


def test_first_file_pins_the_players_key_and_says_so(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    done = alice.receive(bob.export())
    public = json.loads(bob.sent[-1])["public_key"]
    assert pinned_keys(alice.s)[1] == public
    assert done.pinned == fingerprint(public)
    message = done.message(alice.s.state.name)
    assert "pinned" in message and "trusted on first use" in message
    bob.s.apply(A.SetForce(1, "C", 1))
    assert alice.receive(bob.export()).pinned is None  # already pinned: not said again


def test_signing_key_is_kept_sealed_under_the_players_passphrase(tmp_path: Path) -> None:
    alice, _bob = alice_starts(tmp_path)
    path = key_path(alice.folder, "pbem-test", 0)
    stored = json.loads(path.read_text())
    assert set(stored) >= {"public", "private"}
    assert stored["private"].startswith("v2.")  # AES-GCM under the passphrase's key
    other = derive_key("not-alices", new_salt(), FAST)
    with pytest.raises(BadInput, match="does not open with this passphrase"):
        signing_key(alice.folder, "pbem-test", 0, other)


# -- refusals ----------------------------------------------------------------------------


def test_refuses_a_turn_file_for_another_campaign(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    other = Computer(tmp_path / "carol", new_campaign("Other Seas", uid="other"))
    other.join("Carol", "England", "carol-pw")
    refused(bob, other.export(), "is for the campaign 'Other Seas', not 'Letters of Marque'")


def test_refuses_an_old_turn_already_imported(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    refused(bob, alice.sent[0], "an old turn")


def test_refuses_a_file_that_skips_one_not_yet_imported(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    alice.receive(bob.export())
    alice.s.apply(A.SetForce(0, "C", 1))
    first = alice.export()
    carol = Computer(tmp_path / "carol")
    carol.receive(alice.sent[0])  # Carol has the start, not Bob's file
    refused(carol, first, "import the turn files that came before it first")


def test_refuses_a_fork_a_move_undone_after_it_was_shared(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    bob.s.apply(A.SetForce(1, "C", 1))
    alice.receive(bob.export())
    # Bob takes his move back after sending it, and plays another
    bob.s.at_table = 1
    bob.s.undo()
    bob.s.apply(A.SetForce(1, "C", 5))
    msg = refused(alice, bob.export(), "its move 6 differs from this campaign.s entry 11")
    assert "fork" in msg
    # Alice's next file builds on the move Bob took back: his computer refuses it
    alice.s.apply(A.SetForce(0, "C", 2))
    msg = refused(bob, alice.export(), "builds on entry 11 .*, but this campaign.s entry 11 is")
    assert "the histories differ" in msg


def test_refuses_a_file_when_both_players_moved_from_the_same_point(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    alice.receive(bob.export())
    alice.s.apply(A.SetForce(0, "C", 1))
    bob.s.apply(A.SetForce(1, "C", 1))
    msg = refused(alice, bob.export(), "the histories differ after entry 10")
    assert "take back the moves made here since entry 10" in msg
    # Alice does so, imports Bob's file, and moves again: the files go on
    alice.s.at_table = 0
    alice.s.undo()
    alice.receive(bob.sent[-1])
    alice.s.apply(A.SetForce(0, "C", 1))
    bob.receive(alice.export())
    assert chain(alice.s) == chain(bob.s)


def test_refuses_a_file_altered_after_it_was_signed(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    bob.s.apply(A.SetForce(1, "C", 1))
    data = json.loads(bob.export())
    data["entries"][-1]["a"] = data["entries"][-1]["a"].replace("value=1", "value=5")
    msg = refused(alice, file_bytes(data), "altered after Bob signed it")
    assert "signature" in msg


def test_refuses_a_file_signed_by_a_key_other_than_the_pinned_one(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    alice.receive(bob.export())  # Bob's key pinned on Alice's computer
    bob.s.apply(A.SetForce(1, "C", 1))
    data = json.loads(bob.export())
    msg = refused(alice, forged(data, SigningKey.generate()), "other than the one pinned for Bob")
    assert "refused" in msg


def test_refuses_a_file_claiming_the_seat_of_this_computers_own_player(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    bob.s.apply(A.SetForce(1, "C", 1))
    data = json.loads(bob.export())
    data["player"] = {"seat": 0, "name": "Alice"}
    refused(alice, forged(data, SigningKey.generate()), "pinned for Alice")


def test_refuses_a_file_carrying_another_players_moves(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    alice.receive(bob.export())
    data = json.loads(bob.export())
    here = chain(alice.s)
    data["base"] = {"entries": len(here) - 1, "hash": here[-1]}
    data["entries"] = [{"a": A.SetForce(0, "C", 5).to_text()}]
    from wargame.campaign.pbem import next_hash

    data["tip"] = {"entries": len(here), "hash": next_hash(here[-1], data["entries"][0])}
    bob_signer, _ = signing_key(bob.folder, "pbem-test", 1, bob.key)
    refused(alice, forged(data, bob_signer), "is Alice's move, but the file is Bob's")


def test_a_player_joins_only_by_their_own_file(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    alice.receive(bob.export())
    act, _key = add_player_action("Carol", "England", "carol-pw", params=FAST)
    alice.s.apply(act)  # Alice seats Carol at her own computer
    with pytest.raises(BadInput, match="entry 11 .Carol joins for England. is Carol.s move"):
        alice.export()
    data = json.loads(alice.sent[0])
    here = chain(bob.s)
    from wargame.campaign.pbem import next_hash

    item = {"a": act.to_text()}
    data.update(
        base={"entries": len(here) - 1, "hash": here[-1]},
        entries=[item],
        tip={"entries": len(here), "hash": next_hash(here[-1], item)},
    )
    alice_signer, _ = signing_key(alice.folder, "pbem-test", 0, alice.key)
    refused(bob, forged(data, alice_signer), "is a new player 3's move, but the file is Alice's")


def test_refuses_what_is_not_a_turn_file(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    refused(bob, json.dumps(save_campaign(alice.s)).encode(), "not a campaign turn file")
    refused(bob, b'{"hello": 1}', "not a campaign turn file")
    refused(bob, b"\xff\xfe\x00junk", "not a campaign turn file")


def test_refuses_a_malformed_turn_file(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    refused(bob, b'{"format": "wargame-campaign-turn", "version": 1}', "malformed turn file")
    refused(bob, b'{"format": "wargame-campaign-turn"', "not valid JSON")
    data = json.loads(alice.sent[0])
    data["entries"][0]["a"] = "campaign.no_such_thing x=1"
    refused(bob, file_bytes(data), "malformed turn file: move 1")


def test_every_tampered_byte_is_refused(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    bob.s.apply(A.SetForce(1, "C", 1))
    raw = bob.export()
    before = snapshot(alice)
    for i in range(len(raw)):
        for flip in (0x01, 0x20):
            bad = raw[:i] + bytes([raw[i] ^ flip]) + raw[i + 1 :]
            with pytest.raises(BadInput):
                alice.receive(bad)
    assert snapshot(alice) == before
    assert alice.receive(raw).moves > 0  # the file itself still imports


def test_export_refuses_when_there_is_nothing_new(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    alice.receive(bob.export())
    with pytest.raises(BadInput, match="nothing to export"):
        alice.export()


def test_export_refuses_another_players_moves(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    alice.receive(bob.export())
    alice.s.apply(A.SetForce(1, "C", 1))  # at Alice's computer, on Bob's sheet
    with pytest.raises(BadInput, match="is Bob's move"):
        alice.export()


def test_a_refused_file_is_a_turn_refusal(tmp_path: Path) -> None:
    alice, bob = alice_starts(tmp_path)
    with pytest.raises(TurnRefused):
        read_turn(b"[]", "x.json")
