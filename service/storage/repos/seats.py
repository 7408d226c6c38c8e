"""Who plays what: the roster of players who joined before the start, and the seats (power ->
player, vacant, in civil disorder) from the start on, with who held each seat when (the terms
a player's record is derived from: service/storage/repos/records.py)."""

from __future__ import annotations

from engine.vocabulary import Power
from service.models import Seat
from service.storage.db import Connection


async def add_player(conn: Connection, game_id: int, user_id: int, at: float) -> bool:
    changed = await conn.execute("INSERT INTO players (game_id, user_id, joined_at) VALUES (?, ?, ?) "
                                 "ON CONFLICT DO NOTHING", (game_id, user_id, at))
    return changed == 1


async def remove_player(conn: Connection, game_id: int, user_id: int) -> bool:
    changed = await conn.execute("DELETE FROM players WHERE game_id = ? AND user_id = ?",
                                 (game_id, user_id))
    return changed == 1


async def players(conn: Connection, game_id: int) -> list[int]:
    rows = await conn.fetch("SELECT user_id FROM players WHERE game_id = ? "
                            "ORDER BY joined_at, user_id", (game_id,))
    return [r[0] for r in rows]


async def create(conn: Connection, game_id: int,
                 assignment: dict[Power, int | None]) -> None:
    await conn.executemany("INSERT INTO seats (game_id, power, user_id) VALUES (?, ?, ?)",
                           [(game_id, p.value, u) for p, u in assignment.items()])
    for power, user_id in assignment.items():
        if user_id is not None:
            await _begin_term(conn, game_id, power, user_id)


async def all_seats(conn: Connection, game_id: int) -> list[Seat]:
    rows = await conn.fetch("SELECT game_id, power, user_id, civil_disorder, computer FROM seats "
                            "WHERE game_id = ? ORDER BY power", (game_id,))
    return [Seat(r[0], Power(r[1]), r[2], bool(r[3]), bool(r[4]) and r[2] is None)
            for r in rows]


async def powers_of(conn: Connection, game_id: int, user_id: int) -> list[Power]:
    rows = await conn.fetch("SELECT power FROM seats WHERE game_id = ? AND user_id = ? "
                            "ORDER BY power", (game_id, user_id))
    return [Power(r[0]) for r in rows]


async def set_user(conn: Connection, game_id: int, power: Power,
                   user_id: int | None) -> None:
    rows = await conn.fetch("SELECT user_id FROM seats WHERE game_id = ? AND power = ?",
                            (game_id, power.value))
    if rows and rows[0][0] == user_id:
        return
    # The seat's marks are its player's, not the seat's: a newcomer starts without the ready
    # mark (the phase must wait for them), the draw vote or the run of missed phases of the
    # player before (docs/seats.md).
    await conn.execute("UPDATE seats SET user_id = ?, missed_in_row = 0, missed_by = NULL "
                       "WHERE game_id = ? AND power = ?", (user_id, game_id, power.value))
    if user_id is not None:   # a player seated where the computer played takes it over
        await set_computer(conn, game_id, power, False)
    await conn.execute("DELETE FROM ready WHERE power = ? AND phase_id IN "
                       "(SELECT id FROM phases WHERE game_id = ? AND status = 'open')",
                       (power.value, game_id))
    await conn.execute("DELETE FROM draw_votes WHERE game_id = ? AND power = ?",
                       (game_id, power.value))
    await conn.execute(f"UPDATE seat_terms SET until_seq = {_LATEST_SEQ} "
                       "WHERE game_id = ? AND power = ? AND until_seq IS NULL",
                       (game_id, game_id, power.value))
    if user_id is not None:
        await _begin_term(conn, game_id, power, user_id)


# The phase a term starting or ending now is counted from: the game's latest phase while it is
# open, the one after it once adjudicated (a seat changing hands while its phase is being
# adjudicated, e.g. abandoned, leaves that phase to the player before); 0 before the first.
_LATEST_SEQ = ("COALESCE((SELECT seq + CASE WHEN status = 'done' THEN 1 ELSE 0 END FROM phases WHERE game_id = ? "
               "ORDER BY seq DESC LIMIT 1), 0)")


async def _begin_term(conn: Connection, game_id: int, power: Power,
                      user_id: int) -> None:
    await conn.execute("INSERT INTO seat_terms (game_id, power, user_id, since_seq) "
                       f"VALUES (?, ?, ?, {_LATEST_SEQ})",
                       (game_id, power.value, user_id, game_id))


async def set_civil_disorder(conn: Connection, game_id: int, powers: set[Power] |
                             frozenset[Power], value: bool) -> None:
    await conn.executemany(
        "UPDATE seats SET civil_disorder = ? WHERE game_id = ? AND power = ?",
        [(int(value), game_id, p.value) for p in powers])


async def games_of_user(conn: Connection, user_id: int) -> list[int]:
    """Games (not finished) where the user holds a seat or has joined the roster."""
    rows = await conn.fetch(
            "SELECT DISTINCT g.id FROM games g LEFT JOIN seats s ON s.game_id = g.id "
            "LEFT JOIN players p ON p.game_id = g.id "
            "WHERE g.status != 'finished' AND (s.user_id = ? OR p.user_id = ?) ORDER BY g.id",
            (user_id, user_id))
    return [r[0] for r in rows]


async def return_from_disorder(conn: Connection, game_id: int,
                               powers: set[Power]) -> set[Power]:
    """Clear the civil-disorder mark of those of `powers` that had it; return them."""
    if not powers:
        return set()
    marks = ", ".join("?" for _ in powers)
    rows = await conn.fetch(
        f"UPDATE seats SET civil_disorder = 0 WHERE game_id = ? AND civil_disorder = 1 "
        f"AND power IN ({marks}) RETURNING power", (game_id, *(p.value for p in powers)))
    return {Power(r[0]) for r in rows}


async def set_computer(conn: Connection, game_id: int, power: Power, on: bool) -> None:
    """Mark the seat as played by the computer (or no longer)."""
    await conn.execute("UPDATE seats SET computer = ? WHERE game_id = ? AND power = ?",
                       (int(on), game_id, power.value))


async def computer_powers(conn: Connection, game_id: int) -> list[Power]:
    """The powers of the game the computer plays, in order."""
    rows = await conn.fetch("SELECT power FROM seats WHERE game_id = ? AND computer = 1 "
                            "AND user_id IS NULL ORDER BY power", (game_id,))
    return [Power(r[0]) for r in rows]
