"""Two computers playing a campaign by turn files (cheap passphrase keys: not what is tested)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tests.campaign.helpers import FAST, contents
from wargame.campaign import actions as A
from wargame.campaign.document import add_player_action, new_campaign, reveal_action, seal_action
from wargame.campaign.pbem import (
    Imported,
    import_turn,
    make_turn,
    read_turn,
    start_from_turn,
)
from wargame.campaign.pbem_keys import own_public_keys, signing_key
from wargame.campaign.secrets import PlayerKey
from wargame.campaign.state import CampaignState
from wargame.core.dice import ScriptedProvider
from wargame.core.log import Session

__all__ = ["Computer", "alice_starts", "play_one_turn"]


@dataclass
class Computer:
    """One player's computer: its data folder, its copy of the campaign, their key."""

    folder: Path
    session: Session[CampaignState] | None = None
    seat: int = 0
    key: PlayerKey | None = None
    sent: list[bytes] = field(default_factory=list)

    @property
    def s(self) -> Session[CampaignState]:
        assert self.session is not None
        return self.session

    def export(self) -> bytes:
        assert self.key is not None
        signer, _made = signing_key(self.folder, self.s.state.uid, self.seat, self.key)
        raw = make_turn(self.s, self.seat, signer)
        self.sent.append(raw)
        return raw

    def receive(self, raw: bytes, source: str = "turn.json") -> Imported:
        turn = read_turn(raw, source)
        if self.session is None:
            self.session, done = start_from_turn(turn)
            return done
        return import_turn(self.s, turn, own_keys=own_public_keys(self.folder, self.s.state.uid))

    def join(self, name: str, country: str, phrase: str) -> None:
        act, self.key = add_player_action(name, country, phrase, params=FAST)
        self.s.apply(act)
        self.seat = len(self.s.state.players) - 1

    def forces(self, *values: tuple[str, int]) -> None:
        for letter, value in values:
            self.s.apply(A.SetForce(self.seat, letter, value))
            ship = f"Ship {self.seat}{letter}"
            assert self.key is not None
            self.s.apply(seal_action(self.s.state, self.seat, letter, contents(ship), self.key))

    def reveal(self) -> None:
        assert self.key is not None
        self.s.apply(reveal_action(self.s.state, self.seat, self.key))


def alice_starts(tmp_path: Path, rolls: tuple[int, ...] = ()) -> tuple[Computer, Computer]:
    """Alice makes the campaign and joins; Bob starts it from her file and joins."""
    alice = Computer(tmp_path / "alice")
    bob = Computer(tmp_path / "bob")
    alice.session = new_campaign("Letters of Marque", uid="pbem-test")
    alice.join("Alice", "Spain", "alice-pw")
    alice.forces(("A", 3), ("B", 2))
    bob.receive(alice.export())
    if rolls:  # a roll the chain does not fix: the others refuse it (pbem_dice)
        bob.s.dice.provider = ScriptedProvider(rolls)
    bob.join("Bob", "France", "bobby-pw")
    bob.forces(("A", 2), ("B", 4))
    return alice, bob


def play_one_turn(alice: Computer, bob: Computer) -> None:
    """From both joined to the end of turn 1, every move carried by a turn file."""
    bob.s.apply(A.Declare(1, "A", 0, "B", True))
    bob.s.apply(A.DoneDeclaring(1))
    alice.receive(bob.export())
    alice.s.apply(A.Declare(0, "A", 1, "B", True))
    alice.s.apply(A.DoneDeclaring(0))
    alice.reveal()
    bob.receive(alice.export())
    bob.reveal()
    bob.s.apply(A.ResolveAll())
    for key, e in bob.s.state.engagements.items():
        if not e.scored:
            bob.s.apply(A.RecordScore(key, 9, 5))
    bob.s.apply(A.EndTurn())
    alice.receive(bob.export())
