"""Fit the learnt judgement of Pirate Versus Pirate (``resources/rules/pvp_judge.toml``).

Plays seeded two-player games between the mode's bots (expectimax, greedy and, from
the second round on, the judge bot with the weights fitted so far), each move replaced
by a random one with probability ``--epsilon`` so that the positions are varied; after
every move that does not end the game it records :func:`wargame.pvp.judge.base_features` of
the position for the seat that moved, and when the game ends labels each record with
that seat's result (1 a win, 0 a loss, 1/2 a draw). A logistic regression (Newton's
method, a small L2 penalty, pure Python) fits the weights. Same seeds, same weights.

    nice -n 10 timeout 3000 .venv/bin/python benchmarks/train_pvp_judge.py \
        --games 3000 --seed 41 --out /tmp/pvp_judge.jsonl [--write]

``--write`` stores the weights in ``resources/rules/pvp_judge.toml``; ``--data FILE``
fits records saved by an earlier run (``--out``) instead of playing again.

The shipped weights (2026-11-28): records of seeds 41 and 42 (the first four pairings,
about 430 games each) and of seeds 43 and 44 with ``--judge`` (about 650 games each, the
judge then playing with the first fit's weights, from the first ~230 games of 41 and
42), 49,625 positions in all, fitted with ``--data`` on the four files: held-out log
loss 0.384 (the last fifth). The runs were stopped by hand on the loaded machine, so
their game counts are approximate; the script itself is deterministic for given
arguments. Its strength as the Hard level: benchmarks/search_strength.py's docstring.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from wargame.core.dice import DiceService
from wargame.pvp.game import PirateVersusPirateGame
from wargame.pvp.greedy import GreedyBot
from wargame.pvp.judge import FEATURES, JudgeBot, base_features, derive
from wargame.pvp.search import ExpectimaxBot
from wargame.pvp.state import MOVE, OVER, PvpState

RULES = Path(__file__).resolve().parents[1] / "resources" / "rules" / "pvp_judge.toml"

#: The pairings played, in turn (seat 0's bot, seat 1's bot): mostly the expectimax
#: bot (the opponent Hard must beat), some greedy for variety, the judge when it has weights.
PAIRINGS = (
    ("expectimax", "expectimax"),
    ("expectimax", "greedy"),
    ("greedy", "expectimax"),
    ("expectimax", "expectimax"),
    ("judge", "expectimax"),
    ("expectimax", "judge"),
)


def play(seed: int, pairing: tuple[str, str], epsilon: float, w: tuple[float, ...] | None):
    game = PirateVersusPirateGame()
    dice = DiceService.seeded(seed)
    st = game.new_initial_state(2, dice)
    assert isinstance(st, PvpState)
    noise = DiceService.seeded(f"noise:{seed}")
    bots = []
    for i, name in enumerate(pairing):
        bd = DiceService.seeded(f"bot:{seed}:{i}")
        if name == "expectimax":
            bots.append(ExpectimaxBot(bd))
        elif name == "greedy":
            bots.append(GreedyBot(bd))
        else:
            bots.append(JudgeBot(bd, w))
    records: list[tuple[int, list[float]]] = []
    steps = 0
    while st.phase != OVER and steps < 2000:
        seat = st.current_player()
        assert seat is not None
        moving = st.phase == MOVE
        if moving and noise.randint(1, 1000, "mix") <= round(epsilon * 1000):
            legal = st.legal_actions()
            action = legal[noise.randint(0, len(legal) - 1, "pick")]
        else:
            action = bots[seat].choose(st, seat)
        st.apply(action, dice)
        steps += 1
        if moving and st.phase != OVER:
            records.append((seat, base_features(st, seat)))
    if st.phase != OVER or st.winner < 0:
        result = [0.5, 0.5]
    else:
        result = [1.0 if s == st.winner else 0.0 for s in range(2)]
    return [(x, result[s]) for s, x in records]


def fit(data: list[tuple[list[float], float]], l2: float = 1e-3, rounds: int = 12) -> list[float]:
    """Logistic regression by Newton's method (L2 on all but the bias)."""
    n = len(FEATURES)
    w = [0.0] * n
    for _ in range(rounds):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in data:
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            d = p - y
            q = p * (1.0 - p)
            for i in range(n):
                xi = x[i]
                if xi == 0.0:
                    continue
                grad[i] += d * xi
                qi = q * xi
                row = hess[i]
                for j in range(i, n):
                    row[j] += qi * x[j]
        m = len(data)
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
            grad[i] = grad[i] / m + (l2 * w[i] if i else 0.0)
            for j in range(n):
                hess[i][j] /= m
            hess[i][i] += l2 if i else 1e-9
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        if abs(m[r][r]) < 1e-12:
            continue
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def log_loss(data: list[tuple[list[float], float]], w: list[float]) -> float:
    total = 0.0
    for x, y in data:
        z = sum(a * b for a, b in zip(w, x, strict=True))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(data))


def write_rules(w: list[float], note: str) -> None:
    lines = [
        "# Pirate Versus Pirate: the learnt judgement's weights (wargame/pvp/judge.py), one",
        "# per feature in this order; fitted by benchmarks/train_pvp_judge.py, do not edit by",
        f"# hand. {note}",
        "features = [",
        *[f'    "{f}",' for f in FEATURES],
        "]",
        "weights = [",
        *[f"    {v:.6f},  # {f}" for f, v in zip(FEATURES, w, strict=True)],
        "]",
        "",
    ]
    RULES.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--epsilon", type=float, default=0.1)
    ap.add_argument("--out", type=Path, help="append the records (JSON lines) here")
    ap.add_argument("--data", type=Path, nargs="*", help="fit these records, play nothing")
    ap.add_argument("--judge", action="store_true", help="include the judge bot's pairings")
    ap.add_argument("--write", action="store_true", help="store the weights in the rules")
    args = ap.parse_args(argv)
    data: list[tuple[list[float], float]] = []
    if args.data:
        for path in args.data:
            for line in path.read_text(encoding="utf-8").splitlines():
                x, y = json.loads(line)
                data.append((derive(x), y))
    else:
        pairings = PAIRINGS if args.judge else PAIRINGS[:4]
        out = args.out.open("a", encoding="utf-8") if args.out else None
        start = time.monotonic()
        for g in range(args.games):
            seed = args.seed * 1_000_003 + g
            rows = play(seed, pairings[g % len(pairings)], args.epsilon, None)
            data.extend((derive(x), y) for x, y in rows)
            if out is not None:
                for x, y in rows:
                    out.write(json.dumps([[round(v, 5) for v in x], y]) + "\n")
                out.flush()
            if (g + 1) % 100 == 0:
                print(f"{g + 1} games, {len(data)} positions, {time.monotonic() - start:.0f} s")
                sys.stdout.flush()
    cut = len(data) * 4 // 5  # the last fifth held out
    w = fit(data[:cut])
    print(f"held-out log loss {log_loss(data[cut:], w):.4f} (train {log_loss(data[:cut], w):.4f})")
    w = fit(data)
    for f, v in zip(FEATURES, w, strict=True):
        print(f"  {f:24s} {v:+.4f}")
    if args.write:
        write_rules(w, f"{len(data)} positions, seed {args.seed}, epsilon {args.epsilon}.")
        print(f"wrote {RULES}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
