"""Cards, their notation, strength, points and marriages (rules section 1 and 2.6)."""

import pytest

from games.thousand.engine import CARD_BY_NAME, CARD_NAMES, parse_card
from games.thousand.engine.cards import (
    ABOVE,
    FULL_DECK,
    marriage_total,
    mask_of,
    names_of,
    points_of,
)

from .helpers import ALL_CARD_NAMES, RANK_POINTS, exactly


def mask(text: str) -> int:
    return mask_of(parse_card(name) for name in text.split())


def test_the_pack_has_the_24_cards_9_to_ace_of_four_suits() -> None:
    assert len(CARD_NAMES) == 24
    assert set(CARD_NAMES) == ALL_CARD_NAMES


def test_every_card_reads_back_from_its_notation() -> None:
    for name in ALL_CARD_NAMES:
        assert CARD_NAMES[parse_card(name)] == name
        assert CARD_BY_NAME[name] == parse_card(name)


@pytest.mark.parametrize("name", ["10H", "ah", "AX", "", "A", "AHH", 7, None])
def test_it_rejects_what_is_not_a_card(name: object) -> None:
    message = f"{name!r} is not a card (rank 9 J Q K T A, then suit S C D H)"
    with pytest.raises(ValueError, match=exactly(message)):
        parse_card(name)  # type: ignore[arg-type]


def test_the_whole_pack_is_worth_120() -> None:
    assert points_of(FULL_DECK) == 120


@pytest.mark.parametrize("name", sorted(ALL_CARD_NAMES))
def test_each_card_is_worth_its_rank_points(name: str) -> None:
    assert points_of(mask(name)) == RANK_POINTS[name[0]]


def test_in_a_suit_the_ten_ranks_between_the_ace_and_the_king() -> None:
    order = ["9H", "JH", "QH", "KH", "TH", "AH"]
    for position, name in enumerate(order):
        assert names_of(ABOVE[parse_card(name)]) == tuple(order[position + 1 :])


def test_a_card_is_not_beaten_by_a_card_of_another_suit_through_rank() -> None:
    assert names_of(ABOVE[parse_card("9S")]) == ("JS", "QS", "KS", "TS", "AS")


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("KH QH", 100),
        ("KD QD", 80),
        ("KC QC", 60),
        ("KS QS", 40),
        ("KH QD KD QS", 80),
        ("KH QH KD QD KC QC KS QS", 280),
        ("KH QD KC QS", 0),
    ],
)
def test_marriages_are_worth_hearts_100_diamonds_80_clubs_60_spades_40(
    cards: str, value: int
) -> None:
    assert marriage_total(mask(cards)) == value


def test_cards_are_listed_in_suit_then_rank_order() -> None:
    assert names_of(mask("AH 9S TC KD")) == ("9S", "TC", "KD", "AH")
