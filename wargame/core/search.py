"""One search bot for every game: information-set Monte Carlo tree search.

Written once against the game protocol (``legal_actions``, ``apply``, ``clone``,
``resample_hidden``, ``is_terminal``, ``outcome``, ``current_player``), after
Cowling, Powley and Whitehouse's single-observer ISMCTS (2012). Each iteration:

1. *determinize*: ``state.resample_hidden(seat, dice)`` redraws everything hidden
   from the bot's seat (other hands, deck order) consistently with what it has
   seen; the bot never looks at the true hidden state;
2. *select* down one tree shared by all determinizations (only the actions legal
   in this determinization compete) by PUCT: a child's mean result plus an
   exploration term weighted by a prior that gives half its weight to the
   playout bot's choice at that node and spreads the rest evenly, so a short
   search plays that bot's move and a longer one leaves it only where the
   playouts say another is better;
3. *expand* the child chosen if it is new, *play out* with the fast engines, and
   credit every node on the path with the result of the seat that chose it.

Paired samples ("common random numbers"): the root action is chosen first, and its
n-th try is played in world n - the n-th redraw of the hidden parts and the n-th
dice stream after it - as is the n-th try of every other root action. The actions at
the root are so compared on equal luck, which in dice-heavy games tells a better
move from a lucky one in far fewer tries. An untried action counts as the mean of
the tried ones less ``fpu_reduction`` (first-play urgency), so an alternative to the
playout bot's choice is tried as soon as that choice looks no better than average.

Private choices of the other seats (``search_secret=1``): where every legal action of
another seat is ``secret`` (a vote card, a coin set face down), that seat's playout bot
makes the choice in each world, from its own redrawn hand, and the tree keeps one child
for it. Otherwise (the default, 0) the tree branches on the card chosen, so the
searcher's later choices below it are planned as if it had seen that card.

A playout is cut off after ``depth`` actions where the mode judges positions: the
playout bot's class may offer ``evaluate(state)``, each seat's reward in 0..1 on the
scale below (naval, raid and tortuga-1667 do, in their ``bots.py``, and Pirate Versus
Pirate's ``greedy``); elsewhere it
runs to the end.

A playout follows the game's strongest hand-written bot (found through
``Game.bots()``, weakest first), or the cheaper bot it names as its
``playout_policy`` (Pirate Versus Pirate's expectimax bot names ``greedy``), each move replaced by a random one with
probability ``epsilon``; a game with no bot but ``random`` plays out at random.
Random playouts alone tell little in games where random play rarely scores (most
random naval battles end 0-0), and the hand-written bots run as fast as the
engines. The result credited is 3/4 for the win (1 a win, 0 a loss, a draw
split evenly) and 1/4 for the seat's share of the points scored, so that a
playout that ends without a winner still says who did better.

Chance the mode can list (``search_chance=1``, the default): where a state's one legal
action is a roll whose outcomes it declares (``chance_outcomes()``: Pirate Versus
Pirate's 2d4 to move, seven totals), the tree does not sample the dice there. It tries
the outcomes in proportion to their chances (each try the one furthest below its share)
with the dice scripted, keeps one child per outcome, and values the node as the
chance-weighted sum of its outcomes' means (an outcome not tried yet counts as the
node's first judgement). So a root move is judged by the exact expectation over the
rival's roll, not by a few samples of it, and its tries go to the replies under each
total. The outcome's node is no leaf: a try goes on through it to the move made after
the roll (judging the position before that move would repeat the parent's judgement).
Where a mode lists nothing the dice are drawn as before.

The root's moves named by the mode (``search_narrow=1``): where the playout bot's class
offers ``root_moves(state, seat, legal, hint)``, only the moves it names beside the
bot's own choice are searched (the raid's tactician keeps its step in the movement
phase, Done beside it, and leaves every other decision to the search); a decision
with one move named is played at once.

Decisions that need no search are answered at once, without a playout: one legal
move, or one the mode's bot class calls trivial (``forced(state, seat, legal)``: Pieces
of Eight passes a window, before a turn, after a phase step or before a fight's dice,
when every card the seat may play there is an anytime card that is no reaction;
wargame/poe/bots.py says why that loses nothing).

The bot then plays the most visited action at the root (ties: the playout bot's). Its budget is wall-clock
time per decision (``seconds``, default 1 s) or, for reproducible runs, a fixed
number of iterations (``iterations``): a timed search depends on the machine's
speed, so only the iteration budget gives the same games on every run. A timed
search's clock starts with the decision (the hint's look counts) and it stops when
another iteration half as long again as its longest so far (``RESERVE``) would overrun
it, so a decision keeps within its seconds; ``per_move`` caps its iterations as it caps a fixed budget's. Options
come from ``--param search_seconds=0.2`` / ``search_iterations=500``.

Every random choice (determinization, expansion, playouts, chance in the
engines) is drawn from a dice service seeded from the bot's own, so a search
with an iteration budget is a pure function of its seat's observation and seed.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wargame.core.actions import Action
from wargame.core.dice import DiceService, ScriptedProvider
from wargame.core.game import Bot, BotFactory, Game, GameState, Outcome
from wargame.errors import BadInput, IllegalAction

NAME = "search"

#: The share of the prior the playout bot's choice gets at each node (the rest is
#: spread evenly over the legal actions): a short search plays that bot's move, a
#: longer one leaves it where the playouts say another is better.
HINT_PRIOR = 0.5

#: A timed search stops when this many of its longest iterations so far would not fit
#: in the time left (iterations vary: a playout may run longer than any before it).
RESERVE = 1.5

#: The options that set the search's budget.
SEARCH_BUDGET_KEYS = ("search_seconds", "search_iterations")
#: The budget of the search bot when it is the default bot of a ``wargame simulate``
#: run and no budget is given: iterations, not seconds, so that the run is quick and
#: reproducible (a timed search depends on the machine).
HEADLESS_SEARCH_ITERATIONS = 100

#: Games in which the search bot (at its default budget) measured stronger than the
#: game's strongest hand-written bot: there it is listed last, the default bot.
#: Elsewhere it is listed just before that bot (docs/rulings.md, "Where the search
#: bot stands among the bots").
STRONGEST_IN: frozenset[str] = frozenset()


@dataclass(frozen=True)
class SearchOptions:
    """The search bot's budget and knobs."""

    #: Wall-clock seconds per decision (ignored when ``iterations`` is set).
    seconds: float = 1.0
    #: A fixed number of iterations per decision: reproducible on any machine.
    iterations: int | None = None
    #: A playout longer than this many actions is scored as a draw.
    playout_limit: int = 5_000
    #: PUCT's exploration constant (rewards are in 0..1).
    exploration: float = 0.7
    #: How often a playout move is random instead of the playout bot's.
    epsilon: float = 0.1
    #: Cut a playout off after this many actions and score the position with the
    #: mode's evaluation (``evaluate`` on its playout bot); None: play to the end.
    #: Without an evaluation the playout runs to the end (``playout_limit``); 0: the
    #: position where the tree ends is judged at once (where the mode can judge it).
    depth: int | None = 40
    #: Paired samples: the n-th try of every root action is played in the same world
    #: (the same redraw of the hidden parts, the same dice after it), so the actions
    #: are compared on equal luck. 0: a fresh world every iteration.
    paired: int = 1
    #: First-play urgency: an untried action counts as its parent's mean less this.
    fpu_reduction: float = 0.25
    #: Private choices of the other seats (every legal action ``secret``: a vote card,
    #: a coin set face down) are made by the playout bot in each world and share one
    #: child in the tree, so the search's later choices cannot depend on what it could
    #: not see (1), or are searched like any other choice (0).
    secret: int = 0
    #: The root's moves chosen by sequential halving (1): every move is tried in the
    #: same paired worlds, round after round, and the worse half dropped each round,
    #: so at a small budget every move is tried, not only the playout bot's. 0: PUCT.
    halving: int = 0
    #: Rolls whose outcomes the mode lists (``chance_outcomes()``) are expanded exactly
    #: in the tree, each outcome weighted by its chance (1), or sampled (0).
    chance: int = 1
    #: Where the playout bot's class names the root moves worth comparing with its
    #: choice (``root_moves``: the raid's tactician keeps its unit moves), only those
    #: are searched (1); 0: every legal move.
    narrow: int = 0
    #: Where the playouts follow a cheaper bot than the mode's strongest (its
    #: ``playout_policy``), the move tried first at each node of the tree is the
    #: strongest bot's (1; it is asked once per node) or the playout bot's (0).
    guide: int = 0
    #: Sequential halving keeps at most this many moves after its first round (0: the
    #: better half). With ``depth=0`` the first round is the mode's one-look judgement
    #: of every move; the rest of the budget goes to the few that judgement is unsure of.
    keep: int = 0
    #: With a fixed budget, at most this many iterations per legal move (0: no cap): a
    #: choice between passing and playing a card gets a few, a turn of many moves the
    #: whole budget (Pieces of Eight asks a seat to pass or play at every window).
    per_move: int = 0
    #: Sequential halving keeps the playout bot's move unless another beats its mean
    #: reward by more than this (0: the best mean wins): at a small budget the noise
    #: of a few playouts should not overrule a good hand-written choice.
    margin: float = 0.0

    def budget(self, moves: int) -> int | None:
        """The most iterations of a decision among ``moves`` legal moves (None: as many
        as the time allows). ``per_move`` caps a timed search too: a choice between
        passing and playing a card gets a few iterations, not the whole second."""
        if not self.per_move:
            return self.iterations
        if self.iterations is None:
            return self.per_move * moves
        return min(self.iterations, self.per_move * moves)

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> SearchOptions:
        """Options from ``search_*`` parameters; a bad value is BadInput naming it."""
        known = {
            "search_seconds": "seconds",
            "search_iterations": "iterations",
            "search_playout_limit": "playout_limit",
            "search_exploration": "exploration",
            "search_epsilon": "epsilon",
            "search_depth": "depth",
            "search_paired": "paired",
            "search_fpu": "fpu_reduction",
            "search_secret": "secret",
            "search_halving": "halving",
            "search_chance": "chance",
            "search_narrow": "narrow",
            "search_guide": "guide",
            "search_keep": "keep",
            "search_per_move": "per_move",
            "search_margin": "margin",
        }
        values: dict[str, Any] = {}
        for key, raw in params.items():
            field_name = known.get(key)
            if field_name is None:
                raise BadInput(
                    f"--param {key}: unknown search bot option (it takes: {', '.join(known)})"
                )
            try:
                number = float(raw)
            except (TypeError, ValueError):
                raise BadInput(f"--param {key}: expected a number, not {raw!r}") from None
            zero_ok = key in (
                "search_depth",
                "search_epsilon",
                "search_paired",
                "search_fpu",
                "search_secret",
                "search_halving",
                "search_chance",
                "search_narrow",
                "search_guide",
                "search_keep",
                "search_per_move",
                "search_margin",
            )
            if not math.isfinite(number) or number < 0 or (number == 0 and not zero_ok):
                raise BadInput(f"--param {key}: must be a positive number, not {raw!r}")
            if field_name in ("epsilon", "margin") and number > 1:
                raise BadInput(f"--param {key}: a chance from 0 to 1, not {raw!r}")
            if field_name in (
                "iterations",
                "playout_limit",
                "depth",
                "paired",
                "secret",
                "halving",
                "chance",
                "narrow",
                "guide",
                "keep",
                "per_move",
            ):
                if number != int(number):
                    raise BadInput(f"--param {key}: expected a whole number, not {raw!r}")
                values[field_name] = int(number)
            else:
                values[field_name] = number
        return cls(**values)


class _Node:
    """A tree node: reached by one action of ``seat``, with its statistics."""

    __slots__ = ("seat", "visits", "reward", "first", "hint", "odds", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.reward = 0.0
        #: The reward of the node's first try (a chance outcome not tried yet counts so).
        self.first = 0.0
        #: The playout bot's choice here (the first time the node was reached).
        self.hint: Action | None = None
        #: Where the state after this node is a roll the mode lists: each outcome's
        #: chance, the children keyed by the outcome's index (see :func:`_mean`).
        self.odds: tuple[float, ...] | None = None
        self.children: dict[Action | str | int, _Node] = {}


def _mean(node: _Node) -> float:
    """The node's value for its seat: its mean reward, or where a listed roll follows
    it, the chance-weighted sum of the outcomes' means (an outcome not tried yet counts
    as the node's first try)."""
    if not node.visits:
        return 0.0
    odds = node.odds
    if odds is None:
        return node.reward / node.visits
    children = node.children
    total = 0.0
    for i, p in enumerate(odds):
        ch = children.get(i)
        total += p * (ch.reward / ch.visits if ch is not None and ch.visits else node.first)
    return total


def _outcome(node: _Node) -> int:
    """The listed roll's outcome to try next at ``node``: the one furthest below its
    share of the tries (the largest chance per try so far; ties: the first listed)."""
    odds = node.odds
    assert odds is not None
    children = node.children
    pick, best = 0, -1.0
    for i, p in enumerate(odds):
        ch = children.get(i)
        score = p / (1 + (ch.visits if ch is not None else 0))
        if score > best:
            pick, best = i, score
    return pick


#: The one child of a node where another seat makes a private choice (``secret``).
_HIDDEN = "hidden choice"


#: What a mode's evaluation gives: each seat's reward in 0..1 for a position that is not
#: over (on the scale of :func:`rewards`), or None where it cannot judge the position.
Evaluate = Callable[[GameState], Mapping[int, float] | None]
#: What a mode's ``forced`` gives: the answer to a decision nobody can improve on by
#: searching (Pieces of Eight's pass in a window where no card held answers what just
#: happened), played at once; None where the decision needs the search. Reads only
#: what the seat sees.
Forced = Callable[[GameState, int, Sequence[Action]], Action | None]
#: What a mode's ``root_moves`` gives: of the legal moves at the root, those worth
#: comparing with its playout bot's choice (``hint``, to be among them); the search
#: compares only these (``search_narrow=1``). Reads only what the seat sees.
Narrow = Callable[[GameState, int, Sequence[Action], Action], Sequence[Action]]


class SearchBot:
    """Information-set MCTS over the game protocol (see the module's docstring)."""

    name = NAME

    def __init__(
        self,
        dice: DiceService,
        options: SearchOptions | None = None,
        playout_bot: BotFactory | None = None,
        evaluate: Evaluate | None = None,
        narrow: Narrow | None = None,
        guide: BotFactory | None = None,
        forced: Forced | None = None,
    ) -> None:
        self.dice = dice
        #: The mode's trivial decisions (see :data:`Forced`), answered without a search.
        self.forced = forced
        #: The bot that names the move to try first at each node of the tree (None: the
        #: playout bot): the strongest bot where the playouts follow a cheaper one.
        self.guide = guide(DiceService.seeded(1)) if guide is not None else None
        self.options = options or SearchOptions()
        #: The bot playouts follow (None: uniformly random playouts).
        self.playout_bot = playout_bot
        #: The mode's evaluation of a position, for playouts cut off at ``depth``.
        self.evaluate = evaluate
        #: The mode's choice of the root moves worth comparing with its bot's move.
        self.narrow = narrow
        #: The playout bot that follows this seat through the real game and names the
        #: first action to try at the root (a hand-written bot may remember the game it
        #: follows, as the raid tactician does; playouts get a fresh one each).
        self._follower: Bot | None = None
        #: Iterations run by the last decision, and its root's visits per action.
        self.last_iterations = 0
        self.last_visits: dict[Action, int] = {}
        #: The last decision's tree (for tests and tools).
        self.last_tree: _Node | None = None
        #: Set (from another thread: the app's "move now") to end the thinking under way
        #: after the iteration it is in; the next decision clears it.
        self.hurried = False

    def hurry(self) -> None:
        """Move now: the decision under way ends after its current iteration and plays
        the best move found so far (a plain flag, safe to set from another thread)."""
        self.hurried = True

    def choose(self, state: GameState, seat: int) -> Action:
        started = time.perf_counter()
        self.hurried = False
        legal = list(state.legal_actions())
        # A forced answer (one legal move) or one the mode calls trivial: no search.
        answer = legal[0] if len(legal) == 1 else None
        if answer is None and self.forced is not None:
            answer = self.forced(state, seat, legal)
        if answer is not None:
            self.last_iterations = 0
            self.last_visits = {answer: 0}
            self.last_tree = None
            return answer
        # The search draws from its own services, seeded from the bot's: the game's
        # dice are never touched, and the same seed gives the same search.
        base = self.dice.randint(0, 2**62, "search")
        sim = DiceService.seeded(base)
        root = _Node(seat)
        if self.playout_bot is not None:
            if self._follower is None:
                self._follower = self.playout_bot(DiceService.seeded(self.dice.randint(0, 2**62)))
            # It sees the seat's own redraw of the hidden parts, never the true ones. With
            # a guide (the strongest bot, where playouts follow a cheaper one) its choice
            # is the hint, as in the tree below.
            hinter = self.guide or self._follower
            root.hint = hinter.choose(state.resample_hidden(seat, sim), seat)
            if self.narrow is not None and self.options.narrow:
                # The mode names the moves worth comparing with its bot's choice.
                legal = list(self.narrow(state, seat, legal, root.hint)) or legal
                if len(legal) == 1:
                    self.last_iterations = 0
                    self.last_visits = {legal[0]: 0}
                    self.last_tree = root
                    return legal[0]
        opts = self.options
        budget = opts.budget(len(legal))
        # A timed search's clock runs from the start of the decision (the hint's and
        # the mode's own look count), a fixed one's never stops it.
        timed = opts.iterations is None
        deadline = started + opts.seconds
        if opts.halving:
            return self._halving(root, state, seat, legal, base, started)
        done = 0
        longest = 0.0  # the longest iteration so far: a timed search stops one short
        now = time.perf_counter()
        while True:
            if done and self.hurried:
                break
            if budget is not None and done >= budget:
                break
            if timed and done and now + RESERVE * longest >= deadline:
                break
            if opts.paired:
                # The root action first; its n-th try is played in world n, as is
                # every other root action's n-th try: they meet the same luck.
                first = self._select(root, legal, seat)
                dice = self._world(root, first, base)
            else:
                first, dice = None, sim
            # A fresh playout bot each iteration: a hand-written bot may remember the
            # game it follows (the raid tactician does), and each iteration is another.
            policy = self.playout_bot(dice) if self.playout_bot is not None else None
            self._iterate(root, state.resample_hidden(seat, dice), dice, policy, first)
            done += 1
            if timed:
                was, now = now, time.perf_counter()
                longest = max(longest, now - was)
        self.last_iterations = done
        self.last_tree = root
        children = root.children
        self.last_visits = {a: n.visits for a, n in children.items() if isinstance(a, Action)}
        best = legal[0]
        best_key = (-1, False, -1.0)
        for a in legal:  # most visited; ties: the playout bot's choice, the better mean
            node = children.get(a)
            if node is None:
                continue
            key = (node.visits, a == root.hint, _mean(node))
            if key > best_key:
                best, best_key = a, key
        return best

    @staticmethod
    def _world(root: _Node, action: Action, base: int) -> DiceService:
        """The dice of ``action``'s next try at the root: its n-th try is played in
        world n, the same for every root action (paired samples)."""
        tried = root.children.get(action)
        return DiceService.seeded(f"{base}:{tried.visits if tried else 0}")

    def _halving(
        self,
        root: _Node,
        state: GameState,
        seat: int,
        legal: list[Action],
        base: int,
        start: float,
    ) -> Action:
        """Sequential halving at the root (Karnin, Koren and Somekh 2013): the budget is
        split over ceil(log2(moves)) rounds; in each, every move still in is tried
        equally often, its n-th try in paired world n, then the better half by mean
        reward stays. Ties keep the playout bot's choice, then the order of the moves.
        Every move still in is tried at least once a round, so a budget smaller than
        the moves of the turn is overspent (about twice the moves at most)."""
        opts = self.options
        timed = opts.iterations is None
        end = start + opts.seconds
        candidates = list(legal)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        iterations = opts.budget(len(legal))
        done = 0
        longest = 0.0  # the longest iteration so far: a timed search stops one short
        now = time.perf_counter()
        for r in range(rounds):
            if iterations is not None:  # a fixed budget, or a timed one's cap (per_move)
                quota = max(1, (iterations - done) // ((rounds - r) * len(candidates)))
            else:
                quota = 1 << 30
            round_end = start + opts.seconds * (r + 1) / rounds if timed else math.inf
            for _ in range(quota):
                for a in candidates:
                    dice = self._world(root, a, base)
                    policy = self.playout_bot(dice) if self.playout_bot is not None else None
                    self._iterate(root, state.resample_hidden(seat, dice), dice, policy, a)
                    done += 1
                    if timed:
                        was, now = now, time.perf_counter()
                        longest = max(longest, now - was)
                    # Out of time (a timed search: another iteration would overrun it)
                    # or told to move now: the best so far.
                    if self.hurried or (timed and now + RESERVE * longest >= end):
                        self.hurried = True
                        break
                if self.hurried or now + longest >= round_end:
                    break
            if len(candidates) > 1:

                def mean(a: Action) -> tuple[float, bool]:
                    node = root.children.get(a)
                    return (_mean(node) if node is not None else 0.0, a == root.hint)

                ranked = sorted(candidates, key=mean, reverse=True)  # stable: legal order
                candidates = ranked[: max(1, math.ceil(len(ranked) / 2))]
                if r == 0 and opts.keep:
                    candidates = candidates[: opts.keep]
                if self.hurried:
                    candidates = ranked[:1]  # move now: the best so far
                    break
        self.last_iterations = done
        self.last_tree = root
        self.last_visits = {a: n.visits for a, n in root.children.items() if isinstance(a, Action)}
        best = candidates[0]
        hint = root.hint
        if opts.margin and hint is not None and best != hint and hint in root.children:
            hinted, chosen = root.children[hint], root.children.get(best)
            if chosen is not None and hinted.visits and chosen.visits:
                lead = _mean(chosen) - _mean(hinted)
                if lead <= opts.margin:
                    return hint
        return best

    def _select(self, node: _Node, legal: Sequence[Action], seat: int) -> Action:
        """PUCT over ``legal`` at ``node`` for ``seat`` (see the module's docstring)."""
        opts = self.options
        hint = node.hint
        children = node.children
        prior_share = HINT_PRIOR if hint is not None else 0.0
        base = (1.0 - prior_share) / len(legal)
        # An untried action counts as the mean of the tried ones less a reduction
        # (first-play urgency); at a fresh node, as a sure win: try something.
        tried_n = 0
        tried_r = 0.0
        for ch in children.values():
            if ch.visits and ch.seat == seat:
                tried_n += ch.visits
                tried_r += ch.reward
        fpu = tried_r / tried_n - opts.fpu_reduction if tried_n else 1.0
        scale = opts.exploration * math.sqrt(tried_n + 1)
        action = legal[0]
        best = -math.inf
        for a in legal:
            ch = children.get(a)
            prior = base + prior_share if a == hint else base
            if ch is None or not ch.visits:
                score = fpu + scale * prior
            else:
                score = _mean(ch) + scale * prior / (1 + ch.visits)
            if score > best:
                best, action = score, a
        return action

    def _iterate(
        self,
        root: _Node,
        st: GameState,
        dice: DiceService,
        policy: Bot | None,
        first: Action | None,
    ) -> None:
        node = root
        root.visits += 1
        path: list[_Node] = []
        hide = self.options.secret and policy is not None
        chance = self.options.chance
        while not st.is_terminal():
            seat = st.current_player()
            if seat is None:
                break
            key: Action | str | int
            outcomes = st.chance_outcomes() if chance and first is None else None
            if outcomes is not None:
                # A roll the mode lists: the outcome furthest below its share, its dice
                # scripted; one child per outcome, valued for the seat before the roll.
                if node.odds is None:
                    node.odds = tuple(p for p, _ in outcomes)
                key = _outcome(node)
                st.apply(st.legal_actions()[0], DiceService(ScriptedProvider(outcomes[key][1])))
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(node.seat)
                # Not a leaf: the try goes on to the move made after the roll (judging
                # the position before it would mostly repeat its parent's judgement).
                path.append(child)
                node = child
                continue
            if first is not None:
                action, first = first, None
                key = action
            else:
                legal = st.legal_actions()
                if hide and seat != root.seat and all(type(a).secret for a in legal):
                    # A private choice of another seat: its own bot makes it in this
                    # world, and the tree goes on without knowing which it was.
                    action = policy.choose(st, seat)  # type: ignore[union-attr]
                    key = _HIDDEN
                else:
                    if node.hint is None and policy is not None:
                        node.hint = (self.guide or policy).choose(st, seat)
                    action = key = self._select(node, legal, seat)
            try:
                st.apply(action, dice)
            except IllegalAction:
                return  # not legal in this world (a redraw the seat could not tell apart)
            children = node.children
            child = children.get(key)
            if child is None:
                child = children[key] = _Node(seat)
                path.append(child)
                break
            child.seat = seat
            path.append(child)
            node = child
        rewards = _playout(st, dice, self.options, policy, self.evaluate)
        for n in path:
            got = rewards.get(n.seat, 0.0)
            if not n.visits:
                n.first = got
            n.visits += 1
            n.reward += got


def _playout(
    st: GameState,
    dice: DiceService,
    opts: SearchOptions,
    policy: Bot | None,
    evaluate: Evaluate | None = None,
) -> Mapping[int, float]:
    """Play to the end, or to ``depth`` and judge with ``evaluate``; every seat's
    reward in 0..1 (see the module's docstring)."""
    randint = dice.randint
    # epsilon as a chance in 1..1000: one draw per move decides bot or random.
    mix = round(opts.epsilon * 1000) if policy is not None else 1000
    cut = opts.depth if evaluate is not None and opts.depth is not None else None
    steps = 0
    while not st.is_terminal():
        if cut is not None and steps >= cut:
            judged = evaluate(st)  # type: ignore[misc]
            if judged is not None:
                return judged
            cut += 8  # a position it cannot judge (mid-exchange): a few more actions
        if steps >= opts.playout_limit:
            return {}
        seat = st.current_player()
        if policy is not None and seat is not None and (mix == 0 or randint(1, 1000, "mix") > mix):
            action = policy.choose(st, seat)
        else:
            legal = st.legal_actions()
            action = legal[randint(0, len(legal) - 1, "playout")]
        st.apply(action, dice)
        steps += 1
    outcome = st.outcome()
    if outcome is None:
        return {}
    return rewards(outcome)


def rewards(outcome: Outcome) -> dict[int, float]:
    """3/4 for the result (1 a win, 0 a loss, a draw split), 1/4 for the share of points."""
    seats = list(outcome.scores) or [0, 1]
    n = len(seats)
    winners = outcome.winners
    total = sum(max(0.0, float(v)) for v in outcome.scores.values())
    out: dict[int, float] = {}
    for s in seats:
        won = (1.0 if s in winners else 0.0) if winners else 1.0 / n
        share = max(0.0, float(outcome.scores.get(s, 0.0))) / total if total > 0 else 1.0 / n
        out[s] = 0.75 * won + 0.25 * share
    return out


def search_factory(factories: Mapping[str, BotFactory], options: SearchOptions) -> BotFactory:
    """The search bot with ``options``, playing out with the strongest of the game's own
    ``factories`` (weakest first) and judging cut-off playouts with its ``evaluate``."""
    hand_written = [n for n in factories if n not in (NAME, "random")]
    playout = factories[hand_written[-1]] if hand_written else None
    # A strongest bot too slow for playouts names a cheaper one (``playout_policy``).
    cheaper = getattr(playout, "playout_policy", None)
    if cheaper in factories:
        playout = factories[cheaper]
    # The mode's evaluation of a position, where its playout bot offers one.
    evaluate = getattr(playout, "evaluate", None)
    narrow = getattr(playout, "root_moves", None)
    # The tree's hints from the strongest bot where playouts follow a cheaper one.
    guide = factories[hand_written[-1]] if options.guide and playout is not None else None
    # The decisions the mode calls trivial (its strongest bot's or its playout bot's).
    strongest = factories[hand_written[-1]] if hand_written else None
    forced = getattr(strongest, "forced", None) or getattr(playout, "forced", None)
    return functools.partial(
        SearchBot,
        options=options,
        playout_bot=playout,
        evaluate=evaluate,
        narrow=narrow,
        guide=guide if guide is not playout else None,
        forced=forced,
    )


def with_search(
    game: Game, factories: Mapping[str, BotFactory], params: Mapping[str, Any]
) -> dict[str, BotFactory]:
    """``factories`` (weakest first) with the search bot in its place.

    The search bot goes just before the game's strongest hand-written bot (so that
    bot stays the default of ``wargame simulate``), last where it measured stronger
    (``STRONGEST_IN``) or where the game has no bot but ``random``."""
    bot = search_factory(factories, SearchOptions.from_params(params))
    names = [n for n in factories if n != NAME]
    at = len(names) if game.name in STRONGEST_IN or len(names) <= 1 else len(names) - 1
    out: dict[str, BotFactory] = {}
    for i, n in enumerate(names):
        if i == at:
            out[NAME] = bot
        out[n] = factories[n]
    if at == len(names):
        out[NAME] = bot
    return out
