"""The main window's parts, one topic a module (the window itself, ``ui/main_window.py``,
holds the menus, status bar and docks and puts these together): ``files`` (New, Open,
Open recent, drag and drop, Replay; what a file opens as is ``ui/modes.py``'s word),
``saving`` (Save, Save as, print, export), ``quitting`` (the unsaved-work question and
what else closes on Quit), ``help_menu``, ``database`` (an unusable database, backups),
``table_tools`` (table override, correct a die), ``mode_menus`` and ``title``. Each takes
the window as a :class:`ui.shell.host.Shell`, never importing it."""
