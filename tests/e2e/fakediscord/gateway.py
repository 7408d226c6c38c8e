"""The gateway: one websocket per bot connection, speaking Discord's JSON protocol with the
transport compression the client asks for (zlib-stream; zstd-stream when `zstandard` is
installed), heartbeats, IDENTIFY -> READY + GUILD_CREATE, RESUME with replay, member chunks.

Sharding as Discord does it: each connection identifies with `shard: [shard_id, shard_count]`
(absent: [0, 1]); an event about a guild goes only to the connection of the guild's shard,
`(guild_id >> 22) % shard_count`, and an event without a guild (a direct message) only to
shard 0. A shard count other than the stand-in's is refused with close code 4010 (4011 when
the client does not shard at all but must), and so is a shard already connected."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

log = logging.getLogger(__name__)

# Opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, RESUME = 0, 1, 2, 3, 6
RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11

# The intent bits the stand-in checks before dispatching.
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15

# Close codes (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
INVALID_SHARD, SHARDING_REQUIRED = 4010, 4011


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a guild's events, by Discord's formula."""
    return (guild_id >> 22) % shard_count


def guild_of_event(name: str, data: dict[str, Any]) -> int | None:
    """The guild an event is about (its `guild_id`, or the guild itself for GUILD_*
    events), None for events outside guilds (direct messages), which go to shard 0."""
    if name in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"):
        return int(data["id"])
    guild_id = data.get("guild_id")
    return int(guild_id) if guild_id else None


class _Compressor:
    """Transport compression: one stream per connection, each payload flushed so the client
    can decompress it on its own (zlib payloads end in 00 00 ff ff)."""

    def __init__(self, kind: str | None) -> None:
        self.kind = kind
        if kind == "zlib-stream":
            self._zlib = zlib.compressobj()
        elif kind == "zstd-stream":
            import zstandard  # only when the client itself has it, so it asked for zstd

            self._zstd = zstandard.ZstdCompressor().compressobj()
        elif kind is not None:
            raise ValueError(f"unsupported gateway compression {kind!r}")

    def frame(self, text: str) -> bytes | str:
        raw = text.encode()
        if self.kind == "zlib-stream":
            return self._zlib.compress(raw) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
        if self.kind == "zstd-stream":
            import zstandard

            return self._zstd.compress(raw) + self._zstd.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
        return text


@dataclass
class Session:
    """A bot's gateway session. It outlives a dropped connection: events dispatched while the
    bot reconnects are kept, with their sequence numbers, and replayed on RESUME, as Discord
    does. A client that closes normally (code 1000) ends its session."""

    id: str
    intents: int
    shard_id: int = 0
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    conn: Connection | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)   # keeps events in seq order

    @property
    def live(self) -> bool:
        return self.conn is not None and self.conn.ready


class Connection:
    def __init__(self, ws: web.WebSocketResponse, compressor: _Compressor) -> None:
        self.ws = ws
        self.compressor = compressor
        self.session: Session | None = None
        self.ready = False    # READY and every GUILD_CREATE sent (or RESUMED)
        self._lock = asyncio.Lock()   # compression order must be the sending order

    async def send(self, payload: dict[str, Any]) -> None:
        async with self._lock:
            if self.ws.closed:
                return
            frame = self.compressor.frame(json.dumps(payload))
            if isinstance(frame, bytes):
                await self.ws.send_bytes(frame)
            else:
                await self.ws.send_str(frame)


class Gateway:
    """The websocket endpoint, its connections and sessions; `dispatch` sends an event to each
    session whose intents cover it."""

    def __init__(self, *, token: str, heartbeat_interval_ms: int,
                 ready_events: Callable[[Session], list[tuple[str, dict[str, Any]]]],
                 on_event: Callable[[str, dict[str, Any]], None],
                 members_of: Callable[[int], list[dict[str, Any]]],
                 on_change: Callable[[], None], shard_count: int = 1) -> None:
        self.token = token
        self.shard_count = shard_count      # what GET /gateway/bot says and IDENTIFY must use
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.url = ""                       # set by the server once it knows its port
        self.connections: list[Connection] = []
        self.sessions: dict[str, Session] = {}
        self.received: list[dict[str, Any]] = []   # every payload the client sent
        self.connect_queries: list[dict[str, str]] = []   # v, encoding, compress of each connect
        self._ready_events = ready_events   # READY and the GUILD_CREATEs for a new session
        self._on_event = on_event           # lets the test side watch gateway traffic
        self._members_of = members_of       # guild id -> member payloads, for chunk requests
        self._on_change = on_change
        self._outbox: list[tuple[str, dict[str, Any], int]] = []   # see `announce`
        self._drains: set[asyncio.Task[None]] = set()

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.connect_queries.append(dict(request.query))
        if request.query.get("encoding", "json") != "json":
            await ws.close(code=4002, message=b"only encoding=json is spoken here")
            return ws
        conn = Connection(ws, _Compressor(request.query.get("compress")))
        self.connections.append(conn)
        try:
            await conn.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                             "s": None, "t": None})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    await ws.close(code=4002, message=b"text JSON frames expected")
                    break
                payload = json.loads(msg.data)
                self.received.append(payload)
                await self._receive(conn, payload)
        finally:
            self.connections.remove(conn)
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                if ws.close_code == 1000:
                    del self.sessions[session.id]
            self._on_change()
        return ws

    async def _receive(self, conn: Connection, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            if data.get("token") != self.token:
                await conn.ws.close(code=4004, message=b"Authentication failed.")
                return
            if "intents" not in data:
                await conn.ws.close(code=4013, message=b"Invalid intent(s).")
                return
            shard_id = await self._check_shard(conn, data.get("shard"))
            if shard_id is None:
                return
            for stale in [s for s in self.sessions.values() if s.shard_id == shard_id]:
                del self.sessions[stale.id]   # a dropped session of this shard is not resumed
            session = Session(id=secrets.token_hex(16), intents=int(data["intents"]),
                              shard_id=shard_id, conn=conn)
            conn.session = session
            self.sessions[session.id] = session
            async with session.lock:
                for name, event in self._ready_events(session):
                    await self._send_event(session, name, event)
                conn.ready = True
            self._on_change()
        elif op == RESUME:
            await self._resume(conn, data)
        elif op == REQUEST_MEMBERS:
            await self._send_members(conn, data)
        elif op == PRESENCE_UPDATE:
            pass   # recorded in `received`; nobody watches the bot's presence
        else:
            log.warning("fake gateway: unhandled opcode %s", op)
            await conn.ws.close(code=4001, message=b"Unknown opcode.")

    async def _check_shard(self, conn: Connection, shard: Any) -> int | None:
        """The shard id an IDENTIFY asks for, or None after closing the connection as Discord
        does: 4011 when the bot must shard and did not say which shard, 4010 for a shard that
        does not fit the shard count (or is already connected)."""
        if shard is None:
            if self.shard_count > 1:
                await conn.ws.close(code=SHARDING_REQUIRED, message=b"Sharding required.")
                return None
            shard = [0, 1]
        valid = (isinstance(shard, list) and len(shard) == 2
                 and all(isinstance(n, int) for n in shard) and 0 <= shard[0] < shard[1])
        taken = valid and any(s.shard_id == shard[0] and s.conn is not None
                              and not s.conn.ws.closed for s in self.sessions.values())
        if not valid or shard[1] != self.shard_count or taken:
            await conn.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        return shard[0]

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(data.get("session_id") or "")
        if session is None or data.get("token") != self.token:
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        async with session.lock:
            conn.session, session.conn = session, conn
            for event in session.sent:
                if event["s"] > (data.get("seq") or 0):
                    await conn.send(event)
            await self._send_event(session, "RESUMED", {})
            conn.ready = True
        self._on_change()

    async def _send_members(self, conn: Connection, data: dict[str, Any]) -> None:
        """One GUILD_MEMBERS_CHUNK answering a member request by query or by ids."""
        members = self._members_of(int(data["guild_id"]))
        if data.get("user_ids"):
            wanted = {str(i) for i in data["user_ids"]}
            members = [m for m in members if m["user"]["id"] in wanted]
        elif data.get("query"):
            query = data["query"].lower()
            members = [m for m in members if m["user"]["username"].lower().startswith(query)]
        if data.get("limit"):
            members = members[:data["limit"]]
        chunk = {"guild_id": str(data["guild_id"]), "members": members, "chunk_index": 0,
                 "chunk_count": 1, "not_found": []}
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        session = conn.session
        if session is not None:
            async with session.lock:
                await self._send_event(session, "GUILD_MEMBERS_CHUNK", chunk)

    async def _send_event(self, session: Session, name: str, data: dict[str, Any]) -> None:
        """Number and keep the event; send it now if the session has a connection (callers
        hold `session.lock`)."""
        session.seq += 1
        event = {"op": DISPATCH, "t": name, "s": session.seq, "d": data}
        session.sent.append(event)
        self._on_event(name, data)
        if session.conn is not None:
            await session.conn.send(event)

    def announce(self, name: str, data: dict[str, Any], *, intent: int = 0) -> None:
        """Queue an event from synchronous code (the test adding a channel or a member). The
        queue is sent soon, and always before the next `dispatch`, so the bot never hears of a
        message in a channel before it hears of the channel."""
        self._outbox.append((name, data, intent))
        task = asyncio.get_running_loop().create_task(self._drain())
        self._drains.add(task)
        task.add_done_callback(self._drains.discard)

    async def _drain(self) -> None:
        while self._outbox:
            name, data, intent = self._outbox.pop(0)
            await self._dispatch_now(name, data, intent, False)

    async def dispatch(self, name: str, data: dict[str, Any], *, intent: int = 0,
                       content_intent_needed: bool = False) -> int:
        """Send an event to the session of its shard (see `guild_of_event`) if its intents
        include `intent` (kept for replay if its bot is reconnecting); a message whose content
        needs MESSAGE_CONTENT arrives with its content emptied, as on Discord. Returns how many
        sessions got it."""
        await self._drain()
        return await self._dispatch_now(name, data, intent, content_intent_needed)

    async def _dispatch_now(self, name: str, data: dict[str, Any], intent: int,
                            content_intent_needed: bool) -> int:
        sent = 0
        guild_id = guild_of_event(name, data)
        shard_id = 0 if guild_id is None else shard_of(guild_id, self.shard_count)
        for session in list(self.sessions.values()):
            if session.shard_id != shard_id or (intent and not session.intents & intent):
                continue
            payload = data
            if content_intent_needed and not session.intents & MESSAGE_CONTENT:
                payload = {**data, "content": "", "embeds": [], "attachments": [],
                           "components": []}
            async with session.lock:
                await self._send_event(session, name, payload)
            sent += 1
        return sent

    async def reconnect_all(self) -> None:
        """Ask every client to reconnect (opcode 7), as Discord does during maintenance."""
        for conn in list(self.connections):
            await conn.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    async def close_all(self) -> None:
        for task in list(self._drains):
            task.cancel()
        for conn in list(self.connections):
            await conn.ws.close(code=1001, message=b"fake Discord shutting down")
