"""What `arbitro doctor` and `arbitro bot --check` report: one `Finding` a line, and the
findings both database dialects share (migrations, games, failing games)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime


@dataclass(frozen=True)
class Finding:
    topic: str
    text: str
    problem: bool = False
    warning: bool = False      # worth changing, but the bot runs


def schema_finding(version: int, known: int) -> Finding:
    """The migrations: current, pending (applied at the bot's next start) or too new."""
    if version > known:
        return Finding("schema", f"version {version}, newer than this Arbitro's {known}: "
                                 f"upgrade Arbitro (pip install -U arbitro)", problem=True)
    if version < known:
        pending = known - version
        return Finding("schema", f"version {version}: {pending} migration"
                                 f"{'s' if pending > 1 else ''} pending, applied at the "
                                 f"bot's next start (take a backup first)")
    return Finding("schema", f"version {version}, migrations current")


def games_finding(games: dict[str, int]) -> Finding:
    counts = ", ".join(f"{count} {status}" for status, count in games.items())
    return Finding("games", counts or "none yet")


def faults_findings(rows: list[tuple]) -> list[Finding]:
    """One problem line per failing game (service/timing/boundary.py): what failed, since when, how
    often, the next try."""
    found = []
    for game_id, phase_id, stage, reason, first_at, _last, attempts, retry_at, _told in rows:
        since = datetime.fromtimestamp(first_at, UTC).strftime("%Y-%m-%d %H:%M")
        again = datetime.fromtimestamp(retry_at, UTC).strftime("%Y-%m-%d %H:%M")
        found.append(Finding("games", f"game {game_id} fails to {stage} (phase id {phase_id}) "
                                      f"since {since} UTC, {attempts} attempt"
                                      f"{'s' if attempts > 1 else ''}, next try {again} UTC: "
                                      f"{reason}. The other games run; the moderator was "
                                      f"told", problem=True))
    return found
