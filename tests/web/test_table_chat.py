"""Table chat at friends' tables: people seated there say short messages and quick phrases,
live to every seat; each refusal by its reason code with nothing saved; mutes per viewer;
reports reach the staff, who may hide a message for everyone (in the audit log); the chat is
kept with the match, escaped everywhere, and goes with its author's account."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.own_data import delete_account, export
from games import services
from games.chat import chat_frame
from games.core import chat
from games.models import ChatMessage, ChatMute, Match, ModerationAction, Report

from .conftest import current, make_user
from .hidden import hidden_cards_shown
from .test_consumers import session_cookie
from .test_friends_tables import client_of, refusal, started_table
from .test_host_tools import frame_with, socket_of

pytestmark = pytest.mark.django_db

MARKUP = '<script>alert("x")</script><a href="https://evil.example">click</a>'
ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;a href=&quot;https://evil.example&quot;&gt;"


@pytest.fixture
def carol(db: None) -> AbstractBaseUser:
    return make_user("carol")


@pytest.fixture
def table(alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser) -> Match:
    return started_table(alice, bob, carol)


def saved() -> list[tuple[int, str, str]]:
    return list(ChatMessage.objects.order_by("pk").values_list("author_id", "text", "phrase"))


def over(match: Match) -> None:
    """The match ends (as far as its pages are concerned): its replays open."""
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)


def chat_url(match: Match, what: str = "") -> str:
    return reverse(f"chat_{what or 'post'}", args=[match.pk])


def post(client: Client, match: Match, what: str = "", **data: object) -> tuple[int, str]:
    answer = client.post(chat_url(match, what), data, HTTP_HX_REQUEST="true")
    return answer.status_code, answer.content.decode()


# -- saying things ------------------------------------------------------------------------------


def test_a_seated_person_says_a_message_and_a_quick_phrase(
    table: Match, alice: AbstractBaseUser
) -> None:
    chat.post_message(table.pk, alice, text="  hello, friends  ")
    chat.post_message(table.pk, alice, phrase="gg")
    assert saved() == [(alice.pk, "hello, friends", ""), (alice.pk, "", "gg")]
    lines = chat.lines_of(table.pk, None)
    assert [(line.name, line.text, line.phrase) for line in lines] == [
        ("alice", "hello, friends", False),
        ("alice", "Good game", True),
    ]


def test_a_message_of_exactly_300_characters_is_said(table: Match, alice: AbstractBaseUser) -> None:
    chat.post_message(table.pk, alice, text="x" * 300)
    assert saved() == [(alice.pk, "x" * 300, "")]


@pytest.mark.parametrize(
    ("data", "reason", "status", "says"),
    [
        (
            {"text": "x" * 301},
            "too_long",
            400,
            "A message has at most 300 characters; this one has 301.",
        ),
        ({"text": "   "}, "empty", 400, "Write a message first."),
        ({"text": ""}, "empty", 400, "Write a message first."),
        ({"phrase": "hello"}, "malformed", 400, "There is no such quick phrase."),
        ({"text": "hi\x00"}, "malformed", 400, "A message cannot hold that character."),
    ],
)
def test_a_bad_message_is_refused_by_its_reason_and_nothing_is_saved(
    table: Match, alice: AbstractBaseUser, data: dict[str, str], reason: str, status: int, says: str
) -> None:
    assert refusal(chat.post_message, table.pk, alice, **data) == reason
    code, shown = post(client_of(alice), table, **data)
    assert code == status
    assert f'data-reason="{reason}"' in shown
    assert says in shown
    assert saved() == []


def test_a_person_not_at_the_table_cannot_post_nor_read(
    table: Match, alice: AbstractBaseUser
) -> None:
    chat.post_message(table.pk, alice, text="secret plans")
    stranger = make_user("stranger")
    assert refusal(chat.post_message, table.pk, stranger, text="hi") == "not_at_table"
    code, shown = post(client_of(stranger), table, text="hi")
    assert code == 403
    assert 'data-reason="not_at_table"' in shown
    assert "secret plans" not in shown
    assert saved() == [(alice.pk, "secret plans", "")]
    assert chat_frame(table.pk, stranger, "") == ""
    page = client_of(stranger).get(reverse("match_table", args=[table.pk]))
    assert page.status_code == 404


@pytest.mark.parametrize(
    ("what", "data"),
    [("mute", {"person": "x"}), ("unmute", {"person": "²"}), ("report", {"message": ""})],
)
def test_a_malformed_post_by_a_stranger_shows_no_chat_either(
    table: Match, alice: AbstractBaseUser, what: str, data: dict[str, str]
) -> None:
    """Whatever is refused, a person not at the table is answered without the table's chat
    (a bad number is refused before the seat is looked at); a superscript digit is no number."""
    chat.post_message(table.pk, alice, text="secret plans")
    code, shown = post(client_of(make_user("stranger")), table, what, **data)
    assert code == 400
    assert 'data-reason="malformed"' in shown
    assert "secret plans" not in shown
    code, shown = post(client_of(alice), table, what, **data)
    assert (code, 'data-reason="malformed"' in shown, "secret plans" in shown) == (400, True, True)


def test_a_person_who_left_the_table_has_no_chat(
    table: Match, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    services.resign(table.pk, user=bob)
    assert refusal(chat.post_message, table.pk, bob, text="bye") == "not_at_table"
    assert chat_frame(table.pk, bob, "") == ""
    page = client_of(bob).get(reverse("match_table", args=[table.pk])).content.decode()
    assert 'id="chat"' not in page
    assert saved() == []
    # Nor through the match's page while the others play on (the record once it is over).
    chat.post_message(table.pk, alice, text="now that bob is gone")
    assert Match.objects.get(pk=table.pk).status == Match.Status.PLAYING
    history = client_of(bob).get(reverse("match_history", args=[table.pk])).content.decode()
    assert "now that bob is gone" not in history
    over(table)
    history = client_of(bob).get(reverse("match_history", args=[table.pk])).content.decode()
    assert "now that bob is gone" in history


def test_a_practice_match_has_no_chat(scripted_match: Match, alice: AbstractBaseUser) -> None:
    match = scripted_match
    assert refusal(chat.post_message, match.pk, alice, text="hi") == "no_chat"
    code, _shown = post(client_of(alice), match, text="hi")
    assert code == 400
    page = client_of(alice).get(reverse("match_table", args=[match.pk])).content.decode()
    assert 'id="chat"' not in page
    assert saved() == []


def test_the_sixth_message_in_ten_seconds_is_refused(
    table: Match, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    client = client_of(alice)
    for number in range(5):
        assert post(client, table, text=f"m{number}")[0] == 200
    code, shown = post(client, table, phrase="wp")
    assert code == 429
    assert 'data-reason="rate_limited"' in shown
    assert "You are sending messages too fast; wait a few seconds." in shown
    assert len(saved()) == 5
    # Another person is not held back; Alice may speak again once her messages are old.
    chat.post_message(table.pk, bob, text="calm down")
    ChatMessage.objects.filter(author=alice).update(created=timezone.now() - timedelta(seconds=11))
    chat.post_message(table.pk, alice, text="sorry")
    assert saved()[-2:] == [(bob.pk, "calm down", ""), (alice.pk, "sorry", "")]


def test_a_plain_form_post_comes_back_to_the_table(table: Match, alice: AbstractBaseUser) -> None:
    answer = client_of(alice).post(chat_url(table), {"text": "no js"})
    assert answer.status_code == 302
    assert answer.url == reverse("match_table", args=[table.pk])
    page = client_of(alice).get(answer.url).content.decode()
    assert '<span class="chat-text">no js</span>' in page


# -- escaping -----------------------------------------------------------------------------------


def test_markup_in_messages_and_names_is_escaped_on_every_page(
    table: Match, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    bob.profile.display_name = "<b>Bob</b>"
    bob.profile.save()
    chat.post_message(table.pk, bob, text=MARKUP)
    message = ChatMessage.objects.get()
    chat.report_message(table.pk, alice, message.pk)
    staff = make_user("staff")
    staff.is_staff = True
    staff.save()
    pages = [
        client_of(alice).get(reverse("match_table", args=[table.pk])).content.decode(),
        post(client_of(alice), table, text="and you?")[1],
        chat_frame(table.pk, alice, "token"),
    ]
    over(table)
    pages += [
        client_of(alice).get(reverse("match_history", args=[table.pk])).content.decode(),
        client_of(alice).get(reverse("match_replay", args=[table.pk, 1])).content.decode(),
        client_of(staff).get(reverse("staff_reports")).content.decode(),
    ]
    chat.hide_message(staff, message.pk, "<i>markup</i>")
    log = client_of(staff).get(reverse("staff_log")).content.decode()
    assert ESCAPED in log
    assert "&lt;i&gt;markup&lt;/i&gt;" in log
    assert MARKUP not in log
    for page in pages:
        assert ESCAPED in page
        assert "&lt;b&gt;Bob&lt;/b&gt;" in page
        assert MARKUP not in page
        assert "<b>Bob</b>" not in page
        assert 'href="https://evil.example"' not in page


# -- mutes, reports, hiding ---------------------------------------------------------------------


def test_a_person_mutes_another_for_themselves_and_unmutes(
    table: Match, alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    chat.post_message(table.pk, bob, text="spam spam")
    code, shown = post(client_of(alice), table, "mute", person=bob.pk)
    assert code == 200
    assert "spam spam" not in shown
    assert "You muted bob." in shown
    assert list(ChatMute.objects.values_list("viewer_id", "muted_id")) == [(alice.pk, bob.pk)]
    assert "spam spam" not in chat_frame(table.pk, alice, "")
    assert "spam spam" in chat_frame(table.pk, carol, "")
    assert refusal(chat.mute, table.pk, alice, alice.pk) == "malformed"
    assert refusal(chat.mute, table.pk, alice, make_user("elsewhere").pk) == "malformed"
    assert post(client_of(alice), table, "unmute", person=bob.pk)[0] == 200
    assert not ChatMute.objects.exists()
    assert "spam spam" in chat_frame(table.pk, alice, "")


def test_a_report_reaches_the_staff_with_the_text_author_and_match(
    table: Match, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    chat.post_message(table.pk, bob, text="you are all terrible")
    message = ChatMessage.objects.get()
    code, shown = post(client_of(alice), table, "report", message=message.pk)
    assert code == 200
    assert "Thank you: the staff will read this message." in shown
    report = Report.objects.get()
    assert (report.reporter_id, report.reported_id, report.kind, report.match_id) == (
        alice.pk,
        bob.pk,
        "chat",
        table.pk,
    )
    assert (report.text, report.chat_message_id, report.reported_name) == (
        "you are all terrible",
        message.pk,
        "bob",
    )
    # Reporting it again makes no second report; nor does one's own message make one.
    post(client_of(alice), table, "report", message=message.pk)
    assert refusal(chat.report_message, table.pk, bob, message.pk) == "malformed"
    assert Report.objects.count() == 1


def test_a_report_by_a_person_not_at_the_table_is_refused(
    table: Match, bob: AbstractBaseUser
) -> None:
    chat.post_message(table.pk, bob, text="hello")
    message = ChatMessage.objects.get()
    stranger = make_user("stranger")
    assert refusal(chat.report_message, table.pk, stranger, message.pk) == "not_at_table"
    code, shown = post(client_of(stranger), table, "report", message=message.pk)
    assert (code, 'data-reason="not_at_table"' in shown) == (403, True)
    assert not Report.objects.exists()


def test_staff_hide_a_message_for_everyone_in_the_audit_log(
    table: Match, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    chat.post_message(table.pk, bob, text="rude words")
    chat.post_message(table.pk, bob, text="kind words")
    message = ChatMessage.objects.get(text="rude words")
    chat.report_message(table.pk, alice, message.pk)
    staff = make_user("staff")
    staff.is_staff = True
    staff.save()
    reports_page = client_of(staff).get(reverse("staff_reports")).content.decode()
    assert "rude words" in reports_page
    assert reverse("staff_hide_chat", args=[message.pk]) in reports_page
    answer = client_of(staff).post(
        reverse("staff_hide_chat", args=[message.pk]), {"reason": "insults"}
    )
    assert answer.status_code == 302
    assert ChatMessage.objects.get(pk=message.pk).hidden_at is not None
    action = ModerationAction.objects.get()
    assert (action.kind, action.staff_id, action.target_user_id, action.target_match_id) == (
        "hide_chat",
        staff.pk,
        bob.pk,
        table.pk,
    )
    assert (action.reason, action.details) == (
        "insults",
        {"message": message.pk, "text": "rude words"},
    )
    for viewer in (alice, bob):
        assert "rude words" not in chat_frame(table.pk, viewer, "")
        assert "kind words" in chat_frame(table.pk, viewer, "")
    history = client_of(alice).get(reverse("match_history", args=[table.pk])).content.decode()
    assert ("rude words" in history, "kind words" in history) == (False, True)
    assert (
        "This chat message is hidden from everyone."
        in client_of(staff).get(reverse("staff_reports")).content.decode()
    )


def test_hiding_is_refused_to_a_person_not_staff_and_without_a_reason(
    table: Match, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    chat.post_message(table.pk, bob, text="rude words")
    message = ChatMessage.objects.get()
    assert refusal(chat.hide_message, alice, message.pk, "because") == "forbidden"
    answer = client_of(alice).post(
        reverse("staff_hide_chat", args=[message.pk]), {"reason": "because"}
    )
    assert answer.status_code == 404
    staff = make_user("staff")
    staff.is_staff = True
    staff.save()
    assert refusal(chat.hide_message, staff, message.pk, "  ") == "empty"
    assert ChatMessage.objects.get().hidden_at is None
    assert not ModerationAction.objects.exists()


# -- kept with the match, and with the person -------------------------------------------------


def test_the_chat_is_shown_with_the_match_to_its_players_only(
    table: Match, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    chat.post_message(table.pk, bob, text="well played all")
    over(table)
    for url in (
        reverse("match_history", args=[table.pk]),
        reverse("match_replay", args=[table.pk, 1]),
    ):
        assert "well played all" in client_of(alice).get(url).content.decode()
    Match.objects.filter(pk=table.pk).update(public=True, share_token="tok123")
    shared = Client().get(reverse("shared_match", args=["tok123"]))
    assert "well played all" not in shared.content.decode()


def test_ones_own_data_has_ones_chat_and_deleting_the_account_removes_it(
    table: Match, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    chat.post_message(table.pk, bob, text="my words")
    chat.post_message(table.pk, bob, phrase="brb")
    chat.post_message(table.pk, alice, text="hers")
    chat.mute(table.pk, bob, alice.pk)
    chat.mute(table.pk, alice, bob.pk)
    exported = export(bob)["chat_messages"]  # type: ignore[arg-type]
    assert [(row["match"], row["text"], row["phrase"], row["hidden"]) for row in exported] == [
        (table.pk, "my words", "", False),
        (table.pk, "", "brb", False),
    ]
    assert delete_account(bob.pk)
    assert saved() == [(alice.pk, "hers", "")]
    assert not ChatMute.objects.exists()


# -- live ---------------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_message_reaches_every_seat_live_each_in_their_own_view(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    table = await database_sync_to_async(started_table)(alice, bob, carol)
    await database_sync_to_async(chat.mute)(table.pk, carol, alice.pk)
    sockets = []
    for person in (alice, bob, carol):
        communicator = socket_of(table, await database_sync_to_async(session_cookie)(person))
        assert (await communicator.connect())[0]
        sockets.append(communicator)
    for communicator in sockets:
        await frame_with(communicator, 'id="chat-log"')
    await database_sync_to_async(chat.post_message)(table.pk, alice, text="hi <all>")
    await database_sync_to_async(chat.post_message)(table.pk, bob, phrase="wp")
    state = await database_sync_to_async(current)(table)
    frames = [await frame_with(communicator, "Well played") for communicator in sockets]
    for number, frame in enumerate(frames):
        assert 'hx-swap-oob="true"' in frame
        assert 'id="table"' not in frame
        assert hidden_cards_shown(frame, state.view_for(number)) == set()
    for frame in frames[:2]:
        assert "hi &lt;all&gt;" in frame
    assert "hi &lt;all&gt;" not in frames[2]
    assert "You muted alice." in frames[2]
    for communicator in sockets:
        await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_mute_reaches_the_viewers_other_open_tables_at_once(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    table = await database_sync_to_async(started_table)(alice, bob, carol)
    await database_sync_to_async(chat.post_message)(table.pk, bob, text="noise")
    cookie = await database_sync_to_async(session_cookie)(alice)
    tabs = [socket_of(table, cookie), socket_of(table, cookie)]
    for tab in tabs:
        assert (await tab.connect())[0]
        assert "noise" in await frame_with(tab, 'id="chat-log"')
    await database_sync_to_async(chat.mute)(table.pk, alice, bob.pk)
    for tab in tabs:
        frame = await frame_with(tab, "You muted bob.")
        assert "noise" not in frame
        await tab.disconnect()
