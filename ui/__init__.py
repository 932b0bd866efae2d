"""The Qt desktop app. Everything Qt lives here; the domain is in ``wargame``."""
