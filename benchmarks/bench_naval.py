"""Naval battle benchmarks: bot battles, the table repaint with arcs, exact odds."""

from __future__ import annotations

import os
import time

from benchlib import Bench, best_of

from wargame.core.play import game_seed, play_match
from wargame.naval.game import NavalGame
from wargame.naval.odds import binomial


def _battles(bots: list[str], seed: int, games: int = 40) -> float:
    """Actions per wall-clock second over whole bot-vs-bot battles (run it on a quiet machine)."""
    game = NavalGame()
    actions, start = 0, time.perf_counter()
    for i in range(games):
        actions += play_match(game, 2, game_seed(seed, i), bots).actions
    return actions / (time.perf_counter() - start)


def bot_battle_actions_per_second() -> float:
    return max(_battles(["captain", "captain"], 7) for _ in range(3))


def random_battle_actions_per_second() -> float:
    return max(_battles(["random", "random"], 8) for _ in range(3))


def odds_30_dice_us() -> float:
    return best_of(lambda: binomial(30), repeat=5, number=2000) * 1e6


def repaint_2000_hexes_40_ships_ms() -> float:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QImage, QPainter

    from ui.app import application
    from ui.naval.scene import SeaScene
    from wargame.naval.scenario import state_from_scenario

    application()
    ships = []
    for i in range(40):
        ships.append(
            {
                "name": f"Ship {i}",
                "side": i % 2,
                "type": ("small", "medium", "large", "merchantman")[i % 4],
                "at": [2 + (i % 10) * 4, 3 + (i // 10) * 10],
                "heading": i % 6,
            }
        )
    data = {"sea": {"cols": 50, "rows": 40, "hex_cm": 5.0}, "ships": ships, "wind": 5}
    state = state_from_scenario(data)
    scene = SeaScene()
    scene.build(state)
    for name in ("Ship 11", "Ship 24"):
        scene.show_arcs(state, state.ships[name])
    image = QImage(1280, 800, QImage.Format.Format_ARGB32_Premultiplied)

    def paint() -> None:
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter)
        painter.end()

    paint()  # the first paint fills the grid's pixmap cache, as the first frame on screen does
    return _best_cpu(paint, repeat=7) * 1000


def _best_cpu(fn: object, repeat: int) -> float:
    """Best wall-clock seconds of one call."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - t)
    return best


BENCHMARKS = [
    Bench(
        "naval: captain-bot battle actions/second",
        20_000,
        "actions/s",
        bot_battle_actions_per_second,
        "higher",
    ),
    Bench(
        "naval: random-bot battle actions/second",
        20_000,
        "actions/s",
        random_battle_actions_per_second,
        "higher",
    ),
    Bench(
        "naval: repaint 2,000-hex sea, 40 ships, arcs (QImage)",
        16,
        "ms",
        repaint_2000_hexes_40_ships_ms,
    ),
    Bench("naval: exact odds for 30 dice", 100, "us", odds_30_dice_us),
]
