"""Normal: the greedy yardstick's play (``greedy``): the solver's play placing the most rack
tiles now (then the most points), else draw (or pass once the pool is empty)."""

from __future__ import annotations

from .greedy import choose

__all__ = ["choose"]
