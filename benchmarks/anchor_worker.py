"""OpenSpiel's side of ``benchmarks/anchor.py``: run in the anchor's own venv.

Never imports ``wargame``: it runs under ``benchmarks/.anchor-venv``'s Python with
OpenSpiel (PyPI ``open_spiel``) installed, which the app never depends on.

    python anchor_worker.py GAME

loads the OpenSpiel game ``GAME`` (``python_tic_tac_toe`` registers itself when
``open_spiel.python.games`` is imported), prints one JSON line ``{"ready": GAME}``,
then reads one JSON request a line from standard input::

    {"seconds": 0.5, "seed": 7}

and answers each with one JSON line: the random playouts it played for at least
``seconds`` of its own CPU time (``time.process_time``), every applied action
counted (a chance outcome, backgammon's dice, is an applied action too)::

    {"actions": 12345, "cpu": 0.5012, "games": 310}

An empty line or end of input ends it.
"""

from __future__ import annotations

import json
import random
import sys
import time


def playouts(game, seconds: float, seed: int) -> dict[str, float]:  # noqa: ANN001 - pyspiel types
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    actions = games = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
        games += 1
        used = time.process_time() - start
        if used >= seconds:
            return {"actions": actions, "cpu": used, "games": games}


def main() -> int:
    import pyspiel
    from open_spiel.python import games as _python_games  # noqa: F401 - registers python_*

    game = pyspiel.load_game(sys.argv[1])
    print(json.dumps({"ready": sys.argv[1]}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            break
        request = json.loads(line)
        answer = playouts(game, float(request["seconds"]), int(request["seed"]))
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
