"""The search's exact chance nodes: a roll whose outcomes the mode lists is summed over
with its chances, not sampled (issue 27, Pirate Versus Pirate's 2d4)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from wargame.core.actions import Action, action
from wargame.core.dice import DiceService, ScriptedProvider
from wargame.core.game import GameState, Outcome
from wargame.core.search import SearchBot, SearchOptions, _mean
from wargame.errors import IllegalAction


@action("gamble.bet")
@dataclass(frozen=True, slots=True)
class Bet(Action):
    at_least: int


@action("gamble.roll")
@dataclass(frozen=True, slots=True)
class RollDie(Action):
    pass


class GambleState(GameState):
    """Seat 0 bets on a d6 landing at least ``k`` (2..6); seat 1 rolls it; seat 0 wins
    if it did. Betting on 2 is worth 5/6, on 6 only 1/6."""

    def __init__(self, listed: bool = True) -> None:
        self.bet = 0
        self.rolled = 0
        self.listed = listed

    def current_player(self) -> int | None:
        return None if self.is_terminal() else (0 if not self.bet else 1)

    def legal_actions(self) -> Sequence[Action]:
        if self.is_terminal():
            return []
        return [RollDie()] if self.bet else [Bet(k) for k in (6, 5, 4, 3, 2)]

    def _apply_action(self, action: Action, dice: DiceService) -> None:
        if isinstance(action, Bet) and not self.bet:
            self.bet = action.at_least
        elif isinstance(action, RollDie) and self.bet and not self.rolled:
            self.rolled = dice.d6("the gamble")
        else:
            raise IllegalAction("not now")

    def chance_outcomes(self) -> Sequence[tuple[float, tuple[int, ...]]] | None:
        if self.listed and self.bet and not self.rolled:
            return tuple((1 / 6, (face,)) for face in range(1, 7))
        return None

    def is_terminal(self) -> bool:
        return bool(self.rolled)

    def outcome(self) -> Outcome | None:
        if not self.rolled:
            return None
        won = self.rolled >= self.bet
        return Outcome(0 if won else 1, {0: int(won), 1: int(not won)}, 2, "rolled")

    def clone(self) -> GambleState:
        c = GambleState(self.listed)
        c.bet, c.rolled = self.bet, self.rolled
        return c

    def to_json(self) -> dict[str, Any]:
        return {"bet": self.bet, "rolled": self.rolled}


def test_a_listed_roll_is_summed_exactly_so_each_move_gets_its_true_value() -> None:
    """Once every face was tried, a bet's value is exactly its chance of winning (the
    reward of a win is 1 here), whatever the dice of its first try were."""
    bot = SearchBot(DiceService.seeded(3), SearchOptions(iterations=60, halving=0))
    assert bot.choose(GambleState(), 0) == Bet(2)
    root = bot.last_tree
    assert root is not None
    checked = 0
    for bet, node in root.children.items():
        assert isinstance(bet, Bet)
        assert node.odds == tuple([1 / 6] * 6)
        if len(node.children) == 6:  # every face tried: the exact value
            assert _mean(node) == pytest.approx((7 - bet.at_least) / 6)
            checked += 1
    assert checked >= 1


def test_the_faces_are_tried_in_proportion_to_their_chances_with_the_dice_scripted() -> None:
    bot = SearchBot(DiceService.seeded(3), SearchOptions(iterations=61, halving=0))
    bot.choose(GambleState(), 0)
    root = bot.last_tree
    assert root is not None
    for node in root.children.values():
        counts = [node.children[i].visits if i in node.children else 0 for i in range(6)]
        assert max(counts) - min(counts) <= 1  # equal chances: equal tries, give or take one


def test_unlisted_rolls_are_sampled_and_the_option_turns_listing_off() -> None:
    for state, opts in (
        (GambleState(listed=False), SearchOptions(iterations=30)),
        (GambleState(), SearchOptions(iterations=30, chance=0)),
    ):
        bot = SearchBot(DiceService.seeded(3), opts)
        bot.choose(state, 0)
        root = bot.last_tree
        assert root is not None
        assert all(node.odds is None for node in root.children.values())
    assert SearchOptions.from_params({"search_chance": 0}).chance == 0


def test_a_chance_nodes_value_is_the_weighted_sum_of_its_outcomes() -> None:
    """Unequal chances: the outcomes' means weighted by their chances, an outcome not
    tried yet counted as the node's first try."""
    from wargame.core.search import _Node

    node = _Node(0)
    node.odds = (0.25, 0.5, 0.25)
    node.visits, node.reward, node.first = 4, 2.0, 0.4
    for i, (visits, reward) in enumerate(((2, 2.0), (1, 0.0))):
        child = node.children[i] = _Node(0)
        child.visits, child.reward = visits, reward
    assert _mean(node) == pytest.approx(0.25 * 1.0 + 0.5 * 0.0 + 0.25 * 0.4)


def test_scripted_dice_make_the_listed_outcome() -> None:
    state = GambleState()
    state.apply(Bet(4), DiceService.seeded(1))
    outcomes = state.chance_outcomes()
    assert outcomes is not None
    state.apply(RollDie(), DiceService(ScriptedProvider(outcomes[2][1])))
    assert state.rolled == 3
