"""What a move and a table cost the database: a move by HTMX POST in at most 7 statements, a
table rendered without replaying finished hands, presenters that never query, names loaded
with their seats.

The move is measured under ``transactional_db``: in the usual test transaction every
``atomic`` block of the service would add a SAVEPOINT and a RELEASE to the count, which a
server never runs. The one real transaction of the move is counted apart (SQLite's
``BEGIN IMMEDIATE`` and the ``COMMIT``); the budget of 7 is for the statements that read or
write data.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.core.names import display_name, seat_names
from games.models import Match, Round
from games.rendering import table_fragments
from games.thousand import engine
from games.thousand.engine import legal_actions

from .conftest import computer_plays, current, make_user

MOVE_BUDGET = 7
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


def data_statements(captured: CaptureQueriesContext) -> list[str]:
    return [
        query["sql"]
        for query in captured.captured_queries
        if not query["sql"].upper().startswith(TRANSACTION_CONTROL)
    ]


@pytest.fixture
def engine_calls(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts every hand the Thousand engine starts (``new_hand``) and every action it applies
    (``apply``), wherever the site imported them from."""
    calls = {"new_hand": 0, "apply": 0}
    for name in calls:
        original = getattr(engine, name)

        def counted(*args: Any, _name: str = name, _original: Any = original) -> Any:
            calls[_name] += 1
            return _original(*args)

        for module in list(sys.modules.values()):
            if getattr(module, name, None) is original:
                monkeypatch.setattr(module, name, counted)
    return calls


def finish_the_hand(match: Match, alice: AbstractBaseUser) -> None:
    """Plays the current hand to its end: Alice and the computers take the first legal move."""
    for _ in range(60):
        table = current(match)
        if table.spec.rules.round_over(table.state):
            return
        action = legal_actions(table.state)[0]
        if table.to_move == 0:
            services.submit_move(match.pk, action, table.match.version, user=alice)
        else:
            computer_plays(match, action)
    pytest.fail("the hand did not end")


@pytest.mark.usefixtures("transactional_db")
def test_a_move_by_htmx_post_costs_at_most_7_statements(
    scripted_match: Match, alice_client: Client, django_assert_max_num_queries: Any
) -> None:
    computer_plays(scripted_match, "pass", "bid:110")
    url = reverse("match_act", args=[scripted_match.pk])
    move = {"action": "bid", "amount": "120", "version": "2"}
    # A person moves on a table they loaded: the session's first request (which saves the
    # session once) is behind them.
    assert alice_client.get(reverse("match_table", args=[scripted_match.pk])).status_code == 200
    # 7 statements with data, plus the move's one BEGIN and COMMIT.
    with django_assert_max_num_queries(MOVE_BUDGET + 2) as captured:
        response = alice_client.post(url, move, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert version_of_response(response) == 3
    statements = data_statements(captured)
    assert len(statements) <= MOVE_BUDGET, "\n".join(statements)
    # The match row is read once, with its seats (locked), and written once.
    match_reads = [sql for sql in statements if sql.startswith("SELECT") and '"games_match"' in sql]
    assert len(match_reads) == 1
    assert match_reads[0].startswith('SELECT "games_seat"')
    assert 'FOR UPDATE OF "games_match"' in match_reads[0] or connection.vendor == "sqlite"
    assert len([sql for sql in statements if sql.startswith('UPDATE "games_match"')]) == 1
    assert Round.objects.get(match=scripted_match).actions == ["pass", "bid:110", "bid:120"]


def version_of_response(response: Any) -> int:
    from .test_consumers import version_of

    return version_of(response.content.decode())


@pytest.mark.django_db
def test_rendering_a_table_replays_only_the_hand_being_played(
    alice: AbstractBaseUser,
    alice_client: Client,
    scripted_match: Match,
    engine_calls: dict[str, int],
) -> None:
    finish_the_hand(scripted_match, alice)
    version = current(scripted_match).match.version
    services.next_round(scripted_match.pk, version, user=alice)
    assert Round.objects.filter(match=scripted_match).count() == 2

    url = reverse("match_table", args=[scripted_match.pk])
    alice_client.get(url)
    computer_plays(scripted_match, "pass")
    engine_calls.update(new_hand=0, apply=0)
    page = alice_client.get(url)
    fragment = alice_client.get(url, HTTP_HX_REQUEST="true")
    assert (page.status_code, fragment.status_code) == (200, 200)
    # Each load rebuilds the new hand from its deal and its one action; the finished hand
    # (some 25 actions) is shown from its stored result, never replayed.
    assert engine_calls == {"new_hand": 2, "apply": 2}


@pytest.mark.django_db
def test_presenters_take_what_was_loaded_and_never_query(
    alice: AbstractBaseUser,
    scripted_match: Match,
    django_assert_num_queries: Any,
) -> None:
    finish_the_hand(scripted_match, alice)
    services.next_round(scripted_match.pk, current(scripted_match).match.version, user=alice)
    computer_plays(scripted_match, "pass")
    table = current(scripted_match)
    assert len(table.finished_rounds()) == 1
    names = seat_names(table.seats, 0)
    spec = table.spec
    with django_assert_num_queries(0):
        presented = spec.table.present(table, 0, names)
        html = table_fragments(table, 0, csrf_token="token")
    assert presented.version == table.match.version
    assert 'id="table"' in html


@pytest.mark.django_db
def test_names_come_with_the_seats(django_assert_num_queries: Any) -> None:
    alice, bob, carol = (make_user(name) for name in ("alice", "bob", "carol"))
    for person in (alice, bob, carol):
        person.profile.display_name = f"{person.username.title()} P."
        person.profile.save()
    match = services.create_friends_table(alice, "thousand", {}, 3)
    services.join_table(match.pk, bob)
    services.join_table(match.pk, carol)
    services.start_table(match.pk, user=alice)
    match = Match.objects.get(pk=match.pk)

    # The seats with their people and profiles, and the current round: two queries.
    with django_assert_num_queries(2):
        table = services.load_table(match)
    with django_assert_num_queries(0):
        names = seat_names(table.seats, 1)
        shown = [display_name(seat.user) for seat in table.seats]
    assert names == ["Alice P.", "You", "Carol P."]
    assert shown == ["Alice P.", "Bob P.", "Carol P."]


@pytest.mark.django_db
def test_a_viewers_table_is_read_and_rendered_in_two_queries(
    django_assert_num_queries: Any,
) -> None:
    """What each viewer's socket costs after every move: the match with its seats, people and
    profiles, then the rounds; the names on the table need no more."""
    alice, bob, carol = (make_user(name) for name in ("alice", "bob", "carol"))
    match = services.create_friends_table(alice, "thousand", {}, 3)
    services.join_table(match.pk, bob)
    services.join_table(match.pk, carol)
    services.start_table(match.pk, user=alice)

    with django_assert_num_queries(2):
        table = services.read_table(bob, match.pk)
        assert table is not None
        html = table_fragments(table, 1, csrf_token="token")
    assert all(display_name(person) in html for person in (alice, carol))


@pytest.mark.django_db
def test_the_lobby_costs_the_same_with_more_matches(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    services.create_practice_match(alice, "thousand", {}, "normal")
    alice_client.get(reverse("lobby"))  # the session's first request saves the session
    with CaptureQueriesContext(connection) as one:
        alice_client.get(reverse("lobby"))
    for _ in range(4):
        services.create_practice_match(alice, "thousand", {}, "normal")
    bob = make_user("bob")
    table = services.create_friends_table(alice, "thousand", {}, 3)
    services.join_table(table.pk, bob)
    with CaptureQueriesContext(connection) as six:
        alice_client.get(reverse("lobby"))
    assert len(six.captured_queries) == len(one.captured_queries)
