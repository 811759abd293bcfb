"""What the Thousand table's template draws, for one viewer."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.safestring import SafeString

from games.core.drawn import Drawn
from games.thousand.web.cards import CardView, MarriageView
from games.thousand.web.log import LogEntry
from games.thousand.web.summary import RuleLine, SheetRow, SummaryRow


@dataclass
class SeatView(Drawn):
    number: int
    position: str
    """"me", "left", "right" or "across", as seen by the viewer."""
    name: str
    subtitle: str
    is_me: bool
    is_computer: bool
    score: int
    on_barrel: bool
    is_dealer: bool
    is_declarer: bool
    to_move: bool
    card_count: int
    tricks_won: int
    status: str = ""
    marriages: list[MarriageView] = field(default_factory=list)
    """The marriages this player declared in this hand."""
    initial: str = ""
    """The letter on the player's avatar."""
    place: str = ""
    """The player's place at the end of the match ("1st", "2nd"...), "" before."""
    frame: str = ""
    """The class of the avatar frame the player chose (a cosmetic)."""

    @property
    def backs(self) -> SafeString:
        """The backs of the player's cards, one drawn per card."""
        return SafeString('<span class="back"></span>' * self.card_count)


@dataclass
class LastTrick(Drawn):
    cards: list[tuple[str, CardView]]
    winner: str


@dataclass
class TrickSlot(Drawn):
    """Where one player's card of the trick lies on the felt: in front of that player."""

    position: str
    """"left", "right" or "me", as seen by the viewer."""
    name: str
    card: CardView | None = None
    led: bool = False
    won: bool = False
    latest: bool = False
    """The card played by the move just made (the only one that animates in)."""


@dataclass
class TableView(Drawn):
    match_id: int
    version: int
    hand_number: int
    phase: str
    seats: list[SeatView]
    me: SeatView
    left: SeatView | None
    right: SeatView | None
    """The seats on the viewer's left and right (none at a table of two)."""
    across: SeatView | None
    """The seat facing the viewer at a table of four, or the opponent at a table of two."""
    hand: list[CardView]
    prompt: str
    controls: str
    """Which controls to show: redeal, bid, musik, give, discard, contract, play, next,
    wait, finished."""
    game_name: str
    act_url: str
    next_url: str
    resign_url: str
    table_url: str
    ws_url: str
    rules_summary: list[RuleLine]
    target: int
    bid: int | None = None
    bidder: str = ""
    declarer: str = ""
    contract: int | None = None
    trump: SafeString | None = None
    musik: list[CardView] = field(default_factory=list)
    show_musik: bool = False
    musik_arriving: bool = False
    """The viewer just took the musik: it shows in the middle, then moves into the hand."""
    musik_label: str = ""
    """What the musik turned up in the middle is (whose, which one, its worth)."""
    two_players: bool = False
    two_musiks: bool = False
    """Two players, before the choice: the two musiks lie face down in the middle."""
    musik_choice: int = 0
    """Which musik the declarer chose (1 or 2), 0 before the choice or at three or four."""
    discards: list[CardView] = field(default_factory=list)
    """The declarer's own discards, face up for the declarer only (two players)."""
    discard_count: int = 0
    """How many cards the declarer laid away (all the opponent learns of them)."""
    musik_points: int | None = None
    """What the musik is worth to a four-player dealer sitting out who scores from it, when
    the viewer may see it."""
    my_turn: bool = False
    """The viewer has something to do now (the page title says so)."""
    range_note: SafeString | str = ""
    """The bids or contracts allowed now, and why ("120 to 160: 120 + your ♠ marriage 40")."""
    hand_columns: int = 0
    """Cards per row of the hand on a phone: two rows once a row would not hold them."""
    card_back: str = "classic"
    felt: str = "green"
    """The viewer's own card back and felt (the ends of their classes), chosen on the
    profile among the cosmetics they own."""
    bid_min: int = 0
    bid_max: int = 0
    step: int = 10
    can_raise: bool = False
    may_abandon: bool = False
    give_to: str = ""
    showing_last_trick: bool = False
    show_trick_area: bool = False
    trick_slots: list[TrickSlot] = field(default_factory=list)
    trick_winner: str = ""
    last_trick: LastTrick | None = None
    previous_trick: LastTrick | None = None
    """The trick taken just before the one now on the felt, for a glance back."""
    no_trump_yet: bool = False
    log: list[LogEntry] = field(default_factory=list)
    announcement: str = ""
    summary: list[SummaryRow] = field(default_factory=list)
    made: bool | None = None
    outcome: str = ""
    winner: str = ""
    i_won: bool = False
    resigned: str = ""
    """Who resigned the match ("" if nobody did), as the viewer reads it."""
    standings: list[SeatView] = field(default_factory=list)
    """The players by their place, for the end of the match."""
    new_match_options: dict[str, object] = field(default_factory=dict)
    """The lobby form's fields for another match with the same options."""
    sheet: list[SheetRow] = field(default_factory=list)
    sheet_key: str = ""
    """All the score sheet shows, in the viewer's language: its rendered copy's key."""
    rules_key: str = ""
    """What the rules box shows (the language and the match's options): its rendered copy's
    key."""
    poll: bool = False
    message: str = ""
    redeal_note: str = ""

    @property
    def discard_backs(self) -> SafeString:
        """The backs of the cards laid away, as the opponent sees them."""
        return SafeString('<span class="back"></span>' * self.discard_count)
