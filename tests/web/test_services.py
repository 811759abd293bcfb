"""The one service path for every move: check → lock → apply → save → on_commit(push)."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.contrib.auth.models import AbstractBaseUser

from games import services
from games.models import Match, Round, Seat
from games.thousand.engine import OVER, Rules, legal_actions

from .conftest import computer_plays, current, play_computers, script_deal

pytestmark = pytest.mark.django_db

SCRIPTED_REST = ("QC", "AD", "TD", "KD", "QD", "JH", "9H")


def alice_moves(match: Match, alice: AbstractBaseUser, action: str) -> Match:
    return services.submit_move(match.pk, action, current(match).match.version, user=alice)


def test_a_practice_match_seats_alice_and_two_computers_and_deals_the_first_hand(
    alice: AbstractBaseUser,
) -> None:
    rules = Rules(target=500, bid_step=5, following="classic", rounding="five")
    match = services.create_practice_match(alice, "thousand", rules.to_dict(), "expert", seed=7)

    seats = list(match.seats.order_by("number"))
    assert [(s.number, s.user_id, s.computer_level) for s in seats] == [
        (0, alice.pk, ""),
        (1, None, "expert"),
        (2, None, "expert"),
    ]
    assert match.options == rules.to_dict()
    assert match.status == Match.Status.PLAYING
    hand = match.rounds.get()
    assert hand.number == 1
    assert hand.actions == []
    assert hand.setup["dealer"] == match.progress["dealer"]
    assert hand.setup["rules"] == rules.to_dict()
    assert sorted(card for cards in hand.setup["hands"] for card in cards) != []


def test_the_same_seed_deals_the_same_cards(alice: AbstractBaseUser) -> None:
    first = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=99)
    second = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=99)
    assert first.rounds.get().setup == second.rounds.get().setup


def test_any_position_is_rebuilt_by_replaying_the_stored_deal_and_actions(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    alice_moves(scripted_match, alice, "pass")
    computer_plays(scripted_match, "give:9C", "give:9D", "contract:120")

    hand = Round.objects.get(match=scripted_match)
    assert hand.actions == ["pass", "bid:110", "pass", "give:9C", "give:9D", "contract:120"]
    table = current(scripted_match)
    assert table.state.phase == "playing"
    assert table.state.declarer == 2
    assert table.match.version == 6
    assert "9C" in table.view_for(0).hand


def test_a_move_bumps_the_version_and_pushes_it_to_the_match_group_after_commit(
    alice: AbstractBaseUser,
    scripted_match: Match,
    django_capture_on_commit_callbacks: object,
    runner_requests: list[int],
) -> None:
    layer = get_channel_layer()

    def move() -> list[object]:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:  # type: ignore[operator]
            computer_plays(scripted_match, "pass")
        return list(callbacks)

    async def listen_to_the_move() -> tuple[list[object], dict[str, object]]:
        # In one event loop: the Redis layer's subscriptions belong to the loop they are made in.
        channel = await layer.new_channel()
        await layer.group_add(services.group_name(scripted_match.pk), channel)
        callbacks = await sync_to_async(move)()
        message = await layer.receive(channel)
        await layer.group_discard(services.group_name(scripted_match.pk), channel)
        return callbacks, message

    callbacks, message = async_to_sync(listen_to_the_move)()
    assert len(callbacks) == 1
    scripted_match.refresh_from_db()
    stamp = f"1@{scripted_match.updated.isoformat()}"
    assert message == {"type": "match.updated", "version": 1, "stamp": stamp}
    assert runner_requests == [scripted_match.pk]


@pytest.mark.parametrize(
    ("action", "version", "reason"),
    [
        ("bid:110", 1, "stale_version"),  # Alice saw version 1, the match is at 0
        ("bid:110", "zero", "malformed"),  # the version must be a number
        ("bid:110", None, "malformed"),
        ("", 0, "malformed"),
        (None, 0, "malformed"),
        ("x" * 200, 0, "malformed"),
        ("\ud800", 0, "malformed"),
        ("bid:110", 0, "not_your_turn"),  # Left speaks first
    ],
)
def test_bad_moves_are_refused_by_their_reason_and_change_nothing(
    alice: AbstractBaseUser, scripted_match: Match, action: object, version: object, reason: str
) -> None:
    with pytest.raises(services.MoveRejected) as refused:
        services.play(scripted_match.pk, {"action": action, "version": version}, user=alice)
    assert refused.value.reason == reason
    assert refused.value.status == services.STATUS_OF_REASON[reason]
    assert refused.value.message
    assert current(scripted_match).match.version == 0
    assert Round.objects.get(match=scripted_match).actions == []


def test_it_is_not_alices_turn_while_a_computer_is_to_move(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    with pytest.raises(services.MoveRejected) as refused:
        alice_moves(scripted_match, alice, "pass")
    assert refused.value.status == 409
    assert refused.value.message == "It is not your turn."


def test_an_illegal_action_gets_the_engines_reason_and_changes_nothing(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    with pytest.raises(services.MoveRejected) as refused:
        alice_moves(scripted_match, alice, "bid:300")
    assert refused.value.status == 400
    assert refused.value.message == "With the marriages you hold you may bid at most 160."
    assert Round.objects.get(match=scripted_match).actions == ["pass", "bid:110"]


def test_engine_messages_are_translated_with_their_suit_names(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    alice_moves(scripted_match, alice, "pass")
    computer_plays(scripted_match, "give:9C", "give:9D", "contract:120", "play:AH")
    with pytest.raises(services.MoveRejected) as refused:
        alice_moves(scripted_match, alice, "play:AS")
    assert refused.value.message == "You must follow suit with a heart: you hold 9H, JH."


def test_a_stranger_cannot_move_in_alices_match(
    bob: AbstractBaseUser, scripted_match: Match
) -> None:
    with pytest.raises(services.MoveRejected) as refused:
        services.submit_move(scripted_match.pk, "pass", 0, user=bob)
    assert refused.value.status == 404
    with pytest.raises(services.MoveRejected):
        services.submit_move(10_000, "pass", 0, user=bob)
    assert services.match_for_user(bob, scripted_match.pk) is None


def test_a_finished_hand_is_scored_stored_and_waits_for_the_next_deal(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    alice_moves(scripted_match, alice, "pass")
    computer_plays(scripted_match, "give:9C", "give:9D", "contract:120")
    _play_out(scripted_match, alice)

    table = current(scripted_match)
    assert table.state.phase == OVER
    result = Round.objects.get(match=scripted_match).result
    assert result is not None
    assert result["declarer"] == 2
    assert result["bid"] == 110
    assert result["contract"] == 120
    assert table.match.scores == list(table.state.result.scores)  # type: ignore[union-attr]
    assert result["score_deltas"] == list(table.state.result.score_deltas)  # type: ignore[union-attr]
    assert sum(result["card_points"]) == 120
    assert table.match.progress["hands_played"] == 1
    assert table.match.progress["dealer"] == 0
    assert services.computer_turn(scripted_match.pk) is None

    with pytest.raises(services.MoveRejected) as refused:
        alice_moves(scripted_match, alice, "pass")
    assert refused.value.reason == "round_over"

    services.next_round(scripted_match.pk, current(scripted_match).match.version, user=alice)
    table = current(scripted_match)
    assert table.round.number == 2
    assert table.round.setup["dealer"] == 0
    assert table.round.setup["scores"] == table.match.scores


def test_the_next_hand_cannot_be_dealt_while_one_is_being_played(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass")
    with pytest.raises(services.MoveRejected) as refused:
        services.next_round(scripted_match.pk, current(scripted_match).match.version, user=alice)
    assert refused.value.reason == "round_in_progress"


def test_a_redeal_deals_again_at_once_with_the_same_dealer(alice: AbstractBaseUser) -> None:
    match = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=3)
    poor = ("9S", "JS", "9C", "JC", "9D", "JD", "QH")  # 7 points, no marriage
    script_deal(
        match,
        dealer=2,
        hands=(poor, ("AS", "TS", "KS", "QS", "AC", "TC", "KC"), SCRIPTED_REST),
        musik=("AH", "TH", "KH"),
    )
    table = current(match)
    assert table.state.phase == "redeal"
    assert table.state.to_move == 0

    alice_moves(match, alice, "redeal")

    table = current(match)
    assert [h.status for h in match.rounds.order_by("number")] == [
        Round.Status.VOID,
        Round.Status.PLAYING,
    ]
    assert table.round.number == 2
    assert table.round.setup["dealer"] == 2
    assert table.match.progress["redeals"] == 1
    assert table.match.progress["hands_played"] == 0
    assert Round.objects.get(match=match, number=1).result == {"redeal_by": 0}


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_a_computer_asked_about_a_redeal_answers_before_anyone_sees_the_table(
    alice: AbstractBaseUser, level: str
) -> None:
    # Seed 39 deals Left (seat 1) cards under 10 points without a marriage. Only such a hand
    # is asked, so a table waiting for Left's answer would tell Alice that Left's cards are weak.
    match = services.create_practice_match(alice, "thousand", Rules().to_dict(), level, seed=39)

    first = match.rounds.get(number=1)
    assert first.actions in (["keep"], ["redeal"])
    table = current(match)
    assert table.match.version == 0
    assert table.state.phase != "redeal"
    assert table.view_for(0).phase != "redeal"
    assert table.match.progress["redeals"] == (1 if first.actions == ["redeal"] else 0)


def test_a_computer_asked_about_a_redeal_in_a_later_hand_answers_within_the_next_move(
    alice: AbstractBaseUser,
) -> None:
    # Seed 59: nobody is asked in hand 1; hand 2 deals Right (seat 2) cards it may re-deal.
    match = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=59)
    assert match.rounds.get(number=1).actions == []
    _play_out(match, alice)
    version = current(match).match.version

    services.next_round(match.pk, version, user=alice)

    second = match.rounds.get(number=2)
    assert second.actions in (["keep"], ["redeal"])
    table = current(match)
    assert table.match.version == version + 1
    view = table.view_for(0)
    assert view.phase != "redeal"
    assert view.to_move is not None
    assert (2, "keep") not in view.history


def test_the_match_ends_when_the_declarer_reaches_the_target(alice: AbstractBaseUser) -> None:
    match = services.create_practice_match(
        alice, "thousand", Rules(target=500).to_dict(), "normal", seed=5
    )
    match.scores = [480, 0, 0]
    match.save()
    script_deal(
        match,
        dealer=2,
        hands=(
            ("AH", "TH", "KH", "QH", "AD", "TD", "KD"),
            ("9S", "JS", "QS", "KS", "AS", "TS", "9C"),
            ("JC", "QC", "KC", "AC", "TC", "9D", "JD"),
        ),
        musik=("QD", "9H", "JH"),
    )
    computer_plays(match, "pass", "pass")
    for action in ("give:9H", "give:JH", "contract:100", "play:AH"):
        alice_moves(match, alice, action)
    computer_plays(match, "play:9H", "play:JH")
    alice_moves(match, alice, "play:KH")  # declares hearts: 100 points, contract made
    _play_out(match, alice)

    table = current(match)
    assert table.match.status == Match.Status.FINISHED
    assert table.match.winner == 0
    assert table.match.scores[0] == 580
    with pytest.raises(services.MoveRejected) as refused:
        services.next_round(match.pk, current(match).match.version, user=alice)
    assert refused.value.message == "This match is over."
    assert services.computer_turn(match.pk) is None


def test_a_computer_move_computed_for_an_old_version_is_dropped(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    turn = services.computer_turn(scripted_match.pk)
    assert turn is not None
    assert turn.seat == 1
    assert turn.version == 0
    assert turn.view.seat == 1
    assert "AC" in turn.view.hand
    computer_plays(scripted_match, "pass")

    with pytest.raises(services.MoveRejected) as refused:
        services.submit_move(scripted_match.pk, "pass", turn.version, computer_seat=turn.seat)
    assert refused.value.status == 409
    assert Round.objects.get(match=scripted_match).actions == ["pass"]


def test_a_computer_only_ever_gets_its_own_observation(scripted_match: Match) -> None:
    turn = services.computer_turn(scripted_match.pk)
    assert turn is not None
    assert set(turn.view.hand) == {"9S", "JS", "AC", "TC", "KC", "QC", "TD"}
    assert turn.view.musik is None
    assert turn.view.legal


def test_computers_play_until_it_is_alices_turn(alice: AbstractBaseUser) -> None:
    match = services.create_practice_match(
        alice, "thousand", Rules().to_dict(), "beginner", seed=11
    )
    for _ in range(400):
        play_computers(match)
        table = current(match)
        if table.match.is_finished or table.state.is_over:
            break
        assert table.state.to_move == 0
        legal = legal_actions(table.state)
        alice_moves(match, alice, "pass" if "pass" in legal else legal[0])
    table = current(match)
    assert table.state.is_over
    assert Seat.objects.filter(match=match, user=alice).count() == 1


def _play_out(match: Match, alice: AbstractBaseUser) -> None:
    table = current(match)
    while not table.state.is_over:
        action = legal_actions(table.state)[0]
        if table.state.to_move == 0:
            alice_moves(match, alice, action)
        else:
            computer_plays(match, action)
        table = current(match)


def test_resigning_ends_the_match_at_once_whatever_version_and_keeps_the_hand(
    alice: AbstractBaseUser, scripted_match: Match
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    assert current(scripted_match).match.version == 2

    services.resign(scripted_match.pk, user=alice)

    table = current(scripted_match)
    assert table.match.status == Match.Status.RESIGNED
    assert table.match.is_finished
    assert (table.match.resigned_by, table.match.winner, table.match.version) == (0, None, 3)
    assert table.match.scores == [0, 0, 0]
    hand = Round.objects.get(match=scripted_match)
    assert (hand.status, hand.actions) == (Round.Status.PLAYING, ["pass", "bid:110"])
    assert table.state.to_move == 0
    assert table.to_move is None
    assert services.computer_turn(scripted_match.pk) is None
    with pytest.raises(services.MoveRejected) as refused:
        services.submit_move(scripted_match.pk, "pass", 3, user=alice)
    assert (refused.value.reason, str(refused.value.message)) == (
        "match_over",
        "This match is over.",
    )
    with pytest.raises(services.MoveRejected) as refused:
        services.resign(scripted_match.pk, user=alice)
    assert refused.value.reason == "match_over"
    assert current(scripted_match).match.version == 3


def test_resign_is_not_a_move_of_the_game(scripted_match: Match) -> None:
    with pytest.raises(services.MoveRejected) as refused:
        services.submit_move(scripted_match.pk, "resign", 0, computer_seat=1)
    assert refused.value.reason == "illegal"
    table = current(scripted_match)
    assert (table.match.status, table.match.version) == (Match.Status.PLAYING, 0)
