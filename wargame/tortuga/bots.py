"""The strong Tortuga bot: plays from its own seat's observation only.

It keeps a belief about every other seat's loyalty, an evidence count turned into
odds (a naive-Bayes log-likelihood per seat), from the public record: the hold a
captain or cabin boy put treasure in, the treasure maps given, who was marooned or
shot by whom, who called a mutiny, and the flags revealed in brawls set against the
flags it played itself. It then plays a fixed plan: keep the Spanish Armada's place
in mind and reveal it while its nation leads; take the roles that move treasure to
its own nation (cabin boy, captain, governor); vote for its own side; aim pistols,
marooning and mutinies at likely enemies and give maps to likely friends.
"""

from __future__ import annotations

import math
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService
from wargame.core.game import GameState
from wargame.tortuga import actions as A
from wargame.tortuga.belief import Belief
from wargame.tortuga.state import DUTCH, TortugaState

GOOD = {"letter_of_marque": 1.0, "pistol": 1.0, "atlantis": 0.3, "el_dorado": 0.3,
        "fountain_of_youth": 0.3, "crows_nest": 0.5, "cabin_fever": 0.0, "facade": 0.0,
        "eight_bells": 0.0, "pirate_code": -0.5, "scurvy": -0.5, "albatross": -1.0,
        "black_spot": -2.0, "black_powder": 0.0, "stormy_seas": 0.0}  # fmt: skip


def attack_sym(c: int) -> int:
    return c >> 2  # 0 cannon, 1 torch, 2 water


def flag(c: int) -> int:
    return (c >> 1) & 1  # 0 British, 1 French


def skull(c: int) -> bool:
    return c & 1 == 0


#: How many treasures of a lead make a game about three to one (the evaluation's scale).
LEAD_SCALE = 1.5


def evaluate(state: GameState) -> dict[int, float] | None:
    """Each seat's chances in a game not yet over, for the search bot's cut-off
    playouts: the treasure lead of its nation (holds and Tortuga, public) becomes a
    chance to win on a logistic curve (the Dutch hope for a tie), on the scale of the
    search's rewards (3/4 the win, 1/4 the share of the treasure). It reads the seats'
    loyalties of the world it is given: the search's own redraw, never the true one."""
    assert isinstance(state, TortugaState)
    if state.over:
        return None
    totals = state.totals()
    lead = max(-30.0, min(30.0, (totals[0] - totals[1]) / LEAD_SCALE))
    british = 1.0 / (1.0 + math.exp(-lead))
    tie = math.exp(-abs(lead))  # the Dutch win only on a tie
    scores = [
        float(totals[t] if t < DUTCH else (totals[0] if totals[0] == totals[1] else 0))
        for t in state.team
    ]
    total = sum(scores)
    out: dict[int, float] = {}
    for s, t in enumerate(state.team):
        win = british if t == 0 else 1.0 - british if t == 1 else tie
        share = scores[s] / total if total > 0 else 1.0 / state.n
        out[s] = 0.75 * win + 0.25 * share
    return out


class StrongBot:
    name = "strong"
    #: The search bot's evaluation of a position (its playouts follow this bot).
    evaluate = staticmethod(evaluate)

    def __init__(self, dice: DiceService) -> None:
        self.dice = dice
        #: Each seat's last belief: the next one reads only the events since (the
        #: search's playouts ask this bot for every move of a game line).
        self._beliefs: dict[int, Belief] = {}

    def choose(self, state: GameState, seat: int) -> Action:
        legal = list(state.legal_actions())
        if len(legal) == 1:
            return legal[0]
        obs = state.observation(seat)
        plan = Plan(obs, legal, self.dice, self._beliefs.get(seat))
        self._beliefs[seat] = plan.belief
        return plan.choose()


class Plan:
    def __init__(
        self,
        obs: dict[str, Any],
        legal: list[Action],
        dice: DiceService,
        prior: Belief | None = None,
    ) -> None:
        self.obs = obs
        self.legal = legal
        self.dice = dice
        self.me = obs["seat"]
        self.belief = Belief(obs, prior)
        self.team = self.belief.team
        b, f = obs["totals"]
        self.b, self.f = b, f
        if self.team == 2:  # the Dutch want a tie: help whoever is behind
            self.mine = 0 if b < f else 1 if f < b else 0
            self.lead = -abs(b - f)
        else:
            self.mine = self.team
            self.lead = (b - f) if self.team == 0 else (f - b)
        self.enemy = 1 - self.mine
        self.hand: list[int] = obs["hand"] or []
        viewed = {int(k): v for k, v in obs["viewed"].items()}
        self.viewed = viewed
        self.armada = next((k for k, v in viewed.items() if v == "spanish_armada"), -1)

    # -- helpers -----------------------------------------------------------------------
    def has(self, cls: type[Action], **fields: Any) -> Action | None:
        for a in self.legal:
            if type(a) is cls and all(getattr(a, k) == v for k, v in fields.items()):
                return a
        return None

    def best(self, cls: type[Action], score: Any) -> Action | None:
        options = [a for a in self.legal if type(a) is cls]
        if not options:
            return None
        return max(options, key=lambda a: (score(a), -self.legal.index(a)))

    def friend(self, s: int) -> float:
        return self.belief.friend(s)

    def choose(self) -> Action:
        top = self.obs["pending"]
        if top is not None:
            action = self.respond(top)
        else:
            action = self.main()
        return action if action is not None else self.legal[0]

    # -- responses ---------------------------------------------------------------------
    def respond(self, top: list[Any]) -> Action | None:
        kind = top[0]
        if kind == "vote":
            return self.vote()
        if kind == "hold":
            return self.has(A.StartHold, hold=self.mine)
        if kind == "loot":
            return self.best(A.Loot, lambda a: (a.to == self.mine, a.frm == self.enemy))
        if kind == "reveal2":
            a, b = top[2], top[3]
            return self.has(A.Reveal, slot=self.pick_reveal([a, b]))
        if kind == "offer":
            return self.best(A.Offer, lambda a: self.offer_value(a.a, a.b))
        if kind == "marque":
            mv = self.best(A.Marque, self.marque_value)
            if mv is not None and self.marque_value(mv) > 0:
                return mv
            return self.has(A.Keep) or mv
        if kind in ("pistol", "fever"):
            cls = A.Pistol if kind == "pistol" else A.Fever
            if kind == "fever" and self.lead > 0:
                return self.best(cls, lambda a: self.friend(a.target))
            return self.best(cls, lambda a: (1 - self.friend(a.target)) + self.threat(a.target))
        if kind == "give":
            return self.best(A.Give, lambda a: self.friend(a.target))
        if kind == "nest":
            return self.has(A.Nest, target=self.me)
        if kind == "pick":
            return self.best(A.Pick, lambda a: self.card_value(a.card))
        if kind == "fountain":
            return self.has(A.Fountain, use=True)
        if kind == "atlantis":
            p = self.where()
            gain = self.place_value(1 - p) - self.place_value(p) if p < 2 else -1
            return self.has(A.Atlantis, use=gain > 0.5)
        if kind == "powder":
            return self.best(A.Powder, lambda a: -self.friend(self.obs["boats"][a.boat]))
        return None

    def vote(self) -> Action | None:
        v = self.obs["vote"]
        kind, caller = v["kind"], v["caller"]
        if kind == "attack":
            support = caller == self.me or (self.friend(caller) > 0.65 and self.lead <= 0)
            oppose = caller != self.me and self.friend(caller) < 0.35
            order = [1, 0, 2] if support else [2, 0, 1] if oppose else [0, 2, 1]
            return self.best(
                A.Vote,
                lambda a: (
                    -min(order.index(attack_sym(c)) for c in a.cards)
                    + (len(a.cards) > 1 and support) * 0.5
                ),
            )
        if kind == "brawl":
            return self.best(
                A.Vote, lambda a: sum(1 if flag(c) == self.mine else -1 for c in a.cards)
            )
        lines = self.obs["lines"]
        captain = lines[self.where()][0] if self.where() < 2 and lines[self.where()] else -1
        want = captain != self.me and (self.friend(captain) < 0.5 or caller == self.me)
        return self.best(A.Vote, lambda a: sum(1 if skull(c) == want else -1 for c in a.cards))

    def card_value(self, c: int) -> float:
        return (attack_sym(c) < 2) * 1.0 + (flag(c) == self.mine) * 1.0 + skull(c) * 0.5

    # -- the event row -----------------------------------------------------------------
    def unknown_slots(self) -> list[int]:
        return [i for i, r in enumerate(self.obs["row"]) if r and i not in self.viewed]

    def slot_value(self, slot: int) -> float:
        """What revealing ``slot`` is worth to the bot's nation."""
        kind = self.viewed.get(slot)
        final = self.obs["final"]
        down = [i for i, r in enumerate(self.obs["row"]) if r]
        if kind is None:
            p_armada = 0.0
            if final and self.armada < 0:
                p_armada = 1.0 / max(1, len(self.unknown_slots()))
            return p_armada * self.armada_value() + (1 - p_armada) * -0.2
        if kind == "spanish_armada":
            return self.armada_value()
        if kind == "stormy_seas":
            p = self.where()
            h = self.obs["holds"][p] if p < 3 else [0, 0]
            return (h[self.enemy] - h[self.mine]) * 1.0
        if kind == "albatross" and self.where() >= 2:
            return 0.0
        _ = down
        return GOOD.get(kind, 0.0)

    def armada_value(self) -> float:
        if self.lead > 0:
            return 20.0
        if self.lead < 0:
            return -20.0
        return 0.0 if self.obs["players"] % 2 == 0 else -5.0 if self.team < 2 else 20.0

    def pick_reveal(self, slots: list[int]) -> int:
        return max(slots, key=lambda s: (self.slot_value(s), -s))

    def offer_value(self, a: int, b: int) -> float:
        # The forced player picks; assume either card equally likely.
        return -(self.slot_value(a) + self.slot_value(b)) / 2  # it hurts them, not us

    # -- where to be -------------------------------------------------------------------
    def where(self) -> int:
        for p, line in enumerate(self.obs["lines"]):
            if self.me in line:
                return p
        return 3 if self.obs["boats"][0] == self.me else 4

    def threat(self, s: int) -> float:
        """How much harm ``s`` can do where they stand (a role next to treasure)."""
        lines, holds = self.obs["lines"], self.obs["holds"]
        for p in (0, 1):
            line = lines[p]
            if s in line:
                role = 0.0
                if line[-1] == s:
                    role += holds[p][self.mine] * 0.5
                if line[0] == s:
                    role += 0.5
                return role
        if lines[2] and lines[2][0] == s:
            return sum(holds[2]) * 0.2
        return 0.0

    def place_value(self, p: int, *, arriving: bool = True) -> float:
        """What standing in ``p`` is worth: the roles the bot would hold there."""
        obs = self.obs
        holds = obs["holds"]
        lines = obs["lines"]
        if p >= 3:
            return 0.0
        line = [s for s in lines[p] if s != self.me] + [self.me] if arriving else lines[p]
        if p < 2 and len(line) > 6:
            return -9.0
        i = line.index(self.me)
        v = 0.0
        if p == 2:
            if i == 0:
                v += holds[2][self.enemy] * 1.0
            return v
        if i == len(line) - 1:
            v += holds[p][self.enemy] * 1.5
        if i == 0:
            target = obs["galleon"] + holds[1 - p][self.enemy]
            v += min(target, 2) * 0.6
            v += sum(1 - self.friend(s) for s in line[1:]) * 0.2
        if i == 1:
            v += (1 - self.friend(line[0])) * 0.5
        v += holds[p][self.mine] * 0.3 * (1 if i == len(line) - 1 else 0)
        return v

    def move_value(self, to: int) -> float:
        p = self.where()
        current = self.place_value(p, arriving=False)
        if to >= 3:  # a rowboat: worth the best place it leads to, one action later
            ship = to - 3
            return max(self.place_value(ship), self.place_value(2)) * 0.8 - current - 0.1
        return self.place_value(to) - self.place_value(p, arriving=False) * 0.0 - 0.05

    # -- the main action ---------------------------------------------------------------
    def main(self) -> Action | None:
        obs = self.obs
        p = self.where()
        holds, lines = obs["holds"], obs["lines"]
        hand = self.hand
        # 1. The Armada, known, while ahead: the game is won.
        if self.armada >= 0 and self.armada_value() > 0:
            a = self.has(A.Reveal, slot=self.armada)
            if a is not None:
                return a
        # 2. Roles that move treasure to the bot's nation.
        shift = self.has(A.Shift, frm=self.enemy)
        if shift is not None:
            return shift
        if self.has(A.Attack) is not None:
            target = obs["galleon"] + (holds[1 - p][self.enemy] if obs["galleon"] == 0 else 0)
            if target and any(attack_sym(c) < 2 for c in hand):
                return self.has(A.Attack)
        if self.has(A.Brawl) is not None:
            if holds[2][self.enemy] > 0 and any(flag(c) == self.mine for c in hand):
                return self.has(A.Brawl)
        if self.has(A.Mutiny) is not None and p < 2 and lines[p]:
            if self.friend(lines[p][0]) < 0.4 and any(skull(c) for c in hand):
                return self.has(A.Mutiny)
        maroon = self.best(A.Maroon, lambda a: (1 - self.friend(a.target)) + self.threat(a.target))
        if maroon is not None and self.friend(maroon.target) < 0.3:
            if self.threat(maroon.target) > 0.4:
                return maroon
        # 3. A good card known in the row, when the bot may hurry the end.
        reveals = [a for a in self.legal if type(a) is A.Reveal]
        if reveals:
            best = max(reveals, key=lambda a: self.slot_value(a.slot))
            value = self.slot_value(best.slot)
            # known good; or ahead, hurrying the end; or the game has dragged on
            if value >= 0.9 or (value > -0.5 and (self.lead > 0 or obs["turns"] > 150)):
                return best
        # 4. Go where a role waits.
        moves = [a for a in self.legal if type(a) is A.Move]
        marques = [a for a in self.legal if type(a) is A.Marque and a.target == self.me]
        if marques:
            m = max(marques, key=self.marque_value)
            if self.marque_value(m) > 0.5:
                return m
        if moves:
            m = max(moves, key=lambda a: self.move_value(a.to))
            if self.move_value(m.to) > 0.4:
                return m
        # 5. Find the Armada once it is in the row; hurry the end while ahead.
        unknown = self.unknown_slots()
        if obs["final"] and self.armada < 0 and len(unknown) >= 2:
            return self.has(A.View, a=unknown[0], b=unknown[1])
        if reveals:
            best = max(reveals, key=lambda a: self.slot_value(a.slot))
            if self.slot_value(best.slot) > -0.5 or obs["turns"] > 150:
                return best
        if len(unknown) >= 2 and not obs["final"]:
            view = self.has(A.View, a=unknown[0], b=unknown[1])
            if view is not None:
                return view
        if moves:
            return max(moves, key=lambda a: self.move_value(a.to))
        if reveals:
            return max(reveals, key=lambda a: self.slot_value(a.slot))
        return None

    def marque_value(self, a: Any) -> float:
        if a.target == self.me:
            return self.place_value(a.ship) - self.place_value(self.where(), arriving=False)
        # moving someone else aboard: a friend to a ship is mildly good
        return (self.friend(a.target) - 0.5) * 0.4
