from wargame.core.game import RandomBot as StrongBot  # noqa: F401  (replaced below)
