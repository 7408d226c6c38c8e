"""A game's own corner of the server (docs/channels.md): which category, channels and roles the
game has, who should see each power's channel, and when the archive opens or goes.

The service owns the data and says what the layout should be (`ChannelPlan`); the bot makes
Discord match it (bot/cogs/channels.py) and records here the ids of what it made. No discord
import here: the plan speaks of ids and powers only."""

from __future__ import annotations

from dataclasses import dataclass

from engine.vocabulary import Power
from service.errors import InvalidRequest
from service.games.lookups import game_or_fail
from service.models import FINISHED
from service.storage.db import Database
from service.storage.repos import audit, prefs, seats
from service.storage.repos import game_channels as rows
from service.timing.clock import Clock, now_ts

DAY = 86400.0


@dataclass(frozen=True)
class PowerRoom:
    """A power's private channel and role, and who plays the power now (None: vacant)."""

    power: Power
    channel_id: int | None
    role_id: int | None
    player_id: int | None


@dataclass(frozen=True)
class ChannelPlan:
    """What a game's part of the server should look like now."""

    game_id: int
    game_name: str
    guild_id: int
    language: str
    category_id: int | None
    moderator_id: int                 # the game's moderator: sees every channel
    moderator_role_id: int | None     # the server's moderators (/mod role): see every channel
    rooms: tuple[PowerRoom, ...]
    finished: bool                    # the game is over: the archive should be open
    archived: bool                    # the bot has opened it
    delete_due: bool                  # the days to keep it have passed: delete it
    delete_after_days: int | None     # None: keep it for good

    def room(self, power: Power) -> PowerRoom | None:
        return next((r for r in self.rooms if r.power == power), None)

    def powers_of(self, user_id: int) -> list[Power]:
        return [r.power for r in self.rooms if r.player_id == user_id]


@dataclass(frozen=True)
class NoticeRoom:
    """Where a private notice about a game goes instead of a DM: the channel of the reader's
    power (`power`), with the game's own channel for its results."""

    channel_id: int
    power: Power
    game_channel_id: int


class GameChannels:
    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock

    async def enable(self, game_id: int, actor_id: int, *,
                     delete_after_days: int | None = None) -> ChannelPlan:
        """Give a game its channels (at creation, or later with /mod setup): the plan the bot
        then carries out. Asking again keeps what exists and changes the archive setting."""
        if delete_after_days is not None and delete_after_days < 1:
            raise InvalidRequest("channels.bad_days", "keep the archive at least one day",
                                 days=delete_after_days)
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            if game.guild_id is None:
                raise InvalidRequest("channels.no_server", f"{game.name} has no server",
                                     game=game.name)
            if game.status == FINISHED:
                raise InvalidRequest("channels.game_over", f"{game.name} is over",
                                     game=game.name)
            if game.settings.anonymous:       # a power's role would show who plays it
                raise InvalidRequest("channels.anonymous", f"{game.name} is anonymous: a "
                                     "role per power would show who plays which",
                                     game=game.name)
            powers = sorted({p for group in game.settings.setup.groups for p in group},
                            key=lambda p: p.value)
            await rows.enable(conn, game_id, game.guild_id, delete_after_days, powers)
            await audit.log(conn, game_id, actor_id, "channels",
                            {"delete_after_days": delete_after_days}, now_ts(self.clock))
        plan = await self.plan(game_id)
        assert plan is not None
        return plan

    async def plan(self, game_id: int) -> ChannelPlan | None:
        """The game's layout as it should be now; None when the game has no channels (or
        they were deleted)."""
        async with self.db.read() as conn:
            row = await rows.get(conn, game_id)
            if row is None or row.deleted_at is not None:
                return None
            game = await game_or_fail(conn, game_id)
            seated = {s.power: s.user_id for s in await seats.all_seats(conn, game_id)}
            found = await rows.rooms(conn, game_id)
            role = await prefs.moderator_role(conn, row.guild_id)
        due = (row.archived_at is not None and row.delete_after_days is not None
               and now_ts(self.clock) >= row.archived_at + row.delete_after_days * DAY)
        return ChannelPlan(
            game_id, game.name, row.guild_id, game.settings.language, row.category_id,
            game.moderator_id, role,
            tuple(PowerRoom(p, c, r, seated.get(p)) for p, c, r in found),
            game.status == FINISHED, row.archived_at is not None, due, row.delete_after_days)

    async def games(self) -> list[int]:
        """Every game whose channels still stand (or are still to be made)."""
        async with self.db.read() as conn:
            return await rows.game_ids(conn)

    async def record_category(self, game_id: int, category_id: int | None) -> None:
        async with self.db.transaction(game_id) as conn:
            await rows.set_category(conn, game_id, category_id)

    async def record_room(self, game_id: int, power: Power, channel_id: int | None,
                          role_id: int | None) -> None:
        async with self.db.transaction(game_id) as conn:
            await rows.set_room(conn, game_id, power, channel_id, role_id)

    async def room_of_channel(self, channel_id: int) -> tuple[int, Power] | None:
        """(game id, power) of a power's channel; None for any other channel."""
        async with self.db.read() as conn:
            return await rows.room_of_channel(conn, channel_id)

    async def notice_room(self, game_id: int, user_id: int,
                          power: Power | None = None) -> NoticeRoom | None:
        """Where a private notice about `game_id` for `user_id` goes (docs/channels.md): in a
        running game with its own channels, the channel of the power they play (of `power`,
        when they play it; else their first, by name), unless they asked for direct messages
        (`/notices`). None: by direct message (no channels, no seat, no channel made yet, a
        finished game whose archive is open to everyone)."""
        async with self.db.read() as conn:
            row = await rows.get(conn, game_id)
            if row is None or row.deleted_at is not None:
                return None
            game = await game_or_fail(conn, game_id)
            if game.status == FINISHED or await prefs.notices(conn, user_id) == "dm":
                return None
            seated = {s.power: s.user_id for s in await seats.all_seats(conn, game_id)}
            found = await rows.rooms(conn, game_id)
        mine = sorted(((p, c) for p, c, _role in found
                       if c is not None and seated.get(p) == user_id), key=lambda r: r[0].value)
        if not mine:
            return None
        chosen = next((r for r in mine if r[0] == power), mine[0])
        return NoticeRoom(chosen[1], chosen[0], game.channel_id)

    async def record_archived(self, game_id: int, *, archived: bool = True) -> None:
        """The archive was opened now (or, after a rollback of the last phase, closed)."""
        async with self.db.transaction(game_id) as conn:
            await rows.set_archived(conn, game_id, now_ts(self.clock) if archived else None)

    async def record_deleted(self, game_id: int) -> None:
        async with self.db.transaction(game_id) as conn:
            await rows.set_deleted(conn, game_id, now_ts(self.clock))
