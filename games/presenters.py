"""What one seat sees at the table, ready for the templates.

Everything here is built from ``observation(state, seat)`` (plus public match data: names,
scores, the score sheet), never from the hand state itself, so a fragment can only hold what
that seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from accounts.names import display_name
from games.models import ComputerLevel, Hand, HandResult, Seat
from games.services import Table, replay
from games.thousand.engine import (
    BIDDING,
    CONTRACT_PHASE,
    GIVING,
    OVER,
    PLAYING,
    REDEAL_PHASE,
    Observation,
    SeenTrick,
    observation,
    round_opponent_points,
)
from games.thousand.engine import cards as engine_cards

SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
MARRIAGE_VALUES = dict(zip(engine_cards.SUITS, engine_cards.MARRIAGE_VALUES, strict=True))
CARD_POINTS = dict(zip(engine_cards.RANKS, engine_cards.RANK_POINTS, strict=True))
RED_SUITS = frozenset("DH")
RANK_ORDER = engine_cards.RANKS
SUIT_ORDER = "SHCD"
"""Hand order on screen: alternating colours, so neighbouring suits are easy to tell apart."""


def rank_label(rank: str) -> str:
    labels = {
        "9": "9",
        "J": pgettext("card rank (short)", "J"),
        "Q": pgettext("card rank (short)", "Q"),
        "K": pgettext("card rank (short)", "K"),
        "T": "10",
        "A": pgettext("card rank (short)", "A"),
    }
    return labels[rank]


def card_spoken(code: str) -> str:
    """A card's name as read aloud, e.g. "ace of hearts"."""
    ranks = {
        "9": _("nine"),
        "J": _("jack"),
        "Q": _("queen"),
        "K": _("king"),
        "T": _("ten"),
        "A": _("ace"),
    }
    return _("%(rank)s of %(suit)s") % {"rank": ranks[code[0]], "suit": suit_plural(code[1])}


def suit_plural(suit: str) -> str:
    names = {"S": _("spades"), "C": _("clubs"), "D": _("diamonds"), "H": _("hearts")}
    return names[suit]


def card_html(code: str) -> SafeString:
    """A card inline in text: its short face for the eye and its name for screen readers."""
    return format_html(
        '<span class="card-inline {}" data-card="{}"><span aria-hidden="true">{}{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        "red" if code[1] in RED_SUITS else "black",
        code,
        rank_label(code[0]),
        SUIT_SYMBOLS[code[1]],
        card_spoken(code),
    )


def suit_html(suit: str) -> SafeString:
    return format_html(
        '<span class="suit-inline {}"><span aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        "red" if suit in RED_SUITS else "black",
        SUIT_SYMBOLS[suit],
        suit_plural(suit),
    )


@dataclass
class CardView:
    code: str
    rank: str
    suit: str
    suit_letter: str
    red: bool
    spoken: str
    action: str = ""
    """The action taking this card (``play:AH``, ``give:AH``), empty when it is not actionable."""
    dimmed: bool = False
    marriage: bool = False
    from_musik: bool = False
    received: bool = False

    @property
    def html(self) -> SafeString:
        """The card inline in a line of text."""
        return card_html(self.code)


def card_view(code: str) -> CardView:
    return CardView(
        code=code,
        rank=rank_label(code[0]),
        suit=SUIT_SYMBOLS[code[1]],
        suit_letter=code[1],
        red=code[1] in RED_SUITS,
        spoken=card_spoken(code),
    )


def _sort_key(code: str) -> tuple[int, int]:
    return SUIT_ORDER.index(code[1]), -RANK_ORDER.index(code[0])


@dataclass
class MarriageView:
    suit: SafeString
    value: int


@dataclass
class SeatView:
    number: int
    position: str
    """"me", "left" or "right", as seen by the viewer."""
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

    @property
    def backs(self) -> range:
        """One item per card back to draw."""
        return range(self.card_count)


@dataclass
class LogEntry:
    html: SafeString
    text: str
    step: int = -1
    """The index in the hand's history of the action this line tells about."""


@dataclass
class SummaryRow:
    name: str
    is_declarer: bool
    card_points: int
    marriage_points: int
    hand_points: int
    delta: int
    score: int
    note: str = ""
    """Why an opponent scored less than their hand points (the barrel, the cap)."""


@dataclass
class SheetRow:
    number: int
    declarer: str
    contract: int
    made: bool
    deltas: list[int]
    scores: list[int]


@dataclass
class LastTrick:
    cards: list[tuple[str, CardView]]
    winner: str


@dataclass
class TrickSlot:
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
class TableView:
    match_id: int
    version: int
    hand_number: int
    phase: str
    seats: list[SeatView]
    me: SeatView
    left: SeatView
    right: SeatView
    hand: list[CardView]
    prompt: str
    controls: str
    """Which controls to show: redeal, bid, give, contract, play, next, wait, finished."""
    act_url: str
    table_url: str
    ws_url: str
    rules_summary: list[str]
    target: int
    bid: int | None = None
    bidder: str = ""
    declarer: str = ""
    contract: int | None = None
    trump: SafeString | None = None
    musik: list[CardView] = field(default_factory=list)
    show_musik: bool = False
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
    """The players from the highest score down, for the end of the match."""
    new_match_options: dict[str, object] = field(default_factory=dict)
    """The lobby form's fields for another match with the same options."""
    sheet: list[SheetRow] = field(default_factory=list)
    poll: bool = False
    message: str = ""
    redeal_note: str = ""


def present(table: Table, seat: int, message: str = "") -> TableView:
    """The table as ``seat`` sees it."""
    view = table.view_for(seat)
    match = table.match
    names = seat_names(table.seats, seat)
    seats = [_seat_view(table, view, number, seat, names) for number in range(3)]
    by_position = {s.position: s for s in seats}
    rules = view.rules
    result = TableView(
        match_id=match.pk,
        version=match.version,
        hand_number=_played_number(table),
        phase=view.phase,
        seats=seats,
        me=by_position["me"],
        left=by_position["left"],
        right=by_position["right"],
        hand=_hand(view),
        prompt="",
        controls="wait",
        act_url=reverse("match_act", args=[match.pk]),
        table_url=reverse("match_table", args=[match.pk]),
        ws_url=f"/ws/play/{match.pk}/",
        rules_summary=rules_summary(rules.to_dict()),
        target=rules.target,
        bid=view.bid,
        bidder="" if view.bidder is None else names[view.bidder],
        declarer="" if view.declarer is None else names[view.declarer],
        contract=view.contract,
        trump=None if view.trump is None else suit_html(view.trump),
        step=rules.bid_step,
        message=message,
    )
    if view.musik is not None:
        result.musik = [card_view(code) for code in view.musik]
        result.show_musik = view.phase in (GIVING, CONTRACT_PHASE)
    result.log = _log(view, names)
    result.redeal_note = _redeal_note(table, seat, names)
    _trick(result, view, names, seats)
    result.sheet = _sheet(table, names)
    if match.is_finished:
        if match.winner is not None:
            result.i_won = match.winner == seat
            result.winner = names[match.winner]
        elif match.resigned_by is not None:
            result.resigned = (
                _("You resigned this match.")
                if match.resigned_by == seat
                else _("%(name)s resigned this match.") % {"name": names[match.resigned_by]}
            )
        result.standings = sorted(
            seats,
            key=lambda s: (s.number != match.winner, s.number == match.resigned_by, -s.score),
        )
        result.new_match_options = {
            **rules.to_dict(),
            "level": table.seats[(seat + 1) % 3].computer_level or ComputerLevel.NORMAL,
        }
    _controls(result, view, names, match.is_finished)
    result.announcement = _announcement(result)
    return result


def _announcement(result: TableView) -> str:
    """What a screen reader says after this move: all it did, then what the viewer may do.

    One move can say several things (the card that closes a trick and who took it; a card,
    the marriage it declares and the new trump), so every line of the last move is read.
    """
    if result.redeal_note and len(result.log) <= 1:
        parts = [result.redeal_note]
    else:
        last_step = result.log[-1].step if result.log else None
        parts = [entry.text for entry in result.log if entry.step == last_step]
    if result.controls in ("next", "finished"):
        parts.append(result.outcome)
    if result.controls not in ("wait", "next"):
        parts.append(result.prompt)
    return " ".join(part for part in parts if part)


def seat_names(seats: Sequence[Seat], viewer: int) -> list[str]:
    """Each seat's name as ``viewer`` reads it: "You", "Left" and "Right" for computers, and
    people's display names."""
    names = []
    for seat in seats:
        if seat.number == viewer:
            names.append(_("You"))
        elif seat.is_computer:
            names.append(_("Left") if seat.number == (viewer + 1) % 3 else _("Right"))
        else:
            assert seat.user is not None
            names.append(display_name(seat.user))
    return names


def _seat_view(
    table: Table, view: Observation, number: int, viewer: int, names: list[str]
) -> SeatView:
    seat = table.seats[number]
    position = "me" if number == viewer else ("left" if number == (viewer + 1) % 3 else "right")
    if seat.is_computer:
        level = ComputerLevel(seat.computer_level).label
        subtitle = _("Computer · %(level)s") % {"level": level}
    elif number == viewer:
        subtitle = display_name(seat.user) if seat.user is not None else ""
    else:
        subtitle = ""
    if view.result is None:
        score, on_barrel = view.scores[number], view.on_barrel[number]
    else:
        # The hand is scored: show the new score, and the barrel it puts the player on.
        score = view.result.scores[number]
        on_barrel = score >= view.rules.barrel and not table.match.is_finished
    return SeatView(
        number=number,
        position=position,
        name=names[number],
        subtitle=subtitle,
        is_me=number == viewer,
        is_computer=seat.is_computer,
        score=score,
        on_barrel=on_barrel,
        is_dealer=view.dealer == number,
        is_declarer=view.declarer == number,
        to_move=view.to_move == number and not table.match.is_finished,
        card_count=view.hand_sizes[number],
        tricks_won=sum(1 for trick in view.tricks if trick.winner == number),
        status=_seat_status(view, number),
        marriages=[
            MarriageView(suit=suit_html(m.suit), value=MARRIAGE_VALUES[m.suit])
            for m in view.marriages
            if m.seat == number
        ],
    )


def _seat_status(view: Observation, number: int) -> str:
    if view.phase == BIDDING:
        if number in view.passed:
            return _("Passed")
        bids = [action for actor, action in view.history if actor == number and "bid:" in action]
        if not bids:
            return ""
        value = bids[-1].split(":")[1]
        if bids == ["bid:100"]:
            return _("100 (compulsory)")
        return _("Bid %(value)s") % {"value": value}
    if view.declarer == number:
        if view.contract is not None:
            return _("Contract %(value)s") % {"value": view.contract}
        return _("Won the auction at %(value)s") % {"value": view.bid}
    return ""


def _hand(view: Observation) -> list[CardView]:
    hand = sorted(view.hand, key=_sort_key)
    held = set(hand)
    musik = set(view.musik or ()) if view.seat == view.declarer else set()
    received = {card for card in view.gives if card is not None and view.seat != view.declarer}
    legal = set(view.legal)
    playing_now = view.phase == PLAYING and bool(legal)
    cards = []
    for code in hand:
        card = card_view(code)
        partner = ("Q" if code[0] == "K" else "K") + code[1]
        card.marriage = code[0] in "KQ" and partner in held
        card.from_musik = code in musik and view.phase in (GIVING, CONTRACT_PHASE)
        card.received = code in received and view.phase in (CONTRACT_PHASE, PLAYING)
        for kind in ("play", "give"):
            if f"{kind}:{code}" in legal:
                card.action = f"{kind}:{code}"
        card.dimmed = playing_now and not card.action
        cards.append(card)
    return cards


def _trick(result: TableView, view: Observation, names: list[str], seats: list[SeatView]) -> None:
    """The cards of the trick, each in front of the player who played it."""
    slots = {s.number: TrickSlot(position=s.position, name=s.name) for s in seats}
    result.show_trick_area = view.phase == PLAYING or (view.phase == OVER and bool(view.tricks))
    result.no_trump_yet = view.phase == PLAYING and view.trump is None
    leader: int | None = None
    cards: tuple[str, ...] = ()
    winner: int | None = None
    if view.trick:
        assert view.trick_leader is not None
        leader, cards = view.trick_leader, view.trick
        if len(view.tricks) > 0:
            result.previous_trick = _last_trick(view.tricks[-1], names)
    elif view.tricks and view.phase in (PLAYING, OVER):
        last = view.tricks[-1]
        result.showing_last_trick = True
        leader, cards, winner = last.leader, last.cards, last.winner
        result.trick_winner = names[last.winner]
    latest = _latest_play(view)
    if leader is not None:
        for offset, code in enumerate(cards):
            number = (leader + offset) % 3
            slot = slots[number]
            slot.card = card_view(code)
            slot.led = offset == 0
            slot.won = number == winner
            slot.latest = code == latest
    by_position = {slot.position: slot for slot in slots.values()}
    result.trick_slots = [by_position["left"], by_position["right"], by_position["me"]]
    if view.tricks:
        result.last_trick = _last_trick(view.tricks[-1], names)


def _latest_play(view: Observation) -> str:
    """The card of the move just made, if that move was playing a card."""
    if not view.history:
        return ""
    kind, _sep, card = view.history[-1][1].partition(":")
    return card if kind == "play" else ""


def _last_trick(trick: SeenTrick, names: list[str]) -> LastTrick:
    return LastTrick(
        cards=[
            (names[(trick.leader + offset) % 3], card_view(code))
            for offset, code in enumerate(trick.cards)
        ],
        winner=names[trick.winner],
    )


def _controls(result: TableView, view: Observation, names: list[str], finished: bool) -> None:
    me = view.seat
    legal = view.legal
    result.poll = not finished and view.phase != OVER and not legal
    if finished:
        result.controls = "finished"
        _summary(result, view, names)
        if result.resigned:
            result.prompt = result.resigned
        elif result.i_won:
            result.prompt = _("You won the match!")
        else:
            result.prompt = _("%(name)s won the match.") % {"name": result.winner}
        return
    if view.phase == OVER:
        result.controls = "next"
        _summary(result, view, names)
        result.prompt = result.outcome or _("The hand is over.")
        return
    if not legal:
        result.controls = "wait"
        result.prompt = _waiting_prompt(view, names)
        return
    if view.phase == REDEAL_PHASE:
        result.controls = "redeal"
        result.prompt = _redeal_prompt(view)
    elif view.phase == BIDDING:
        result.controls = "bid"
        bids = [int(a.split(":")[1]) for a in legal if a.startswith("bid:")]
        result.can_raise = bool(bids)
        result.bid_min = min(bids, default=0)
        result.bid_max = max(bids, default=0)
        high = {"bid": view.bid, "name": result.bidder}
        result.prompt = (
            _("The bid is %(bid)s (%(name)s). Raise or pass.") % high
            if bids
            else _("The bid is %(bid)s (%(name)s). You cannot go higher: pass.") % high
        )
    elif view.phase == GIVING:
        result.controls = "give"
        result.may_abandon = "redeal" in legal
        receiver = (me + 1 + len(view.gives)) % 3
        result.give_to = names[receiver]
        if view.gives:
            result.prompt = _("Now choose a card to give to %(name)s (on your right).") % {
                "name": names[receiver]
            }
        else:
            result.prompt = _("Choose a card to give to %(name)s (on your left).") % {
                "name": names[receiver]
            }
    elif view.phase == CONTRACT_PHASE:
        result.controls = "contract"
        values = [int(a.split(":")[1]) for a in legal]
        result.bid_min = min(values)
        result.bid_max = max(values)
        result.can_raise = result.bid_max > result.bid_min
        result.prompt = (
            _("Choose your contract: %(low)s to %(high)s.")
            % {"low": result.bid_min, "high": result.bid_max}
            if result.can_raise
            else _("Your contract is %(value)s: press Play.") % {"value": result.bid_min}
        )
    elif view.phase == PLAYING:
        result.controls = "play"
        result.prompt = _lead_prompt(view, result.hand)


def _redeal_prompt(view: Observation) -> str:
    """Why the viewer may ask for a re-deal, and the question."""
    four_nines = sum(1 for code in view.hand if code[0] == "9") == 4
    if four_nines and view.rules.four_nines == "redeal":
        return _("You hold all four 9s: keep your cards or ask for a re-deal?")
    points = sum(CARD_POINTS[code[0]] for code in view.hand)
    return _(
        "Your cards are worth %(points)s points, with no marriage: keep them or ask for a re-deal?"
    ) % {"points": points}


def _lead_prompt(view: Observation, hand: list[CardView]) -> str:
    """What the viewer may play now, with a word on marriages when leading one is possible."""
    if view.trick:
        return _("Your turn: play a highlighted card.")
    marriage_suits = [card.suit_letter for card in hand if card.marriage and card.code[0] == "K"]
    if not view.tricks:
        if marriage_suits:
            return _("Your lead: play any card (no marriages in the first trick).")
        return _("You lead the first trick: play any card.")
    if not marriage_suits:
        return _("Your lead: play any card.")
    if len(marriage_suits) == 1:
        suit = marriage_suits[0]
        return _(
            "Your lead. Leading the king or queen of %(suit)s declares the marriage (%(value)s)."
        ) % {"suit": suit_plural(suit), "value": MARRIAGE_VALUES[suit]}
    marriages = ", ".join(
        f"{suit_plural(suit)} ({MARRIAGE_VALUES[suit]})" for suit in marriage_suits
    )
    return _("Your lead. Leading a king or queen declares its marriage: %(marriages)s.") % {
        "marriages": marriages
    }


def _waiting_prompt(view: Observation, names: list[str]) -> str:
    if view.to_move is None:
        if view.phase == REDEAL_PHASE:
            return _("Checking the hands for a re-deal…")
        return ""
    name = names[view.to_move]
    if view.phase == GIVING:
        return _("%(name)s took the musik and is giving a card to each opponent…") % {"name": name}
    if view.phase == CONTRACT_PHASE:
        return _("%(name)s is choosing the contract…") % {"name": name}
    if view.phase == BIDDING:
        return _("%(name)s is bidding…") % {"name": name}
    return _("%(name)s is playing…") % {"name": name}


def _summary(result: TableView, view: Observation, names: list[str]) -> None:
    outcome = view.result
    if outcome is None:
        return
    result.made = outcome.made
    declarer = names[view.declarer] if view.declarer is not None else ""
    if view.declarer == view.seat:
        result.outcome = (
            _("You made your contract of %(value)s.")
            if outcome.made
            else _("You went down: your contract of %(value)s was not made.")
        ) % {"value": view.contract}
    else:
        result.outcome = (
            _("%(name)s made the contract of %(value)s.")
            if outcome.made
            else _("%(name)s went down: the contract of %(value)s was not made.")
        ) % {"name": declarer, "value": view.contract}
    result.summary = [
        SummaryRow(
            name=names[seat],
            is_declarer=seat == view.declarer,
            card_points=view.taken[seat],
            marriage_points=view.marriage_points[seat],
            hand_points=outcome.hand_points[seat],
            delta=outcome.score_deltas[seat],
            score=outcome.scores[seat],
            note=_score_note(view, seat),
        )
        for seat in range(3)
    ]


def _score_note(view: Observation, seat: int) -> str:
    """Why an opponent's score changed by less than their rounded hand points, if it did."""
    outcome = view.result
    if outcome is None or seat == view.declarer:
        return ""
    if view.on_barrel[seat]:
        return _("only as declarer: %(barrel)s or more") % {"barrel": view.rules.barrel}
    rounded = round_opponent_points(outcome.hand_points[seat], view.rules.rounding)
    if outcome.score_deltas[seat] < rounded:
        return _("capped at %(cap)s") % {"cap": view.rules.opponent_cap}
    return ""


def _played_number(table: Table) -> int:
    """The current hand's number as players count: re-dealt hands were not played."""
    hands_played = table.match.hands_played
    return hands_played if table.hand.status == Hand.Status.OVER else hands_played + 1


def _sheet(table: Table, names: list[str]) -> list[SheetRow]:
    results = (
        HandResult.objects.filter(match=table.match).select_related("hand").order_by("hand__number")
    )
    return [
        SheetRow(
            number=number,
            declarer=names[row.declarer],
            contract=row.contract,
            made=row.made,
            deltas=list(row.score_deltas),
            scores=list(row.scores),
        )
        for number, row in enumerate(results, start=1)
    ]


def _redeal_note(table: Table, viewer: int, names: list[str]) -> str:
    previous = (
        Hand.objects.filter(match=table.match, number=table.hand.number - 1)
        .only("status", "deal", "actions")
        .first()
    )
    if previous is None or previous.status != Hand.Status.REDEALT:
        return ""
    asker = observation(replay(previous), viewer).history[-1][0]
    if asker == viewer:
        return _("You asked for a re-deal: the cards were dealt again.")
    return _("%(name)s asked for a re-deal: the cards were dealt again.") % {"name": names[asker]}


def _log(view: Observation, names: list[str]) -> list[LogEntry]:
    """What happened in this hand, as this seat saw it, oldest first."""
    entries: list[LogEntry] = []
    me = view.seat
    passes = 0
    plays = 0
    gives = 0
    for step, (actor, action) in enumerate(view.history):
        first = len(entries)
        who = names[actor]
        mine = actor == me
        kind, _sep, argument = action.partition(":")
        if action == "bid:100":
            entries.append(
                _entry(
                    _("You open with the compulsory 100.")
                    if mine
                    else _("%(name)s opens with the compulsory 100."),
                    name=who,
                )
            )
        elif kind == "bid":
            entries.append(
                _entry(
                    _("You bid %(value)s.") if mine else _("%(name)s bids %(value)s."),
                    name=who,
                    value=argument,
                )
            )
        elif kind == "pass":
            passes += 1
            entries.append(_entry(_("You pass.") if mine else _("%(name)s passes."), name=who))
            if passes == 2 and view.musik is not None and view.declarer is not None:
                text = (
                    _("You win the auction at %(value)s. The musik: %(cards)s.")
                    if view.declarer == me
                    else _("%(name)s wins the auction at %(value)s. The musik: %(cards)s.")
                )
                entries.append(
                    _entry(text, name=names[view.declarer], value=view.bid, cards=list(view.musik))
                )
        elif kind == "keep":
            entries.append(_entry(_("You keep your cards.")))
        elif kind == "redeal":
            entries.append(
                _entry(
                    _("You ask for a re-deal.") if mine else _("%(name)s asks for a re-deal."),
                    name=who,
                )
            )
        elif kind == "give":
            assert view.declarer is not None
            receiver = (view.declarer + 1 + gives) % 3
            gives += 1
            if not argument:
                text = _("%(name)s gives a card to %(receiver)s.")
                entries.append(_entry(text, name=who, receiver=names[receiver]))
            elif mine:
                text = _("You give %(card)s to %(receiver)s.")
                entries.append(_entry(text, card=argument, receiver=names[receiver]))
            else:
                text = _("%(name)s gives you %(card)s.")
                entries.append(_entry(text, name=who, card=argument))
        elif kind == "contract":
            entries.append(
                _entry(
                    _("You announce a contract of %(value)s.")
                    if mine
                    else _("%(name)s announces a contract of %(value)s."),
                    name=who,
                    value=argument,
                )
            )
        elif kind == "play":
            trick_number = plays // 3 + 1
            entries.append(
                _entry(
                    _("You play %(card)s.") if mine else _("%(name)s plays %(card)s."),
                    name=who,
                    card=argument,
                )
            )
            if plays % 3 == 0:
                for marriage in view.marriages:
                    if marriage.seat == actor and marriage.trick == trick_number:
                        text = (
                            _("You declare the %(suit)s marriage (%(value)s): trump is %(suit)s.")
                            if mine
                            else _(
                                "%(name)s declares the %(suit)s marriage (%(value)s): "
                                "trump is %(suit)s."
                            )
                        )
                        entries.append(
                            _entry(
                                text,
                                name=who,
                                suit=("suit", marriage.suit),
                                value=MARRIAGE_VALUES[marriage.suit],
                            )
                        )
            plays += 1
            if plays % 3 == 0 and plays // 3 <= len(view.tricks):
                winner = view.tricks[plays // 3 - 1].winner
                entries.append(
                    _entry(
                        _("You take the trick.")
                        if winner == me
                        else _("%(name)s takes the trick."),
                        name=names[winner],
                    )
                )
        for entry in entries[first:]:
            entry.step = step
    return entries


def _entry(template: str, **params: object) -> LogEntry:
    """A log line as HTML (cards and suits drawn) and as plain text (read aloud)."""
    html_params: dict[str, object] = {}
    text_params: dict[str, object] = {}
    for key, value in params.items():
        if key == "card" and isinstance(value, str):
            html_params[key] = card_html(value)
            text_params[key] = card_spoken(value)
        elif key == "cards" and isinstance(value, list):
            html_params[key] = SafeString(" ".join(card_html(code) for code in value))
            text_params[key] = ", ".join(card_spoken(code) for code in value)
        elif isinstance(value, tuple) and value[0] == "suit":
            html_params[key] = suit_html(value[1])
            text_params[key] = suit_plural(value[1])
        else:
            html_params[key] = value
            text_params[key] = value
    escaped = {
        key: value if isinstance(value, SafeString) else format_html("{}", value)
        for key, value in html_params.items()
    }
    html = (
        SafeString(format_html("{}", template) % escaped) if params else format_html("{}", template)
    )
    return LogEntry(html=html, text=template % text_params if params else template)


def rules_summary(rules: dict[str, object]) -> list[str]:
    """The options of a match in words."""
    lines = [_("Match to %(target)s") % {"target": rules.get("target", 1000)}]
    lines.append(_("Bids in steps of %(step)s") % {"step": rules.get("bid_step", 10)})
    lines.append(
        _("Following: must beat")
        if rules.get("following", "must_beat") == "must_beat"
        else _("Following: classic")
    )
    lines.append(
        _("Opponents round to 10, 5 down")
        if rules.get("rounding", "ten_down") == "ten_down"
        else _("Opponents round to 5")
    )
    lines.append(
        _("Four 9s: re-deal before bidding")
        if rules.get("four_nines", "redeal") == "redeal"
        else _("Four 9s: the declarer may abandon")
    )
    return lines
