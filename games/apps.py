from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # Each game registers its spec with the match core when its module is imported.
        from games.thousand.web import spec  # noqa: F401
