"""Skill ratings: OpenSkill's Plackett-Luce model over the finishing order of everyone at the
table. Each computer level holds a fixed rating, so practice matches count too. A rating is
updated once, when the match finishes, and never recomputed from the history on a page view."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""OpenSkill's defaults: a newcomer starts at mu 25, sigma 25/3."""

COMPUTER_RATINGS = {"beginner": (18.0, 1.0), "normal": (25.0, 1.0), "expert": (31.0, 1.0)}
"""The fixed (mu, sigma) of each computer level; their own updates are thrown away."""


def min_matches() -> int:
    """Rated matches a person needs before appearing in the rating list."""
    return int(getattr(settings, "RATING_MIN_MATCHES", 10))


@dataclass(frozen=True)
class Player:
    """One seat in a rated match: a person's current rating, or a computer level's."""

    mu: float
    sigma: float
    place: int
    is_person: bool


def new_rating() -> tuple[float, float]:
    rating = MODEL.rating()
    return rating.mu, rating.sigma


def computer_rating(level: str) -> tuple[float, float]:
    return COMPUTER_RATINGS.get(level, COMPUTER_RATINGS["normal"])


def rate(players: Sequence[Player]) -> list[tuple[float, float]]:
    """Every seat's (mu, sigma) after the match; computers keep theirs."""
    teams = [[MODEL.rating(mu=player.mu, sigma=player.sigma)] for player in players]
    rated = MODEL.rate(teams, ranks=[float(player.place) for player in players])
    return [
        (team[0].mu, team[0].sigma) if player.is_person else (player.mu, player.sigma)
        for team, player in zip(rated, players, strict=True)
    ]
