from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.core.dice import (
    DiceService,
    ManualProvider,
    ReplayProvider,
    Roll,
    RollRequest,
    ScriptedProvider,
    SeededProvider,
    parse_dice_entry,
)
from wargame.errors import DiceEntryCancelled, DiceEntryError


def test_same_seed_replays_the_same_rolls() -> None:
    a = DiceService.seeded(42)
    b = DiceService.seeded(42)
    assert [a.d6() for _ in range(50)] == [b.d6() for _ in range(50)]


def test_different_seeds_differ() -> None:
    a = [DiceService.seeded(1).d6s(30)]
    b = [DiceService.seeded(2).d6s(30)]
    assert a != b


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=40))
def test_seeded_values_stay_on_the_die(seed: int, count: int) -> None:
    dice = DiceService.seeded(seed)
    assert all(1 <= v <= 6 for v in dice.d6s(count))
    assert all(1 <= v <= 4 for v in dice.roll(4, count))
    assert 2 <= dice.two_d6() <= 12


def test_seeded_state_round_trips_through_json() -> None:
    p = SeededProvider(9)
    dice = DiceService(p)
    dice.d6s(17)
    state = json.loads(json.dumps(p.get_state()))
    expected = dice.d6s(10)
    q = SeededProvider(0)
    q.set_state(state)
    assert DiceService(q).d6s(10) == expected


@pytest.mark.parametrize("bad", ["0", "7"])
def test_manual_d6_refuses_impossible_faces(bad: str) -> None:
    with pytest.raises(DiceEntryError, match=f"a d6 shows 1 to 6, not {bad}"):
        parse_dice_entry(bad, RollRequest(1, 6, 1, "fire"))


def test_manual_entry_counts_the_dice() -> None:
    with pytest.raises(DiceEntryError, match="expected 3 value"):
        parse_dice_entry("1 2", RollRequest(1, 6, 3, "broadside"))
    with pytest.raises(DiceEntryError, match="not a whole number"):
        parse_dice_entry("1 x", RollRequest(1, 6, 2, "broadside"))
    assert parse_dice_entry(" 6, 1 ", RollRequest(1, 6, 2, "broadside")) == (6, 1)


def test_manual_provider_asks_again_after_a_bad_entry() -> None:
    answers = iter(["7", "4"])
    dice = DiceService(ManualProvider(lambda req: next(answers)))
    assert dice.d6("grapple") == 4


def test_manual_provider_gives_up_after_repeated_bad_entries() -> None:
    dice = DiceService(ManualProvider(lambda req: "0", attempts=2))
    with pytest.raises(DiceEntryError):
        dice.d6("grapple")


def test_cancelling_manual_entry_raises_cancelled() -> None:
    dice = DiceService(ManualProvider(lambda req: None))
    with pytest.raises(DiceEntryCancelled):
        dice.d6("wind")


def test_manual_provider_does_not_ask_for_hidden_shuffles() -> None:
    asked = []
    dice = DiceService(ManualProvider(lambda req: asked.append(req) or "1", SeededProvider(3)))
    deck = list(range(20))
    dice.shuffle(deck)
    assert asked == []
    assert sorted(deck) == list(range(20))


def test_every_roll_is_announced_with_its_purpose() -> None:
    seen = []
    dice = DiceService(ScriptedProvider([3, 5, 6]))
    dice.add_listener(seen.append)
    dice.d6("wind change")
    dice.two_d6("alarm")
    assert [(r.purpose, r.values) for r in seen] == [("wind change", (3,)), ("alarm", (5, 6))]


def test_replay_provider_refuses_a_mismatched_roll() -> None:
    dice = DiceService.seeded(1)
    with dice.recording() as rolls:
        dice.d6s(2, "fire")
    replay = DiceService(ReplayProvider(rolls))
    with pytest.raises(DiceEntryError, match="does not match"):
        replay.d6s(3, "fire")


def test_shuffle_replays_from_the_record() -> None:
    dice = DiceService.seeded(5)
    deck = list(range(52))
    with dice.recording() as rolls:
        dice.shuffle(deck, "deal")
    again = list(range(52))
    DiceService(ReplayProvider(rolls)).shuffle(again, "deal")
    assert again == deck
    assert rolls[0].hidden


@given(st.permutations(list(range(12))), st.integers(0, 1000))
def test_shuffle_is_a_permutation(items: list[int], seed: int) -> None:
    deck = list(items)
    DiceService.seeded(seed).shuffle(deck)
    assert sorted(deck) == sorted(items)


def test_no_module_but_the_dice_service_imports_random() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    offenders = []
    for path in list((root / "wargame").rglob("*.py")) + list((root / "ui").rglob("*.py")):
        if path.name == "dice.py" and path.parent.name == "core":
            continue
        text = path.read_text(encoding="utf-8")
        if "import random" in text or "from random" in text:
            offenders.append(str(path.relative_to(root)))
    assert offenders == []


def test_seeded_values_are_those_of_randint_so_old_seeds_replay_the_same_games() -> None:
    import random

    provider, reference = SeededProvider(42), random.Random(42)
    for low, high, count in [(1, 6, 1), (1, 6, 3), (0, 10**20, 1), (5, 5, 2), (0, 1, 4)]:
        want = tuple(reference.randint(low, high) for _ in range(count))
        assert provider.values(RollRequest(low, high, count, "x")) == want


def test_seeded_dice_draw_the_same_whether_or_not_anyone_records_or_listens() -> None:
    quiet, watched = DiceService.seeded(9), DiceService.seeded(9)
    heard: list[Roll] = []
    watched.add_listener(heard.append)

    def play(dice: DiceService) -> list[object]:
        deck = list(range(12))
        dice.shuffle(deck, "deck")
        return [dice.d6("a"), dice.roll(6, 3, "b"), dice.randint(0, 99, "c", hidden=True), deck]

    with watched.recording() as recorded:
        assert play(quiet) == play(watched)
    assert [r.purpose for r in heard] == ["deck", "a", "b", "c"]
    assert recorded == heard
    assert heard[2].values == play(DiceService.seeded(9))[1]
