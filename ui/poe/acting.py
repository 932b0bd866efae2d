"""What a click at the Pieces of Eight table means: a button, an area of the board or a
card becomes the action it asks for (a card with several uses offers them in a menu; a
use the rules refuse is shown with the reason).

A mixin of :class:`ui.poe.view.PiecesOfEightView`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMenu

from wargame.core.actions import Action
from wargame.poe import actions as A


class PoeClicks:
    """The view's clicks (see the module docstring)."""

    # the view's (TableView)
    session: Any
    state: Any
    my_move: Any
    do: Any

    def button_clicked(self, key: str) -> None:
        if self.session is None or not self.my_move():
            return
        action = {
            "pass": A.Pass(),
            "done": A.Done(),
            "bury": A.Bury(),
            "dig": A.Dig(),
            "draw": A.Draw(),
            "mutiny": A.Mutiny(),
            "fight": A.Fight(),
            "join": A.Join(),
            "accept": A.Accept(),
            "refuse": A.Refuse(),
            "compel": A.Compel(),
        }[key]
        self.do(action)

    def area_clicked(self, area_id: str) -> None:
        if self.session is None or not self.my_move():
            return
        st = self.state
        legal = st.legal_actions()
        for a in legal:
            if (
                (isinstance(a, A.Move) and a.to == area_id)
                or (isinstance(a, A.Enter) and a.area == area_id)
                or (isinstance(a, A.Banish) and a.to == area_id)
            ):
                self.do(a)
                return
        if st.stack and st.stack[-1].kind == "fate":
            self.do(A.Banish(area_id))
        elif st.area[st.active] < 0:
            self.do(A.Enter(area_id))
        else:
            self.do(A.Move(area_id))

    def choices_for_card(self, card: int) -> list[Action]:
        return [a for a in self.state.legal_actions() if getattr(a, "card", None) == card]

    def card_clicked(self, card: int) -> None:
        if self.session is None or not self.my_move():
            return
        choices = self.choices_for_card(card)
        natural = self._natural_action(card)
        blocked = None
        if natural not in choices and not isinstance(natural, A.Play):
            # the phase's own use of the card is refused: say why instead of playing it
            from wargame.poe.refusals import why_illegal

            blocked = why_illegal(self.state, natural)[0]
        if len(choices) == 1 and blocked is None:
            self.do(choices[0])
            return
        if not choices:
            self.do(natural)
            return
        menu = QMenu(self)
        menu.setObjectName("poe-card-menu")
        if blocked is not None:
            note = menu.addAction(f"Not allowed: {blocked}")
            note.setEnabled(False)
        for a in choices:
            item = menu.addAction(self.state.describe(a))
            item.triggered.connect(lambda _=False, act=a: self.do(act))
        self._menu = menu
        menu.popup(QCursor.pos() if self.isVisible() else QPoint(0, 0))

    def _natural_action(self, card: int) -> Action:
        """What clicking a card would mean in this phase, to be refused with a reason."""
        st = self.state
        seat = st.current_player()
        if not st.stack and seat == st.active:
            in_hand = card in st.hand[seat]
            if st.phase == "bury":
                return A.Unselect(card) if card in st.selection else A.Select(card)
            if st.phase == "discard" and in_hand:
                return A.Discard(card)
            if st.phase == "replenish" and not in_hand:
                return A.Take(card)
        return A.Play(card)
