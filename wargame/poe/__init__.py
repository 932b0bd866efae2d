"""Pieces of Eight - the card-driven board game (seed 000)."""
