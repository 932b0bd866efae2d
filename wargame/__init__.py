"""Pieces of Eight wargame companion: the Qt-free domain layer."""

__version__ = "0.1.0"
