"""The installed ``wargame`` command: the domain CLI plus the commands that need Qt.

Qt is imported only for ``gui``, ``screenshot`` and the start-up probe, so
``wargame odds`` and ``wargame simulate`` start fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from wargame import cli


def _gui(command: str, args: argparse.Namespace) -> int:
    from ui.app import run_gui, screenshot

    if command == "screenshot":
        return screenshot(args.view, args.out, scenario=args.scenario, size=args.size)
    if command == "startup-probe":
        return run_gui(args.data_dir, startup_probe=args.t0)
    return run_gui(args.data_dir)


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, gui=_gui)


if __name__ == "__main__":
    raise SystemExit(main())
