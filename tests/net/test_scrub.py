"""The worlds' scrub is each game's own hook (``GameState.scrub_private``): after it, a
redraw for a seat keeps nothing another seat knows privately, and the seat's own view
is untouched."""

from __future__ import annotations

from wargame.core.dice import DiceService
from wargame.core.game import GameSpec
from wargame.core.play import bot_factories, new_session
from wargame.core.registry import available_games, game_class


def _played(game: str, players: int, seed: int, steps: int):  # noqa: ANN202
    session = new_session(GameSpec(game, players, {}, None), DiceService.seeded(seed))
    bots = bot_factories(game_class(game)({}), {})
    bot = bots["random"](DiceService.seeded(seed + 1))
    for _ in range(steps):
        st = session.state
        if st.is_terminal():
            break
        session.apply(bot.choose(st, st.current_player()))
    return session.state


def test_every_game_scrubs_without_changing_what_the_seat_sees() -> None:
    for game in available_games():
        cls = game_class(game)
        st = _played(game, cls(None).default_players(), 3, 40)
        for seat in range(st.n if hasattr(st, "n") else 2):
            world = st.resample_hidden(seat, DiceService.seeded(seat))
            world.scrub_private(seat)
            assert world.observation(seat) == st.observation(seat), (game, seat)


def test_tortuga_world_forgets_the_cards_and_loyalties_other_seats_learnt() -> None:
    for steps in range(60, 400, 20):
        st = _played("tortuga-1667", 5, 7, steps)
        others = [s for s in range(st.n) if s != 0 and (st.seen[s] or st.known[s])]
        if others:
            break
    assert others, "no seat viewed a card in these games"
    world = st.resample_hidden(0, DiceService.seeded(1))
    world.scrub_private(0)
    assert all(world.seen[s] == {} and world.known[s] == {} for s in range(1, st.n))
    assert world.seen[0] == st.seen[0] and world.known[0] == st.known[0]


def test_pieces_of_eight_world_hides_other_seats_buried_cards() -> None:
    for steps in range(60, 600, 30):
        st = _played("pieces-of-eight", 3, 11, steps)
        if any(who != 0 for who, *_ in st.burials):
            break
    assert any(who != 0 for who, *_ in st.burials), "nobody else buried in these games"
    world = st.resample_hidden(0, DiceService.seeded(1))
    world.scrub_private(0)
    for (who, _a, cards, _v), (_w, _b, real, _u) in zip(world.burials, st.burials, strict=True):
        assert cards == (real if who == 0 else tuple(-1 for _ in real))
