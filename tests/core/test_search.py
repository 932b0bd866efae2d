"""The search bot: options, its place among the bots, and that it never reads hidden state."""

from __future__ import annotations

import pytest

from wargame.core.dice import DiceService
from wargame.core.game import RandomBot
from wargame.core.levels import HARD, HARD_BOT, hard_params
from wargame.core.play import bot_factories, resolve_bots
from wargame.core.registry import available_games, game_class
from wargame.core.search import SearchBot, SearchOptions
from wargame.errors import BadInput
from wargame.poe.game import PiecesOfEightGame
from wargame.poe.hidden import resample_hidden
from wargame.poe.play import PoePlay
from wargame.poe.state import PoeState


@pytest.mark.parametrize("name", available_games())
def test_every_game_lists_the_search_bot_before_its_strongest_own_bot(name: str) -> None:
    game = game_class(name)()
    names = list(bot_factories(game))
    own = list(game.bots())
    assert "search" in names and names[0] == "random"
    levels = ("easy", "normal", "hard")
    assert [n for n in names if n != "search" and n not in levels] == own
    if len(own) > 1:
        # the default stays the hand-written bot (the normal level names it)
        assert names[-2:] == [own[-1], "normal"]
        assert resolve_bots(game, None, 2) == [own[-1]] * 2


@pytest.mark.parametrize("name", available_games())
def test_every_game_names_the_levels_the_app_offers(name: str) -> None:
    """easy is random, normal the strongest own bot, hard the search bot with halving
    at the mode's measured fixed budget (a time budget replaces it when one is given)."""
    game = game_class(name)()
    bots = bot_factories(game)
    own = list(game.bots())
    assert bots["easy"] is bots["random"] and bots["normal"] is bots[own[-1]]

    def search_of(bot):  # noqa: ANN001, ANN202 - a mode's own hard bot falls back to it
        if name in HARD_BOT:
            assert type(bot) is game.bots()[HARD_BOT[name]]
            bot = bot._fallback_factory(DiceService.seeded(2))
        assert isinstance(bot, SearchBot)
        return bot

    hard = search_of(bots["hard"](DiceService.seeded(1)))
    assert hard.options.halving == 1 and hard.options.iterations == HARD[name]["search_iterations"]
    timed = search_of(bot_factories(game, {"search_seconds": 0.5})["hard"](DiceService.seeded(1)))
    assert timed.options.iterations is None and timed.options.seconds == 0.5
    assert timed.options.halving == 1


def test_search_options_come_from_params() -> None:
    opts = SearchOptions.from_params({"search_seconds": 0.25, "search_iterations": 40})
    assert opts.seconds == 0.25 and opts.iterations == 40
    assert SearchOptions.from_params({}).seconds == 1.0


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"search_seconds": "fast"}, "search_seconds: expected a number"),
        ({"search_iterations": 2.5}, "whole number"),
        ({"search_seconds": -1}, "positive"),
        ({"search_width": 3}, "unknown search bot option"),
        ({"search_depth": -2}, "positive"),
        ({"search_playout_limit": 0}, "positive"),
    ],
)
def test_bad_search_options_are_bad_input(params: dict[str, object], words: str) -> None:
    with pytest.raises(BadInput, match=words):
        SearchOptions.from_params(params)


def _positions(seed: int, every: int = 7, count: int = 6) -> list[PoeState]:
    """Positions near the end of a random 4-player game where the seat to act has a
    choice (so that the search's playouts reach the end and its results differ)."""
    state = PiecesOfEightGame().new_initial_state(4, DiceService.seeded(seed))
    dice, bot = DiceService.seeded(seed + 1), RandomBot(DiceService.seeded(seed + 2))
    seen: list[PoeState] = []
    step = 0
    while not state.is_terminal():
        if step % every == 0 and len(state.legal_actions()) > 1:
            seen.append(state.clone())
        state.apply(bot.choose(state, state.current_player()), dice)
        step += 1
    return seen[-count:]


def _search(state: PoeState, seat: int) -> tuple[object, dict[object, int]]:
    options = SearchOptions(iterations=12, epsilon=1.0)  # random playouts: quick
    bot = SearchBot(DiceService.seeded(77), options)
    action = bot.choose(state, seat)
    return action, bot.last_visits


def test_search_decides_the_same_on_nonsense_hidden_cards() -> None:
    """Others' hands, the deck and buried cards replaced by other cards consistent with
    what the seat sees: the same search (same seed) makes the same decision, visit for
    visit, so it never read the true cards."""
    compared = 0
    for real in _positions(5) + _positions(6):
        seat = real.current_player()
        assert seat is not None
        nonsense = real.resample_hidden(seat, DiceService.seeded(1234))
        assert nonsense.observation(seat) == real.observation(seat)
        if nonsense.to_json() == real.to_json():
            continue  # nothing hidden from this seat could be otherwise
        assert _search(nonsense, seat) == _search(real, seat)
        compared += 1
    assert compared >= 4


def _mode_positions(name: str, seed: int, count: int = 4, players: int = 2) -> list[object]:
    """Positions of a random game of ``name`` (two players unless told) where the seat
    to act has a choice and something is hidden from it."""
    game = game_class(name)()
    state = game.new_initial_state(players, DiceService.seeded(seed))
    dice, bot = DiceService.seeded(seed + 1), RandomBot(DiceService.seeded(seed + 2))
    seen: list[object] = []
    while not state.is_terminal() and len(seen) < count:
        seat = state.current_player()
        if len(state.legal_actions()) > 1 and seat is not None:
            other = state.resample_hidden(seat, DiceService.seeded(seed + 3))
            if other.to_json() != state.to_json():
                seen.append(state.clone())
                for _ in range(5):  # spread them over the game
                    if state.is_terminal():
                        break
                    state.apply(bot.choose(state, state.current_player()), dice)
                continue
        state.apply(bot.choose(state, seat), dice)
    return seen


@pytest.mark.parametrize(("secret", "halving"), [(0, 0), (1, 0), (0, 1)])
@pytest.mark.parametrize("name", ["pirate-coins", "tortuga-1667"])
def test_search_with_its_playout_bot_decides_the_same_on_other_hidden_parts(
    name: str, secret: int, halving: int
) -> None:
    """The bot as ``--list-bots`` offers it (playouts by the mode's strongest bot,
    paired worlds; the others' private choices searched or left to their bots): on a
    state whose hidden parts were redrawn consistently with the seat's observation it
    makes the same decision, visit for visit."""
    game = game_class(name)()
    params = {
        "search_iterations": 10,
        "search_depth": 12,
        "search_secret": secret,
        "search_halving": halving,
    }
    factory = bot_factories(game, params)["search"]
    compared = 0
    for real in _mode_positions(name, 11):
        seat = real.current_player()
        nonsense = real.resample_hidden(seat, DiceService.seeded(99))
        assert nonsense.observation(seat) == real.observation(seat)
        bots = [factory(DiceService.seeded(5)) for _ in range(2)]
        assert bots[0].choose(nonsense, seat) == bots[1].choose(real, seat)
        assert bots[0].last_visits == bots[1].last_visits
        compared += 1
    assert compared >= 2


def _secret_keys_of_others(node: object, seat: int, kind: str) -> int:
    """How many tree edges name a private action of type ``kind`` another seat chose."""
    found = 0
    for key, child in node.children.items():  # type: ignore[attr-defined]
        if child.seat != seat and type(key).__name__ == kind:
            assert type(key).secret  # type: ignore[union-attr]
            found += 1
        found += _secret_keys_of_others(child, seat, kind)
    return found


@pytest.mark.parametrize(("name", "kind"), [("pirate-coins", "Decide"), ("tortuga-1667", "Vote")])
def test_with_search_secret_the_tree_never_branches_on_anothers_private_choice(
    name: str, kind: str
) -> None:
    """``search_secret=1``: where every choice of another seat is private (a coin set
    face down, a vote card), that seat's bot makes it and the tree keeps one child, so
    nothing the searcher decides later depends on it; searched (0), the tree branches.
    (A private choice offered among public ones, Tortuga's View, is searched.)"""
    game = game_class(name)()
    found = {0: 0, 1: 0}
    for secret in (0, 1):
        params = {"search_iterations": 60, "search_depth": 12, "search_secret": secret}
        factory = bot_factories(game, params)["search"]
        for real in _mode_positions(name, 11, count=6):
            seat = real.current_player()
            bot = factory(DiceService.seeded(5))
            bot.choose(real, seat)
            if bot.last_tree is not None:
                found[secret] += _secret_keys_of_others(bot.last_tree, seat, kind)
    assert found[1] == 0
    assert found[0] > 0


def test_the_hidden_state_test_would_catch_a_bot_that_peeks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planning on the true cards (a plain clone) makes the searches differ."""
    monkeypatch.setattr(PoePlay, "resample_hidden", lambda self, seat, dice: self.clone())
    differ = 0
    for real in _positions(5) + _positions(6):
        seat = real.current_player()
        nonsense = resample_hidden(real, seat, DiceService.seeded(1234))
        differ += _search(nonsense, seat) != _search(real, seat)
    assert differ > 0


@pytest.mark.parametrize("name", ["naval", "raid", "pieces-of-eight"])
def test_search_leaves_the_state_it_is_given_alone(name: str) -> None:
    game = game_class(name)()
    dice = DiceService.seeded(3)
    state = game.new_initial_state(game.default_players(), dice)
    bot = RandomBot(DiceService.seeded(4))
    for _ in range(15):
        state.apply(bot.choose(state, state.current_player()), dice)
    before = state.to_json()
    seat = state.current_player()
    search = SearchBot(DiceService.seeded(5), SearchOptions(iterations=5, playout_limit=80))
    assert search.choose(state, seat) in state.legal_actions()
    assert state.to_json() == before


def test_timed_search_stops_near_its_budget() -> None:
    game = game_class("naval")()
    state = game.new_initial_state(2, DiceService.seeded(8))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0], DiceService.seeded(8))
    bot = SearchBot(DiceService.seeded(1), SearchOptions(seconds=0.05))
    bot.choose(state, state.current_player())
    assert bot.last_iterations >= 1


def test_search_beats_random_in_the_toy_race(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game with no bot but random: search comes last, is the default of a headless
    run with a fixed iteration budget (same games every run), and wins the race."""
    from tests.core.toygame import ToyGame
    from wargame.core import play

    assert list(bot_factories(ToyGame())) == ["random", "easy", "hard", "search", "normal"]
    monkeypatch.setattr(play, "game_class", lambda name: ToyGame)
    run = play.simulate("toy", games=1, seed=1)
    assert run["bots"] == ["search", "search"]
    assert play.simulate("toy", games=1, seed=1)["games"] == run["games"]
    games = play.simulate(
        "toy", games=16, seed=2, bots=["search", "random"], params={"search_iterations": 20}
    )["games"]
    won = sum(g["winner"] == "0" for g in games)
    assert won >= 13, won


def test_paired_search_plays_each_root_actions_nth_try_in_the_same_world(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With paired samples the n-th try of every root action meets the same world (the
    same dice seed), so the actions are compared on equal luck; unpaired, the tries
    share one running stream."""
    from tests.core.toygame import ToyGame
    from wargame.core import search

    worlds: list[tuple[object, object]] = []
    real_iterate = search.SearchBot._iterate

    def spy(self, root, st, dice, policy, first):  # noqa: ANN001, ANN202
        worlds.append((first, dice.provider.seed))
        return real_iterate(self, root, st, dice, policy, first)

    monkeypatch.setattr(search.SearchBot, "_iterate", spy)
    state = ToyGame().new_initial_state(2, DiceService.seeded(1))
    bot = SearchBot(DiceService.seeded(2), SearchOptions(iterations=30))
    bot.choose(state, 0)
    tries: dict[object, list[object]] = {}
    for first, seed in worlds:
        tries.setdefault(first, []).append(seed)
    assert len(tries) == 3  # roll, hold and draw were each tried
    longest = max(tries.values(), key=len)
    for seeds in tries.values():
        assert seeds == longest[: len(seeds)]  # the same worlds, in the same order
    assert len(set(longest)) == len(longest)  # a new world for every try

    worlds.clear()
    SearchBot(DiceService.seeded(2), SearchOptions(iterations=30, paired=0)).choose(state, 0)
    assert {first for first, _ in worlds} == {None}


def test_cut_off_playouts_are_judged_by_the_modes_evaluation() -> None:
    """With an evaluation, no playout runs past ``depth`` actions: the search asks the
    evaluation once per iteration (the naval battle is far longer than 6 actions)."""
    game = game_class("naval")()
    state = game.new_initial_state(2, DiceService.seeded(8))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0], DiceService.seeded(8))
    asked: list[int] = []

    def judge(st: object) -> dict[int, float]:
        asked.append(1)
        return {0: 0.5, 1: 0.5}

    factories = game.bots()
    bot = SearchBot(
        DiceService.seeded(1),
        SearchOptions(iterations=8, depth=6),
        playout_bot=factories[list(factories)[-1]],
        evaluate=judge,
    )
    assert bot.choose(state, state.current_player()) in state.legal_actions()
    assert len(asked) == 8


def test_the_search_bot_of_naval_raid_and_tortuga_judges_with_its_modes_evaluation() -> None:
    from wargame.naval.bots import evaluate as naval_evaluate
    from wargame.poe.bots import evaluate as poe_evaluate
    from wargame.raid.bots import evaluate as raid_evaluate
    from wargame.tortuga.bots import evaluate as tortuga_evaluate

    for name, judge in (
        ("naval", naval_evaluate),
        ("pieces-of-eight", poe_evaluate),
        ("raid", raid_evaluate),
        ("tortuga-1667", tortuga_evaluate),
    ):
        factory = bot_factories(game_class(name)())["search"]
        assert factory.keywords["evaluate"] is judge


def test_naval_evaluation_favours_the_side_that_has_done_more_damage() -> None:
    from wargame.naval.bots import evaluate

    state = game_class("naval")().new_initial_state(2, DiceService.seeded(8))
    even = evaluate(state)
    assert even is not None and abs(even[0] - even[1]) < 1e-9
    assert abs(even[0] + even[1] - 1.0) < 1e-9
    ship = next(s for s in state.ships.values() if s.side == 1)
    for side in list(ship.hull):
        ship.hull[side] = 1  # the defender's ship nearly beaten
    hurt = evaluate(state)
    assert hurt is not None and hurt[0] > 0.6 > 0.4 > hurt[1]


def test_raid_evaluation_grows_with_the_pirates_coins() -> None:
    from wargame.raid.bots import evaluate

    state = game_class("raid")().new_initial_state(2, DiceService.seeded(8))
    before = evaluate(state)
    state.coins[0] += 15
    state.coins[1] -= 15
    after = evaluate(state)
    assert before is not None and after is not None
    assert after[0] > before[0] and after[1] < before[1]
    assert all(0.0 <= v <= 1.0 for v in (*before.values(), *after.values()))


def test_tortuga_evaluation_favours_the_nation_with_more_treasure() -> None:
    """The seat whose nation leads in treasure is judged the likelier winner; the two
    seats' chances of a two-player game sum to one."""
    from wargame.tortuga.bots import evaluate

    state = game_class("tortuga-1667")().new_initial_state(2, DiceService.seeded(8))
    even = evaluate(state)
    assert even is not None and abs(sum(even.values()) - 1.0) < 1e-9
    assert abs(even[0] - even[1]) < 1e-9  # the two nations start level
    ahead = state.team.index(0)  # the British seat
    state.holds[0][0] += 3
    judged = evaluate(state)
    assert judged is not None and judged[ahead] > 0.8 > 0.2 > judged[1 - ahead]


def test_halving_tries_every_root_move_in_the_same_worlds_and_keeps_the_better_half(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``search_halving=1``: every root move is tried in round one, the n-th try of
    each in world n; each round keeps the better half, so the move played is among
    the most tried."""
    from tests.core.toygame import ToyGame
    from wargame.core import search

    worlds: list[tuple[object, object]] = []
    real_iterate = search.SearchBot._iterate

    def spy(self, root, st, dice, policy, first):  # noqa: ANN001, ANN202
        worlds.append((first, dice.provider.seed))
        return real_iterate(self, root, st, dice, policy, first)

    monkeypatch.setattr(search.SearchBot, "_iterate", spy)
    state = ToyGame().new_initial_state(2, DiceService.seeded(1))
    legal = list(state.legal_actions())
    assert len(legal) == 3
    bot = SearchBot(DiceService.seeded(2), SearchOptions(iterations=60, halving=1))
    chosen = bot.choose(state, 0)
    assert bot.last_iterations == len(worlds) <= 60
    tries: dict[object, list[object]] = {}
    for first, seed in worlds:
        tries.setdefault(first, []).append(seed)
    assert set(tries) == set(legal)  # every move tried, not only one
    longest = max(tries.values(), key=len)
    for seeds in tries.values():
        assert seeds == longest[: len(seeds)]  # paired: the same worlds in order
    assert len(tries[chosen]) == len(longest)  # the move played survived every round
    assert sorted(len(v) for v in tries.values())[0] < len(longest)  # one was dropped
    assert SearchOptions.from_params({"search_halving": 1}).halving == 1


@pytest.mark.parametrize(
    ("name", "players"), [("pirate-coins", 2), ("tortuga-1667", 4), ("pieces-of-eight", 3)]
)
def test_the_hard_level_as_the_app_sets_it_decides_the_same_on_other_hidden_parts(
    name: str, players: int
) -> None:
    """The Hard bot with the app's settings (the mode's depth, sequential halving; a
    fixed number of iterations here in place of the app's seconds, so the two searches
    can be compared): the same decision, visit for visit, on a redraw of the hidden
    parts. Naval, the raid and Pirate Versus Pirate hide nothing but the dice."""
    game = game_class(name)()
    params = {**hard_params(name, 1.0), "search_iterations": 12}
    params.pop("search_seconds")
    factory = bot_factories(game, params)["hard"]
    compared = 0
    for real in _mode_positions(name, 13, count=3, players=players):
        seat = real.current_player()
        nonsense = real.resample_hidden(seat, DiceService.seeded(99))
        assert nonsense.observation(seat) == real.observation(seat)
        bots = [factory(DiceService.seeded(5)) for _ in range(2)]
        assert bots[0].options.halving == 1
        assert bots[0].choose(nonsense, seat) == bots[1].choose(real, seat)
        assert bots[0].last_visits == bots[1].last_visits
        compared += 1
    assert compared >= 2


def test_poe_evaluation_favours_the_pirate_with_more_points_and_narrows_as_the_deck_runs_down() -> (
    None
):
    from wargame.poe.bots import evaluate

    state = PiecesOfEightGame().new_initial_state(4, DiceService.seeded(3))
    for s in range(4):
        state.hand[s] = []
        state.faceup[s] = []
    state.vp = [20, 10, 10, 10]
    early = evaluate(state)
    assert early is not None
    assert early[0] > early[1] == early[2] == early[3]
    assert sum(early.values()) == pytest.approx(1.0)
    state.exhaustions = 1
    state.deck = []
    late = evaluate(state)
    assert late is not None and late[0] > early[0]  # the same lead counts for more late


@pytest.mark.parametrize("halving", [0, 1])
def test_per_move_budget_gives_a_small_choice_few_iterations(halving: int) -> None:
    """``search_per_move=N``: a fixed budget of at most N iterations per legal move."""
    from tests.core.toygame import ToyGame

    state = ToyGame().new_initial_state(2, DiceService.seeded(1))
    assert len(state.legal_actions()) == 3
    bot = SearchBot(
        DiceService.seeded(2), SearchOptions(iterations=60, per_move=4, halving=halving)
    )
    bot.choose(state, 0)
    assert 3 <= bot.last_iterations <= 12
    assert SearchOptions.from_params({"search_per_move": 4}).per_move == 4
    assert SearchOptions(iterations=60, per_move=4).budget(40) == 60


def test_margin_keeps_the_playout_bots_move_unless_another_is_clearly_better() -> None:
    """``search_margin``: halving plays the playout bot's move unless another beats its
    mean by more than the margin; a margin of 1 (the whole reward) always keeps it."""
    from tests.core.toygame import ToyGame

    for seed in range(6):
        state = ToyGame().new_initial_state(2, DiceService.seeded(seed))
        bot = SearchBot(
            DiceService.seeded(seed),
            SearchOptions(iterations=30, halving=1, margin=1.0),
            playout_bot=RandomBot,
        )
        chosen = bot.choose(state, 0)
        assert bot.last_tree is not None and chosen == bot.last_tree.hint
    with pytest.raises(BadInput, match="search_margin"):
        SearchOptions.from_params({"search_margin": 2})
