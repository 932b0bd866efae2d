"""The frozen build's entry point: the installed ``wargame`` command, as ``ui.launch``.

(Not named wargame.py: that would shadow the ``wargame`` package in the analysis.)
"""

import multiprocessing

from ui.launch import main

if __name__ == "__main__":
    # simulate --jobs starts worker processes; a frozen program on Windows and macOS
    # (spawn) must let them run as workers instead of starting the app again.
    multiprocessing.freeze_support()
    raise SystemExit(main())
