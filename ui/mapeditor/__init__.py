"""The map editor: draw islands and areas, derive and check the adjacency graph."""
