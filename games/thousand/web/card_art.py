"""The card faces and backs, drawn as SVG (the project's own drawing, under its licence).

``python -m games.thousand.web.card_art`` writes them to
``games/thousand/static/games/cards/``; a test checks the files there are what this module
draws. A face carries no rank letter: the page
writes the corner index over it in the reader's language, so one drawing serves every
language. The four suits differ by shape (heart, diamond, spade, club), not only by colour.
"""

from __future__ import annotations

import sys
from pathlib import Path

from games.thousand.engine.cards import RANKS, SUITS

WIDTH, HEIGHT = 120, 168
RED, BLACK, GOLD, CREAM = "#c0262d", "#1b1f1d", "#b7851a", "#fbf4e2"
CARDS_DIR = Path(__file__).resolve().parents[1] / "static" / "games" / "cards"

# Each suit in a 100 by 100 box, drawn for this project.
SUIT_SHAPES = {
    "H": '<path d="M50 92C22 68 2 50 2 28 2 12 14 2 28 2c10 0 18 6 22 16C54 8 62 2 72 2c14 0 '
    '26 10 26 26 0 22-20 40-48 64z"/>',
    "D": '<path d="M50 0 86 50 50 100 14 50z"/>',
    "S": '<path d="M50 0C62 20 98 40 98 64c0 14-11 24-24 24-9 0-16-4-20-11 1 11 5 17 14 23H32c9-6 '
    '13-12 14-23-4 7-11 11-20 11C13 88 2 78 2 64 2 40 38 20 50 0z"/>',
    "C": '<circle cx="50" cy="26" r="23"/><circle cx="24" cy="60" r="23"/>'
    '<circle cx="76" cy="60" r="23"/><path d="M44 40h12c0 34 4 48 14 60H30c10-12 14-26 14-60z"/>',
}

# Pip centres (in the face's units) for the number cards; those below the middle are upside down.
PIPS = {
    "9": [(x, y) for y in (38, 68, 100, 130) for x in (38, 82)] + [(60, 84)],
    "T": [(x, y) for y in (38, 68, 100, 130) for x in (38, 82)] + [(60, 53), (60, 115)],
}

# A crown, a tiara and a cap for the courts (in a 40 by 24 box), all double-headed.
HEADWEAR = {
    "K": '<path d="M2 24 0 4l10 10 10-14 10 14 10-10-2 20z"/>'
    '<rect x="2" y="20" width="36" height="4"/>',
    "Q": '<path d="M4 24 2 10l9 6 9-12 9 12 9-6-2 14z"/><circle cx="2" cy="9" r="2.5"/>'
    '<circle cx="20" cy="3" r="2.5"/><circle cx="38" cy="9" r="2.5"/>',
    "J": '<path d="M4 24C4 12 12 4 22 4c8 0 14 6 14 14l4 2v4z"/>'
    '<path d="M22 4c4-4 12-4 16 0-6 0-10 2-12 6z"/>',
}


def _colour(suit: str) -> str:
    return RED if suit in "HD" else BLACK


def _pip(suit: str, x: float, y: float, size: float, upside_down: bool = False) -> str:
    scale = size / 100
    turn = f" rotate(180 {x} {y})" if upside_down else ""
    return (
        f'<g transform="{turn.strip()} translate({x - size / 2} {y - size / 2}) scale({scale})">'
        f"{SUIT_SHAPES[suit]}</g>"
    ).replace('<g transform=" ', '<g transform="')


def _corners(suit: str) -> str:
    """The small suit of each corner index, under the rank the page writes."""
    return _pip(suit, 13, 42, 15) + _pip(suit, WIDTH - 13, HEIGHT - 42, 15, upside_down=True)


def _court(rank: str, suit: str) -> str:
    colour = _colour(suit)
    half = (
        f'<g transform="translate(40 30)" fill="{GOLD}" stroke="{colour}" stroke-width="1.2">'
        f"{HEADWEAR[rank]}</g>"
    )
    return (
        f'<rect x="24" y="20" width="72" height="128" rx="6" fill="{CREAM}" stroke="{colour}" '
        'stroke-width="2"/>'
        f"{half}"
        f'<g transform="rotate(180 60 84)">{half}</g>'
        f'<line x1="30" y1="84" x2="90" y2="84" stroke="{colour}" stroke-width="1" '
        'stroke-dasharray="3 3"/>'
        + _pip(suit, 60, 68, 26)
        + _pip(suit, 60, 100, 26, upside_down=True)
    )


def face_svg(code: str) -> str:
    """The face of the card ``code`` (``AH``, ``TS``...), as an SVG document."""
    rank, suit = code[0], code[1]
    if rank == "A":
        art = _pip(suit, 60, 84, 58)
    elif rank in PIPS:
        art = "".join(_pip(suit, x, y, 22, upside_down=y > 84) for x, y in PIPS[rank])
    else:
        art = _court(rank, suit)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}">'
        f'<g fill="{_colour(suit)}">{_corners(suit)}{art}</g></svg>\n'
    )


def back_svg() -> str:
    """The classic back: a red lattice in a white border."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}">'
        '<defs><pattern id="lattice" width="12" height="12" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="12" height="12" fill="#8c1d24"/>'
        '<path d="M0 6h12M6 0v12" stroke="#c2454d" stroke-width="2"/></pattern></defs>'
        f'<rect x="6" y="6" width="{WIDTH - 12}" height="{HEIGHT - 12}" rx="6" '
        'fill="url(#lattice)"/>'
        f'<rect x="12" y="12" width="{WIDTH - 24}" height="{HEIGHT - 24}" rx="4" fill="none" '
        'stroke="#f2d7a0" stroke-width="2"/></svg>\n'
    )


def drawings() -> dict[str, str]:
    """Every file of the deck by its name."""
    files = {f"{rank}{suit}.svg": face_svg(rank + suit) for rank in RANKS for suit in SUITS}
    files["back-classic.svg"] = back_svg()
    return files


def main() -> None:
    CARDS_DIR.mkdir(parents=True, exist_ok=True)
    for name, text in drawings().items():
        (CARDS_DIR / name).write_text(text, encoding="utf-8")
    sys.stdout.write(f"{len(drawings())} files written to {CARDS_DIR}\n")


if __name__ == "__main__":
    main()
