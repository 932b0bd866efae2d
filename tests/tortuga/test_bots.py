"""The strong bot: its nation wins most games against random seats, it reads the
public record into loyalty odds, and it keeps the Armada for when it leads."""

from __future__ import annotations

from wargame.core.dice import DiceService
from wargame.core.play import game_seed, play_match
from wargame.tortuga import actions as A
from wargame.tortuga.belief import Belief
from wargame.tortuga.bots import StrongBot
from wargame.tortuga.game import TortugaGame

from .helpers import arrange, new, play, put_card


def test_strong_bots_nation_wins_most_four_player_games_against_random() -> None:
    game = TortugaGame()
    wins = 0
    games = 120
    for i in range(games):
        seat = i % 4
        names = ["random"] * 4
        names[seat] = "strong"
        wins += seat in play_match(game, 4, game_seed(11, i), names).winners
    assert wins / games >= 0.65


def test_belief_reads_the_holds_a_cabin_boy_fills() -> None:
    st = new(4)
    arrange(st, [0, 1], [2, 3], active=1)
    st.team = [0, 1, 0, 1]
    play(st, A.Shift(0))  # seat 1 moves a chest into the French hold
    belief = Belief(st.observation(0))
    assert belief.friend(1) < 0.4  # seat 0 is British: seat 1 looks French
    assert belief.friend(0) == 1.0


def test_strong_bot_reveals_the_armada_it_has_seen_only_while_ahead() -> None:
    st = new(4, holds=(0, 0))
    arrange(st, [0, 1], [2, 3], active=0)
    st.team = [0, 1, 0, 1]  # British lead 3 to 1
    while len(st.deck) > 1:
        st.discard.append(st.deck.pop())
    put_card(st, 0, "pirate_code")
    play(st, A.Reveal(0))  # the Armada comes into the row, which is reshuffled
    slot = next(i for i, c in enumerate(st.row) if c >= 0 and st.cards[c] == "spanish_armada")
    st.seen[2][slot] = st.row[slot]
    st.active = 2
    st._legal = None
    assert StrongBot(DiceService.seeded(1)).choose(st, 2) == A.Reveal(slot)
    st.seen[3][slot] = st.row[slot]
    st.active = 3
    st._legal = None
    assert StrongBot(DiceService.seeded(1)).choose(st, 3) != A.Reveal(slot)


def test_resampling_leaves_the_true_state_alone() -> None:
    st = new(5)
    before = st.to_json()
    st.resample_hidden(1, DiceService.seeded(3))
    assert st.to_json() == before


def test_a_belief_built_on_the_last_one_equals_one_read_from_the_start() -> None:
    game = TortugaGame()
    dice = DiceService.seeded(7)
    st = game.new_initial_state(5, dice)
    bot = StrongBot(DiceService.seeded(8))
    beliefs: dict[int, Belief] = {}
    steps = 0
    while not st.is_terminal() and steps < 400:
        seat = st.current_player()
        obs = st.observation(seat)
        fresh = Belief(obs)
        built = Belief(obs, beliefs.get(seat))
        assert built.logit == fresh.logit and built.fixed == fresh.fixed
        beliefs[seat] = built
        st.apply(bot.choose(st, seat), dice)
        steps += 1
    assert any(b.logit != [0.0] * 5 for b in beliefs.values())


def test_a_belief_from_another_game_is_not_carried_over() -> None:
    dice = DiceService.seeded(9)
    a = TortugaGame().new_initial_state(4, dice)
    bot = StrongBot(DiceService.seeded(1))
    for _ in range(60):
        a.apply(bot.choose(a, a.current_player()), dice)
    seat = a.current_player()
    prior = Belief(a.observation(seat))
    b = TortugaGame().new_initial_state(4, DiceService.seeded(10))
    b.team = a.team[:]
    assert Belief(b.observation(seat), prior).logit == Belief(b.observation(seat)).logit
