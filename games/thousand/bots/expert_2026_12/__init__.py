"""The Expert as it played in December 2026, frozen: the arena's fixed reference level
``expert-2026-12`` (issue 25). It is never offered on the site (``LEVELS`` does not name it).

A copy of every module that Expert decided with (its search, sampler, playouts, card play and
hand evaluation, trimmed to what it used), so that later work on the Expert and its helpers
leaves it unchanged. Only the ``Clock`` it is given is shared. Do not edit it: measure a new
Expert against it, and freeze a new reference instead when one is needed.
"""

from .expert import choose

__all__ = ["choose"]
