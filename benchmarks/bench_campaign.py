"""Campaign benchmark: open a stored campaign of 50 players' sheets and 1,000
resolved engagements (read from the database, replay the log, standings)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchlib import Bench, best_of

_CACHE: dict[str, object] = {}


def _setup() -> tuple[object, str]:
    if "db" not in _CACHE:
        from wargame.campaign.example import large_campaign
        from wargame.campaign.store import store_campaign
        from wargame.persistence.db import open_database

        tmp = tempfile.mkdtemp(prefix="bench-campaign-")
        db = open_database(Path(tmp) / "bench.sqlite")
        session = large_campaign(50, 1000)
        store_campaign(db, session)
        _CACHE["db"], _CACHE["uid"] = db, session.state.uid
    return _CACHE["db"], str(_CACHE["uid"])


def open_large_campaign_ms() -> float:
    from wargame.campaign.store import open_campaign

    db, uid = _setup()

    def run() -> None:
        session = open_campaign(db, uid)  # type: ignore[arg-type]
        st = session.state
        assert len(st.players) == 50
        assert sum(len(t.engagements) for t in st.history) == 1000
        st.standings()
        st.country_totals()
        for seat in range(len(st.players)):
            st.rows(seat)

    return best_of(run, repeat=5) * 1000


BENCHMARKS = [
    Bench(
        "campaign: open 50 sheets + 1,000 resolved engagements",
        300.0,
        "ms",
        open_large_campaign_ms,
    ),
]


def open_in_view_ms() -> float:
    """The same campaign opened in the campaign view (offscreen), sheets drawn."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ui.app import application
    from ui.campaign.view import CampaignView
    from ui.context import AppContext

    db, uid = _setup()
    app = application()
    ctx = AppContext(db, Path(tempfile.mkdtemp(prefix="bench-campaign-ui-")))  # type: ignore[arg-type]
    view = CampaignView(ctx)
    view.resize(1280, 760)
    view.show()

    def run() -> None:
        assert view.open_stored(uid)
        app.processEvents()

    ms = best_of(run, repeat=5) * 1000
    view.close()
    return ms


BENCHMARKS.append(
    Bench(
        "campaign: open the same campaign in the view",
        300.0,
        "ms",
        open_in_view_ms,
    )
)
