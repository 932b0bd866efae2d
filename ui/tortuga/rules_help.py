"""A summary of Tortuga 1667 in our own words, with the rulings that apply."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

SUMMARY = """
<h2>Tortuga 1667</h2>
<p>Each pirate is secretly <b>British</b> or <b>French</b> (with an odd number of players,
one is the lone <b>Dutch</b>). The nation with the most chests in its holds and its area on
Tortuga when the <b>Spanish Armada</b> is revealed wins. A tie goes to the Dutch; with no
Dutch the Armada is removed, the event cards are reshuffled and the first nation to lead
wins.</p>
<h3>Your turn: one action (two with two players)</h3>
<ul>
<li><b>View</b> two face-down event cards in secret; <b>reveal</b> one and resolve it;
<b>force</b> another player to reveal one of two cards you pick.</li>
<li><b>Move</b>: ship or Tortuga to an empty rowboat; rowboat to the back of a line.</li>
<li><b>Captain</b> (first on a ship): call an <b>attack</b> or <b>maroon</b> a pawn aboard.
<b>First mate</b>: call a <b>mutiny</b>. <b>Cabin boy</b> (last aboard): move a chest
between the two holds. <b>Governor</b> (first on Tortuga): call a <b>brawl</b>.</li>
</ul>
<h3>Votes</h3>
<p>Everyone taking part plays one vote card face down; the deck's top card is added and
the cards are revealed together. <b>Attack</b>: each water cancels a torch; a cannon and a
torch left take a chest from the galleon (or, once it is empty, from the other ship).
<b>Brawl</b>: the majority flag takes both of Tortuga's chests, a tie splits them.
<b>Mutiny</b>: a majority of skulls maroons the captain.</p>
<h3>Marooned</h3>
<p>To the back of Tortuga's line. Already on Tortuga: also lose a vote card, picked
unseen by another player. From a rowboat: no card lost.</p>
<h3>Rulings at this table</h3>
<ul>
<li>30 vote cards, ten of each attack symbol, flags and mutiny symbols half and half;
three dealt to each player.</li>
<li>8 chests: one per ship, two on Tortuga (one in each area), four on the galleon.</li>
<li>A ship holds six pawns. 2 players: one British, one French; 3: one of each nation.</li>
<li>The Armada lies under the event deck, so it is always among the last five.</li>
<li>Facade swaps with the previous seat; the full list is in docs/rulings.md.</li>
</ul>
"""


class RulesDialog(QDialog):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWindowTitle("Tortuga 1667: rules in brief")
        self.resize(620, 560)
        lay = QVBoxLayout(self)
        text = QTextBrowser()
        text.setObjectName("tortuga-rules")
        text.setHtml(SUMMARY)
        lay.addWidget(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
