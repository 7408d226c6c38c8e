"""The absences area: a seated player says when they will be away (`/absence from to`).

A deadline falling inside an accepted absence moves to its end: the open phase's at once,
later phases' when they open (service/timing/schedules.py). Each player may be away at most
`absence_days` days in a game (started days, summed over their absences; 0: absences are
off). The moderator is told privately and may refuse it; the channel is told both times.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.errors import InvalidRequest, NotAllowed, NotFound
from service.games.lookups import game_or_fail, game_owning
from service.models import ACTIVE, PAUSED
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.storage.db import Database
from service.storage.repos import absences, audit, phases, seats
from service.storage.repos.absences import Absence
from service.timing.alarms import Alarms
from service.timing.clock import Clock, now_ts, to_ts
from service.timing.when import HORIZON, read_time


@dataclass(frozen=True)
class AbsenceReport:
    id: int
    game: str
    starts_at: datetime
    ends_at: datetime
    days_left: int                   # of the player's allowance in this game
    deadline: datetime | None        # the open phase's deadline, when the absence moved it


class Absences:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox, alarms: Alarms) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        self.alarms = alarms

    async def declare(self, game_id: int, user_id: int, start: str, end: str) -> AbsenceReport:
        """Record an absence typed as the player wrote it (read in the game's time zone; a
        day alone runs from its start to its end)."""
        now = self.clock.now()
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            if game.status not in (ACTIVE, PAUSED):
                raise InvalidRequest("absence.not_running", f"{game.name} is not running",
                                     game=game.name)
            if not await seats.powers_of(conn, game_id, user_id):
                raise NotAllowed("absence.not_seated", f"you play no power in {game.name}",
                                 game=game.name)
            cap = game.settings.absence_days
            if cap <= 0:
                raise InvalidRequest("absence.off", f"{game.name} takes no absences: ask the "
                                     "moderator", game=game.name)
            zone = game.settings.timezone
            starts = read_time(start, now, zone, past_is_now=True, horizon=HORIZON)
            ends = read_time(end, now, zone, end_of_day=True, horizon=HORIZON)
            if ends <= starts:
                raise InvalidRequest("absence.ends_before", "the absence must end after it "
                                     "starts", start=starts, end=ends)
            taken = sum(a.days for a in await absences.of_game(conn, game_id, user_id=user_id))
            wanted = Absence(0, game_id, user_id, starts, ends, "accepted", None, None).days
            if taken + wanted > cap:
                raise InvalidRequest("absence.over_cap", f"that is {wanted} days; you have "
                                     f"{cap - taken} of {cap} left in {game.name}",
                                     game=game.name, days=wanted, left=cap - taken, cap=cap,
                                     count=wanted)
            absence_id = await absences.insert(conn, game_id, user_id, to_ts(starts),
                                               to_ts(ends), to_ts(now))
            moved = await self._move_open_deadline(conn, game, absence_id, starts, ends)
            await audit.log(conn, game_id, user_id, "absence",
                            {"id": absence_id, "from": starts.isoformat(),
                             "to": ends.isoformat(), "moved": moved is not None}, to_ts(now))
            params = {"user_id": user_id, "start": starts, "end": ends}
            if moved is not None:
                await self.outbox.post(game, "absence.declared_moved", f"{game.name}: "
                                     f"<@{user_id}> is away from {starts:%Y-%m-%d %H:%M} to "
                                     f"{ends:%Y-%m-%d %H:%M} UTC; the deadline moves to "
                                     f"{moved:%Y-%m-%d %H:%M} UTC.",
                                     deadline=moved, conn=conn, **params)
            else:
                await self.outbox.post(game, "absence.declared", f"{game.name}: <@{user_id}> is away "
                                     f"from {starts:%Y-%m-%d %H:%M} to {ends:%Y-%m-%d %H:%M} UTC; "
                                     "no deadline falls while they are away.", conn=conn,
                                     **params)
            await self.outbox.tell(game.moderator_id, Message(
                "absence.moderator", f"{game.name}: <@{user_id}> declared an absence from "
                f"{starts:%Y-%m-%d %H:%M} to {ends:%Y-%m-%d %H:%M} UTC. You may refuse it.",
                {"game": game.name, "absence_id": absence_id, **params}), game=game,
                conn=conn)
        await self.outbox.deliver_owed(game_id)
        await self.alarms.reschedule(game_id)
        return AbsenceReport(absence_id, game.name, starts, ends, cap - taken - wanted, moved)

    @staticmethod
    async def _move_open_deadline(conn, game, absence_id: int, starts: datetime,
                                  ends: datetime) -> datetime | None:
        phase = await phases.latest(conn, game.id)
        if (game.status != ACTIVE or phase is None or phase.status != "open"
                or phase.deadline_at is None or not starts <= phase.deadline_at < ends):
            return None
        await phases.set_deadline(conn, phase.id, to_ts(ends))
        await phases.clear_reminders(conn, phase.id)
        await absences.note_moved(conn, absence_id, phase.id, to_ts(phase.deadline_at))
        return ends

    async def refuse(self, absence_id: int, actor_id: int) -> Absence:
        """The moderator refuses an absence: deadlines no longer move for it, and the open
        phase's deadline it moved goes back (if that time is still to come)."""
        now = now_ts(self.clock)
        game_id = await game_owning(self.db, absences.game_of, absence_id)
        async with self.db.transaction(game_id) as conn:
            absence = await absences.get(conn, absence_id)
            if absence is None:
                raise NotFound("absence.not_found", "there is no such absence")
            game = await game_or_fail(conn, absence.game_id)
            if not await absences.refuse(conn, absence_id):
                raise InvalidRequest("absence.already_refused", "that absence was already "
                                     "refused", game=game.name)
            restored = None
            phase = await phases.latest(conn, game.id)
            if (absence.phase_id is not None and phase is not None and phase.id == absence.phase_id
                    and phase.status == "open" and phase.deadline_at == absence.ends_at
                    and absence.moved_from is not None and to_ts(absence.moved_from) > now):
                await phases.set_deadline(conn, phase.id, to_ts(absence.moved_from))
                await phases.clear_reminders(conn, phase.id)
                restored = absence.moved_from
            await audit.log(conn, game.id, actor_id, "absence_refused",
                            {"id": absence_id, "user": absence.user_id}, now)
            params = {"user_id": absence.user_id, "actor_id": actor_id, "start": absence.starts_at,
                      "end": absence.ends_at, "deadline": restored}
            await self.outbox.post(game, "absence.refused", f"{game.name}: the moderator refused "
                                 f"the absence of <@{absence.user_id}>; deadlines are as before.",
                                 conn=conn, **params)
            await self.outbox.tell(absence.user_id, Message(
                "absence.refused.player", f"{game.name}: the moderator refused your absence from "
                f"{absence.starts_at:%Y-%m-%d %H:%M} to {absence.ends_at:%Y-%m-%d %H:%M} UTC.",
                {"game": game.name, **params}), game=game, conn=conn)
        await self.outbox.deliver_owed(game.id)
        await self.alarms.reschedule(game.id)
        return absence

    async def refuse_latest(self, game_id: int, actor_id: int, user_id: int) -> Absence:
        """Refuse the player's latest absence in the game that has not ended."""
        now = self.clock.now()
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            current = [a for a in await absences.of_game(conn, game_id, user_id=user_id)
                       if a.ends_at > now]
        if not current:
            raise InvalidRequest("absence.none", f"<@{user_id}> has no absence to come in "
                                 f"{game.name}", game=game.name, user_id=user_id)
        return await self.refuse(current[-1].id, actor_id)

    async def game_of(self, absence_id: int) -> int:
        async with self.db.read() as conn:
            absence = await absences.get(conn, absence_id)
        if absence is None:
            raise NotFound("absence.not_found", "there is no such absence")
        return absence.game_id

