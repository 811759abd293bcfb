"""The daily check-in: one a calendar day in the person's own time zone, more coins on each
day of a streak (up to the seventh), the streak back to one after a missed day."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from accounts import coins
from accounts.models import Profile

from .conftest import balance_of, ledger_of

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def days(start: datetime, count: int) -> list[datetime]:
    return [start + timedelta(days=number) for number in range(count)]


def test_the_first_check_in_gives_10_coins_and_starts_a_streak(alice: AbstractBaseUser) -> None:
    done = coins.check_in(alice, now=NOON)

    assert (done.coins, done.streak, done.day) == (10, 1, date(2026, 12, 1))
    assert balance_of(alice) == 10
    assert ledger_of(alice) == [(10, "check_in", "")]


def test_a_second_check_in_the_same_day_is_refused_and_changes_nothing(
    alice: AbstractBaseUser,
) -> None:
    coins.check_in(alice, now=NOON)

    with pytest.raises(coins.CoinError) as refused:
        coins.check_in(alice, now=NOON + timedelta(hours=11, minutes=59))

    assert refused.value.code == "already"
    assert str(refused.value) == (
        "You have checked in today already. Come back tomorrow for more coins."
    )
    assert balance_of(alice) == 10
    assert ledger_of(alice) == [(10, "check_in", "")]


def test_each_day_in_a_row_gives_5_more_up_to_40_on_the_seventh(alice: AbstractBaseUser) -> None:
    rewards = [coins.check_in(alice, now=when).coins for when in days(NOON, 9)]

    assert rewards == [10, 15, 20, 25, 30, 35, 40, 40, 40]
    assert balance_of(alice) == 255
    assert coins.wallet_of(alice).streak == 9


def test_a_missed_day_breaks_the_streak(alice: AbstractBaseUser) -> None:
    for when in days(NOON, 3):
        coins.check_in(alice, now=when)
    assert coins.standing(alice, now=NOON + timedelta(days=3)).streak == 3

    # Nothing on December 4th: on the 5th the streak is gone, and starts again at one.
    assert coins.standing(alice, now=NOON + timedelta(days=4)).streak == 0
    assert coins.standing(alice, now=NOON + timedelta(days=4)).next_reward == 10
    again = coins.check_in(alice, now=NOON + timedelta(days=4))

    assert (again.coins, again.streak) == (10, 1)
    assert [amount for amount, _reason, _item in ledger_of(alice)] == [10, 15, 20, 10]


def test_a_new_day_begins_at_midnight_in_the_persons_time_zone(
    alice: AbstractBaseUser, bob: AbstractBaseUser
) -> None:
    Profile.objects.filter(user=alice).update(time_zone="Pacific/Auckland")  # UTC+13 now
    alice.refresh_from_db()
    before_midnight = datetime(2026, 12, 1, 10, 30, tzinfo=UTC)  # 23:30 in Auckland
    after_midnight = datetime(2026, 12, 1, 11, 30, tzinfo=UTC)  # 00:30 on the 2nd there

    first = coins.check_in(alice, now=before_midnight)
    second = coins.check_in(alice, now=after_midnight)

    assert (first.day, second.day) == (date(2026, 12, 1), date(2026, 12, 2))
    assert (second.coins, second.streak) == (15, 2)
    # Bob's browser never said: his days are the site's (UTC), the same day both times.
    coins.check_in(bob, now=before_midnight)
    with pytest.raises(coins.CoinError):
        coins.check_in(bob, now=after_midnight)
    assert balance_of(bob) == 10


def test_west_of_utc_the_utc_date_changing_is_not_a_new_day(alice: AbstractBaseUser) -> None:
    coins.check_in(alice, "America/Los_Angeles", now=datetime(2026, 12, 1, 20, 0, tzinfo=UTC))

    # 07:00 UTC on the 2nd is still 23:00 on the 1st in Los Angeles.
    with pytest.raises(coins.CoinError):
        coins.check_in(alice, now=datetime(2026, 12, 2, 7, 0, tzinfo=UTC))
    assert coins.check_in(alice, now=datetime(2026, 12, 2, 8, 0, tzinfo=UTC)).streak == 2


def test_moving_west_after_a_check_in_gives_no_second_one_that_day(
    alice: AbstractBaseUser,
) -> None:
    coins.check_in(alice, "Pacific/Auckland", now=datetime(2026, 12, 1, 12, 0, tzinfo=UTC))

    # It is the 2nd in Auckland, still the 1st in Honolulu: the day checked in is not over.
    with pytest.raises(coins.CoinError):
        coins.check_in(alice, "Pacific/Honolulu", now=datetime(2026, 12, 1, 13, 0, tzinfo=UTC))
    assert balance_of(alice) == 10


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("Europe/Warsaw", "Europe/Warsaw"),
        ("Mars/Olympus_Mons", ""),
        ("../../etc/passwd", ""),
        ("", ""),
    ],
)
def test_the_browsers_time_zone_is_kept_when_it_is_a_real_one(
    alice: AbstractBaseUser, alice_client: Client, sent: str, kept: str
) -> None:
    response = alice_client.post(reverse("check_in"), {"time_zone": sent}, follow=True)

    assert response.status_code == 200
    alice.profile.refresh_from_db()
    assert alice.profile.time_zone == kept
    assert balance_of(alice) == 10
    assert "Checked in: +10 coins. Day 1 of your streak." in response.content.decode()


def test_the_shop_page_says_when_today_is_done_and_what_tomorrow_gives(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    page = alice_client.get(reverse("shop")).content.decode()
    assert 'id="check-in-button"' in page
    assert "Check in for today: +10 coins" in page

    alice_client.post(reverse("check_in"), {"time_zone": "UTC"})
    again = alice_client.post(reverse("check_in"), {"time_zone": "UTC"}, follow=True)

    page = again.content.decode()
    assert "You have checked in today already. Come back tomorrow for more coins." in page
    assert 'id="check-in-button"' not in page
    assert "You have checked in today. Come back tomorrow for 15 coins." in page
    assert "<strong>1</strong> day in a row" in page
    assert balance_of(alice) == 10


def test_the_check_in_needs_a_signed_in_person_and_a_post(
    client: Client, alice_client: Client, alice: AbstractBaseUser
) -> None:
    anonymous = client.post(reverse("check_in"))
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("account_login"))
    assert alice_client.get(reverse("check_in")).status_code == 405
    assert balance_of(alice) == 0
