"""What the tile rummy table's template draws, for one viewer."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.drawn import Drawn
from games.rummy.web.client import client_text
from games.rummy.web.log import LogEntry
from games.rummy.web.tiles import TileView


@dataclass
class PlayerView(Drawn):
    number: int
    position: str
    """"me", "left", "across" or "right", as seen by the viewer."""
    name: str
    level: str
    """The computer's level ("" for a person)."""
    is_me: bool
    tile_count: int
    to_move: bool
    score: int
    melded: bool
    stand_in: bool
    initial: str = ""
    """The avatar's letter."""
    frame: str = ""
    """The class of the avatar frame the player chose (a cosmetic everyone at the table sees)."""


@dataclass
class SummaryRow(Drawn):
    """One player's line at the end of a game."""

    name: str
    is_me: bool
    won: bool
    rack: list[TileView]
    hand_points: int
    change: int
    total: int


@dataclass
class GameRow(Drawn):
    """One finished game of the match, for the table of games."""

    number: int
    cells: list[tuple[int, int]]
    """Each player's change and total after the game, the viewer first."""
    winners: str


@dataclass
class TableView(Drawn):
    match_id: int
    version: int
    seat: int
    game_number: int
    games: int
    players: list[PlayerView]
    me: PlayerView
    opponents: list[PlayerView]
    rack: list[TileView]
    board: list[list[TileView]]
    pool_size: int
    melded: bool
    meld_needed: int
    controls: str
    """Which controls to show: play, wait, next or finished."""
    prompt: str
    act_url: str
    next_url: str
    resign_url: str
    table_url: str
    ws_url: str
    rules_summary: list[str]
    tile_style: str = "tiles-ivory"
    """The class of the viewer's own tile style (a cosmetic chosen on the profile)."""
    hint_url: str = ""
    """The solver's hint (practice only, on the viewer's turn)."""
    can_draw: bool = False
    can_pass: bool = False
    log: list[LogEntry] = field(default_factory=list)
    last_seat: int | None = None
    """The seat whose tiles are highlighted on the table (the last play's)."""
    summary: list[SummaryRow] = field(default_factory=list)
    outcome: str = ""
    sheet: list[GameRow] = field(default_factory=list)
    winner: str = ""
    i_won: bool = False
    resigned: str = ""
    standings: list[PlayerView] = field(default_factory=list)
    new_match_options: dict[str, object] = field(default_factory=dict)
    poll: bool = False
    message: str = ""
    announcement: str = ""

    @property
    def client_text(self) -> dict[str, str]:
        """The words the page's script shows (read by the page, not by each update)."""
        return client_text()
