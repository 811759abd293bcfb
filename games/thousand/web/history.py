"""Thousand's part of the match history: a hand's row in the hand-by-hand table, a replay step
with every hand shown (finished matches only), and a player's counters for the statistics."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.core.spec_history import ReplayMark, RoundSummary, StoredRound
from games.thousand.engine import (
    BIDDING,
    DISCARDING,
    GIVING,
    MUSIK_PHASE,
    OVER,
    PLAYING,
    REDEAL_PHASE,
    REDEALT,
    HandState,
    seat_of,
    sitting_out,
)
from games.thousand.engine.cards import CARD_NAMES, SUITS, names_of
from games.thousand.web.cards import (
    SUIT_SYMBOLS,
    CardView,
    card_view,
    hand_order,
    suit_html,
    suit_plural,
)
from games.thousand.web.log import LogEntry, log_entry

MARRIAGE_SUITS = "HDCS"
"""Marriages in the statistics, from the most valuable: hearts, diamonds, clubs, spades."""


COUNTERS = (
    "hands",
    "declared",
    "made",
    "contracts",
    "max_contract_made",
    "points",
    *(f"marriages_{suit}" for suit in MARRIAGE_SUITS),
)
"""What ``player_counters`` counts for each seat."""


def round_summary(stored: StoredRound, names: Sequence[str]) -> RoundSummary:
    """A hand's row: dealer, declarer, bid, contract, made; each seat's card points and
    marriages; the score changes (``None`` for a re-deal, which does not count)."""
    result = stored.result or {}
    dealer = names[int(stored.setup["dealer"])]
    if stored.void:
        redeal_by = result.get("redeal_by")
        who = names[redeal_by] if isinstance(redeal_by, int) else ""
        return RoundSummary(
            cells=(dealer, who, _("re-deal"), "", ""),
            seat_notes=("",) * len(names),
            deltas=None,
        )
    declarer = result.get("declarer")
    absent = _sitting_out(stored.setup, len(names))
    notes = []
    for seat in range(len(names)):
        if seat == absent:
            notes.append(_("deals, sits out"))
            continue
        note = _("%(points)s in cards") % {"points": result["card_points"][seat]}
        marriages = result["marriage_points"][seat]
        if marriages:
            note += " · " + _("%(points)s in marriages") % {"points": marriages}
        notes.append(note)
    return RoundSummary(
        cells=(
            dealer,
            names[declarer] if isinstance(declarer, int) else "",
            str(result.get("bid") or ""),
            str(result.get("contract") or ""),
            _("made") if result.get("made") else _("went down"),
        ),
        seat_notes=tuple(notes),
        deltas=tuple(result["score_deltas"]),
    )


def _sitting_out(setup: Mapping[str, Any], players: int) -> int | None:
    return int(setup["dealer"]) if players == 4 else None


@dataclass
class ReplaySeat:
    number: int
    name: str
    cards: list[CardView]
    played: CardView | None
    taken: int
    marriage_points: int
    is_dealer: bool
    is_declarer: bool
    to_move: bool
    sits_out: bool


@dataclass
class ReplayView:
    seats: list[ReplaySeat]
    musik: list[CardView]
    phase: str
    bid: int | None
    contract: int | None
    trump: str
    trick: int
    last: LogEntry | None
    two_musiks: bool = False
    """Two players, before the choice: two musiks lie face down (never shown)."""
    musik_choice: int = 0
    """Which musik the declarer took (1 or 2), once taken."""


def replay_view(
    state: HandState,
    names: Sequence[str],
    previous: HandState | None,
    laid_away: tuple[int, ...] = (),
) -> ReplayView:
    """Every seat's cards and the table at ``state``; ``previous`` is the state before the
    last action, which the view tells in words.

    With two players (rules 4.1) the replay never shows the other musik nor the cards the
    declarer laid away (``laid_away``: the hand's discards), to anyone: the declarer's hand is
    drawn without them at every step, before the discards too (its cards would tell which
    of the unseen cards were laid away and which were the other musik)."""
    absent = sitting_out(state)
    hidden = 0
    for card in laid_away:
        hidden |= 1 << card
    positions = {seat_of(state, position): position for position in range(len(state.hands))}
    seats = []
    trick_cards = dict(_trick_by_position(state))
    for number, name in enumerate(names):
        position = positions.get(number)
        if position is None:
            seats.append(
                ReplaySeat(number, name, [], None, 0, 0, number == state.dealer, False, False, True)
            )
            continue
        played = trick_cards.get(position)
        seats.append(
            ReplaySeat(
                number=number,
                name=name,
                cards=[
                    card_view(code)
                    for code in sorted(names_of(state.hands[position] & ~hidden), key=hand_order)
                ],
                played=card_view(CARD_NAMES[played]) if played is not None else None,
                taken=state.taken[position],
                marriage_points=state.marriage_points[position],
                is_dealer=number == state.dealer and absent is None,
                is_declarer=state.declarer == position,
                to_move=state.to_move == position,
                sits_out=False,
            )
        )
    return ReplayView(
        seats=seats,
        musik=[card_view(code) for code in names_of(state.musik)]
        if state.phase in (REDEAL_PHASE, BIDDING) and not state.musiks
        else [],
        two_musiks=bool(state.musiks) and state.chosen is None,
        musik_choice=0 if state.chosen is None else state.chosen + 1,
        phase=_phase_label(state),
        bid=state.bid,
        contract=state.contract,
        trump=str(suit_html(SUITS[state.trump])) if state.trump is not None else "",
        trick=min(len(state.tricks) + 1, 10 if state.musiks else 8),
        last=_last_action(state, names) if previous is not None else None,
    )


def _trick_by_position(state: HandState) -> list[tuple[int, int]]:
    """The cards on the table: the trick being played, or the last one once all are taken."""
    if state.trick and state.leader is not None:
        players = len(state.hands)
        return [((state.leader + i) % players, card) for i, card in enumerate(state.trick)]
    if state.tricks and state.phase != PLAYING:
        last = state.tricks[-1]
        players = len(last.cards)
        return [((last.leader + i) % players, card) for i, card in enumerate(last.cards)]
    return []


def _phase_label(state: HandState) -> str:
    labels = {
        REDEAL_PHASE: _("Re-deal question"),
        BIDDING: _("Bidding"),
        GIVING: _("Giving cards from the musik"),
        MUSIK_PHASE: _("Choosing a musik"),
        DISCARDING: _("Laying away two cards"),
        PLAYING: _("Trick %(number)s") % {"number": len(state.tricks) + 1},
        OVER: _("Hand over"),
        REDEALT: _("Re-dealt"),
    }
    return labels.get(state.phase, _("Choosing the contract"))


def _last_action(state: HandState, names: Sequence[str]) -> LogEntry:
    position, action = state.history[-1]
    who = names[seat_of(state, position)]
    kind, _sep, argument = action.partition(":")
    if kind == "bid":
        return log_entry(_("%(name)s bids %(value)s."), name=who, value=argument)
    if kind == "pass":
        return log_entry(_("%(name)s passes."), name=who)
    if kind == "keep":
        return log_entry(_("%(name)s keeps the cards."), name=who)
    if kind == "redeal":
        return log_entry(_("%(name)s asks for a re-deal."), name=who)
    if kind == "give":
        return log_entry(_("%(name)s gives %(card)s."), name=who, card=argument)
    if kind == "musik":
        if argument == "1":
            return log_entry(_("%(name)s takes the first musik."), name=who)
        return log_entry(_("%(name)s takes the second musik."), name=who)
    if kind == "discard":
        # Never which card: the replay keeps the discards face down (rules 4.1).
        return log_entry(_("%(name)s lays a card away, face down."), name=who)
    if kind == "contract":
        return log_entry(_("%(name)s announces a contract of %(value)s."), name=who, value=argument)
    return log_entry(_("%(name)s plays %(card)s."), name=who, card=argument)


def replay_marks(states: Sequence[HandState]) -> list[ReplayMark]:
    """The start of the bidding, the musik, the contract, each trick and the end."""
    marks = [ReplayMark(0, _("Deal"))]
    seen: set[str] = set()
    for step, state in enumerate(states):
        if state.phase in (GIVING, MUSIK_PHASE) and "giving" not in seen:
            seen.add("giving")
            marks.append(ReplayMark(step, _("Musik")))
        if state.phase == PLAYING and not state.trick:
            key = f"trick-{len(state.tricks) + 1}"
            if key not in seen:
                seen.add(key)
                marks.append(
                    ReplayMark(step, _("Trick %(number)s") % {"number": len(state.tricks) + 1})
                )
    if len(states) > 1:
        marks.append(ReplayMark(len(states) - 1, _("End")))
    return marks


def player_counters(
    rounds: Sequence[StoredRound], players: int, replayed: Sequence[HandState | None]
) -> list[dict[str, int]]:
    """Each seat's counters over a finished match (``replayed``: each round's final state)."""
    return [_seat_counters(rounds, seat, replayed) for seat in range(players)]


def _seat_counters(
    rounds: Sequence[StoredRound], seat: int, replayed: Sequence[HandState | None]
) -> dict[str, int]:
    """One seat's counters: hands played, as declarer (hands, made, contracts summed, the
    highest made), marriages by suit, and points scored."""
    counters = dict.fromkeys(COUNTERS, 0)
    for stored, state in zip(rounds, replayed, strict=True):
        result = stored.result
        if stored.void or not result or state is None:
            continue
        players = len(result["score_deltas"])
        if _sitting_out(stored.setup, players) == seat:
            continue
        counters["hands"] += 1
        counters["points"] += int(result["score_deltas"][seat])
        if result.get("declarer") == seat:
            contract = int(result["contract"])
            counters["declared"] += 1
            counters["contracts"] += contract
            if result.get("made"):
                counters["made"] += 1
                counters["max_contract_made"] = max(counters["max_contract_made"], contract)
        for marriage in state.marriages:
            if seat_of(state, marriage.seat) == seat:
                counters[f"marriages_{SUITS[marriage.suit]}"] += 1
    return counters


def statistics(counters: Mapping[str, int], rounds: int) -> list[tuple[str, str]]:
    """Thousand's lines of a person's statistics from their summed counters."""
    declared = counters.get("declared", 0)
    made = counters.get("made", 0)
    hands = counters.get("hands", 0)
    lines = [
        (_("Hands as declarer"), str(declared)),
        (_("Contracts made"), str(made)),
        (_("Contracts failed"), str(declared - made)),
        (_("Success rate as declarer"), _percent(made, declared)),
        (
            _("Average contract"),
            f"{counters.get('contracts', 0) / declared:.1f}" if declared else "\N{EN DASH}",
        ),
        (_("Highest contract made"), str(counters.get("max_contract_made") or "\N{EN DASH}")),
    ]
    for suit in MARRIAGE_SUITS:
        count = counters.get(f"marriages_{suit}", 0)
        lines.append(
            (
                _("Marriages in %(suit)s (%(symbol)s)")
                % {"suit": suit_plural(suit), "symbol": SUIT_SYMBOLS[suit]},
                str(count),
            )
        )
    lines.append(
        (
            _("Average points per hand"),
            f"{counters.get('points', 0) / hands:.1f}" if hands else "\N{EN DASH}",
        )
    )
    return lines


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "\N{EN DASH}"
