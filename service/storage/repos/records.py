"""A player's record across every game of this database, derived from what is stored anyway:
the seat terms (who held a power from which phase to which), the submissions (orders sent
before a phase was adjudicated, valid or not) and, for each adjudicated phase, the powers that
missed it and those of them in civil disorder (a movement phase missed)."""

from __future__ import annotations

import json

from service.models import PlayerRecord
from service.storage.db import Connection

# A term covers the phases from the one open when the player was seated up to (not including)
# the one open when they left it.
_COVERS = "t.since_seq <= p.seq AND (t.until_seq IS NULL OR p.seq < t.until_seq)"


async def record(conn: Connection, user_id: int) -> PlayerRecord:
    """The player's record. An anonymous game counts only once it has ended: until then its
    phases, spells and seats would tell anyone comparing records after a phase (or after a
    replacement) which user played the power that missed it (docs/press.md)."""
    hidden = await _hidden_games(conn, user_id)
    ordered = await conn.fetch(
        "SELECT DISTINCT p.game_id, s.power, p.seq FROM submissions s "
        "JOIN phases p ON p.id = s.phase_id WHERE s.user_id = ? AND p.status = 'done'",
        (user_id,))
    # the phases the powers the player held then missed (any kind), and those of them in
    # civil disorder (a movement phase missed); the JSON lists of each phase's powers are
    # read here: both databases read them, but each with its own functions
    terms = await conn.fetch(
        "SELECT p.game_id, t.power, p.seq, o.missed_json, o.civil_disorder_json "
        "FROM phase_outcomes o JOIN phases p ON p.id = o.phase_id "
        "JOIN seat_terms t ON t.game_id = p.game_id "
        f"WHERE t.user_id = ? AND o.missed_json <> '[]' AND {_COVERS}", (user_id,))
    ordered = [row for row in ordered if row[0] not in hidden]
    missed = sorted({(g, power, seq) for g, power, seq, lost, _cd in terms
                     if power in json.loads(lost) and g not in hidden})
    disorder = sorted({(g, power, seq) for g, power, seq, _lost, cd in terms
                       if power in json.loads(cd) and g not in hidden})
    games = await conn.fetch(
        "SELECT DISTINCT g.id, g.status FROM seat_terms t JOIN games g ON g.id = t.game_id "
        "WHERE t.user_id = ? AND t.until_seq IS NULL", (user_id,))
    left = await conn.fetch(
        "SELECT game_id FROM seat_terms WHERE user_id = ? AND until_seq IS NOT NULL",
        (user_id,))
    by_status: dict[str, int] = {}
    for game_id, status in games:
        if game_id not in hidden:
            by_status[status] = by_status.get(status, 0) + 1
    return PlayerRecord(
        user_id=user_id, on_time=len({(g, p, s) for g, p, s in ordered} - _keys(missed)),
        missed=len(missed), civil_disorder_spells=_spells(ordered, disorder),
        finished=by_status.get("finished", 0),
        playing=by_status.get("active", 0) + by_status.get("paused", 0),
        abandoned=sum(1 for (game_id,) in left if game_id not in hidden))


async def _hidden_games(conn: Connection, user_id: int) -> set[int]:
    """The anonymous games not yet finished that the player holds or held a seat in."""
    rows = await conn.fetch(
        "SELECT DISTINCT g.id, g.settings_json FROM seat_terms t JOIN games g "
        "ON g.id = t.game_id WHERE t.user_id = ? AND g.status <> 'finished'", (user_id,))
    return {game_id for game_id, settings in rows
            if json.loads(settings).get("anonymous")}


def _keys(rows: list) -> set[tuple[int, str, int]]:
    return {(g, p, s) for g, p, s in rows}


def _spells(ordered: list, missed: list) -> int:
    """How many times a seat of the player went into civil disorder: runs of movement phases
    of one power in civil disorder, each broken by a phase it was ordered in."""
    events = sorted([(g, p, s, False) for g, p, s in ordered]
                    + [(g, p, s, True) for g, p, s in missed])
    spells, before = 0, None
    for game, power, _seq, is_missed in events:
        if is_missed and not (before and before[:2] == (game, power) and before[2]):
            spells += 1
        before = (game, power, is_missed)
    return spells
