"""Structure-aware mutations of real files, drawn by hypothesis, and the corpus.

A mutation walks a path into a JSON document (each step picks a key or an item)
and there changes one thing: a value of the wrong type, a missing or an extra
key, a huge, negative or fractional number, deep nesting, a duplicated or
dropped item, a truncated string. Only the containers on the path are copied,
so a case costs microseconds however large the document. Text truncation is
drawn separately (cutting the file's bytes).
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from wargame.errors import BadInput

ROOT = Path(__file__).resolve().parents[2]
#: Scale the number of cases (`WARGAME_FUZZ_SCALE=20` for the long run).
SCALE = float(os.environ.get("WARGAME_FUZZ_SCALE", "1"))
#: A loader taking longer than this on one case has hung (generous: CI machines are busy).
HANG_SECONDS = 20.0


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=max(1, int(examples * SCALE)),
        deadline=None,
        database=None,
        derandomize=SCALE == 1,  # `make test` is repeatable; long runs explore
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )


def _deep(depth: int) -> Any:
    value: Any = 1
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value


ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    -(10**9),
    10**9,
    2**63,
    -(2**63),
    10**30,
    0.5,
    -0.5,
    1e308,
    float("nan"),
    float("inf"),
    "",
    "x",
    "é" * 3,
    "9" * 400,
    [],
    [[]],
    {},
    {"": None},
    [1, "a", None],
    _deep(20),
    _deep(47),
    _deep(60),
    list(range(300)),
]

OPS = ("replace", "delete", "add", "number", "string", "duplicate", "truncate-list", "swap")


def _decode(raw: bytes) -> list[tuple[str, list[int], int]]:
    """Mutation steps from hypothesis's bytes: one draw per case keeps the engine fast
    (each step: an operation, a path of up to 10 choices, a value to put there)."""
    steps = []
    b = raw + bytes(48 - len(raw)) if len(raw) < 48 else raw
    for n in range(1 + b[0] % 3):
        chunk = b[1 + n * 15 : 16 + n * 15]
        op = OPS[chunk[0] % len(OPS)]
        depth = chunk[1] % 11
        path = [chunk[2 + i] * 7 + i for i in range(depth)]
        k = chunk[13] * 256 + chunk[14]
        steps.append((op, path, k))
    return steps


mutations = st.binary(min_size=16, max_size=48).map(_decode)


def _number(old: Any, k: int) -> Any:
    base = old if isinstance(old, int | float) and not isinstance(old, bool) else 1
    return [
        -base,
        base + 1,
        base - 1,
        base * 10**6,
        -(10**12),
        10**18,
        base + 0.5,
        0,
        str(base),
        10**201,
    ][k % 10]


def _mutate_at(node: Any, path: list[int], op: str, k: int, siblings: list[Any]) -> Any:
    """A copy of ``node`` with one change at the end of ``path`` (copies on the path only)."""
    if path and isinstance(node, dict) and node:
        keys = list(node)
        key = keys[path[0] % len(keys)]
        out = dict(node)
        out[key] = _mutate_at(node[key], path[1:], op, k, keys)
        return out
    if path and isinstance(node, list) and node:
        i = path[0] % len(node)
        out_list = list(node)
        out_list[i] = _mutate_at(node[i], path[1:], op, k, node)
        return out_list
    return _change(node, op, k, siblings)


def _change(node: Any, op: str, k: int, siblings: list[Any]) -> Any:
    if op == "replace" or (
        op in ("delete", "add", "duplicate", "truncate-list", "swap")
        and not isinstance(node, dict | list)
    ):
        return ODD_VALUES[k % len(ODD_VALUES)]
    if op == "number":
        if isinstance(node, dict) and node:
            key = list(node)[k % len(node)]
            return {**node, key: _number(node[key], k // 7)}
        if isinstance(node, list) and node:
            out = list(node)
            out[k % len(out)] = _number(out[k % len(out)], k // 7)
            return out
        return _number(node, k)
    if op == "string":
        if isinstance(node, dict) and node:
            key = list(node)[k % len(node)]
            value = node[key]
            text = value if isinstance(value, str) else json.dumps(value)[:40]
            picks = [text[: len(text) // 2], "", text + "?", text.upper(), str(siblings[:1])]
            return {**node, key: picks[k % len(picks)]}
        return node
    if isinstance(node, dict):
        keys = list(node)
        if op == "delete" and keys:
            out = dict(node)
            del out[keys[k % len(keys)]]
            return out
        if op == "add":
            return {**node, f"extra{k % 5}": ODD_VALUES[k % len(ODD_VALUES)]}
        if op == "swap" and len(keys) > 1:
            a, b = keys[k % len(keys)], keys[(k // 3) % len(keys)]
            return {**node, a: node[b], b: node[a]}
        return {**node, **{keys[0]: ODD_VALUES[k % len(ODD_VALUES)]}} if keys else {"x": 1}
    assert isinstance(node, list)
    if not node:
        return [ODD_VALUES[k % len(ODD_VALUES)]]
    i = k % len(node)
    if op == "delete":
        return node[:i] + node[i + 1 :]
    if op == "add":
        return [*node, ODD_VALUES[k % len(ODD_VALUES)]]
    if op == "duplicate":
        return [*node[: i + 1], node[i], *node[i + 1 :]]
    if op == "truncate-list":
        return node[:i]
    j = (k // 3) % len(node)
    out = list(node)
    out[i], out[j] = out[j], out[i]
    return out


def mutate(doc: Any, steps: list[tuple[str, list[int], int]]) -> Any:
    for op, path, k in steps:
        doc = _mutate_at(doc, path, op, k, [])
    return doc


class Hang(Exception):  # noqa: N818 - what it is
    pass


HUNG = [False]


@contextmanager
def time_limit(seconds: float = HANG_SECONDS) -> Iterator[None]:
    def alarm(_sig: int, _frame: Any) -> None:
        HUNG[0] = True  # noted too: a raise inside a gc callback is swallowed
        raise Hang(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


#: Cases checked in this process (tests/persistence/conftest.py reports them per test).
CASES = [0]


def check_loader(load: Callable[[Any], Any], data: Any) -> None:
    """The loader either loads ``data`` or raises BadInput on one line; nothing else."""
    CASES[0] += 1
    HUNG[0] = False
    try:
        with time_limit():
            load(data)
    except BadInput as exc:
        text = str(exc)
        assert text and "\n" not in text and len(text) <= 400, f"not one line: {text!r}"
    finally:
        assert not HUNG[0], f"the loader hung (over {HANG_SECONDS} s)"


# -- the corpus: real saves and scenarios of every registered game ---------------------


def _play(game_name: str, actions: int) -> dict[str, Any]:
    from wargame.core.dice import DiceService
    from wargame.core.game import GameSpec
    from wargame.core.play import new_session
    from wargame.core.registry import game_class

    game = game_class(game_name)()
    session = new_session(GameSpec(game_name, game.default_players()), DiceService.seeded(3))
    bot = list(game.bots().values())[0](DiceService.seeded(4))
    for _ in range(actions):
        if session.state.is_terminal():
            break
        seat = session.state.current_player()
        session.apply(bot.choose(session.state, seat))
    if session.entries and session.can_undo:
        session.undo()  # a redo list too
    return session.to_json()


@cache
def game_saves() -> dict[str, dict[str, Any]]:
    from wargame.core.registry import available_games

    return {g: _play(g, 12) for g in available_games()}


#: Games whose scenario is a map file of the map editor.
MAP_SCENARIOS = {
    "pieces-of-eight": "maps/pieces-of-eight.json",
    "pirate-versus-pirate": "boards/pirate-versus-pirate.json",
}


@cache
def game_scenarios() -> dict[str, list[dict[str, Any]]]:
    from wargame.core.registry import available_games
    from wargame.scenarios import read_scenario

    out: dict[str, list[dict[str, Any]]] = {g: [] for g in available_games()}
    for p in sorted((ROOT / "scenarios").rglob("*.json")):
        sc = read_scenario(p)
        if sc.mode in out:
            out[sc.mode].append(sc.data)
    for g, rel in MAP_SCENARIOS.items():
        if g in out:
            out[g].append(read_scenario(ROOT / "scenarios" / rel).data)
    return out


@cache
def campaign_docs() -> dict[str, dict[str, Any]]:
    from wargame.campaign.document import campaign_from_scenario, save_campaign
    from wargame.core.dice import DiceService
    from wargame.scenarios import read_scenario

    scenario = read_scenario(ROOT / "scenarios" / "campaign" / "spanish_main_1690.json").data
    session = campaign_from_scenario(scenario, DiceService.seeded(5))
    return {"scenario": scenario, "save": save_campaign(session)}
