"""Persistence: the SQLite database (sqlmodel) and safe, atomic files."""
