"""Benchmark runner: prints one table of figures with their targets.

Every ``benchmarks/bench_*.py`` module defines ``BENCHMARKS``: a list of
``Bench(name, target, unit, fn, better)`` where ``fn()`` returns the measured
figure in ``unit``. ``better`` is "lower" (times) or "higher" (rates).

    python benchmarks/run.py [--only WORD] [--json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from benchlib import Bench  # noqa: E402


def discover() -> list[Bench]:
    out: list[Bench] = []
    for path in sorted(HERE.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        out.extend(getattr(module, "BENCHMARKS", []))
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="run benchmarks whose name contains this")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for b in discover():
        if args.only and args.only not in b.name:
            continue
        try:
            value = b.fn()
            ok = value <= b.target if b.better == "lower" else value >= b.target
            rows.append((b.name, value, b.target, b.unit, b.better, "ok" if ok else "MISSED"))
        except Exception as exc:  # noqa: BLE001 - report and go on
            rows.append((b.name, float("nan"), b.target, b.unit, b.better, f"error: {exc}"))
        if not args.json:
            name, value, target, unit, better, verdict = rows[-1]
            sign = "<=" if better == "lower" else ">="
            print(
                f"{name:<58} {value:>14,.3f} {unit:<10} target {sign} {target:>12,.3f}  {verdict}",
                flush=True,
            )
    if args.json:
        print(
            json.dumps(
                [
                    dict(zip(("name", "value", "target", "unit", "better", "verdict"), r))
                    for r in rows
                ]
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
