"""The lobby starts from the person's last choices, lists variants and places."""

from __future__ import annotations

import re

from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Match
from games.thousand.engine import Rules


def checked(page: str, name: str) -> list[str]:
    """The values of the checked radio buttons named ``name`` in Thousand's form."""
    form = page.split('id="new-thousand"', 1)[1].split("</form>", 1)[0]
    inputs = re.findall(rf'<input[^>]*name="{name}"[^>]*>', form)
    return [re.search(r'value="([^"]*)"', tag).group(1) for tag in inputs if "checked" in tag]  # type: ignore[union-attr]


def test_a_first_visit_offers_the_house_rules(alice_client: Client) -> None:
    page = alice_client.get(reverse("lobby")).content.decode()
    assert checked(page, "target") == ["1000"]
    assert checked(page, "following") == ["must_beat"]
    assert checked(page, "level") == ["normal"]
    assert checked(page, "players") == ["3"]


def test_the_form_remembers_the_last_practice_match(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal")
    variant = Rules(target=500, following="classic", players=4).to_dict()
    services.create_practice_match(alice, "thousand", variant, "expert", players=4)
    page = alice_client.get(reverse("lobby")).content.decode()
    assert checked(page, "target") == ["500"]
    assert checked(page, "following") == ["classic"]
    assert checked(page, "bid_step") == ["10"]
    assert checked(page, "level") == ["expert"]
    assert checked(page, "players") == ["4"]


def test_matches_in_progress_show_their_variants_and_finished_ones_the_place(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    variant = Rules(target=500, bid_step=5, rounding="five").to_dict()
    playing = services.create_practice_match(alice, "thousand", variant, "normal")
    finished = services.create_practice_match(alice, "thousand", Rules().to_dict(), "normal")
    Match.objects.filter(pk=finished.pk).update(
        status=Match.Status.FINISHED, winner=2, scores=[600, 300, 1010]
    )
    page = alice_client.get(reverse("lobby")).content.decode()
    resume, done = page.split("Recently finished")
    assert f"/play/{playing.pk}/" in resume
    assert "to 500 · Bids in steps of 5 · Opponents round to 5 ·" in resume
    assert '<span class="badge place">2nd place</span>' in done
    assert "Lost" not in done


def test_the_forms_drawn_once_follow_each_persons_choices_and_language(
    alice: AbstractBaseUser, alice_client: Client, bob_client: Client
) -> None:
    lobby = reverse("lobby")
    assert checked(alice_client.get(lobby).content.decode(), "level") == ["normal"]
    services.create_practice_match(alice, "thousand", Rules(target=500).to_dict(), "expert")

    alices = alice_client.get(lobby).content.decode()
    bobs = bob_client.get(lobby).content.decode()
    bobs_in_polish = bob_client.get(lobby, HTTP_ACCEPT_LANGUAGE="pl").content.decode()

    assert (checked(alices, "level"), checked(alices, "target")) == (["expert"], ["500"])
    assert (checked(bobs, "level"), checked(bobs, "target")) == (["normal"], ["1000"])
    assert "Start the match" in bobs
    assert "Zacznij partię" not in bobs
    assert "Zacznij partię" in bobs_in_polish
    assert "Start the match" not in bobs_in_polish
    assert checked(bobs_in_polish, "level") == ["normal"]


def test_a_refused_form_shows_its_errors_once_and_the_next_visit_starts_clean(
    bob_client: Client,
) -> None:
    lobby = reverse("lobby")
    bob_client.get(lobby)
    refused = bob_client.post(
        lobby, {"game": "thousand", "mode": "practice", "level": "grandmaster", "players": "3"}
    )
    assert refused.status_code == 400
    assert "grandmaster is not one of the available choices" in refused.content.decode()
    again = bob_client.get(lobby).content.decode()
    assert "is not one of the available choices" not in again
    assert checked(again, "level") == ["normal"]
