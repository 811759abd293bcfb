"""A played hand's summary, the match's score sheet, and the options in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from games.core.drawn import Drawn
from games.models import Round
from games.rules.pages import rules_url
from games.thousand.engine import Observation, round_opponent_points
from games.thousand.web.rules import OPTION_STEPS

if TYPE_CHECKING:
    from games.thousand.web.viewmodels import TableView


@dataclass
class SummaryRow(Drawn):
    name: str
    is_declarer: bool
    card_points: int
    marriage_points: int
    hand_points: int
    delta: int
    score: int
    note: str = ""
    """Why an opponent scored less than their hand points (the barrel, the cap)."""


@dataclass
class SheetRow(Drawn):
    number: int
    declarer: str
    contract: int
    made: bool
    deltas: list[int]
    scores: list[int]


def hand_summary(result: TableView, view: Observation, names: list[str]) -> None:
    outcome = view.result
    if outcome is None:
        return
    result.made = outcome.made
    declarer = names[view.declarer] if view.declarer is not None else ""
    if view.declarer == view.seat:
        result.outcome = (
            _("You made your contract of %(value)s.")
            if outcome.made
            else _("You went down: your contract of %(value)s was not made.")
        ) % {"value": view.contract}
    else:
        result.outcome = (
            _("%(name)s made the contract of %(value)s.")
            if outcome.made
            else _("%(name)s went down: the contract of %(value)s was not made.")
        ) % {"name": declarer, "value": view.contract}
    result.summary = [
        SummaryRow(
            name=names[seat],
            is_declarer=seat == view.declarer,
            card_points=view.taken[seat],
            marriage_points=view.marriage_points[seat],
            hand_points=outcome.hand_points[seat],
            delta=outcome.score_deltas[seat],
            score=outcome.scores[seat],
            note=_score_note(view, seat),
        )
        for seat in range(len(view.seats))
    ]
    if view.rules.musik_points:
        result.summary += [_dealer_row(result, outcome.dealer_delta, view.musik_points or 0)]


def _dealer_row(result: TableView, delta: int, points: int) -> SummaryRow:
    """The row of the four-player dealer who sat the hand out and scores from the musik."""
    dealer = next(seat for seat in result.seats if seat.is_dealer)
    return SummaryRow(
        name=dealer.name,
        is_declarer=False,
        card_points=0,
        marriage_points=0,
        hand_points=points,
        delta=delta,
        score=dealer.score,
        note=_("dealt and sat out: the musik's points"),
    )


def _score_note(view: Observation, seat: int) -> str:
    """Why an opponent's score changed by less than their rounded hand points, if it did."""
    outcome = view.result
    if outcome is None or seat == view.declarer:
        return ""
    if view.on_barrel[seat]:
        return _("only as declarer: %(barrel)s or more") % {"barrel": view.rules.barrel}
    rounded = round_opponent_points(outcome.hand_points[seat], view.rules.rounding)
    if outcome.score_deltas[seat] < rounded:
        return _("capped at %(cap)s") % {"cap": view.rules.opponent_cap}
    return ""


def score_sheet(results: Sequence[Round], names: Sequence[str]) -> list[SheetRow]:
    """One row per played hand (results by table seat): declarer, contract, made or not, the
    changes and the running scores."""
    rows = []
    running = [0] * len(names)
    played = [row for row in results if row.status == Round.Status.OVER and row.result]
    for number, row in enumerate(played, start=1):
        result = row.result
        assert result is not None
        deltas = list(result["score_deltas"])
        running = [total + delta for total, delta in zip(running, deltas, strict=True)]
        rows.append(
            SheetRow(
                number=number,
                declarer=names[result["declarer"]],
                contract=result["contract"],
                made=result["made"],
                deltas=deltas,
                scores=running,
            )
        )
    return rows


@dataclass(frozen=True)
class RuleLine(Drawn):
    """One option of a match in words, with the rules page's step that explains it."""

    text: str
    option: str

    @property
    def url(self) -> str:
        return rules_url("thousand", OPTION_STEPS[self.option])

    def __str__(self) -> str:
        return self.text


def rules_summary(rules: dict[str, object]) -> list[RuleLine]:
    """The options of a match in words (the musik points only when chosen)."""
    lines = [
        RuleLine(_("Match to %(target)s") % {"target": rules.get("target", 1000)}, "target"),
        RuleLine(_("Bids in steps of %(step)s") % {"step": rules.get("bid_step", 10)}, "bid_step"),
        RuleLine(
            _("Following: must beat")
            if rules.get("following", "must_beat") == "must_beat"
            else _("Following: classic"),
            "following",
        ),
        RuleLine(
            _("Opponents round to 10, 5 down")
            if rules.get("rounding", "ten_down") == "ten_down"
            else _("Opponents round to 5"),
            "rounding",
        ),
        RuleLine(
            _("Four 9s: re-deal before bidding")
            if rules.get("four_nines", "redeal") == "redeal"
            else _("Four 9s: the declarer may abandon"),
            "four_nines",
        ),
    ]
    if rules.get("musik_points"):
        lines.append(RuleLine(_("The dealer sitting out scores the musik"), "musik_points"))
    return lines
