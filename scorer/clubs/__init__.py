"""Clubs: the same players game after game, and their ratings (docs/club-format.md)."""
