"""Django's PostgreSQL backend, whose connection pool checks a connection before handing it
out only when it has sat in the pool for ``CHECK_AFTER_SECONDS``.

With ``CONN_HEALTH_CHECKS`` Django's pool checks every connection it hands out with a round
trip to the server. Under ASGI every request and every consumer call takes a connection from
the pool and gives it back, so that was about 8 extra round trips for each move of a person
answered by two computers (counted in PostgreSQL's statement log during ``manage.py loadtest``).
A connection back in the pool a moment ago worked a moment ago; one that sat longer (across a
PostgreSQL restart, say) is still checked and replaced if it fails.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db.backends.postgresql import base
from psycopg_pool import ConnectionPool

CHECK_AFTER_SECONDS = 2.0

_RETURNED = "_returned_to_pool_at"


def _check_unless_recent(connection: Any) -> None:
    """The pool's ``check``: a round trip for a connection made or given back to the pool
    ``CHECK_AFTER_SECONDS`` ago or more."""
    returned = getattr(connection, _RETURNED, None)
    if returned is None or time.monotonic() - returned >= CHECK_AFTER_SECONDS:
        ConnectionPool.check_connection(connection)


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self) -> Any:
        pool_options = self.settings_dict["OPTIONS"].get("pool")
        if self.alias == base.NO_DB_ALIAS or not pool_options:
            return None
        if self.alias not in self._connection_pools:
            if self.settings_dict.get("CONN_MAX_AGE", 0) != 0:
                raise ImproperlyConfigured("Pooling doesn't support persistent connections.")
            connect_kwargs = self.get_connection_params()
            # In autocommit, as Django's own pool: Django sets the mode it needs later on.
            connect_kwargs["autocommit"] = True
            pool = ConnectionPool(
                kwargs=connect_kwargs,
                open=False,
                configure=self._configure_connection,
                check=_check_unless_recent if self.settings_dict["CONN_HEALTH_CHECKS"] else None,
                **({} if pool_options is True else pool_options),
            )
            # As Django's own: the first of several threads creating a pool at once wins.
            self._connection_pools.setdefault(self.alias, pool)
        return self._connection_pools[self.alias]

    def _configure_connection(self, connection: Any) -> None:
        super()._configure_connection(connection)
        # A connection the pool has just made works.
        setattr(connection, _RETURNED, time.monotonic())

    def _close(self) -> None:
        if self.connection is not None and self.pool:
            setattr(self.connection, _RETURNED, time.monotonic())
        super()._close()
