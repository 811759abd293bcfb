"""A player's page: for each game's board (Thousand: two players apart) their skill rating
with its history as a chart, their matches, wins and places; and their recent finished matches
that were made public. A person may keep their page private: others then see only the display
name."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.contrib.auth.models import AnonymousUser, User

from games.core.registry import all_specs
from games.history import charts
from games.history.matches import ENDED
from games.models import Match, MatchResult, PlayerRating

RECENT_PUBLIC = 10


@dataclass
class GameRecord:
    """One game on a player's page."""

    name: str
    rating: PlayerRating | None
    matches: int
    places: list[tuple[int, int]] = field(default_factory=list)
    """(place, how many times), 1st first."""
    chart: str = ""


@dataclass
class PlayerPage:
    person: User
    name: str
    hidden: bool
    games: list[GameRecord] = field(default_factory=list)
    public_matches: list[Match] = field(default_factory=list)


def player_page(person: User, viewer: User | AnonymousUser) -> PlayerPage:
    """``person``'s page as ``viewer`` sees it."""
    profile = person.profile
    hidden = profile.page_private and viewer.pk != person.pk and not viewer.is_staff
    page = PlayerPage(person, profile.display_name, hidden)
    if hidden:
        return page
    counted = MatchResult.objects.filter(user=person, void=False)
    ratings = {
        (rating.game, rating.board): rating for rating in PlayerRating.objects.filter(user=person)
    }
    for spec in all_specs():
        for board in spec.history.boards:
            results = list(counted.filter(game=spec.key, board=board).order_by("finished", "pk"))
            if results:
                name = spec.history.board_label(board, str(spec.name))
                page.games.append(board_record(name, ratings.get((spec.key, board)), results))
    page.public_matches = list(
        Match.objects.filter(seats__user=person, public=True, status__in=ENDED)
        .exclude(share_token="")
        .order_by("-updated")[:RECENT_PUBLIC]
    )
    return page


def board_record(name: str, rating: PlayerRating | None, results: list[MatchResult]) -> GameRecord:
    """A game's board on a player's page from their counted results on it, oldest first."""
    places = Counter(result.place for result in results)
    rated = [result for result in results if result.rating_after is not None]
    chart: str = ""
    if rated:
        chart = charts.score_lines(
            [name],
            [round(rated[0].rating_before or 0.0, 1)],
            [[round(result.rating_after or 0.0, 1)] for result in rated],
            name,
        )
    return GameRecord(name, rating, len(results), sorted(places.items()), chart)
