"""The canonical action notation (rules section 5) and the error for an illegal action."""

from __future__ import annotations

from .cards import CARD_BY_NAME, CARD_NAMES, SUITS


def gettext_noop(message: str) -> str:
    """Marks a message for translation without translating it (the web layer translates).

    Named like Django's marker so that ``makemessages`` collects these strings too.
    """
    return message


KEEP, REDEAL, BID, PASS, GIVE, CONTRACT, PLAY, MUSIK, DISCARD = range(9)

SUIT_NAMES = (
    gettext_noop("spade"),
    gettext_noop("club"),
    gettext_noop("diamond"),
    gettext_noop("heart"),
)


class IllegalAction(ValueError):
    """An action the rules do not allow now, with a reason a player can understand.

    ``template`` is the untranslated message and ``params`` its values (card notations,
    numbers, and under ``suit`` an English suit name from ``SUIT_NAMES``), so that the web
    layer can show it in the player's language; ``str()`` gives the English message.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


MUSIK_ACTIONS = ("musik:1", "musik:2")
"""Choosing the first or the second musik (two players); the argument is the index 0 or 1."""


def _table() -> dict[str, tuple[int, int]]:
    table: dict[str, tuple[int, int]] = {
        "keep": (KEEP, 0),
        "redeal": (REDEAL, 0),
        "pass": (PASS, 0),
    }
    for value in range(100, 405, 5):
        table[f"bid:{value}"] = (BID, value)
        table[f"contract:{value}"] = (CONTRACT, value)
    for card, name in enumerate(CARD_NAMES):
        table[f"give:{name}"] = (GIVE, card)
        table[f"play:{name}"] = (PLAY, card)
        table[f"discard:{name}"] = (DISCARD, card)
    for index, action in enumerate(MUSIK_ACTIONS):
        table[action] = (MUSIK, index)
    return table


ACTIONS = _table()
"""Every well-formed action string mapped to ``(kind, argument)``."""

PLAY_ACTIONS = tuple(f"play:{name}" for name in CARD_NAMES)
GIVE_ACTIONS = tuple(f"give:{name}" for name in CARD_NAMES)
DISCARD_ACTIONS = tuple(f"discard:{name}" for name in CARD_NAMES)


def parse_action(action: object) -> tuple[int, int]:
    """``(kind, argument)`` of an action string, or ``IllegalAction`` saying what is wrong."""
    try:
        return ACTIONS[action]  # type: ignore[index]
    except (KeyError, TypeError):
        pass
    if not isinstance(action, str):
        raise IllegalAction(gettext_noop("An action must be text such as play:AS."))
    kind, _, argument = action.partition(":")
    if kind in ("bid", "contract", "musik"):
        # ASCII digits only, and no int(): "²" is a digit to isdigit() and int() refuses very
        # long numbers, and either would escape as a plain ValueError.
        if argument.isascii() and argument.isdigit():
            if argument[-1] in "05" or kind == "musik":
                raise IllegalAction(gettext_noop("{value} is out of range."), value=argument)
            raise IllegalAction(gettext_noop("{value} is not a multiple of 5."), value=argument)
        raise IllegalAction(gettext_noop("{action} needs a number, as in bid:110."), action=kind)
    if kind in ("give", "play", "discard"):
        if argument.upper() in CARD_BY_NAME:
            raise IllegalAction(
                gettext_noop("Write cards in capitals, as in {card}."), card=argument.upper()
            )
        raise IllegalAction(
            gettext_noop("{card} is not a card: write a rank (9 J Q K T A) then a suit ({suits})."),
            card=argument,
            suits=" ".join(SUITS),
        )
    raise IllegalAction(
        gettext_noop(
            "{action} is not an action: use keep, redeal, bid:N, pass, give:C, "
            "contract:N or play:C."
        ),
        action=action,
    )
