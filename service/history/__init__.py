"""A game's past: exports as JSON, replays and charts, the phases as played."""
