"""The Tortuga 1667 table."""
