"""A new database is made by migrations that import none of the site's code: later changes to
the engines, the history or the models' helpers cannot break a fresh ``migrate``. And the schema
names no default game."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError
from django.db.migrations.loader import MigrationLoader

from games.models import Match

SQUASHED = ("games", "0001_squashed_0010_seat_presence_out_of_the_database")
SITE = ("games", "accounts", "config")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_a_new_database_takes_the_squashed_migration_not_the_ones_that_ran_site_code() -> None:
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    plan = graph.forwards_plan(graph.leaf_nodes("games")[0])
    games_steps = [node for node in plan if node[0] == "games"]
    assert games_steps[0] == SQUASHED
    assert ("games", "0004_hands_to_rounds") not in games_steps
    assert ("games", "0008_results_of_finished_matches") not in games_steps


def test_the_migrations_of_a_new_database_import_no_site_code() -> None:
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    plan = graph.forwards_plan(graph.leaf_nodes("games")[0])
    for app, name in plan:
        if app not in ("games", "accounts"):
            continue
        module = importlib.import_module(f"{app}.migrations.{name}")
        assert module.__file__ is not None
        site = {
            imported
            for imported in imported_modules(Path(module.__file__))
            if imported.split(".")[0] in SITE
        }
        assert site == set(), (name, site)


@pytest.mark.django_db
def test_there_is_no_default_game(alice: AbstractBaseUser) -> None:
    with pytest.raises(IntegrityError, match="a_match_names_its_game"):
        Match.objects.create(owner=alice, options={}, scores=[0, 0, 0])
