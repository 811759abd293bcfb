"""The matches that finished before results were written when a match ends get theirs now,
oldest first, moving the ratings as if each had just finished."""

from __future__ import annotations

from typing import Any

from django.db import migrations


def write_results(apps: Any, schema_editor: Any) -> None:
    # The games' apps have registered their specs by the time migrations run.
    from games.core.registry import get_spec
    from games.history import ratings
    from games.history.results import (
        SeatAtEnd,
        draft_results,
        places,
        stored_rounds,
        table_level,
    )

    match_model = apps.get_model("games", "Match")
    result_model = apps.get_model("games", "MatchResult")
    rating_model = apps.get_model("games", "PlayerRating")
    held: dict[tuple[int, str], Any] = {}
    finished = match_model.objects.filter(status__in=("finished", "resigned")).order_by("updated")
    for match in finished.iterator():
        try:
            spec = get_spec(match.game)
        except LookupError:
            continue
        seats = [
            SeatAtEnd(seat.number, seat.user_id, seat.computer_level)
            for seat in match.seats.order_by("number")
        ]
        rounds = stored_rounds(list(match.rounds.order_by("number")))
        drafts = draft_results(spec, match.scores, match.winner, match.resigned_by, seats, rounds)
        if not drafts:
            continue
        order = places(match.scores, match.winner, match.resigned_by)
        people = {draft.seat: draft for draft in drafts}
        players = []
        for seat in seats:
            if seat.number in people:
                key = (people[seat.number].user_id, match.game)
                if key not in held:
                    mu, sigma = ratings.new_rating()
                    held[key] = rating_model(
                        user_id=key[0], game=match.game, mu=mu, sigma=sigma, matches=0
                    )
                players.append(
                    ratings.Player(held[key].mu, held[key].sigma, order[seat.number], True)
                )
            else:
                mu, sigma = ratings.computer_rating(seat.computer_level)
                players.append(ratings.Player(mu, sigma, order[seat.number], False))
        rated = ratings.rate(players)
        level = table_level([seat.computer_level for seat in seats])
        for seat, (mu, sigma) in zip(seats, rated, strict=True):
            draft = people.get(seat.number)
            if draft is None:
                continue
            rating = held[(draft.user_id, match.game)]
            result_model.objects.create(
                match=match,
                user_id=draft.user_id,
                seat=draft.seat,
                game=match.game,
                mode=match.mode,
                length=spec.history.match_length(match.options),
                level=level,
                players=len(seats),
                place=draft.place,
                won=draft.won,
                score=draft.score,
                rounds=draft.rounds,
                details=draft.details,
                finished=match.updated,
                rating_before=rating.mu,
                rating_after=mu,
            )
            rating.mu, rating.sigma = mu, sigma
            rating.matches += 1
    for rating in held.values():
        rating.save()
    _sum_totals(apps)


def _sum_totals(apps: Any) -> None:
    from games.history.statistics import Totals

    result_model = apps.get_model("games", "MatchResult")
    totals_model = apps.get_model("games", "PlayerTotals")
    sums: dict[tuple[int, str, str, str], Any] = {}
    rows = result_model.objects.filter(void=False).values_list(
        "user_id", "game", "length", "level", "won", "rounds", "details"
    )
    for user_id, game, length, level, won, rounds, details in rows:
        sums.setdefault((user_id, game, length, level), Totals()).merge(
            Totals(1, int(won), rounds, details)
        )
    totals_model.objects.bulk_create(
        totals_model(
            user_id=user_id,
            game=game,
            length=length,
            level=level,
            matches=totals.matches,
            won=totals.won,
            rounds=totals.rounds,
            counters=totals.counters,
        )
        for (user_id, game, length, level), totals in sums.items()
    )


class Migration(migrations.Migration):
    dependencies = (("games", "0007_history"),)

    operations = (migrations.RunPython(write_results, migrations.RunPython.noop),)
