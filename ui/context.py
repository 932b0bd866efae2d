"""What every mode view gets: the database, the dice hub, settings (plain values)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from ui.settings import Settings
from wargame.core.dice import (
    DiceService,
    ManualProvider,
    Provider,
    Roll,
    RollRequest,
    SeededProvider,
    fresh_seed,
)

if TYPE_CHECKING:  # the database (sqlmodel) is imported only when first used: fast start
    from wargame.persistence.check import DatabaseUnusable
    from wargame.persistence.db import Database


class DiceHub(QObject):
    """Announces every roll of every open game to the dice log dock."""

    rolled = Signal(str, object)  # source label, Roll

    def watch(self, dice: DiceService, source: str) -> None:
        dice.add_listener(lambda roll: self.rolled.emit(source, roll))


class TableProvider:
    """Seeded dice, or - while the player has chosen to - dice typed in from the table.

    The switch takes effect at the next roll, so a player can change mid-game.
    """

    def __init__(self, ctx: AppContext, seeded: SeededProvider) -> None:
        self.ctx = ctx
        self.seeded = seeded
        self.manual = ManualProvider(ctx.ask_dice, fallback=seeded)
        self._typed = False

    @property
    def last_typed(self) -> bool:
        """The last values were typed in from the table (see ``Roll.typed``)."""
        return self._typed

    def values(self, request: RollRequest) -> tuple[int, ...]:
        provider: Provider = self.manual if self.ctx.manual_dice else self.seeded
        self._typed = False
        values = provider.values(request)
        self._typed = provider is self.manual and self.manual.last_typed
        return values

    def get_state(self) -> list[Any]:
        return self.seeded.get_state()

    def set_state(self, state: Sequence[Any]) -> None:
        self.seeded.set_state(state)


class AppContext:
    def __init__(
        self,
        db: Database | Callable[[], Database],
        data_dir: Path,
        *,
        settings: Settings | None = None,
    ) -> None:
        self._db: Database | None = None
        self._db_factory: Callable[[], Database] | None = None
        if callable(db) and not hasattr(db, "engine"):
            self._db_factory = db
        else:
            self._db = db  # type: ignore[assignment]
        self.data_dir = data_dir
        self.dice_hub = DiceHub()
        # Plain values only: QSettings would unpickle a crafted entry (issue 11).
        self.settings = settings or Settings(data_dir / "settings.ini")
        self.manual_dice = False
        self.dialog_parent: QWidget | None = None
        #: Tests replace this to answer dice prompts without a dialog.
        self.dice_answerer: Any = None
        #: Called when the database can't be used (the main window's dialog); returns
        #: the database to use instead, or None when the player quits.
        self.db_problem_handler: Callable[[DatabaseUnusable], Database | None] | None = None
        #: Why there is no database (the player quit the dialog), else None.
        self.db_refused: str | None = None

    quiet_errors: bool = False

    @property
    def db(self) -> Database:
        """The database, opened (and on first start seeded) at first use."""
        if self._db is None:
            from wargame.errors import PersistenceError
            from wargame.persistence.check import DatabaseUnusable

            if self.db_refused is not None:
                raise PersistenceError(self.db_refused)
            assert self._db_factory is not None
            try:
                self._db = self._db_factory()
            except DatabaseUnusable as exc:
                db = self.db_problem_handler(exc) if self.db_problem_handler else None
                if db is None:
                    self.db_refused = f"no database: {exc}"
                    raise
                self._db = db
        return self._db

    @property
    def db_open(self) -> bool:
        return self._db is not None

    def report_result(self, link: dict[str, Any], result: dict[str, Any]) -> None:
        """A battle or raid started from a campaign engagement has ended: store its
        result for the campaign to pick up (``link`` is the scenario's campaign_link)."""
        import json

        self.db.put_document(
            "campaign-result",
            json.dumps(link, sort_keys=True),
            {
                "link": link,
                "result": result,
            },
        )

    def withdraw_result(self, link: dict[str, Any]) -> int:
        """Take back the results reported for ``link`` that the campaign has not picked up
        yet (a die corrected after the fight ended changed it); how many went."""
        import json

        name = json.dumps(link, sort_keys=True)
        gone = 0
        for doc_id, doc_name in self.db.list_documents("campaign-result"):
            if doc_name == name:
                self.db.delete_document(doc_id)
                gone += 1
        return gone

    def make_dice(self, seed: int | str | None, source: str) -> DiceService:
        """A dice service for one game: seeded (from the OS's entropy unless a test
        gives ``seed``), switchable to typed-in dice, logged."""
        if seed is None:
            seed = fresh_seed()
        dice = DiceService(TableProvider(self, SeededProvider(seed)))
        self.dice_hub.watch(dice, source)
        return dice

    def ask_dice(self, request: RollRequest) -> str | None:
        if self.dice_answerer is not None:
            return self.dice_answerer(request)
        from ui.dice_entry import ask_dice_dialog

        return ask_dice_dialog(request, self.dialog_parent)


def roll_text(roll: Roll) -> str:
    return "hidden" if roll.hidden else " ".join(str(v) for v in roll.values)
