"""Fog of war, checked over everything the Discord stand-in recorded (tests/e2e/test_bot_fog.py).

For one player: every message they could see (the game channel's public posts, their DMs, the
ephemeral answers to their own interactions; deleted messages and what edited ones showed
before the edit too: they were seen) with
its text (content, embeds, buttons and menus, attachments' alt text), the autocomplete choices
offered to them, and every PNG attached. Each is dated by the phase it was sent in (`marks`:
where each phase's window starts in the stand-in's record).

What counts as shown:
- text: a unit word (`A`, `F`, army, fleet, armata, flotta, esercito, leger, vloot, in any
  case but the one-letter codes) followed by a province named in any of the three languages
  or by its code (the order reader's own vocabulary, `grammar.lexicon`), as in "A PAR - BUR",
  "F Sint-Petersburg zuidkust", "A Borgogna (BUR)";
- images: what the renderer drew, which it writes into every map PNG (iTXt chunks, see
  `render.svg.contents`); a PNG without them is reported, since nothing proves what it shows.

A player may be shown what stands in their sight before or after the phase being told
(`engine.fog.sight` of the phase's position and the one before it). An order written in code
(`A PAR - BUR`, read by `engine.orders.parse_order`) may be told when the unit giving it
stands in that sight, or, for a move or retreat, when it comes from one step beyond into it (a
unit seen arriving, or bouncing off a province in sight); the units it supports or convoys
may stand one step beyond (as tests/service/test_fog_announce.py allows). Every other unit
named, and everything drawn, must stand in the sight itself.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cache

from PIL import Image

from engine.fog import sight
from engine.orders import Convoy, Move, Order, OrderSyntaxError, Retreat, parse_order
from engine.position import Position
from engine.vocabulary import Power, province_of
from grammar.lexicon import fold, lexicon
from tests.e2e.fakediscord import FakeDiscord, User
from tests.e2e.fakediscord.models import (
    DISCORD_EPOCH_MS,
    DM,
    VIEW_CHANNEL,
    Message,
    iter_components,
)

_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
# Unit words written out; the one-letter codes count in capitals only ("a" is a preposition).
_UNIT_CODES = frozenset({"A", "F"})
# Words that may stand between a unit word and its province ("an army in Paris", "de Duitse
# vloot in München"), besides the vocabulary's fillers and nationalities.
_BETWEEN = frozenset({"in", "at", "a", "ad", "op", "te", "bij", "on", "to", "nel", "nella"})


@dataclass(frozen=True)
class Shown:
    """One thing a player could see: where, its text, its PNGs, and when, as a snowflake id
    (sent, or last edited; the stand-in's ids grow with time: it dates the thing to a
    phase)."""
    where: str
    text: str
    images: tuple[tuple[str, bytes], ...]
    id: int


def seen_by(fake: FakeDiscord, user: User) -> list[Shown]:
    """Everything of the bot's that `user` could see, in the order it was sent."""
    world = fake.world
    out = []
    for message in world.messages:
        if message.author is not world.bot or not _visible(fake, user, message):
            continue
        where = "DM" if message.channel.type == DM else f"#{message.channel.name}"
        if message.ephemeral:
            where += " (only you can see this)"
        for content, embeds, components, attachments in message.earlier:   # before edits
            before = replace(message, content=content, embeds=embeds, components=components,
                             attachments=attachments, earlier=[])
            out.append(Shown(where + " (before an edit)", _text(before),
                             tuple(before.files), message.id))
        when = message.id if message.edited_timestamp is None else max(
            message.id, _snowflake_at(message.edited_timestamp))   # as it was last edited
        out.append(Shown(where, _text(message), tuple(message.files), when))
    for interaction in world.interactions.values():      # menus of suggestions as they type
        if interaction.user is user and interaction.choices:
            out.append(Shown("autocomplete", "\n".join(str(c.get("name", ""))
                                                       for c in interaction.choices), (),
                             interaction.id))
    return sorted(out, key=lambda s: s.id)


def _snowflake_at(iso: str) -> int:
    """The smallest snowflake id of that moment (ids are milliseconds since Discord's epoch
    in the high bits)."""
    ms = int(datetime.fromisoformat(iso).timestamp() * 1000) - DISCORD_EPOCH_MS
    return ms << 22


def _visible(fake: FakeDiscord, user: User, message: Message) -> bool:
    channel = message.channel
    if message.ephemeral:
        return message.interaction is not None and message.interaction.user is user
    if channel.type == DM:
        return channel.recipient is user
    guild = fake.world.guild_of(channel)
    return (guild is not None and user.id in guild.members
            and bool(guild.permissions_in(user, channel) & VIEW_CHANNEL))


def _text(message: Message) -> str:
    parts = [message.text]
    for embed in message.embeds:
        parts += [embed.get("author", {}).get("name", "")]
    for component in iter_components(message.components):
        parts += [str(component.get("label", "")), str(component.get("placeholder", ""))]
        parts += [f"{o.get('label', '')} {o.get('description', '')}"
                  for o in component.get("options", [])]
    parts += [a.description or "" for a in message.attachments]
    return "\n".join(p for p in parts if p)


# -- text ------------------------------------------------------------------------------------

@cache
def _lex():
    return lexicon("auto", "standard")


def units_named(text: str) -> list[str]:
    """The provinces (ids) where `text` names a unit, in any of the three languages."""
    lex = _lex()
    words = [(m.group(), fold(m.group())) for m in _WORD.finditer(text)]
    tags: list[tuple[str, str | None]] = []   # ("UNIT" | "LOC" | "", province)
    i = 0
    while i < len(words):
        for n in range(min(lex.longest, len(words) - i), 0, -1):
            key = " ".join(w for _, w in words[i:i + n])
            entries = lex.phrases.get(key, ())
            places = {e.value[0] for e in entries if e.terminal == "LOC"
                      and e.how in ("name", "id") and len(e.value) == 1}
            unit = n == 1 and any(e.terminal == "UNIT" for e in entries) and (
                words[i][0] in _UNIT_CODES or len(words[i][0]) > 1)
            if len(places) == 1 and not unit:
                tags.append(("LOC", next(iter(places))))
                i += n
                break
            if unit:
                tags.append(("UNIT", None))
                i += 1
                break
            if n == 1 and (key in _BETWEEN or any(
                    e.terminal in ("FILLER", "NATION", "_ART") for e in entries)):
                tags.append(("BETWEEN", None))
                i += 1
                break
        else:
            tags.append(("", None))
            i += 1
    named = []
    for k, (tag, _) in enumerate(tags):
        if tag != "UNIT":
            continue
        following = iter(tags[k + 1:k + 4])
        for tag_after, place in following:
            if tag_after == "LOC":
                named.append(place)
            if tag_after != "BETWEEN":
                break
    return named


_CODE = re.compile(r"`([^`\n]+)`")


def orders_named(text: str) -> tuple[list[Order], str]:
    """The orders written in code in `text` (`A PAR - BUR`), and the text without them."""
    found = []
    for span in _CODE.findall(text):
        try:
            found.append(parse_order(span))
        except OrderSyntaxError:
            continue
    return found, _CODE.sub(" ", text)


def order_leak(order: Order, seen: frozenset[str], near: frozenset[str]) -> str | None:
    """Why `order` may not be told to a player who sees `seen` (`near`: one step more)."""
    if order.location is None:              # a waive names no place
        return None
    origin = province_of(order.location)
    target = province_of(order.target) if isinstance(order, Move | Retreat) else None
    if origin not in seen and not (target in seen and origin in near):
        return f"its unit in {origin.upper()}"
    other = getattr(order, "supported_location", None) or (
        order.army_location if isinstance(order, Convoy) else None)
    if other and province_of(other) not in near:
        return f"the unit it names in {province_of(other).upper()}"
    return None


# -- images ----------------------------------------------------------------------------------

def drawn(png: bytes) -> dict[str, list[str]] | None:
    """What the renderer wrote it drew into a PNG (key -> lines), None if it wrote nothing."""
    image = Image.open(io.BytesIO(png))
    image.load()                     # the text chunks after the picture are read with it
    text = getattr(image, "text", {}) or {}
    if "Arbitro-units" not in text:
        return None
    return {key: [line for line in value.split("\n") if line] for key, value in text.items()}


def _power_and_place(line: str) -> tuple[str, str]:
    """"St Petersburg F stp/sc" -> ("St Petersburg", "stp"); "England lon" -> ("England",
    "lon"); "England F LON - ENG" -> ("England", "lon")."""
    head = re.match(r"(.+?) (?:([AF]) )?([A-Za-z]{3}(?:/[A-Za-z]{2})?)\b", line)
    assert head, line
    return head.group(1), province_of(head.group(3).lower())


# -- the check -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Timeline:
    """The game's positions, one per phase in play order, and when each phase's window
    starts (`marks[k]`: a snowflake id taken as phase k opened; what is sent in its window
    tells phase k and its predecessor's results)."""
    positions: list[Position]
    marks: list[int]

    def phase_at(self, when: int) -> int:
        return max(k for k, mark in enumerate(self.marks) if mark <= when)

    def sight(self, power: Power, when: int) -> frozenset[str]:
        k = self.phase_at(when)
        seen = set(sight(self.positions[k], power))
        if k > 0:
            seen |= sight(self.positions[k - 1], power)
        return frozenset(seen)


def leaks(fake: FakeDiscord, players: dict[Power, User], timeline: Timeline) -> list[str]:
    """Every unit, order, dislodged unit, build or centre owner a player could see outside
    their sight, as readable lines."""
    found = []
    board = timeline.positions[0].board
    for power, user in players.items():
        for shown in seen_by(fake, user):
            seen = timeline.sight(power, shown.id)
            near = seen | {t for p in seen for t in board.provinces_touching(p)}
            phase = timeline.positions[timeline.phase_at(shown.id)].phase.name
            orders, words = orders_named(shown.text)
            for order in orders:
                why = order_leak(order, seen, near)
                if why:
                    found.append(f"{power.value} ({phase}, {shown.where}): {why} named in "
                                 f"`{order.canonical()}`")
            for place in units_named(words):
                if place not in seen:
                    found.append(f"{power.value} ({phase}, {shown.where}): a unit in "
                                 f"{place.upper()} named in {words[:160]!r}")
            for name, png in shown.images:
                found += _image_leaks(power, phase, shown.where, name, png, seen)
    return found


def _image_leaks(power: Power, phase: str, where: str, name: str, png: bytes,
                 seen: frozenset[str]) -> list[str]:
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        return [f"{power.value} ({phase}, {where}): {name} is not a PNG map"]
    contents = drawn(png)
    if contents is None:
        return [f"{power.value} ({phase}, {where}): {name} says nothing of what it shows"]
    out = []
    for key in ("Arbitro-units", "Arbitro-dislodged", "Arbitro-orders", "Arbitro-centres"):
        for line in contents.get(key, ()):
            owner, place = _power_and_place(line)
            if place not in seen and not (key == "Arbitro-centres" and owner == power.value):
                out.append(f"{power.value} ({phase}, {where}): {name} draws {key[8:]} "
                           f"{line!r} outside sight")
    return out


def counts(found: list[str]) -> dict[str, int]:
    """How many findings of each kind: text, image."""
    return {"text": sum(" named in " in f for f in found),
            "image": sum(" draws " in f or " says nothing " in f for f in found)}
