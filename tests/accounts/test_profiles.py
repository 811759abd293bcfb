from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import IntegrityError, transaction

from accounts.models import Profile
from accounts.profiles import rename

pytestmark = pytest.mark.django_db


def test_a_new_user_gets_a_profile_named_after_the_username() -> None:
    user = get_user_model().objects.create_user("dorota", password="x")
    assert user.profile.display_name == "dorota"
    assert user.profile.display_name_key == "dorota"
    assert user.profile.is_guest is False


def test_createsuperuser_gets_a_numbered_name_as_admin_is_reserved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "x")
    call_command("createsuperuser", "--noinput", username="admin", email="admin@example.com")
    profile = Profile.objects.get(user__username="admin")
    prefix, number = profile.display_name.split(" ")
    assert prefix == "Player"
    assert len(number) == 4


def test_a_username_taken_as_a_display_name_in_another_case_gives_a_numbered_name(
    alice: AbstractBaseUser,
) -> None:
    user = get_user_model().objects.create_user("ALICE", password="x")
    assert user.profile.display_name.startswith("Player ")


def test_a_username_that_is_no_valid_display_name_gives_a_numbered_name() -> None:
    user = get_user_model().objects.create_user("jo@home", password="x")
    assert user.profile.display_name.startswith("Player ")


def test_the_database_refuses_two_names_equal_up_to_ascii_case(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    # A bulk update skips save() and the Python-side key: the Lower() constraint still holds.
    with pytest.raises(IntegrityError), transaction.atomic():
        Profile.objects.filter(user=bob).update(display_name="aLiCe")


def test_the_database_refuses_two_names_equal_up_to_polish_case(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    rename(alice.profile, "Łucja")
    profile = bob.profile
    profile.display_name = "ŁUCJA"
    with pytest.raises(IntegrityError), transaction.atomic():
        profile.save()


def test_rename_gives_up_and_keeps_the_old_name_when_the_new_one_is_taken(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    assert rename(bob.profile, "ALICE") is False
    assert bob.profile.display_name == "bob"
    assert Profile.objects.get(user=bob).display_name == "bob"


def test_full_clean_reports_a_taken_name_on_the_display_name_field(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    profile = bob.profile
    profile.display_name = "  alice "
    with pytest.raises(ValidationError) as caught:
        profile.full_clean()
    assert caught.value.message_dict == {"display_name": ["This display name is already taken."]}


def test_full_clean_applies_the_naming_rules(bob: AbstractBaseUser) -> None:
    profile = bob.profile
    profile.display_name = "Moderator"
    with pytest.raises(ValidationError) as caught:
        profile.full_clean()
    assert list(caught.value.message_dict) == ["display_name"]


def test_a_guest_gets_a_guest_name_and_an_unusable_password(charlie: AbstractBaseUser) -> None:
    prefix, number = charlie.profile.display_name.split(" ")
    assert (prefix, len(number)) == ("Guest", 4)
    assert charlie.profile.is_guest is True
    assert charlie.has_usable_password() is False
    assert charlie.get_username().startswith("guest-")


def test_deleting_a_user_deletes_the_profile(bob: AbstractBaseUser) -> None:
    bob.delete()
    assert not Profile.objects.filter(display_name="bob").exists()
