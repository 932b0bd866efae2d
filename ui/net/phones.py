"""The host's panel for phones at the table: for every open seat, a QR code of the
seat's link on this computer's LAN address, and the address and seat in words to type
(the phone page, :mod:`wargame.net.http`)."""

from __future__ import annotations

import io
from collections.abc import Sequence

import segno
from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from wargame.net.http import seat_link


def qr_pixmap(text: str, size: int = 180) -> QPixmap:
    """``text`` as a QR code (segno), about ``size`` pixels square, black on white."""
    code = segno.make_qr(text, error="m")
    width = code.symbol_size(scale=1, border=4)[0]
    buf = io.BytesIO()
    code.save(buf, kind="png", scale=max(1, size // width), border=4)
    pix = QPixmap()
    pix.loadFromData(buf.getvalue(), "PNG")
    return pix


class PhonesPanel(QWidget):
    """One QR code per open seat (redrawn when the open seats change)."""

    def __init__(self, host: str, port: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.port = port
        self.open: tuple[int, ...] = ()
        self.heading = QLabel("")
        self.heading.setWordWrap(True)
        self.heading.setObjectName("phones_heading")
        self.grid = QGridLayout()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.heading)
        lay.addLayout(self.grid)
        lay.addStretch(1)
        self.links: dict[int, str] = {}
        self.show_open([])

    def show_open(self, seats: Sequence[int], names: Sequence[str] = ()) -> None:
        seats = tuple(seats)
        if seats == self.open and self.links:
            return
        self.open = seats
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        self.links = {s: seat_link(self.host, self.port, s) for s in seats}
        if not seats:
            self.heading.setText("Every seat is taken.")
            return
        self.heading.setText(
            f"<b>Join from a phone</b> on this Wi-Fi: scan a seat's code, or open "
            f"<tt>http://{self.host}:{self.port}/</tt> and take a seat."
        )
        for i, seat in enumerate(seats):
            qr = QLabel()
            qr.setPixmap(qr_pixmap(self.links[seat]))
            qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
            qr.setAccessibleName(f"QR code for seat {seat + 1}")
            typed = self.links[seat].removeprefix("http://")  # what to type in a browser
            words = QLabel(f"<b>Seat {seat + 1}</b><br><tt>{typed}</tt>")
            words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            words.setAlignment(Qt.AlignmentFlag.AlignCenter)
            col = i % 3
            row = (i // 3) * 2
            self.grid.addWidget(qr, row, col)
            self.grid.addWidget(words, row + 1, col)
