"""Every test here fails if a computer player fell back to the simple action: each logged
error of ``games.rummy.bots`` is collected, and the collection must end up empty (a test
that provokes a fallback on purpose inspects the records and clears them)."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def fallbacks() -> Iterator[list[logging.LogRecord]]:
    """The fallbacks logged during the test."""
    logger = logging.getLogger("games.rummy.bots")
    collector = _Collector()
    logger.addHandler(collector)
    try:
        yield collector.records
    finally:
        logger.removeHandler(collector)
    messages = [record.getMessage() for record in collector.records]
    assert not messages, f"computer players fell back: {messages}"
