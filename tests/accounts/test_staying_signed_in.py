"""Sessions count from the last visit: a year for a guest, who has no password to sign in with
again (so one who keeps playing never loses the account), two weeks for an account with one."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.guests import GUEST_SESSION_AGE
from accounts.middleware import LAST_VISIT_KEY

pytestmark = pytest.mark.django_db

YEAR = 60 * 60 * 24 * 365
TWO_WEEKS = 60 * 60 * 24 * 14


def test_a_guest_visiting_on_a_later_day_gets_a_year_from_that_visit(client: Client) -> None:
    first = client.post("/play-now/")
    assert int(first.cookies["sessionid"]["max-age"]) == YEAR

    session = client.session
    session[LAST_VISIT_KEY] = "2020-01-01"  # as if the last visit was long ago
    session.save()
    later = client.get("/play/")

    assert later.status_code == 200
    assert int(later.cookies["sessionid"]["max-age"]) == YEAR
    assert client.session[LAST_VISIT_KEY] != "2020-01-01"


def test_further_visits_on_the_same_day_write_nothing(client: Client) -> None:
    client.post("/play-now/")
    client.get("/play/")
    again = client.get("/play/")
    assert "sessionid" not in again.cookies


def test_an_account_with_a_password_gets_two_weeks_from_each_visit(client: Client) -> None:
    assert GUEST_SESSION_AGE == YEAR
    get_user_model().objects.create_user(username="dave", password="a long pass phrase 8")
    signed_in = client.post(
        "/accounts/login/", {"login": "dave", "password": "a long pass phrase 8", "remember": "on"}
    )
    assert int(signed_in.cookies["sessionid"]["max-age"]) == TWO_WEEKS

    session = client.session
    session[LAST_VISIT_KEY] = "2020-01-01"
    session.save()
    later = client.get("/play/")
    assert int(later.cookies["sessionid"]["max-age"]) == TWO_WEEKS


def test_signing_in_without_remember_me_still_ends_with_the_browser(client: Client) -> None:
    get_user_model().objects.create_user(username="carol", password="a long pass phrase 7")
    response = client.post(
        "/accounts/login/", {"login": "carol", "password": "a long pass phrase 7"}
    )
    assert response.status_code == 302
    assert client.session.get_expire_at_browser_close()
    page = client.get("/play/")
    assert page.status_code == 200
    assert client.session.get_expire_at_browser_close()
    assert LAST_VISIT_KEY not in client.session


def test_the_first_page_after_play_now_writes_no_session(client: Client) -> None:
    """The sign-in marks the day's visit in its own session write."""
    client.post("/play-now/")
    assert client.session[LAST_VISIT_KEY]
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/play/")
    assert page.status_code == 200
    assert "sessionid" not in page.cookies
    sessions = [
        q["sql"].split()[0] for q in queries.captured_queries if "django_session" in q["sql"]
    ]
    # Read (from the database, or from the cache where the sessions are cached), not written.
    assert set(sessions) <= {"SELECT"}
