"""The site's test helpers: computers move at once, and only when a test runs them."""

from tests.web.conftest import _quick_computers, runner_requests

__all__ = ["_quick_computers", "runner_requests"]
