"""A person's own data, as players in the EU expect: everything the site keeps about them in
one JSON document, and their account deleted for good.

The document holds their profile, e-mail addresses, matches with their own moves (never the
deal, another seat's moves or anything a seat hides: the engine's history gives who moved),
results, ratings, totals, coins ledger, bought looks and the reports they made. Deleting keeps
their seats at matches shared with other people, as "a former player" (a computer plays on
where the match is not over, and a table they made passes to another person at it), as the
removal of stale guests does; everything else of theirs goes with the account."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

from accounts.models import CoinEntry, OwnedCosmetic
from games.core.chat import chat_messages_of
from games.core.registry import get_spec
from games.history.matches import round_states
from games.history.moderation import keep_shared_seats
from games.models import MatchResult, PlayerRating, PlayerTotals, Report, Round, Seat

FORMAT_VERSION = 1


def _when(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _own_moves(game: str, played: Round, seat: int) -> list[Any]:
    """The actions of ``seat`` in the round, in order: whose each action was comes from
    replaying the round through the game's engine."""
    spec = get_spec(game)
    states = round_states(spec, played.setup, played.actions)
    return [
        action
        for state, action in zip(states, played.actions, strict=False)
        if spec.rules.to_move(state) == seat
    ]


def _matches(user: User) -> list[dict[str, Any]]:
    seats = (
        Seat.objects.filter(user=user)
        .select_related("match")
        .prefetch_related("match__rounds", "match__seats__user__profile")
        .order_by("match_id")
    )
    listed = []
    for seat in seats:
        match = seat.match
        others = []
        for other in match.seats.all():
            if other.number == seat.number:
                continue
            name = other.user.profile.display_name if other.user else other.computer_level
            others.append({"seat": other.number, "player": name})
        rounds = [
            {
                "number": played.number,
                "status": played.status,
                "my_moves": _own_moves(match.game, played, seat.number),
                "result": played.result if played.status != Round.Status.PLAYING else None,
            }
            for played in sorted(match.rounds.all(), key=lambda played: played.number)
        ]
        listed.append(
            {
                "match": match.pk,
                "game": match.game,
                "mode": match.mode,
                "status": match.status,
                "options": match.options,
                "created": _when(match.created),
                "my_seat": seat.number,
                "others": others,
                "scores": match.scores if match.is_finished else None,
                "rounds": rounds,
            }
        )
    return listed


def export(user: User) -> dict[str, Any]:
    """Everything the site keeps about ``user``, as JSON-ready data."""
    profile = user.profile
    return {
        "format": FORMAT_VERSION,
        "account": {
            "username": user.username,
            "joined": _when(user.date_joined),
            "last_sign_in": _when(user.last_login),
            "display_name": profile.display_name,
            "guest": profile.is_guest,
            "language": profile.language,
            "time_zone": profile.time_zone,
            "email_addresses": [
                {"email": address.email, "primary": address.primary, "verified": address.verified}
                for address in EmailAddress.objects.filter(user=user).order_by("pk")
            ],
        },
        "matches": _matches(user),
        "results": [
            {
                "match": result.match_id,
                "game": result.game,
                "board": result.board,
                "finished": _when(result.finished),
                "place": result.place,
                "won": result.won,
                "score": result.score,
                "void": result.void,
                "rating_before": result.rating_before,
                "rating_after": result.rating_after,
            }
            for result in MatchResult.objects.filter(user=user).order_by("finished", "pk")
        ],
        "ratings": [
            {
                "game": rating.game,
                "board": rating.board,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "matches": rating.matches,
            }
            for rating in PlayerRating.objects.filter(user=user).order_by("game", "board")
        ],
        "totals": [
            {
                "game": row.game,
                "board": row.board,
                "length": row.length,
                "level": row.level,
                "matches": row.matches,
                "won": row.won,
                "rounds": row.rounds,
                "counters": row.counters,
            }
            for row in PlayerTotals.objects.filter(user=user).order_by("game", "length", "level")
        ],
        "coins": [
            {
                "when": _when(entry.created),
                "amount": entry.amount,
                "reason": entry.reason,
                "item": entry.item,
                "balance_after": entry.balance_after,
            }
            for entry in CoinEntry.objects.filter(user=user).order_by("created", "pk")
        ],
        "looks": [
            {"item": owned.item, "bought": _when(owned.bought)}
            for owned in OwnedCosmetic.objects.filter(user=user).order_by("bought", "pk")
        ],
        "reports_made": [
            {
                "when": _when(report.created),
                "reported": report.reported_name,
                "kind": report.kind,
                "text": report.text,
                "status": report.status,
            }
            for report in Report.objects.filter(reporter=user).order_by("created", "pk")
        ],
        "chat_messages": chat_messages_of(user),
    }


def delete_account(user_id: int) -> bool:
    """Deletes the account for good, its seats at shared matches kept as a former player's;
    False if there is no such account (deleted already)."""
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().filter(pk=user_id).first()
        if user is None:
            return False
        keep_shared_seats(user)
        user.delete()
    return True
