"""Issue 40 item 10: Help > Rules quick reference prints and saves as PDF, and the
campaign's die table is decoded in one table (the faces, the result and its name)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtPrintSupport import QPrinter

from wargame.help import quick_reference
from wargame.quickref import die_table, rules_data


def test_the_rules_quick_reference_saves_as_pdf_and_prints(
    main_window: Any, tmp_path: Path
) -> None:
    dialog = main_window.show_rules()
    try:
        texts = [b.text() for b in dialog.findChildren(type(dialog.print_button))]
        assert "&Print..." in texts and "Save as P&DF..." in texts  # it had only Close
        out = tmp_path / "rules.pdf"
        assert dialog.save_pdf(out), dialog.last_error
        data = out.read_bytes()
        assert data.startswith(b"%PDF") and len(data) > 2000
        printer = QPrinter()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printed = tmp_path / "printed.pdf"
        printer.setOutputFileName(str(printed))
        dialog.print_to(printer)
        assert printed.read_bytes().startswith(b"%PDF")
        assert not dialog.save_pdf(tmp_path)  # a folder: refused in words
        assert dialog.last_error and str(tmp_path) in dialog.last_error
    finally:
        dialog.close()


def test_the_campaign_die_table_is_decoded_in_one_table() -> None:
    page = quick_reference("campaign")
    assert "| 1–2 | 1. Battle |" in page
    assert "| 3–4 | 2. No contact |" in page
    assert "| 5–6 | 3. Land raid |" in page
    assert "what it means" not in page  # the second table the player had to decode with
    data = rules_data("campaign")
    table = die_table(data["resolution"]["table"], data["results"]["names"])
    assert table.count("\n") == 1 + 3  # heading, rule, one row a result
