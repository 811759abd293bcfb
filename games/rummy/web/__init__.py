"""Tile rummy on the site: its spec for the match core, its options form, its presenters and
the hint view."""
