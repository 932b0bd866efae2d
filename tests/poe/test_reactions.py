"""Issue 18: reactive cards may be played after each phase step of another pirate's
turn (rulings, Pieces of Eight: "Reactions after each phase step")."""

from __future__ import annotations

from tests.poe.helpers import act, blank, card, give, pass_all, phase, place, settle
from wargame.poe import actions as A
from wargame.poe.state import PoeState

EVERYONE = {"windows": "everyone"}


def pirate_1_on_land(params: dict | None = None) -> PoeState:
    """Pirate 1 stands on North Point with a 3-spot face-up treasure and a card to
    bury; Pirate 3 holds Rough Swell and Thieving Parrot."""
    st = blank(4, params=params)
    for s, area in enumerate(("L1", "L3", "L4", "L5")):
        place(st, s, area)
    give(st, 0, [card("have-at-thee")])
    give(st, 0, [card("shore-leave")], faceup=True)
    give(st, 2, [card("rough-swell"), card("thieving-parrot")])
    phase(st, "bury", 0)
    settle(st)
    return st


def test_rough_swell_is_playable_after_the_bury_step_of_another_pirates_turn() -> None:
    st = pirate_1_on_land()
    assert st.current_player() == 0 and not st.stack
    act(st, A.Done())  # Pirate 1 buries nothing
    # the others may react before Pirate 1 moves: Pirate 3 is asked, cards in hand
    assert st.stack and st.stack[-1].kind == "phase-end"
    assert st.stack[-1].phase == "bury"
    assert st.current_player() == 2
    swell = card("rough-swell")
    assert A.PlayOn(swell, 0) in st.legal_actions()
    act(st, A.PlayOn(swell, 0))
    assert st.current_player() == 0  # the victim chooses what goes overboard
    (lost,) = st.faceup[0]
    act(st, A.Overboard(lost))
    assert not st.faceup[0] and lost in st.discard
    st.check_invariants()


def test_thieving_parrot_is_playable_after_the_move_step() -> None:
    st = pirate_1_on_land()
    parrot = card("thieving-parrot")
    act(st, A.Done())  # bury nothing
    pass_all(st)
    assert st.phase == "move" and st.current_player() == 0
    act(st, A.Move("L2"))
    settle(st)
    assert st.stack[-1].kind == "phase-end" and st.stack[-1].phase == "move"
    (treasure,) = st.faceup[0]
    act(st, A.PlayTake(parrot, treasure))
    assert treasure in st.faceup[2]


def test_windows_open_after_each_phase_step_in_seat_order() -> None:
    st = pirate_1_on_land(EVERYONE)
    seen: list[tuple[str, list[int]]] = []
    while st.active == 0 and not st.over:
        if st.stack and st.stack[-1].kind == "phase-end":
            f = st.stack[-1]
            asked = []
            while st.stack and st.stack[-1] is f:
                asked.append(st.current_player())
                act(st, A.Pass())
            seen.append((f.phase, asked))
        elif st.stack:
            act(st, A.Pass())
        else:
            legal = st.legal_actions()
            act(st, A.Done() if A.Done() in legal else legal[0])
    phases = [p for p, _ in seen]
    assert phases == ["bury", "move", "discard"]  # no dig: nothing buried there
    assert all(asked == [1, 2, 3] for _, asked in seen)


def test_a_skipped_phase_opens_no_window() -> None:
    st = blank(4)
    for s, area in enumerate(("S1", "L3", "L4", "L5")):
        place(st, s, area, ship=s == 0)
    give(st, 2, [card("rough-swell")])
    give(st, 0, [card("shore-leave")], faceup=True)
    phase(st, "bury", 0)
    settle(st)
    # at sea: nothing to bury, the bury phase is skipped and no one is asked after it
    assert st.phase == "move" and not st.stack


def test_becalmed_is_playable_after_the_bury_step_but_not_after_the_move() -> None:
    st = pirate_1_on_land()
    calm = card("becalmed")
    give(st, 1, [calm])
    act(st, A.Done())
    assert st.current_player() == 1
    assert A.PlayOn(calm, 0) in st.legal_actions()
    act(st, A.Pass())
    pass_all(st)
    act(st, A.Move("L2"))
    settle(st)
    assert st.stack[-1].kind == "phase-end"
    assert all(not (isinstance(a, A.PlayOn) and a.card == calm) for a in st.legal_actions())


def test_short_grog_ration_lets_crew_mutiny_after_their_captains_move() -> None:
    st = pirate_1_on_land()
    grog = card("short-grog-ration")
    st.area[3] = st.area[0]
    st.captain[3] = 0
    give(st, 3, [grog])
    act(st, A.Done())
    pass_all_but(st, 3)
    assert st.current_player() == 3 and A.Play(grog) in st.legal_actions()
    act(st, A.Play(grog))
    assert st.stack[-1].kind == "fight" and st.stack[-1].mutiny


def pass_all_but(st: PoeState, seat: int) -> None:
    while st.stack and st.current_player() != seat:
        act(st, A.Pass())
