"""The campaign view: players' master sheets, the hot-seat hand-off, engagements,
links to the naval and raid modes, standings and printing.

Every change is an action applied through the campaign's action log
(:class:`wargame.core.log.Session`) with :func:`ui.session_undo.apply_action`,
so Edit > Undo / Redo, saves and history all come from the log. A player's
secret contents are decrypted only in memory while that player has unlocked
their sheet on the hand-off screen; they are forgotten at the next hand-off.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QMessageBox,
    QWidget,
)

from ui.campaign.board import PAGE_HANDOFF, PAGE_SHEETS, PAGE_STANDINGS, BoardMixin
from ui.campaign.dialogs import AddPlayerDialog, ContentsDialog, DeclareDialog, ScoreDialog
from ui.campaign.join_turn import JoinTurnMixin
from ui.campaign.pbem import PbemMixin, campaign_menu
from ui.campaign.printing import print_pdf, sheet_html, standings_html
from ui.campaign.starting import StartMixin
from ui.campaign.wizard import CampaignWizard
from ui.context import AppContext
from ui.mode_base import ModeView
from ui.qtcompat import run_modal
from ui.session_undo import apply_action
from wargame.campaign import actions as A
from wargame.campaign.contents import contents_from_text, contents_to_text
from wargame.campaign.document import (
    add_player_action,
    campaign_from_scenario,
    is_campaign_save,
    load_campaign,
    new_campaign,
    open_contents,
    reveal_action,
    save_campaign,
    seal_action,
    unlock_player,
)
from wargame.campaign.links import (
    action_for_result,
    link_matches,
    linked_scenario,
    losses_for_result,
)
from wargame.campaign.losses import carried_contents
from wargame.campaign.model import ORDERS, RESOLVE, REVEAL
from wargame.campaign.secrets import PlayerKey
from wargame.campaign.state import CampaignState
from wargame.campaign.store import list_campaigns, open_campaign, store_campaign
from wargame.core.actions import Action
from wargame.core.log import Session
from wargame.errors import BadInput, WargameError
from wargame.plural import count


class CampaignView(StartMixin, BoardMixin, PbemMixin, JoinTurnMixin, ModeView):
    mode_key = "campaign"
    title = "Campaign"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.session: Session[CampaignState] | None = None
        self.seat = 0
        self.viewer: int | None = None
        self._key: PlayerKey | None = None
        self._secrets: dict[str, Any] = {}
        self._handoff_reason = ""
        #: The finished turn whose sheets are shown (None: the current turn).
        self.turn_shown: int | None = None
        self._filling_turns = False
        #: Players of a new campaign still to be seated, in seat order: (name, country,
        #: their AddPlayer action, or None while they choose a passphrase at the hand-off).
        self.waiting: list[tuple[str, str, Any]] = []
        #: The last New campaign wizard opened (tests drive it).
        self.wizard: CampaignWizard | None = None
        self._build()
        self.handoff.chose.connect(self.choose_passphrase)
        #: The menu bar's Campaign menu: play by e-mail (ui/campaign/pbem.py).
        self.mode_menu = campaign_menu(self)

    # -- the ModeView interface -------------------------------------------------------
    @property
    def state(self) -> CampaignState:
        assert self.session is not None
        return self.session.state

    def load_default(self) -> None:
        campaigns = list_campaigns(self.ctx.db)
        if campaigns:
            self._set_session(open_campaign(self.ctx.db, campaigns[0].uid, self._dice()))
            return
        for sid, _mode, _name in self.ctx.db.list_scenarios("campaign"):
            self.load_scenario_data(self.ctx.db.get_scenario(sid), None)
            return
        self.new_document()

    def new_document(self) -> None:
        self._set_session(new_campaign("New campaign", dice=self._dice()))

    def start_campaign(self, name: str) -> bool:
        """A new, empty campaign called ``name`` (players are added next)."""
        name = name.strip()
        if not name or len(name) > 80:
            self.show_error("name: a campaign needs a name of 1 to 80 characters")
            return False
        if not self.replace_document(
            lambda: self._set_session(new_campaign(name, dice=self._dice()))
        ):
            return False
        self._changed()
        return True

    def new_campaign_dialog(self) -> None:
        self.new_campaign_wizard()

    def open_stored(self, uid: str) -> bool:
        """Open one of the campaigns stored in the database."""
        try:
            return self.replace_document(
                lambda: self._set_session(open_campaign(self.ctx.db, uid, self._dice()))
            )
        except WargameError as exc:
            self.show_error(str(exc))
            return False

    def open_campaign_dialog(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        infos = list_campaigns(self.ctx.db)
        if not infos:
            self.show_error("There is no campaign in the database yet.", "Open campaign")
            return
        labels = [
            f"{i.name} - {count(i.players, 'player', 'players')}, turn {i.turn} ({i.phase}), {i.updated:%Y-%m-%d %H:%M}"
            for i in infos
        ]
        text, ok = QInputDialog.getItem(self, "Open campaign", "Campaign:", labels, 0, False)
        if ok:
            self.open_stored(infos[labels.index(text)].uid)

    def load_scenario_data(self, data: dict[str, Any], path: Path | None) -> None:
        self._set_session(campaign_from_scenario(data, self._dice()))

    @classmethod
    def accepts(cls, data: dict[str, Any]) -> bool:
        return is_campaign_save(data)

    def open_json(self, data: dict[str, Any], path: Path | None) -> None:
        self._set_session(load_campaign(data, self._dice()))
        if path is not None:
            self.document_name = path.stem

    def save_json(self) -> dict[str, Any]:
        assert self.session is not None
        return save_campaign(self.session)

    def history_changed(self) -> None:
        self._changed()

    def status_text(self) -> str:
        if self.session is None:
            return "Campaign"
        st = self.state
        pending = st.pending()
        return f"{st.name}: turn {st.turn_no}, {st.phase}" + (
            f" - next: {pending[0]}" if pending else ""
        )

    def _dice(self) -> Any:
        return self.ctx.make_dice(None, "Campaign")

    def _set_session(self, session: Session[CampaignState]) -> None:
        self.session = session
        self.waiting = []
        self.document_name = session.state.name
        self._forget_secrets()
        self.seat = _first_waiting_seat(session.state)
        self.turn_shown = None
        self.undo_stack.clear()
        self.document_changed.emit()
        self.pages.setCurrentIndex(PAGE_SHEETS)
        self._refresh()
        for row in self.state.rows(self.seat) if self.state.players else ():
            if row["engagement"] and row["vp"] is None:
                self.sheet.select_letter(row["letter"])
                break

    # -- applying actions -------------------------------------------------------------
    def apply(self, action: Action) -> bool:
        """Apply through the log (undoable); a refusal is shown and changes nothing."""
        if self.session is None:
            return False
        try:
            apply_action(self.undo_stack, self.session, action, self._changed)
        except WargameError as exc:
            self.show_error(str(exc))
            self._refresh()
            return False
        self.last_error = None
        return True

    def _changed(self) -> None:
        self._refresh()
        self.autosave()
        if self.session is not None:
            try:
                store_campaign(self.ctx.db, self.session)
            except WargameError as exc:
                self.status_changed.emit(f"Could not store the campaign: {exc}")

    # -- players, forces, engagements -------------------------------------------------
    def add_player(self, name: str, country: str, passphrase: str) -> bool:
        try:
            act, _key = add_player_action(name, country, passphrase, rules=self.state.rules)
        except BadInput as exc:
            self.show_error(str(exc))
            return False
        return self.apply(act)

    def add_player_dialog(self) -> None:
        dlg = AddPlayerDialog(
            self.state.rules.countries,
            self,
            min_passphrase=self.state.rules.secrets.min_passphrase,
        )
        if run_modal(dlg) != QDialog.DialogCode.Accepted:
            return
        self.add_player(dlg.name.text(), dlg.country.currentText(), dlg.passphrase.text())

    def _owner(self, seat: int | None, what: str) -> int | None:
        """``seat`` (default: the sheet shown) if its owner has unlocked it, else None
        with a message: in hot-seat play only a sheet's owner changes it."""
        seat = self.seat if seat is None else seat
        if self.viewer is None or self.viewer != seat:
            players = self.state.players
            name = players[seat].name if 0 <= seat < len(players) else f"player {seat}"
            self.show_error(
                f"player: only {name} {what} on {name}'s sheet; hand over and unfold it first"
            )
            self._refresh()
            return None
        return seat

    def set_value(self, letter: str, value: int | None, seat: int | None = None) -> bool:
        seat = self._owner(seat, "gives values")
        if seat is None:
            return False
        if value is None:
            return self.apply(A.RemoveForce(seat, letter))
        return self.apply(A.SetForce(seat, letter, value))

    def _value_edited(self, letter: str, text: str) -> None:
        text = text.strip()
        if not text:
            if letter in self.state.players[self.seat].forces:
                self.set_value(letter, None)
            return
        if not text.lstrip("-").isdigit():
            self.show_error(f"value: {text!r} is not a number 1-5 (force {letter})")
            self._refresh()
            return
        self.set_value(letter, int(text))

    def declare(self, letter: str, opponent: int, opponent_letter: str, attacker: bool) -> bool:
        seat = self._owner(None, "declares engagements")
        if seat is None:
            return False
        return self.apply(A.Declare(seat, letter, opponent, opponent_letter, attacker))

    def declare_dialog(self) -> None:
        dlg = DeclareDialog(self.state, self.seat, self.sheet.selected_letter(), self)
        if run_modal(dlg) == QDialog.DialogCode.Accepted:
            self.declare(*dlg.values())

    def withdraw(self, letter: str) -> bool:
        seat = self._owner(None, "withdraws engagements")
        if seat is None:
            return False
        return self.apply(A.Withdraw(seat, letter))

    def _withdraw_selected(self) -> None:
        letter = self.sheet.selected_letter()
        if letter is None:
            self.show_error("letter: select the row of the force to withdraw")
            return
        self.withdraw(letter)

    def set_done(self, done: bool = True, seat: int | None = None) -> bool:
        seat = self._owner(seat, "says done")
        if seat is None:
            return False
        ok = self.apply(A.DoneDeclaring(seat, done))
        if ok and done and self.viewer == seat:
            self.hand_on()
        return ok

    def _toggle_done(self) -> None:
        self.set_done(not self.state.players[self.seat].done)

    # -- secrets: hand-off, unlocking, contents, reveal -------------------------------
    def request_handoff(self, seat: int, why: str = "") -> None:
        """Hide every sheet and ask ``seat``'s player for their passphrase."""
        if self.session is None or not 0 <= seat < len(self.state.players):
            return
        self._forget_secrets()
        p = self.state.players[seat]
        reason = why or {
            ORDERS: "Fill in your forces' secret contents and declare your engagements.",
            REVEAL: "Every engagement is known: unfold your sheet for everyone.",
        }.get(self.state.phase, "Look at your folded-under part.")
        self.handoff.prepare(seat, p.name, p.country, reason)
        self.pages.setCurrentIndex(PAGE_HANDOFF)
        self._refresh()

    def unlock(self, seat: int, passphrase: str) -> bool:
        try:
            key = unlock_player(self.state, seat, passphrase)
            secrets = open_contents(self.state, seat, key)
        except WargameError as exc:
            self.handoff.refuse(str(exc))
            self.last_error = str(exc)
            return False
        self.viewer, self._key, self._secrets = seat, key, secrets
        self._at_table(seat)
        self.seat = seat
        self._reseal_opened(seat, key, secrets)
        self.pages.setCurrentIndex(PAGE_SHEETS)
        self.last_error = None
        self._refresh()
        return True

    def _forget_secrets(self) -> None:
        self.viewer, self._key, self._secrets = None, None, {}
        self._at_table(None)

    def _at_table(self, seat: int | None) -> None:
        """A new person at the computer: they may undo only their own actions, so the
        previous player's steps leave the undo stack (issue 11)."""
        if self.session is not None and self.session.at_table != seat:
            self.session.at_table = seat
            self.undo_stack.clear()

    def _reseal_opened(self, seat: int, key: Any, secrets: dict[str, Any]) -> None:
        """Seal afresh every force whose commitment last turn's reveal opened (the
        same contents less what its fights lost, a new random nonce: the new
        commitment says nothing)."""
        st = self.state
        if st.phase != ORDERS or st.players[seat].done:
            return
        carried = carried_contents(st, seat)  # last turn's losses taken off
        for letter, force in sorted(st.players[seat].forces.items()):
            if force.sealed and not force.commit and letter in secrets:
                try:
                    contents = carried.get(letter, secrets[letter])
                    act = seal_action(st, seat, letter, contents, key)
                except WargameError:
                    continue
                self.apply(act)
        self.undo_stack.clear()  # the fresh seals are not the player's to take back

    def hand_on(self) -> None:
        """Fold the sheet away and hand the computer to whoever the campaign waits for."""
        after = self.viewer if self.viewer is not None else self.seat
        self._forget_secrets()
        nxt = self._next_player(after)
        if nxt is None:
            self.show_sheets()
        else:
            self.request_handoff(nxt)

    def _next_player(self, after: int) -> int | None:
        """The first player after ``after`` (round the table) the campaign waits for."""
        st = self.state
        if st.phase == ORDERS and len(st.players) >= st.rules.min_players:
            waiting = [i for i, p in enumerate(st.players) if not p.done]
        elif st.phase == REVEAL:
            waiting = [i for i, p in enumerate(st.players) if p.revealed is None]
        else:
            return None
        if not waiting:
            return None
        return min(waiting, key=lambda i: (i - after - 1) % len(st.players))

    def set_contents(self, letter: str, contents: Any) -> bool:
        """Seal ``contents`` (data or the text form) for the unlocked player's force."""
        if self.viewer is None or self._key is None:
            self.show_error("contents: unlock your sheet on the hand-off screen first")
            return False
        try:
            if isinstance(contents, str):
                contents = contents_from_text(contents, self.state.rules)
            act = seal_action(self.state, self.viewer, letter, contents, self._key)
        except BadInput as exc:
            self.show_error(str(exc))
            return False
        return self.apply(act)

    def edit_contents(self, letter: str) -> None:
        if self.viewer is None or self.viewer != self.seat:
            return
        if letter not in self.state.players[self.viewer].forces:
            self.show_error(f"letter: give force {letter} a value before its contents")
            return
        dlg = ContentsDialog(
            letter, contents_to_text(self._secrets.get(letter)), self, roster=self.roster_ships()
        )
        if run_modal(dlg) == QDialog.DialogCode.Accepted:
            self.set_contents(letter, dlg.text.toPlainText())

    def _roster_sheets(self) -> dict[str, dict[str, Any]]:
        """The naval roster's ship sheets by name."""
        out: dict[str, dict[str, Any]] = {}
        for doc_id, _name in self.ctx.db.list_documents("naval-ship"):
            try:
                _kind, _n, data = self.ctx.db.get_document(doc_id)
            except (WargameError, ValueError):
                continue
            if isinstance(data, dict) and isinstance(data.get("name"), str):
                out[data["name"]] = data
        return out

    def roster_ships(self) -> list[dict[str, str]]:
        """The naval roster's ships (documents of kind naval-ship) a force may take."""
        rules = self.state.rules.contents
        out = []
        for doc_id, _name in self.ctx.db.list_documents("naval-ship"):
            try:
                _kind, _n, data = self.ctx.db.get_document(doc_id)
            except (WargameError, ValueError):
                continue
            if (
                isinstance(data.get("name"), str)
                and data.get("type") in rules.ship_types
                and data.get("quality", "able") in rules.qualities
            ):
                out.append(
                    {
                        "name": data["name"],
                        "type": data["type"],
                        "quality": data.get("quality", "able"),
                    }
                )
        return out

    def reveal(self) -> bool:
        """Unfold the unlocked player's sheet for everyone (cannot be undone)."""
        if self.viewer is None or self._key is None:
            self.show_error("reveal: unlock your sheet on the hand-off screen first")
            return False
        try:
            act = reveal_action(self.state, self.viewer, self._key)
        except WargameError as exc:
            self.show_error(str(exc))
            return False
        ok = self.apply(act)
        if ok:
            self.hand_on()
        return ok

    # -- resolving and fighting --------------------------------------------------------
    def resolve(self, key: str) -> bool:
        return self.apply(A.Resolve(key))

    def choose_result(self, key: str, result: int) -> bool:
        return self.apply(A.ChooseResult(key, result))

    def resolve_all(self) -> int:
        """Roll every open result in one go (with method = choice, ask the attacker for
        each); the number of engagements resolved."""
        todo = [k for k, e in self.state.engagements.items() if e.result is None]
        if self.state.rules.resolution.method != "choice":
            return len(todo) if todo and self.apply(A.ResolveAll()) else 0
        n = 0
        for key in todo:
            result = self._ask_result(key)
            if result is None or not self.choose_result(key, result):
                break
            n += 1
        return n

    def _ask_result(self, key: str) -> int | None:
        from PySide6.QtWidgets import QInputDialog

        names = self.state.rules.results.names
        items = [f"{k}. {names.get(k, k)}" for k in (1, 2, 3)]
        e = self.state.engagements[key]
        text, ok = QInputDialog.getItem(
            self,
            f"Engagement {key}",
            f"{self.state.label(e.attacker_side[0])} attacks: choose the result",
            items,
            0,
            False,
        )
        return int(text.split(".")[0]) if ok else None

    def _selected_engagement(self) -> str | None:
        """The engagement of the row chosen; with no row chosen (or one without an
        engagement), the one engagement waiting on this sheet (its row is the one
        highlighted); several waiting: the player is asked to choose one, by letter."""
        letter = self.sheet.selected_letter()
        e = self.state.engagement_of(self.seat, letter) if letter else None
        if e is not None:
            return e.key
        waiting = list(getattr(self.sheet, "waiting", []))
        if len(waiting) == 1:
            found = self.state.engagement_of(self.seat, waiting[0])
            if found is not None:
                self.sheet.select_letter(waiting[0])
                return found.key
        if waiting:
            self.show_error(
                "engagement: several engagements wait for their result (rows "
                + ", ".join(waiting)
                + "): click the row of the one you mean"
            )
        else:
            self.show_error("engagement: no engagement on this sheet waits for its result")
        return None

    def fight(self, key: str) -> bool:
        """Open the engagement's battle or raid in its own mode, linked back here."""
        try:
            scenario = linked_scenario(self.state, key, roster=self._roster_sheets())
            window = self.window()
            open_data = getattr(window, "open_data", None)
            if open_data is None:
                raise BadInput("fight: the main window is not available")
            view = open_data(scenario, None)
            # a sea fight: the players choose the sea and where the ships start (the
            # battle on the table meanwhile is the default, on open sea)
            if scenario.get("mode") == "naval" and hasattr(view, "open_setup"):
                view.open_setup(scenario)
        except WargameError as exc:
            self.show_error(str(exc))
            return False
        return True

    def _fight_selected(self) -> None:
        key = self._selected_engagement()
        if key:
            self.fight(key)

    def type_result(self, key: str, attacker_score: int, defender_score: int) -> bool:
        return self.apply(A.RecordScore(key, attacker_score, defender_score, "typed"))

    def _score_selected(self) -> None:
        key = self._selected_engagement()
        if not key:
            return
        e = self.state.engagements[key]
        sc = self.state.rules.scoring
        dlg = ScoreDialog(
            f"Battle score of engagement {key}",
            self.state.label(e.attacker_side[0]) + f" {e.attacker_side[1]}",
            self.state.label(e.defender_side[0]) + f" {e.defender_side[1]}",
            sc.score_min,
            sc.score_max,
            self,
        )
        if run_modal(dlg) == QDialog.DialogCode.Accepted:
            self.type_result(key, dlg.attacker.value(), dlg.defender.value())

    def collect_results(self) -> int:
        """Pick up results reported by fights started from this campaign."""
        if self.session is None:
            return 0
        db = self.ctx.db
        applied = 0
        told: list[str] = []  # the losses carried back, in words
        for doc_id, _name in db.list_documents("campaign-result"):
            try:
                _kind, _n, doc = db.get_document(doc_id)
            except (WargameError, ValueError):
                continue
            link, result = doc.get("link"), doc.get("result")
            if not link_matches(self.state, link):
                continue
            try:
                act = action_for_result(self.state, link, result or {})
                lost = losses_for_result(self.state, link, result or {})
            except BadInput as exc:
                self.status_changed.emit(f"A reported result was not used: {exc}")
                db.delete_document(doc_id)
                continue
            if self.apply(act):
                applied += 1
                if lost is not None and self.apply(lost):
                    told.append(self.session.entries[-1].label)
            db.delete_document(doc_id)  # used, or refused with a message: never asked again
        if applied:
            self.status_changed.emit(
                " ".join(
                    [
                        f"{count(applied, 'battle result', 'battle results')} came back to the sheets.",
                        *told,
                    ]
                )
            )
        return applied

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        self.collect_results()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt API
        """Leaving the campaign folds any unfolded secret part away."""
        super().hideEvent(event)
        if self.viewer is not None and self.session is not None:
            self._forget_secrets()
            self._refresh()

    def end_turn(self) -> bool:
        return self.apply(A.EndTurn())

    def finish(self) -> bool:
        """End the campaign for good (after asking: it cannot be taken back)."""
        if not self.ctx.quiet_errors:
            answer = QMessageBox.question(
                self,
                "End the campaign",
                "End the campaign now? The standings become final and no more turns can be played.",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        ok = self.apply(A.Finish())
        if ok:
            self.show_standings()
        return ok

    # -- pages ------------------------------------------------------------------------
    def show_standings(self) -> None:
        self._forget_secrets()
        self.standings.show_state(self.state)
        self.pages.setCurrentIndex(PAGE_STANDINGS)
        self._refresh()

    def show_sheets(self) -> None:
        self.pages.setCurrentIndex(PAGE_SHEETS)
        self._refresh()

    def show_turn(self, turn: int | None) -> None:
        """Show the sheets as they were at the end of a finished ``turn`` (None: now)."""
        if turn is not None and turn not in {r.turn for r in self.state.history}:
            turn = None
        self.turn_shown = turn
        self._refresh()

    def _turn_chosen(self, index: int) -> None:
        if self._filling_turns or index < 0:
            return
        data = self.turn_box.itemData(index)
        self.show_turn(None if data is None else int(data))

    def _select_seat(self, row: int) -> None:
        if row >= 0 and self.session is not None and row != self.seat:
            self.seat = row
            self._refresh()

    # -- printing ---------------------------------------------------------------------
    def print_pdf(self, path: str | Path, *, with_secrets: bool) -> None:
        """All sheets, one a page, then the standings. The secret part is printed only
        where this screen may show it (unfolded sheets, the unlocked player's own)."""
        st = self.state
        pages = [
            sheet_html(st, i, self._visible_secrets(i) if with_secrets else None)
            for i in range(len(st.players))
        ]
        pages.append(standings_html(st))
        print_pdf(path, pages)

    def print_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Print to PDF", str(Path.home() / f"{self.document_name}.pdf"), "PDF (*.pdf)"
        )
        if not path:
            return
        answer = QMessageBox.question(
            self,
            "Print the secret part?",
            "Print the folded-under part too (only what this screen may show)?",
        )
        try:
            self.print_pdf(path, with_secrets=answer == QMessageBox.StandardButton.Yes)
        except WargameError as exc:
            self.show_error(str(exc))


def _first_waiting_seat(state: CampaignState) -> int:
    """The sheet to open on: one with an engagement still waiting for its result."""
    if state.phase == RESOLVE:
        for e in state.engagements.values():
            if not e.scored:
                return e.attacker_side[0]
    return 0
