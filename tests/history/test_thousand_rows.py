"""Thousand's row of a hand in the hand-by-hand table: a played hand, a hand at a table of
four (the dealer sits it out), and a re-deal that does not count."""

from __future__ import annotations

from games.core.spec_history import StoredRound
from games.thousand.web.history import round_summary

NAMES = ["You", "Left", "Across", "Right"]


def test_a_four_player_hand_names_the_dealer_who_sits_out() -> None:
    stored = StoredRound(
        number=3,
        setup={"dealer": 1},
        actions=[],
        result={
            "declarer": 2,
            "bid": 120,
            "contract": 130,
            "made": False,
            "card_points": [40, 0, 50, 30],
            "marriage_points": [0, 0, 60, 0],
            "hand_points": [40, 0, 110, 30],
            "score_deltas": [40, 0, -130, 30],
        },
        void=False,
    )
    summary = round_summary(stored, NAMES)
    assert summary.cells == ("Left", "Across", "120", "130", "went down")
    assert summary.seat_notes == (
        "40 in cards",
        "deals, sits out",
        "50 in cards · 60 in marriages",
        "30 in cards",
    )
    assert summary.deltas == (40, 0, -130, 30)


def test_a_redeal_does_not_count() -> None:
    stored = StoredRound(
        number=2, setup={"dealer": 0}, actions=["redeal"], result={"redeal_by": 1}, void=True
    )
    summary = round_summary(stored, NAMES[:3])
    assert summary.cells == ("You", "Left", "re-deal", "", "")
    assert summary.deltas is None
