"""The tile rummy table's words for the tiles (issue 27, item 5): the log names the tiles each
play put on the table, the others' tiles stay marked until the viewer's next turn, and
refusals and the rules pages name tiles in the reader's language, never in notation."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest
from django.test import Client
from django.utils import translation

from games.rummy.engine import parse_tiles
from games.rummy.web.log import game_log, played_since_own_turn
from games.rummy.web.rules import STEPS
from games.rummy.web.tiles import refusal

NAMES = ["You", "Left", "Right"]
ACTIONS = [
    "play:R10 R11 R12",  # seat 0 melds
    "play:R10 R11 R12|B7 K7 O7",  # seat 1 melds
    "draw",  # seat 2
    "play:R9 R10 R11 R12|B7 K7 O7 R7",  # seat 0 adds R9 and R7
    "play:R9 R10|R11 R12 J|B7 K7 O7 R7|O8 O9 O10",  # seat 1 splits the run, adds J and a run
]
NOTATION = re.compile(r"(?<![\w#])[RBKO](?:1[0-3]|[1-9])(?![\w])")


def spoken(entry_tiles: list[object]) -> list[str]:
    return [tile.spoken for tile in entry_tiles]  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def _in_english() -> Iterator[None]:
    with translation.override("en"):
        yield


def test_the_log_names_the_tiles_each_play_put_on_the_table_even_when_it_rearranged() -> None:
    log = game_log(ACTIONS, first=0, names=NAMES)
    assert [entry.text for entry in log] == [
        "You played 3 tiles",
        "Left played 3 tiles",
        "Right drew a tile",
        "You played 2 tiles",
        "Left played 4 tiles",
    ]
    assert [spoken(entry.tiles) for entry in log] == [
        ["red 10", "red 11", "red 12"],
        ["blue 7", "black 7", "orange 7"],
        [],
        ["red 7", "red 9"],
        ["orange 8", "orange 9", "orange 10", "joker"],
    ]
    assert log[3].spoken == "You played 2 tiles: red 7, red 9"
    assert log[2].spoken == "Right drew a tile"


def test_the_log_names_the_tiles_in_the_readers_language() -> None:
    with translation.override("vi"):
        assert spoken(game_log(ACTIONS[:1], first=0, names=NAMES)[0].tiles) == [
            "10 đỏ",
            "11 đỏ",
            "12 đỏ",
        ]


@pytest.mark.parametrize(
    ("seat", "turns", "marked"),
    [
        (0, 2, "B7 K7 O7"),  # Left's meld, since the viewer's own
        (1, 2, ""),  # its own play is not marked for itself
        (2, 2, "R10 R11 R12 B7 K7 O7"),  # no turn yet: everything laid since the deal
        (2, 3, ""),  # it drew: the marks go
        (1, 4, "R7 R9"),  # what the viewer laid after Left's turn
        (2, 5, "R7 R9 O8 O9 O10 J"),  # two players' plays since its draw
        (0, 5, "O8 O9 O10 J"),
    ],
)
def test_the_others_tiles_stay_marked_until_the_viewers_next_turn(
    seat: int, turns: int, marked: str
) -> None:
    assert played_since_own_turn(ACTIONS[:turns], 0, 3, seat) == Counter(parse_tiles(marked))


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "The run “red 3, red 4, red 6” has a gap."),
        ("pl", "W serii „czerwona 3, czerwona 4, czerwona 6” jest luka."),
        ("vi", "Sảnh “3 đỏ, 4 đỏ, 6 đỏ” bị đứt quãng."),
    ],
)
def test_a_refusal_names_the_tiles_in_the_readers_language(language: str, expected: str) -> None:
    with translation.override(language):
        assert refusal("The run {set} has a gap.", {"set": "R3 R4 R6"}) == expected


def test_a_refusal_that_starts_with_a_tile_starts_with_a_capital() -> None:
    assert (
        refusal("{tile} is not in your rack.", {"tile": "K10"}) == "Black 10 is not in your rack."
    )


def test_a_malformed_moves_words_are_said_as_written() -> None:
    template = "{tile} is not a tile: write R, B, K or O then 1 to 13, or J for a joker."
    assert refusal(template, {"tile": "X7"}).startswith("X7 is not a tile")


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "pl", "ro", "vi", "gl"])
def test_no_rummy_rules_page_shows_a_tile_in_notation(language: str) -> None:
    for step in STEPS:
        html = (
            Client()
            .get(f"/rules/rummy/{step.number}/", HTTP_ACCEPT_LANGUAGE=language)
            .content.decode()
        )
        text = re.sub(r"<[^>]+>", " ", html[html.index("<main") :])
        assert NOTATION.findall(text) == [], (language, step.number)


@pytest.mark.parametrize(
    ("language", "drew", "played", "passed"),
    [
        ("en", "You drew a tile", "You played 3 tiles", "You passed"),
        ("pl", "Dobierasz kostkę", "Wykładasz 3 kostki", "Pasujesz"),
        ("ro", "Ați tras o piesă", "Ați pus 3 piese", "Ați spus pas"),
        ("gl", "Colliches unha ficha", "Xogaches 3 fichas", "Pasaches"),
    ],
)
def test_the_viewers_own_turns_are_said_to_them(
    language: str, drew: str, played: str, passed: str
) -> None:
    actions = ["draw", "draw", "play:R10 R11 R12", "draw", "pass"]
    with translation.override(language):
        names = [translation.gettext("You"), "Lewy"]
        log = game_log(actions, first=0, names=names, viewer=0)
    assert [entry.text for entry in log][0::2] == [drew, played, passed]
    assert "Lewy" in log[1].text
