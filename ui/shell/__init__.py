"""The main window's parts, one topic a module (the window itself, ``ui/main_window.py``,
only puts them together): ``menus`` (File, Edit, Modes, Dice and each mode's own menu),
``files`` (New, Open, drag and drop, the file kinds of ``ui/modes.py``), ``saving``
(Save, Save as, print, export), ``quitting`` (the unsaved-work question and what else
closes on Quit), ``help_menu``, ``database`` (an unusable database, backups) and
``title``. Each takes the window as a :class:`ui.shell.host.Shell`, never importing it."""
