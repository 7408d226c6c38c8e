"""One cog per area: games (players' commands), orders (DMs and /orders), moderation (/mod),
deadlines (the service's clock)."""
