"""The Help menu: the rules quick reference of the mode shown (F1; home: the first
mode's, ``ui/modes.py`` says which page a mode brings), keyboard shortcuts, saves and
secrets, playing with phones at the table, Report a problem and About."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMainWindow, QMenu

from ui.help import PhonesDialog, RulesDialog, SavesDialog, ShortcutsDialog
from ui.modes import help_page
from ui.shell.host import Shell, add_action


class HelpMenu:
    def __init__(self, shell: Shell, window: QMainWindow, menu: QMenu) -> None:
        self.shell = shell
        self.window = window
        #: The last Help > Rules quick reference opened (None before the first).
        self.rules_dialog: QDialog | None = None
        self.saves_dialog: QDialog | None = None
        self.phones_dialog: QDialog | None = None

        def add(text: str, keys: str | None, slot: Any) -> QAction:
            return add_action(window, menu, text, keys and QKeySequence(keys), slot)

        self.act_rules = add("&Rules quick reference...", "F1", self.show_rules)
        self.act_shortcuts = add("&Keyboard shortcuts...", "Ctrl+/", self.show_shortcuts)
        self.act_saves_help = add("&Saves and secrets...", None, self.show_saves_help)
        self.act_phones_help = add("Play with &phones at the table...", None, self.show_phones_help)
        menu.addSeparator()
        self.act_report = add("Report a &problem...", None, self.report_problem)
        self.act_about = add("&About", None, self.about)

    def show_rules(self) -> QDialog:
        """Help > Rules quick reference (F1): the page of the mode shown."""
        shell = self.shell
        key = shell.current.mode_key if shell.current is not shell.home else None
        dialog = RulesDialog(help_page(key), self.window)
        self.rules_dialog = dialog
        dialog.show()
        return dialog

    def show_shortcuts(self) -> QDialog:
        """Help > Keyboard shortcuts: every shortcut of the menus and the open views."""
        dialog = ShortcutsDialog(self.window)
        dialog.show()
        return dialog

    def show_saves_help(self) -> QDialog:
        """Help > Saves and secrets: what sealing protects, and what it cannot."""
        dialog = SavesDialog(self.window)
        dialog.setModal(False)
        dialog.show()
        self.saves_dialog = dialog
        return dialog

    def show_phones_help(self) -> QDialog:
        """Help > Play with phones at the table: hosting, the QR codes, the page."""
        dialog = PhonesDialog(self.window)
        dialog.setModal(False)
        dialog.show()
        self.phones_dialog = dialog
        return dialog

    def about(self) -> QDialog:
        """Help > About: versions and the bundled libraries' licences (ui/about.py)."""
        from ui.about import AboutDialog

        dialog = AboutDialog(self.window)
        dialog.show()
        return dialog

    def report_problem(self) -> Path | None:
        """Help > Report a problem: a report file, its folder opened (ui/crash.py)."""
        from ui.crash import report_a_problem

        return report_a_problem(self.shell, self.shell.ctx.data_dir)
