"""Starting a campaign from the New campaign wizard: the players are seated in
order; one who left the passphrase empty chooses it alone on the hand-off screen
before the next is seated (mixed into the campaign view)."""

from __future__ import annotations

from typing import Any

from ui.campaign.board import PAGE_HANDOFF
from ui.campaign.wizard import CampaignPlan, CampaignWizard, ShippedCampaign
from wargame.campaign.document import add_player_action, campaign_from_scenario, new_campaign
from wargame.campaign.rules import campaign_rules
from wargame.errors import WargameError


class StartMixin:
    """The wizard's side of the campaign view."""

    # provided by the view
    session: Any
    ctx: Any
    handoff: Any
    pages: Any
    undo_stack: Any
    last_error: str | None
    waiting: list[tuple[str, str, Any]]
    wizard: CampaignWizard | None

    def shipped_campaigns(self) -> list[ShippedCampaign]:
        """The shipped campaigns (scenarios of the database) and their captains."""
        out = []
        for sid, _mode, _name in self.ctx.db.list_scenarios("campaign"):
            try:
                data = self.ctx.db.get_scenario(sid)
                st = campaign_from_scenario(data, self._dice()).state
            except WargameError:
                continue
            captains = tuple((p.name, p.country) for p in st.players)
            out.append(ShippedCampaign(st.name, str(data.get("notes", "")), captains))
        return out

    def new_campaign_wizard(self) -> CampaignWizard:
        """New campaign: which one, who plays, passphrases; Finish starts it at turn 1."""
        rules = self.state.rules if self.session is not None else campaign_rules()
        wizard = CampaignWizard(
            self.shipped_campaigns(),
            rules.countries,
            min_players=rules.min_players,
            min_passphrase=rules.secrets.min_passphrase,
            parent=self,
        )
        wizard.accepted.connect(lambda: self.start_from_plan(wizard.plan()))
        self.wizard = wizard
        wizard.open()
        return wizard

    def start_from_plan(self, plan: CampaignPlan) -> bool:
        """A new campaign at its start with the wizard's players (a player without a
        passphrase chooses it on the hand-off screen before the next is seated)."""
        rules = campaign_rules()
        try:
            ready = [
                (name, country, add_player_action(name, country, phrase, rules=rules)[0])
                if phrase
                else (name, country, None)
                for name, country, phrase in plan.players
            ]
            if not self.replace_document(
                lambda: self._set_session(new_campaign(plan.name, dice=self._dice()))
            ):
                return False
        except WargameError as exc:
            self.show_error(str(exc), "Could not start the campaign")
            return False
        self.waiting = ready
        self._seat_waiting()
        return True

    def _seat_waiting(self) -> None:
        while self.waiting and self.waiting[0][2] is not None:
            _name, _country, act = self.waiting.pop(0)
            if not self.apply(act):
                self.waiting.clear()
        self.undo_stack.clear()  # seating the players is the campaign's start, not a step
        if self.waiting:
            name, country, _ = self.waiting[0]
            self.handoff.prepare_new(name, country, self.state.rules.secrets.min_passphrase)
            self.pages.setCurrentIndex(PAGE_HANDOFF)
            self._refresh()
        else:
            self.show_sheets()

    def choose_passphrase(self, phrase: str, again: str) -> bool:
        """The player waiting to be seated chose a passphrase on the hand-off screen."""
        if not self.waiting or self.session is None:
            return False
        name, country, _ = self.waiting[0]
        least = self.state.rules.secrets.min_passphrase
        problem = ""
        if len(phrase) < least:
            problem = f"{name}: at least {least} characters, please (this one has {len(phrase)})"
        elif phrase != again:
            problem = f"{name}: the two passphrases differ; type it again"
        if problem:
            self.handoff.refuse(problem)
            self.last_error = problem
            return False
        act, _key = add_player_action(name, country, phrase, rules=self.state.rules)
        self.waiting[0] = (name, country, act)
        self.last_error = None
        self._seat_waiting()
        return True
