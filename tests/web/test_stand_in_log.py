"""The log says which moves a computer made for an absent person, and only those."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse

from games import services
from games.core.registry import run_chooser
from games.models import Round

from .conftest import current
from .test_friends_tables import carol, client_of, run_the_clock_out, started_table  # noqa: F401

pytestmark = pytest.mark.django_db


def test_only_the_stand_in_computers_move_is_marked_and_the_round_remembers_it(
    alice: AbstractBaseUser,
    bob: AbstractBaseUser,
    carol: AbstractBaseUser,  # noqa: F811
) -> None:
    match = started_table(alice, bob, carol)
    table = current(match)
    seat, version = table.to_move, table.match.version
    assert seat is not None
    moves_before = len(table.round.actions)  # type: ignore[union-attr]
    run_the_clock_out(match)
    assert services.clock_ran_out(match.pk, version)
    turn = services.computer_turn(match.pk)
    assert isinstance(turn, services.ComputerTurn)
    action = run_chooser(turn.chooser, turn.level, turn.view, turn.seed)
    services.submit_move(match.pk, action, turn.version, computer_seat=seat)

    assert Round.objects.get(match=match).stand_in_moves == [moves_before]
    watcher = alice if seat != 0 else bob
    page = client_of(watcher).get(reverse("match_table", args=[match.pk])).content.decode()
    start = page.index('class="log-lines"')
    log = page[start : page.index("</ol>", start)]
    marked = re.findall(r'<li class="by-computer">(.*?)</li>', log, re.S)
    assert len(marked) == 1
    assert "the computer played for them" in marked[0]
    assert log.count("the computer played for them") == 1
