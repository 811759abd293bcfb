"""Django's time units that our catalogs translate are Django's own message ids, so that a
relative time ("7 phút trước") reads whole in every language of the site."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation
from django.utils.timesince import TIME_STRINGS, timesince

from config.django_strings import TIME_STRINGS as OURS


def test_ours_are_djangos_time_units() -> None:
    with translation.override("en"):
        ours = [unit % {"num": count} for unit in OURS for count in (1, 2)]
        djangos = [unit % {"num": count} for unit in TIME_STRINGS.values() for count in (1, 2)]
    assert ours == djangos


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("vi", "2\xa0ngày, 3\xa0giờ"),
        ("pl", "2\xa0dni, 3\xa0godziny"),
        ("ro", "2\xa0zile, 3\xa0ore"),
        ("gl", "2\xa0días, 3\xa0horas"),
    ],
)
def test_a_relative_time_is_in_the_readers_language(language: str, expected: str) -> None:
    with translation.override(language):
        assert timesince(timezone.now() - timedelta(days=2, hours=3, seconds=5)) == expected
