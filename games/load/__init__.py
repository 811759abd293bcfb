"""The load driver of ``manage.py loadtest`` (docs/load.md): the pages it reads, the simulated
people, and a run with its figures."""
