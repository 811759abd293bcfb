"""The rules pages: one step at a time, each at its own address, so they work without
JavaScript (the step picker and previous/next are plain links)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.rules import pages


def rules_page(request: HttpRequest, game: str, step: int = 1) -> HttpResponse:
    """The rules of ``game`` at ``step``, with the points, tips and options."""
    page = pages.rules_page(game)
    if page is None:
        raise Http404(_("There are no rules for this game here."))
    if not 1 <= step <= len(page.steps):
        raise Http404(_("There is no such step."))
    current = page.steps[step - 1]
    context = {
        "game": game,
        "steps": page.steps,
        "step": current,
        "illustration": current.build(),
        "previous": page.steps[step - 2] if step > 1 else None,
        "next": page.steps[step] if step < len(page.steps) else None,
        **page.extra_context(),
    }
    return render(request, page.template, context)
