"""The chance of each event card before a pirate turns one over: from one seat's
observation, against the engine's real deal over many seeded games, against its
hidden-card sampler in the middle of games, and as the table shows it."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec, RandomBot
from wargame.core.play import new_session
from wargame.tortuga.odds import ARMADA, event_card
from wargame.tortuga.rules import data


def _state(seed: int, players: int = 4):  # noqa: ANN202
    return new_session(GameSpec("tortuga-1667", players), DiceService.seeded(seed)).state


def _face_down_unviewed(st, seat: int) -> list[int]:  # noqa: ANN001
    obs = st.observation(seat)
    return [i for i, c in enumerate(obs["row"]) if c is not None and str(i) not in obs["viewed"]]


def _within(seen: Counter[str], want: dict[str, Fraction], n: int) -> None:
    for kind in set(seen) | set(want):
        p = float(want.get(kind, 0))
        sd = (p * (1 - p) / n) ** 0.5
        assert abs(seen[kind] / n - p) <= 4.5 * sd + 1e-9, (kind, seen[kind] / n, p)


def test_at_the_start_every_unseen_card_counts_and_the_armada_does_not() -> None:
    st = _state(1)
    e = event_card(st.observation(0), data())
    assert e is not None
    assert ARMADA not in e.kinds  # everyone knows it lies under the deck
    assert sum(e.kinds.values()) == 1
    starred = data().rules.events.starred_in_game
    assert e.unseen == len(data().base_events) - 1 + starred
    # a base card of 3 copies, a starred card: 3 in 8 that it is in the game at all
    assert e.kinds["pistol"] == Fraction(3, e.unseen)
    assert e.kinds["scurvy"] == Fraction(starred, len(data().starred)) / e.unseen


def test_the_dealt_row_follows_the_odds_over_many_seeded_games() -> None:
    n = 1500
    seen: Counter[str] = Counter()
    want: dict[str, Fraction] = {}
    for seed in range(n):
        st = _state(seed)
        slot = _face_down_unviewed(st, 0)[0]
        seen[st.cards[st.row[slot]]] += 1
        for kind, p in event_card(st.observation(0), data()).kinds.items():
            want[kind] = want.get(kind, Fraction(0)) + p / n
    _within(seen, want, n)


def test_the_engines_sampler_agrees_in_the_middle_of_games() -> None:
    checked = 0
    for seed in range(40):
        st = _state(seed)
        dice = DiceService.seeded(seed)
        bot = RandomBot(DiceService.seeded(f"bot{seed}"))
        for _ in range(25 + seed * 3):  # views, reveals, discards along the way
            if st.is_terminal():
                break
            st.apply(bot.choose(st, st.current_player()), dice)
        if st.is_terminal():
            continue
        seat = seed % st.n
        slots = _face_down_unviewed(st, seat)
        e = event_card(st.observation(seat), data())
        if not slots:
            assert e is None
            continue
        assert e is not None and sum(e.kinds.values()) == 1
        n = 400
        sampler = DiceService.seeded(1000 + seed)
        seen = Counter(
            (s := st.resample_hidden(seat, sampler)).cards[s.row[slots[0]]] for _ in range(n)
        )
        _within(seen, e.kinds, n)
        checked += 1
    assert checked >= 20


def test_a_viewed_card_is_known_and_leaves_the_odds_of_the_others() -> None:
    from wargame.tortuga import actions as A
    from wargame.tortuga.rules import STARRED

    st, view = None, None
    for seed in range(50):
        st = _state(seed)
        dice = DiceService.seeded(seed)
        bot = RandomBot(DiceService.seeded(seed + 1))
        for _ in range(200):
            if st.is_terminal():
                break
            seat = st.current_player()
            view = next((a for a in st.legal_actions() if isinstance(a, A.View)), None)
            if view is not None and not st.observation(seat)["viewed"]:
                break
            view = None
            st.apply(bot.choose(st, seat), dice)
        if view is not None:
            break
    assert view is not None and st is not None
    before = event_card(st.observation(seat), data())
    st.apply(view, DiceService.seeded(1))
    obs = st.observation(seat)
    after = event_card(obs, data())
    assert len(obs["viewed"]) == 2
    assert after is not None and after.unseen == before.unseen - 2
    counted = Counter(obs["viewed"].values())
    for kind, p in before.kinds.items():
        if kind not in STARRED:  # a base card seen is one copy fewer among the unseen
            assert after.kinds.get(kind, 0) * after.unseen == p * before.unseen - counted[kind]


def test_the_table_shows_the_odds_on_a_face_down_card() -> None:
    from ui.tortuga.texts import event_odds_text

    st = _state(3)
    text = event_odds_text(st.observation(0))
    e = event_card(st.observation(0), data())
    assert text.startswith(f"One of {e.unseen} event cards you have not seen: ")
    assert "Pistol 17%" in text and "Spanish Armada" not in text


def test_a_face_down_slot_on_the_table_carries_the_odds(main_window) -> None:  # noqa: ANN001
    view = main_window.show_mode("tortuga-1667")
    view.new_game(["human"] * 4, seed=2)
    tips = [b.toolTip() for b in view.board.slots]
    face_down = [t for t in tips if t.startswith("A face-down event card")]
    assert face_down and all("event cards you have not seen: " in t for t in face_down)
