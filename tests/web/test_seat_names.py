"""Computer players have names by their level, people their display names."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from games import services
from games.core.names import seat_names
from games.models import Match
from games.thousand.engine import Rules
from tests.web.conftest import current, make_user


def names_at(match: Match, viewer: int | None) -> list[str]:
    return seat_names(current(match).seats, viewer)


def test_computers_are_named_by_their_level_and_seat(alice: AbstractBaseUser) -> None:
    normal = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal")
    expert = services.create_practice_match(alice, "thousand", Rules().to_dict(), "expert")
    assert names_at(normal, 0) == ["You", "Janek", "Zosia"]
    assert names_at(expert, 0) == ["You", "Zbigniew", "Halina"]
    assert names_at(normal, None) == ["alice", "Janek", "Zosia"]


def test_four_computers_seats_never_share_a_name(alice: AbstractBaseUser) -> None:
    match = services.create_practice_match(
        alice, "thousand", Rules().to_dict(), "beginner", players=4
    )
    assert names_at(match, 0) == ["You", "Lolek", "Tola", "Reksio"]


def test_a_computer_never_takes_the_name_of_a_person_at_the_table(db: None) -> None:
    janek = make_user("Janek")
    match = services.create_practice_match(janek, "thousand", Rules().to_dict(), "normal")
    # Seat 1's Normal name is Janek's: it takes the next one, and seat 2 the one after.
    assert names_at(match, None) == ["Janek", "Zosia", "Marek"]
