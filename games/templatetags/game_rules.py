from django import template

from games.rules.pages import rules_url

register = template.Library()


@register.simple_tag
def game_rules_url(game: str) -> str:
    """The address of a game's rules page, "" for a game without one."""
    return rules_url(game)
