"""Printing master sheets to PDF (QPdfWriter), with or without the secret part."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QMarginsF, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

from wargame.campaign.contents import summary
from wargame.campaign.state import CampaignState
from wargame.errors import BadInput

_CSS = """
h1 { font-family: serif; font-size: 20pt; margin: 0; }
p.country { font-family: serif; font-size: 12pt; }
table { border-collapse: collapse; width: 100%; }
th { background: #e6d9b8; font-size: 9pt; border: 1px solid #2b1d0e; padding: 4px; }
td { border: 1px solid #2b1d0e; padding: 5px; text-align: center; font-size: 11pt; }
td.letter { font-weight: bold; }
td.contents { text-align: left; }
p.fold { text-align: center; font-style: italic; border-top: 2px dashed #2b1d0e;
         border-bottom: 2px dashed #2b1d0e; padding: 3px; }
"""


def _e(text: Any) -> str:
    return html.escape("" if text is None else str(text))


def sheet_html(state: CampaignState, seat: int, secrets: dict[str, Any] | None) -> str:
    """One sheet as HTML; ``secrets`` None prints the lower part folded (blank)."""
    p = state.players[seat]
    rules = state.rules
    out = [
        "<h1>Campaign Master Sheet</h1>",
        f"<p class='country'><b>Country of Allegiance:</b> {_e(p.country)} "
        f"({_e(', '.join(rules.countries))}) &nbsp; <b>Captain:</b> {_e(p.name)} &nbsp; "
        f"<b>{_e(state.name)}</b>, turn {state.turn_no}</p>",
        "<table width='100%' cellspacing='0'><tr><th>Letter of force</th><th>Value given to force (1 to 5)</th>"
        "<th>Opponent force letter</th><th>Are you the attacker Y/N</th><th>Battle score</th>"
        "<th>Result 1.Battle 2.No contact 3.Land raid</th><th>Victory points gained</th></tr>",
    ]
    for row in state.rows(seat):
        opp = ""
        if row["opponent"] is not None:
            opp = f"{row['opponent_letter']} ({state.players[row['opponent']].name})"
        att = "" if row["attacker"] is None else ("Y" if row["attacker"] else "N")
        res = (
            "" if row["result"] is None else f"{row['result']}. {rules.result_name(row['result'])}"
        )
        out.append(
            f"<tr><td class='letter'>{_e(row['letter'])}</td><td>{_e(row['value'])}</td>"
            f"<td>{_e(opp)}</td><td>{att}</td><td>{_e(row['battle_score'])}</td>"
            f"<td>{_e(res)}</td><td>{_e(row['vp'])}</td></tr>"
        )
    out.append("</table>")
    out.append(
        "<hr><p class='fold'>Fold Fold Fold Fold Fold Fold Fold Fold ----- "
        "Keep the lower part secret!!!!</p><hr>"
    )
    if secrets is None:
        out.append("<p><i>(The secret part is not printed.)</i></p>")
    else:
        out.append(
            "<table width='100%' cellspacing='0'><tr><th width='12%'>Letter</th>"
            "<th>Contents of force (Secret until all engagements known)</th></tr>"
        )
        for letter in rules.letters:
            text = summary(secrets.get(letter)) if letter in p.forces else ""
            out.append(
                f"<tr><td class='letter'>{_e(letter)}</td><td class='contents'>{_e(text)}</td></tr>"
            )
        out.append("</table>")
    return "".join(out)


def standings_html(state: CampaignState) -> str:
    rows = "".join(
        f"<tr><td>{s.rank}</td><td>{_e(s.name)}</td><td>{_e(s.country)}</td>"
        f"<td>{s.vp}</td><td>{s.fought}</td><td>{s.won}</td></tr>"
        for s in state.standings()
    )
    countries = "".join(f"<tr><td>{_e(c)}</td><td>{v}</td></tr>" for c, v in state.country_totals())
    return (
        f"<h1>{_e(state.name)}: standings</h1>"
        "<table width='100%' cellspacing='0'><tr><th>Rank</th><th>Captain</th><th>Country</th><th>Victory points</th>"
        f"<th>Fights</th><th>Won</th></tr>{rows}</table><br>"
        f"<table width='50%' cellspacing='0'><tr><th>Country</th><th>Victory points</th></tr>{countries}</table>"
    )


def print_pdf(path: str | Path, pages: list[str]) -> None:
    """Write ``pages`` (HTML each) to a PDF, one page each."""
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageOrientation(QPageLayout.Orientation.Landscape)
    writer.setPageMargins(QMarginsF(12, 12, 12, 12), QPageLayout.Unit.Millimeter)
    writer.setResolution(96)
    from PySide6.QtGui import QPainter

    painter = QPainter()
    if not painter.begin(writer):
        raise BadInput(f"print: cannot write a PDF to {path}")
    try:
        rect = writer.pageLayout().paintRectPixels(writer.resolution())
        for i, body in enumerate(pages):
            if i:
                writer.newPage()
            doc = QTextDocument()
            doc.setDefaultStyleSheet(_CSS)
            doc.setHtml(body)
            doc.setPageSize(QSizeF(rect.width(), rect.height()))
            doc.drawContents(painter)
    finally:
        painter.end()
