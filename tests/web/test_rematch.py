"""A rematch at a finished friends' table: a new table with the same game, options and clock,
every seat turned by one, the others invited for two minutes; a second "Rematch" joins the
same offer; the host fills the seats of those who declined with computers."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import AbstractBaseUser, User
from django.urls import reverse
from django.utils import timezone

from games import invitations, services
from games.invitations import accept, decline, pending
from games.models import Invitation, Match, Seat
from games.rematch import REMATCH_SECONDS, offer_rematch

from .conftest import make_user
from .test_friends_tables import client_of, refusal

pytestmark = pytest.mark.django_db

OPTIONS = {"target": 500, "bid_step": 5}


@pytest.fixture
def carol(db: None) -> AbstractBaseUser:
    return make_user("carol")


def finished_table(*people: User, computer: bool = False) -> Match:
    """A friends' table of ``people`` (and a computer if ``computer``), played to its end."""
    players = len(people) + (1 if computer else 0)
    match = services.create_friends_table(
        people[0], "thousand", OPTIONS, players, turn_seconds=120, seed=5
    )
    for person in people[1:]:
        services.join_table(match.pk, person)
    if computer:
        services.fill_with_computers(match.pk, "expert", user=people[0])
    services.start_table(match.pk, user=people[0])
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, winner=0)
    return Match.objects.get(pk=match.pk)


def seats_of(match: Match) -> list[tuple[int | None, str]]:
    return [(seat.user_id, seat.computer_level) for seat in Seat.objects.filter(match=match)]


def test_a_rematch_turns_the_seats_by_one_with_the_same_options(
    alice: User, bob: User, carol: User
) -> None:
    old = finished_table(alice, bob, carol)
    new = offer_rematch(old.pk, user=bob)

    assert new.rematch_of_id == old.pk
    assert (new.game, new.mode, new.status) == (
        "thousand",
        Match.Mode.FRIENDS,
        Match.Status.WAITING,
    )
    assert new.options == old.options
    assert new.turn_seconds == 120
    assert new.owner_id == bob.pk
    assert not new.listed
    assert len(new.code or "") == 6
    # Seat 0 (alice) → 1, seat 1 (bob) → 2, seat 2 (carol) → 0; bob, who offered it, is seated.
    assert seats_of(new) == [(None, ""), (None, ""), (bob.pk, "")]
    offered = {i.user_id: (i.seat, i.by_id) for i in Invitation.objects.filter(match=new)}
    assert offered == {alice.pk: (1, bob.pk), carol.pk: (0, bob.pk)}
    assert [shown.rematch for shown in pending(alice)] == [True]


def test_a_watchable_table_s_rematch_is_watchable_by_a_link_of_its_own(
    alice: User, bob: User, carol: User
) -> None:
    old = finished_table(alice, bob, carol)
    assert offer_rematch(old.pk, user=alice).watch_token is None
    Match.objects.filter(rematch_of=old).delete()
    Match.objects.filter(pk=old.pk).update(watch_token="old-link")
    new = offer_rematch(old.pk, user=alice)
    assert new.watch_token not in (None, "old-link")
    assert len(new.watch_token or "") >= 16


def test_the_new_table_s_waiting_room_says_whose_seat_is_kept(
    alice: User, bob: User, carol: User
) -> None:
    old = finished_table(alice, bob, carol)
    new = offer_rematch(old.pk, user=bob)
    page = client_of(bob).get(reverse("match_table", args=[new.pk])).content.decode()
    kept = re.findall(
        r'data-seat="(\d)">\s*<span class="player-name">([^<]*)</span>\s*'
        r'(?:<span class="muted kept-for">([^<]*)</span>)?',
        page,
    )
    assert sorted(kept) == [
        ("0", "Open seat", "kept for carol"),
        ("1", "Open seat", "kept for alice"),
        ("2", "You", ""),
    ]
    assert "Invited, not answered yet: alice, carol" in page
    decline(Invitation.objects.get(match=new, user=carol).pk, user=carol)
    page = client_of(bob).get(reverse("match_table", args=[new.pk])).content.decode()
    assert "kept for carol" not in page
    assert "kept for alice" in page


def test_a_kept_seat_is_not_taken_by_someone_joining_by_the_code(
    alice: User, bob: User, carol: User
) -> None:
    old = finished_table(alice, bob, carol)
    new = offer_rematch(old.pk, user=bob)
    dave = make_user("dave")
    refused = refusal(services.join_table, new.pk, dave)
    assert refused == "table_full"
    assert seats_of(new) == [(None, ""), (None, ""), (bob.pk, "")]
    decline(Invitation.objects.get(match=new, user=carol).pk, user=carol)
    services.join_table(new.pk, dave)
    assert seats_of(new) == [(dave.pk, ""), (None, ""), (bob.pk, "")]
    accept(Invitation.objects.get(match=new, user=alice).pk, user=alice)
    assert seats_of(new) == [(dave.pk, ""), (alice.pk, ""), (bob.pk, "")]


def test_computers_keep_their_level_in_the_turned_seat(alice: User, bob: User) -> None:
    old = finished_table(alice, bob, computer=True)
    new = offer_rematch(old.pk, user=alice)
    assert seats_of(new) == [(None, "expert"), (alice.pk, ""), (None, "")]


def test_those_who_accept_sit_in_their_turned_seat(alice: User, bob: User, carol: User) -> None:
    old = finished_table(alice, bob, carol)
    new = offer_rematch(old.pk, user=bob)
    accept(Invitation.objects.get(user=carol).pk, user=carol)
    accept(Invitation.objects.get(user=alice).pk, user=alice)
    assert seats_of(new) == [(carol.pk, ""), (alice.pk, ""), (bob.pk, "")]
    assert not Invitation.objects.exists()


def test_a_second_rematch_joins_the_offer(alice: User, bob: User, carol: User) -> None:
    old = finished_table(alice, bob, carol)
    new = offer_rematch(old.pk, user=bob)
    answer = client_of(alice).post(reverse("match_rematch", args=[old.pk]))
    assert (answer.status_code, answer["Location"]) == (
        302,
        reverse("match_table", args=[new.pk]),
    )
    assert Match.objects.filter(rematch_of=old).count() == 1
    assert seats_of(new) == [(None, ""), (alice.pk, ""), (bob.pk, "")]
    assert offer_rematch(old.pk, user=bob).pk == new.pk
    assert list(Invitation.objects.values_list("user", flat=True)) == [carol.pk]


def test_the_host_fills_a_declined_seat_with_a_computer_and_starts(
    alice: User, bob: User, carol: User
) -> None:
    old = finished_table(alice, bob, carol)
    new = offer_rematch(old.pk, user=alice)
    accept(Invitation.objects.get(user=bob).pk, user=bob)
    decline(Invitation.objects.get(user=carol).pk, user=carol)
    services.fill_with_computers(new.pk, "normal", user=alice)
    services.start_table(new.pk, user=alice)
    assert seats_of(new) == [(None, "normal"), (alice.pk, ""), (bob.pk, "")]
    assert Match.objects.get(pk=new.pk).status == Match.Status.PLAYING


def test_a_rematch_invitation_expires_after_two_minutes(
    alice: User, bob: User, carol: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = finished_table(alice, bob, carol)
    new = offer_rematch(old.pk, user=alice)
    invitation = Invitation.objects.get(user=bob)
    now = timezone.now()
    monkeypatch.setattr(invitations.timezone, "now", lambda: now + timedelta(seconds=119))
    assert len(pending(bob)) == 1
    monkeypatch.setattr(
        invitations.timezone, "now", lambda: now + timedelta(seconds=REMATCH_SECONDS)
    )
    assert pending(bob) == []
    assert refusal(accept, invitation.pk, user=bob) == "expired"
    assert seats_of(new) == [(None, ""), (alice.pk, ""), (None, "")]


def test_a_rematch_invitation_expires_when_its_seat_is_filled(
    alice: User, bob: User, carol: User
) -> None:
    old = finished_table(alice, bob, carol)
    new = offer_rematch(old.pk, user=alice)
    services.fill_with_computers(new.pk, "normal", user=alice)
    answer = client_of(bob).post(
        reverse("invitation_accept", args=[Invitation.objects.get(user=bob).pk])
    )
    assert answer.status_code == 410
    assert 'data-reason="expired"' in answer.content.decode()
    assert seats_of(new) == [(None, "normal"), (alice.pk, ""), (None, "normal")]


def test_no_rematch_before_the_end_nor_for_strangers(alice: User, bob: User, carol: User) -> None:
    old = finished_table(alice, bob, computer=True)
    Match.objects.filter(pk=old.pk).update(status=Match.Status.PLAYING)
    assert refusal(offer_rematch, old.pk, user=alice) == "not_over"
    Match.objects.filter(pk=old.pk).update(status=Match.Status.FINISHED)
    assert client_of(carol).post(reverse("match_rematch", args=[old.pk])).status_code == 404
    assert refusal(offer_rematch, old.pk, user=carol) == "not_found"
    assert not Match.objects.filter(rematch_of=old).exists()


def test_the_finished_table_offers_the_rematch_then_leads_to_it(
    alice: User, bob: User, carol: User
) -> None:
    old = finished_table(alice, bob, carol)
    table = reverse("match_table", args=[old.pk])
    assert 'id="rematch-offer-button"' in client_of(carol).get(table).content.decode()
    new = offer_rematch(old.pk, user=bob)
    assert (
        f'href="{reverse("match_table", args=[new.pk])}"'
        in client_of(bob).get(table).content.decode()
    )
    page = client_of(carol).get(table).content.decode()
    assert 'id="rematch-accept"' in page
    assert "bob offers a rematch." in page


def test_a_finished_rummy_table_offers_the_rematch_too(alice: User, bob: User) -> None:
    old = services.create_friends_table(alice, "rummy", {}, 2, seed=3)
    services.join_table(old.pk, bob)
    services.start_table(old.pk, user=alice)
    Match.objects.filter(pk=old.pk).update(status=Match.Status.FINISHED, winner=1)
    table = reverse("match_table", args=[old.pk])
    assert 'id="rematch-offer-button"' in client_of(alice).get(table).content.decode()
    answer = client_of(bob).post(reverse("match_rematch", args=[old.pk]))
    new = Match.objects.get(rematch_of=old)
    assert answer["Location"] == reverse("match_table", args=[new.pk])
    assert (new.game, new.options) == ("rummy", Match.objects.get(pk=old.pk).options)
    assert seats_of(new) == [(bob.pk, ""), (None, "")]
    assert 'id="rematch-accept"' in client_of(alice).get(table).content.decode()
