"""The Pieces of Eight board-game table."""
