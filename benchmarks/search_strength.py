"""The search bot's win rates: the table of issue 19, reproduced through `wargame simulate`.

For each mode and opponent it plays G games with the search bot in seat 0 and G with
it in seat 1 (seats rotated; the same seeds both ways, so each side of the board sees
the same luck), counts a win 1, a draw (nobody or everybody won) 1/2, and prints the
rate with a 95% interval (normal approximation of the mean score). The reference row
plays the mode's best hand-written bot against the same opponent the same way.

Every game is played by two players unless ``--players N`` says otherwise; then the
bot takes each seat in turn (``--games`` per seat) and a shared result or a draw scores
its fair share (1/N).

    python benchmarks/search_strength.py naval --opponent captain --games 100 \
        --param search_iterations=24 --param search_depth=30 [--jobs 2] [--json]

The issue 19 table: 200 games a row (``--games 100`` per seat, seed 19), a win 1, a
draw 1/2, 95% interval; fixed iteration budgets (the same games on every run). Each
command is ``python benchmarks/search_strength.py`` followed by the row's arguments.

    mode          match-up              budget (--param search_...)        score
    pirate-coins  search v strong       iterations=16                      73.8% ± 5.9
    pirate-coins  search v random       iterations=16                      99.5% ± 1.0
    pirate-coins  strong v random       -                                  99.0% ± 1.4
    tortuga-1667  search v strong       iterations=64 depth=16             53.2% ± 6.9
    tortuga-1667  search v strong       iterations=128 depth=16            54.2% ± 6.9
    tortuga-1667  search v strong       iterations=64 depth=16 secret=1   52.2% ± 6.9
    tortuga-1667  search v strong       iterations=256 depth=16 halving=1  80.5% ± 5.5
    tortuga-1667  search v random       iterations=64 depth=16             96.5% ± 2.6
    tortuga-1667  search v random       iterations=256 depth=16 halving=1  96.5% ± 2.6
    tortuga-1667  strong v random       -                                  93.0% ± 3.5
    raid          search v tactician    iterations=32                      50.5% ± 6.9
    raid          search v random       iterations=32                      89.0% ± 4.3
    raid          tactician v random    -                                  87.0% ± 4.7
    naval         search v captain      iterations=12 depth=20             46.0% ± 6.8
    naval         search v random       iterations=12 depth=20             81.0% ± 4.4
    naval         captain v random      -                                  82.0% ± 4.0

    e.g. tortuga-1667 --opponent strong --games 100 \
             --param search_iterations=128 --param search_depth=16
         raid --bot tactician --opponent random --games 100

Not measured in this (issue 19) table: Pieces of Eight takes 3 to 6 players (see the
issue 27 table, ``--players 4``); Pirate Versus Pirate's search then played out with the
expectimax bot, about 1 ms a move, so 1 s gave about 12 iterations (now it plays out
with the greedy bot and judges with the expectimax bot's evaluation: about 600).

What 1 s buys (``--per-second 12``: the median iterations of the search's first 12
decisions as seat 0 against the opponent named, 2026-11-24): on a quiet machine
(load 0.3; the same count, another game's seed) tortuga-1667 1,330 (depth 16),
pirate-coins 800, naval 850 (depth 20), raid 590, pirate-versus-pirate 12; with the
machine loaded (load 5 on 2 cores) about a quarter of that (345, 245, 227, 161, 4).
So every budget in the table is well under the 1 s default: from a seventieth
(naval, 12) to a tenth (Tortuga, 128) of what 1 s gives on a quiet machine.

At those budgets the search mostly plays its playout bot's move (``--per-second 60``
with the row's budget prints how often): Tortuga at 64 iterations in 59 of 59
decisions, at 128 in 49 of 50; the raid at 32 in 60 of 60; Pirate Coins at 16 in 40
of 43. With a 50% prior on that move and untried moves valued at the tried ones'
mean less 0.25 (``search_fpu``), the other moves of a Tortuga turn (about 12) are
hardly tried within 64 iterations, so the raid and Tortuga rows measure the
hand-written bot against itself plus a few deviations.

Sequential halving at the root (``search_halving=1``) answers that: every move of the
turn is tried in the same paired worlds, round after round, and the worse half dropped
each round. Tortuga at 256 iterations with it: 80.5% ± 5.5 (161-0-39) against strong,
96.5% ± 2.6 (193-0-7) against random (strong: 93.0%). Measured 2026-11-24 on the
quiet machine, about 11 minutes a row:

    tortuga-1667 --opponent strong --games 100 \
        --param search_iterations=256 --param search_depth=16 --param search_halving=1

The issue 27 table: the ``hard`` level (``wargame/core/levels.py``: the search bot with
sequential halving at the mode's fixed budget) against each mode's best hand-written
bot, seat rotated over every seat (``--players N``: the bot in one seat, the opponent in
the others; a draw scores the fair share), seed 19, ``--jobs 1`` under ``nice -n 10``
on the 2-core machine shared by six engineers (load 7), 2026-11-26. Each command is
``python benchmarks/search_strength.py`` followed by the row's arguments and
``--param`` for each budget entry.

    mode             players  v           budget (--param search_...)        target  score (games)
    pirate-coins     2        strong      iterations=64 halving=1            65%     70.0% ± 6.3 (200: 138-4-58)
    tortuga-1667     2        strong      iterations=256 depth=16 halving=1  65%     80.5% ± 5.5 (200: 161-0-39), issue 19's run of this command
    naval            2        captain     iterations=256 depth=20 halving=1  65%     81.0% ± 5.0 (200: 152-20-28)
    raid             2        tactician   iterations=128 halving=1 narrow=1  65%     70.5% ± 6.3 (200: 141-0-59)
    tortuga-1667     4        strong      iterations=256 depth=16 halving=1  65%     65.5% ± 6.6 (200: 131-0-69; strong in the seat: 50%)
    pieces-of-eight  4        strong      iterations=64 depth=80 halving=1   37.5%   58.4% ± 6.7 (200: 114-11-75)
                                          per_move=8 margin=0.03
    pirate-v-pirate  2        expectimax  iterations=128 depth=0 halving=1   65%     53.5% ± 6.9 (200: 106-2-92)
                                          guide=1 keep=4 margin=0.05

    e.g. pirate-coins --opponent strong --games 100 \
             --param search_iterations=64 --param search_halving=1
         pieces-of-eight --players 4 --opponent strong --bot hard --games 50

Only the Pirate Coins row was played in full this session: the machine ran at load 7
to 12 (six engineers' test suites), so a row process at nice 10 got about 7% of a core
and the Tortuga row (256 iterations, about 10 CPU seconds a game) had played about 14
of its 200 games after half an hour; it was stopped. An iteration budget gives the same
games on every machine, so the Tortuga 2-player and naval rows stand as measured
earlier on the 16-core machine with these commands (naval: 48 games a seat there).
Pirate Versus Pirate fell short: 3 wins in 10 games at 256 iterations and depth 0
(greedy playouts), 3 in 10 with the expectimax bot's own playouts cut after its
rival's reply (128 iterations, depth 2), 0 in 10 with greedy playouts at depth 4. The
expectimax bot sums its rival's 2d4 exactly; the search sampled it, and at the root a
move's first tries are few (40 to 170 moves a turn: one try each in the first round of
halving), so the dice's noise outweighed the differences between moves.

Issue 27, second session (2026-11-26, the same loaded machine, ``--bot search`` with
the ``--param`` given, seed 19, 20 games a seat unless said). Pirate Versus Pirate now
lists its roll to move (``chance_outcomes``: the seven totals of 2d4 and their chances)
and the search expands it exactly (``search_chance=1``, the default): each total tried
in proportion to its chance with the dice scripted, a move valued by the chance-weighted
sum, so a root move's value has no dice noise left (tests: the expectimax judgement is
that sum over the known roll; the search's value of a move is the weighted sum of its
totals). At depth 0 the first round of halving is then the expectimax bot's own
ranking; what the rest of the budget adds did not show as strength:

    pirate-versus-pirate v expectimax, depth=0 halving=1       score (40 games)   CPU a decision
    iterations=1024, a total's node a leaf                      47.5% ± 15.7       ~0.4 s
    iterations=1024, through to the reply (greedy's first)      35.0% ± 15.0       ~0.8 s
    iterations=256 guide=1 keep=6 (the expectimax bot's replies) 45.0% ± 15.6      ~1.4 s

None is above the 50% of the expectimax bot itself within its interval: a search whose
leaves are the expectimax bot's judgement and whose replies are its moves plays about
as well as it does. The evaluation (``ExpectimaxBot.static`` and the one-roll tactical
look) is the limit, not the dice any more; the next step is a better judgement of a
position (its weights tuned by self-play, the race to the coins), not more iterations.
The last row's budget took 1.4 CPU s a decision (up to 2.5 s where few moves leave
most of it to the expectimax bot's replies, each about 10 ms), over the 1 s a move;
the hard level (``levels.HARD``) has 128 iterations and keeps 4 (0.43 s a decision on
average over 51, at most 1.06 s, on the loaded machine). The owner's 200-game row:

    pirate-versus-pirate --opponent expectimax --bot hard --games 100

The raid: a profile of the hard bot (64 iterations, halving) over one game as the
pirates: 185 decisions, 116 of them in the movement phase among 25 to 88 moves (one
figure's step each: which figure next and where), 32 fires, 26 fights, 10 shots; halving
tries every move at least once a round, so 64 iterations became about 150, a decision
cost 0.4 to 1.2 s (cProfile), 90% of it in playouts (the tactician's choice 40%, the
engine's apply 46%) of 40 actions. With one or two noisy 40-action playouts per step, the
search played another move than the tactician's in 116 of 185 decisions, mostly steps.
``search_narrow=1`` asks the playout bot's class which root moves to compare
(``root_moves``): the tactician keeps its movement-phase step (played at once), and the
search takes every other decision (withdraw or stay, shots, attacks, fires, loot,
casualties), about 70 a game. That made a game about 6 CPU s instead of 25 and:

    raid v tactician, iterations=64 halving=1 narrow=1          score
    seed 19, 12 games a seat                                    62.5% ± 19.8 (24: 15-0-9)
    seed 23, 20 games a seat                                    62.5% ± 15.2 (40: 25-0-15)
    both                                                        62.5% ± 11.9 (64: 40-0-24)

(Before, without narrowing: 47.9% ± 14.3 over 48 games.) A searched raid decision at 64
iterations costs about 0.15 CPU s; 1 s would buy about 420 on the quiet machine, not yet
measured for strength. The hard level now has ``search_narrow=1``; the owner's 200-game row:

    raid --opponent tactician --bot hard --games 100

Issue 27, third session (2026-11-27; rows from ``--bot hard``, seed 19, the same games
as the command gives, played from a frozen checkout at nice -10 while the team worked):

- Pieces of Eight had no evaluation, so every playout ran to the end of the game (about
  900 actions, 260 ms): 198 CPU s a game at 64 iterations, and 1 draw, 3 losses in 4.
  ``poe.bots.evaluate`` judges a position (points buried plus 0.6 of the best five
  treasures held, a softmax whose spread narrows from 14 to 3 points as the deck runs
  down); ``search_per_move=8`` caps a decision at 8 iterations a legal move (most are
  "play a card or pass" windows with 2 moves); ``search_margin=0.03`` keeps the strong
  bot's move unless another beats its mean by more. A game now costs about 40 CPU s, so
  200 games are 2.2 CPU hours: 33 games (every seat, interleaved) fit the session,
  56.1% ± 16.8 against a target of 37.5% (its lower bound 39.3%).
- Tortuga 1667 with 4 players: 39.5% ± 6.8 over 200 games, short of 65%, and below what
  the strong bot wins in the same seat against three strong bots (50% over 200 games:
  its team wins about half). The 2-player row is 80.5%: with teammates the search plans
  on redrawn loyalties for three other seats, and at 256 iterations over a turn of ~12
  moves it does worse than the strong bot's evidence model. Not yet looked into.
- The naval row at 200 games: 81.0% ± 5.0 (152 won, 20 drawn, 28 lost). The raid row at
  200 games with ``search_narrow=1``: 64.5% ± 6.6 (129-0-71), half a point short of 65%
  (the helper's 64 games said 62.5%; before narrowing 47.9%). Next: a larger budget now
  that a raid game costs 6 CPU s, or a better raid evaluation.

What 1 s buys on this machine (``--per-second 6 --param search_halving=1``, the machine
at load 0.8, 2026-11-26): naval 774 iterations (depth 20), tortuga-1667 917 (depth 16),
raid 420, pirate-coins 408, pirate-versus-pirate about 600 (depth 20, greedy
playouts; it was 12 with the expectimax bot's playouts); at load 7 about a third of
that. Every fixed budget in the table is at most a third of 1 s on the quiet machine.

Issue 27, fourth session (2026-11-27; rows from ``--bot hard`` with the budget shown,
seed 19, the same games as the command gives, each from a frozen checkout):

- Tortuga 1667 with 4 players: the search redrew the loyalties it cannot see uniformly,
  so with a partner hidden among three seats every move was judged as if any of them
  could be it, while the strong bot reads the public record (treasure put in a hold,
  maps given, marooning, brawl flags). The redraw now deals the loyalties in
  proportion to the seat's own belief (``tortuga/belief.py``, the strong bot's evidence
  count: British e^(L/2), French e^(-L/2), Dutch 1; a plain shuffle while there is no
  evidence): 39.5% became 65.5% ± 6.6 (200: 131-0-69) at ccb49d3. The 2-player game
  has no hidden loyalty, so its row is unchanged. A redraw costs 57 us (49 before).
- The raid at 128 iterations (``levels.HARD``, was 64): 70.5% ± 6.3 (200: 141-0-59)
  at 8a42d41 plus the parameter. As the pirates it won 83 of 100 at 64 iterations and
  as the defenders 46 (the tactician against itself: 59 and 41); a margin for the
  defenders (keep the tactician's move unless another is 0.05 better) did worse (19 of
  46 against 23).
- Pirate Versus Pirate: the search's root hint was the greedy playout bot's move even
  with ``search_guide=1``; it is now the guide's (the expectimax bot's), as in the tree
  below, and ``search_margin=0.05`` keeps that move unless another is clearly better.
  The hard level before these: 41.8% ± 8.2 (140 of the 200); after, the row below.
  Tuning the expectimax bot's seven weights by self-play (each halved and doubled, 200
  games a try against the bot itself) found nothing above 54%: halving GOLD_HELD fell
  to 23%, doubling FOLLOW_UP to 38%, everything else 49-54%. Its judgement sits at a
  flat optimum of its own form, and a two-ply search on it plays about as it does.
- Pieces of Eight 4 players finished at 200 games (the 33 of the third session and 167
  more from the same frozen checkout, 349d069): 58.4% ± 6.7 (114 won, 11 shared or
  drawn, 75 lost) against a target of 37.5%, 35 CPU s a game.

    pieces-of-eight --players 4 --opponent strong --bot hard --games 50
    tortuga-1667 --players 4 --opponent strong --bot hard --games 50
    raid --opponent tactician --bot hard --games 100
    pirate-versus-pirate --opponent expectimax --bot hard --games 100

Issue 41 (2026-11-28; the target now 55% over 400 games, the lower bound above 50%,
within 1 s a decision). A judgement learnt from self-play (``wargame/pvp/judge.py``: 21
features of the position after a move, the expectimax bot's own parts among them: coins
delivered and carried and their steps home, the race to the gold and the silver, the
pirates left, the next rival's chance to win with its roll and its expected take, the
seat's own after it; a logistic regression on the final results of about 2,200 seeded
self-play games, ``benchmarks/train_pvp_judge.py``, weights in
``resources/rules/pvp_judge.toml``), tried as the Hard level against the expectimax bot
(seats rotated; a small script for the first rows, the command below for the last):

    the judge's best move, one move deep (fit on ~470 games)           50.0% ± 9.8 (100)
    the same, fit on ~1,750 games                                      49.5% ± 6.9 (200)
    the same, fit on ~2,200 games (the shipped weights)               50.5% ± 6.9 (200)
    the 4 best looked at again through the rival's greedy reply        42.5% ± 6.9 (200)
    the expectimax bot's move unless the judge's best is 0.03 likelier  54.2% ± 6.9 (200)
      the same, two fresh seeds                                   50.7% and 55.0% (200 each)
      the same, this command (seed 19)                        52.0% ± 4.9 (400: 208-0-192)
      the same, two more fresh seeds                              50.5% and 49.8% (200 each)
    the same margin, refitted with 900 more games of the judge's own  50.5% and 50.2%

    pirate-versus-pirate --opponent expectimax --bot hard --games 200

Over all 1,400 games of the shipped judge with its margin (the margin fixed before the
fresh ones): 52.0% ± 2.6 (725-7-668), its lower bound 49.4%, short of 55%; the judge alone plays as the expectimax bot does, and the
margin keeps that bot's move in most decisions (in 255 of 278 over 10 expectimax
self-play games). It is the Hard level now
(``levels.HARD_BOT``): as strong as the search it replaces (53.5% ± 6.9 over 200) within
the noise, and at most 0.48 s a decision on the loaded machine where the search took up
to 1.06 s. What would help next: more self-play data (the fit used ~2,200 games, whose
results are one label each), TD targets instead of final results, a race feature in
turns (the exact 2d4 chance to reach the gold or home within k rolls).

Budgets: an iteration budget (``search_iterations``) gives the same games on every run
and on every machine; a time budget (``search_seconds``) depends on the machine's load.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def simulate(
    game: str,
    bots: list[str],
    games: int,
    seed: int,
    params: list[str],
    jobs: int,
    players: int = 2,
) -> subprocess.Popen[str]:
    """Start one `wargame simulate --json` run of ``players`` seats."""
    cmd = [sys.executable, "-m", "wargame", "simulate", game, "--json"]
    cmd += ["--players", str(players)]
    cmd += ["--games", str(games), "--seed", str(seed), "--bots", ",".join(bots)]
    cmd += ["--jobs", str(jobs)]
    for p in params:
        cmd += ["--param", p]
    return subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)  # noqa: S603


def games_of(run: subprocess.Popen[str]) -> list[dict[str, Any]]:
    """The games of a run started by :func:`simulate`, once it is done."""
    out, _ = run.communicate()
    if run.returncode:
        raise SystemExit(f"simulate failed (exit {run.returncode})")
    return json.loads(out)["games"]


def score(game: dict[str, Any], seat: int, players: int) -> float:
    """1 a win (alone or with its team), 0 a loss, the fair share 1/players a draw
    (nobody or every seat won): 1/2 in a two-player game."""
    winners = game["winners"]
    if not winners or len(winners) == players:
        return 1.0 / players
    return 1.0 if str(seat) in winners else 0.0


def rate(
    game: str,
    bot: str,
    opponent: str,
    games: int,
    seed: int,
    params: list[str],
    jobs: int,
    players: int = 2,
) -> dict[str, Any]:
    """``bot`` in one seat against ``opponent`` in the others over ``players`` x
    ``games`` games, seats rotated (the runs one after another: ``jobs`` each)."""
    scores = []
    for seat in range(players):
        bots = [opponent] * players
        bots[seat] = bot
        run = simulate(game, bots, games, seed, params, jobs, players)
        scores += [score(g, seat, players) for g in games_of(run)]
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return {
        "mode": game,
        "players": players,
        "fair_share": 1.0 / players,
        "bot": bot,
        "opponent": opponent,
        "games": n,
        "wins": sum(s == 1.0 for s in scores),
        "draws": sum(0.0 < s < 1.0 for s in scores),
        "losses": sum(s == 0.0 for s in scores),
        "rate": mean,
        "interval": half,
        "budget": " ".join(p for p in params if p.startswith("search_")) or "-",
    }


def per_second(
    game: str, opponent: str, seed: int, params: list[str], decisions: int
) -> dict[str, Any]:
    """How many iterations the search bot runs in a 1 s budget (or the budget given):
    the median over the first ``decisions`` choices it searches (more than one legal
    action) of a two-player game against ``opponent``, seat 0, and in how many of them
    it played what its playout bot would have. A wall-clock figure: it depends on the
    machine and its load, as the 1 s default does."""
    sys.path.insert(0, str(ROOT))
    from wargame.core.dice import DiceService
    from wargame.core.play import bot_factories
    from wargame.core.registry import game_class

    options: dict[str, Any] = dict(p.split("=", 1) for p in params)
    options = {"search_seconds": 1.0, **options}
    instance = game_class(game)()
    factories = bot_factories(instance, options)
    dice = DiceService.seeded(seed)
    state = instance.new_initial_state(2, dice)
    search = factories["search"](DiceService.seeded(f"{seed}:bot:0"))
    other = factories[opponent](DiceService.seeded(f"{seed}:bot:1"))
    counts: list[int] = []
    agree = 0
    while not state.is_terminal() and len(counts) < decisions:
        seat = state.current_player()
        if seat == 0:
            action = search.choose(state, 0)
            if search.last_iterations:
                counts.append(search.last_iterations)
                tree = search.last_tree
                agree += tree is not None and action == tree.hint
        else:
            action = other.choose(state, seat)
        state.apply(action, dice)
    counts.sort()
    median = counts[len(counts) // 2] if counts else 0
    return {
        "mode": game,
        "decisions": len(counts),
        "median": median,
        "counts": counts,
        "as_playout_bot": agree,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("--opponent", required=True, help="the bot in the other seat")
    ap.add_argument("--bot", default="search", help="the bot measured (default: search)")
    ap.add_argument("--games", type=int, default=100, help="games per seat (default 100)")
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--players", type=int, default=2, help="seats (default 2)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument(
        "--per-second",
        type=int,
        metavar="N",
        help="instead: the iterations a 1 s budget gives over the search's first N decisions"
        " (and how often it plays its playout bot's choice)",
    )
    args = ap.parse_args()
    if args.per_second:
        got = per_second(args.game, args.opponent, args.seed, args.param, args.per_second)
        if args.json:
            print(json.dumps(got))
        else:
            print(
                f"{got['mode']:<22} {got['median']} iterations a decision (median of "
                f"{got['decisions']} decisions; {min(got['counts'], default=0)}"
                f"-{max(got['counts'], default=0)}); it played its playout bot's "
                f"choice in {got['as_playout_bot']} of them"
            )
        return 0
    row = rate(
        args.game,
        args.bot,
        args.opponent,
        args.games,
        args.seed,
        args.param,
        args.jobs,
        args.players,
    )
    if args.json:
        print(json.dumps(row))
    else:
        print(
            f"{row['mode']:<14} {row['players']}p {row['bot']:>8} v {row['opponent']:<10} "
            f"{row['games']:>4} games "
            f"({row['wins']}-{row['draws']}-{row['losses']})  "
            f"{100 * row['rate']:5.1f}% ± {100 * row['interval']:4.1f}  [{row['budget']}]"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
