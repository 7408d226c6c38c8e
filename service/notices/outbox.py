"""The outbox: every message the service owes after a commit (a game's start post, the
briefings, the private notices of a new phase, an anonymous game's reveal, press, and every
other post or private message: `post` and `tell` live here and only owe) is written in the
transaction that owes it (`owe_post`, `owe_private`, or `post`/`tell` with `conn`) and posted
after the commit (`deliver_owed`), so no crash, kill or Discord failure between the two can
lose it. Only the phase results keep their own claim and retry (service/notices/announcing.py), and
a deleted game's last word is sent directly (`post_deleted`: its rows went with the game).

The rule is *at least once*: a message is marked sent only after the notifier accepted it, so
a process killed between Discord's answer and that mark posts it again at its next start
(a repeat is possible after a crash, a loss never). Delivery:

- each message is claimed in the database while it is posted (OWED_LEASE; the claim of a
  process that died lapses, and a process starting up takes over its own at once), so
  processes sharing a database post it once;
- a transient failure (Discord down, a 5xx, a time-out) is tried again with backoff (1 s,
  2 s, 4 s ... up to MAX_BACKOFF) by every deadline pass (`run_due`) and at start-up, until
  it goes;
- a channel that refuses the post (`ChannelUnavailable`) is tried every REFUSED_RETRY for
  GIVE_UP_REFUSED, then given up;
- a recipient who can never take it (`Undeliverable`: closed direct messages, an unknown
  user) is recorded with the reason (`failed_at`, `last_error`) and not tried again;
- messages to one recipient go in the order they were owed: after a failure the later ones
  wait for the next pass;
- a message that waits for a phase's results (`after_phase`: the notices of the phase that
  opened) goes only once those results are posted.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from enum import Enum
from typing import Any

from service.games.lookups import as_posted, game_or_fail
from service.games.sealed import sealed
from service.history.replays import Replays
from service.maps.drawing import Drawing
from service.models import Game
from service.notices.fog_notices import fog_map, sight_map
from service.notices.notifier import (
    ChannelUnavailable,
    Message,
    Notifier,
    Undeliverable,
)
from service.storage.db import Database
from service.storage.repos import games, phases, prefs, seats
from service.storage.repos import outbox as rows
from service.timing.clock import Clock, now_ts

log = logging.getLogger(__name__)

# how long a process may take to post one message before another may
OWED_LEASE = timedelta(minutes=2)
MAX_BACKOFF = timedelta(minutes=5)
REFUSED_RETRY = timedelta(minutes=5)
GIVE_UP_REFUSED = 288          # tries of a refused channel post (a day at REFUSED_RETRY)
_FOREVER = 1e18                # a due time past every backoff
# how long a message sent (or given up) stays in the outbox: for looking into a complaint
KEEP_SENT = timedelta(days=7)


class Outbox:
    def __init__(self, db: Database, clock: Clock, notifier: Notifier, drawing: Drawing,
                 replays: Replays, instance: str) -> None:
        self.db = db
        self.clock = clock
        self.notifier = notifier
        self.drawing = drawing
        self.replays = replays
        self.instance = instance      # this process's name in the claims it holds

    # -- owing, inside a write transaction ---------------------------------------------------
    async def owe_post(self, conn: Any, game: Game, message: Message, *,
                       after_phase: int | None = None, image_phase: int | None = None,
                       draw: str | None = None) -> int:
        """Owe `message` to the game's channel (in an anonymous game without mentions, as
        `post_message` sends it; `image_phase`, `draw`: a picture drawn when it is sent)."""
        message = on_board(game, as_posted(game, message))
        return await rows.add(conn, game.id, "channel", game.channel_id,
                              encode(message, draw=draw), now_ts(self.clock),
                              after_phase=after_phase, image_phase=image_phase)

    async def owe_private(self, conn: Any, game_id: int, user_id: int, message: Message, *,
                          image_phase: int | None = None, after_phase: int | None = None,
                          confirm_to: int | None = None, game: Game | None = None,
                          draw: str | None = None) -> int:
        """Owe `message` to one player (`image_phase`: the map of that phase goes with it,
        drawn when it is sent; `confirm_to`: a press sender to tell if it goes out late or
        cannot go). A reader the bot has never seen reads it in the game's language, else its
        server's (as `tell`; `game`: the game, when the caller has it at hand)."""
        game = game or await games.get(conn, game_id)
        if game is not None:      # the game travels with it (a power's channel, its language)
            message = replace(on_board(game, message),
                              lang=message.lang or game.settings.language,
                              guild_id=game.guild_id, game_id=game.id)
        return await rows.add(conn, game_id, "user", user_id, encode(message, draw=draw),
                              now_ts(self.clock),
                              image_phase=image_phase, after_phase=after_phase,
                              confirm_to=confirm_to)

    async def owe_reveal(self, conn: Any, game: Game, *, after_phase: int | None = None
                         ) -> None:
        """At an anonymous game's end (inside the transaction that ends it): who played
        whom (the computer's seats named as its), owed to the channel (after the results of `after_phase`, when it ended with
        them)."""
        if not game.settings.anonymous:
            return
        seated = await seats.all_seats(conn, game.id)
        # the seats the computer plays read "the computer" (the bot's wording), not vacant
        played: dict[str, int | str] = {
            s.power.value: s.user_id if s.user_id is not None else "computer"
            for s in seated if s.user_id is not None or s.computer}
        text = f"{game.name}: who played whom: " + ", ".join(
            f"{p}: <@{u}>" for p, u in played.items())
        message = Message("game.identities", text, {"game": game.name, "seats": played},
                          lang=game.settings.language)
        await rows.add(conn, game.id, "channel", game.channel_id, encode(message),
                       now_ts(self.clock), after_phase=after_phase)

    # -- telling the channel or a player: always through the outbox ---------------------------
    async def post(self, game: Game, key: str, text: str, *, ping: bool = False,
                   conn: Any = None, map_phase: int | None = None, draw: str | None = None,
                   **params: Any) -> None:
        """Tell the game's channel about something committed, in the game's language. It is
        owed, never sent directly: inside the write transaction that commits the change
        (`conn`) it is owed with it and the caller delivers it after the commit
        (`deliver_owed`); without one it is owed in a transaction of its own and delivered
        at once. A notifier failure is never raised (the action happened): the message
        stays owed and is tried again. `ping`: notify the users it names; `map_phase`: that
        phase's map goes with it, `draw` ("replay", "chart"): that picture of the game, each
        drawn when it is sent."""
        message = Message(key, text, {"game": game.name, **params},
                          lang=game.settings.language, ping=ping)
        await self.post_message(game, message, conn=conn, map_phase=map_phase, draw=draw)

    async def post_message(self, game: Game, message: Message, *, conn: Any = None,
                           map_phase: int | None = None, draw: str | None = None) -> None:
        """`message` to the game's channel, with `post`'s rule. In an anonymous game it goes
        as an anonymous message (its English text without mentions): every channel post
        passes here or `owe_post`, so no post can show who plays whom (docs/press.md)."""
        if conn is not None:
            await self.owe_post(conn, game, message, image_phase=map_phase, draw=draw)
            return
        async with self.db.transaction(game.id) as own:
            await self.owe_post(own, game, message, image_phase=map_phase, draw=draw)
        await self.deliver_owed(game.id)

    async def tell(self, user_id: int, message: Message, *, game: Game,
                   conn: Any = None) -> None:
        """A private message about `game`, with `post`'s rule (owed in `conn`'s transaction,
        or in one of its own and delivered at once). A reader the bot has never seen (no
        language chosen or known) reads it in the game's language, else its server's; in a
        game with its own channels the notifier may post it in the reader's power's channel
        instead (`GameChannels.notice_room`, docs/channels.md)."""
        if conn is not None:
            await self.owe_private(conn, game.id, user_id, message, game=game)
            return
        async with self.db.transaction(game.id) as own:
            await self.owe_private(own, game.id, user_id, message, game=game)
        await self.deliver_owed(game.id)

    async def post_deleted(self, game: Game, message: Message) -> None:
        """The one post not owed: a deleted game's last word (its outbox rows went with it;
        sent once, a failure logged: the game never started)."""
        try:
            await self.notifier.post(game.channel_id, as_posted(game, message))
        except Exception:
            log.exception("posting %s to the channel of game %s failed", message.key, game.id)

    async def tell_moderators(self, game: Game, message: Message, *,
                              conn: Any = None) -> None:
        """`message` to every moderator of `game` the bot can know of (`moderators_of`)."""
        for user_id in await self.moderators_of(game):
            await self.tell(user_id, message, game=game, conn=conn)

    async def moderators_of(self, game: Game) -> list[int]:
        """The game's creator, then, where its server has a moderator role (`/mod role`),
        the members holding it whom the notifier knows (`role_members`: the bot knows the
        members in its cache; a notifier without it, or a failure, gives the creator
        alone)."""
        found = [game.moderator_id]
        members = getattr(self.notifier, "role_members", None)
        if members is None or game.guild_id is None:
            return found
        try:
            async with self.db.read() as conn:
                role_id = await prefs.moderator_role(conn, game.guild_id)
            if role_id is not None:
                found += [u for u in await members(game.guild_id, role_id) if u not in found]
        except Exception:  # the creator at least hears of it
            log.exception("the moderators of server %s could not be read", game.guild_id)
        return found

    async def owe_ending(self, conn: Any, game: Game, *, after_phase: int | None = None
                         ) -> None:
        """Everything a game's end owes, in the transaction that ends it: its replay and
        chart, then (an anonymous game) who played whom."""
        await self.owe_story(conn, game, after_phase=after_phase)
        await self.owe_reveal(conn, game, after_phase=after_phase)

    async def owe_story(self, conn: Any, game: Game, *, after_phase: int | None = None
                        ) -> None:
        """At a game's end (inside the transaction that ends it): the replay of every phase
        and the supply-centre chart, each a post of its own, drawn when sent (after the
        results of `after_phase`, when it ended with them)."""
        for key, text, drawing in (("game.replay", "the whole game, phase by phase", "replay"),
                                   ("game.chart", "supply centres year by year", "chart")):
            await self.owe_post(conn, game, Message(
                key, f"{game.name}: {text}.", {"game": game.name, "game_id": game.id},
                lang=game.settings.language, anonymous=game.settings.anonymous),
                after_phase=after_phase, draw=drawing)

    # -- delivering, after the commit --------------------------------------------------------
    async def deliver_owed(self, game_id: int | None = None, *, take_over: bool = False,
                           ids: list[int] | None = None, late: bool = True,
                           now: bool = False) -> dict[int, str]:
        """Post what is owed and due (of one game, or every game), oldest first; returns
        each tried message's state after: 'sent', 'pending' (to be tried again) or 'failed'.
        `late`: a press message that goes now was owed before (its sender hears it went);
        `now`: try them now, whatever their backoff says (a press sender waiting, and
        start-up)."""
        due_by = _FOREVER if now else now_ts(self.clock)
        async with self.db.read() as conn:
            owed = await rows.due(conn, due_by, game_id, ids)
        outcome: dict[int, str] = {}
        blocked: set[tuple[str, int]] = set()
        by_game: dict[int, list[rows.Owed]] = {}
        for item in owed:
            by_game.setdefault(item.game_id, []).append(item)
        for items in by_game.values():       # claimed a game at a time, in one transaction
            held = await self._claim_owed([i.id for i in items], take_over)
            for item in items:
                if item.id not in held:
                    continue                 # sent meanwhile, or another process has it
                if (item.target, item.target_id) in blocked:
                    await self._release_owed(item.id)
                    continue
                try:
                    state = await self._deliver(item, late)
                except Exception:  # the database failed: the row stays owed, its claim lapses
                    log.exception("delivering owed message %s failed", item.id)
                    state = "pending"
                outcome[item.id] = state
                if state != "sent":
                    blocked.add((item.target, item.target_id))
        return outcome

    async def _claim_owed(self, owed_ids: list[int], take_over: bool) -> set[int]:
        now = now_ts(self.clock)
        async with self.db.transaction() as conn:
            return await rows.claim(conn, owed_ids, now, now + OWED_LEASE.total_seconds(),
                                    self.instance, take_over=take_over)

    async def _release_owed(self, owed_id: int) -> None:
        async with self.db.transaction() as conn:
            await rows.release(conn, owed_id)

    async def _deliver(self, item: rows.Owed, late: bool) -> str:
        """Post one message this process holds; mark it sent, to be tried again, or given
        up."""
        message = decode(item.message_json)
        error: Exception | None = None
        try:
            drawing = json.loads(item.message_json).get("draw")
            if drawing == "fog":     # fog of war: the map of what its reader sees (drawn now)
                message = await fog_map(self.db, self.drawing, message, item.game_id,
                                        item.after_phase, item.target_id)
            elif item.image_phase is not None:
                message = await self._with_map(message, item.game_id, item.image_phase,
                                               item.target_id if item.target == "user" else None)
            if drawing in ("replay", "chart"):
                message = await self._with_picture(message, item.game_id, drawing)
            if item.target == "channel":
                await self.notifier.post(item.target_id, message)
            else:
                await self.notifier.send_private(item.target_id, message)
        except Exception as exc:  # every failure is recorded on the row, none raised
            error = exc
        now = now_ts(self.clock)
        if error is None:
            state = "sent"
        elif isinstance(error, Undeliverable) or (
                isinstance(error, ChannelUnavailable) and item.attempts + 1 >= GIVE_UP_REFUSED):
            state = "failed"
        else:
            state = "pending"
        reason = f"{type(error).__name__}: {error}" if error is not None else ""
        async with self.db.transaction() as conn:
            if state == "sent":
                await rows.mark_sent(conn, item.id, now)
            elif state == "failed":
                await rows.mark_failed(conn, item.id, now, reason)
            else:
                wait = REFUSED_RETRY.total_seconds() if isinstance(error, ChannelUnavailable) \
                    else min(2.0 ** item.attempts, MAX_BACKOFF.total_seconds())
                await rows.mark_retry(conn, item.id, now + wait, reason)
        if error is not None:
            log.warning("message %s (%s to %s %s) not delivered, %s: %s", item.id,
                        message.key, item.target, item.target_id,
                        "given up" if state == "failed" else "to be tried again",
                        type(error).__name__)
        if item.confirm_to is not None and late and state != "pending":
            await self._confirm(item, message, state)
        return state

    async def _with_map(self, message: Message, game_id: int, phase_id: int,
                        user_id: int | None) -> Message:
        """`message` with the map of phase `phase_id`; in a running fog game the map of what
        its reader (`user_id`, None for the channel) sees, and none in the channel."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            phase = await phases.get(conn, phase_id)
            if phase is None:             # rolled back since: the latest position instead
                phase = await phases.latest(conn, game_id)
            mine = await seats.powers_of(conn, game_id, user_id) \
                if sealed(game) and user_id is not None else []
        if phase is None or (sealed(game) and not mine):
            return message
        shown = await (sight_map(self.drawing, game, phase, mine) if mine
                       else self.drawing.map_image(game, phase))
        return replace(message, image=shown.png, image_name=shown.filename)

    async def _with_picture(self, message: Message, game_id: int, drawing: str) -> Message:
        """A game's replay or chart, drawn now; one that cannot be drawn (its workers keep
        dying, a bad row) leaves the post to go without it, saying so (`map_missing`)."""
        try:
            shown = await getattr(self.replays, drawing)(game_id)
        except Exception:
            log.exception("the %s of game %s could not be drawn: posted without it", drawing,
                          game_id)
            return replace(message, params={**message.params, "map_missing": True},
                           text=message.text + " (The picture could not be drawn.)")
        return replace(message, image=shown.png, image_name=shown.filename)

    async def _confirm(self, item: rows.Owed, message: Message, state: str) -> None:
        """A press sender told their message went after all, or could not go (owed too)."""
        params = {k: message.params[k] for k in ("game", "to_power") if k in message.params}
        key, text = ("press.delivered", "your press message to {to_power} was delivered") \
            if state == "sent" else \
            ("press.undelivered", "your press message to {to_power} could not be delivered: "
             "its reader does not accept direct messages from the bot")
        async with self.db.transaction(item.game_id) as conn:
            if await games.get(conn, item.game_id) is None:
                return
            await self.owe_private(conn, item.game_id, item.confirm_to, Message(
                key, f"{params.get('game', '')}: " + text.format(
                    to_power=params.get("to_power", "")), params))
        await self.deliver_owed(item.game_id)

    async def prune_owed(self) -> None:
        """At start-up: forget the messages sent or given up more than KEEP_SENT ago (the
        outbox holds players' press; the press log keeps what moderators may read)."""
        async with self.db.transaction() as conn:
            await rows.prune(conn, now_ts(self.clock) - KEEP_SENT.total_seconds())

    async def owed_state(self, owed_id: int) -> str:
        """'sent', 'failed' or 'pending': how the owed message `owed_id` stands now."""
        async with self.db.read() as conn:
            return await rows.state(conn, owed_id)

    async def owed_waiting(self) -> int:
        """How many messages are owed and not yet sent (for `arbitro doctor` and tests)."""
        async with self.db.read() as conn:
            return await rows.pending_count(conn)


# -- a message as a row ---------------------------------------------------------------------
def on_board(game: Game, message: Message) -> Message:
    """`message` with the game's variant (`board`) among its parameters when it is not the
    standard one, so that its readers name the provinces on that board: Ancient
    Mediterranean's `spa` is Sparta, not Spain; `bal` the Baleares, not the Baltic Sea."""
    board = game.settings.board
    if board == "standard" or message.params.get("board") == board:
        return message
    return replace(message, params={**message.params, "board": board})


def encode(message: Message, *, draw: str | None = None) -> str:
    """A message as JSON, without its image (a map is drawn again when it is sent; `draw`:
    the game's picture to draw then, "replay" or "chart")."""
    return json.dumps({"draw": draw, "key": message.key, "text": message.text,
                       "params": _plain(message.params), "image_name": message.image_name,
                       "lang": message.lang, "guild_id": message.guild_id,
                       "game_id": message.game_id,
                       "ping": message.ping,
                       "anonymous": message.anonymous}, ensure_ascii=False, sort_keys=True)


def decode(text: str) -> Message:
    data = json.loads(text, object_hook=_revive)
    return Message(data["key"], data["text"], data["params"], None, data["image_name"],
                   lang=data["lang"], guild_id=data.get("guild_id"),
                   game_id=data.get("game_id"), ping=data["ping"],
                   anonymous=data["anonymous"])


def _plain(value: Any) -> Any:
    if isinstance(value, datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, timedelta):
        return {"$timedelta": value.total_seconds()}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k.value if isinstance(k, Enum) else k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_plain(v) for v in value)
    return value


def _revive(obj: dict[str, Any]) -> Any:
    if set(obj) == {"$datetime"}:
        return datetime.fromisoformat(obj["$datetime"])
    if set(obj) == {"$timedelta"}:
        return timedelta(seconds=obj["$timedelta"])
    return obj

