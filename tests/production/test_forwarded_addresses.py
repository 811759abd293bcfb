"""The sign-in limits count the address the server saw, and a forwarded address only when it
comes from the proxy the server names (``--forwarded-allow-ips``): a client that reaches the
server some other way cannot forge its way past the limits."""

from __future__ import annotations

import http.client
import re
import urllib.parse
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from .conftest import Server, ServerFactory, needs_services

pytestmark = needs_services

PROXY = "127.0.0.2"
"""The proxy in front of the server: a loopback address of its own, so that a client on
127.0.0.1 is somewhere else."""
PASSWORD = "a long enough pass phrase"
TOO_MANY = "Too many failed login attempts"


class Browser:
    """A client with its own cookies, connecting from ``source``."""

    def __init__(self, server: Server, source: str) -> None:
        self.server = server
        self.source = source
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: str = "", **headers: str) -> str:
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.server.port, timeout=20, source_address=(self.source, 0)
        )
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        sent = {"Cookie": cookie, **headers} if cookie else dict(headers)
        if body:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body or None, headers=sent)
        answer = connection.getresponse()
        for header, value in answer.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        text = answer.read().decode()
        connection.close()
        return text

    def sign_in(self, password: str, forwarded_for: str) -> str:
        self.request("GET", "/accounts/login/")
        form = urllib.parse.urlencode(
            {
                "login": "alice",
                "password": password,
                "csrfmiddlewaretoken": self.cookies["csrftoken"],
            }
        )
        return self.request(
            "POST",
            "/accounts/login/",
            form,
            **{"X-Forwarded-For": forwarded_for, "Referer": self.server.url + "/"},
        )


@pytest.fixture
def alice_with_password(transactional_db: None) -> Iterator[None]:
    """Alice, with no sign-in tries counted yet: the limits count in the cache the servers
    share with the tests, keyed by the server's host and port, and a port freed by an earlier
    test's server may be handed to this one's."""
    cache.clear()
    get_user_model().objects.create_user(username="alice", password=PASSWORD)
    yield
    cache.clear()


@pytest.mark.usefixtures("alice_with_password")
def test_forged_forwarded_addresses_from_elsewhere_count_for_nothing(
    start_server: ServerFactory,
) -> None:
    server = start_server(trusted_proxy=PROXY)
    attacker = Browser(server, "127.0.0.1")
    answers = [attacker.sign_in("guess", f"192.0.2.{n}") for n in range(15)]

    refused = [TOO_MANY in answer for answer in answers]
    assert refused == [False] * 5 + [True] * 10
    assert TOO_MANY in attacker.sign_in(PASSWORD, "192.0.2.99")


@pytest.mark.usefixtures("alice_with_password")
def test_the_named_proxys_forwarded_address_is_the_one_counted(
    start_server: ServerFactory,
) -> None:
    server = start_server(trusted_proxy=PROXY)
    attacker = Browser(server, PROXY)
    for _ in range(5):
        assert TOO_MANY not in attacker.sign_in("guess", "203.0.113.66")
    assert TOO_MANY in attacker.sign_in(PASSWORD, "203.0.113.66")

    # The owner, forwarded by the same proxy from another address, signs in.
    owner = Browser(server, PROXY)
    owner.sign_in(PASSWORD, "198.51.100.7")
    assert re.search(r"alice", owner.request("GET", "/account/profile/"))
