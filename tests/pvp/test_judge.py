"""The learnt judgement of Pirate Versus Pirate (wargame/pvp/judge.py) and its bot."""

from __future__ import annotations

from wargame.core.dice import DiceService
from wargame.paths import rules_dir
from wargame.pvp.game import PirateVersusPirateGame
from wargame.pvp.judge import FEATURES, JudgeBot, features, judge, weights
from wargame.pvp.search import ExpectimaxBot
from wargame.pvp.state import MOVE, OVER, PvpState
from wargame.rules.loader import read_toml


def game_until(seed: int, stop) -> PvpState:  # noqa: ANN001
    """An expectimax self-play game from ``seed`` until ``stop(state)`` holds (or its end)."""
    dice = DiceService.seeded(seed)
    st = PirateVersusPirateGame().new_initial_state(2, dice)
    bot = ExpectimaxBot(DiceService.seeded(seed))
    while st.phase != OVER and not stop(st):
        seat = st.current_player()
        st.apply(bot.choose(st, seat), dice)
    return st


def test_the_weights_are_rules_data_one_per_feature_in_order() -> None:
    data = read_toml(rules_dir() / "pvp_judge.toml")
    assert tuple(data["features"]) == FEATURES
    assert weights() == tuple(data["weights"]) and len(weights()) == len(FEATURES)


def test_the_seat_carrying_the_gold_is_judged_the_likelier_winner() -> None:
    st = game_until(
        3,
        lambda s: (
            any(s.carry[p] >= 0 and s.board.coin_gold[s.carry[p]] for p in range(len(s.pos)))
            and s.phase != MOVE
        ),
    )
    carrier = next(
        p for p in range(len(st.pos)) if st.carry[p] >= 0 and st.board.coin_gold[st.carry[p]]
    )
    holder = st.seat_of(carrier)
    gold = FEATURES.index("gold_held")
    assert features(st, holder)[gold] == 1.0 and features(st, 1 - holder)[gold] == -1.0
    assert judge(st, holder) > judge(st, 1 - holder)


class _Recorder:
    """A stand-in fallback: records the decisions handed to it."""

    seen: list[tuple[int, int]] = []

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice

    def choose(self, state, seat):  # noqa: ANN001, ANN201
        _Recorder.seen.append((state.n, state.phase))
        return ExpectimaxBot(self.dice).choose(state, seat)


def test_three_seat_games_go_to_the_fallback_and_two_seat_moves_do_not() -> None:
    _Recorder.seen = []
    game = PirateVersusPirateGame()
    for players in (2, 3):
        dice = DiceService.seeded(5)
        st = game.new_initial_state(players, dice)
        bot = JudgeBot(DiceService.seeded(1), fallback=_Recorder)
        moves = 0
        while st.phase != OVER and moves < 3:
            seat = st.current_player()
            moves += st.phase == MOVE and seat == 0
            action = bot.choose(st, seat) if seat == 0 else ExpectimaxBot(dice).choose(st, seat)
            st.apply(action, dice)
    # in two seats the moves are the judge's (the rolls go on); in three the search's
    assert (3, MOVE) in _Recorder.seen
    assert (2, MOVE) not in _Recorder.seen


def test_the_judge_bot_plays_the_expectimax_move_unless_the_judge_clearly_prefers_another() -> None:
    """With a margin no chance can clear, every move is the expectimax bot's (the hand
    value it compares is that bot's own); with none, the judge's best is played."""
    dice = DiceService.seeded(2)
    st = PirateVersusPirateGame().new_initial_state(2, dice)
    hand = ExpectimaxBot(DiceService.seeded(1))
    kept, free = JudgeBot(DiceService.seeded(1)), JudgeBot(DiceService.seeded(1))
    kept.margin, free.margin = 2.0, 0.0
    moves = differ = 0
    while st.phase != OVER:
        seat = st.current_player()
        action = hand.choose(st, seat)
        if st.phase == MOVE:
            moves += 1
            assert kept.choose(st, seat) == action
            differ += free.choose(st, seat) != action
        st.apply(action, dice)
    assert moves > 5 and differ > 0
