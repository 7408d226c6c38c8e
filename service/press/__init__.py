"""Press between powers, as the game's settings allow it."""
