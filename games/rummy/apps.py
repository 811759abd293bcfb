from django.apps import AppConfig


class RummyConfig(AppConfig):
    """Tile rummy: its engine, solver, computer players, table, rules pages, history and
    templates."""

    name = "games.rummy"
    label = "rummy"

    def ready(self) -> None:
        from games.core.registry import register
        from games.rummy.web.spec import SPEC

        register(SPEC)
