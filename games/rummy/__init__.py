"""Tile rummy: the rules engine, the solver, computer players and the command line."""
