"""``is_legal`` (the check ``simulate --strict`` makes of every action played) says
exactly what ``action in legal_actions()`` says, over random positions of both
variants and random candidates: the legal ones, equal copies of them, moves that
were legal elsewhere, any pirate to any triangle with any coin, and the other kinds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.play import bot_factories
from wargame.pvp import actions as A
from wargame.pvp.game import PirateVersusPirateGame
from wargame.pvp.legal import ROLL_ACTION, has_legal_action
from wargame.pvp.state import FACE, MOVE, OVER, PvpState


def _position(seed: int, players: int, variant: str, steps: int) -> tuple[PvpState, list[Action]]:
    """A position ``steps`` random actions into a game, and actions met on the way."""
    dice = DiceService.seeded(seed)
    state = PirateVersusPirateGame({"variant": variant}).new_initial_state(players, dice)
    bot = bot_factories(PirateVersusPirateGame({"variant": variant}))["random"](
        DiceService.seeded(seed + 1)
    )
    seen: list[Action] = []
    for _ in range(steps):
        if state.is_terminal():
            break
        seen.extend(state.legal_actions()[:40])
        state.apply(bot.choose(state, state.current_player()), dice)  # type: ignore[arg-type]
    return state, seen


def _candidates(state: PvpState, seen: list[Action], data: st.DataObject) -> list[Action]:
    b = state.board
    out: list[Action] = list(state.legal_actions())
    # equal copies, not the interned objects the engine hands out
    out += [A.Move(m.pirate, m.to, m.coin, m.abandon) for m in out if isinstance(m, A.Move)]
    out += seen
    for _ in range(30):
        out.append(
            A.Move(
                state.pirate_name(data.draw(st.integers(0, len(state.pos) - 1))),
                b.labels[data.draw(st.integers(0, len(b) - 1))],
                data.draw(st.sampled_from(["", *b.coin_names])),
                data.draw(st.booleans()),
            )
        )
    out += [A.Pass(), A.Ready(), ROLL_ACTION, A.Roll()]
    out += [A.Face(state.pirate_name(p), k) for p in range(len(state.pos)) for k in range(3)]
    out += [A.Move("nobody-1", b.labels[0]), A.Move(state.pirate_name(0), "no such triangle")]
    out.append(A.Move(state.pirate_name(0), b.labels[0], "no such coin"))
    return out


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3]),
    variant=st.sampled_from(["standard", "no-backstabbing"]),
    steps=st.integers(0, 400),
    data=st.data(),
)
def test_is_legal_agrees_with_the_legal_list(
    seed: int, players: int, variant: str, steps: int, data: st.DataObject
) -> None:
    state, seen = _position(seed, players, variant, steps)
    legal = list(state.legal_actions())
    fresh = state.clone()  # no cached list: is_legal must not depend on one
    for action in _candidates(state, seen, data):
        assert fresh.is_legal(action) == (action in legal), action.to_text()
        assert state.is_legal(action) == (action in legal), action.to_text()


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    variant=st.sampled_from(["standard", "no-backstabbing"]),
    steps=st.integers(0, 400),
)
def test_a_live_position_has_a_legal_action_exactly_when_the_check_says(
    seed: int, variant: str, steps: int
) -> None:
    state, _ = _position(seed, 2, variant, steps)
    assert has_legal_action(state) == (state.phase != OVER)
    assert bool(state.legal_actions()) == (state.phase != OVER)


def test_a_pass_is_legal_only_when_no_pirate_can_move() -> None:
    for seed in range(40):
        state, _ = _position(seed, 2, "standard", 200)
        if state.phase != MOVE:
            continue
        legal = state.legal_actions()
        assert state.clone().is_legal(A.Pass()) == (legal == [A.Pass()])


def test_the_facing_after_a_move_is_checked_for_the_moved_pirate() -> None:
    for seed in range(60):
        state, _ = _position(seed, 2, "no-backstabbing", 60)
        if state.phase == FACE:
            break
    else:
        raise AssertionError("no position waits for a facing")
    moved = state.pirate_name(state.moved)
    assert state.is_legal(A.Face(moved, 2))
    other = next(state.pirate_name(p) for p in range(len(state.pos)) if p != state.moved)
    assert not state.is_legal(A.Face(other, 0))
    state.moved = -1  # the pirate to face is lost: the live game has no action
    assert not has_legal_action(state)
