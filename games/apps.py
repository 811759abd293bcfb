from importlib import import_module

from django.apps import AppConfig

GAME_SPECS = ("games.thousand.web.spec", "games.rummy.web.spec")
"""Each game registers its spec with the match core when its module is imported; the lobby
lists the games in this order (the first is the default)."""


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from games.core import changes
        from games.core.computers import runner

        # The core asks the computers to play after each change; the runner plays through
        # the core, which therefore does not import it.
        changes.computers = runner
        import_module("games.history.receivers")
        import_module("games.signals")
        for module in GAME_SPECS:
            import_module(module)
