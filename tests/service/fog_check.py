"""What a player of a fog game may be told (docs/variants.md, "Fog of war"), checked over
everything the stand-in notifier and renderer recorded: every channel post, every private
message (results, dislodged units, centres, notices of the phase that opened, reminders,
briefings, press) and every map drawn. Each message is checked against the sight of its
reader's powers in the phase it speaks of, before and after it (`engine.fog.sight`), read
from the game's stored phases."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.fog import sight
from engine.position import Position
from engine.vocabulary import Power, province_of
from service.storage.repos import phases, results
from service.storage.stored import position_after
from tests.service.conftest import RecordingRenderer

# what a channel post of a running fog game never carries
BOARD_PARAMS = ("results", "dislodged", "supply_centers", "civil_disorder_removes",
                "unordered", "missing", "units")
# "A BUR - BEL", "F NTH S A YOR - NWY", "A BER B", "A SYR D": the provinces an order names
_WORD = re.compile(r"[a-z]{3}(?:/[a-z]{2})?")


class TaggedRenderer(RecordingRenderer):
    """The recording stand-in, each picture made unique (its call's number after the PNG's
    end), so that a picture a player received is matched to what was asked to draw."""

    def __call__(self, position, **kwargs) -> bytes:
        png = super().__call__(position, **kwargs)
        self.calls[-1]["png"] = png + f"call{len(self.calls)}".encode()
        return self.calls[-1]["png"]


@dataclass
class Board:
    """Each phase of the game: the position it opened on and the one it left."""

    before: dict[str, Position] = field(default_factory=dict)
    after: dict[str, Position] = field(default_factory=dict)

    def seen(self, phase: str, powers: list[Power]) -> frozenset[str]:
        seen: set[str] = set()
        for power in powers:
            for position in (self.before.get(phase), self.after.get(phase)):
                if position is not None:
                    seen |= sight(position, power)
        return frozenset(seen)


async def board_of(service, game_id: int) -> Board:
    board = Board()
    async with service.db.read() as conn:
        for row in await phases.history(conn, game_id):
            board.before[row.name] = row.position
            stored = await results.outcome(conn, row.id)
            if stored and stored[0].get("units_after") is not None:
                board.after[row.name] = position_after(row, stored[0])
    return board


def _places(order: str) -> list[str]:
    """The provinces an order's text names, in order (its unit's first)."""
    return [province_of(w) for w in _WORD.findall(order.lower())
            if w not in ("via", "waive")]


def _told_ok(row: dict, powers: list[Power], seen: frozenset[str]) -> bool:
    """A result may be told: the reader's own, or its unit stood (or arrived) in sight."""
    if row["power"] in {p.value for p in powers}:
        return True
    places = _places(row["order"])
    if not places:                      # a waive of another power: nothing to see
        return False
    unit, moves_to = places[0], None
    if " - " in row["order"] or " R " in row["order"]:
        moves_to = places[-1]
    return unit in seen or moves_to in seen


def leaks(game, notifier, renderer, board: Board, *, channel: int, fog: bool = True,
          since: int = 0, since_calls: int = 0) -> list[str]:
    """Everything a player could read or see outside their sight (empty: nothing)."""
    found: list[str] = []
    powers_of: dict[int, list[Power]] = {}
    for power, user in game.user.items():
        powers_of.setdefault(user, []).append(power)
    drawn_for: dict[bytes, tuple[int, str]] = {}
    for channel_id, message in notifier.posts[since:]:
        if channel_id != channel:
            continue
        if message.image is not None:
            found.append(f"channel: {message.key} carries a map")
        for name in BOARD_PARAMS:
            if message.params.get(name):
                found.append(f"channel: {message.key} tells {name}")
        phase = str(message.params.get("phase") or "")
        if message.key == "reminder.channel" and not phase.endswith("M"):
            found.append(f"channel: the reminder of {phase} names who owes orders")
    for user, message in notifier.private[since:]:
        if user not in powers_of or message.game_id not in (None, game.id):
            continue
        mine = powers_of[user]
        names = {p.value for p in mine}
        phase = str(message.params.get("previous_phase") or message.params.get("phase") or "")
        seen = board.seen(phase, mine)
        where = f"{'/'.join(sorted(names))} ({message.key}, {phase})"
        for row in message.params.get("results") or ():
            if not _told_ok(row, mine, seen):
                found.append(f"{where} told {row['power']} {row['order']}")
        for unit in message.params.get("dislodged") or ():
            if isinstance(unit, dict):
                if unit.get("power") not in names and province_of(unit["location"]) not in seen:
                    found.append(f"{where} told {unit['power']} dislodged in {unit['location']}")
                if unit.get("power") not in names and unit.get("retreat_options"):
                    found.append(f"{where} told where {unit['power']}'s unit may retreat")
        for power, centres in (message.params.get("supply_centers") or {}).items():
            if power not in names and not set(centres) <= seen:
                found.append(f"{where} told {power}'s centres {sorted(set(centres) - seen)}")
        for duty in message.params.get("duties") or ():
            if duty["power"] not in names:
                found.append(f"{where} told {duty['power']}'s duties")
        for power in message.params.get("missing") or {}:
            if power not in names:
                found.append(f"{where} reminded of {power}")
        if message.image is not None:
            match = re.search(rb"-([SFW]\d{4}[MRA])", message.image_name.encode()) \
                if message.image_name else None
            drawn_for[message.image] = (user, match.group(1).decode() if match else phase)
    for call in renderer.calls[since_calls:]:
        visible = call.get("visible")
        shown = [pos for pos in (call["position"], call.get("after")) if pos is not None]
        drawn = [u for pos in shown for u in pos.units] + \
            [d.unit for pos in shown for d in pos.dislodged]
        if visible is None:
            if drawn and fog:
                found.append("a map drawn without fog")
            elif not fog:
                found.append("a map of the whole board")
            continue
        visible = set(visible)
        found += [f"{u} drawn outside sight" for u in drawn if u.province not in visible]
        found += [f"{p.value}'s centre {c} drawn outside sight" for pos in shown
                  for p, cs in pos.supply_centers.items() for c in cs if c not in visible]
        reader = drawn_for.get(call.get("png", b""))
        if reader is not None:
            user, phase = reader
            beyond = visible - board.seen(phase, powers_of[user])
            if beyond:
                found.append(f"a map for user {user} shows {sorted(beyond)} beyond their sight")
    return found
