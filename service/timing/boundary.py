"""Error boundaries: one game's failure stays that game's.

Each game's adjudication, announcement and reminders run inside `guarded`: an exception is
logged with the game, stored (`game_faults`: stage, reason, first and last time, attempts),
told to the game's moderators (`moderators_of`) once per failure (`game.fault.<stage>`, not once per retry; a
post or a reminder only after TELL_AFTER failures, past a hiccup of Discord's),
shown by `arbitro doctor`, and the game is tried again after a pause that doubles with each
failure (FIRST_RETRY up to MAX_RETRY). The other games of the same deadline pass, and the
start-up, carry on. When the game next works its row goes, so a later failure is told again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from datetime import timedelta
from typing import TypeVar

from service.games.lookups import game_or_fail
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.storage.db import Database
from service.storage.repos import faults, phases
from service.timing.clock import Clock, now_ts

log = logging.getLogger(__name__)

T = TypeVar("T")

# The pause before a failing game is tried again, doubled with each failure up to the cap.
FIRST_RETRY = timedelta(minutes=1)
MAX_RETRY = timedelta(hours=1)
STAGES = {"adjudicate": "be adjudicated", "announce": "be announced",
          "reminders": "have its reminders sent"}
# After how many failures in a row the moderator is told: an adjudication at once; a post or
# a reminder only once it is not a passing hiccup of Discord's (about seven minutes).
TELL_AFTER = {"adjudicate": 1, "announce": 3, "reminders": 3}


def retry_pause(attempts: int) -> float:
    """Seconds before the next try after `attempts` failures in a row."""
    first, cap = FIRST_RETRY.total_seconds(), MAX_RETRY.total_seconds()
    return min(cap, first * 2 ** min(attempts - 1, 30))


def reason_of(exc: BaseException) -> str:
    """The failure as one line for the log and `arbitro doctor` (never shown to players)."""
    text = " ".join(str(exc).split())[:300]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class Faults:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        # Games known to have a fault row (read at each deadline pass, and kept here), so a
        # game that works again clears it without a write for every healthy game.
        self._faulty: set[int] = set()

    def known_failing(self, game_id: int) -> bool:
        """Whether the game had a fault row when this process last looked."""
        return game_id in self._faulty

    async def failing_games(self) -> set[int]:
        """Games failing and not yet due for another try (read afresh: another process may
        have recorded a failure); the ones with a row at all are remembered."""
        now = now_ts(self.clock)
        async with self.db.read() as conn:
            rows = await faults.all_faults(conn)
        self._faulty = {f.game_id for f in rows}
        return {f.game_id for f in rows if f.retry_at > now}

    async def guarded(self, game_id: int, phase_id: int | None, stage: str,
                      work: Awaitable[T]) -> T | None:
        """`work` for one game; a failure is that game's (recorded, told, retried later) and
        gives None."""
        try:
            result = await work
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the boundary: whatever broke, it broke for this game only
            log.exception("game %s: %s of phase %s failed; the other games carry on",
                          game_id, stage, phase_id)
            await self.game_failed(game_id, phase_id, stage, exc)
            return None
        if game_id in self._faulty and result is not False:   # False: not this process's turn
            await self.game_works(game_id, stage)
        return result

    async def game_failed(self, game_id: int, phase_id: int | None, stage: str,
                          exc: BaseException) -> float | None:
        """Store the failure, set its next try, and tell the moderator the first time; when
        the game is tried again (None if even recording failed)."""
        now = now_ts(self.clock)
        retry_at = None
        try:
            async with self.db.transaction() as conn:
                fault = await faults.record(conn, game_id, phase_id, stage, reason_of(exc),
                                            now)
                retry_at = now + retry_pause(fault.attempts)
                await faults.set_retry(conn, game_id, retry_at)
                first = fault.attempts >= TELL_AFTER.get(stage, 1) \
                    and await faults.mark_reported(conn, game_id, now)
            self._faulty.add(game_id)
            if first:
                await self._tell_fault(game_id, phase_id, stage, retry_at - now)
        except Exception:  # recording must not break the boundary it serves
            log.exception("could not record the failure of game %s", game_id)
        return retry_at

    async def game_works(self, game_id: int, stage: str) -> None:
        """The step `stage` of the game worked: a failure of that step is over."""
        try:
            async with self.db.transaction() as conn:
                if await faults.clear(conn, game_id, stage):
                    log.info("game %s works again (%s)", game_id, stage)
                    self._faulty.discard(game_id)
        except Exception:
            log.exception("could not clear the failure of game %s", game_id)

    async def _tell_fault(self, game_id: int, phase_id: int | None, stage: str,
                          pause: float) -> None:
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            phase = await phases.get(conn, phase_id) if phase_id is not None else None
        name = phase.name if phase else "?"
        minutes = max(1, round(pause / 60))
        await self.outbox.tell_moderators(game, Message(
            f"game.fault.{stage}", f"{game.name}: the phase {name} could not "
            f"{STAGES.get(stage, stage)} because of an internal error. The other games are not "
            f"affected. Arbitro tries again in {minutes} minutes, and later with longer pauses; "
            "the error is in the bot's log and in `arbitro doctor`.",
            {"game": game.name, "game_id": game.id, "phase": name, "minutes": minutes}))
