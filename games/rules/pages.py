"""The games that have a rules page, by their registry key (``Match.game``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.urls import get_script_prefix, reverse

from games.rules import rummy, thousand
from games.rules.steps import Step


@dataclass(frozen=True)
class RulesPage:
    steps: Sequence[Step]
    extra_context: Callable[[], dict[str, Any]]
    template: str


RULES_PAGES = {
    "thousand": RulesPage(thousand.STEPS, thousand.page_context, "games/rules/thousand.html"),
    "rummy": RulesPage(rummy.STEPS, rummy.page_context, "games/rules/rummy.html"),
}


def rules_url(game: str, step: int | None = None) -> str:
    """The address of ``game``'s rules page (at ``step``), or "" for a game without one."""
    return _rules_url(game, step, get_script_prefix())


@functools.lru_cache(maxsize=256)
def _rules_url(game: str, step: int | None, prefix: str) -> str:
    # Every table links its options to their steps: reversed once per address, not per page.
    if game not in RULES_PAGES:
        return ""
    if step is None:
        return reverse("rules", args=[game])
    return reverse("rules_step", args=[game, step]) + "#step"
