"""Copies every hand and its result into a round, and the Thousand counters into the match's
progress, so no match in progress is lost."""

from typing import Any

from django.db import migrations


def _redeal_asker(hand: Any) -> int | None:
    from games.thousand.engine import Rules, apply, new_hand

    deal = hand.deal
    try:
        state = new_hand(
            deal["dealer"],
            deal["hands"],
            deal["musik"],
            deal.get("scores", (0, 0, 0)),
            Rules.from_dict(deal.get("rules", {})),
        )
        for action in hand.actions:
            state = apply(state, action)
        return int(state.history[-1][0])
    except (ValueError, KeyError, IndexError):
        return None


def hands_to_rounds(apps: Any, schema_editor: Any) -> None:
    Match = apps.get_model("games", "Match")
    Hand = apps.get_model("games", "Hand")
    HandResult = apps.get_model("games", "HandResult")
    Round = apps.get_model("games", "Round")
    for match in Match.objects.all().iterator():
        match.progress = {
            "dealer": match.dealer,
            "hands_played": match.hands_played,
            "redeals": match.redeals,
        }
        match.save(update_fields=["progress"])
    results = {row.hand_id: row for row in HandResult.objects.all()}
    for hand in Hand.objects.all().iterator():
        row = results.get(hand.id)
        result: dict[str, Any] | None = None
        if row is not None:
            result = {
                "declarer": row.declarer,
                "bid": row.bid,
                "contract": row.contract,
                "made": row.made,
                "card_points": row.card_points,
                "marriage_points": row.marriage_points,
                "hand_points": row.hand_points,
                "score_deltas": row.score_deltas,
            }
        elif hand.status == "redealt":
            result = {"redeal_by": _redeal_asker(hand)}
        status = {"playing": "playing", "over": "over", "redealt": "void"}[hand.status]
        Round.objects.create(
            match_id=hand.match_id,
            number=hand.number,
            setup=hand.deal,
            actions=hand.actions,
            status=status,
            result=result,
        )


class Migration(migrations.Migration):
    dependencies = (("games", "0003_match_core"),)

    operations = (migrations.RunPython(hands_to_rounds, migrations.RunPython.noop),)
