"""The land-raid table: the town grid, the figures, the turn panel, the force builder and town editor."""
