"""The extensions area: a seated player asks for more time for the open phase
(`/extend hours reason`).

It passes by the game's `extension_rule`: `moderator` (the moderator approves or refuses, from
buttons on a private message), `players` (every other seated player agrees, by buttons on the
channel's notice; one refusal refuses it) or `off`. At most `extension_max` at a time,
`extensions_per_phase` granted in one phase and `extensions_per_player` granted to one player
in a game. A granted extension moves the open phase's deadline later; with a fixed schedule the
next phases keep their slots.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from service.errors import InvalidRequest, NotAllowed, NotFound
from service.games.lookups import game_or_fail, game_owning, open_phase_or_fail
from service.models import ACTIVE, Game
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.storage.db import Database
from service.storage.repos import audit, extensions, games, phases, seats
from service.storage.repos.extensions import Extension
from service.timing.alarms import Alarms
from service.timing.clock import Clock, now_ts, to_ts

MAX_REASON = 200


@dataclass(frozen=True)
class ExtensionReport:
    id: int
    game: str
    status: str                      # pending, granted, refused
    length: timedelta
    deadline: datetime | None        # the open phase's deadline after it


class Extensions:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox, alarms: Alarms) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        self.alarms = alarms

    async def request(self, game_id: int, user_id: int, hours: float,
                      reason: str) -> ExtensionReport:
        now = now_ts(self.clock)
        length = timedelta(hours=hours)
        reason = " ".join(reason.split())
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            phase = await open_phase_or_fail(conn, game)
            settings = game.settings
            if settings.extension_rule == "off":
                raise InvalidRequest("extension.off", f"{game.name} takes no extensions",
                                     game=game.name)
            if game.status != ACTIVE:
                raise InvalidRequest("extension.not_active", f"{game.name} is paused",
                                     game=game.name)
            if not await seats.powers_of(conn, game_id, user_id):
                raise NotAllowed("extension.not_seated", f"you play no power in {game.name}",
                                 game=game.name)
            if not reason or len(reason) > MAX_REASON:
                raise InvalidRequest("extension.bad_reason", "give a reason of 1 to "
                                     f"{MAX_REASON} characters", limit=MAX_REASON)
            if not timedelta(0) < length <= settings.extension_max:
                raise InvalidRequest("extension.too_long", "an extension is at most "
                                     f"{settings.extension_max}", most=settings.extension_max)
            asked = await extensions.of_game(conn, game_id)
            if any(e.phase_id == phase.id and e.status == "pending" for e in asked):
                raise InvalidRequest("extension.pending", "an extension of this phase is "
                                     "already waiting for an answer", game=game.name)
            in_phase = sum(e.phase_id == phase.id and e.status == "granted" for e in asked)
            if in_phase >= settings.extensions_per_phase:
                raise InvalidRequest("extension.phase_cap", f"{in_phase} extension(s) already "
                                     "granted in this phase", cap=settings.extensions_per_phase)
            theirs = sum(e.user_id == user_id and e.status == "granted" for e in asked)
            if theirs >= settings.extensions_per_player:
                raise InvalidRequest("extension.player_cap", f"you had your "
                                     f"{settings.extensions_per_player} extension(s) in this "
                                     "game", cap=settings.extensions_per_player,
                                     count=settings.extensions_per_player)
            ext_id = await extensions.insert(conn, game_id, phase.id, user_id,
                                             length.total_seconds(), reason, now)
            voters = await self._voters(conn, game, user_id)
            await audit.log(conn, game_id, user_id, "extension_asked",
                            {"id": ext_id, "hours": hours, "reason": reason,
                             "phase": phase.name}, now)
            params = {"extension_id": ext_id, "user_id": user_id, "length": length,
                      "reason": reason, "phase": phase.name}
            granted_at_once = settings.extension_rule == "players" and not voters
            if granted_at_once:
                pass                   # nobody to ask: granted below, and announced so
            elif settings.extension_rule == "players":
                await self.outbox.post(game, "extension.vote", f"{game.name}: <@{user_id}> asks "
                                     f"for {hours:g} more hours ({reason}). Every other player "
                                     "must agree.", ping=True, users=voters, conn=conn,
                                     **params)
            else:
                await self.outbox.post(game, "extension.asked", f"{game.name}: <@{user_id}> asks "
                                     f"the moderator for {hours:g} more hours ({reason}).",
                                     conn=conn, **params)
                await self.outbox.tell(game.moderator_id, Message(
                    "extension.ask_moderator", f"{game.name}: <@{user_id}> asks for {hours:g} "
                    f"more hours for {phase.name}: {reason}", {"game": game.name, **params}),
                    game=game, conn=conn)
        if granted_at_once:
            return await self._decide(ext_id, True, None)
        await self.outbox.deliver_owed(game_id)
        return ExtensionReport(ext_id, game.name, "pending", length, phase.deadline_at)

    async def game_of(self, extension_id: int) -> int:
        """The game an extension was asked in (NotFound when there is no such extension)."""
        game_id = await game_owning(self.db, extensions.game_of, extension_id)
        if game_id is None:
            raise NotFound("extension.not_found", "there is no such extension")
        return game_id

    @staticmethod
    async def _voters(conn, game: Game, asker: int) -> list[int]:
        """The other seated players (each once, whatever their number of powers)."""
        return list(dict.fromkeys(s.user_id for s in await seats.all_seats(conn, game.id)
                                  if s.user_id is not None and s.user_id != asker))

    async def answer(self, extension_id: int, user_id: int, agrees: bool) -> ExtensionReport:
        """A vote (rule `players`: another seated player) or the decision (rule `moderator`:
        the game's moderator)."""
        game_id = await game_owning(self.db, extensions.game_of, extension_id)
        async with self.db.transaction(game_id) as conn:
            ext, game = await self._pending(conn, extension_id)
            if game.settings.extension_rule == "players":
                if user_id not in await self._voters(conn, game, ext.user_id):
                    raise NotAllowed("extension.not_voter", "only the other players of the "
                                     "game vote on this extension", game=game.name)
                await extensions.vote(conn, extension_id, user_id, agrees)
                votes = await extensions.votes(conn, extension_id)
                voters = await self._voters(conn, game, ext.user_id)
                decided = (False if not agrees else
                           True if all(votes.get(v) for v in voters) else None)
            else:
                if user_id != game.moderator_id:
                    raise NotAllowed("extension.not_moderator", "only the game's moderator "
                                     "decides on this extension", game=game.name)
                decided = agrees
        if decided is None:
            async with self.db.read() as conn:
                phase = await phases.get(conn, ext.phase_id)
            return ExtensionReport(ext.id, game.name, "pending", ext.length, phase.deadline_at)
        return await self._decide(extension_id, decided, user_id)

    async def _pending(self, conn, extension_id: int) -> tuple[Extension, Game]:
        ext = await extensions.get(conn, extension_id)
        if ext is None:
            raise NotFound("extension.not_found", "there is no such extension")
        game = await game_or_fail(conn, ext.game_id)
        phase = await phases.latest(conn, game.id)
        if ext.status != "pending":
            raise InvalidRequest("extension.decided", "this extension was already decided",
                                 game=game.name)
        if phase is None or phase.id != ext.phase_id or phase.status != "open":
            raise InvalidRequest("extension.lapsed", "the phase it was for is over",
                                 game=game.name)
        return ext, game

    async def _decide(self, extension_id: int, granted: bool,
                      actor_id: int | None) -> ExtensionReport:
        now = now_ts(self.clock)
        game_id = await game_owning(self.db, extensions.game_of, extension_id)
        async with self.db.transaction(game_id) as conn:
            ext, game = await self._pending(conn, extension_id)
            phase = await phases.get(conn, ext.phase_id)
            await extensions.decide(conn, extension_id, "granted" if granted else "refused",
                                    now)
            deadline = phase.deadline_at
            if granted:
                deadline = deadline + ext.length
                await phases.set_deadline(conn, phase.id, to_ts(deadline))
                await phases.clear_reminders(conn, phase.id)
            await audit.log(conn, game.id, actor_id, "extension_" + ("granted" if granted
                                                                     else "refused"),
                            {"id": extension_id, "user": ext.user_id,
                             "seconds": ext.length.total_seconds()}, now)
            game = await games.get(conn, game.id)
            params = {"user_id": ext.user_id, "length": ext.length, "reason": ext.reason,
                      "phase": phase.name, "deadline": deadline}
            if granted:
                await self.outbox.post(game, "extension.granted", f"{game.name}: the extension asked "
                                     f"by <@{ext.user_id}> is granted; the deadline of {phase.name}"
                                     f" is now {deadline:%Y-%m-%d %H:%M} UTC.", conn=conn,
                                     **params)
            else:
                await self.outbox.post(game, "extension.refused", f"{game.name}: the extension asked "
                                     f"by <@{ext.user_id}> is refused; the deadline stays "
                                     f"{deadline:%Y-%m-%d %H:%M} UTC.", conn=conn, **params)
        await self.outbox.deliver_owed(game.id)
        await self.alarms.reschedule(game.id)
        return ExtensionReport(ext.id, game.name, "granted" if granted else "refused",
                               ext.length, deadline)
