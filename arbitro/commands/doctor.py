"""`arbitro doctor [--db PATH] [--env FILE]`: what the bot would find at start-up, checked
without changing anything: the database, its migrations and games, the Discord token (never
printed) and the daily backups. Exits 1 when something must be fixed first."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime

from arbitro.commands import add_settings_arguments, bot_settings

HELP = "check the settings, the database and the backups the bot would start with"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_settings_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from ops.doctor import examine
    from ops.settings import SettingsError

    try:
        settings = bot_settings(args)
    except SettingsError as exc:
        print(f"settings:  PROBLEM: {exc}")
        return 1
    return report(examine(settings, datetime.now(UTC)))


def report(findings: list) -> int:
    """Print the findings, one line each; 1 when any is a problem (the exit status)."""
    for finding in findings:
        mark = "PROBLEM: " if finding.problem else "WARNING: " if finding.warning else ""
        print(f"{finding.topic + ':':<10} {mark}{finding.text}")
    problems = sum(f.problem for f in findings)
    print("all good" if not problems else
          f"{problems} problem{'s' if problems > 1 else ''} to fix before starting the bot",
          file=sys.stderr if problems else sys.stdout)
    return 1 if problems else 0

