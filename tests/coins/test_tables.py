"""Cosmetics at the tables: the viewer's own felt and card backs at Thousand, tiles at tile
rummy; the avatar frame everyone at the table sees. Nothing else of the table changes, and
games neither cost nor award coins."""

from __future__ import annotations

import re

from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from accounts import coins
from accounts.models import CoinEntry, Wallet
from games import services
from games.models import Match
from games.thousand.engine import Rules
from tests.history.conftest import near_the_end, play_out
from tests.web.conftest import (  # noqa: F401  (fixtures)
    _quick_computers,
    runner_requests,
    script_deal,
)

from .conftest import client_of, fund


def dress(user: AbstractBaseUser, staff: AbstractBaseUser, *slugs: str) -> None:
    """``user`` buys the items ``slugs`` and uses them."""
    fund(user, sum(coins.cosmetics.BY_SLUG[slug].price for slug in slugs), staff)
    for slug in slugs:
        coins.buy(user, slug)
    coins.choose(user, list(slugs))


def table_classes(html: str) -> set[str]:
    found = re.search(r'<section id="table" class="([^"]*)"', html)
    assert found is not None
    return set(found.group(1).split())


def avatar_frames(html: str) -> dict[str, str]:
    """Each avatar's seat number and the frame class on it ("" for none)."""
    return {
        number: rest.strip()
        for number, rest in re.findall(r'<span class="avatar avatar-(\d)([^"]*)"', html)
    }


def friends_table(alice: AbstractBaseUser, bob: AbstractBaseUser) -> Match:
    """Alice (seat 0) and Bob (seat 1) at a started table of three, a computer in seat 2."""
    match = services.create_friends_table(
        alice, "thousand", Rules().to_dict(), 3, computers={2: "normal"}, seed=3
    )
    services.join_table(match.pk, bob)
    services.start_table(match.pk, user=alice)
    return match


def test_each_viewer_sees_their_own_felt_and_backs_and_everyones_frames(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    dress(alice, carol, "felt-navy", "card-back-blue", "frame-gold")
    match = friends_table(alice, bob)

    alices = client_of(alice).get(f"/play/{match.pk}/").content.decode()
    bobs = client_of(bob).get(f"/play/{match.pk}/").content.decode()

    assert {"felt-navy", "card-back-blue"} <= table_classes(alices)
    assert not {"felt-green", "card-back-classic"} & table_classes(alices)
    assert {"felt-green", "card-back-classic"} <= table_classes(bobs)
    assert not {"felt-navy", "card-back-blue"} & table_classes(bobs)
    assert avatar_frames(alices) == {"0": "frame-gold", "1": "frame-none", "2": "frame-none"}
    assert avatar_frames(bobs) == {"0": "frame-gold", "1": "frame-none", "2": "frame-none"}


def test_the_tile_style_is_the_viewers_own_at_tile_rummy(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    dress(alice, carol, "tiles-night")
    mine = services.create_practice_match(alice, "rummy", {"games": 1}, "beginner", players=2)
    theirs = services.create_practice_match(bob, "rummy", {"games": 1}, "beginner", players=2)

    alices = client_of(alice).get(f"/play/{mine.pk}/").content.decode()
    bobs = client_of(bob).get(f"/play/{theirs.pk}/").content.decode()

    assert "tiles-night" in table_classes(alices)
    assert "tiles-ivory" in table_classes(bobs)


def the_table(client: Client, match: Match) -> str:
    """The ``#table`` fragment, without the per-response CSRF tokens."""
    html = client.get(f"/play/{match.pk}/").content.decode()
    fragment = html[html.index('<section id="table"') : html.index('<div id="announcer"')]
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", fragment)


def test_cosmetics_change_only_classes_of_the_table(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    match = script_deal(
        services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=1)
    )
    client = client_of(alice)
    plain = the_table(client, match)

    dress(alice, carol, "felt-charcoal", "card-back-deco", "frame-ruby")
    dressed = the_table(client, match)

    assert dressed != plain
    assert (
        dressed.replace("felt-charcoal", "felt-green")
        .replace("card-back-deco", "card-back-classic")
        .replace("frame-ruby", "frame-none")
        == plain
    )


def test_a_match_played_to_its_end_neither_costs_nor_awards_coins(
    alice: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    fund(alice, 40, carol)
    match = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal", seed=1)

    finished = play_out(near_the_end(match, [950, 0, 0]))

    assert finished.is_finished
    assert finished.winner == 0
    assert list(Wallet.objects.values_list("user", "balance")) == [(alice.pk, 40)]
    assert CoinEntry.objects.count() == 1


def test_the_other_players_see_your_avatar_frame_at_tile_rummy(
    alice: AbstractBaseUser, bob: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    dress(alice, carol, "frame-gold")
    match = services.create_friends_table(alice, "rummy", {"games": 1}, 2, seed=3)
    services.join_table(match.pk, bob)
    services.start_table(match.pk, user=alice)

    bobs = client_of(bob).get(f"/play/{match.pk}/").content.decode()
    alices = client_of(alice).get(f"/play/{match.pk}/").content.decode()

    assert avatar_frames(bobs) == {"0": "frame-gold"}
    assert avatar_frames(alices) == {"1": "frame-none"}
