"""The people in a game: seats and claims, absences, extensions, missed orders and
abandoned seats, records, preferences, the briefing and guide a player reads."""
