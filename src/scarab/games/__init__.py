"""One package per game; each exposes GAME."""
