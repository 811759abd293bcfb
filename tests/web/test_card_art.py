"""The deck's drawings: every card has its face, the files are what the drawing code makes, and
the page shows a card's face with its rank written over it."""

from __future__ import annotations

import re

from games.thousand.engine import CARD_NAMES
from games.thousand.web.card_art import CARDS_DIR, SUIT_SHAPES, drawings, face_svg


def test_the_files_in_static_are_the_drawings() -> None:
    files = {path.name: path.read_text(encoding="utf-8") for path in CARDS_DIR.glob("*.svg")}
    assert files == drawings()
    assert set(files) == {f"{card}.svg" for card in CARD_NAMES} | {"back-classic.svg"}


def test_suits_differ_by_shape_and_colour() -> None:
    assert len(set(SUIT_SHAPES.values())) == 4
    assert 'fill="#c0262d"' in face_svg("AH")
    assert 'fill="#1b1f1d"' in face_svg("AS")
    # Hearts and diamonds share a colour, never a shape.
    assert SUIT_SHAPES["H"] in face_svg("9H")
    assert SUIT_SHAPES["D"] not in face_svg("9H")


def test_number_cards_have_their_number_of_pips() -> None:
    def pips(code: str) -> int:
        # Two small pips in the corners, the rest on the face.
        return len(re.findall(r"<g transform=", face_svg(code))) - 2

    assert (pips("9S"), pips("TS"), pips("AS")) == (9, 10, 1)
