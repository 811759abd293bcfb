"""Match history, replays, statistics, rankings and moderation, for every game: built on the
match core and on each game's history hooks (``GameSpec.round_summary``, ``replay_view``,
``player_counters``, ``statistics``)."""
