"""The clipping finder itself: it must see a rich-text or wrapped label cut short,
or the layout walk proves nothing about them."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ui.clipping import clipped_texts


def _panel(qtbot, label: QLabel, width: int, height: int) -> QWidget:  # noqa: ANN001
    root = QWidget()
    qtbot.addWidget(root)
    QVBoxLayout(root).addWidget(label)
    label.setFixedSize(width, height)
    root.show()
    return root


def test_a_rich_text_line_too_long_for_its_label_is_found(qtbot) -> None:  # noqa: ANN001
    label = QLabel("<b>Treasure:</b> British 12 — French 9, and a very long tail of words")
    root = _panel(qtbot, label, 120, 30)
    clips = clipped_texts(root)
    assert len(clips) == 1 and clips[0].needed > clips[0].has


def test_a_wrapped_label_too_short_for_its_lines_is_found(qtbot) -> None:  # noqa: ANN001
    label = QLabel("word " * 60)
    label.setWordWrap(True)
    root = _panel(qtbot, label, 150, 30)
    clips = clipped_texts(root)
    assert len(clips) == 1 and "(height)" in clips[0].widget


def test_labels_with_room_are_not_reported(qtbot) -> None:  # noqa: ANN001
    rich = QLabel("<b>Deck</b> 80")
    wrapped = QLabel("two words")
    wrapped.setWordWrap(True)
    root = QWidget()
    qtbot.addWidget(root)
    lay = QVBoxLayout(root)
    lay.addWidget(rich)
    lay.addWidget(wrapped)
    root.resize(400, 200)
    root.show()
    assert clipped_texts(root) == []
