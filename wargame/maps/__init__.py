"""Island maps: the map document, its adjacency graph, import/export and editing operations."""
