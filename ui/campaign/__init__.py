"""The campaign mode's screens: master sheets, hand-off, standings, printing."""
