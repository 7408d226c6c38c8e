"""Discord's size limits, and splitting long text to fit them without losing any of it."""

from __future__ import annotations

MESSAGE_LIMIT = 2000          # characters of content in one message
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_TOTAL_LIMIT = 6000
FILES_PER_MESSAGE = 10
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024   # bytes, servers without boosts and direct messages
# A player's DM of orders longer than this is refused rather than parsed: 34 units' orders fit
# in well under 2000 characters, and Discord itself caps a message at 4000 (Nitro).
MAX_ORDER_MESSAGE = 4000


def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Cut `text` into pieces of at most `limit` characters, at line breaks where possible,
    else at spaces, else anywhere. Joining the pieces with newlines (for cuts at line breaks)
    gives back every line: nothing is dropped."""
    if limit < 1:
        raise ValueError("limit must be positive")
    parts = [part for line in text.split("\n") for part in _split_line(line, limit)]
    return [p for p in _pack(parts, "\n", limit) if p.strip()] or [""]


def _pack(parts: list[str], separator: str, limit: int) -> list[str]:
    """Join consecutive parts (each at most `limit` long) with `separator` into as few pieces
    of at most `limit` characters as they fit in, in order."""
    pieces: list[str] = []
    current = ""
    for part in parts:
        candidate = part if not current else current + separator + part
        if len(candidate) <= limit:
            current = candidate
        else:
            if current:
                pieces.append(current)
            current = part
    if current:
        pieces.append(current)
    return pieces


def _split_line(line: str, limit: int) -> list[str]:
    parts: list[str] = []
    while len(line) > limit:
        cut = line.rfind(" ", 0, limit + 1)
        if cut <= 0:
            cut = limit
        parts.append(line[:cut])
        line = line[cut:].lstrip(" ")
    parts.append(line)
    return parts


def split_blocks(blocks: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Pack paragraphs (e.g. one per power) into as few messages as fit, never splitting a
    block that fits in one message, and splitting one that does not by `split_text`."""
    parts = [part for block in blocks
             for part in (split_text(block, limit) if len(block) > limit else [block])]
    return _pack(parts, "\n\n", limit)
