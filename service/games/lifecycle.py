"""Game lifecycle: create, join, leave, start (powers drawn by lot from a recorded seed, or
assigned by the moderator), and the read-only views the bot shows (status, game pickers)."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Mapping

from engine.position import Position
from engine.variants import board_of
from engine.vocabulary import Power
from service.errors import InvalidRequest, NeedsConfirmation, NotAllowed
from service.games.lookalike import looks_like
from service.games.lookups import game_or_fail
from service.games.sealed import ensure_unsealed, sealed, seen_view
from service.models import FORMING, GameSettings, GameView
from service.notices.notifier import Message
from service.notices.outbox import Outbox
from service.players.briefing import owe_briefing
from service.players.records import require_record
from service.storage.db import Database
from service.storage.repos import audit, games, phases, seats
from service.storage.repos import game_channels as channel_rows
from service.storage.repos import roster as roster_messages
from service.storage.views import game_view
from service.timing.alarms import Alarms
from service.timing.clock import Clock, now_ts
from service.timing.schedules import Schedules

# Characters that take no room on screen though they are not spaces (fillers and blanks).
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")


def has_visible(text: str) -> bool:
    """Whether `text` shows at least one character: not only spaces, format characters (zero
    widths, direction marks), combining marks, controls or blank fillers."""
    return any(c not in _BLANKS and unicodedata.category(c) not in
               ("Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me")
               for c in text)


class Games:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox, schedules: Schedules,
                 alarms: Alarms) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        self.schedules = schedules
        self.alarms = alarms

    async def create(self, *, channel_id: int, moderator_id: int, name: str,
                          settings: GameSettings | None = None,
                          guild_id: int | None = None, confirmed: bool = False,
                          announce: bool = True) -> GameView:
        """Create a game in `channel_id`, forming (players may join). Settings are validated
        (InvalidRequest names the bad field). Logged in the audit log and announced. A name
        that looks like another running game's of the channel (service/games/lookalike.py) raises
        NeedsConfirmation unless `confirmed`."""
        settings = (settings or GameSettings()).validate()
        name = " ".join(name.split())
        if not has_visible(name):    # empty, or only invisible characters (U+200B, U+3164...)
            raise InvalidRequest("game.bad_name", "a game needs a name")
        now = now_ts(self.clock)
        async with self.db.transaction() as conn:
            alike = looks_like(name, [g.name for g in await games.in_channel(conn, channel_id)])
            if alike is not None and not confirmed:
                raise NeedsConfirmation("game.name_lookalike", f"a game of this channel is "
                                        f"called {alike}, which looks like {name}: create "
                                        "it anyway?", name=name, game=alike)
            game_id = await games.insert(conn, channel_id=channel_id, guild_id=guild_id,
                                         name=name, moderator_id=moderator_id,
                                         settings=settings, at=now)
            await audit.log(conn, game_id, moderator_id, "create",
                            {"name": name, "settings": settings.to_json()}, now)
            game = await games.get(conn, game_id)
            view = await game_view(conn, game)
            if announce:   # (a practice game has nobody to invite)
                await self.outbox.post(game, "game.created",
                                f"New game {name}: {settings.players} players, rules "
                                f"{settings.rules}. Join with the join command.", game_id=game_id,
                                players=settings.players, rules=settings.rules, conn=conn)
        await self.outbox.deliver_owed(game_id)
        return view

    async def join(self, game_id: int, user_id: int) -> GameView:
        """Add a player to a forming game's roster (NotAllowed when full or started)."""
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            if game.status != FORMING:
                raise NotAllowed("game.already_started", f"{game.name} has already started; "
                                 "ask the moderator to seat you at a vacant power",
                                 game=game.name)
            roster = await seats.players(conn, game_id)
            if user_id in roster:
                raise InvalidRequest("game.already_joined", f"you have already joined "
                                     f"{game.name}", game=game.name)
            wanted = game.settings.setup.players
            await require_record(conn, game, user_id)
            if len(roster) >= wanted:
                raise NotAllowed("game.full", f"{game.name} is full ({wanted} players)",
                                 game=game.name, players=wanted)
            await seats.add_player(conn, game_id, user_id, now_ts(self.clock))
            view = await game_view(conn, game)
            await self.outbox.post(game, "game.joined", f"<@{user_id}> joined {game.name} "
                            f"({len(view.players)}/{wanted}).", user_id=user_id,
                            count=len(view.players), players=wanted, game_id=game.id,
                            roster=list(view.players), conn=conn)
        await self.outbox.deliver_owed(game_id)
        return view

    async def leave(self, game_id: int, user_id: int) -> GameView:
        """Leave a forming game's roster. Once the game runs a player leaves through the
        moderator (`remove_player`)."""
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            if game.status != FORMING:
                raise NotAllowed("game.leave_started", f"{game.name} has started: ask the "
                                 "moderator to replace you", game=game.name)
            if not await seats.remove_player(conn, game_id, user_id):
                raise InvalidRequest("game.not_joined", f"you have not joined {game.name}",
                                     game=game.name)
            view = await game_view(conn, game)
            await self.outbox.post(game, "game.left", f"<@{user_id}> left {game.name}.",
                            user_id=user_id, count=len(view.players),
                            players=game.settings.setup.players, game_id=game.id,
                            roster=list(view.players), conn=conn)
        await self.outbox.deliver_owed(game_id)
        return view

    async def roster_message(self, game_id: int) -> int | None:
        """The id of the message showing the game's roster in its channel (None: none yet)."""
        async with self.db.read() as conn:
            return await roster_messages.message_id(conn, game_id)

    async def set_roster_message(self, game_id: int, message_id: int | None) -> None:
        async with self.db.transaction(game_id) as conn:
            await roster_messages.set_message_id(conn, game_id, message_id)

    async def start(self, game_id: int, actor_id: int, *,
                    assignments: Mapping[Power, int] | None = None,
                    seed: int | None = None) -> GameView:
        """Start a forming game. Without `assignments` the set-up's power groups are drawn by
        lot among the roster (seed 000 I) with `random.Random(seed)`; the seed (random when
        not given) is recorded in the game. With `assignments` (power -> user) the moderator
        chooses; every power in play must be assigned, a group's powers to one user.
        Opens the first phase with its deadline and announces the seats."""
        now = now_ts(self.clock)
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            if game.status != FORMING:
                raise InvalidRequest("game.already_started", f"{game.name} has already "
                                     "started", game=game.name)
            setup = game.settings.setup
            # Recorded even when the moderator assigns the powers (the two-player game's coin
            # is not drawn from it: it is tossed when due, service/core.py).
            seed = random.SystemRandom().randrange(2**62) if seed is None else seed
            if assignments is None:
                roster = await seats.players(conn, game_id)
                # With `computer_fills`, the computer takes the groups nobody joined for.
                fill = game.settings.computer_fills and 0 < len(roster) < setup.players
                if len(roster) != setup.players and not fill:
                    raise InvalidRequest(
                        "game.wrong_player_count", f"{game.name} needs {setup.players} "
                        f"players to draw the powers; {len(roster)} joined", game=game.name,
                        needed=setup.players, players=setup.players, joined=len(roster))
                groups = list(setup.groups)
                random.Random(seed).shuffle(groups)
                players: list[int | None] = [*roster, *[None] * (len(groups) - len(roster))]
                seated = {p: user for user, group in zip(players, groups, strict=True)
                          for p in group}
            else:
                # with `computer_fills` the powers left unassigned go to the computer
                seated = _check_assignments(setup.groups, assignments,
                                            fill=game.settings.computer_fills)
            await seats.create(conn, game_id, seated)
            for power in (p for p, user in seated.items() if user is None):
                await seats.set_computer(conn, game_id, power, True)
            await games.start(conn, game_id, rng_seed=seed, at=now)
            first = Position.initial(board_of(game.settings.board), year=setup.first_year)
            deadline = await self.schedules.deadline_after(conn, game, first.phase.kind,
                                                           now=now, previous_deadline=None)
            await phases.insert(conn, game_id, first, opened_at=now, deadline_at=deadline)
            await audit.log(conn, game_id, actor_id, "start",
                            {"seed": seed, "assigned": assignments is not None,
                             "seats": {p.value: u for p, u in seated.items()}}, now)
            game = await games.get(conn, game_id)
            view = await game_view(conn, game)
            # the start post and every briefing are owed in this transaction, posted after it
            # (service/notices/outbox.py): a crash in between delays them, never loses them
            rooms = await channel_rows.get(conn, game_id) is not None
            lines = [f"{game.name} has started: {view.phase}, deadline "
                     f"{view.deadline:%Y-%m-%d %H:%M} UTC."]
            lines += [f"{s.power.value}: " + ("the computer" if s.computer else f"<@{s.user_id}>")
                      for s in view.seats]
            if setup.neutral:
                lines.append("Neutral: " + ", ".join(sorted(p.value for p in setup.neutral)))
            # a game with its own channels: orders in the power's channel (or by DM)
            lines.append("Send your orders in your power's channel (its Orders button) or to "
                         "me in a private message." if rooms else
                         "Send your orders to me in a private message.")
            await self.outbox.owe_post(conn, game, Message(
                "game.started_rooms" if rooms else "game.started", "\n".join(lines),
                {"game": game.name, "phase": view.phase, "deadline": view.deadline,
                 "seed": seed, "seats": {s.power.value: "computer" if s.computer else s.user_id
                                         for s in view.seats}},
                lang=game.settings.language))
            for user in dict.fromkeys(seated.values()):
                if user is not None:
                    await owe_briefing(self.outbox, conn, game_id, user)
        await self.outbox.deliver_owed(game_id)
        await self.alarms.reschedule(game_id)
        return view

    async def status(self, game_id: int) -> GameView:
        """The game's phase, deadline, seats (with centres, units, civil disorder, and
        whether each power has sent orders — never which), roster and outcome."""
        async with self.db.read() as conn:
            return await game_view(conn, await game_or_fail(conn, game_id))

    async def seen_status(self, game_id: int, user_id: int) -> GameView:
        """`status` as `user_id` may see it: in a running fog game their own powers' centres
        and units, only public facts of the others (`sealed.seen_view`), and "fog.sealed"
        for one who plays no power there; in any other game, `status`."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            view = await game_view(conn, game)
            phase = await phases.latest(conn, game_id)
            if not sealed(game) or phase is None:        # not started: nothing on the board
                return view
            mine = await seats.powers_of(conn, game_id, user_id)
        if not mine:
            ensure_unsealed(game)
        return seen_view(view, mine, phase.position.phase.kind)

    async def in_channel(self, channel_id: int, *,
                               include_finished: bool = False) -> list[GameView]:
        """Games of a channel, oldest first (to pick one when a channel has several)."""
        async with self.db.read() as conn:
            return [await game_view(conn, g)
                    for g in await games.in_channel(conn, channel_id, include_finished)]

    async def of_user(self, user_id: int) -> list[GameView]:
        """Unfinished games where the user holds a seat or has joined the roster."""
        async with self.db.read() as conn:
            found = [await games.get(conn, i) for i in await seats.games_of_user(conn, user_id)]
            return [await game_view(conn, g) for g in found if g is not None]


def _check_assignments(groups: tuple[tuple[Power, ...], ...],
                       assignments: Mapping[Power, int], *,
                       fill: bool = False) -> dict[Power, int | None]:
    chosen = {p if isinstance(p, Power) else Power.read(p): u for p, u in assignments.items()}
    for user in chosen.values():
        if not 0 < user < 2**63:     # a Discord id (and a BIGINT): anything else is no user
            raise InvalidRequest("game.bad_user_id", f"{user} is not a Discord user id",
                                 value=str(user)[:30])
    playing = {p for g in groups for p in g}
    unknown = sorted(p.value for p in chosen if p not in playing)
    if unknown:
        raise InvalidRequest("game.power_not_in_play", "not in play in this set-up: "
                             + ", ".join(unknown), powers=unknown)
    absent = sorted(p.value for p in playing if p not in chosen)
    if absent and not (fill and chosen):
        raise InvalidRequest("game.powers_unassigned", "every power in play needs a player; "
                             "unassigned: " + ", ".join(absent), powers=absent)
    for group in groups:
        if len({chosen.get(p) for p in group}) > 1:
            names = [p.value for p in group]
            raise InvalidRequest("game.group_split", "in this set-up one player holds "
                                 + " and ".join(names), powers=names)
    return {p: chosen.get(p) for group in groups for p in group}
