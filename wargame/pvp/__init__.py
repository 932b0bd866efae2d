"""Pirate Versus Pirate: 2-3 crews of six pirates on a board of triangles."""
