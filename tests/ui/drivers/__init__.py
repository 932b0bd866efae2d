"""One table driver per board game on ``ui/table`` (see ``tests/ui/tables.py``)."""
