"""The shipped example campaign as readable text: every action, the dice, the standings.

Regenerate after a deliberate change with ``UPDATE_GOLDEN=1``.
"""

from __future__ import annotations

import os
from pathlib import Path

from wargame.campaign.document import campaign_from_scenario
from wargame.persistence.files import read_json_file

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("golden_spanish_main_1690.txt")


def playthrough_text() -> str:
    data = read_json_file(ROOT / "scenarios" / "campaign" / "spanish_main_1690.json")
    session = campaign_from_scenario(data)
    st = session.state
    lines = [f"# {st.name}"]
    for i, entry in enumerate(session.entries, 1):
        dice = " ".join(f"[{r.purpose}: {' '.join(map(str, r.values))}]" for r in entry.rolls)
        lines.append(f"{i:3d}. {st.describe(entry.action)}{'  ' + dice if dice else ''}")
    lines.append("## Standings")
    for s in st.standings():
        lines.append(f"{s.rank}. {s.name} ({s.country}) {s.vp} VP, {s.won} of {s.fought} won")
    lines.append("## Countries")
    lines.extend(f"{c}: {v}" for c, v in st.country_totals())
    return "\n".join(lines) + "\n"


def test_the_example_campaign_plays_as_the_golden_text_says() -> None:
    text = playthrough_text()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
