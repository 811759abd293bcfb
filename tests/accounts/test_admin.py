from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from accounts.models import Profile

pytestmark = pytest.mark.django_db


def change_url(profile: Profile) -> str:
    return f"/admin/accounts/profile/{profile.pk}/change/"


def test_staff_find_profiles_in_the_admin(admin_client: Client, alice: AbstractBaseUser) -> None:
    response = admin_client.get("/admin/accounts/profile/?q=alice")
    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == [alice.profile]


def test_the_admin_renames_under_the_same_rules(
    admin_client: Client, alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    refused = admin_client.post(change_url(bob.profile), {"display_name": "ALICE"})
    assert refused.status_code == 200
    assert refused.context["adminform"].form.errors == {
        "display_name": ["This display name is already taken."]
    }

    accepted = admin_client.post(change_url(bob.profile), {"display_name": " Bob   the  Builder "})
    assert accepted.status_code == 302
    assert Profile.objects.get(user=bob).display_name == "Bob the Builder"


def test_profiles_are_not_added_by_hand(admin_client: Client) -> None:
    assert admin_client.get("/admin/accounts/profile/add/").status_code == 403
