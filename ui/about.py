"""Help > About: the version, the rules data's version, and the bundled libraries with
their licences (read from their metadata: wargame/about.py), each text one click away."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.crash import qt_versions
from wargame import about

USER = Qt.ItemDataRole.UserRole


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Pieces of Eight")
        self.resize(900, 600)
        facts = {**about.summary(), **qt_versions()}
        rows = "".join(
            f"<tr><td><b>{escape(k)}</b></td><td>{escape(v)}</td></tr>"
            for k, v in facts.items()
            if k != "Pieces of Eight"
        )
        self.header = QLabel(
            f"<h2>Pieces of Eight {escape(facts['Pieces of Eight'])}</h2>"
            "<p>A companion for the R.F.C.M. miniatures rules and four pirate board games.</p>"
            f"<table cellspacing='6'>{rows}</table>"
            "<p>Built on the libraries below, under their own licences. Qt and PySide6 "
            "are used under the GNU LGPL version 3 (their source is published at qt.io): "
            "in the standalone build they are separate library files you may replace "
            "with your own build of the same version.</p>"
        )
        self.header.setWordWrap(True)
        self.libraries = QTreeWidget()
        self.libraries.setHeaderLabels(["Library", "Version", "Licence"])
        self.libraries.setRootIsDecorated(True)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        # licence texts are wrapped by their authors: keep their lines
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setPlaceholderText("Choose a library or one of its licence texts.")
        for lib in about.bundled_libraries():
            item = QTreeWidgetItem([lib.name, lib.version, lib.licence])
            item.setData(0, USER, (lib, None))
            for name in about.licence_names(lib):
                child = QTreeWidgetItem([name.removeprefix("licenses/"), "", ""])
                child.setData(0, USER, (lib, name))
                item.addChild(child)
            self.libraries.addTopLevelItem(item)
        for column in range(3):
            self.libraries.resizeColumnToContents(column)
        self.libraries.currentItemChanged.connect(self._show)
        split = QSplitter()
        split.addWidget(self.libraries)
        split.addWidget(self.text)
        split.setSizes([400, 500])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(split, 1)
        layout.addWidget(buttons)

    def _show(self, item: QTreeWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            return
        lib, name = item.data(0, USER)
        if name is None:
            names = about.licence_names(lib)
            name = names[0] if names else None
        if name is None:
            self.text.setPlainText(f"{lib.name} {lib.version}: {lib.licence} (no text shipped)")
            return
        self.text.setPlainText(about.licence_text(lib, name))
