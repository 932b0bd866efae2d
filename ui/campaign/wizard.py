"""A new campaign in three short steps: which campaign (a shipped one or a blank
one), who plays (names and countries), and each player's passphrase (optional:
a player who leaves it empty chooses it alone at the hand-off screen).

Every refusal (a missing name, a name twice, a passphrase too short or typed
differently twice) is said on the page, before the wizard closes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

#: The most players the wizard offers (a campaign takes more: Add player...).
WIZARD_MAX_PLAYERS = 8


@dataclass(frozen=True)
class ShippedCampaign:
    """A shipped campaign the wizard offers: its name, setting and captains."""

    name: str
    notes: str
    captains: tuple[tuple[str, str], ...]  # (name, country)


@dataclass
class CampaignPlan:
    """What the wizard asked: the campaign's name and its players in seat order."""

    name: str
    #: (name, country, passphrase); "" : the player chooses it at the hand-off screen
    players: list[tuple[str, str, str]] = field(default_factory=list)


def _problem_label() -> QLabel:
    label = QLabel()
    label.setObjectName("wizard-problem")
    label.setWordWrap(True)
    label.setStyleSheet("color: #a0281e; font-weight: bold;")
    label.hide()
    return label


def _say(label: QLabel, text: str) -> bool:
    label.setText(text)
    label.setVisible(bool(text))
    return not text


class ChoosePage(QWizardPage):
    def __init__(self, shipped: list[ShippedCampaign]) -> None:
        super().__init__()
        self.setTitle("Which campaign?")
        self.setSubTitle(
            "Start one of the shipped campaigns with your own players, or a blank one."
        )
        self.shipped = shipped
        lay = QVBoxLayout(self)
        self.group = QButtonGroup(self)
        self.radios: list[QRadioButton] = []
        for i, sc in enumerate(shipped):
            radio = QRadioButton(sc.name)
            radio.setObjectName(f"wizard-shipped-{i}")
            countries = ", ".join(c for _n, c in sc.captains)
            radio.setToolTip(f"{len(sc.captains)} captains: {countries}")
            self.group.addButton(radio, i)
            self.radios.append(radio)
            lay.addWidget(radio)
            blurb = QLabel(
                f"{len(sc.captains)} captains to start with ({countries}); "
                "you name them and choose how many play."
            )
            blurb.setWordWrap(True)
            blurb.setContentsMargins(24, 0, 0, 6)
            lay.addWidget(blurb)
        self.blank = QRadioButton("A blank campaign")
        self.blank.setObjectName("wizard-blank")
        self.group.addButton(self.blank, len(shipped))
        lay.addWidget(self.blank)
        self.name = QLineEdit()
        self.name.setObjectName("wizard-name")
        self.name.setPlaceholderText("Name of the campaign, e.g. The Windward Passage, 1702")
        self.name.setMaxLength(80)
        self.name.textEdited.connect(lambda _t: self.blank.setChecked(True))
        lay.addWidget(self.name)
        lay.addStretch(1)
        self.problem = _problem_label()
        lay.addWidget(self.problem)
        (self.radios[0] if self.radios else self.blank).setChecked(True)

    def choice(self) -> ShippedCampaign | None:
        i = self.group.checkedId()
        return self.shipped[i] if 0 <= i < len(self.shipped) else None

    def campaign_name(self) -> str:
        chosen = self.choice()
        return chosen.name if chosen is not None else " ".join(self.name.text().split())

    def validatePage(self) -> bool:  # noqa: N802 - Qt API
        if self.choice() is None and not self.campaign_name():
            self.name.setFocus()
            return _say(self.problem, "Give the blank campaign a name.")
        return _say(self.problem, "")


class PlayersPage(QWizardPage):
    def __init__(self, countries: tuple[str, ...], min_players: int) -> None:
        super().__init__()
        self.setTitle("Who plays?")
        self.setSubTitle("Each player commands one country's forces. Names are public.")
        self.countries = countries
        lay = QVBoxLayout(self)
        top = QGridLayout()
        top.addWidget(QLabel("Players:"), 0, 0)
        self.count = QSpinBox()
        self.count.setObjectName("wizard-count")
        self.count.setRange(min_players, WIZARD_MAX_PLAYERS)
        self.count.valueChanged.connect(self._show_rows)
        top.addWidget(self.count, 0, 1)
        top.setColumnStretch(2, 1)
        lay.addLayout(top)
        grid = QGridLayout()
        grid.addWidget(QLabel("<b>Captain's name</b>"), 0, 1)
        grid.addWidget(QLabel("<b>Country</b>"), 0, 2)
        self.rows: list[tuple[QLabel, QLineEdit, QComboBox]] = []
        for i in range(WIZARD_MAX_PLAYERS):
            number = QLabel(f"{i + 1}.")
            name = QLineEdit()
            name.setObjectName(f"wizard-player-{i}")
            name.setMaxLength(40)
            country = QComboBox()
            country.setObjectName(f"wizard-country-{i}")
            country.addItems(list(countries))
            country.setCurrentIndex(i % len(countries))
            grid.addWidget(number, i + 1, 0)
            grid.addWidget(name, i + 1, 1)
            grid.addWidget(country, i + 1, 2)
            self.rows.append((number, name, country))
        grid.setColumnStretch(1, 1)
        lay.addLayout(grid)
        lay.addStretch(1)
        self.problem = _problem_label()
        lay.addWidget(self.problem)
        self._filled_for: object = ()

    def initializePage(self) -> None:  # noqa: N802 - Qt API
        wizard = self.wizard()
        chosen = wizard.choose.choice() if isinstance(wizard, CampaignWizard) else None
        if chosen is self._filled_for:
            return  # back and forth keeps what was typed
        self._filled_for = chosen
        captains = list(chosen.captains) if chosen is not None else []
        self.count.setValue(max(self.count.minimum(), min(len(captains) or 2, WIZARD_MAX_PLAYERS)))
        for i, (_n, name, country) in enumerate(self.rows):
            if i < len(captains):
                name.setText(captains[i][0])
                if captains[i][1] in self.countries:
                    country.setCurrentText(captains[i][1])
            else:
                name.clear()
            name.setPlaceholderText(f"Captain {i + 1}")
        self._show_rows(self.count.value())

    def _show_rows(self, n: int) -> None:
        for i, row in enumerate(self.rows):
            for w in row:
                w.setVisible(i < n)

    def players(self) -> list[tuple[str, str]]:
        return [
            (" ".join(name.text().split()), country.currentText())
            for _n, name, country in self.rows[: self.count.value()]
        ]

    def validatePage(self) -> bool:  # noqa: N802 - Qt API
        seen: dict[str, int] = {}
        for i, (name, _country) in enumerate(self.players()):
            if not name:
                self.rows[i][1].setFocus()
                return _say(self.problem, f"Player {i + 1} needs a name.")
            key = name.casefold()
            if key in seen:
                self.rows[i][1].setFocus()
                return _say(
                    self.problem, f"{name} is already player {seen[key] + 1}: give each a name."
                )
            seen[key] = i
        return _say(self.problem, "")


class PassphrasePage(QWizardPage):
    def __init__(self, min_length: int) -> None:
        super().__init__()
        self.min_length = min_length
        self.setTitle("Passphrases (optional)")
        self.setSubTitle(
            "A passphrase keeps a player's forces secret; it is never stored. Type it here, "
            "or leave it empty: that player chooses it alone when the computer is handed over."
        )
        lay = QVBoxLayout(self)
        grid = QGridLayout()
        grid.addWidget(QLabel("<b>Passphrase</b>"), 0, 1)
        grid.addWidget(QLabel("<b>Again</b>"), 0, 2)
        self.rows: list[tuple[QLabel, QLineEdit, QLineEdit]] = []
        for i in range(WIZARD_MAX_PLAYERS):
            who = QLabel()
            phrase, again = QLineEdit(), QLineEdit()
            phrase.setObjectName(f"wizard-passphrase-{i}")
            again.setObjectName(f"wizard-again-{i}")
            for w in (phrase, again):
                w.setEchoMode(QLineEdit.EchoMode.Password)
                w.setPlaceholderText(f"at least {min_length} characters, or empty")
            grid.addWidget(who, i + 1, 0)
            grid.addWidget(phrase, i + 1, 1)
            grid.addWidget(again, i + 1, 2)
            self.rows.append((who, phrase, again))
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        lay.addLayout(grid)
        lay.addStretch(1)
        self.problem = _problem_label()
        lay.addWidget(self.problem)

    def _names(self) -> list[str]:
        wizard = self.wizard()
        return (
            [n for n, _c in wizard.players.players()] if isinstance(wizard, CampaignWizard) else []
        )

    def initializePage(self) -> None:  # noqa: N802 - Qt API
        names = self._names()
        for i, row in enumerate(self.rows):
            row[0].setText(names[i] if i < len(names) else "")
            for w in row:
                w.setVisible(i < len(names))

    def passphrases(self) -> list[str]:
        return [phrase.text() for _w, phrase, _a in self.rows[: len(self._names())]]

    def validatePage(self) -> bool:  # noqa: N802 - Qt API
        for i, name in enumerate(self._names()):
            _w, phrase, again = self.rows[i]
            text = phrase.text()
            if text and len(text) < self.min_length:
                phrase.setFocus()
                return _say(
                    self.problem,
                    f"{name}: a passphrase needs at least {self.min_length} characters "
                    f"(this one has {len(text)}), or leave it empty to choose it later.",
                )
            if text != again.text():
                again.setFocus()
                return _say(self.problem, f"{name}: the two passphrases differ; type it again.")
        return _say(self.problem, "")


class CampaignWizard(QWizard):
    """New campaign: which one, who plays, passphrases. :meth:`plan` after Finish."""

    def __init__(
        self,
        shipped: list[ShippedCampaign],
        countries: tuple[str, ...],
        *,
        min_players: int,
        min_passphrase: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("campaign-wizard")
        self.setWindowTitle("New campaign")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.choose = ChoosePage(shipped)
        self.players = PlayersPage(countries, min_players)
        self.passphrases = PassphrasePage(min_passphrase)
        for page in (self.choose, self.players, self.passphrases):
            self.addPage(page)
        self.setButtonText(QWizard.WizardButton.FinishButton, "Start the campaign")
        self.resize(620, 480)

    def plan(self) -> CampaignPlan:
        phrases = self.passphrases.passphrases()
        players = [
            (name, country, phrases[i] if i < len(phrases) else "")
            for i, (name, country) in enumerate(self.players.players())
        ]
        return CampaignPlan(self.choose.campaign_name(), players)
