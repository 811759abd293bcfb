"""The game-agnostic match core: the registry of games and what every game gives the site."""
