"""The computers' turn machine, without a server: what a runner does next, from what it found."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from games.core.computers.machine import (
    Decide,
    Done,
    Look,
    Refused,
    Release,
    Stop,
    Submit,
    Wait,
    after_look,
    after_move,
    after_refusal,
    handed_over,
)
from games.core.turns import ComputerTurn, Waiting

TURN = ComputerTurn(
    match_id=7, version=3, seat=1, level="normal", chooser="x.choose", view=None, seed="s", pause=1
)
CLOCK = Waiting(match_id=7, version=3, deadline=datetime(2026, 12, 3, 12, 0, tzinfo=UTC))


def test_a_computers_turn_with_the_lease_is_decided_then_submitted() -> None:
    assert after_look(TURN, taken=True, holding=False, plays_at_once=False) == Decide(TURN)


def test_a_quick_computer_with_no_pause_decides_as_it_submits() -> None:
    assert after_look(TURN, taken=True, holding=False, plays_at_once=True) == Submit(TURN, None)


def test_a_lease_held_elsewhere_is_a_refusal() -> None:
    assert after_look(TURN, taken=False, holding=True, plays_at_once=False) == Refused()


def test_a_clock_is_waited_for_whatever_the_lease() -> None:
    for holding in (False, True):
        assert after_look(CLOCK, taken=False, holding=holding, plays_at_once=False) == Wait(CLOCK)


def test_nothing_due_stops_the_runner_after_giving_back_a_lease_it_holds() -> None:
    assert after_look(None, taken=False, holding=True, plays_at_once=False) == Release()
    assert after_look(None, taken=False, holding=False, plays_at_once=False) == Stop()


@pytest.mark.parametrize(
    ("leased", "after", "at_once", "following"),
    [
        (True, TURN, False, Decide(TURN)),
        (True, TURN, True, Submit(TURN, None)),
        (True, CLOCK, False, Wait(CLOCK)),
        (True, None, False, Stop()),
        (False, TURN, False, Refused()),
        (False, None, False, Refused()),
    ],
)
def test_after_a_move(
    leased: bool, after: ComputerTurn | Waiting | None, at_once: bool, following: object
) -> None:
    assert after_move(leased, after, at_once) == following


def test_a_refusal_looks_once_more_when_the_claim_is_gone_else_ends() -> None:
    until = datetime(2026, 12, 3, 12, 0, 30, tzinfo=UTC)
    assert after_refusal(None, refused_before=False) == Look()
    assert after_refusal(None, refused_before=True) == Done()
    assert after_refusal(until, refused_before=False) == Done()


def test_a_runner_handed_a_turn_by_a_change_starts_from_it_without_a_look() -> None:
    assert handed_over(TURN, plays_at_once=False) == Decide(TURN)
    assert handed_over(TURN, plays_at_once=True) == Submit(TURN, None)
    assert handed_over(CLOCK, plays_at_once=False) == Wait(CLOCK)
