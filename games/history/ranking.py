"""The rankings: the best scores of won matches (as in the seeds: a won match enters with the
winner's points), and the skill ratings. Only people in good standing appear: no voided
match, no suspended account, no guest until the account is saved."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.db.models import Count, F, Max, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games.core.registry import all_specs
from games.history import ratings
from games.models import MatchResult, PlayerRating

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

PAGE_SIZE = 25
PERIODS = (
    ("all", gettext_lazy("All time")),
    ("month", gettext_lazy("This month")),
    ("week", gettext_lazy("This week")),
)


class RankingFilter(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"), required=False)
    period = forms.ChoiceField(label=gettext_lazy("Period"), choices=PERIODS, required=False)
    length = forms.ChoiceField(label=gettext_lazy("Match length"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        specs = all_specs()
        cast(forms.ChoiceField, self.fields["game"]).choices = [
            (board_choice(spec.key, board), spec.history.board_label(board, str(spec.name)))
            for spec in specs
            for board in spec.history.boards
        ]
        lengths: list[tuple[str, str]] = [("", str(gettext_lazy("Any length")))]
        for spec in specs:
            for value in spec.history.match_lengths:
                label = spec.history.length_label(value)
                if (value, label) not in lengths:
                    lengths.append((value, label))
        cast(forms.ChoiceField, self.fields["length"]).choices = lengths

    def chosen(self) -> tuple[str, str, str, str]:
        """(game, board, period, length), the defaults for anything missing."""
        data = self.cleaned_data if self.is_valid() else {}
        game, _colon, board = (data.get("game") or all_specs()[0].key).partition(":")
        return game, board, data.get("period") or "all", data.get("length") or ""


def board_choice(game: str, board: str) -> str:
    """A board's value in the game filter: the game's key, then ":" and the board if it is
    not the game's own ("thousand", "thousand:2")."""
    return f"{game}:{board}" if board else game


def period_start(period: str, now: datetime | None = None) -> datetime | None:
    """The start of this month or this (ISO) week in the current time zone."""
    now = timezone.localtime(now or timezone.now())
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "month":
        return midnight.replace(day=1)
    if period == "week":
        return midnight - timedelta(days=midnight.weekday())
    return None


def ranked_results(game: str, board: str, period: str, length: str) -> QuerySet[MatchResult]:
    """Won, counted results on the board of people in good standing."""
    results = MatchResult.objects.filter(
        game=game,
        board=board,
        won=True,
        void=False,
        user__is_active=True,
        user__profile__is_guest=False,
    )
    start = period_start(period)
    if start is not None:
        results = results.filter(finished__gte=start)
    if length:
        results = results.filter(length=length)
    return results


def best_scores(game: str, board: str, period: str, length: str) -> QuerySet[Any]:
    """One row per person, their best score, best first (equal scores: who got it first)."""
    return (
        ranked_results(game, board, period, length)
        .values("user_id")
        .annotate(best=Max("score"), matches=Count("id"))
        .order_by("-best", "user_id")
    )


@dataclass(frozen=True)
class OwnRank:
    rank: int
    best: int


def own_rank(
    user: User | AnonymousUser, game: str, board: str, period: str, length: str
) -> OwnRank | None:
    """The viewer's place in the best scores (equal scores share a place), wherever it is."""
    if not user.is_authenticated:
        return None
    mine = (
        ranked_results(game, board, period, length).filter(user=user).aggregate(best=Max("score"))
    )
    if mine["best"] is None:
        return None
    ahead = users_ahead(game, board, period, length, mine["best"])
    return OwnRank(rank=ahead + 1, best=mine["best"])


def users_ahead(game: str, board: str, period: str, length: str, best: int) -> int:
    """How many people have a best score above ``best``."""
    return (
        ranked_results(game, board, period, length)
        .values("user_id")
        .annotate(best=Max("score"))
        .filter(best__gt=best)
        .count()
    )


def rated_players(game: str, board: str) -> QuerySet[PlayerRating]:
    """The skill ratings on the board of people with enough matches, in good standing,
    highest conservative rating (mu less three sigma) first."""
    return (
        PlayerRating.objects.filter(
            game=game,
            board=board,
            matches__gte=ratings.min_matches(),
            user__is_active=True,
            user__profile__is_guest=False,
        )
        .annotate(conservative_rating=F("mu") - 3 * F("sigma"))
        .select_related("user__profile")
        .order_by("-conservative_rating", "user_id")
    )


def own_rating(user: User | AnonymousUser, game: str, board: str) -> PlayerRating | None:
    if not user.is_authenticated:
        return None
    return PlayerRating.objects.filter(user=user, game=game, board=board).first()


def rating_rank(rating: PlayerRating) -> int | None:
    """The place of ``rating`` in the rating list, or ``None`` if it is not listed."""
    listed = rated_players(rating.game, rating.board)
    if not listed.filter(pk=rating.pk).exists():
        return None
    return listed.filter(Q(conservative_rating__gt=rating.mu - 3 * rating.sigma)).count() + 1
