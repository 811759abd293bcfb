from importlib import import_module

from django.apps import AppConfig


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
        import_module("games.invitations")
