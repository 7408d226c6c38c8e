"""The service's values: a game's settings, and the rows of its aggregates as the repositories
return them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from engine.position import Position
from engine.rules import PRESETS
from engine.setups import Setup, closed_provinces, neutral_powers, setup_named
from engine.vocabulary import Phase, PhaseKind, Power
from service.errors import InvalidRequest

FORMING, ACTIVE, PAUSED, FINISHED = "forming", "active", "paused", "finished"
GAME_LANGUAGES = ("en", "it", "nl")


@dataclass(frozen=True)
class GameSettings:
    rules: str = "1971"
    players: int = 7
    variant: str | None = None                      # three players: "a" or "b"
    movement_deadline: timedelta = timedelta(hours=24)
    retreat_deadline: timedelta = timedelta(hours=12)
    adjustment_deadline: timedelta = timedelta(hours=12)
    reminders: tuple[timedelta, ...] = (timedelta(hours=2),)  # before each deadline
    victory_target: int | None = None                # None: the set-up's (18 centres)
    end_year: int | None = None                      # the game ends after this year
    # The language of the game's channel posts and maps ("en", "it", "nl"); None: the
    # server's preferred locale (which Discord lets only Community servers set).
    language: str | None = None

    @property
    def setup(self) -> Setup:
        return setup_named(self.players, self.variant)

    @property
    def target(self) -> int:
        return self.victory_target or self.setup.victory_target

    def deadline_for(self, kind: PhaseKind) -> timedelta:
        return {PhaseKind.MOVEMENT: self.movement_deadline, PhaseKind.RETREAT: self.retreat_deadline,
                PhaseKind.ADJUSTMENT: self.adjustment_deadline}[kind]

    def validate(self) -> GameSettings:
        if self.rules not in PRESETS:
            raise InvalidRequest("settings.bad_rules", f"unknown rule preset {self.rules!r}: "
                                 f"use 1971 or 2023", rules=self.rules)
        try:
            setup = self.setup
        except ValueError as exc:
            raise InvalidRequest("settings.bad_players", str(exc), players=self.players) from None
        for name in ("movement_deadline", "retreat_deadline", "adjustment_deadline"):
            if getattr(self, name) <= timedelta(0):
                raise InvalidRequest("settings.bad_deadline", f"{name} must be positive",
                                     field=name)
        if any(r <= timedelta(0) for r in self.reminders):
            raise InvalidRequest("settings.bad_reminder", "reminders are times before the "
                                 "deadline and must be positive")
        if self.victory_target is not None and not 1 <= self.victory_target <= 34:
            raise InvalidRequest("settings.bad_target", "the victory target must be 1 to 34",
                                 target=self.victory_target)
        if self.end_year is not None and self.end_year < setup.first_year:
            raise InvalidRequest("settings.bad_end_year", f"the end year must be "
                                 f"{setup.first_year} or later", first_year=setup.first_year)
        if self.language is not None and self.language not in GAME_LANGUAGES:
            raise InvalidRequest("settings.bad_language", f"unknown language "
                                 f"{self.language!r}: use en, it or nl", lang=self.language)
        return self

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "players": self.players, "variant": self.variant,
                "movement_deadline": self.movement_deadline.total_seconds(),
                "retreat_deadline": self.retreat_deadline.total_seconds(),
                "adjustment_deadline": self.adjustment_deadline.total_seconds(),
                "reminders": [r.total_seconds() for r in self.reminders],
                "victory_target": self.victory_target, "end_year": self.end_year,
                "language": self.language}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSettings:
        seconds = {k: timedelta(seconds=data[k]) for k in
                   ("movement_deadline", "retreat_deadline", "adjustment_deadline") if k in data}
        return cls(rules=data.get("rules", "1971"), players=data.get("players", 7),
                   variant=data.get("variant"),
                   reminders=tuple(timedelta(seconds=s) for s in data.get("reminders", ())),
                   victory_target=data.get("victory_target"), end_year=data.get("end_year"),
                   language=data.get("language"), **seconds)


@dataclass(frozen=True)
class Game:
    id: int
    channel_id: int
    guild_id: int | None
    name: str
    moderator_id: int
    settings: GameSettings
    status: str
    rng_seed: int | None
    paused_remaining: timedelta | None
    outcome: dict[str, Any] | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    joined_side: int | None = None     # two players: the side the neutral power joined

    def neutral_in(self, phase: Phase) -> frozenset[Power]:
        """The powers nobody plays in `phase` (the smaller set-ups)."""
        return neutral_powers(self.settings.setup, phase, self.joined_side)

    def closed_in(self, phase: Phase) -> frozenset[str]:
        """The provinces no unit may enter in `phase` (neutral Italy of two players)."""
        return closed_provinces(self.settings.setup, phase, self.joined_side)


@dataclass(frozen=True)
class Seat:
    game_id: int
    power: Power
    user_id: int | None
    civil_disorder: bool


@dataclass(frozen=True)
class PhaseRow:
    id: int
    game_id: int
    seq: int
    name: str
    position: Position
    status: str                      # "open" or "done"
    opened_at: datetime
    deadline_at: datetime | None
    adjudicated_at: datetime | None
    announced_at: datetime | None


@dataclass(frozen=True)
class OrderResultRow:
    power: Power
    order: str
    status: str
    reason: str | None
    province: str | None


@dataclass(frozen=True)
class AuditEntry:
    game_id: int
    actor_id: int | None
    action: str
    params: dict[str, Any]
    at: datetime


# -- what the public API returns (service.game_service.GameService) ----------------------------


@dataclass(frozen=True)
class SeatView:
    """One power of a running game, as everyone may see it (never what was ordered)."""

    power: Power
    user_id: int | None              # None: vacant
    civil_disorder: bool             # sommossa: sent no orders last time it had to
    centers: int
    units: int
    has_orders: bool                 # has sent orders for the open phase (not which)
    needs_orders: bool               # has something to order in the open phase
    ready: bool


@dataclass(frozen=True)
class GameView:
    """A game's state for `status`, the game pickers and replies."""

    id: int
    name: str
    channel_id: int
    guild_id: int | None
    moderator_id: int
    status: str                      # forming, active, paused, finished
    settings: GameSettings
    players: tuple[int, ...]         # the roster (before the start: who joined)
    seats: tuple[SeatView, ...]      # one per power in play (empty before the start)
    phase: str | None                # the open phase (S1901M), or the last one when finished
    deadline: datetime | None
    paused_remaining: timedelta | None
    outcome: dict[str, Any] | None   # when finished: {"kind": "victory"|"draw"|..., ...}


@dataclass(frozen=True)
class LineReport:
    """One line of a submission as the service understood it."""

    input: str
    ok: bool                         # read as exactly one order
    canonical: str | None = None     # the order in canonical notation (CONTRACTS.md)
    power: Power | None = None       # the power it was recorded for
    notes: tuple[str, ...] = ()      # what was interpreted (misspelling corrected, ...)
    error: str | None = None         # why the line was not read (English)
    candidates: tuple[str, ...] = ()  # possible readings of an ambiguous line
    warning: str | None = None       # read, but cannot succeed on this position (English)
    reason: str | None = None        # engine Reason value behind `warning`
    language: str | None = None      # the language the grammar recognised
    # The service's own refusals of a line (not the order reader's, which come already in
    # the line's language) carry a message key and parameters, for the reader's language.
    error_key: str | None = None
    error_params: Mapping[str, Any] = field(default_factory=dict)
    province: str | None = None      # the province the warning's reason names
    # A later line of the same message orders the same unit (or build site): that line,
    # numbered from 1 among the message's lines, counts and this one does not.
    replaced_by: int | None = None


@dataclass(frozen=True)
class PowerOrders:
    """The orders that count for one power in the open phase."""

    power: Power
    phase: str
    orders: tuple[str, ...]          # canonical
    missing: tuple[str, ...]         # units (or builds) still without an order, e.g. "A PAR"
    ready: bool
    submitted_at: datetime | None    # time of the latest submission
    # What the power has to do in the phase (service.obligations.Duty.to_json()): nothing,
    # units to order, retreats, the builds allowed with the free home centres, removals.
    duty: Mapping[str, Any] | None = None
    # Builds (or waives) given beyond the number allowed, in the order they were given:
    # they do not count.
    surplus: tuple[str, ...] = ()


@dataclass(frozen=True)
class SubmissionReport:
    """What `submit_orders` recorded. Lines that were not read are listed with their error;
    the lines that were read are recorded (a unit's new order replaces its earlier one)."""

    game_id: int
    phase: str
    lines: tuple[LineReport, ...]
    recorded: tuple[str, ...]                  # canonical orders recorded by this message
    now: tuple[PowerOrders, ...]               # the sender's powers after this message
    returned_from_disorder: tuple[Power, ...] = ()


@dataclass(frozen=True)
class ReadyReport:
    phase: str
    ready: bool
    adjudicated: bool                # every power was ready: the phase was adjudicated now


@dataclass(frozen=True)
class DrawReport:
    """A secret vote: whether it was recorded and whether the draw passed with it."""

    vote: bool
    passed: bool
    powers: tuple[Power, ...] = ()   # the powers sharing the draw, when it passed


@dataclass(frozen=True)
class MapImage:
    phase: str
    png: bytes
    filename: str                    # e.g. "game-3-S1901M.png"


@dataclass(frozen=True)
class PhaseReport:
    """An adjudicated phase: its results and map (`history`, and what announcements carry)."""

    game_id: int
    phase: str
    seq: int
    results: tuple[OrderResultRow, ...]
    civil_disorder: tuple[Power, ...]
    after: dict[str, Any]            # units_after, dislodged_after, supply_centers_after
    text: str                        # the results announcement (English)
    image: MapImage | None
    # what happened without an order: units that held or were disbanded, builds not used
    # (service.obligations.unordered), so the results account for every unit
    unordered: tuple[dict[str, Any], ...] = ()
