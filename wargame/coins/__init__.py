"""Pirate Coins: push-your-luck with secret choices (seed 002_f7f716a6299709ea.txt)."""
