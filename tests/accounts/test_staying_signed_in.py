"""A session lasts a year from the last visit, so a guest who keeps playing never loses the
account: it has no password to sign in with again."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.middleware import LAST_VISIT_KEY

pytestmark = pytest.mark.django_db

YEAR = 60 * 60 * 24 * 365


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
