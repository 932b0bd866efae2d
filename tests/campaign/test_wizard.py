"""Home's Campaign card starts a new campaign with a short wizard (which campaign,
who plays, optional passphrases) and opens it at its start (issue 17)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from wargame.campaign.model import ORDERS


def click(qtbot, widget) -> None:  # noqa: ANN001
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def wizard_from_home(main_window, qtbot):  # noqa: ANN001, ANN201
    click(qtbot, main_window.home.cards["campaign"])
    wizard = main_window.views["campaign"].wizard
    assert wizard is not None and wizard.isVisible()
    return wizard


def test_the_campaign_card_starts_the_shipped_campaign_at_turn_one_with_our_players(
    main_window, qtbot
) -> None:  # noqa: ANN001
    wizard = wizard_from_home(main_window, qtbot)
    assert wizard.choose.radios[0].isChecked()
    assert wizard.choose.radios[0].text() == "The Spanish Main, 1690"
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    players = wizard.players
    assert players.count.value() == 4  # the shipped campaign's four captains
    assert players.rows[2][1].text() == "Henry Morgan"
    players.count.setValue(3)
    for i, name in enumerate(("Anna", "Bo", "Carla")):
        players.rows[i][1].setText(name)
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    page = wizard.passphrases
    page.rows[0][1].setText("short")
    page.rows[0][2].setText("short")
    page.rows[2][1].setText("carla-secret")
    page.rows[2][2].setText("carla-secret")
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    # too short: said on the page, the wizard stays open
    assert wizard.isVisible()
    assert "Anna: a passphrase needs at least 8 characters (this one has 5)" in page.problem.text()
    page.rows[0][1].setText("anna-secret")
    page.rows[0][2].setText("anna-secret")
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    assert not wizard.isVisible()

    view = main_window.current
    assert view.mode_key == "campaign"
    # Bo left the passphrase empty: Bo chooses it alone at the hand-off screen
    assert [p.name for p in view.state.players] == ["Anna"]
    assert view.handoff.isVisible() and view.handoff.heading.text().startswith(
        "Pass the computer to Bo of"
    )
    view.handoff.passphrase.setText("bo")
    view.handoff.repeat.setText("bo")
    click(qtbot, view.handoff.go_button)
    assert "at least 8 characters" in view.handoff.message.text()
    view.handoff.passphrase.setText("bo-secret-1")
    view.handoff.repeat.setText("bo-secret-1")
    click(qtbot, view.handoff.go_button)

    st = view.state
    assert [p.name for p in st.players] == ["Anna", "Bo", "Carla"]
    assert [p.country for p in st.players] == ["Spain", "France", "England"]
    assert st.name == "The Spanish Main, 1690"
    assert (st.turn_no, st.phase) == (1, ORDERS)
    assert not st.engagements and not st.history
    assert view.undo_stack.count() == 0  # seating the players is not a step to undo
    # each player's passphrase opens their own sheet
    assert view.unlock(1, "bo-secret-1")
    assert view.unlock(2, "carla-secret")
    # the shipped campaign stays under Scenarios on home
    main_window.go_home()
    scenarios = [
        main_window.home.scenarios.item(i).text() for i in range(main_window.home.scenarios.count())
    ]
    assert any(t.startswith("The Spanish Main, 1690") for t in scenarios)


def test_a_blank_campaign_needs_a_name_and_distinct_players(main_window, qtbot) -> None:  # noqa: ANN001
    wizard = wizard_from_home(main_window, qtbot)
    wizard.choose.blank.click()  # the radio button (its label is narrower than the row)
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentPage() is wizard.choose
    assert "Give the blank campaign a name" in wizard.choose.problem.text()
    wizard.choose.name.setText("The Windward Passage, 1702")
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    players = wizard.players
    assert players.count.value() == 2 and not players.rows[0][1].text()
    players.rows[0][1].setText("Anna")
    players.rows[1][1].setText("anna")
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentPage() is players
    assert "anna is already player 1" in players.problem.text()
    players.rows[1][1].setText("Bo")
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    for i, phrase in enumerate(("anna-secret", "bo-secret-2")):
        wizard.passphrases.rows[i][1].setText(phrase)
        wizard.passphrases.rows[i][2].setText(phrase)
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    view = main_window.current
    assert view.state.name == "The Windward Passage, 1702"
    assert [p.name for p in view.state.players] == ["Anna", "Bo"]
    assert view.state.turn_no == 1 and not view.handoff.isVisible()


def test_cancelling_the_wizard_goes_back_home(main_window, qtbot) -> None:  # noqa: ANN001
    wizard = wizard_from_home(main_window, qtbot)
    click(qtbot, wizard.button(QWizard.WizardButton.CancelButton))
    assert main_window.current is main_window.home


def test_add_player_refuses_a_short_passphrase_before_the_dialog_closes(qtbot) -> None:  # noqa: ANN001
    from ui.campaign.dialogs import AddPlayerDialog

    dialog = AddPlayerDialog(("Spain", "France"), min_passphrase=8)
    qtbot.addWidget(dialog)
    dialog.name.setText("Anna")
    dialog.passphrase.setText("abc")
    dialog.repeat.setText("abc")
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert "at least 8 characters (this one has 3)" in dialog.problem.text()
    dialog.passphrase.setText("long enough")
    dialog.repeat.setText("long enougH")
    dialog.accept()
    assert "differ" in dialog.problem.text()
    dialog.repeat.setText("long enough")
    dialog.accept()
    assert dialog.result() == dialog.DialogCode.Accepted
