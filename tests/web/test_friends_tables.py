"""Friends' tables, rule by rule: making one, joining by link or code, the waiting room's
owner controls, strangers kept out, the turn clock and its stand-in computer, taking the seat
back, resigning, presence, and each person seeing only their own seat."""

from __future__ import annotations

import time
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config.asgi import application
from games import services
from games.consumers import CLOSE_FORBIDDEN
from games.core.computers import runner as bot_runner
from games.core.presence import presence
from games.core.registry import get_spec, run_chooser
from games.models import CODE_ALPHABET, CODE_LENGTH, Match, Round, Seat, new_table_code
from games.rendering import table_fragments
from games.thousand.engine import PLAYING, legal_actions

from .conftest import current, make_user, play_computers
from .hidden import hidden_cards_shown, shown_cards
from .test_bot_runner import wait_until_idle
from .test_consumers import session_cookie, version_of

pytestmark = pytest.mark.django_db

RULES: dict[str, object] = {}


@pytest.fixture
def carol(db: None) -> AbstractBaseUser:
    return make_user("carol")


@pytest.fixture
def dave(db: None) -> AbstractBaseUser:
    return make_user("dave")


def client_of(user: AbstractBaseUser) -> Client:
    client = Client()
    client.force_login(user)
    return client


def waiting_table(owner: AbstractBaseUser, **kwargs: object) -> Match:
    return services.create_friends_table(owner, "thousand", RULES, 3, seed=11, **kwargs)  # type: ignore[arg-type]


def started_table(*people: AbstractBaseUser) -> Match:
    """A table of ``people`` (the first made it), computers in the other seats, started."""
    match = waiting_table(people[0])
    for person in people[1:]:
        services.join_table(match.pk, person)
    if len(people) < 3:
        services.fill_with_computers(match.pk, "normal", user=people[0])
    services.start_table(match.pk, user=people[0])
    return Match.objects.get(pk=match.pk)


def default_options() -> dict[str, str]:
    """The lobby's Thousand options as a browser posts them untouched."""
    form = get_spec("thousand").table.options_form()
    return {name: str(field.initial) for name, field in form.fields.items()}


def refusal(call: object, *args: object, **kwargs: object) -> str:
    with pytest.raises(services.MoveRejected) as refused:
        call(*args, **kwargs)  # type: ignore[operator]
    return refused.value.reason


def person_to_move(match: Match) -> services.Table:
    """Lets the computers play until a person is to move (re-deals and all)."""
    play_computers(match)
    table = current(match)
    assert table.to_move is not None
    assert not table.seats[table.to_move].played_by_computer
    return table


# -- making and joining ---------------------------------------------------------------------


def test_a_table_code_can_be_read_aloud_without_mistakes() -> None:
    assert not set("0O1I") & set(CODE_ALPHABET)
    codes = {new_table_code() for _ in range(300)}
    assert len(codes) > 290
    for code in codes:
        assert len(code) == CODE_LENGTH
        assert set(code) <= set(CODE_ALPHABET)


def test_a_new_table_waits_with_its_creator_in_seat_0_and_the_chosen_computers(
    alice: AbstractBaseUser,
) -> None:
    match = waiting_table(alice, computers={2: "expert"})
    seats = list(Seat.objects.filter(match=match))
    assert (match.mode, match.status, match.turn_seconds) == ("friends", "waiting", 60)
    assert set(match.code) <= set(CODE_ALPHABET)
    assert [(s.user, s.computer_level, s.is_open) for s in seats] == [
        (alice, "", False),
        (None, "", True),
        (None, "expert", False),
    ]
    assert not Round.objects.filter(match=match).exists()  # nothing is dealt before the start
    assert services.computer_turn(match.pk) is None
    with pytest.raises(ValueError, match="seats 1 and up"):
        waiting_table(alice, computers={0: "normal"})
    with pytest.raises(ValueError, match="turn clock"):
        waiting_table(alice, turn_seconds=45)


def test_the_lobby_makes_a_table_with_a_computer_in_a_chosen_seat(alice_client: Client) -> None:
    response = alice_client.post(
        reverse("lobby"),
        {
            **default_options(),
            "game": "thousand",
            "mode": "friends",
            "table-clock": "30",
            "table-seat_1": "friend",
            "table-seat_2": "beginner",
        },
    )
    assert response.status_code == 302
    match = Match.objects.get()
    assert (match.mode, match.turn_seconds) == ("friends", 30)
    assert [s.computer_level for s in match.seats.all()] == ["", "", "beginner"]
    page = alice_client.get(response.url).content.decode()
    assert f'<strong id="table-code">{match.code}</strong>' in page
    assert reverse("table_join", args=[match.code]) in page
    assert 'id="start-table" disabled' in page  # a seat is still open


def test_a_friend_joins_by_the_link_with_one_press(
    alice: AbstractBaseUser, bob: AbstractBaseUser, bob_client: Client
) -> None:
    match = waiting_table(alice)
    link = reverse("table_join", args=[match.code])
    page = bob_client.get(link)
    assert page.status_code == 200
    assert 'id="take-seat"' in page.content.decode()
    assert not Seat.objects.filter(match=match, user=bob).exists()  # a GET seats nobody
    answer = bob_client.post(link)
    assert answer.url == reverse("match_table", args=[match.pk])
    assert Seat.objects.get(match=match, user=bob).number == 1
    # Following the link again leads back to the same seat.
    assert bob_client.get(link).url == reverse("match_table", args=[match.pk])
    table = services.join_table(match.pk, bob)
    assert table.seat_of(bob) == 1
    assert Seat.objects.filter(match=match, user=bob).count() == 1


def test_a_visitor_following_the_link_is_offered_to_play_as_a_guest(
    alice: AbstractBaseUser,
) -> None:
    match = waiting_table(alice)
    page = Client().get(reverse("table_join", args=[match.code])).content.decode()
    assert 'id="play-as-guest"' in page
    assert 'id="take-seat"' not in page


def guest_from_the_link(match: Match) -> tuple[Client, str]:
    """A visitor presses "Play as a guest and take a seat" on the table's link page."""
    visitor = Client()
    link = reverse("table_join", args=[match.code])
    page = visitor.get(link).content.decode()
    assert f'name="join" value="{match.code}"' in page
    answer = visitor.post(reverse("guest_start"), {"next": link, "join": match.code})
    assert answer.status_code == 302
    return visitor, answer.url


def test_a_visitor_plays_as_a_guest_and_takes_a_seat_in_one_press(
    alice: AbstractBaseUser,
) -> None:
    match = waiting_table(alice)
    visitor, landed = guest_from_the_link(match)
    assert landed == reverse("match_table", args=[match.pk])
    seated = Seat.objects.get(match=match, number=1)
    assert seated.user is not None
    assert seated.user.pk == int(visitor.session["_auth_user_id"])


def test_a_visitor_whose_table_filled_meanwhile_is_a_guest_told_the_table_is_full(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = waiting_table(alice)
    link = reverse("table_join", args=[match.code])
    page = Client().get(link).content.decode()
    assert 'id="play-as-guest"' in page
    for person in (bob, carol):
        services.join_table(match.pk, person)
    visitor = Client()
    answer = visitor.post(reverse("guest_start"), {"next": link, "join": match.code})
    assert answer.url == link
    assert "This table is full." in visitor.get(link).content.decode()
    assert Seat.objects.filter(match=match, user__isnull=False).count() == 3


@pytest.mark.parametrize("spoken", ["{code}", "{lower}", " {spaced} ", "{lower_spaced}"])
def test_a_code_is_found_whatever_its_case_and_spaces(
    alice: AbstractBaseUser, bob_client: Client, spoken: str
) -> None:
    match = waiting_table(alice)
    code = match.code
    typed = spoken.format(
        code=code,
        lower=code.lower(),
        spaced=" ".join(code),
        lower_spaced=f"{code[:3].lower()} {code[3:]}",
    )
    assert services.table_by_code(typed) == match
    answer = bob_client.post(reverse("lobby"), {"mode": "join", "code": typed})
    assert answer.status_code == 302
    assert answer.url == reverse("table_join", args=[code])


def test_a_code_that_does_not_exist_finds_no_table(
    alice: AbstractBaseUser, bob_client: Client
) -> None:
    waiting_table(alice)
    missing = bob_client.get(reverse("table_join", args=["ZZZZZZ"]))
    assert missing.status_code == 404
    assert "No such table" in missing.content.decode()
    assert bob_client.post(reverse("table_join", args=["ZZZZZZ"])).status_code == 404
    answer = bob_client.post(reverse("lobby"), {"mode": "join", "code": "zzzzzz"})
    assert answer.status_code == 400
    assert "There is no table with this code." in answer.content.decode()
    assert services.table_by_code("") is None
    assert services.table_by_code("A" * 40) is None


def test_a_practice_match_has_no_code_to_join(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = services.create_practice_match(alice, "thousand", RULES, "normal")
    assert match.code is None
    assert refusal(services.join_table, match.pk, bob) == "not_found"


def test_a_full_table_refuses_one_more_person(
    alice: AbstractBaseUser,
    bob: AbstractBaseUser,
    carol: AbstractBaseUser,
    dave: AbstractBaseUser,
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    services.join_table(match.pk, carol)
    assert refusal(services.join_table, match.pk, dave) == "table_full"
    dave_client = client_of(dave)
    link = reverse("table_join", args=[match.code])
    page = dave_client.get(link).content.decode()
    assert "This table is full." in page
    assert 'id="take-seat"' not in page
    answer = dave_client.post(link)
    assert answer.status_code == 409
    assert "This table is full." in answer.content.decode()
    assert not Seat.objects.filter(match=match, user=dave).exists()
    assert Match.objects.get(pk=match.pk).version == 2  # two joins, nothing more


def test_a_four_seat_table_refuses_a_fifth_person_and_each_sees_only_their_seat(
    alice: AbstractBaseUser,
    bob: AbstractBaseUser,
    carol: AbstractBaseUser,
    dave: AbstractBaseUser,
) -> None:
    erin = make_user("erin")
    match = services.create_friends_table(alice, "thousand", RULES, 4, seed=12)
    for person in (bob, carol, dave):
        services.join_table(match.pk, person)
    assert refusal(services.join_table, match.pk, erin) == "table_full"
    answer = client_of(erin).post(reverse("table_join", args=[match.code]))
    assert answer.status_code == 409
    assert not Seat.objects.filter(match=match, user=erin).exists()
    services.start_table(match.pk, user=alice)
    people = {0: alice, 1: bob, 2: carol, 3: dave}
    clients = {seat: client_of(person) for seat, person in people.items()}
    # The dealer sits the hand out: their page shows no hand, and no card of anyone's.
    sitting_out = current(match).match.progress["dealer"]
    assert not hasattr(current(match).view_for(sitting_out), "hand")
    scan_every_seat(match, clients)
    # Through the auction, the musik and the cards given, and the first trick.
    for _ in range(30):
        table = current(match)
        if len(table.view_for(0).tricks) >= 1 or table.spec.rules.round_over(table.state):
            break
        seat = table.to_move
        assert seat is not None
        assert seat != sitting_out
        action = legal_actions(table.state)[0]
        services.play(
            match.pk, {"action": action, "version": table.match.version}, user=people[seat]
        )
        scan_every_seat(match, clients, whole_page=False)
    else:
        pytest.fail("the first trick was not played")
    assert len(current(match).view_for(0).tricks) == 1


def test_a_table_with_a_computer_seat_is_full_sooner(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = waiting_table(alice, computers={1: "normal"})
    services.join_table(match.pk, bob)
    assert Seat.objects.get(match=match, user=bob).number == 2
    assert refusal(services.join_table, match.pk, carol) == "table_full"


def test_nobody_joins_a_table_that_has_started(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = started_table(alice, bob)
    assert refusal(services.join_table, match.pk, carol) == "not_waiting"
    page = client_of(carol).get(reverse("table_join", args=[match.code])).content.decode()
    assert "This table has started" in page


def test_a_joined_table_is_listed_in_each_friends_lobby(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    link = reverse("match_table", args=[match.pk])
    for person in (alice, bob):
        lobby = client_of(person).get(reverse("lobby")).content.decode()
        resume = lobby.split("Recently finished")[0]
        item = resume[resume.index(f'href="{link}"') :]
        assert "Waiting for players" in item[: item.index("</li>")]
    assert f'href="{link}"' not in client_of(carol).get(reverse("lobby")).content.decode()


def test_a_friend_comes_back_from_another_device_to_the_same_seat(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = started_table(alice, bob)
    url = reverse("match_table", args=[match.pk])
    phone, laptop = client_of(bob), client_of(bob)
    assert phone.session.session_key != laptop.session.session_key
    for device in (phone, laptop):
        page = device.get(url).content.decode()
        me = page[page.index('class="player kind-person me') :]
        assert me[: me.index(">")].endswith('data-seat="1"')
    services.arrived(match.pk, bob, "phone")
    services.arrived(match.pk, bob, "laptop")
    services.departed(match.pk, 1, "phone")  # one device closes its tab: bob is still there
    assert presence().seats(match.pk) == {1}


# -- a stranger ------------------------------------------------------------------------------


def test_a_stranger_can_neither_see_nor_act_at_a_table(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    waiting = waiting_table(alice)
    services.join_table(waiting.pk, bob)
    playing = started_table(alice, bob)
    stranger = client_of(carol)
    for match in (waiting, playing):
        pk = match.pk
        assert stranger.get(reverse("match_table", args=[pk])).status_code == 404
        for name in ("match_act", "match_next", "match_resign", "table_start", "table_fill"):
            response = stranger.post(reverse(name, args=[pk]), {"version": 0, "action": "pass"})
            assert response.status_code == 404, name
        assert stranger.post(reverse("table_free", args=[pk]), {"seat": "1"}).status_code == 404
        assert stranger.post(reverse("table_leave", args=[pk])).status_code == 404
    assert refusal(services.start_table, waiting.pk, user=carol) == "not_found"
    assert refusal(services.fill_with_computers, waiting.pk, "normal", user=carol) == "not_found"
    assert refusal(services.free_seat, waiting.pk, 1, user=carol) == "not_found"
    assert refusal(services.leave_waiting_table, waiting.pk, user=carol) == "not_found"
    assert refusal(services.resign, playing.pk, user=carol) == "not_found"
    assert refusal(services.play, playing.pk, {"version": 0, "action": "pass"}, user=carol) == (
        "not_found"
    )
    # Nothing changed, and a stranger's presence is not counted.
    assert services.arrived(playing.pk, carol, "carols-socket") is None
    assert Match.objects.get(pk=playing.pk).version == current(playing).match.version
    assert not Seat.objects.filter(match=playing, user=carol).exists()
    assert presence().seats(playing.pk) == set()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_strangers_socket_is_closed_with_4403(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = await database_sync_to_async(started_table)(alice, bob)
    cookie = await database_sync_to_async(session_cookie)(carol)
    communicator = WebsocketCommunicator(
        application,
        f"/ws/play/{match.pk}/",
        headers=[(b"origin", b"http://testserver"), (b"cookie", cookie)],
    )
    accepted, code = await communicator.connect()
    assert (accepted, code) == (False, CLOSE_FORBIDDEN)
    assert CLOSE_FORBIDDEN == 4403
    # The refused consumer still waits on the channel layer: end it within this test's event
    # loop (a Redis layer's receive lock would otherwise stay held by a closed loop).
    await communicator.disconnect()


# -- the creator's controls --------------------------------------------------------------------


def test_a_table_with_open_seats_does_not_start(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    assert refusal(services.start_table, match.pk, user=alice) == "seats_open"
    response = alice_client.post(reverse("table_start", args=[match.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "Every seat needs a player" in response.content.decode()
    stored = Match.objects.get(pk=match.pk)
    assert (stored.status, stored.version) == ("waiting", 1)
    assert not Round.objects.filter(match=match).exists()


def test_only_the_creator_starts_fills_or_frees_seats(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    services.join_table(match.pk, carol)
    assert refusal(services.start_table, match.pk, user=bob) == "forbidden"
    assert refusal(services.fill_with_computers, match.pk, "normal", user=bob) == "forbidden"
    assert refusal(services.free_seat, match.pk, 2, user=bob) == "forbidden"
    bob_client = client_of(bob)
    for name, data in (("table_start", {}), ("table_fill", {"level": "normal"})):
        response = bob_client.post(reverse(name, args=[match.pk]), data, HTTP_HX_REQUEST="true")
        assert response.status_code == 403, name
    response = bob_client.post(reverse("table_free", args=[match.pk]), {"seat": "2"})
    assert response.status_code == 403
    assert "Only the table&#x27;s host can do this." in response.content.decode()
    page = bob_client.get(reverse("match_table", args=[match.pk])).content.decode()
    assert 'id="start-table"' not in page
    assert 'id="free-seat-2"' not in page
    stored = Match.objects.get(pk=match.pk)
    assert (stored.status, stored.version) == ("waiting", 2)
    assert Seat.objects.get(match=match, number=2).user == carol


def test_filling_the_open_seats_with_computers_then_starting_deals_the_first_hand(
    alice: AbstractBaseUser, bob: AbstractBaseUser, alice_client: Client
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    assert refusal(services.fill_with_computers, match.pk, "grandmaster", user=alice) == (
        "malformed"
    )
    response = alice_client.post(
        reverse("table_fill", args=[match.pk]), {"level": "beginner"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert 'id="start-table" disabled' not in response.content.decode()
    assert [s.computer_level for s in Seat.objects.filter(match=match)] == ["", "", "beginner"]

    before = timezone.now()
    response = alice_client.post(reverse("table_start", args=[match.pk]))
    assert response.url == reverse("match_table", args=[match.pk])
    table = current(match)
    assert table.match.status == Match.Status.PLAYING
    assert table.round is not None
    assert (table.round.number, table.round.actions) == (1, [])
    assert table.to_move is not None
    assert table.match.turn_started is not None
    assert table.match.turn_started >= before
    assert refusal(services.start_table, match.pk, user=alice) == "not_waiting"
    assert refusal(services.fill_with_computers, match.pk, "normal", user=alice) == "not_waiting"
    assert refusal(services.free_seat, match.pk, 1, user=alice) == "not_waiting"
    page = client_of(bob).get(reverse("match_table", args=[match.pk])).content.decode()
    assert 'class="players-strip"' in page
    assert "data-deadline=" in page  # the turn clock is shown to everyone


def test_the_creator_frees_a_seat_and_the_person_loses_the_table(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser, alice_client: Client
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    assert refusal(services.free_seat, match.pk, 0, user=alice) == "malformed"
    assert refusal(services.free_seat, match.pk, 5, user=alice) == "malformed"
    response = alice_client.post(
        reverse("table_free", args=[match.pk]), {"seat": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    seat = Seat.objects.get(match=match, number=1)
    assert seat.is_open
    assert client_of(bob).get(reverse("match_table", args=[match.pk])).status_code == 403
    # The freed seat takes the next person (not the one removed: see the host tools' tests).
    services.join_table(match.pk, carol)
    assert Seat.objects.get(match=match, number=1).user == carol


def test_leaving_a_waiting_table_frees_the_seat_and_the_creator_leaving_closes_it(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = waiting_table(alice)
    services.join_table(match.pk, bob)
    response = client_of(bob).post(reverse("table_leave", args=[match.pk]))
    assert response.url == reverse("lobby")
    assert Seat.objects.get(match=match, number=1).is_open
    services.join_table(match.pk, bob)
    client_of(alice).post(reverse("table_leave", args=[match.pk]))
    assert not Match.objects.filter(pk=match.pk).exists()
    assert services.table_by_code(match.code) is None


def test_nobody_leaves_a_started_table_by_the_waiting_rooms_button(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = started_table(alice, bob)
    assert refusal(services.leave_waiting_table, match.pk, user=bob) == "not_waiting"
    response = client_of(bob).post(reverse("table_leave", args=[match.pk]))
    assert response.status_code == 409
    assert Seat.objects.get(match=match, number=1).user == bob


# -- the turn clock and the stand-in computer --------------------------------------------------


def run_the_clock_out(match: Match) -> None:
    Match.objects.filter(pk=match.pk).update(
        turn_started=timezone.now() - timedelta(seconds=match.turn_seconds + 1)
    )


def test_when_the_clock_runs_out_a_normal_computer_plays_for_the_person(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = started_table(alice, bob)
    table = person_to_move(match)
    seat, version = table.to_move, table.match.version
    person = table.seats[seat].user

    waiting = services.computer_turn(match.pk)
    assert isinstance(waiting, services.Waiting)
    assert waiting.deadline == table.match.turn_started + timedelta(seconds=60)
    assert services.clock_ran_out(match.pk, version) is False  # time is left
    run_the_clock_out(match)
    assert services.clock_ran_out(match.pk, version - 1) is False  # the match moved on since
    assert services.clock_ran_out(match.pk, version) is True
    assert services.clock_ran_out(match.pk, version) is False  # once only

    stood_in = Seat.objects.get(match=match, number=seat)
    assert (stood_in.stand_in, stood_in.left, stood_in.user) == (True, False, person)
    turn = services.computer_turn(match.pk)
    assert isinstance(turn, services.ComputerTurn)
    assert (turn.seat, turn.level, turn.version) == (seat, "normal", version + 1)
    page = client_of(alice).get(reverse("match_table", args=[match.pk])).content.decode()
    assert "a computer plays for now" in page
    # It keeps playing that seat's turns until the person is back.
    assert play_computers(match) >= 1
    assert Seat.objects.get(match=match, number=seat).stand_in


def test_the_person_takes_the_seat_back_with_their_own_move(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = started_table(alice, bob)
    table = person_to_move(match)
    seat, version = table.to_move, table.match.version
    run_the_clock_out(match)
    assert services.clock_ran_out(match.pk, version)
    turn = services.computer_turn(match.pk)
    assert isinstance(turn, services.ComputerTurn)

    # The person's move arrives before the computer's: it is theirs, the seat is theirs again.
    action = legal_actions(table.state)[0]
    services.play(match.pk, {"action": action, "version": version + 1}, user=table.seats[seat].user)
    assert not Seat.objects.get(match=match, number=seat).stand_in
    played = Round.objects.get(match=match, number=table.round.number)
    assert played.actions[-1] == action
    assert current(match).match.version >= version + 2


def test_coming_back_to_the_table_takes_the_seat_back_and_drops_the_computers_move(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = started_table(alice, bob)
    table = person_to_move(match)
    seat, version = table.to_move, table.match.version
    run_the_clock_out(match)
    services.clock_ran_out(match.pk, version)
    turn = services.computer_turn(match.pk)
    assert isinstance(turn, services.ComputerTurn)

    services.arrived(match.pk, table.seats[seat].user, "back-again")
    back = Seat.objects.get(match=match, number=seat)
    assert not back.stand_in
    assert seat in presence().seats(match.pk)
    assert Match.objects.get(pk=match.pk).version == version + 2
    # The computer's move, computed for the person meanwhile, is not played.
    reason = refusal(
        services.submit_move,
        match.pk,
        legal_actions(table.state)[0],
        turn.version,
        computer_seat=seat,
    )
    assert reason in ("stale_version", "not_your_turn")
    assert current(match).to_move == seat
    assert not isinstance(services.computer_turn(match.pk), services.ComputerTurn)


def test_a_move_the_stand_in_computer_made_is_marked_in_the_log(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = started_table(alice, bob, carol)
    table = current(match)
    seat, version = table.to_move, table.match.version
    run_the_clock_out(match)
    assert services.clock_ran_out(match.pk, version)
    turn = services.computer_turn(match.pk)
    assert isinstance(turn, services.ComputerTurn)
    action = run_chooser(turn.chooser, turn.level, turn.view, turn.seed)
    services.submit_move(match.pk, action, turn.version, computer_seat=seat)

    watcher = client_of(alice if seat != 0 else bob)
    page = watcher.get(reverse("match_table", args=[match.pk])).content.decode()
    log = page[page.index('class="log-lines"') :]
    log = log[: log.index("</ol>")]
    # The people at the table read that a computer made that move, not their friend.
    assert "computer" in log.lower(), log


@pytest.mark.django_db(transaction=True)
def test_the_runner_plays_for_a_person_whose_clock_ran_out(
    alice: AbstractBaseUser,
    bob: AbstractBaseUser,
    real_runner: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = started_table(alice, bob)  # the computer in seat 2 plays through the runner

    def until(condition: Any) -> Any:
        for _ in range(500):
            found = condition()
            if found:
                return found
            time.sleep(0.02)
        pytest.fail("the runner did not get there")

    waiting = until(
        lambda: isinstance(turn := services.computer_turn(match.pk), services.Waiting) and turn
    )
    table = current(match)
    seat = table.to_move
    assert waiting.version == table.match.version
    run_the_clock_out(match)
    bot_runner.request_bot_moves(match.pk)  # as a look at the table would; the clock is out
    until(lambda: Match.objects.get(pk=match.pk).version >= waiting.version + 2)
    stood_in = Seat.objects.get(match=match, number=seat)
    assert stood_in.stand_in
    # The move after the person's last one is the stand-in's, made for that seat.
    played = Round.objects.get(match=match, number=table.round.number)
    stand_in_move = played.actions[len(table.round.actions)]
    assert table.spec.rules.apply(table.state, seat, stand_in_move) is not None
    # Both people resign: the match ends and the runner stops.
    services.resign(match.pk, user=alice)
    services.resign(match.pk, user=bob)
    wait_until_idle()
    assert Match.objects.get(pk=match.pk).status == Match.Status.RESIGNED


@pytest.mark.django_db(transaction=True)
def test_a_runner_waiting_for_a_turn_clock_stops_when_the_match_ends(
    alice: AbstractBaseUser,
    bob: AbstractBaseUser,
    real_runner: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The last resignation leaves the computers nothing to do and starts no runner: the
    runner waiting for Bob's 60 s clock is woken, and sees the match over."""
    match = started_table(alice, bob)
    services.resign(match.pk, user=alice)  # a computer plays her seat from now on
    bot_runner.request_bot_moves(match.pk)
    for _ in range(500):
        turn = services.computer_turn(match.pk)
        table = current(match)
        if (
            isinstance(turn, services.Waiting)
            and turn.version == table.match.version
            and bot_runner.active_runners() == 1
        ):
            break
        time.sleep(0.02)
    assert table.seats[table.to_move].user == bob  # the runner waits for Bob's clock
    services.resign(match.pk, user=bob)
    assert Match.objects.get(pk=match.pk).status == Match.Status.RESIGNED
    wait_until_idle(5)


def test_the_clock_does_not_run_in_practice(alice: AbstractBaseUser) -> None:
    match = services.create_practice_match(alice, "thousand", RULES, "normal")
    play_computers(match)
    stored = Match.objects.get(pk=match.pk)
    assert (stored.turn_seconds, stored.turn_started) == (None, None)
    assert services.computer_turn(match.pk) is None
    assert services.clock_ran_out(match.pk, stored.version) is False


# -- resigning ---------------------------------------------------------------------------------


def test_resigning_at_a_friends_table_hands_the_seat_to_a_computer_for_good(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = started_table(alice, bob, carol)
    version = current(match).match.version
    response = client_of(bob).post(reverse("match_resign", args=[match.pk]))
    assert response.status_code == 302
    table = current(match)
    assert table.match.status == Match.Status.PLAYING
    assert (table.match.resigned_by, table.match.version) == (None, version + 1)
    left = table.seats[1]
    assert (left.user, left.left, left.stand_in, left.played_by_computer) == (bob, True, True, True)
    # Coming back to the page does not take a seat back that was given up.
    services.arrived(match.pk, bob, "bobs-socket")
    assert Seat.objects.get(match=match, number=1).stand_in
    page = client_of(alice).get(reverse("match_table", args=[match.pk])).content.decode()
    assert "left: a computer plays on" in page

    services.resign(match.pk, user=alice)
    assert current(match).match.status == Match.Status.PLAYING
    table = services.resign(match.pk, user=carol)
    assert table.match.status == Match.Status.RESIGNED
    assert table.match.resigned_by == 2
    assert services.computer_turn(match.pk) is None


def test_a_person_who_resigned_is_told_they_left_and_sees_no_hand(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    """The page's resign button (htmx) loads the whole page again, which says plainly that
    they left and offers the lobby: no hand, no resign box, over HTTP and over the socket."""
    match = started_table(alice, bob, carol)
    bob_client = client_of(bob)
    assert shown_cards(bob_client.get(reverse("match_table", args=[match.pk])).content.decode())
    answer = bob_client.post(reverse("match_resign", args=[match.pk]), HTTP_HX_REQUEST="true")
    assert (answer.status_code, answer.headers["HX-Redirect"]) == (
        204,
        reverse("match_table", args=[match.pk]),
    )
    page = bob_client.get(reverse("match_table", args=[match.pk])).content.decode()
    assert "You left this match" in page
    assert 'id="back-to-lobby"' in page
    assert 'id="resign-box"' not in page
    assert shown_cards(page) == set()
    pushed = table_fragments(current(match), 1)
    assert "You left this match" in pushed
    assert shown_cards(pushed) == set()
    alices = client_of(alice).get(reverse("match_table", args=[match.pk])).content.decode()
    assert "You left this match" not in alices


def test_a_person_who_resigned_cannot_play_their_old_seat(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = started_table(alice, bob, carol)
    services.resign(match.pk, user=bob)
    table = current(match)
    for _ in range(40):
        if table.to_move == 1:
            break
        seat = table.to_move
        action = legal_actions(table.state)[0]
        services.play(
            match.pk,
            {"action": action, "version": table.match.version},
            user=table.seats[seat].user,
        )
        table = current(match)
    assert table.to_move == 1
    # The computer plays seat 1 now: Bob's move for it is refused and changes nothing.
    action = legal_actions(table.state)[0]
    fields = {"action": action, "version": table.match.version}
    assert refusal(services.play, match.pk, fields, user=bob) in ("forbidden", "not_your_turn")
    assert current(match).match.version == table.match.version


# -- presence and what each person sees ----------------------------------------------------------


def test_presence_counts_each_persons_open_tables(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    match = started_table(alice, bob)
    version = current(match).match.version
    services.arrived(match.pk, bob, "phone")
    services.arrived(match.pk, bob, "laptop")
    services.departed(match.pk, 1, "phone")
    assert presence().seats(match.pk) == {1}
    services.departed(match.pk, 1, "laptop")
    services.departed(match.pk, 1, "laptop")  # closed twice: nothing more to take away
    assert presence().seats(match.pk) == set()
    services.arrived(match.pk, alice, "alices-socket")
    assert Match.objects.get(pk=match.pk).version == version  # presence is not a change
    page = client_of(bob).get(reverse("match_table", args=[match.pk])).content.decode()
    strip = page[page.index('class="players-strip"') :]
    alice_item = strip[strip.index('data-seat="0"') :].split("</li>")[0]
    bob_item = strip[strip.index('data-seat="1"') :].split("</li>")[0]
    assert "presence online" in alice_item
    assert "presence offline" in bob_item


def seen_by(view: Any) -> Any:
    """The view the hidden-card search reads; a dealer sitting a hand out (four at the table)
    gets the public view, which holds no hand of its own."""
    if hasattr(view, "hand"):
        return view
    return SimpleNamespace(
        hand=(), trick=view.trick, gives=view.gives, musik=view.musik, tricks=view.tricks
    )


def scan_every_seat(match: Match, clients: dict[int, Client], whole_page: bool = True) -> None:
    table = current(match)
    url = reverse("match_table", args=[match.pk])
    for seat, client in clients.items():
        view = seen_by(table.view_for(seat))
        sent = [client.get(url, HTTP_HX_REQUEST="true").content.decode()]
        if whole_page:
            sent.append(client.get(url).content.decode())
        for html in sent:
            assert hidden_cards_shown(html, view) == set()
            assert set(view.hand) <= shown_cards(html)


def test_each_friend_sees_only_their_own_cards_through_a_whole_hand(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = started_table(alice, bob, carol)
    people = {0: alice, 1: bob, 2: carol}
    clients = {seat: client_of(person) for seat, person in people.items()}
    scan_every_seat(match, clients)
    for step in range(60):
        table = current(match)
        if table.spec.rules.round_over(table.state):
            break
        seat = table.to_move
        action = legal_actions(table.state)[0]
        services.play(
            match.pk, {"action": action, "version": table.match.version}, user=people[seat]
        )
        # Every move until the play of the cards (the musik, the cards given), then every
        # third move and every trick's end; whole pages at the start and the end only.
        playing = current(match).state.phase == PLAYING
        if not playing or step % 3 == 0 or not current(match).state.trick:
            scan_every_seat(match, clients, whole_page=False)
    else:
        pytest.fail("the hand did not end")
    scan_every_seat(match, clients)
    assert Round.objects.filter(match=match, status=Round.Status.OVER).exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_friends_sockets_carry_presence_and_only_their_own_cards(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = await database_sync_to_async(started_table)(alice, bob, carol)
    people = [alice, bob, carol]
    sockets = []
    for person in people:
        cookie = await database_sync_to_async(session_cookie)(person)
        communicator = WebsocketCommunicator(
            application,
            f"/ws/play/{match.pk}/",
            headers=[(b"origin", b"http://testserver"), (b"cookie", cookie)],
        )
        assert (await communicator.connect())[0]
        await communicator.receive_from()
        sockets.append(communicator)
    # Alice's socket heard Bob and then Carol arrive, with no new version.
    frames = [await sockets[0].receive_from(), await sockets[0].receive_from()]
    last = frames[-1]
    assert version_of(last) == version_of(frames[0])
    strip = last[last.index('class="players-strip"') :]
    assert strip.count("presence online") == 3

    async def next_frames(version: int) -> list[str]:
        found = []
        for communicator in sockets:
            for _ in range(10):
                frame = await communicator.receive_from(timeout=5)
                if version_of(frame) >= version:
                    found.append(frame)
                    break
        return found

    # Over the sockets through the auction, the musik, the cards given and two tricks (the
    # whole hand is scanned over HTTP above).
    for _ in range(60):
        table = await database_sync_to_async(current)(match)
        if len(table.view_for(0).tricks) >= 2:
            break
        seat = table.to_move
        action = legal_actions(table.state)[0]
        await sockets[seat].send_to(
            text_data=f'{{"action": "{action}", "version": {table.match.version}}}'
        )
        frames = await next_frames(table.match.version + 1)
        table = await database_sync_to_async(current)(match)
        assert len(frames) == 3
        for number, frame in enumerate(frames):
            assert hidden_cards_shown(frame, table.view_for(number)) == set()
            assert set(table.view_for(number).hand) <= shown_cards(frame)
    else:
        pytest.fail("the hand did not reach its second trick")

    # Carol closes her tab: the others see her away.
    await sockets[2].disconnect()
    frame = await sockets[0].receive_from(timeout=5)
    strip = frame[frame.index('class="players-strip"') :]
    carol_item = strip[strip.index('data-seat="2"') :]
    assert "presence offline" in carol_item
    for communicator in sockets[:2]:
        await communicator.disconnect()
    assert await database_sync_to_async(presence().seats)(match.pk) == set()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_waiting_room_sent_over_the_socket_shows_the_whole_link(
    alice: AbstractBaseUser,
) -> None:
    match = await database_sync_to_async(waiting_table)(alice)
    cookie = await database_sync_to_async(session_cookie)(alice)
    communicator = WebsocketCommunicator(
        application,
        f"/ws/play/{match.pk}/",
        headers=[
            (b"origin", b"http://testserver"),
            (b"host", b"testserver"),
            (b"cookie", cookie),
        ],
    )
    assert (await communicator.connect())[0]
    frame = await communicator.receive_from()
    link = reverse("table_join", args=[match.code])
    assert f'href="{link}"' in frame
    # The link the creator reads out or copies is whole, as on the page loaded over HTTP.
    shown = frame[frame.index('id="invite-link"') :]
    shown = shown[shown.index(">") + 1 : shown.index("</a>")]
    assert shown == f"http://testserver{link}"
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
def test_a_runner_waiting_for_a_turn_clock_writes_nothing_meanwhile(
    alice: AbstractBaseUser, bob: AbstractBaseUser, real_runner: None
) -> None:
    """The runner sleeps until the stored deadline, holding no lease: the match's row is
    the same after a while of waiting (it used to renew the lease every second)."""
    match = started_table(alice, bob)
    for _ in range(500):
        turn = services.computer_turn(match.pk)
        if isinstance(turn, services.Waiting) and bot_runner.active_runners() == 1:
            break
        time.sleep(0.02)
    else:
        pytest.fail("no runner waits for the clock")
    before = Match.objects.filter(pk=match.pk).values().get()
    time.sleep(2.5)
    after = Match.objects.filter(pk=match.pk).values().get()
    assert after == before
    assert (after["computer_lease"], after["computer_lease_until"]) == ("", None)
    assert bot_runner.active_runners() == 1
    services.resign(match.pk, user=alice)
    services.resign(match.pk, user=bob)
    wait_until_idle(5)


def test_a_wrong_code_in_the_lobby_answers_only_about_the_code(
    alice: AbstractBaseUser, bob_client: Client
) -> None:
    answer = bob_client.post(reverse("lobby"), {"mode": "join", "code": "zzzzzz"})
    page = answer.content.decode()
    assert answer.status_code == 400
    assert page.count("There is no table with this code.") == 1
    assert "This field is required." not in page


@pytest.fixture
def no_tries_yet() -> Any:
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.mark.usefixtures("no_tries_yet")
def test_codes_cannot_be_guessed_without_limit(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    """Ten wrong codes a minute from one address or one account; then even the right code is
    not looked up, with a clear answer; another person elsewhere is not held back."""
    code = waiting_table(alice).code
    bob_here = client_of(bob)
    bob_here.defaults["REMOTE_ADDR"] = "203.0.113.7"
    for attempt in range(10):
        wrong = bob_here.get(reverse("table_join", args=[f"QQQQ{attempt:02d}"]))
        assert wrong.status_code == 404
    refused = bob_here.get(reverse("table_join", args=[code]))
    assert refused.status_code == 429
    assert "Too many codes that found no table" in refused.content.decode()
    in_lobby = bob_here.post(reverse("lobby"), {"mode": "join", "code": code})
    assert in_lobby.status_code == 429
    assert "Too many codes that found no table" in in_lobby.content.decode()

    bob_elsewhere = client_of(bob)
    bob_elsewhere.defaults["REMOTE_ADDR"] = "198.51.100.9"
    assert bob_elsewhere.get(reverse("table_join", args=[code])).status_code == 429

    carol_elsewhere = client_of(carol)
    carol_elsewhere.defaults["REMOTE_ADDR"] = "198.51.100.9"
    assert carol_elsewhere.get(reverse("table_join", args=[code])).status_code == 200
    carol_here = client_of(carol)
    carol_here.defaults["REMOTE_ADDR"] = "203.0.113.7"
    assert carol_here.get(reverse("table_join", args=[code])).status_code == 429
    assert Seat.objects.filter(match__code=code, user__in=[bob, carol]).count() == 0


@pytest.mark.usefixtures("no_tries_yet")
def test_a_visitor_guessing_codes_as_a_new_guest_each_time_is_held_back_too(
    alice: AbstractBaseUser,
) -> None:
    """The guest's one press from a link counts its code like any other: ten wrong codes from
    one address, then even the right one seats nobody, and the link's page says why."""
    match = waiting_table(alice)
    for attempt in range(10):
        visitor = Client(REMOTE_ADDR="203.0.113.8")
        guess = f"QQQQ{attempt:02d}"
        link = reverse("table_join", args=[guess])
        answer = visitor.post(reverse("guest_start"), {"next": link, "join": guess})
        assert answer.url == link
    visitor = Client(REMOTE_ADDR="203.0.113.8")
    link = reverse("table_join", args=[match.code])
    answer = visitor.post(reverse("guest_start"), {"next": link, "join": match.code})
    assert answer.url == link
    page = visitor.get(link)
    assert page.status_code == 429
    assert "Too many codes that found no table" in page.content.decode()
    assert Seat.objects.filter(match=match, user__isnull=False).count() == 1
