"""A match's addresses are reversed once and kept, for the script prefix they were asked under."""

from __future__ import annotations

from django.urls import get_script_prefix, reverse, set_script_prefix

from games.rendering import match_urls


def test_each_address_is_the_reversed_one_under_each_prefix() -> None:
    before = get_script_prefix()
    try:
        for prefix in ("/", "/cards/", "/"):
            set_script_prefix(prefix)
            urls = match_urls(41)
            assert (urls.act, urls.next, urls.resign, urls.table) == (
                reverse("match_act", args=[41]),
                reverse("match_next", args=[41]),
                reverse("match_resign", args=[41]),
                reverse("match_table", args=[41]),
            )
            assert urls.table.startswith(prefix)
        assert match_urls(42).act == reverse("match_act", args=[42])
    finally:
        set_script_prefix(before)
