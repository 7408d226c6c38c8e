"""Moderator actions. Whether the caller is a moderator is the bot's decision (Discord
roles); the service records the actor of each action in the audit log and announces it."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from service.errors import InvalidRequest
from service.games.adjudication import Adjudication
from service.games.endgame import centre_counts
from service.games.lookups import (
    active_phase_or_fail,
    game_or_fail,
    open_phase_or_fail,
    running_or_fail,
)
from service.models import ACTIVE, FINISHED, PAUSED, AuditEntry, Game, GameView
from service.notices.outbox import Outbox
from service.storage.db import Database
from service.storage.repos import audit, games, marks, outbox, phases, results, seats
from service.storage.views import game_view
from service.timing.alarms import Alarms
from service.timing.clock import Clock, from_ts, now_ts, to_ts
from service.timing.deadlines import Deadlines
from service.timing.schedules import Schedules
from service.timing.slots import after_absences
from service.timing.when import read_time

# A phase rolled back keeps its own deadline if at least this far ahead (else a fresh one).
MIN_REOPENED = timedelta(hours=1)



class Moderation:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox, alarms: Alarms,
                 adjudication: Adjudication, deadlines: Deadlines,
                 schedules: Schedules) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        self.alarms = alarms
        self.adjudication = adjudication
        self.deadlines = deadlines
        self.schedules = schedules

    async def process_now(self, game_id: int, actor_id: int, phase: str | None = None) -> bool:
        """Adjudicate the open phase now. Pass the `phase` the moderator meant (e.g.
        "S1901M"): if it was already adjudicated (a deadline or another trigger got there
        first) this returns False and the next phase is left alone. A phase is never
        adjudicated twice."""
        if self.adjudication.is_adjudicating(game_id):
            return False
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
        if phase is not None and phase.strip().upper() != current.name:
            return False
        if game.status != ACTIVE:
            raise InvalidRequest("moderation.not_active", f"{game.name} is {game.status}: "
                                 "resume it first", game=game.name, status=game.status)
        await self.outbox.post(game, "moderation.process_now", f"{game.name}: the moderator "
                        f"<@{actor_id}> processes {current.name} now.", actor_id=actor_id,
                        phase=current.name)
        return await self.deadlines.adjudicate_now(game_id, current.id,
                                                   trigger="process_now", actor_id=actor_id)

    async def extend_deadline(self, game_id: int, actor_id: int, *,
                              by: timedelta | None = None,
                              to: datetime | None = None) -> GameView:
        """Move the open phase's deadline later by a duration, or to a time."""
        if (by is None) == (to is None):
            raise InvalidRequest("moderation.extend_how", "extend either by a duration or to "
                                 "a time")
        if by is not None and by <= timedelta(0):
            raise InvalidRequest("moderation.bad_duration", "extend by a positive duration",
                                 by=str(by))
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
        if to is None:
            if game.status == PAUSED:
                return await self._shift_paused(game, actor_id, by)
            to = current.deadline_at + by
        return await self.set_deadline(game_id, actor_id, to, action="extend")

    async def set_deadline(self, game_id: int, actor_id: int, when: datetime, *,
                           action: str = "set_deadline") -> GameView:
        """Set the open phase's deadline to `when` (in the future)."""
        now = now_ts(self.clock)
        target = to_ts(when)
        if target <= now:
            raise InvalidRequest("moderation.deadline_past", f"the deadline "
                                 f"{when:%Y-%m-%d %H:%M} UTC is not in the future",
                                 when=when)
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            if game.status == PAUSED:
                await games.set_status(conn, game_id, PAUSED, paused_remaining=target - now)
            else:
                await phases.set_deadline(conn, current.id, target)
            await phases.clear_reminders(conn, current.id)
            await audit.log(conn, game_id, actor_id, action,
                            {"phase": current.name, "deadline": when.isoformat()}, now)
            view = await game_view(conn, await games.get(conn, game_id))
            await self.outbox.post(game, f"moderation.{action}", f"{game.name}: the moderator "
                            f"<@{actor_id}> set the deadline of {current.name} to "
                            f"{when:%Y-%m-%d %H:%M} UTC" + (" (when the game resumes, "
                            "counted from then)" if game.status == PAUSED else "") + ".",
                            actor_id=actor_id, phase=current.name, deadline=when, conn=conn)
        await self.outbox.deliver_owed(game_id)
        await self.alarms.reschedule(game_id)
        return view

    async def set_deadline_typed(self, game_id: int, actor_id: int, text: str) -> GameView:
        """Set the open phase's deadline to a time typed by the moderator, read in the game's
        time zone (see service/timing/when.py: `2026-12-01 21:00`, `+36h`, `domani 21:00`, ...)."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
        when = read_time(text, self.clock.now(), game.settings.timezone)
        return await self.set_deadline(game_id, actor_id, when)

    async def _shift_paused(self, game: Game, actor_id: int, by: timedelta) -> GameView:
        now = now_ts(self.clock)
        left = (game.paused_remaining or timedelta(0)) + by
        async with self.db.transaction(game.id) as conn:
            await games.set_status(conn, game.id, PAUSED, paused_remaining=left.total_seconds())
            await audit.log(conn, game.id, actor_id, "extend", {"by": by.total_seconds(),
                                                                "paused": True}, now)
            view = await game_view(conn, await games.get(conn, game.id))
            await self.outbox.post(game, "moderation.extend", f"{game.name}: the moderator "
                            f"<@{actor_id}> added {_duration(by)}; when the game resumes, "
                            f"{_duration(left)} will be left.", actor_id=actor_id, by=by,
                            remaining=left, conn=conn)
        await self.outbox.deliver_owed(game.id)
        return view

    async def pause(self, game_id: int, actor_id: int) -> GameView:
        """Stop the clock: no deadline passes while paused; the time left is kept."""
        now = now_ts(self.clock)
        async with self.db.transaction(game_id) as conn:
            game, current = await active_phase_or_fail(conn, game_id)
            left = max(0.0, to_ts(current.deadline_at) - now)
            await games.set_status(conn, game_id, PAUSED, paused_remaining=left)
            await audit.log(conn, game_id, actor_id, "pause",
                            {"phase": current.name, "remaining": left}, now)
            view = await game_view(conn, await games.get(conn, game_id))
            await self.outbox.post(game, "moderation.pause", f"{game.name} is paused by "
                            f"<@{actor_id}>: the clock stopped with "
                            f"{_duration(timedelta(seconds=left))} left.",
                            actor_id=actor_id, remaining=timedelta(seconds=left), conn=conn)
        await self.outbox.deliver_owed(game_id)
        await self.alarms.reschedule(game_id)
        return view

    async def resume(self, game_id: int, actor_id: int) -> GameView:
        """Restart the clock with the time that was left when paused."""
        now = now_ts(self.clock)
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            if game.status != PAUSED:
                raise InvalidRequest("moderation.not_paused", f"{game.name} is not paused",
                                     game=game.name)
            left = (game.paused_remaining or timedelta(0)).total_seconds()
            await games.set_status(conn, game_id, ACTIVE)
            await phases.set_deadline(conn, current.id, now + left)
            await audit.log(conn, game_id, actor_id, "resume", {"phase": current.name}, now)
            view = await game_view(conn, await games.get(conn, game_id))
            await self.outbox.post(game, "moderation.resume", f"{game.name} resumes "
                            f"(<@{actor_id}>): deadline for {current.name} "
                            f"{view.deadline:%Y-%m-%d %H:%M} UTC.",
                            actor_id=actor_id, deadline=view.deadline, conn=conn)
        await self.outbox.deliver_owed(game_id)
        await self.alarms.reschedule(game_id)
        return view

    async def remove_player(self, game_id: int, actor_id: int, user_id: int) -> GameView:
        """Unseat a player: their powers become vacant and go into civil disorder."""
        async with self.db.transaction(game_id) as conn:
            game = await running_or_fail(conn, game_id)
            theirs = await seats.powers_of(conn, game_id, user_id)
            if not theirs:
                raise InvalidRequest("moderation.not_seated", f"<@{user_id}> plays no power "
                                     f"in {game.name}", user_id=user_id)
            for p in theirs:
                await seats.set_user(conn, game_id, p, None)
            await seats.set_civil_disorder(conn, game_id, set(theirs), True)
            await audit.log(conn, game_id, actor_id, "remove_player",
                            {"user": user_id, "powers": [p.value for p in theirs]},
                            now_ts(self.clock))
            view = await game_view(conn, game)
            names = ", ".join(p.value for p in theirs)
            await self.outbox.post(game, "moderation.remove_player", f"{game.name}: <@{user_id}> "
                            f"was removed by <@{actor_id}>; {names} in civil disorder (sommossa) "
                            "until someone takes over.", actor_id=actor_id, user_id=user_id,
                            powers=[p.value for p in theirs], conn=conn)
        await self.outbox.deliver_owed(game_id)
        return view

    async def rollback(self, game_id: int, actor_id: int) -> GameView:
        """Undo the last adjudication: the previous phase opens again (its orders kept) with
        a fresh deadline; the phase it produced is discarded."""
        now = now_ts(self.clock)
        self._refuse_adjudicating(game_id)
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            played = await phases.history(conn, game_id)
            done = [p for p in played if p.status == "done"]
            if not done:
                raise InvalidRequest("moderation.nothing_to_roll_back", f"{game.name} has no "
                                     "adjudicated phase to roll back", game=game.name)
            last = done[-1]
            for later in played:
                if later.seq > last.seq:
                    await phases.delete(conn, later.id)
            await results.delete(conn, last.id)
            deadline = await self._reopened_deadline(conn, game, played, last, now)
            length = deadline - now
            await phases.reopen(conn, last.id, deadline)
            await phases.clear_reminders(conn, last.id)
            restored = await marks.restore(conn, game_id, last.id)
            await outbox.forget_after(conn, last.id)   # the undone phase's notices
            if game.status == FINISHED:
                await games.finish(conn, game_id, None, None)
            elif game.status == PAUSED:
                await games.set_status(conn, game_id, PAUSED, paused_remaining=length)
            await audit.log(conn, game_id, actor_id, "rollback",
                            {"phase": last.name, "marks_restored": restored is not None}, now)
            view = await game_view(conn, await games.get(conn, game_id))
            reopened = await phases.get(conn, last.id)
            await self.outbox.post(game, "moderation.rollback", f"{game.name}: <@{actor_id}> rolled "
                            f"back {last.name}; it is open again, deadline "
                            f"{view.deadline:%Y-%m-%d %H:%M} UTC. Orders already sent for it "
                            "still count.", actor_id=actor_id, phase=last.name,
                            deadline=view.deadline, conn=conn,
                            map_phase=reopened.id)   # the restored position, for everyone
        await self.outbox.deliver_owed(game_id)
        await self.alarms.reschedule(game_id)
        return view

    async def _reopened_deadline(self, conn: Any, game: Any, played: list[Any], last: Any,
                                 now: float) -> float:
        """The deadline of a phase a rollback reopens, as the game's schedule gives it: its
        own deadline when that is still to come (as it was), else the one the schedule gives
        a phase opening now after the phase before it (a fixed schedule's slot, a length),
        moved past the seated players' accepted absences (docs/schedules.md)."""
        own = to_ts(last.deadline_at) if last.deadline_at else None
        if own is not None and own > now + MIN_REOPENED.total_seconds():
            spans = await self.schedules.absent_spans(conn, game.id)
            return to_ts(after_absences(from_ts(own), spans))
        before = [p for p in played if p.seq < last.seq]
        previous = to_ts(before[-1].deadline_at) if before and before[-1].deadline_at \
            else None
        return await self.schedules.deadline_after(conn, game, last.position.phase.kind,
                                                   now=now, previous_deadline=previous)

    def _refuse_adjudicating(self, game_id: int) -> None:
        if self.adjudication.is_adjudicating(game_id):
            raise InvalidRequest("moderation.busy", "the phase is being adjudicated right now;"
                                 " try again in a moment")

    async def end_game(self, game_id: int, actor_id: int, reason: str = "") -> GameView:
        """End the game now."""
        now = now_ts(self.clock)
        async with self.db.transaction(game_id) as conn:
            game = await running_or_fail(conn, game_id)
            outcome: dict[str, Any] = {"kind": "ended", "reason": reason.strip() or None,
                                       "centers": await centre_counts(conn, game_id)}
            await games.finish(conn, game_id, outcome, now)
            await audit.log(conn, game_id, actor_id, "end_game", {"reason": reason}, now)
            view = await game_view(conn, await games.get(conn, game_id))
            await self.outbox.post(game, "moderation.end_game", f"{game.name} was ended by "
                            f"<@{actor_id}>" + (f": {reason.strip()}" if reason.strip() else "."),
                            actor_id=actor_id, reason=reason.strip() or None, outcome=outcome,
                            conn=conn)
            await self.outbox.owe_ending(conn, game)   # replay and chart; then who played whom
        await self.outbox.deliver_owed(game_id)
        await self.alarms.reschedule(game_id)
        return view

    async def audit_log(self, game_id: int) -> list[AuditEntry]:
        """Every moderator action of the game, oldest first."""
        async with self.db.read() as conn:
            await game_or_fail(conn, game_id)
            return await audit.entries(conn, game_id)


def _duration(delta: timedelta) -> str:
    minutes = int(delta.total_seconds() // 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"
