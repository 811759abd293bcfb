"""The error for an illegal turn and the marker for its translatable messages."""

from __future__ import annotations


def gettext_noop(message: str) -> str:
    """Marks a message for translation without translating it (the web layer translates).

    Named like Django's marker so that ``makemessages`` collects these strings too.
    """
    return message


class IllegalTurn(ValueError):
    """A turn the rules do not allow, with a reason a player can understand.

    ``template`` is the untranslated message and ``params`` its values (tile and set
    notations, numbers), so that the web layer can show it in the player's language;
    ``str()`` gives the English message.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))
