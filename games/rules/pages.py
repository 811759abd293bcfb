"""Where a game's rules page is: each game gives its own (``GameSpec.rules_page``)."""

from __future__ import annotations

import functools

from django.urls import get_script_prefix, reverse

from games.core.registry import all_specs
from games.rules.steps import RulesPage


def rules_page(game: str) -> RulesPage | None:
    """The rules page of the game ``game`` (its ``Match.game``), if it has one."""
    for spec in all_specs():
        if spec.key == game:
            return spec.table.rules_page
    return None


def rules_url(game: str, step: int | None = None) -> str:
    """The address of ``game``'s rules page (at ``step``), or "" for a game without one."""
    return _rules_url(game, step, get_script_prefix())


@functools.lru_cache(maxsize=256)
def _rules_url(game: str, step: int | None, prefix: str) -> str:
    # Every table links its options to their steps: reversed once per address, not per page.
    if rules_page(game) is None:
        return ""
    if step is None:
        return reverse("rules", args=[game])
    return reverse("rules_step", args=[game, step]) + "#step"
