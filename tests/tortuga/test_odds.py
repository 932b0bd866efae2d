"""The vote deck's top card: its odds from one seat's observation, checked by brute
force over the cards, against the engine's own deal, and against its hidden-card
sampler; and the words the table shows before a vote."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.play import new_session
from wargame.tortuga.odds import deck_card
from wargame.tortuga.rules import ATTACK, data


def _state(seed: int, players: int = 4):  # noqa: ANN202
    return new_session(GameSpec("tortuga-1667", players), DiceService.seeded(seed)).state


def test_deck_card_odds_match_a_brute_force_over_every_vote_card() -> None:
    st = _state(1)
    obs = st.observation(0)
    d = deck_card(obs, data())
    assert d is not None
    cards = [t for t, n in enumerate(data().vote_counts) for _ in range(n)]
    for c in obs["hand"]:
        cards.remove(c)
    assert d.unseen == len(cards)
    for i, name in enumerate(ATTACK):
        assert d.attack[name] == Fraction(sum(1 for c in cards if c >> 2 == i), len(cards))
    assert d.mutiny["skull"] == Fraction(sum(1 for c in cards if c & 1 == 0), len(cards))
    assert sum(d.flag.values()) == 1 and sum(d.attack.values()) == 1


def test_the_dealt_deck_top_card_follows_the_odds_over_many_seeded_games() -> None:
    n = 1500
    seen: Counter[str] = Counter()
    want: dict[str, Fraction] = {name: Fraction(0) for name in ATTACK}
    for seed in range(n):
        st = _state(seed)
        seen[ATTACK[st.vdeck[-1] >> 2]] += 1
        d = deck_card(st.observation(0), data())
        for k, p in d.attack.items():
            want[k] += p / n
    for name in ATTACK:
        p = float(want[name])
        sd = (p * (1 - p) / n) ** 0.5
        assert abs(seen[name] / n - p) < 4 * sd + 1e-9, (name, seen[name] / n, p)


def test_the_engines_sampler_draws_the_top_card_with_these_odds() -> None:
    st = _state(7)
    d = deck_card(st.observation(2), data())
    dice = DiceService.seeded(99)
    n = 1500
    skulls = sum(1 for _ in range(n) if st.resample_hidden(2, dice).vdeck[-1] & 1 == 0)
    p = float(d.mutiny["skull"])
    assert abs(skulls / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_the_vote_prompt_gives_the_deck_cards_odds() -> None:
    from ui.tortuga.texts import deck_odds_text

    st = _state(3)
    text = deck_odds_text(st.observation(0), 0)
    d = deck_card(st.observation(0), data())
    assert text.startswith(f"The deck's card (one of {d.unseen} vote cards you have not seen): ")
    assert "cannon" in text and "water" in text
    assert "skull" in deck_odds_text(st.observation(0), 2)
