"""Nothing retries for ever: a table read while changes keep committing is read under the
match's lock after a few tries, and a friends' table that finds no free code says so."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import F

from games import services
from games.core import lobby, tables
from games.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_table_read_while_changes_keep_committing_ends_under_the_lock(
    alice: AbstractBaseUser, scripted_match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_rounds = tables._ROUNDS
    reads: list[int] = []

    def a_change_commits_first(match_id: int) -> Any:
        # Between the seats and the rounds, every time, another change commits.
        Match.objects.filter(pk=match_id).update(version=F("version") + 1)
        reads.append(match_id)
        return real_rounds(match_id)

    monkeypatch.setattr(tables, "_ROUNDS", a_change_commits_first)

    table = services.read_table(alice, scripted_match.pk)

    assert table is not None
    assert len(reads) == services.CONSISTENT_READ_TRIES
    stored = Match.objects.get(pk=scripted_match.pk)
    assert table.match.version == stored.version == services.CONSISTENT_READ_TRIES
    assert table.round is not None
    assert table.round.actions == []
    assert table.finished_rounds() == []


def test_no_free_table_code_is_a_clear_error_not_an_endless_loop(
    alice: AbstractBaseUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = services.create_friends_table(alice, "thousand", {}, 3)
    tries: list[str] = []

    def the_same_code() -> str:
        tries.append(first.code)
        return first.code

    monkeypatch.setattr(lobby, "new_table_code", the_same_code)

    with pytest.raises(RuntimeError, match="no free table code in 20 tries"):
        services.create_friends_table(alice, "thousand", {}, 3)
    assert len(tries) == services.FREE_CODE_TRIES
    assert Match.objects.count() == 1
