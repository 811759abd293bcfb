"""A guest's tile rummy table with 13 sets on it, for the browser tests of the table's faults.

Four players; the guest made an initial meld, then each computer laid four sets, so the
table wraps over several rows (on a phone, over many).
"""

from __future__ import annotations

import re
from collections import Counter

from django.db import transaction
from playwright.sync_api import Locator, Page, expect

from games.models import Match, Round
from games.rummy.engine import FULL_SET, GameSetup, parse_tiles

GUEST = "R10 R11 R12 K1 O3 R5 B4 B8 K10 O4 O9 K9 B13 R6"
COMPUTERS = (
    "R1 R2 R3 R4 B5 J B7 K11 K12 K13 O5 O6 O7 R9",
    "R7 B7 K7 B1 B2 B3 O10 O11 O12 K4 K5 K6 K7 O1",
    "K8 R8 O8 B9 B10 B11 B12 R13 B13 K13 K1 K2 K3 J",
)
TURNS = (
    "R10 R11 R12",
    "R1 R2 R3 R4|B5 J B7|K11 K12 K13|O5 O6 O7",
    "R7 B7 K7|B1 B2 B3|O10 O11 O12|K4 K5 K6 K7",
    "K8 R8 O8|B9 B10 B11 B12|R13 B13 K13|K1 K2 K3",
)
SETS = [set for turn in TURNS for set in turn.split("|")]
"""The table when the guest's turn comes, set by set."""
RACK = GUEST.split()[3:]


def table_after(turn: int) -> str:
    return "play:" + "|".join(TURNS[: turn + 1])


def start_a_busy_game(page: Page, base: str) -> Match:
    """From the home page, a guest's four-player practice match at the busy table, the
    guest to move."""
    page.goto(base + "/")
    page.get_by_role("button", name="Play now").click()
    expect(page).to_have_url(re.compile(r"/play/$"))
    form = page.locator("#new-rummy")
    form.locator("input[name=players][value='4']").check()
    form.locator("input[name=level][value=beginner]").check()
    form.locator("input[name=games][value='1']").check()
    page.locator("#start-rummy").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    # Under the match's lock, as every move is made: a computer's move computed meanwhile is
    # refused as stale.
    with transaction.atomic():
        match = Match.objects.select_for_update().latest("pk")
        racks = (GUEST, *COMPUTERS)
        pool = Counter(FULL_SET) - Counter(parse_tiles(" ".join(racks)))
        setup = GameSetup(
            tuple(tuple(sorted(parse_tiles(rack))) for rack in racks),
            tuple(sorted(pool.elements())),
            0,
        )
        Round.objects.filter(match=match).update(
            setup={"deal": setup.to_record(), "scores": list(match.scores)},
            actions=[table_after(turn) for turn in range(len(TURNS))],
        )
        match.progress = {**match.progress, "first": 0}
        match.version += 10
        match.save(update_fields=["progress", "version"])
    page.evaluate("window.sessionStorage.clear()")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    expect(page.locator("#turn-form")).to_be_visible(timeout=15_000)
    return match


def board_sets(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#board .meld:not(.new-meld)",
        "sets => sets.map(s => [...s.querySelectorAll('.tile')]"
        ".map(t => t.dataset.tile).join(' '))",
    )


def rack_codes(page: Page) -> list[str]:
    return page.eval_on_selector_all("#rack .tile", "ts => ts.map(t => t.dataset.tile)")


def rack_tile(page: Page, code: str) -> Locator:
    return page.locator(f'#rack .tile[data-tile="{code}"]').first


def the_set(page: Page, codes: str) -> Locator:
    """The set on the table whose tiles are ``codes``."""
    index = board_sets(page).index(codes)
    return page.locator("#board .meld:not(.new-meld)").nth(index)
