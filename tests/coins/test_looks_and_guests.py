"""Owned cosmetics are chosen on the profile (only owned ones); a guest checks in, buys and
chooses as anyone does, and saving the account keeps it all (the same user row)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from accounts import coins
from accounts.models import OwnedCosmetic, Profile

from .conftest import balance_of, client_of, fund, ledger_of


def looks(user: AbstractBaseUser) -> tuple[str, str, str, str]:
    profile = Profile.objects.get(user=user)
    return (profile.felt, profile.card_back, profile.tile_style, profile.avatar_frame)


def test_owned_items_are_chosen_on_the_profile(
    alice: AbstractBaseUser, alice_client: Client, carol: AbstractBaseUser
) -> None:
    fund(alice, 340, carol)
    for slug in ("felt-walnut", "card-back-deco", "frame-silver"):
        coins.buy(alice, slug)
    page = alice_client.get(reverse("profile")).content.decode()
    assert 'id="look-felt-walnut"' in page
    assert 'id="look-felt-navy"' not in page  # not owned: not offered
    assert 'value="felt-green" id="look-felt-green" checked' in page

    saved = alice_client.post(
        reverse("choose_looks"),
        {
            "felt": "felt-walnut",
            "card_back": "card-back-deco",
            "tile_style": "tiles-ivory",
            "avatar_frame": "frame-silver",
        },
        follow=True,
    )

    assert "Your table&#x27;s look is saved." in saved.content.decode()
    assert looks(alice) == ("felt-walnut", "card-back-deco", "", "frame-silver")
    assert 'value="felt-walnut" id="look-felt-walnut" checked' in saved.content.decode()


def test_an_item_not_owned_cannot_be_chosen(
    alice: AbstractBaseUser, alice_client: Client, carol: AbstractBaseUser
) -> None:
    fund(alice, 100, carol)
    coins.buy(alice, "felt-navy")
    alice_client.post(reverse("choose_looks"), {"felt": "felt-navy"})

    refused = alice_client.post(
        reverse("choose_looks"), {"felt": "felt-green", "card_back": "card-back-deco"}, follow=True
    )

    assert "You can only choose items you own." in refused.content.decode()
    assert looks(alice) == ("felt-navy", "", "", "")
    for wrong_kind in ({"felt": "card-back-classic"}, {"avatar_frame": "felt-navy"}):
        alice_client.post(reverse("choose_looks"), wrong_kind)
        assert looks(alice) == ("felt-navy", "", "", ""), wrong_kind


def test_a_guest_checks_in_buys_and_keeps_it_all_when_saving_the_account(
    gus: AbstractBaseUser, carol: AbstractBaseUser
) -> None:
    guest = client_of(gus)
    guest.post(reverse("check_in"), {"time_zone": "Europe/Warsaw"})
    fund(gus, 60, carol)
    guest.post(reverse("buy"), {"item": "felt-navy"})
    guest.post(reverse("choose_looks"), {"felt": "felt-navy"})
    assert balance_of(gus) == 10

    saved = guest.post(
        reverse("guest_upgrade"),
        {
            "username": "gus",
            "display_name": "Gus",
            "email": "",
            "password1": "plenty of playing cards",
            "password2": "plenty of playing cards",
        },
    )

    assert saved.status_code == 302
    user = get_user_model().objects.get(username="gus")
    assert user.pk == gus.pk
    assert user.profile.is_guest is False
    assert balance_of(user) == 10
    assert ledger_of(user) == [
        (10, "check_in", ""),
        (60, "staff_grant", ""),
        (-60, "purchase", "felt-navy"),
    ]
    assert list(OwnedCosmetic.objects.filter(user=user).values_list("item", flat=True)) == [
        "felt-navy"
    ]
    assert looks(user) == ("felt-navy", "", "", "")
    assert user.profile.time_zone == "Europe/Warsaw"
    assert coins.standing(user).checked_in_today is True


def test_the_header_shows_the_balance_and_a_waiting_check_in(
    alice: AbstractBaseUser, alice_client: Client, carol: AbstractBaseUser
) -> None:
    fund(alice, 125, carol)

    page = alice_client.get(reverse("lobby")).content.decode()

    assert (
        f'<a class="nav-coins check-in-due" href="{reverse("shop")}" id="nav-coins" '
        'title="Coins and the shop" '
        'aria-label="125 coins: the shop, today\'s check-in is waiting">'
    ) in page
    assert '<span class="nav-coins-count">125</span>' in page

    alice_client.post(reverse("check_in"))
    page = alice_client.get(reverse("lobby")).content.decode()

    assert (
        f'<a class="nav-coins" href="{reverse("shop")}" id="nav-coins" '
        'title="Coins and the shop" aria-label="135 coins: the shop">'
    ) in page
