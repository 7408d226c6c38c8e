"""Discord's shape on the wire: JSON answers with rate-limit headers, errors as
{"message", "code"}, request bodies (JSON or multipart with files), ids in route paths."""

from __future__ import annotations

import json
import re
from typing import Any

from aiohttp import web

BODY = web.RequestKey("body", object)       # the parsed JSON (or payload_json) of a call
FILES = web.RequestKey("files", list)       # its uploads, [(filename, bytes)] in order
RATE_LIMIT_HEADERS = {"X-RateLimit-Limit": "50", "X-RateLimit-Remaining": "49",
                      "X-RateLimit-Reset-After": "0.05", "X-RateLimit-Bucket": "fake"}


class Refusal(Exception):
    """Carries a ready Discord error response out of a helper."""

    def __init__(self, response: web.Response) -> None:
        self.response = response


def snowflake_params(path: str) -> str:
    """Ids in paths match digits only (webhook message ids may also be `@original`), so a
    malformed id is an unserved route, recorded as unexpected, not a crash in a handler."""
    path = re.sub(r"\{(\w+_id)\}", r"{\1:\\d+}", path)
    if path.startswith("/webhooks/"):
        path = path.replace(r"{message_id:\d+}", r"{message_id:(?:\d+|@original)}")
    return path


def json_response(data: Any, status: int) -> web.Response:
    # Exactly "application/json": discord.py compares the header to it to decide to parse.
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={**RATE_LIMIT_HEADERS, "Content-Type": "application/json"})


def error(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status)


def ok(data: Any, status: int = 200) -> web.Response:
    if data is None:
        return web.Response(status=204, headers=RATE_LIMIT_HEADERS)
    return json_response(data, status)


async def read_body(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    """JSON, or multipart with `payload_json` and `files[n]` parts (kept in upload order)."""
    if request.content_type.startswith("multipart/"):
        body: Any = {}
        files: list[tuple[int, str, bytes]] = []
        reader = await request.multipart()
        async for part in reader:
            data = await part.read()
            if part.name == "payload_json":
                body = json.loads(data)
            elif part.name and part.name.startswith("files["):
                files.append((int(part.name[6:-1]), part.filename or "file", bytes(data)))
        return body, [(name, data) for _, name, data in sorted(files)]
    raw = await request.read()
    return (json.loads(raw) if raw else None), []
