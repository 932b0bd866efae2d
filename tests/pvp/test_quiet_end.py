"""A game that cannot end: after `quiet_turns` turns in a row (pvp.toml) with no coin
delivered and no pirate lost, the game ends drawn (docs/rulings.md, "A game that cannot
end"); coins changing hands do not start the count again, so it bounds every game."""

from __future__ import annotations

from tests.pvp.helpers import new_state
from wargame.core.dice import DiceService
from wargame.pvp.bots import FastRandomBot
from wargame.pvp.rules import rules
from wargame.pvp.state import OVER, PvpState


def _pieces(st: PvpState) -> tuple[object, ...]:
    """What play cannot undo: coins delivered, pirates left."""
    return (tuple(st.coin_home), tuple(st.alive_n))


def test_the_limit_is_rules_data() -> None:
    assert new_state().opts.quiet_turns == rules().win.quiet_turns >= 100


def test_quiet_turns_are_counted_and_a_game_without_progress_ends_drawn() -> None:
    draws = wins = 0
    for seed in range(60):
        st = new_state()
        st.opts.quiet_turns = 40  # short, so random play reaches it
        dice = DiceService.seeded(seed)
        bot = FastRandomBot(DiceService.seeded(f"bot{seed}"))
        quiet, turn_before = 0, st.turns
        progressed = False
        while not st.is_terminal():
            before = _pieces(st)
            st.apply(bot.choose(st, st.current_player()), dice)
            st.check_invariants()
            progressed |= _pieces(st) != before
            if st.turns != turn_before:  # a turn ended: count it as the rule does
                quiet = 0 if progressed else quiet + 1
                progressed, turn_before = False, st.turns
                assert st.quiet == quiet
        outcome = st.outcome()
        assert outcome is not None
        if outcome.winners:
            wins += 1
            assert st.quiet < 40
        else:
            draws += 1
            assert st.phase == OVER and st.quiet == quiet == 40
            assert st.end_reason.startswith("a draw: 40 turns without a coin delivered")
    assert draws and wins


def test_the_table_says_a_draw_not_a_winner() -> None:
    from ui.pvp.texts import prompt_text

    for seed in range(100):
        st = new_state()
        st.opts.quiet_turns = 12
        dice = DiceService.seeded(seed)
        bot = FastRandomBot(DiceService.seeded(seed + 1))
        while not st.is_terminal():
            st.apply(bot.choose(st, st.current_player()), dice)
        if st.winner < 0:
            break
    assert st.winner < 0 and st.outcome().winners == ()
    text = prompt_text(st, ["human", "human"], {})
    assert "Game over" in text and "a draw" in text and "wins" not in text


def test_pvp_quiet_turns_bound_every_game() -> None:
    """Issue 28: a coin picked up or dropped no longer starts the count again (one game
    ran 33,195 turns), so no game outlasts quiet_turns x (coins + pirates + 1) turns."""
    for seed in range(40):
        st = new_state()
        st.opts.quiet_turns = 15
        dice = DiceService.seeded(seed)
        bot = FastRandomBot(DiceService.seeded(f"b{seed}"))
        events = len(st.coin_home) + st.n * st.opts.pirates
        while not st.is_terminal():
            st.apply(bot.choose(st, st.current_player()), dice)
        assert st.turns <= 15 * (events + 1)
