"""Tile rummy's rules page, step by step as in the original help page ("Minh họa từng bước").

Each step is a short text and an illustration judged by ``games.rummy.engine`` itself: the
sets are analysed by ``analyse_set``, the turns by ``check_turn`` (the seed's worked example
of rearranging the table among them), the endings by ``score_game``; a refusal shown is the
engine's own, in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.rules.steps import Step
from games.rummy.engine import (
    GROUP,
    INITIAL_MELD,
    RUN,
    IllegalTurn,
    Tile,
    analyse_set,
    check_turn,
    parse_table,
    parse_tiles,
    score_game,
)
from games.rummy.web.tiles import TileView, refusal, tile_view


def tiles(text: str) -> list[TileView]:
    return [tile_view(tile) for tile in parse_tiles(text)]


@dataclass
class TileSet:
    """A set as laid on the table, with what the engine says of it."""

    tiles: list[TileView]
    verdict: str
    valid: bool = True


@dataclass
class Board:
    """A table or a rack, laid out as its sets."""

    label: str
    sets: list[TileSet]


@dataclass
class ScoreRow:
    name: str
    rack: list[TileView]
    hand_points: int
    change: int


@dataclass
class Illustration:
    caption: str
    boards: list[Board] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    scores: list[ScoreRow] = field(default_factory=list)
    blocked_caption: str = ""
    blocked_scores: list[ScoreRow] = field(default_factory=list)
    """A second ending, with its own caption: a blocked game."""


OPTIONS = (
    (
        gettext_lazy("Number of players"),
        gettext_lazy("2, 3 or 4, in a practice match and at a friends' table."),
    ),
    (
        gettext_lazy("Computer players"),
        gettext_lazy(
            "Beginner, Normal or Expert, in a practice match. Beginner plays the sets it sees "
            "in its rack; Normal and Expert also rearrange the table."
        ),
    ),
    (
        gettext_lazy("Number of games"),
        gettext_lazy(
            "One game, 3 or 5. Over several games the points add up and the highest total "
            "wins; the first player of the first game is drawn, then the next player starts "
            "each following game."
        ),
    ),
)

QUESTIONS = (
    (
        gettext_lazy("Why must the first play be worth 30 points?"),
        gettext_lazy(
            "It is the rule of the initial meld: until you have laid 30 points of your own, "
            "new sets from your rack only, you cannot use the table. Red 10, blue 10 and black "
            "10 are enough on their own. Then you may rearrange the table as in step 5."
        ),
    ),
    (
        gettext_lazy("Do I need to download anything or give an email address?"),
        gettext_lazy(
            "No: you play in the browser, and “Play now” gives you a guest account at once. "
            "Save it with a username and a password (an email address is optional, to reset "
            "a forgotten password) to keep your matches on any device."
        ),
    ),
    (
        gettext_lazy("Do games cost or win coins?"),
        gettext_lazy(
            "No. You get coins by checking in and spend them on looks for the table; a game "
            "never costs or wins coins."
        ),
    ),
)


def _refusal(error: IllegalTurn) -> str:
    """The engine's refusal in the reader's language."""
    return refusal(error.template, error.params)


def _refused(table_before: str, rack: str, table_after: str) -> str:
    """The engine's refusal of a turn (by a player who has made the initial meld when the
    table before is not empty)."""
    try:
        check_turn(
            parse_table(table_before) if table_before else (),
            parse_tiles(rack),
            bool(table_before),
            parse_table(table_after),
        )
    except IllegalTurn as error:
        return _refusal(error)
    raise AssertionError(f"the engine accepted {table_after!r}, which this page shows refused")


def _set(text: str) -> TileSet:
    info = analyse_set(parse_tiles(text))
    if info.kind == GROUP:
        verdict = _("A group worth %(value)s.") % {"value": info.value}
    elif info.kind == RUN:
        verdict = _("A run worth %(value)s.") % {"value": info.value}
    else:
        return TileSet(tiles(text), _refusal(info.illegal()), valid=False)
    return TileSet(tiles(text), verdict)


def _table(label: str, text: str) -> Board:
    return Board(label, [TileSet(tiles(part), "") for part in text.split("|")])


def groups() -> Illustration:
    return Illustration(
        caption=_("Three sets the game judges: two groups, and one that is not a group."),
        boards=[Board(_("Sets"), [_set("R7 B7 K7"), _set("R7 B7 R7"), _set("R12 B12 K12 O12")])],
    )


def runs() -> Illustration:
    return Illustration(
        caption=_("Runs the game judges."),
        boards=[Board(_("Sets"), [_set("O3 O4 O5 O6"), _set("K1 K2 K3"), _set("O12 O13 J")])],
    )


def jokers() -> Illustration:
    run = analyse_set(parse_tiles("R4 J R6"))
    group = analyse_set(parse_tiles("B9 J K9"))
    pair = analyse_set(parse_tiles("J O8 J"))
    return Illustration(
        caption=_("Jokers in a run, in a group, and two with one number tile."),
        boards=[Board(_("Sets"), [_set("R4 J R6"), _set("B9 J K9"), _set("J O8 J")])],
        facts=[
            _("In red 4, joker, red 6 the joker is the red %(number)s.")
            % {"number": run.joker_values[0]},
            _("In blue 9, joker, black 9 the joker is a %(number)s in red or orange.")
            % {"number": group.joker_values[0]},
            _("Joker, orange 8, joker is a run: orange %(low)s, 8, %(high)s.")
            % {"low": pair.joker_values[0], "high": pair.joker_values[1]},
        ],
    )


def initial_meld() -> Illustration:
    made = check_turn((), parse_tiles("R10 B10 K10 O2"), False, parse_table("R10 B10 K10"))
    refused = _refused("", "R9 B9 K9 O2", "R9 B9 K9")
    return Illustration(
        caption=_("Two first plays, checked by the game."),
        boards=[
            _table(_("Enough: red, blue and black 10"), "R10 B10 K10"),
            _table(_("Not enough: red, blue and black 9"), "R9 B9 K9"),
        ],
        facts=[
            ngettext(
                "Red, blue and black 10 make %(points)s point: the initial meld is made.",
                "Red, blue and black 10 make %(points)s points: the initial meld is made.",
                made.points,
            )
            % {"points": made.points},
            refused,
            ngettext(
                "The initial meld needs %(points)s point.",
                "The initial meld needs %(points)s points.",
                INITIAL_MELD,
            )
            % {"points": INITIAL_MELD},
        ],
    )


def _turn(before: str, rack: str, after: str) -> tuple[list[Board], str]:
    """A melded player's turn as the engine judges it: the table before, the rack and the
    table after, and what the rack tiles played are worth where they lie."""
    result = check_turn(parse_table(before), parse_tiles(rack), True, parse_table(after))
    played = ", ".join(tile_view(tile).spoken for tile in result.played)
    boards = [
        _table(_("The table before"), before),
        _table(_("Your rack"), rack),
        _table(_("The table after"), after),
    ]
    worth = ngettext(
        "You played %(tiles)s: %(points)s point.",
        "You played %(tiles)s: %(points)s points.",
        result.points,
    ) % {"tiles": played, "points": result.points}
    return boards, worth


def rearranging() -> Illustration:
    boards, worth = _turn("R4 R5 R6 R7", "B7 K7 R10", "R4 R5 R6|R7 B7 K7")
    return Illustration(
        caption=_("The red 7 moves from the end of the run to your blue 7 and black 7."),
        boards=boards,
        facts=[worth, _("Red 4, 5, 6 is still a valid run.")],
    )


def taking_a_joker() -> Illustration:
    boards, worth = _turn("R4 J R6", "R5 B8 K8", "R4 R5 R6|B8 K8 J")
    refused = _refused("R4 J R6", "R5 B8 K8", "R4 R5 R6")
    return Illustration(
        caption=_("The red 5 takes the joker's place; the joker joins blue 8 and black 8."),
        boards=boards,
        facts=[worth, _("Keeping the joker instead: %(refusal)s") % {"refusal": refused}],
    )


def _score_rows(racks: list[tuple[Tile, ...]], went_out: int | None) -> list[ScoreRow]:
    result = score_game(racks, went_out=went_out)
    names = (
        _("You"),
        pgettext("the player on your left", "Left"),
        pgettext("the player on your right", "Right"),
    )
    return [
        ScoreRow(names[seat], [tile_view(tile) for tile in rack], points, change)
        for seat, (rack, points, change) in enumerate(
            zip(racks, result.hand_points, result.scores, strict=True)
        )
    ]


def scoring() -> Illustration:
    return Illustration(
        caption=_("You play your last tile; the others still hold these."),
        scores=_score_rows([(), parse_tiles("R3 B5"), parse_tiles("J O2")], went_out=0),
        blocked_caption=_(
            "A blocked game: the pool is empty and everyone passed in a row. The fewest points "
            "left win."
        ),
        blocked_scores=_score_rows(
            [parse_tiles("R3 B5"), parse_tiles("K2 K4"), parse_tiles("O11")], went_out=None
        ),
    )


def page_context() -> dict[str, object]:
    return {
        "tile_points": [
            (_("A number tile"), _("its number (1 to 13)")),
            (_("A joker left on your rack"), "30"),
            (_("A joker on the table"), _("the number it stands for")),
        ],
        "options": OPTIONS,
        "questions": QUESTIONS,
    }


STEPS = (
    Step(
        1,
        gettext_lazy("Groups"),
        gettext_lazy(
            "A group is 3 or 4 tiles of the same number, each of a different colour: for "
            "example red 7, blue 7 and black 7."
        ),
        groups,
    ),
    Step(
        2,
        gettext_lazy("Runs"),
        gettext_lazy(
            "A run is at least 3 consecutive numbers of one colour: for example orange 3, 4, "
            "5 and 6. 1 can only start a run, and nothing follows 13."
        ),
        runs,
    ),
    Step(
        3,
        gettext_lazy("Jokers"),
        gettext_lazy(
            "In a run, a joker stands for the number at its place; in a group, for a missing "
            "colour. One number tile with two jokers counts as a run."
        ),
        jokers,
    ),
    Step(
        4,
        gettext_lazy("The initial meld"),
        gettext_lazy(
            "Your first play may use only tiles from your rack, in new sets worth at least 30 "
            "points in all (a joker counts the number it stands for), and it may not touch "
            "the sets on the table."
        ),
        initial_meld,
    ),
    Step(
        5,
        gettext_lazy("Rearranging the table"),
        gettext_lazy(
            "Once you have made your initial meld, you may split, join and move the sets on "
            "the table and add tiles from your rack. When your turn ends, every set must be "
            "valid, every tile that was on the table must still be there, and none may go "
            "back to your rack."
        ),
        rearranging,
    ),
    Step(
        6,
        gettext_lazy("Taking a joker"),
        gettext_lazy(
            "To take a joker from the table, put on the table the tile it stands for: in a "
            "run, the tile of the same colour and number; in a group, any tile of a missing "
            "colour. That tile may come from your rack or from another set. The joker may not "
            "go back to your rack: play it in a set in the same turn."
        ),
        taking_a_joker,
    ),
    Step(
        7,
        gettext_lazy("Turns and scoring"),
        gettext_lazy(
            "Each turn, play at least one tile from your rack or draw a tile from the pool; "
            "once the pool is empty, pass if you cannot or do not want to play. When someone "
            "plays their last tile, every other player loses the points left on their rack "
            "(number tiles at face value, a joker 30) and the one who went out gains them all. "
            "With the pool empty and everyone passing in a row, the fewest points on a rack "
            "win: every other player loses the difference and the winner gains the total "
            "(shared evenly in a tie, without the remainder)."
        ),
        scoring,
    ),
)
