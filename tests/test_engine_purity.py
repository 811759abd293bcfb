"""The rules engine and the bots are a pure library: importing them loads nothing of Django."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "games.thousand.engine",
        "games.thousand.replay",
        "games.thousand.bench",
        "games.thousand.bots",
        "games.thousand.arena",
        "games.rummy.engine",
        "games.rummy.check",
        "games.rummy.solver",
        "games.rummy.solve_command",
        "games.rummy.bench",
        "games.rummy.bots",
        "games.rummy.computer",
        "games.thousand.computer",
        "games.core.registry",
    ],
)
def test_module_imports_without_django(module: str) -> None:
    code = (
        f"import sys; import {module}; "
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')); "
        "print(loaded)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
