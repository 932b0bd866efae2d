"""The board-game table, written once against the game protocol.

:class:`ui.table.base.TableView` owns what every board game's table shares: new,
open and save, the seats and their names, the bots (driven by a timer, never from a
redraw), the hand-off between humans, which seat's view the screen shows, the status,
the game log, undo and the end-of-game score table. Each game's view is a subclass
that builds its board, draws it from the shown seat's view, maps a click to an
action and words its prompt.
"""
