"""Staff moderation: only staff reach it (others get a 404, visitors the sign-in); suspending
(no sign-in, out of the rankings) and lifting; a forced display-name change; voiding a match;
reports; the append-only log; the removal of stale guests."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.admin.sites import site
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.management import call_command
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone

from accounts.guests import create_guest
from games import services
from games.core import push
from games.history import moderation
from games.models import AppendOnlyError, Match, MatchResult, ModerationAction, Report, Seat

from .conftest import bobs_table_won_by_bob, practice, won_match

STAFF_PAGES = (
    ("staff_users", []),
    ("staff_reports", []),
    ("staff_log", []),
)


@pytest.mark.parametrize(("name", "args"), STAFF_PAGES)
def test_only_staff_reach_the_staff_pages(
    name: str, args: list[Any], alice_client: Client, carol_client: Client
) -> None:
    url = reverse(name, args=args)
    assert alice_client.get(url).status_code == 404
    visitor = Client().get(url)
    assert visitor.status_code == 302
    assert visitor["Location"].startswith(reverse("account_login"))
    assert carol_client.get(url).status_code == 200


def test_ordinary_users_cannot_act_as_staff(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    match = won_match(bob)
    for name, args in (
        ("staff_user", [bob.pk]),
        ("staff_suspend", [bob.pk]),
        ("staff_rename", [bob.pk]),
        ("staff_void", [match.pk]),
    ):
        method = alice_client.get if name == "staff_user" else alice_client.post
        assert method(reverse(name, args=args), {"reason": "because"}).status_code == 404
    bob.refresh_from_db()
    assert bob.is_active
    assert not Match.objects.get(pk=match.pk).is_void
    assert not ModerationAction.objects.exists()


def test_staff_search_users_and_see_their_matches_and_statistics(
    alice: AbstractBaseUser, carol_client: Client
) -> None:
    won_match(alice)
    found = carol_client.get(reverse("staff_users"), {"q": "ali"})
    assert [person.username for person in found.context["page"].object_list] == ["alice"]
    detail = carol_client.get(reverse("staff_user", args=[alice.pk]))
    assert len(detail.context["rows"]) == 1
    assert dict(detail.context["statistics"][0].overall)["Matches won"] == "1"


def test_a_suspended_user_cannot_sign_in_until_lifted(
    carol: AbstractBaseUser, carol_client: Client
) -> None:
    dora = get_user_model().objects.create_user(username="dora", password="a-long-passphrase")
    signed_in = Client()
    signed_in.force_login(dora)
    refused = carol_client.post(reverse("staff_suspend", args=[dora.pk]), {"reason": ""})
    assert refused.status_code == 302
    dora.refresh_from_db()
    assert dora.is_active  # no reason, no suspension
    carol_client.post(reverse("staff_suspend", args=[dora.pk]), {"reason": "abusive chat"})
    dora.refresh_from_db()
    assert not dora.is_active
    attempt = Client().post(
        reverse("account_login"), {"login": "dora", "password": "a-long-passphrase"}
    )
    assert attempt.status_code == 302
    assert attempt["Location"] == reverse("account_inactive")
    assert signed_in.get(reverse("my_matches")).status_code == 302  # the old session ended
    carol_client.post(reverse("staff_lift", args=[dora.pk]), {"reason": "apologised"})
    dora.refresh_from_db()
    assert dora.is_active
    kinds = list(ModerationAction.objects.order_by("pk").values_list("kind", "reason"))
    assert kinds == [("suspend", "abusive chat"), ("lift", "apologised")]
    assert ModerationAction.objects.first().staff == carol


def test_staff_force_a_display_name_change(alice: AbstractBaseUser, carol_client: Client) -> None:
    alice.profile.display_name = "Rude Name"
    alice.profile.save()
    carol_client.post(reverse("staff_rename", args=[alice.pk]), {"reason": "offensive"})
    alice.profile.refresh_from_db()
    assert alice.profile.display_name.startswith("Player ")
    action = ModerationAction.objects.get()
    assert action.details == {"old": "Rude Name", "new": alice.profile.display_name}


def test_staff_void_a_match_with_a_reason(
    alice: AbstractBaseUser, alice_client: Client, carol_client: Client
) -> None:
    match = won_match(alice)
    carol_client.post(reverse("staff_void", args=[match.pk]), {"reason": "bug in scoring"})
    match.refresh_from_db()
    assert match.is_void
    assert match.void_reason == "bug in scoring"
    assert MatchResult.objects.get(match=match).void
    page = alice_client.get(reverse("match_history", args=[match.pk])).content.decode()
    assert "Staff voided this match" in page
    again = moderation.ModerationError
    with pytest.raises(again, match="already void"):
        moderation.void_match(match.owner, match.pk, "twice")


def test_the_moderation_log_is_append_only(carol: AbstractBaseUser) -> None:
    alice = get_user_model().objects.create_user(username="alice")
    moderation.suspend(carol, alice, "spam")
    action = ModerationAction.objects.get()
    action.reason = "changed"
    with pytest.raises(AppendOnlyError):
        action.save()
    with pytest.raises(AppendOnlyError):
        action.delete()
    assert ModerationAction.objects.get().reason == "spam"
    request = RequestFactory().get("/")
    request.user = carol
    carol.is_superuser = True
    admin = site._registry[ModerationAction]
    assert not admin.has_change_permission(request, action)
    assert not admin.has_delete_permission(request, action)
    assert not admin.has_add_permission(request)


def test_the_staff_log_lists_every_action(carol: AbstractBaseUser, carol_client: Client) -> None:
    alice = get_user_model().objects.create_user(username="alice")
    moderation.suspend(carol, alice, "spam")
    moderation.lift(carol, alice, "appeal")
    page = carol_client.get(reverse("staff_log")).content.decode()
    assert page.index("appeal") < page.index("spam")


def test_players_report_a_name_or_conduct_and_staff_close_reports(
    alice: AbstractBaseUser,
    bob: AbstractBaseUser,
    alice_client: Client,
    carol_client: Client,
) -> None:
    at_bobs = bobs_table_won_by_bob(bob, alice)
    url = reverse("report_player", args=[bob.pk])
    alone = practice(alice)
    refused = alice_client.post(url, {"kind": "conduct", "match": alone.pk, "text": "rude"})
    assert refused.status_code == 400
    assert "where you both played" in refused.content.decode()
    assert (
        alice_client.post(url, {"kind": "conduct", "match": at_bobs.pk, "text": "rude"}).status_code
        == 302
    )
    assert alice_client.post(url, {"kind": "name"}).status_code == 302
    mine = alice_client.post(reverse("report_player", args=[alice.pk]), {"kind": "name"})
    assert "You cannot report yourself." in mine.content.decode()
    reports = carol_client.get(reverse("staff_reports"))
    assert [report.kind for report in reports.context["open"]] == ["conduct", "name"]
    conduct = Report.objects.get(kind="conduct")
    assert conduct.match == at_bobs
    carol_client.post(
        reverse("staff_close_report", args=[conduct.pk]),
        {"status": "dismissed", "reason": "friendly banter"},
    )
    conduct.refresh_from_db()
    assert conduct.status == "dismissed"
    assert ModerationAction.objects.get().details == {"report": conduct.pk, "status": "dismissed"}
    assert alice_client.get(reverse("staff_reports")).status_code == 404


def age(user: AbstractBaseUser, days: int) -> None:
    then = timezone.now() - timedelta(days=days)
    get_user_model().objects.filter(pk=user.pk).update(date_joined=then, last_login=then)
    Match.objects.filter(seats__user=user).update(updated=then)


def test_stale_guests_are_removed_and_their_shared_matches_stay(
    alice: AbstractBaseUser, settings: Any
) -> None:
    settings.GUEST_RETENTION_DAYS = 30
    stale, recent = create_guest(), create_guest()
    saved = get_user_model().objects.create_user(username="saved")
    shared = bobs_table_won_by_bob(stale, alice)  # the stale guest made and won the table
    alone = won_match(stale)
    for user, days in ((stale, 31), (recent, 29), (saved, 400)):
        age(user, days)
    call_command("remove_stale_guests")
    assert not get_user_model().objects.filter(pk=stale.pk).exists()
    assert get_user_model().objects.filter(pk__in=[recent.pk, saved.pk]).count() == 2
    assert not Match.objects.filter(pk=alone.pk).exists()
    kept = Match.objects.get(pk=shared.pk)
    assert kept.owner == alice
    seat = Seat.objects.get(match=kept, number=0)
    assert (seat.user, seat.former_guest) == (None, True)
    assert MatchResult.objects.get(match=kept).user == alice
    page = Client()
    page.force_login(alice)
    listed = page.get(reverse("my_matches")).context["rows"][0]
    assert listed.opponents[0] == "a former player"
    assert ModerationAction.objects.get().details == {"removed": 1}
    call_command("remove_stale_guests")  # safe to run again: nothing more to do
    assert ModerationAction.objects.count() == 1


def test_a_removed_guests_seat_at_a_table_in_progress_changes_it_like_any_move(
    alice: AbstractBaseUser,
    settings: Any,
    runner_requests: list[int],
    django_capture_on_commit_callbacks: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The seat goes to a computer through the service path: the match's lock and version,
    a notice to the table, the computers asked to play, the kept table replaced."""
    settings.GUEST_RETENTION_DAYS = 30
    stale = create_guest()
    table = services.create_friends_table(stale, "thousand", {}, 3, computers={2: "normal"})
    services.join_table(table.pk, alice)
    services.start_table(table.pk, user=stale)
    before = Match.objects.get(pk=table.pk)
    sent: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(push, "send_to_group", lambda group, event: sent.append((group, event)))
    runner_requests.clear()
    age(stale, 31)

    with django_capture_on_commit_callbacks(execute=True):
        call_command("remove_stale_guests")

    after = Match.objects.get(pk=table.pk)
    assert after.version == before.version + 1
    assert after.owner == alice
    seat = Seat.objects.get(match=after, number=0)
    assert (seat.user, seat.former_guest, seat.computer_level) == (None, True, "normal")
    assert [(group, event["type"], event["version"]) for group, event in sent] == [
        (services.group_name(table.pk), "match.updated", after.version)
    ]
    assert runner_requests == [table.pk]
    kept = services.committed_table(table.pk, services.stamp_of(after))
    assert kept is not None
    assert kept.seats[0].played_by_computer
