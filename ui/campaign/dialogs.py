"""Small dialogs of the campaign view: a new player, an engagement, a battle
score, a force's secret contents."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from wargame.campaign.state import CampaignState


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class AddPlayerDialog(QDialog):
    """A new player: a passphrase too short or typed differently twice is refused
    here, before the dialog closes."""

    def __init__(
        self, countries: tuple[str, ...], parent: QWidget | None = None, *, min_passphrase: int = 8
    ) -> None:
        super().__init__(parent)
        self.min_passphrase = min_passphrase
        self.setWindowTitle("Add a player")
        form = QFormLayout(self)
        self.name = QLineEdit()
        self.country = QComboBox()
        self.country.addItems(list(countries))
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.repeat = QLineEdit()
        self.repeat.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Captain's name", self.name)
        form.addRow("Country of allegiance", self.country)
        form.addRow("Passphrase (keeps your forces secret)", self.passphrase)
        form.addRow("Passphrase again", self.repeat)
        self.suggest = QPushButton("Suggest a passphrase")
        self.suggest.setToolTip("Fill in a generated passphrase (shown so you can note it)")
        self.suggest.clicked.connect(self.fill_suggestion)
        form.addRow(self.suggest)
        note = QLabel(
            f"At least {min_passphrase} characters. Only this passphrase opens your "
            "folded-under part; it is never stored."
        )
        note.setWordWrap(True)
        form.addRow(note)
        self.problem = QLabel()
        self.problem.setObjectName("add-player-problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #a0281e; font-weight: bold;")
        self.problem.hide()
        form.addRow(self.problem)
        form.addRow(_buttons(self))

    def accept(self) -> None:
        name, phrase = " ".join(self.name.text().split()), self.passphrase.text()
        problem = ""
        if not name:
            problem = "The captain needs a name."
        elif len(phrase) < self.min_passphrase:
            problem = (
                f"The passphrase needs at least {self.min_passphrase} characters "
                f"(this one has {len(phrase)})."
            )
        elif phrase != self.repeat.text():
            problem = "The two passphrases differ: type it again."
        if problem:
            self.problem.setText(problem)
            self.problem.show()
            return
        super().accept()

    def fill_suggestion(self) -> None:
        """A generated passphrase in both fields, shown in clear until edited."""
        from wargame.core.sealing import suggest_passphrase

        text = suggest_passphrase()
        for field in (self.passphrase, self.repeat):
            field.setEchoMode(QLineEdit.EchoMode.Normal)
            field.setText(text)


class DeclareDialog(QDialog):
    def __init__(
        self, state: CampaignState, seat: int, letter: str | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.state = state
        self.setWindowTitle(f"Declare an engagement - {state.players[seat].name}")
        form = QFormLayout(self)
        self.letter = QComboBox()
        own = [L for L in state.rules.letters if L in state.players[seat].forces]
        self.letter.addItems(own)
        if letter in own:
            self.letter.setCurrentText(letter)
        self.opponent = QComboBox()
        self.seats = [i for i in range(len(state.players)) if i != seat]
        self.opponent.addItems([state.label(i) for i in self.seats])
        self.opponent_letter = QComboBox()
        self.opponent.currentIndexChanged.connect(self._fill_letters)
        self._fill_letters()
        self.attacker = QCheckBox("Yes, I am the attacker")
        self.attacker.setChecked(True)
        form.addRow("Letter of force", self.letter)
        form.addRow("Opponent", self.opponent)
        form.addRow("Opponent force letter", self.opponent_letter)
        form.addRow("Are you the attacker?", self.attacker)
        form.addRow(_buttons(self))

    def _fill_letters(self) -> None:
        self.opponent_letter.clear()
        if not self.seats:
            return
        q = self.state.players[self.seats[self.opponent.currentIndex()]]
        self.opponent_letter.addItems([L for L in self.state.rules.letters if L in q.forces])

    def values(self) -> tuple[str, int, str, bool]:
        return (
            self.letter.currentText(),
            self.seats[self.opponent.currentIndex()] if self.seats else -1,
            self.opponent_letter.currentText(),
            self.attacker.isChecked(),
        )


class ScoreDialog(QDialog):
    def __init__(
        self,
        title: str,
        attacker: str,
        defender: str,
        lo: int,
        hi: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        form = QFormLayout(self)
        self.attacker = QSpinBox()
        self.defender = QSpinBox()
        for box in (self.attacker, self.defender):
            box.setRange(lo, hi)
        form.addRow(QLabel("Type in the battle scores of the fight played on the table."))
        form.addRow(f"Attacker: {attacker}", self.attacker)
        form.addRow(f"Defender: {defender}", self.defender)
        form.addRow(_buttons(self))


class ContentsDialog(QDialog):
    """The secret contents of one force as text, with the naval roster's ships to hand."""

    def __init__(
        self,
        letter: str,
        text: str,
        parent: QWidget | None = None,
        *,
        roster: list[dict[str, str]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Contents of force {letter} (secret)")
        lay = QVBoxLayout(self)
        help_ = QLabel(
            "One entry a line:\n"
            "  ship: Revenge, medium, hardened\n"
            "  group: 3 able musket\n"
            "  officer: captain, Bartholomew Roberts\n"
            "Ship types: small, medium, large, merchantman. Qualities: hardened, able, scurvy."
        )
        lay.addWidget(help_)
        self.text = QPlainTextEdit(text)
        self.text.setMinimumSize(460, 220)
        lay.addWidget(self.text)
        self.roster = roster or []
        row = QHBoxLayout()
        self.roster_box = QComboBox()
        self.roster_box.setObjectName("roster")
        for ship in self.roster:
            self.roster_box.addItem(f"{ship['name']} ({ship['type']}, {ship['quality']})")
        add = QPushButton("Add ship from the roster")
        add.clicked.connect(self.add_roster_ship)
        add.setEnabled(bool(self.roster))
        row.addWidget(self.roster_box, 1)
        row.addWidget(add)
        lay.addLayout(row)
        lay.addWidget(_buttons(self))

    def add_roster_ship(self) -> None:
        i = self.roster_box.currentIndex()
        if not 0 <= i < len(self.roster):
            return
        ship = self.roster[i]
        line = f"ship: {ship['name']}, {ship['type']}, {ship['quality']}"
        text = self.text.toPlainText().rstrip("\n")
        self.text.setPlainText(f"{text}\n{line}" if text else line)
