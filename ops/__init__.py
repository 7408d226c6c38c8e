"""Operator tools, outside the game service: backups and restores, daily backups, `arbitro
doctor`, `arbitro migrate-db`, and the bot process's settings read from the environment. The
game service never imports this package; the CLI (arbitro/) and the bot process (bot/) do."""
