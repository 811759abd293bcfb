"""Charts drawn on the server as inline SVG: no script, no chart library, nothing the
Content-Security-Policy refuses (colours are SVG attributes, not style)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _


@dataclass(frozen=True)
class RecentResult:
    """One bar of the recent results' chart."""

    match_id: int
    place: int
    players: int
    won: bool
    score: int


WIDTH = 640
HEIGHT = 240
MARGIN = 36
SEAT_COLOURS = ("#1f6f50", "#b03a2e", "#2e5eaa", "#8e6c1a")
WIN_COLOUR = "#1f6f50"
LOSS_COLOUR = "#b0b7bf"


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    if high == low:
        return (start + end) / 2
    return start + (value - low) * (end - start) / (high - low)


def _number(value: float) -> str:
    return f"{value:.1f}"


def score_lines(
    names: Sequence[str], start: Sequence[float], running: Sequence[Sequence[float]], title: str
) -> SafeString:
    """Each seat's score from ``start`` and after every round (``running``: one list of
    scores per round) as lines, with a legend."""
    if not running:
        return SafeString("")
    series = [list(start), *running]
    low = min(0, *(min(scores) for scores in series))
    high = max(1, *(max(scores) for scores in series))
    rounds = len(series) - 1

    def x(index: int) -> float:
        return _scale(index, 0, rounds, MARGIN, WIDTH - MARGIN / 2)

    def y(value: float) -> float:
        return _scale(value, low, high, HEIGHT - MARGIN, MARGIN / 2)

    lines = []
    for seat, name in enumerate(names):
        points = " ".join(f"{x(i):.1f},{y(scores[seat]):.1f}" for i, scores in enumerate(series))
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        lines.append(
            format_html(
                '<polyline points="{}" fill="none" stroke="{}" stroke-width="2.5">'
                "<title>{}</title></polyline>"
                '<text x="{}" y="{}" fill="{}" font-size="12">{} {}</text>',
                points,
                colour,
                name,
                MARGIN + 150 * seat,
                HEIGHT - 6,
                colour,
                "■",
                name,
            )
        )
    axis = format_html(
        '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#777" stroke-width="1"/>'
        '<text x="4" y="{}" font-size="11" fill="#555">{}</text>'
        '<text x="4" y="{}" font-size="11" fill="#555">{}</text>',
        MARGIN,
        _number(y(0)),
        _number(WIDTH - MARGIN / 2),
        _number(y(0)),
        _number(y(high) + 4),
        high,
        _number(y(low) + 4),
        low,
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}" '
        'xmlns="http://www.w3.org/2000/svg">{}{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        axis,
        SafeString("".join(lines)),
    )


def recent_results(results: Sequence[RecentResult]) -> SafeString:
    """The recent matches as bars, oldest on the left: height the final score, a win in green,
    each bar labelled with the place."""
    if not results:
        return SafeString("")
    high = max(1, *(result.score for result in results))
    low = min(0, *(result.score for result in results))
    slot = (WIDTH - MARGIN) / len(results)
    zero = _scale(0, low, high, HEIGHT - MARGIN, MARGIN / 2)
    bars = format_html_join(
        "",
        '<a href="{}"><rect x="{}" y="{}" width="{}" height="{}" fill="{}">'
        "<title>{}</title></rect></a>"
        '<text x="{}" y="{}" font-size="11" text-anchor="middle" fill="#333">{}</text>',
        (
            (
                reverse("match_history", args=[result.match_id]),
                _number(MARGIN + index * slot + slot * 0.15),
                _number(
                    min(zero, top := _scale(result.score, low, high, HEIGHT - MARGIN, MARGIN / 2))
                ),
                _number(slot * 0.7),
                _number(abs(zero - top)),
                WIN_COLOUR if result.won else LOSS_COLOUR,
                _("Match #%(number)s: %(score)s points, place %(place)s of %(players)s")
                % {
                    "number": result.match_id,
                    "score": result.score,
                    "place": result.place,
                    "players": result.players,
                },
                _number(MARGIN + index * slot + slot / 2),
                HEIGHT - MARGIN + 14,
                result.place,
            )
            for index, result in enumerate(results)
        ),
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-label="{}" '
        'xmlns="http://www.w3.org/2000/svg">'
        '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#777" stroke-width="1"/>'
        '<text x="4" y="{}" font-size="11" fill="#555">{}</text>{}'
        '<text x="{}" y="{}" font-size="11" fill="#555">{}</text></svg>',
        WIDTH,
        HEIGHT,
        _("Final scores of the recent matches, oldest first; the numbers are the places."),
        MARGIN,
        _number(zero),
        WIDTH,
        _number(zero),
        _number(MARGIN / 2 + 4),
        high,
        bars,
        MARGIN,
        HEIGHT - 4,
        _("Green: won. Under each bar: the place. A bar opens its match."),
    )
