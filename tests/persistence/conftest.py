"""With $WARGAME_FUZZ_REPORT set, each fuzz test appends its case count and time there."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest

from tests.persistence import fuzzlib


@pytest.fixture(autouse=True)
def _count_fuzz_cases(request: pytest.FixtureRequest) -> Iterator[None]:
    report = os.environ.get("WARGAME_FUZZ_REPORT")
    before, start = fuzzlib.CASES[0], time.perf_counter()
    yield
    cases = fuzzlib.CASES[0] - before
    if report and cases:
        with open(report, "a", encoding="utf-8") as fh:
            fh.write(f"{request.node.nodeid}\t{cases}\t{time.perf_counter() - start:.1f}\n")
