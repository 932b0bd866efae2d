"""Help > Rules quick reference (F1: the current mode's page, any mode's from the box),
Help > Saves and secrets and Help > Keyboard shortcuts."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import (
    QAction,
    QKeySequence,
    QPageLayout,
    QPageSize,
    QPdfWriter,
    QShortcut,
    QTextDocument,
)
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ui.modes import entries, help_page
from ui.qtcompat import run_modal
from wargame.errors import WargameError
from wargame.help import phones, quick_reference, saves_and_secrets
from wargame.persistence.files import write_user_file


class RulesDialog(QDialog):
    """One mode's rules quick reference: the turn in order and the tables, in our own
    words, every number from the rules data in use."""

    def __init__(self, page: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rules quick reference")
        self.resize(760, 620)
        lay = QVBoxLayout(self)
        self.modes = QComboBox()
        for m in entries():  # each mode's page, as it registered (ui/modes.py)
            self.modes.addItem(m.title, help_page(m.key))
        self.modes.setToolTip("Which game's rules to show")
        lay.addWidget(self.modes)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        lay.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        # a page to keep beside the table: on paper, or as a PDF (issue 40)
        self.print_button = QPushButton("&Print...")
        self.print_button.setToolTip("Print this page")
        self.print_button.clicked.connect(self.print_dialog)
        self.pdf_button = QPushButton("Save as P&DF...")
        self.pdf_button.setToolTip("Write this page to a PDF file")
        self.pdf_button.clicked.connect(self.pdf_dialog)
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.pdf_button, QDialogButtonBox.ButtonRole.ActionRole)
        lay.addWidget(buttons)
        #: The last error of Print / Save as PDF (tests read it), None after success.
        self.last_error: str | None = None
        self.modes.currentIndexChanged.connect(self._show)
        index = max(0, self.modes.findData(page))
        self.modes.setCurrentIndex(index)
        self._show()

    def _show(self) -> None:
        key = self.modes.currentData()
        self.text.setMarkdown(quick_reference(str(key)))

    def page_title(self) -> str:
        return f"Rules quick reference - {self.modes.currentText()}"

    def _document(self) -> QTextDocument:
        """The page as printed: the text shown, on white, in the printer's margins."""
        doc = self.text.document().clone(self)
        doc.setMetaInformation(QTextDocument.MetaInformation.DocumentTitle, self.page_title())
        return doc

    def save_pdf(self, path: str | Path) -> bool:
        """Write the page shown to ``path`` as an A4 PDF (atomically); False with
        :attr:`last_error` saying why."""
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        writer = QPdfWriter(buffer)
        writer.setTitle(self.page_title())
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)
        self._document().print_(writer)
        buffer.close()
        try:
            write_user_file(path, bytes(data.data()), "file")
        except WargameError as exc:
            self._failed(str(exc), "Save as PDF")
            return False
        self.last_error = None
        return True

    def print_to(self, printer: QPrinter) -> None:
        """Print the page shown on ``printer`` (set up by the print dialog)."""
        printer.setDocName(self.page_title())
        self._document().print_(printer)

    def print_dialog(self) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle("Print the rules quick reference")
        if run_modal(dialog) == QDialog.DialogCode.Accepted:
            self.print_to(printer)

    def pdf_dialog(self) -> None:
        stem = self.page_title().replace(" - ", " ").replace(" ", "-").lower()
        path, _ = QFileDialog.getSaveFileName(
            self, "Save as PDF", str(Path.home() / f"{stem}.pdf"), "PDF files (*.pdf)"
        )
        if path:
            self.save_pdf(path)

    def _failed(self, message: str, title: str) -> None:
        self.last_error = message
        ctx = getattr(self.parent(), "ctx", None)
        if not getattr(ctx, "quiet_errors", False):
            QMessageBox.warning(self, title, message)


class SavesDialog(QDialog):
    """What sealing protects (saves moved or edited) and what it cannot (a player who
    opens the data folder of the computer the game runs on)."""

    TITLE = "Saves and secrets"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.TITLE)
        self.resize(620, 560)
        lay = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setMarkdown(self.page())
        lay.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def page(self) -> str:
        return saves_and_secrets()


class PhonesDialog(SavesDialog):
    """Help > Play with phones at the table: hosting, the QR codes, the phone's page."""

    TITLE = "Play with phones at the table"

    def page(self) -> str:
        return phones()


def shortcut_rows(window: QWidget) -> list[tuple[str, str]]:
    """``(what, keys)`` for every action and shortcut the window and its views offer."""
    rows: dict[tuple[str, str], None] = {}
    for act in window.findChildren(QAction):
        keys = ", ".join(
            k.toString(QKeySequence.SequenceFormat.NativeText) for k in act.shortcuts()
        )
        name = act.text().replace("&", "").rstrip(".").strip()
        if keys and name:
            rows[(name, keys)] = None
    for button in window.findChildren(QAbstractButton):
        keys = button.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        name = (button.text() or button.toolTip()).replace("&", "").strip()
        if keys and name:
            rows[(name, keys)] = None
    for sc in window.findChildren(QShortcut):
        keys = sc.key().toString(QKeySequence.SequenceFormat.NativeText)
        name = sc.whatsThis() or sc.objectName() or ""
        if keys and name:
            rows[(name, keys)] = None
    return sorted(rows, key=lambda r: r[0].lower())


class ShortcutsDialog(QDialog):
    """Every keyboard shortcut, named as the menus name it."""

    def __init__(self, window: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(520, 560)
        lay = QVBoxLayout(self)
        rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 2)
        self.table.setHorizontalHeaderLabels(["Command", "Keys"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for r, (name, keys) in enumerate(rows):
            self.table.setItem(r, 0, QTableWidgetItem(name))
            self.table.setItem(r, 1, QTableWidgetItem(keys))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        lay.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
