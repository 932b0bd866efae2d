"""One table for all six games, written once against the game protocol.

:class:`ui.table.base.TableView` owns what every game's table shares: new, open and
save, the seats and their names on the one ladder of levels, the bots (driven by a
timer, never from a redraw; the lock while one thinks: ``bots``), the one way a move is
made (``acting``: undo for the player who acted, the one routing to a seat across
computers), the hand-off between humans, which seat's view the screen shows, the status,
the game log, undo and the end-of-game score table. Each game's view is a subclass that
builds its board, draws it from the shown seat's view, maps a click to an action and
words its prompt: the four board games, the naval battle and the land raid.
"""
