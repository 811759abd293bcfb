"""Invitations by display name to a friends' table: made from the waiting room, shown on every
page of the invited person, accepted (the free seat taken) or declined; each refusal by its
reason code with nothing saved; an invitation expires with its table."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import AbstractBaseUser, User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts.guests import create_guest
from games import services
from games.invitations import accept, decline, invite_by_name, pending
from games.models import Invitation, Match, Seat

from .conftest import make_user
from .test_friends_tables import client_of, refusal, started_table, waiting_table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_invitations_counted_yet() -> Iterator[None]:
    """The limit on invitations counts in the cache: each test starts from none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def carol(db: None) -> AbstractBaseUser:
    return make_user("carol")


def seated(match: Match) -> list[int | None]:
    return list(Seat.objects.filter(match=match).order_by("number").values_list("user", flat=True))


def invite(client: Client, match: Match, name: str) -> tuple[int, str]:
    """The waiting room's form: the answer's status and its reason code ("" when invited)."""
    answer = client.post(reverse("table_invite", args=[match.pk]), {"name": name})
    found = re.search(r'data-reason="([a-z_]+)"', answer.content.decode())
    return answer.status_code, found.group(1) if found else ""


def test_a_person_invited_by_name_sees_it_on_any_page_and_takes_the_seat(
    alice: User, bob: User
) -> None:
    match = waiting_table(alice)
    status, reason = invite(client_of(alice), match, "  BOB ")
    assert (status, reason) == (200, "")
    invitation = Invitation.objects.get(match=match)
    assert (invitation.user_id, invitation.by_id, invitation.seat) == (bob.pk, alice.pk, None)

    assert [(shown.pk, shown.by, shown.game, shown.rematch) for shown in pending(bob)] == [
        (invitation.pk, "alice", "Thousand", False)
    ]
    bob_client = client_of(bob)

    answer = bob_client.post(reverse("invitation_accept", args=[invitation.pk]))
    assert answer.status_code == 302
    assert answer["Location"] == reverse("match_table", args=[match.pk])
    assert seated(match) == [alice.pk, bob.pk, None]
    assert not Invitation.objects.exists()
    assert pending(bob) == []


def test_a_declined_invitation_is_gone_and_the_seat_stays_open(alice: User, bob: User) -> None:
    match = waiting_table(alice)
    invitation = invite_by_name(match.pk, "bob", user=alice)
    answer = client_of(bob).post(
        reverse("invitation_decline", args=[invitation.pk]), {"next": reverse("rankings")}
    )
    assert (answer.status_code, answer["Location"]) == (302, reverse("rankings"))
    assert not Invitation.objects.exists()
    assert seated(match) == [alice.pk, None, None]
    assert pending(bob) == []


@pytest.mark.parametrize(
    ("name", "reason", "status"),
    [
        ("nobody", "unknown_person", 400),
        ("", "unknown_person", 400),
        ("bo\x00b", "unknown_person", 400),
        ("alice", "yourself", 400),
        ("carol", "already_seated", 409),
    ],
)
def test_an_invitation_refused_by_name_saves_nothing(
    alice: User, carol: User, name: str, reason: str, status: int
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, carol)
    assert invite(client_of(alice), match, name) == (status, reason)
    assert not Invitation.objects.exists()
    assert seated(match) == [alice.pk, carol.pk, None]


def test_a_guest_has_no_page_to_be_invited_by(alice: User) -> None:
    guest = create_guest()
    match = waiting_table(alice)
    assert invite(client_of(alice), match, guest.profile.display_name) == (400, "guest")
    assert not Invitation.objects.exists()


def test_a_full_or_started_table_invites_nobody(alice: User, bob: User, carol: User) -> None:
    full = waiting_table(alice)
    services.fill_with_computers(full.pk, "normal", user=alice)
    assert invite(client_of(alice), full, "bob") == (409, "table_full")
    started = started_table(alice, carol)
    assert invite(client_of(alice), started, "bob") == (409, "not_waiting")
    assert not Invitation.objects.exists()


def test_the_same_person_is_invited_once_and_a_removed_one_not_at_all(
    alice: User, bob: User, carol: User
) -> None:
    match = waiting_table(alice)
    invite_by_name(match.pk, "bob", user=alice)
    assert invite(client_of(alice), match, "bob") == (409, "already_invited")
    services.join_table(match.pk, carol)
    services.free_seat(match.pk, 1, user=alice)
    assert invite(client_of(alice), match, "carol") == (403, "removed")
    assert list(Invitation.objects.values_list("user", flat=True)) == [bob.pk]


def test_someone_not_at_the_table_cannot_invite(alice: User, bob: User, carol: User) -> None:
    match = waiting_table(alice)
    answer = client_of(carol).post(reverse("table_invite", args=[match.pk]), {"name": "bob"})
    assert answer.status_code == 404
    assert reason_of(lambda: invite_by_name(match.pk, "bob", user=carol)) == "not_found"
    assert not Invitation.objects.exists()


def reason_of(call: object) -> str:
    return refusal(call)


def test_nobody_answers_someone_elses_invitation(alice: User, bob: User, carol: User) -> None:
    match = waiting_table(alice)
    invitation = invite_by_name(match.pk, "bob", user=alice)
    carol_client = client_of(carol)
    for action in ("invitation_accept", "invitation_decline"):
        answer = carol_client.post(reverse(action, args=[invitation.pk]))
        assert answer.status_code == 403
        assert 'data-reason="not_yours"' in answer.content.decode()
    assert Invitation.objects.get().pk == invitation.pk
    assert seated(match) == [alice.pk, None, None]


@pytest.mark.parametrize("how", ["full", "started", "closed", "finished"])
def test_an_invitation_expires_with_its_table(
    alice: User, bob: User, carol: User, how: str
) -> None:
    match = waiting_table(alice)
    invitation = invite_by_name(match.pk, "bob", user=alice)
    if how in ("full", "started"):
        services.fill_with_computers(match.pk, "normal", user=alice)
    if how == "started":
        services.start_table(match.pk, user=alice)
    if how == "closed":
        services.leave_waiting_table(match.pk, user=alice)
    if how == "finished":
        Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    before = seated(match) if how != "closed" else []
    assert pending(bob) == []
    answer = client_of(bob).post(reverse("invitation_accept", args=[invitation.pk]))
    assert answer.status_code == 410
    assert 'data-reason="expired"' in answer.content.decode()
    assert "This invitation has expired." in answer.content.decode()
    assert (seated(match) if how != "closed" else []) == before
    assert reason_of(lambda: accept(invitation.pk, user=bob)) == "expired"


def test_a_declined_invitation_cannot_be_accepted_after(alice: User, bob: User) -> None:
    match = waiting_table(alice)
    invitation = invite_by_name(match.pk, "bob", user=alice)
    decline(invitation.pk, user=bob)
    assert reason_of(lambda: accept(invitation.pk, user=bob)) == "expired"
    assert seated(match) == [alice.pk, None, None]


def test_the_waiting_room_names_those_invited_and_offers_the_link(alice: User, bob: User) -> None:
    match = waiting_table(alice)
    invite_by_name(match.pk, "bob", user=alice)
    page = client_of(alice).get(reverse("match_table", args=[match.pk])).content.decode()
    assert re.search(r'id="invited">[^<]*bob</p>', page)
    assert f'data-link="http://testserver/t/{match.code}/"' in page
    assert 'id="invite-name"' in page


def test_declining_goes_back_to_the_page_it_was_on_and_never_off_the_site(
    alice: User, bob: User
) -> None:
    match = waiting_table(alice)
    bob_client = client_of(bob)
    here = invite_by_name(match.pk, "bob", user=alice)
    answer = bob_client.post(
        reverse("invitation_decline", args=[here.pk]),
        HTTP_REFERER="http://testserver/ranking/",
    )
    assert answer["Location"] == "http://testserver/ranking/"
    away = invite_by_name(match.pk, "bob", user=alice)
    answer = bob_client.post(
        reverse("invitation_decline", args=[away.pk]),
        HTTP_REFERER="https://elsewhere.example/",
    )
    assert answer["Location"] == reverse("lobby")
    assert not Invitation.objects.exists()


def test_invitations_are_limited_per_person(alice: User, bob: User) -> None:
    match = waiting_table(alice)
    host = client_of(alice)
    for number in range(20):
        assert invite(host, match, f"nobody {number}") == (400, "unknown_person")
    assert invite(host, match, "bob") == (429, "too_many")
    assert not Invitation.objects.exists()
