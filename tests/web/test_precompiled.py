"""Querysets compiled once give what Django's own run of the same queryset gives."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db import DatabaseError, models
from django.db.models import F

from games.models import Match, Round, Seat
from games.precompiled import Precompiled, save_fields
from games.services import create_practice_match
from games.thousand.engine import Rules

from .conftest import computer_plays

SEATS = Precompiled(
    lambda match_id: (
        Seat.objects.filter(match_id=match_id)
        .select_related("match", "user__profile")
        .order_by("number")
    ),
    1,
)


def fields(instance: models.Model) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_same_objects_as_the_orm_with_the_related_ones_loaded(
    alice: AbstractBaseUser, scripted_match: Match, django_assert_num_queries: Any
) -> None:
    other = create_practice_match(alice, "thousand", Rules().to_dict(), "beginner")
    with django_assert_num_queries(1):
        seats = SEATS(scripted_match.pk)
    expected = list(
        Seat.objects.filter(match=scripted_match)
        .select_related("match", "user__profile")
        .order_by("number")
    )
    assert [fields(seat) for seat in seats] == [fields(seat) for seat in expected]
    with django_assert_num_queries(0):
        assert fields(seats[0].match) == fields(expected[0].match)
        assert seats[0].match.options == Rules().to_dict()  # JSON decoded
        assert seats[0].match.created.tzinfo is not None  # an aware datetime
        assert fields(seats[0].user.profile) == fields(expected[0].user.profile)
        assert seats[1].user is None  # a computer's seat: the outer join's empty side
    assert [seat.match_id for seat in SEATS(other.pk)] == [other.pk] * 3
    assert SEATS(other.pk + 1000) == []


def test_annotations_and_slices_come_through(scripted_match: Match) -> None:
    computer_plays(scripted_match, "pass")
    rounds = Precompiled(
        lambda match_id: (
            Round.objects.filter(match_id=match_id)
            .annotate(read_at=F("match__version"))
            .order_by("-number")[:1]
        ),
        1,
    )
    (found,) = rounds(scripted_match.pk)
    assert found.read_at == 1  # type: ignore[attr-defined]
    assert found.actions == ["pass"]
    assert found.setup == Round.objects.get(match=scripted_match).setup


def test_the_parameters_are_checked(scripted_match: Match) -> None:
    with pytest.raises(TypeError, match="expected 1 parameters, got 2"):
        SEATS(scripted_match.pk, 2)
    unused = Precompiled(lambda match_id: Seat.objects.filter(number=0), 1)
    with pytest.raises(ValueError, match="every placeholder must appear once"):
        unused(scripted_match.pk)
    values = Precompiled(lambda match_id: Seat.objects.filter(match_id=match_id).values(), 1)
    with pytest.raises(ValueError, match="only plain model querysets"):
        values(scripted_match.pk)


def test_saving_fields_stores_what_the_orms_save_stores(
    scripted_match: Match, django_assert_num_queries: Any
) -> None:
    ours = Match.objects.get(pk=scripted_match.pk)
    theirs = Match.objects.get(pk=scripted_match.pk)
    before = ours.updated
    for match in (ours, theirs):
        match.version = 7
        match.scores = [120, -40, 0]
        match.progress = {"dealer": 1, "hands_played": 2}
        match.computer_lease = "a process"
    with django_assert_num_queries(1):
        save_fields(ours, ["version", "scores", "progress", "updated"])
    stored = Match.objects.get(pk=scripted_match.pk)
    assert ours.updated > before  # auto_now, as save() sets it
    theirs.save(update_fields=["version", "scores", "progress", "updated"])
    again = Match.objects.get(pk=scripted_match.pk)
    assert {**fields(stored), "updated": None} == {**fields(again), "updated": None}
    assert stored.updated == ours.updated
    assert (stored.version, stored.scores, stored.progress) == (7, [120, -40, 0], ours.progress)
    assert stored.computer_lease == ""  # a field not named is left as it was


def test_saving_fields_of_a_row_that_is_gone_fails_like_save(scripted_match: Match) -> None:
    match = Match.objects.get(pk=scripted_match.pk)
    Match.objects.filter(pk=match.pk).delete()
    match.version = 3
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        save_fields(match, ["version"])
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        match.save(update_fields=["version"])
