"""Every one of the 104 cards shows its whole text on the card: nothing cut off."""

from __future__ import annotations

from ui.poe.cards import CardWidget
from wargame.poe.rules import deck


def test_every_cards_action_text_fits_on_the_card(qtbot) -> None:  # noqa: ANN001
    cut = []
    for card in deck().cards:
        widget = CardWidget(card, "any type")
        qtbot.addWidget(widget)
        if not widget.text_fits():
            cut.append(card.title)
        title, text = widget.fitted_fonts()
        assert text.pointSizeF() >= 5 and title.pointSizeF() >= 6
    assert cut == []


def test_long_card_texts_shrink_short_ones_keep_the_normal_size(qtbot) -> None:  # noqa: ANN001
    cards = sorted(deck().cards, key=lambda c: len(c.text))
    short, long_ = CardWidget(cards[0], "x"), CardWidget(cards[-1], "x")
    qtbot.addWidget(short)
    qtbot.addWidget(long_)
    assert short.fitted_fonts()[1].pointSizeF() == 7
    assert long_.fitted_fonts()[1].pointSizeF() < 7
