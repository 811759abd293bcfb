"""Each person's result of a finished match, written once when the match ends (inside the
change that ends it), with the ratings it moves: what statistics and rankings read, so they
never replay rounds on a page view.

``draft_results`` works on plain values, so the data migration that gives the matches played
before these rows existed their results uses it too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone

from games.core.registry import get_spec
from games.core.spec import AnySpec
from games.core.spec_history import StoredRound
from games.history import ratings
from games.history.statistics import Totals
from games.models import Match, MatchResult, PlayerRating, PlayerTotals, Round, Seat


@dataclass(frozen=True)
class SeatAtEnd:
    number: int
    user_id: int | None
    computer_level: str


@dataclass(frozen=True)
class ResultDraft:
    seat: int
    user_id: int
    place: int
    won: bool
    score: int
    rounds: int
    details: dict[str, int]


def places(scores: Sequence[int], winner: int | None, resigned_by: int | None) -> list[int]:
    """Each seat's place: the winner first, a seat that resigned last, the others by score
    (equal scores share a place)."""

    def key(seat: int) -> tuple[bool, bool, int]:
        return (seat != winner, seat == resigned_by, -scores[seat])

    keys = [key(seat) for seat in range(len(scores))]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def table_level(levels: Sequence[str]) -> str:
    """The computers' level for the statistics: theirs if they share one, "mixed" if not, ""
    at a table of people only."""
    distinct = sorted(set(filter(None, levels)))
    if not distinct:
        return ""
    return distinct[0] if len(distinct) == 1 else "mixed"


def draft_results(
    spec: AnySpec,
    scores: Sequence[int],
    winner: int | None,
    resigned_by: int | None,
    seats: Sequence[SeatAtEnd],
    rounds: Sequence[StoredRound],
) -> list[ResultDraft]:
    """The result of each person seated at a finished match."""
    counted = sum(1 for stored in rounds if not stored.void and stored.result is not None)
    counters = spec.history.player_counters(rounds, len(seats))
    order = places(scores, winner, resigned_by)
    return [
        ResultDraft(
            seat=seat.number,
            user_id=seat.user_id,
            place=order[seat.number],
            won=seat.number == winner,
            score=int(scores[seat.number]),
            rounds=counted,
            details=counters[seat.number],
        )
        for seat in seats
        if seat.user_id is not None
    ]


def stored_rounds(rounds: Iterable[Any]) -> list[StoredRound]:
    """Finished rounds (model instances, historical ones too) as the history reads them."""
    return [
        StoredRound(
            number=row.number,
            setup=row.setup,
            actions=row.actions,
            result=row.result,
            void=row.status == Round.Status.VOID,
        )
        for row in rounds
        if row.status != Round.Status.PLAYING
    ]


def record_results(match: Match, seats: Sequence[Seat], when: datetime | None = None) -> None:
    """Writes the results of the finished ``match`` and updates its people's ratings, once
    (a second call finds the rows and does nothing). Runs inside the ending change's
    transaction, with the match row locked."""
    if MatchResult.objects.filter(match=match).exists():
        return
    spec = get_spec(match.game)
    at_end = [SeatAtEnd(seat.number, seat.user_id, seat.computer_level) for seat in seats]
    rounds = stored_rounds(
        Round.objects.filter(match=match)
        .exclude(status=Round.Status.PLAYING)
        .only("number", "setup", "actions", "result", "status")
        .order_by("number")
    )
    drafts = draft_results(spec, match.scores, match.winner, match.resigned_by, at_end, rounds)
    if not drafts:
        return
    order = places(match.scores, match.winner, match.resigned_by)
    board = spec.history.board(match.options, len(seats))
    changes = rate_match(match.game, board, at_end, drafts, order)
    length = spec.history.match_length(match.options)
    level = table_level([seat.computer_level for seat in seats])
    finished = when or timezone.now()
    for draft in drafts:
        add_to_totals(draft.user_id, match.game, board, length, level, draft)
    MatchResult.objects.bulk_create(
        MatchResult(
            match=match,
            user_id=draft.user_id,
            seat=draft.seat,
            game=match.game,
            board=board,
            mode=match.mode,
            length=length,
            level=level,
            players=len(seats),
            place=draft.place,
            won=draft.won,
            score=draft.score,
            rounds=draft.rounds,
            details=draft.details,
            finished=finished,
            rating_before=changes[draft.user_id][0],
            rating_after=changes[draft.user_id][1],
        )
        for draft in drafts
    )


def rate_match(
    game: str,
    board: str,
    seats: Sequence[SeatAtEnd],
    drafts: Sequence[ResultDraft],
    order: Sequence[int],
) -> dict[int, tuple[float, float]]:
    """Moves the ratings on ``board`` of the people at the table by their places (``order``,
    by seat); returns each person's (mu before, mu after)."""
    people = sorted(draft.user_id for draft in drafts)
    held = {
        rating.user_id: rating
        for rating in PlayerRating.objects.select_for_update()
        .filter(game=game, board=board, user_id__in=people)
        .order_by("user_id")
    }
    for user_id in people:
        if user_id not in held:
            mu, sigma = ratings.new_rating()
            held[user_id] = PlayerRating(
                user_id=user_id, game=game, board=board, mu=mu, sigma=sigma
            )
    drafts_by_seat = {draft.seat: draft for draft in drafts}
    players = []
    for seat in seats:
        if seat.number in drafts_by_seat:
            rating = held[drafts_by_seat[seat.number].user_id]
            players.append(ratings.Player(rating.mu, rating.sigma, order[seat.number], True))
        else:
            mu, sigma = ratings.computer_rating(seat.computer_level)
            players.append(ratings.Player(mu, sigma, order[seat.number], False))
    rated = ratings.rate(players)
    changes = {}
    for seat, (mu, sigma) in zip(seats, rated, strict=True):
        draft = drafts_by_seat.get(seat.number)
        if draft is None:
            continue
        rating = held[draft.user_id]
        changes[draft.user_id] = (rating.mu, mu)
        rating.mu, rating.sigma = mu, sigma
        rating.matches += 1
    for rating in held.values():
        rating.save()
    return changes


def add_to_totals(
    user_id: int, game: str, board: str, length: str, level: str, draft: ResultDraft
) -> None:
    """Adds one counted result to the person's totals for its board, match length and level."""
    row, _created = PlayerTotals.objects.select_for_update().get_or_create(
        user_id=user_id, game=game, board=board, length=length, level=level
    )
    totals = Totals(row.matches, row.won, row.rounds, dict(row.counters))
    totals.merge(Totals(1, int(draft.won), draft.rounds, draft.details))
    row.matches, row.won, row.rounds, row.counters = (
        totals.matches,
        totals.won,
        totals.rounds,
        totals.counters,
    )
    row.save()


def rebuild_totals(user_ids: Sequence[int], game: str) -> None:
    """The totals of these people at ``game`` summed again from their counted results (when
    staff void a match)."""
    PlayerTotals.objects.filter(user_id__in=user_ids, game=game).delete()
    sums: dict[tuple[int, str, str, str], Totals] = {}
    rows = MatchResult.objects.filter(user_id__in=user_ids, game=game, void=False).values_list(
        "user_id", "board", "length", "level", "won", "rounds", "details"
    )
    for user_id, board, length, level, won, rounds, details in rows:
        sums.setdefault((user_id, board, length, level), Totals()).merge(
            Totals(1, int(won), rounds, details)
        )
    PlayerTotals.objects.bulk_create(
        PlayerTotals(
            user_id=user_id,
            game=game,
            board=board,
            length=length,
            level=level,
            matches=totals.matches,
            won=totals.won,
            rounds=totals.rounds,
            counters=totals.counters,
        )
        for (user_id, board, length, level), totals in sums.items()
    )
