"""Django's PostgreSQL backend, with a pool that checks only connections that sat idle."""
