"""What the service says: the outbox (owed messages, delivered after the commit),
the announcement of results, the texts of results, a phase's private notices, and the notifier
protocol the bot implements."""
