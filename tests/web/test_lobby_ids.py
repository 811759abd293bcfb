"""Every game's forms are on the lobby at once: no two elements share an id, and a label is for
its own game's field (a click on "Expert" for tile rummy changed Thousand's form)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_no_two_elements_of_the_lobby_share_an_id(alice_client: Client) -> None:
    page = alice_client.get(reverse("lobby")).content.decode()
    ids = Counter(re.findall(r'\sid="([^"]+)"', page))
    assert [name for name, count in ids.items() if count > 1] == []
    for target in re.findall(r'<label[^>]*\sfor="([^"]+)"', page):
        assert ids[target] == 1, target


def test_each_games_level_choice_is_its_own(alice_client: Client) -> None:
    page = alice_client.get(reverse("lobby")).content.decode()
    for game in ("thousand", "rummy"):
        section = page[page.index(f'id="new-{game}"') :]
        section = section[: section.index("</form>")]
        level_ids = re.findall(r'<input[^>]*name="level"[^>]*id="([^"]+)"', section)
        assert level_ids, game
        assert all(level_id.startswith(f"id_{game}_practice_level") for level_id in level_ids)
