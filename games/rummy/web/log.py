"""What each player did this game, in words: "Left played 4 tiles" (and which: they are on
the table), "Right drew".

Built from the game's actions, which hold only public information: a draw does not say
which tile, a play is the whole table after it (on view to everyone).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rummy.engine import DRAW, PASS, Tile, parse_action
from games.rummy.web.tiles import TileView, tile_views


@dataclass
class LogEntry:
    seat: int
    kind: str
    """"play", "draw", "pass" or "out" (the player went out)."""
    text: str
    by_computer: bool = False
    """A computer made this move for an absent person."""
    tiles: list[TileView] = field(default_factory=list)
    """The tiles a play put on the table, sorted by colour then number."""

    @property
    def spoken(self) -> str:
        """The line as a screen reader says it, the tiles played named."""
        if not self.tiles:
            return self.text
        names = ", ".join(tile.spoken for tile in self.tiles)
        return _("%(line)s: %(tiles)s") % {"line": self.text, "tiles": names}


def game_log(
    actions: Sequence[str],
    first: int,
    names: Sequence[str],
    stand_in_moves: Collection[int] = (),
    over: bool = False,
    viewer: int | None = None,
) -> list[LogEntry]:
    """The game's turns in order; ``first`` played first and the turns go round the seats.

    ``over`` with a last turn that was a play: that player went out, which is said too. The
    ``viewer``'s own turns are said to them ("You drew a tile"), as the languages need.
    """
    players = len(names)
    entries = []
    on_table: Counter[Tile] = Counter()
    for index, action in enumerate(actions):
        seat = (first + index) % players
        kind, table = parse_action(action)
        name = names[seat]
        mine = seat == viewer
        played: list[Tile] = []
        if kind == DRAW:
            text = _("You drew a tile") if mine else _("%(name)s drew a tile") % {"name": name}
        elif kind == PASS:
            text = _("You passed") if mine else _("%(name)s passed") % {"name": name}
        else:
            after = Counter(tile for tiles in table for tile in tiles)
            played = sorted((after - on_table).elements())
            on_table = after
            if mine:
                text = ngettext(
                    "You played %(count)s tile", "You played %(count)s tiles", len(played)
                ) % {"count": len(played)}
            else:
                text = ngettext(
                    "%(name)s played %(count)s tile",
                    "%(name)s played %(count)s tiles",
                    len(played),
                ) % {"name": name, "count": len(played)}
        by_computer = index in stand_in_moves
        if by_computer:
            text = (
                _("%(line)s (the computer played for you)")
                if mine
                else _("%(line)s (the computer played for them)")
            ) % {"line": text}
        entries.append(LogEntry(seat, kind, text, by_computer, tile_views(played)))
    if over and entries and entries[-1].kind not in (DRAW, PASS):
        last = entries[-1]
        went_out = (
            _("You went out")
            if last.seat == viewer
            else _("%(name)s went out") % {"name": names[last.seat]}
        )
        entries.append(LogEntry(last.seat, "out", went_out))
    return entries


def played_since_own_turn(
    actions: Sequence[str], first: int, players: int, seat: int
) -> Counter[Tile]:
    """The tiles the others put on the table since ``seat``'s last turn of this game (since
    the deal if it has had none): marked on its table until it moves again."""
    since: Counter[Tile] = Counter()
    now: Counter[Tile] = Counter()
    for index, action in enumerate(actions):
        kind, table = parse_action(action)
        if kind not in (DRAW, PASS):
            now = Counter(tile for tiles in table for tile in tiles)
        if (first + index) % players == seat:
            since = now
    return now - since
