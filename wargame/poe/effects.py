"""What each action does. Called only with an action ``legal_actions`` lists."""

from __future__ import annotations

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.poe import actions as A
from wargame.poe.frames import Frame
from wargame.poe.legal import (
    can_mutiny,
    card_plays,
    fight_plays,
    law_cards,
    own_turn_actions,
    phase_actions,
)
from wargame.poe.scoring import mutiny_bonus, score_burial
from wargame.poe.state import PHASES, PoeState


# -- setting up ------------------------------------------------------------------------
def setup(st: PoeState, dice: DiceService, first: int = 0) -> None:
    """Ships in the big sea areas, the deck, six cards each, the first turn (``first``'s)."""
    seas = st.board.start_seas()
    ships = st.rules.setup.ships_per_player * st.n
    st.ship_area = [seas[k % len(seas)] for k in range(ships)]
    st.deck = list(range(len(st.cards)))
    for _ in range(st.rules.setup.deal):
        for s in range(st.n):
            draw_card(st, s, dice, "Deal a card")
    st.first = first
    for s in range(st.n):  # the "head-start" variant: points by turn position
        st.vp[s] += st.head_start(s)
    start_turn(st, first, dice)
    settle(st, dice)


def draw_card(st: PoeState, s: int, dice: DiceService, purpose: str) -> None:
    """A hidden draw from the deck; the deck's running out is counted at once."""
    k = dice.randint(0, len(st.deck) - 1, purpose, hidden=True) if len(st.deck) > 1 else 0
    st.hand[s].append(st.deck.pop(k))
    if not st.deck:
        exhausted(st)


def exhausted(st: PoeState) -> None:
    st.exhaustions += 1
    if st.exhaustions >= st.rules.end.deck_exhaustions:
        if st.options.end == "full-round":  # the round is played out (end_turn ends it)
            return
        end_game(st, "the deck ran out for the second time")
        return
    st.deck = sorted(st.discard)
    st.discard = []
    if not st.deck:
        exhausted(st)


def end_game(st: PoeState, reason: str) -> None:
    st.over = True
    st.end_reason = reason
    st.stack.clear()


# -- the turn --------------------------------------------------------------------------
def start_turn(st: PoeState, s: int, dice: DiceService) -> None:
    st.active = s
    st.turns += 1
    st.phase = "bury"
    st.steps = st.draws = st.takes = st.fools = 0
    st.selection = []
    st.asked = False
    st.mutinied[s] = False
    st.becalmed[s] = False
    st.barred = [False] * st.n
    order = [(s + k) % st.n for k in range(1, st.n)]
    st.stack.append(Frame("turn-start", a=s, order=order))


#: The phase steps after which the other pirates may react (after replenish the
#: next pirate's turn-start window is that moment).
REACT_AFTER = ("bury", "move", "dig", "discard")


def end_phase(st: PoeState, dice: DiceService) -> None:
    s = st.active
    ph = st.phase
    if st.asked and ph in REACT_AFTER and st.n > 1:
        # the others may react to what this phase did (rulings: "Reactions after each
        # phase step"); a phase skipped with nothing to do changed nothing: no window
        order = [(s + k) % st.n for k in range(1, st.n)]
        st.stack.append(Frame("phase-end", a=s, order=order, phase=ph))
    st.asked = False
    if ph == "bury":
        st.selection = []
        st.fools = 0
        if st.area[s] >= 0 and not st.board.sea[st.area[s]]:
            st.dead_chest[s] = False
    elif ph == "move":
        if st.area[s] >= 0 and not st.is_crew(s):
            st.extra_step[s] = ""
            st.lashed[s] = -1
        st.paddle[s] = False
    elif ph == "replenish":
        st.shore_leave[s] = False
        end_turn(st, dice)
        return
    st.phase = PHASES[PHASES.index(ph) + 1]


def end_turn(st: PoeState, dice: DiceService) -> None:
    nxt = (st.active + 1) % st.n
    if nxt == st.first and st.exhaustions >= st.rules.end.deck_exhaustions:
        end_game(st, "the deck ran out for the second time and the round was played out")
        return
    if nxt == st.first:
        st.round += 1
        if st.round > st.rules.end.max_rounds:
            end_game(st, "the round limit was reached")
            return
    start_turn(st, nxt, dice)


def settle(st: PoeState, dice: DiceService) -> None:
    """Close windows no one can act in, resolve fights whose window closed, skip
    phases with nothing to do; stop where a player has a choice.

    Where it stops on the active pirate's own turn, the phase's actions it looked at
    become the state's legal actions (so they are not worked out twice)."""
    st._legal = None
    while not st.over:
        if st.selection:  # a fight may have taken a chosen treasure away
            s = st.active
            st.selection = [c for c in st.selection if c in st.hand[s] or c in st.faceup[s]]
        if st.stack:
            f = st.stack[-1]
            if not frame_ready(st, f, dice):
                continue
            st._legal = None
            return
        s = st.active
        acts = phase_actions(st, s)
        if acts or (st.phase == "bury" and can_mutiny(st, s)):
            st.asked = True
            st._legal = own_turn_actions(st, s, acts)
            return
        # a phase with nothing of its own still stops for the cards of that phase
        # (Paddle, Wretches! for a pirate stranded without a ship); anytime cards stay
        # playable in the others' windows, so skipping does not swallow them
        if phase_cards(st, s):
            st.asked = True
            return
        end_phase(st, dice)
    st._legal = None


def phase_cards(st: PoeState, s: int) -> bool:
    """True if ``s`` may play a card whose timing is the current phase."""
    cards, ph = st.cards, st.phase
    if not any(cards[c].timing == ph for c in st.hand[s]):
        return False
    return any(cards[a.card].timing == ph for a in card_plays(st, s, own_turn=True))  # type: ignore[attr-defined]


def frame_ready(st: PoeState, f: Frame, dice: DiceService) -> bool:
    """True if the frame's seat has a real choice; else move it on (and return False).

    With ``windows = "everyone"`` a response window (turn-start, phase-end, fight,
    entry) asks
    each seat it names whether or not that seat holds a playable card, so who is
    asked never hints at a hand; with ``"playable"`` seats with nothing to play
    are skipped."""
    k = f.kind
    everyone = st.options.ask_everyone
    if k in ("turn-start", "phase-end"):
        if not everyone:
            while f.order and not card_plays(st, f.order[0], own_turn=False):
                f.order.pop(0)
        if f.order:
            return True
        st.stack.pop()
        return False
    if k == "fight":
        n = st.n
        for i in range(n):
            seat = (f.cur + i) % n
            if not (f.passed >> seat) & 1 and (everyone or fight_plays(st, f, seat)):
                f.cur = seat
                return True
        st.stack.pop()
        resolve_fight(st, f, dice)
        return False
    if k == "entry":
        if everyone or law_cards(st, f.b):
            return True
        st.stack[-1] = Frame("join-or-fight", a=f.a, b=f.b)
        return False
    if k == "loot":
        if any(st.cards[c].value <= f.budget for c in st.faceup[f.b]):
            return True
        finish_loot(st, f)
        return False
    if k == "share":
        crew = st.crew_of(f.a)
        if crew and any(c in st.faceup[f.a] for c in f.cards):
            return True
        st.stack.pop()
        return False
    if k == "overboard":
        if st.faceup[f.a]:
            return True
        st.stack.pop()
        return False
    return True


# -- applying ----------------------------------------------------------------------------
def apply_action(st: PoeState, action: Action, dice: DiceService) -> None:
    if st.stack:
        apply_in_frame(st, st.stack[-1], action, dice)
    else:
        apply_own(st, action, dice)
    settle(st, dice)


def apply_own(st: PoeState, action: Action, dice: DiceService) -> None:
    s = st.active
    t = type(action)
    if t is A.Done:
        end_phase(st, dice)
    elif t is A.Select:
        st.selection.append(action.card)
    elif t is A.Unselect:
        st.selection.remove(action.card)
    elif t is A.Bury:
        bury(st, s)
        end_phase(st, dice)
    elif t is A.Enter:
        enter(st, s, st.board.index(action.area))
    elif t is A.Move:
        move(st, s, st.board.index(action.to))
    elif t is A.Dig:
        dig(st, s)
        end_phase(st, dice)
    elif t is A.Discard:
        discard_from_hand(st, s, action.card)
    elif t is A.Draw:
        st.draws += 1
        draw_card(st, s, dice, f"{st.name(s)} draws a card")
    elif t is A.Take:
        st.takes += 1
        st.faceup[s].remove(action.card)
        st.hand[s].append(action.card)
    elif t is A.Mutiny:
        st.mutinied[s] = True
        start_mutiny(st, s)
    else:
        play_card(st, s, action, dice)


def apply_in_frame(st: PoeState, f: Frame, action: Action, dice: DiceService) -> None:
    t = type(action)
    k = f.kind
    if k in ("turn-start", "phase-end"):
        if t is A.Pass:
            f.order.pop(0)
        else:
            play_card(st, f.order[0], action, dice)
    elif k == "fight":
        if t is A.Pass:
            f.passed |= 1 << f.cur
            f.cur = (f.cur + 1) % st.n
        elif st.cards[action.card].timing in ("fight", "mutiny"):
            play_fight_card(st, f, action)
        else:  # an anytime card played in the fight's window: the window goes round again
            f.passed = 0
            play_card(st, f.cur, action, dice)
    elif k == "entry":
        st.stack.pop()
        if t is A.Pass:
            st.stack.append(Frame("join-or-fight", a=f.a, b=f.b))
        else:
            discard_from_hand(st, f.b, action.card)
            join_crew(st, f.a, f.b)
    elif k == "join-or-fight":
        st.stack.pop()
        if t is A.Fight:
            st.stack.append(fight_frame(st, f.a, f.b))
        else:
            st.stack.append(Frame("accept", a=f.a, b=f.b))
    elif k == "accept":
        st.stack.pop()
        if t is A.Accept:
            join_crew(st, f.a, f.b)
        else:
            st.stack.append(fight_frame(st, f.b, f.a))
    elif k == "loot":
        if t is A.Done:
            finish_loot(st, f)
        else:
            c = action.card
            st.faceup[f.b].remove(c)
            st.faceup[f.a].append(c)
            f.budget -= st.cards[c].value
            f.cards.append(c)
    elif k == "fate":
        st.stack.pop()
        if t is A.Compel:
            compel(st, f.a, f.b, f.mutiny)
        else:
            banish(st, f.a, f.b, st.board.index(action.to), f.mutiny)
        if f.cards:
            st.stack.append(Frame("share", a=f.a, cards=list(f.cards)))
    elif k == "share":
        if t is A.Done:
            st.stack.pop()
        else:
            st.faceup[f.a].remove(action.card)
            st.faceup[action.seat].append(action.card)
    elif k == "overboard":
        st.stack.pop()
        st.faceup[f.a].remove(action.card)
        st.origin[action.card] = -1
        st.discard.append(action.card)


# -- burying, moving, digging ------------------------------------------------------------
def bury(st: PoeState, s: int) -> int:
    a = st.area[s]
    sel = list(st.selection)
    score = score_burial([st.cards[c] for c in sel], st.rules, fools_gold=st.fools)
    for c in sel:
        if c in st.hand[s]:
            st.hand[s].remove(c)
        else:
            st.faceup[s].remove(c)
        st.origin[c] = -1
        st.buried[a].append(c)
    st.vp[s] += score.total
    st.burials.append((s, a, tuple(sel), score.total))
    st.selection = []
    return score.total


def enter(st: PoeState, s: int, area: int) -> None:
    st.area[s] = area
    st.steps = 1
    occ = st.occupant(area, besides=s)
    if occ >= 0:
        arrive_occupied(st, s, occ)
    else:
        end_phase_now(st)


def end_phase_now(st: PoeState) -> None:
    """The move phase is over once a pirate has entered or used every step."""
    st.steps = 99


def move(st: PoeState, s: int, b: int) -> None:
    a = st.area[s]
    sea = st.board.sea
    if sea[b]:
        if sea[a] and st.ship[s] >= 0:
            st.ship_area[st.ship[s]] = b
        else:
            st.ship[s] = -1
            free = st.free_ships_in(b)
            if free:
                st.ship[s] = free[0]
    else:
        st.ship[s] = -1
    for p in [s, *st.crew_of(s)]:
        st.area[p] = b
    st.steps += 1
    st.lashed[s] = -1
    occ = st.occupant(b, besides=s)
    if occ >= 0:
        arrive_occupied(st, s, occ)


def arrive_occupied(st: PoeState, mover: int, captain: int) -> None:
    end_phase_now(st)
    st.stack.append(Frame("entry", a=mover, b=captain))


def dig(st: PoeState, s: int) -> None:
    a = st.area[s]
    isl = st.board.island[a]
    found = st.buried[a]
    st.buried[a] = []
    for c in found:
        st.origin[c] = isl
    st.faceup[s].extend(found)
    if st.crew_of(s) and found:
        st.stack.append(Frame("share", a=s, cards=list(found)))


def board_free_ship(st: PoeState, s: int) -> None:
    a = st.area[s]
    if a >= 0 and st.board.sea[a] and st.ship[s] < 0 and st.captain[s] < 0:
        free = st.free_ships_in(a)
        if free:
            st.ship[s] = free[0]


# -- crew and fights ----------------------------------------------------------------------
def join_crew(st: PoeState, joiner: int, captain: int) -> None:
    """``joiner`` (with their own crew) becomes crew; they abandon their ship."""
    for p in [joiner, *st.crew_of(joiner)]:
        st.captain[p] = captain
        st.ship[p] = -1
        st.area[p] = st.area[captain]
    board_free_ship(st, captain)


def fight_frame(st: PoeState, attacker: int, defender: int, *, mutiny: bool = False) -> Frame:
    return Frame("fight", a=attacker, b=defender, cur=attacker, mutiny=mutiny)


def start_mutiny(st: PoeState, s: int) -> None:
    st.stack.append(fight_frame(st, s, st.captain[s], mutiny=True))


def play_fight_card(st: PoeState, f: Frame, action: Action) -> None:
    seat = f.cur
    c = action.card
    card = st.cards[c]
    discard_from_hand(st, seat, c)
    f.played.append(c)
    f.passed = 0
    if card.timing == "fight":
        if action.seat == f.a:
            f.mod_a += card.modifier
        else:
            f.mod_b += card.modifier
    elif card.action == "walk-the-plank":
        f.no_penalty = True
    elif card.action == "clap-em-in-irons":
        f.no_bonus = True
    elif card.action == "extra-grog-ration":
        st.stack.pop()
        st.barred[f.a] = True
        st.last_fight = {
            "attacker": f.a,
            "defender": f.b,
            "mutiny": True,
            "cancelled": True,
            "played": list(f.played),
        }


def resolve_fight(st: PoeState, f: Frame, dice: DiceService) -> None:
    a, b = f.a, f.b
    sides = st.rules.fight.die_sides
    ra = dice.draw(1, sides, 1, f"Fight: {st.name(a)} attacks")[0]
    rb = dice.draw(1, sides, 1, f"Fight: {st.name(b)} defends")[0]
    ta = ra + f.mod_a
    tb = rb + f.mod_b
    penalty = bonus = 0
    if f.mutiny:
        if not f.no_penalty:
            penalty = st.rules.fight.mutiny_penalty
        if not f.no_bonus:
            bonus = mutiny_bonus(st.spots(b), st.spots(a), rounding=st.options.mutiny_rounding)
        ta += penalty + bonus
    attacker_wins = ta > tb
    winner, loser = (a, b) if attacker_wins else (b, a)
    st.last_fight = {
        "attacker": a,
        "defender": b,
        "mutiny": f.mutiny,
        "rolls": [ra, rb],
        "modifiers": [f.mod_a, f.mod_b],
        "mutiny_terms": [penalty, bonus],
        "totals": [ta, tb],
        "winner": winner,
        "played": list(f.played),
    }
    st.stack.append(Frame("fate", a=winner, b=loser, mutiny=f.mutiny))
    spots = st.spots(loser)
    r = st.rules.fight
    budget = spots * r.loot_numerator // r.loot_denominator
    st.stack.append(Frame("loot", a=winner, b=loser, budget=budget, mutiny=f.mutiny))


def finish_loot(st: PoeState, f: Frame) -> None:
    """The loser's remaining face-up treasure is discarded; the winner decides their fate."""
    st.stack.pop()
    for c in st.faceup[f.b]:
        st.origin[c] = -1
        st.discard.append(c)
    st.faceup[f.b] = []
    st.stack[-1].cards = list(f.cards)


def compel(st: PoeState, winner: int, loser: int, mutiny: bool) -> None:
    if mutiny:
        if st.captain[winner] == loser:  # the mutineer won: the crew is theirs now
            take_command(st, winner, loser)
            st.captain[loser] = winner
        return  # the captain won and keeps the mutineer as crew
    join_crew(st, loser, winner)


def take_command(st: PoeState, mutineer: int, captain: int) -> None:
    st.captain[mutineer] = -1
    st.ship[mutineer] = st.ship[captain]
    st.ship[captain] = -1
    for p in st.crew_of(captain):
        st.captain[p] = mutineer


def banish(st: PoeState, winner: int, loser: int, to: int, mutiny: bool) -> None:
    frm = st.area[loser]
    sea = st.board.sea
    if mutiny:
        if st.captain[winner] == loser:
            take_command(st, winner, loser)
        st.captain[loser] = -1
        st.ship[loser] = -1
        st.area[loser] = to
        board_free_ship(st, loser)
        return
    if sea[to] and sea[frm] and st.ship[loser] >= 0:
        st.ship_area[st.ship[loser]] = to
    else:
        st.ship[loser] = -1
    for p in [loser, *st.crew_of(loser)]:
        st.area[p] = to
    board_free_ship(st, loser)
    board_free_ship(st, winner)


# -- cards ------------------------------------------------------------------------------
def discard_from_hand(st: PoeState, s: int, c: int) -> None:
    st.hand[s].remove(c)
    st.origin[c] = -1
    st.discard.append(c)


def play_card(st: PoeState, s: int, action: Action, dice: DiceService) -> None:
    c = action.card
    act = st.cards[c].action
    st.hand[s].remove(c)
    st.origin[c] = -1
    t = type(action)
    if st.deck_info.actions[act].steps:
        st.extra_step[s] = act
    elif act == "shore-leave":
        st.shore_leave[s] = True
    elif act == "a-dead-mans-chest":
        st.dead_chest[s] = True
    elif act == "paddle-wretches":
        st.paddle[s] = True
    elif act == "fools-gold":
        st.fools += 1
    elif act == "becalmed":
        st.becalmed[action.seat] = True
    elif act == "rough-swell":
        st.stack.append(Frame("overboard", a=action.seat))
    elif act == "wheel-lashed":
        st.lashed[action.seat] = st.board.index(action.area)
    elif act == "short-grog-ration":
        start_mutiny(st, s)
    elif t is A.PlayTake:
        take = action.take
        if act == "davy-joness-locker":
            st.discard.remove(take)
            st.hand[s].append(take)
        elif act == "my-precious":
            owner = next(o for o in range(st.n) if take in st.faceup[o])
            st.faceup[owner].remove(take)
            st.hand[s].append(take)
        else:  # thieving parrot
            owner = next(o for o in range(st.n) if take in st.faceup[o])
            st.faceup[owner].remove(take)
            st.faceup[s].append(take)
    elif t is A.Swap:
        owner = next(o for o in range(st.n) if action.take in st.faceup[o])
        st.faceup[s].remove(action.give)
        st.faceup[owner].append(action.give)
        st.faceup[owner].remove(action.take)
        st.faceup[s].append(action.take)
    st.discard.append(c)


__all__ = ["apply_action", "setup", "can_mutiny"]
