"""House rules and their classic variants, as data (rules section 4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

MUST_BEAT = "must_beat"
CLASSIC = "classic"
TEN_DOWN = "ten_down"
FIVE = "five"
REDEAL = "redeal"
ABANDON = "abandon"

_CHOICES: dict[str, tuple[Any, ...]] = {
    "target": (1000, 500),
    "bid_step": (10, 5),
    "following": (MUST_BEAT, CLASSIC),
    "rounding": (TEN_DOWN, FIVE),
    "four_nines": (REDEAL, ABANDON),
    "players": (3, 4, 2),
}
_FOUR_PLAYER_CHOICES: dict[str, tuple[Any, ...]] = {
    "musik_points": (False, True),
}
"""Options that only a table of four has (rules 4.2)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one match; the defaults are the house rules.

    - ``target``: 1000, or 500 for a short match (barrel 400, cap 490).
    - ``bid_step``: bids and contracts go up by 10, or by 5.
    - ``following``: ``"must_beat"`` (follow and beat if you can, else trump and overtrump if
      you can) or ``"classic"`` (follow suit, else any trump, else anything).
    - ``rounding``: opponents' points to the nearest 10 with 5 rounding down (``"ten_down"``)
      or to the nearest 5 (``"five"``).
    - ``four_nines``: a hand with all four 9s may ask for a re-deal before the bidding
      (``"redeal"``), or the declarer holding them after taking the musik may abandon the
      hand (``"abandon"``, the action ``redeal`` in the giving phase).
    - ``players``: 3; 4 where the dealer deals to the three others and sits the hand out;
      or 2, the two-player game with two musiks (rules 4.1).
    - ``musik_points`` (four players only): the dealer sitting the hand out scores from the
      musik, 50 for each ace and the value of a marriage in it (rules 4.2).
    """

    target: int = 1000
    bid_step: int = 10
    following: str = MUST_BEAT
    rounding: str = TEN_DOWN
    four_nines: str = REDEAL
    players: int = 3
    musik_points: bool = False

    def __post_init__(self) -> None:
        for name, allowed in (*_CHOICES.items(), *_FOUR_PLAYER_CHOICES.items()):
            value = getattr(self, name)
            if type(value) is not type(allowed[0]) or value not in allowed:
                names = [repr(choice) for choice in allowed]
                options = ", ".join(names[:-1]) + " or " + names[-1]
                raise ValueError(f"rules: {name} must be {options}, not {value!r}")
        if self.musik_points and self.players != 4:
            raise ValueError("rules: musik_points is an option for four players only")

    @property
    def hand_players(self) -> int:
        """How many players hold cards in a hand: 2 at a table of two, else 3 (at a table
        of four the dealer sits each hand out)."""
        return 2 if self.players == 2 else 3

    @property
    def barrel(self) -> int:
        """Score from which a player scores only as declarer (800, or 400 in a match to 500)."""
        return self.target * 4 // 5

    @property
    def opponent_cap(self) -> int:
        """Highest score an opponent can reach from opponent points (990, or 490)."""
        return self.target - 10

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (the inverse of ``Rules.from_dict``).

        ``players`` appears only for two or four players, and ``musik_points`` only when it
        is on: the rules of every three-player match stored before these options existed
        read the same as a three-player match's today.
        """
        data = asdict(self)
        if self.players == 3:
            del data["players"]
        if not self.musik_points:
            del data["musik_points"]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from a dict such as a replay scenario's ``rules``; missing keys are defaults."""
        if not isinstance(data, Mapping):
            raise ValueError("rules must be an object")
        unknown = sorted(set(data) - set(_CHOICES) - set(_FOUR_PLAYER_CHOICES))
        if unknown:
            raise ValueError(f"rules: unknown option {', '.join(map(repr, unknown))}")
        return cls(**data)

    @staticmethod
    def options() -> dict[str, tuple[Any, ...]]:
        """The options of a table of any size, each with its allowed values, the default
        first (for forms built from the rules)."""
        return dict(_CHOICES)

    @staticmethod
    def options_for(players: int) -> dict[str, tuple[Any, ...]]:
        """``options()`` and the options only a table of ``players`` has (``musik_points``
        at four), each with its allowed values, the default first."""
        if players == 4:
            return {**_CHOICES, **_FOUR_PLAYER_CHOICES}
        return dict(_CHOICES)


HOUSE_RULES = Rules()
