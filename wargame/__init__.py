"""Pieces of Eight wargame companion: the Qt-free domain layer."""

import logging

__version__ = "0.1.0"

# A library stays quiet until the program sets logging up (wargame/logs.py).
logging.getLogger(__name__).addHandler(logging.NullHandler())
