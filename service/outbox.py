"""The outbox: every message the service owes after a commit (a game's start post, the
briefings, the private notices of a new phase, an anonymous game's reveal, press) is written
in the transaction that owes it (`owe_post`, `owe_private`) and posted after the commit
(`deliver_owed`), so no crash, kill or Discord failure between the two can lose it.

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

from service.base import ServiceBase
from service.models import Game
from service.notifier import ChannelUnavailable, Message, Undeliverable
from service.repos import games, phases, seats
from service.repos import outbox as rows

log = logging.getLogger(__name__)

# how long a process may take to post one message before another may
OWED_LEASE = timedelta(minutes=2)
MAX_BACKOFF = timedelta(minutes=5)
REFUSED_RETRY = timedelta(minutes=5)
GIVE_UP_REFUSED = 288          # tries of a refused channel post (a day at REFUSED_RETRY)
_FOREVER = 1e18                # a due time past every backoff
# how long a message sent (or given up) stays in the outbox: for looking into a complaint
KEEP_SENT = timedelta(days=7)


class Outbox(ServiceBase):
    # -- owing, inside a write transaction ---------------------------------------------------
    async def owe_post(self, conn: Any, game: Game, message: Message, *,
                       after_phase: int | None = None) -> int:
        """Owe `message` to the game's channel (in an anonymous game without mentions, as
        `post_message` sends it)."""
        message = self.as_posted(game, message)
        return await rows.add(conn, game.id, "channel", game.channel_id, encode(message),
                              self.now_ts(), after_phase=after_phase)

    async def owe_private(self, conn: Any, game_id: int, user_id: int, message: Message, *,
                          image_phase: int | None = None, after_phase: int | None = None,
                          confirm_to: int | None = None, game: Game | None = None) -> int:
        """Owe `message` to one player (`image_phase`: the map of that phase goes with it,
        drawn when it is sent; `confirm_to`: a press sender to tell if it goes out late or
        cannot go). A reader the bot has never seen reads it in the game's language, else its
        server's (as `tell`; `game`: the game, when the caller has it at hand)."""
        game = game or await games.get(conn, game_id)
        if game is not None:      # the game travels with it (a power's channel, its language)
            message = replace(message, lang=message.lang or game.settings.language,
                              guild_id=game.guild_id, game_id=game.id)
        return await rows.add(conn, game_id, "user", user_id, encode(message), self.now_ts(),
                              image_phase=image_phase, after_phase=after_phase,
                              confirm_to=confirm_to)

    async def owe_reveal(self, conn: Any, game: Game, *, after_phase: int | None = None
                         ) -> None:
        """At an anonymous game's end (inside the transaction that ends it): who played
        whom, owed to the channel (after the results of `after_phase`, when it ended with
        them)."""
        if not game.settings.anonymous:
            return
        seated = await seats.all_seats(conn, game.id)
        played = {s.power.value: s.user_id for s in seated if s.user_id is not None}
        text = f"{game.name}: who played whom: " + ", ".join(
            f"{p}: <@{u}>" for p, u in played.items())
        message = Message("game.identities", text, {"game": game.name, "seats": played},
                          lang=game.settings.language)
        await rows.add(conn, game.id, "channel", game.channel_id, encode(message),
                       self.now_ts(), after_phase=after_phase)

    # -- delivering, after the commit --------------------------------------------------------
    async def deliver_owed(self, game_id: int | None = None, *, take_over: bool = False,
                           ids: list[int] | None = None, late: bool = True,
                           now: bool = False) -> dict[int, str]:
        """Post what is owed and due (of one game, or every game), oldest first; returns
        each tried message's state after: 'sent', 'pending' (to be tried again) or 'failed'.
        `late`: a press message that goes now was owed before (its sender hears it went);
        `now`: try them now, whatever their backoff says (a press sender waiting, and
        start-up)."""
        due_by = _FOREVER if now else self.now_ts()
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
        now = self.now_ts()
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
            if item.image_phase is not None:
                message = await self._with_map(message, item.game_id, item.image_phase)
            if item.target == "channel":
                await self.notifier.post(item.target_id, message)
            else:
                await self.notifier.send_private(item.target_id, message)
        except Exception as exc:  # every failure is recorded on the row, none raised
            error = exc
        now = self.now_ts()
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

    async def _with_map(self, message: Message, game_id: int, phase_id: int) -> Message:
        async with self.db.read() as conn:
            game = await self.game_or_fail(conn, game_id)
            phase = await phases.get(conn, phase_id)
            if phase is None:             # rolled back since: the latest position instead
                phase = await phases.latest(conn, game_id)
        if phase is None:
            return message
        shown = await self.map_image(game, phase)
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
            await rows.prune(conn, self.now_ts() - KEEP_SENT.total_seconds())

    async def owed_waiting(self) -> int:
        """How many messages are owed and not yet sent (for `arbitro doctor` and tests)."""
        async with self.db.read() as conn:
            return await rows.pending_count(conn)


# -- a message as a row ---------------------------------------------------------------------
def encode(message: Message) -> str:
    """A message as JSON, without its image (a map is drawn again when it is sent)."""
    return json.dumps({"key": message.key, "text": message.text,
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
    return obj

