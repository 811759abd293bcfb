"""The coins pages: the shop (with the daily check-in at its top), the ledger, and the
choice of owned cosmetics on the profile. Guests use them as everyone does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from accounts import coins, cosmetics
from accounts.models import CoinEntry
from games.core.http import SignedInRequest

if TYPE_CHECKING:
    from django.contrib.auth.models import User

LEDGER_PAGE_SIZE = 30


@dataclass
class ShelfItem:
    item: cosmetics.Cosmetic
    owned: bool
    in_use: bool
    affordable: bool


@dataclass
class Shelf:
    kind: cosmetics.Kind
    title: Promise
    help: Promise
    items: list[ShelfItem]


def shelves(user: User, balance: int) -> list[Shelf]:
    """The catalogue by kind, each item marked owned, in use, or affordable for ``user``."""
    owned = coins.owned_slugs(user)
    return [
        Shelf(
            kind=kind,
            title=cosmetics.KIND_NAMES[kind],
            help=cosmetics.KIND_HELP[kind],
            items=[
                ShelfItem(
                    item=item,
                    owned=item.slug in owned,
                    in_use=cosmetics.chosen(user, kind) == item,
                    affordable=item.price <= balance,
                )
                for item in cosmetics.of_kind(kind)
            ],
        )
        for kind in cosmetics.Kind
    ]


def owned_shelves(user: User) -> list[Shelf]:
    """The profile's choice: each kind with the items ``user`` owns."""
    owned = []
    for shelf in shelves(user, 0):
        shelf.items = [entry for entry in shelf.items if entry.owned]
        owned.append(shelf)
    return owned


@login_required
@require_GET
def shop(request: SignedInRequest) -> HttpResponse:
    standing = coins.standing(request.user)
    context = {"standing": standing, "shelves": shelves(request.user, standing.balance)}
    return render(request, "accounts/shop.html", context)


@login_required
@require_POST
def check_in(request: SignedInRequest) -> HttpResponse:
    try:
        done = coins.check_in(request.user, request.POST.get("time_zone", ""))
    except coins.CoinError as error:
        messages.info(request, str(error))
    else:
        # Two sentences, each with its own plural: the coins' and the streak's.
        gained = ngettext(
            "Checked in: +%(coins)d coin.", "Checked in: +%(coins)d coins.", done.coins
        ) % {"coins": done.coins}
        streak = ngettext(
            "Day %(streak)d of your streak.", "%(streak)d days in a row.", done.streak
        ) % {"streak": done.streak}
        messages.success(request, f"{gained} {streak}")
    return redirect("shop")


@login_required
@require_POST
def buy(request: SignedInRequest) -> HttpResponse:
    try:
        item = coins.buy(request.user, request.POST.get("item", ""))
    except coins.CoinError as error:
        messages.error(request, str(error))
        return redirect("shop")
    messages.success(
        request,
        gettext("“%(item)s” is yours: choose it on your profile to use it.") % {"item": item.name},
    )
    return redirect("shop")


@login_required
@require_GET
def ledger(request: SignedInRequest) -> HttpResponse:
    entries = CoinEntry.objects.filter(user=request.user)
    page = Paginator(entries, LEDGER_PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [(entry, cosmetics.find(entry.item)) for entry in page.object_list]
    context = {"standing": coins.standing(request.user), "page": page, "rows": rows}
    return render(request, "accounts/coins.html", context)


@login_required
@require_POST
def choose_looks(request: SignedInRequest) -> HttpResponse:
    """The profile's form of owned cosmetics: one radio group per kind."""
    slugs = [request.POST[kind.value] for kind in cosmetics.Kind if request.POST.get(kind.value)]
    try:
        coins.choose(request.user, slugs)
    except coins.CoinError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, gettext("Your table's look is saved."))
    return redirect("profile")
