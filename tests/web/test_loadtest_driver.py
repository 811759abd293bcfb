"""The load driver's own bookkeeping, without a server."""

from __future__ import annotations

import asyncio
import time

import pytest

from games.load.people import Figures, Person
from games.load.run import ms, seated_lines


def test_after_play_again_the_new_matchs_table_is_taken_though_its_version_is_lower() -> None:
    person = Person(0, "http://127.0.0.1:8401", Figures(), stop_at=0.0, think=0.0)
    person.version = 40  # the finished match's last table
    person.page_url = "http://127.0.0.1:8401/play/7/"
    new_table = '<section id="table" class="table controls-bid" data-version="0"></section>'
    asyncio.run(person._table_page(None, new_table))
    assert (person.match_id, person.version, person._controls()) == (7, 0, "bid")


def test_the_figures_after_everyone_sat_down_leave_out_what_was_answered_before() -> None:
    figures = Figures(people=2)
    figures.sat_down()
    assert figures.all_seated_at is None
    figures.took_move(started=100.0, answered=103.0)  # slow, while the second person arrived
    figures.took_computers(since=103.0, at=108.0)
    figures.sat_down()
    assert figures.all_seated_at is not None
    since = figures.all_seated_at
    figures.took_move(started=since + 1.0, answered=since + 1.1)
    figures.took_computers(since=since + 1.1, at=since + 1.3)

    # 1 move in 10 s: 0.1 a second however the clock's floats round (1 in 20 s, 0.05, did not).
    (line,) = seated_lines(figures, started=since - 10.0, elapsed=20.0)

    assert line == (
        "after everyone sat down (10 s in, the last 10 s): person moves 1 (0.1/s), "
        "p50/p95/p99 100 / 100 / 100 ms; computers' pushed answers 1, "
        "p50/p95/p99 200 / 200 / 200 ms"
    )
    assert ms(figures.move_seconds) == "100 / 3000 / 3000"  # the whole run keeps both


def test_the_figures_after_everyone_sat_down_say_when_not_everyone_did() -> None:
    figures = Figures(people=3)
    figures.sat_down()
    assert seated_lines(figures, started=0.0, elapsed=5.0) == [
        "after everyone sat down: not reached (1 of 3)"
    ]


URL = "http://127.0.0.1:8401"


def test_people_who_stop_keep_their_sockets_until_everyone_has_stopped() -> None:
    async def scenario() -> int:
        figures = Figures(people=2)
        first = Person(0, URL, figures, stop_at=0.0, think=0.0)
        second = Person(1, URL, figures, stop_at=0.0, think=0.0)
        leaving = asyncio.create_task(first._leave_with_the_others())
        await asyncio.sleep(0.01)
        assert not leaving.done()  # the second person is still playing
        with pytest.raises(AttributeError):  # no session: this person's run ends in an error
            await second.run(None)
        await asyncio.wait_for(leaving, 1)
        return figures.stopped

    assert asyncio.run(scenario()) == 2


def test_a_person_whose_time_ran_out_while_thinking_does_not_move() -> None:
    async def scenario() -> bool:
        person = Person(0, URL, Figures(), stop_at=time.monotonic() + 0.004, think=0.01)
        person.html = '<section id="table" class="table controls-bid" data-version="3"></section>'
        return await person._play(None)  # a move would need a session: there is none

    assert asyncio.run(scenario()) is False
