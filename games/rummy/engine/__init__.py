"""The rules of tile rummy as a pure library: no Django, no I/O, randomness injected."""
