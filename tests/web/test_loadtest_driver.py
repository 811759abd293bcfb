"""The load driver's own bookkeeping, without a server."""

from __future__ import annotations

import asyncio

from games.management.commands.loadtest import Figures, Person


def test_after_play_again_the_new_matchs_table_is_taken_though_its_version_is_lower() -> None:
    person = Person(0, "http://127.0.0.1:8401", Figures(), stop_at=0.0, think=0.0)
    person.version = 40  # the finished match's last table
    person.page_url = "http://127.0.0.1:8401/play/7/"
    new_table = '<section id="table" class="table controls-bid" data-version="0"></section>'
    asyncio.run(person._table_page(None, new_table))
    assert (person.match_id, person.version, person._controls()) == (7, 0, "bid")
