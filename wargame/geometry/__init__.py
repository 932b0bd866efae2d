"""Qt-free geometry: hex and square grids, table distances in cm."""
