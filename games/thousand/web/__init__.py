"""Thousand on the site: its spec for the match core, its options form and its presenters."""
