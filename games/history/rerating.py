"""The ratings on a game's board played again from the start, over its counted matches in the
order they finished: after a match is voided, every rating on its board is exactly what it would
be had that match never been played (its players' later opponents' included), and each result's
rating before and after with it."""

from __future__ import annotations

from collections import defaultdict

from games.history import ratings
from games.history.results import places
from games.models import MatchResult, PlayerRating, Seat


def replay_ratings(game: str, board: str) -> None:
    """Every person's rating on ``game``'s ``board``, from their counted results that moved a rating
    when their match finished; a person left with none has no rating. Run in the caller's
    transaction: the board's ratings stay locked, in the order a finishing match locks them,
    until it commits. A seat whose person has since been removed counts as a computer of its
    level, as the site can no longer know their rating."""
    list(
        PlayerRating.objects.select_for_update()
        .filter(game=game, board=board)
        .order_by("user_id")
        .values_list("pk", flat=True)
    )
    results = list(
        MatchResult.objects.filter(game=game, board=board, void=False, rating_before__isnull=False)
        .select_related("match")
        .order_by("finished", "match_id", "seat")
    )
    by_match: dict[int, list[MatchResult]] = defaultdict(list)
    for result in results:
        by_match[result.match_id].append(result)
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(match_id__in=by_match).order_by("match_id", "number"):
        seats[seat.match_id].append(seat)
    held: dict[int, tuple[float, float, int]] = {}
    for match_id, people in by_match.items():
        match = people[0].match
        order = places(match.scores, match.winner, match.resigned_by)
        person_at = {result.seat: result for result in people}
        players = []
        for seat in seats[match_id]:
            person = person_at.get(seat.number)
            if person is not None:
                mu, sigma, _count = held.get(person.user_id, (*ratings.new_rating(), 0))
                players.append(ratings.Player(mu, sigma, order[seat.number], True))
            else:
                mu, sigma = ratings.computer_rating(seat.computer_level)
                players.append(ratings.Player(mu, sigma, order[seat.number], False))
        for seat, (mu, sigma) in zip(seats[match_id], ratings.rate(players), strict=True):
            person = person_at.get(seat.number)
            if person is None:
                continue
            before, _sigma, count = held.get(person.user_id, (*ratings.new_rating(), 0))
            person.rating_before, person.rating_after = before, mu
            held[person.user_id] = (mu, sigma, count + 1)
    MatchResult.objects.bulk_update(results, ["rating_before", "rating_after"])
    on_board = PlayerRating.objects.filter(game=game, board=board)
    on_board.exclude(user_id__in=held).delete()
    stored = {rating.user_id: rating for rating in on_board}
    for user_id, (mu, sigma, count) in held.items():
        rating = stored.get(user_id) or PlayerRating(user_id=user_id, game=game, board=board)
        rating.mu, rating.sigma, rating.matches = mu, sigma, count
        rating.save()
