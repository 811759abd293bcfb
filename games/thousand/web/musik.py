"""The musik on the felt as one seat sees it: turned up at three or four players; the two
musiks, the choice and the discards at two (rules 4.1); the musik a four-player dealer
sitting out scores from (rules 4.2). Built from the seat's observation only."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.thousand.engine import (
    BIDDING,
    CONTRACT_PHASE,
    DISCARDING,
    GIVING,
    MUSIK_PHASE,
    REDEAL_PHASE,
    Observation,
)
from games.thousand.web.cards import card_view
from games.thousand.web.viewmodels import TableView

TAKING = (GIVING, DISCARDING, CONTRACT_PHASE)
"""The phases in which the musik just taken is shown: before the play begins."""


def present_musik(result: TableView, view: Observation) -> None:
    """Fills in what ``result`` shows of the musik (or the two musiks) and the discards;
    ``result.declarer`` is the declarer's name as the viewer reads it."""
    result.two_players = view.rules.players == 2
    if result.two_players:
        result.two_musiks = view.phase in (REDEAL_PHASE, BIDDING, MUSIK_PHASE)
        result.musik_choice = view.musik_choice or 0
    result.musik_points = view.musik_points
    if view.musik is None:
        return
    result.musik = [card_view(code) for code in view.musik]
    points = view.musik_points
    if view.phase in (REDEAL_PHASE, BIDDING) and points is not None:
        # The four-player dealer sitting out, who scores from the musik, sees it from the deal
        # on, with its worth.
        result.show_musik = True
        result.musik_label = ngettext(
            "The musik you score from as the dealer: %(points)s point",
            "The musik you score from as the dealer: %(points)s points",
            points,
        ) % {"points": points}
        return
    taking = view.phase in TAKING
    declaring = view.seat == view.declarer
    # The declarer sees the musik turned up once, as it moves into their hand; the others keep
    # it in sight while the declarer gives (or discards) and chooses the contract.
    result.musik_arriving = taking and declaring and not view.gives and not view.discards
    result.show_musik = taking and (not declaring or result.musik_arriving)
    name = {"name": result.declarer}
    if view.musik_choice == 1:
        result.musik_label = _("The first musik (taken by %(name)s)") % name
    elif view.musik_choice == 2:
        result.musik_label = _("The second musik (taken by %(name)s)") % name
    else:
        result.musik_label = _("Musik (taken by %(name)s)") % name
    if view.musik_points is not None:
        result.musik_label += " · " + ngettext(
            "%(points)s point for the dealer", "%(points)s points for the dealer", view.musik_points
        ) % {"points": view.musik_points}
    if result.two_players and view.phase in (DISCARDING, CONTRACT_PHASE):
        # The discards: their faces for the declarer, only how many for the opponent.
        result.discards = [card_view(code) for code in view.discards if code is not None]
        result.discard_count = len(view.discards)
