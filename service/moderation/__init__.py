"""What moderators do: deadlines, pause and resume, replacing players, rollback,
ending a game, the audit log; upkeep."""
