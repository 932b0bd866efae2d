"""The table without sockets: the same end as simulate, refusals in words, seats
with codes, reconnecting, the grace period and stand-in bots."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.net.helpers import play_in_memory, seat_bots, simulated
from wargame.core.dice import DiceService
from wargame.core.play import bot_factories
from wargame.net.protocol import Refused
from wargame.net.table import Table

CASES = [
    ("pieces-of-eight", 4, ["strong", "random", "strong", "random"]),
    ("tortuga-1667", 6, ["strong", "strong", "random", "strong", "random", "strong"]),
    ("pirate-coins", 3, ["strong", "random", "strong"]),
    ("pirate-versus-pirate", 2, ["expectimax", "random"]),
    ("naval", 2, ["captain", "random"]),
    ("raid", 2, ["tactician", "random"]),
]


@pytest.mark.parametrize(("game", "players", "bots"), CASES, ids=[c[0] for c in CASES])
def test_bot_seats_through_a_table_end_as_simulate(
    game: str, players: int, bots: list[str]
) -> None:
    table, seats = seat_bots(game, players, 3, bots)
    assert play_in_memory(table, seats) == simulated(game, players, 3, bots)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), faults=st.integers(0, 2**32))
def test_lost_updates_lost_or_doubled_actions_and_drops_change_nothing(
    seed: int, faults: int
) -> None:
    """Random interleavings: updates lost, actions lost or sent twice, seats dropped
    and resumed: the game still ends as simulate, with no action lost or doubled."""
    bots = ["strong", "random", "strong"]
    table, seats = seat_bots("pirate-coins", 3, seed, bots)
    result = play_in_memory(table, seats, faults=DiceService.seeded(faults))
    assert result == simulated("pirate-coins", 3, seed, bots)


def test_server_bots_sit_in_any_seat_and_end_as_simulate() -> None:
    bots = ["strong", "random", "strong", "random", "strong"]
    table = Table("tortuga-1667", players=5, seed=0, bots={1: "random", 3: "random"})
    seats = [table.take_seat(bot=b) for b in ("strong", "strong", "strong")]
    assert [s.index for s in seats] == [0, 2, 4]
    from wargame.net.player import BotPlayer

    players = [BotPlayer(table.welcome_for(s.index)) for s in seats]
    table.run_bots()
    result = play_in_memory(table, players)
    expected = simulated("tortuga-1667", 5, 0, bots)
    assert {k: v for k, v in result.items() if k != "seed"} == {
        k: v for k, v in expected.items() if k != "seed"
    }


def _started(game: str = "pirate-coins", players: int = 2) -> Table:
    table = Table(game, players=players, seed=5)
    for _ in range(players):
        table.take_seat()
    return table


def test_stale_action_is_refused_and_changes_nothing() -> None:
    table = _started()
    seat = table.to_act()
    assert seat is not None
    action = table.state.legal_actions()[0].to_text()
    table.act(seat, 0, action)
    n = len(table.session.entries)
    seat = table.to_act()
    assert seat is not None
    with pytest.raises(
        Refused, match=r"^stale: the log has 1 entries, the action was made after 0"
    ):
        table.act(seat, 0, table.state.legal_actions()[0].to_text())
    assert len(table.session.entries) == n


def test_action_out_of_turn_is_refused_naming_whose_turn() -> None:
    table = _started()
    seat = table.to_act()
    assert seat is not None
    other = 1 - seat
    with pytest.raises(Refused, match=f"it is Pirate {seat + 1}'s turn"):
        table.act(other, 0, table.state.legal_actions()[0].to_text())


def test_illegal_action_is_refused_with_the_rules_reason() -> None:
    table = _started("tortuga-1667", 3)
    seat = table.to_act()
    assert seat is not None
    with pytest.raises(Refused) as info:
        table.act(seat, 0, "tortuga.vote card=0")
    assert "tortuga.vote" in str(info.value) or "vote" in str(info.value)
    assert len(table.session.entries) == 0


def test_unreadable_action_is_refused_in_words() -> None:
    table = _started()
    seat = table.to_act()
    assert seat is not None
    with pytest.raises(Refused, match="unknown action 'fly'"):
        table.act(seat, 0, "fly to=moon")


def test_nothing_is_played_before_every_seat_is_taken() -> None:
    table = Table("pirate-coins", players=2, seed=5)
    table.take_seat()
    assert table.to_act() is None
    with pytest.raises(Refused, match="every seat is taken"):
        table.act(0, 0, "coins.draw")


def test_no_open_seat_is_refused() -> None:
    table = _started()
    with pytest.raises(Refused, match="the table is full"):
        table.take_seat()


def test_wrong_code_is_refused_and_seat_codes_are_random() -> None:
    table = _started()
    codes = {s.token for s in table.seats}
    assert len(codes) == 2 and all(c and len(c) >= 20 for c in codes)
    with pytest.raises(Refused, match="not the code of seat 1"):
        table.resume(0, "guess")


def test_resume_gets_exactly_the_missing_entries_and_a_fresh_view() -> None:
    table = _started("tortuga-1667", 3)
    bots = [bot_factories(table.game)["random"](DiceService.seeded(s)) for s in range(3)]
    for _ in range(12):
        seat = table.to_act()
        assert seat is not None
        table.act(seat, len(table.session.entries), bots[seat].choose(table.state, seat).to_text())
    table.drop(2)
    table.resume(2, table.seats[2].token or "")
    update = table.update_for(2, 5)
    assert update["start"] == 5 and update["n"] == 12
    assert len(update["entries"]) == 7
    assert update["entries"] == table.update_for(2, 0)["entries"][5:]
    assert update["view"] == table.state.observation(2)


def test_grace_period_then_a_stand_in_bot_then_the_player_takes_the_seat_back() -> None:
    now = [100.0]
    table = Table("pirate-coins", players=2, seed=5, clock=lambda: now[0])
    a = table.take_seat()
    table.take_seat()
    grace = table.settings.seats.grace_seconds
    assert grace > 0  # from resources/rules/net.toml
    table.drop(a.index)
    assert table.seat_list()[a.index]["grace_left"] == grace
    with pytest.raises(Refused, match="kept for its player"):
        table.stand_in(a.index, "random")
    now[0] += grace
    table.stand_in(a.index, "random")
    assert table.seat_list()[a.index]["stand_in"] is True
    table.run_bots(limit=50)
    assert table.to_act() != a.index or table.over
    table.resume(a.index, a.token or "")
    assert table.seats[a.index].bot is None
    assert "bot" not in table.seat_list()[a.index]


ACTION_TEXT = st.one_of(
    st.text(max_size=60),
    st.builds(
        lambda kind, field, value: f"{kind} {field}={value}",
        st.sampled_from(["tortuga.vote", "tortuga.hold", "tortuga.view", "coins.draw", "move"]),
        st.sampled_from(["card", "hold", "a", "b", "slot", "to"]),
        st.one_of(
            st.integers(-5, 99).map(str),
            st.sampled_from(['"x"', "[1,2]", "{}", "null", "true", "1e999", "[[[]]]", '"\\u0000"']),
        ),
    ),
)


@settings(max_examples=150, deadline=None)
@given(text=ACTION_TEXT)
def test_any_text_sent_as_an_action_is_refused_in_words_or_played(text: str) -> None:
    """Whatever a client sends as an action: a Refused in words, or a legal move; the
    table stays sound either way."""
    table = _started("tortuga-1667", 3)
    seat = table.to_act()
    assert seat is not None
    before = table.state.to_json()
    try:
        table.act(seat, 0, text)
    except Refused as exc:
        assert str(exc) and "Traceback" not in str(exc)
        assert table.state.to_json() == before and not table.session.entries
    else:
        assert len(table.session.entries) == 1
    table.state.check_invariants()


def test_two_players_of_one_name_or_a_strange_name_still_sit_and_are_told_apart() -> None:
    table = Table("pirate-coins", players=3, seed=1)
    a = table.take_seat(name="Ann")
    b = table.take_seat(name="ann")
    c = table.take_seat(name="Ann\x07 the " + "very " * 10 + "long")
    names = [s.name for s in (a, b, c)]
    assert names[0] == "Ann" and names[1] == "ann (seat 2)"
    assert len(names[2]) <= 24 and "\x07" not in names[2]
    assert table.session.seat_names == tuple(names)


def test_the_host_gives_a_seat_nobody_is_at_to_a_newcomer_by_name_only() -> None:
    table = Table("pirate-coins", players=3, seed=2, clock=lambda: 100.0)
    ann, bea = table.take_seat(name="Ann"), table.take_seat(name="Bea")
    cy = table.take_seat(name="Cy")
    with pytest.raises(Refused, match="is at seat 2"):
        table.offer(bea.index, "Dee")
    table.drop(bea.index)
    table.seats[bea.index].stand_in = True  # a bot sat in meanwhile
    table.seats[bea.index].bot = table.seats[cy.index].bot or object()  # type: ignore[assignment]
    old = bea.token
    table.offer(bea.index, "Dee")
    assert table.seat_list()[bea.index]["offered_to"] == "Dee"
    with pytest.raises(Refused, match="the table is full"):
        table.take_seat(name="Eve")  # only Dee may take it
    with pytest.raises(Refused, match="not the code of seat 2"):
        table.resume(bea.index, str(old))  # the old code no longer takes it
    dee = table.take_seat(name="dee")
    assert dee.index == bea.index and dee.name == "Dee" and dee.bot is None and not dee.stand_in
    assert table.name(bea.index) == "Dee" and ann.index != dee.index
