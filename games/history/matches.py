"""A person's matches as a list (a few queries per page, however many they played), a match's
round-by-round table, and the replay of a round once the match is over."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.db.models import Prefetch, QuerySet
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.core.names import seat_names
from games.core.registry import all_specs, get_spec
from games.core.spec import AnySpec
from games.core.spec_history import ReplayMark, RoundSummary, StoredRound
from games.history import charts
from games.history.results import places as finishing_places
from games.models import Match, MatchResult, Round, Seat

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser, User

PAGE_SIZE = 20
ENDED = (Match.Status.FINISHED, Match.Status.RESIGNED)


class HistoryFilter(forms.Form):
    """The filters of "My matches"; an unknown value is an error shown beside its field."""

    game = forms.ChoiceField(label=gettext_lazy("Game"), required=False)
    result = forms.ChoiceField(
        label=gettext_lazy("Result"),
        required=False,
        choices=(
            ("", gettext_lazy("Any result")),
            ("won", gettext_lazy("Won")),
            ("lost", gettext_lazy("Not won")),
            ("unfinished", gettext_lazy("Not finished")),
        ),
    )
    mode = forms.ChoiceField(
        label=gettext_lazy("Mode"),
        required=False,
        choices=(("", gettext_lazy("Practice and friends")), *Match.Mode.choices),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["game"]).choices = [("", _("Every game"))] + [
            (spec.key, spec.name) for spec in all_specs()
        ]


def matches_for_history(user: User, filters: HistoryFilter) -> QuerySet[Match]:
    """``user``'s matches, newest first, as the valid ``filters`` ask."""
    matches = Match.objects.filter(seats__user=user).order_by("-created", "-pk")
    if not filters.is_valid():
        return matches.none()
    chosen = filters.cleaned_data
    if chosen["game"]:
        matches = matches.filter(game=chosen["game"])
    if chosen["mode"]:
        matches = matches.filter(mode=chosen["mode"])
    if chosen["result"] == "won":
        matches = matches.filter(results__user=user, results__won=True)
    elif chosen["result"] == "lost":
        won = MatchResult.objects.filter(user=user, won=True).values("match_id")
        matches = matches.filter(status__in=ENDED).exclude(pk__in=won)
    elif chosen["result"] == "unfinished":
        matches = matches.exclude(status__in=ENDED)
    return matches.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user__profile")),
        Prefetch("results", queryset=MatchResult.objects.filter(user=user), to_attr="mine"),
    )


@dataclass
class HistoryRow:
    match: Match
    game: str
    options: str
    opponents: list[str]
    scores: list[tuple[str, int]]
    place: int | None
    won: bool
    rating_change: float | None = None
    """How much the match moved the person's rating (None: it moved none, or was voided)."""


def _rating_change(result: MatchResult) -> float | None:
    if result.void or result.rating_before is None or result.rating_after is None:
        return None
    return result.rating_after - result.rating_before


def history_rows(matches: Sequence[Match], user: User) -> list[HistoryRow]:
    """The list's rows; the matches come with their seats and the user's result prefetched."""
    rows = []
    for match in matches:
        spec = get_spec(match.game)
        seats = sorted(match.seats.all(), key=lambda seat: seat.number)
        me = next(seat.number for seat in seats if seat.user_id == user.pk)
        names = seat_names(seats, me)
        mine: list[MatchResult] = getattr(match, "mine", [])
        opponents = [
            f"{names[seat.number]} ({spec.computers.label(seat.computer_level)})"
            if seat.is_computer
            else names[seat.number]
            for seat in seats
            if seat.number != me
        ]
        rows.append(
            HistoryRow(
                match=match,
                game=str(spec.name),
                options=", ".join(spec.table.options_summary(match.options)),
                opponents=opponents,
                scores=[(names[n], match.scores[n]) for n in range(len(seats)) if match.scores],
                place=mine[0].place if mine else None,
                won=bool(mine and mine[0].won),
                rating_change=_rating_change(mine[0]) if mine else None,
            )
        )
    return rows


def viewable_match(user: User | AnonymousUser, match_id: int) -> Match | None:
    """The match for its page: a person seated at it, or staff; else ``None``."""
    if not user.is_authenticated:
        return None
    matches = Match.objects.filter(pk=match_id)
    if not user.is_staff:
        matches = matches.filter(seats__user=user)
    return matches.first()


def shared_match(token: str) -> Match | None:
    """A finished match its owner made public, by its link's key."""
    if not token or len(token) > 32:
        return None
    return Match.objects.filter(share_token=token, public=True, status__in=ENDED).first()


def set_public(match: Match, public: bool) -> Match:
    """The owner shares a finished match by link (or stops sharing it); the link's key is
    made once and kept, so a link shared before works again when shared again."""
    if not match.is_finished:
        raise ValueError("only a finished match can be shared")
    match.public = public
    if public and not match.share_token:
        match.share_token = secrets.token_urlsafe(16)
    Match.objects.filter(pk=match.pk).update(public=match.public, share_token=match.share_token)
    return match


@dataclass
class RoundRow:
    number: int
    summary: RoundSummary
    cells: list[tuple[int | None, int | None, str]]
    """Each seat's (change, running score, note); ``None`` for a round that did not count."""


@dataclass
class PlayerLine:
    seat: Seat
    name: str
    level: str
    score: int
    place: int | None


@dataclass
class MatchRecord:
    match: Match
    spec: AnySpec
    seats: list[Seat]
    names: list[str]
    viewer: int | None
    rounds: list[RoundRow]
    players: list[PlayerLine]
    options: str
    chart: SafeString
    replayable: bool


def match_record(match: Match, viewer: int | None) -> MatchRecord:
    """The match's rounds one per row, with the running scores and their chart (names as
    ``viewer`` reads them; ``None`` for someone not seated)."""
    spec = get_spec(match.game)
    seats = list(
        Seat.objects.filter(match=match).select_related("user__profile").order_by("number")
    )
    names = seat_names(seats, viewer)
    stored = [
        StoredRound(row.number, row.setup, row.actions, row.result, row.status == Round.Status.VOID)
        for row in Round.objects.filter(match=match)
        .exclude(status=Round.Status.PLAYING)
        .order_by("number")
    ]
    summaries = [spec.history.round_summary(round_, names) for round_ in stored]
    # The running scores count back from the match's scores, so a match that did not start
    # at zero (or a game that scores more than its rounds) still ends on its real scores.
    running = list(match.scores) if match.scores else [0] * len(seats)
    after: list[list[int] | None] = []
    for summary in reversed(summaries):
        if summary.deltas is None:
            after.append(None)
            continue
        after.append(list(running))
        running = [total - delta for total, delta in zip(running, summary.deltas, strict=True)]
    after.reverse()
    rows = [
        RoundRow(
            number=round_.number,
            summary=summary,
            cells=[
                (
                    summary.deltas[n] if summary.deltas is not None else None,
                    totals[n] if totals is not None else None,
                    summary.seat_notes[n],
                )
                for n in range(len(seats))
            ],
        )
        for round_, summary, totals in zip(stored, summaries, after, strict=True)
    ]
    progression = [totals for totals in after if totals is not None]
    places = (
        dict(enumerate(finishing_places(match.scores, match.winner, match.resigned_by)))
        if match.is_finished and match.scores
        else {}
    )
    return MatchRecord(
        match=match,
        spec=spec,
        seats=seats,
        names=names,
        viewer=viewer,
        rounds=rows,
        players=[
            PlayerLine(
                seat=seat,
                name=names[seat.number],
                level=spec.computers.label(seat.computer_level) if seat.computer_level else "",
                score=match.scores[seat.number] if match.scores else 0,
                place=places.get(seat.number),
            )
            for seat in seats
        ],
        options=", ".join(spec.table.options_summary(match.options)),
        chart=charts.score_lines(
            names, running, progression, _(spec.history.round_words.after_each)
        ),
        replayable=match.is_finished and bool(spec.history.replay_template),
    )


def round_states(spec: AnySpec, setup: Any, actions: Sequence[Any]) -> list[Any]:
    """The round's state before any action and after each one, rebuilt through the game's
    engine from the stored setup and actions."""
    state = spec.rules.replay(setup, [])
    states = [state]
    for action in actions:
        seat = spec.rules.to_move(state)
        if seat is None:
            raise ValueError("a stored action after the end of its round")
        state = spec.rules.apply(state, seat, action)
        states.append(state)
    return states


@dataclass
class ReplayStep:
    spec: AnySpec
    match: Match
    number: int
    step: int
    last: int
    view: Any
    marks: list[ReplayMark]
    names: list[str]

    @property
    def title(self) -> str:
        return _(self.spec.history.round_words.replay_title) % {
            "number": self.number,
            "match": self.match.pk,
        }


def replay_step(match: Match, number: int, step: int) -> ReplayStep | None:
    """Round ``number`` of the finished ``match`` at ``step`` (clamped to the round), every
    hand shown and every seat named as a stranger reads it; ``None`` if the match is not
    over, or has no such round, or its game has no replay."""
    spec = get_spec(match.game)
    if not match.is_finished or not spec.history.replay_template:
        return None
    stored = Round.objects.filter(match=match, number=number).first()
    if stored is None:
        return None
    seats = list(
        Seat.objects.filter(match=match).select_related("user__profile").order_by("number")
    )
    names = seat_names(seats, None)
    states = round_states(spec, stored.setup, stored.actions)
    step = max(0, min(step, len(states) - 1))
    return ReplayStep(
        spec=spec,
        match=match,
        number=number,
        step=step,
        last=len(states) - 1,
        view=spec.history.replay_view(states, step, names),
        marks=spec.history.replay_marks(states),
        names=names,
    )
