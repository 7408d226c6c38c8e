"""The service's values: a game's settings, and the rows of its aggregates as the repositories
return them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import languages
from engine.position import Position
from engine.rules import PRESETS
from engine.setups import Setup, closed_provinces, neutral_powers, setup_named, variant_setup
from engine.variants import VARIANT_IDS, board_of
from engine.vocabulary import Phase, PhaseKind, Power
from service.errors import InvalidRequest
from service.timing.when import zone

FORMING, ACTIVE, PAUSED, FINISHED = "forming", "active", "paused", "finished"
NMR_POLICIES = ("immediate", "grace")
EXTENSION_RULES = ("moderator", "players", "off")
DRAW_POLICIES = ("agree", "left_out")
GAME_LANGUAGES = languages.CODES
MAP_PALETTES = ("standard", "colourblind")
PRESS_MODES = ("full", "public", "gunboat")     # docs/press.md


@dataclass(frozen=True)
class GameSettings:
    rules: str = "1971"
    players: int = 7
    variant: str | None = None                      # three players: "a" or "b"
    # The variant played (engine/variants/: "standard", "ancmed", "chaos", ...): its board,
    # powers, calendar and victory target (docs/variants.md).
    board: str = "standard"
    movement_deadline: timedelta = timedelta(hours=24)
    retreat_deadline: timedelta = timedelta(hours=12)
    adjustment_deadline: timedelta = timedelta(hours=12)
    reminders: tuple[timedelta, ...] = (timedelta(hours=2),)  # before each deadline
    victory_target: int | None = None                # None: the set-up's (18 centres)
    end_year: int | None = None                      # the game ends after this year
    # Schedules, missed orders, absences and extensions (docs/schedules.md).
    timezone: str = "UTC"                            # IANA name: deadlines read and shown in it
    schedule_time: str | None = None                 # "21:00": movement deadlines at that time
    schedule_every_days: int = 1                     # ... every N days
    schedule_followup: timedelta = timedelta(hours=3)  # retreats, adjustments: this long after
    schedule_skip_days: tuple[int, ...] = ()         # weekdays (Monday 0) without a deadline
    nmr_policy: str = "immediate"                    # or "grace": wait for missing orders
    nmr_grace: timedelta = timedelta(hours=12)       # ... this long at most
    abandon_after: int = 0                           # missed phases in a row; 0: never
    computer_takes_abandoned: bool = False           # the computer plays an abandoned seat
    computer_fills: bool = False                     # at the start: the computer takes seats
                                                     # left when fewer players joined
    reveal_computers: bool = False                   # an anonymous game says which seats the
                                                     # computer plays all the same
    computer_lead: timedelta = timedelta(minutes=10)  # the computer orders this long before
                                                     # each deadline
    absence_days: int = 14                           # days each player may be away; 0: none
    extension_rule: str = "moderator"                # "moderator", "players" (all agree), "off"
    extension_max: timedelta = timedelta(hours=48)   # the longest one extension
    extensions_per_phase: int = 1                    # extensions granted in one phase
    extensions_per_player: int = 2                   # extensions granted to a player in a game
    # Powers in civil disorder or vacant in a draw vote: "agree" (counted as voting for it,
    # and share it) or "left_out" (neither vote nor share it).
    draw_policy: str = "agree"
    # Joining (or claiming a seat) needs at least this share of phases ordered on time, in
    # percent, over the player's earlier games; None: anyone may join.
    min_on_time: int | None = None
    # The language of the game's channel posts and maps (languages.CODES); None: the
    # server's preferred locale (which Discord lets only Community servers set).
    language: str | None = None
    # The map's colours: "standard" (the board's traditional ones) or "colourblind" (a
    # palette told apart under the common colour-vision deficiencies).
    palette: str = "standard"
    # Press (docs/press.md): "full" (players talk as they like, also through /press send),
    # "public" (only in the game's channel) or "gunboat" (no press at all).
    press: str = "full"
    anonymous: bool = False              # nobody but the moderators sees who plays whom
    grey_press: bool = False             # /press send may leave a message unsigned
    press_in_retreats: bool = True       # press during retreats and adjustments
    press_when_eliminated: bool = False  # press from or to a power with nothing left
    press_channels: bool = True          # /press open: private channels between powers
    # Fog of war (docs/variants.md): each power sees only the provinces its units and centres
    # occupy or border (engine/fog.py). Fixed once the game has started.
    fog: bool = False
    fog_centres: bool = False            # a fog game's channel hears each power's centre count

    @property
    def setup(self) -> Setup:
        """The standard board's set-up for the number of players; on a variant, its own (each
        of its powers a player)."""
        if self.board != "standard":
            return variant_setup(board_of(self.board))
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
        if self.board not in VARIANT_IDS:
            raise InvalidRequest("settings.bad_variant", f"unknown variant {self.board!r}: use "
                                 f"one of {', '.join(VARIANT_IDS)}", variant=self.board,
                                 known=", ".join(VARIANT_IDS))
        try:
            setup = self.setup
        except ValueError as exc:
            raise InvalidRequest("settings.bad_players", str(exc), players=self.players,
                                 count=self.players) from None
        if self.board != "standard" and self.players != setup.players:
            raise InvalidRequest("settings.variant_players", f"{self.board} is played by "
                                 f"{setup.players} players", variant=self.board,
                                 needed=str(setup.players))
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
        if self.min_on_time is not None and not 0 <= self.min_on_time <= 100:
            raise InvalidRequest("settings.bad_min_on_time", "the minimum on-time rate is a "
                                 "percentage, 0 to 100", value=self.min_on_time)
        if self.end_year is not None and self.end_year < setup.first_year:
            raise InvalidRequest("settings.bad_end_year", f"the end year must be "
                                 f"{setup.first_year} or later", first_year=setup.first_year)
        self._validate_schedule()
        if self.draw_policy not in DRAW_POLICIES:
            raise InvalidRequest("settings.bad_draw_policy", f"unknown draw policy "
                                 f"{self.draw_policy!r}", value=self.draw_policy)
        if self.language is not None and self.language not in GAME_LANGUAGES:
            raise InvalidRequest("settings.bad_language", f"unknown language "
                                 f"{self.language!r}: use {languages.either()}", lang=self.language)
        if self.palette not in MAP_PALETTES:
            raise InvalidRequest("settings.bad_choice", f"unknown palette {self.palette!r}",
                                 setting="palette", value=self.palette,
                                 choices=", ".join(MAP_PALETTES))
        if self.press not in PRESS_MODES:
            raise InvalidRequest("settings.bad_choice", f"unknown press mode {self.press!r}",
                                 setting="press", value=self.press,
                                 choices=", ".join(PRESS_MODES))
        return self

    def _validate_schedule(self) -> None:
        zone(self.timezone)
        if self.schedule_time is not None and not re.fullmatch(
                r"(?:[01]?\d|2[0-3]):[0-5]\d", self.schedule_time):
            raise InvalidRequest("settings.bad_schedule_time", "the schedule's time of day is "
                                 "hours:minutes, 00:00 to 23:59, e.g. 21:00",
                                 value=self.schedule_time)
        if not 1 <= self.schedule_every_days <= 14:
            raise InvalidRequest("settings.bad_every_days", "movement deadlines fall every 1 "
                                 "to 14 days", value=self.schedule_every_days)
        if not timedelta(minutes=5) <= self.schedule_followup <= timedelta(hours=72):
            raise InvalidRequest("settings.bad_followup", "retreats and adjustments end 5 "
                                 "minutes to 72 hours after the phase before",
                                 value=self.schedule_followup)
        if not set(self.schedule_skip_days) <= set(range(7)) or \
                len(set(self.schedule_skip_days)) > 6:
            raise InvalidRequest("settings.bad_skip_days", "skip at most six weekdays",
                                 value=list(self.schedule_skip_days))
        if self.nmr_policy not in NMR_POLICIES:
            raise InvalidRequest("settings.bad_nmr_policy", "the policy for missing orders is "
                                 "immediate or grace", value=self.nmr_policy)
        if not timedelta(minutes=5) <= self.nmr_grace <= timedelta(days=7):
            raise InvalidRequest("settings.bad_grace", "the grace period is 5 minutes to 7 "
                                 "days", value=self.nmr_grace)
        if self.extension_rule not in EXTENSION_RULES:
            raise InvalidRequest("settings.bad_extension_rule", "extensions pass by the "
                                 "moderator, by the players, or are off",
                                 value=self.extension_rule)
        if not timedelta(minutes=5) <= self.extension_max <= timedelta(days=14):
            raise InvalidRequest("settings.bad_extension_max", "an extension is 5 minutes to "
                                 "14 days at most", value=self.extension_max)
        if not timedelta(minutes=1) <= self.computer_lead <= timedelta(hours=1):
            raise InvalidRequest("settings.bad_computer_lead", "the computer orders 1 to 60 "
                                 "minutes before the deadline", value=self.computer_lead)
        for name in ("abandon_after", "absence_days", "extensions_per_phase",
                     "extensions_per_player"):
            if not 0 <= getattr(self, name) <= 366:
                raise InvalidRequest("settings.bad_count", f"{name} must be 0 to 366",
                                     field=name, value=getattr(self, name))

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "players": self.players, "variant": self.variant,
                "board": self.board,
                "movement_deadline": self.movement_deadline.total_seconds(),
                "retreat_deadline": self.retreat_deadline.total_seconds(),
                "adjustment_deadline": self.adjustment_deadline.total_seconds(),
                "reminders": [r.total_seconds() for r in self.reminders],
                "victory_target": self.victory_target, "end_year": self.end_year,
                "language": self.language, "palette": self.palette,
                "timezone": self.timezone, "schedule_time": self.schedule_time,
                "schedule_every_days": self.schedule_every_days,
                "schedule_followup": self.schedule_followup.total_seconds(),
                "schedule_skip_days": list(self.schedule_skip_days),
                "nmr_policy": self.nmr_policy, "nmr_grace": self.nmr_grace.total_seconds(),
                "abandon_after": self.abandon_after, "absence_days": self.absence_days,
                "computer_takes_abandoned": self.computer_takes_abandoned,
                "computer_fills": self.computer_fills,
                "reveal_computers": self.reveal_computers,
                "computer_lead": self.computer_lead.total_seconds(),
                "extension_rule": self.extension_rule,
                "extension_max": self.extension_max.total_seconds(),
                "extensions_per_phase": self.extensions_per_phase,
                "extensions_per_player": self.extensions_per_player,
                "draw_policy": self.draw_policy,
                "min_on_time": self.min_on_time,
                "press": self.press, "anonymous": self.anonymous,
                "grey_press": self.grey_press, "press_in_retreats": self.press_in_retreats,
                "press_when_eliminated": self.press_when_eliminated,
                "press_channels": self.press_channels, "fog": self.fog,
                "fog_centres": self.fog_centres}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSettings:
        seconds = {k: timedelta(seconds=data[k]) for k in
                   ("movement_deadline", "retreat_deadline", "adjustment_deadline",
                    "schedule_followup", "nmr_grace", "extension_max", "computer_lead")
                   if k in data}
        plain = {k: data[k] for k in
                 ("timezone", "schedule_time", "schedule_every_days", "nmr_policy",
                  "abandon_after", "computer_takes_abandoned", "computer_fills",
                  "reveal_computers",
                  "absence_days",
                  "extension_rule", "extensions_per_phase",
                  "extensions_per_player", "press", "anonymous", "grey_press",
                  "press_in_retreats", "press_when_eliminated", "press_channels", "fog",
                  "fog_centres")
                 if k in data}
        if "schedule_skip_days" in data:
            plain["schedule_skip_days"] = tuple(data["schedule_skip_days"])
        return cls(rules=data.get("rules", "1971"), players=data.get("players", 7),
                   variant=data.get("variant"), board=data.get("board", "standard"),
                   reminders=tuple(timedelta(seconds=s) for s in data.get("reminders", ())),
                   victory_target=data.get("victory_target"), end_year=data.get("end_year"),
                   draw_policy=data.get("draw_policy", "agree"),
                   min_on_time=data.get("min_on_time"),
                   language=data.get("language"), palette=data.get("palette", "standard"),
                   **seconds, **plain)


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
    computer: bool = False           # the computer plays it (docs/computer.md)


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
    centers: int | None              # None: not shown (another power in a fog game)
    units: int | None
    has_orders: bool                 # has sent orders for the open phase (not which)
    needs_orders: bool               # has something to order in the open phase
    ready: bool
    unreachable: str | None = None   # why the bot cannot reach the player: dm_closed, left_server
    computer: bool = False           # played by the computer (docs/computer.md)


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
    finished_at: datetime | None = None


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
    # Orders sent ahead in this phase (issue 25), in order of preference: ("R" or "A",
    # canonical order), kept for the retreats or the winter.
    later: tuple[tuple[str, str], ...] = ()
    # A winter whose orders so far are all those sent ahead: the power's first message in
    # the phase replaces them all.
    from_ahead: bool = False


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
    # orders sent ahead (grammar/ahead.py's AheadLine): kept for the retreats or the winter,
    # or why not (issue 25)
    ahead: tuple[Any, ...] = ()


@dataclass(frozen=True)
class ReadyReport:
    phase: str
    ready: bool
    adjudicated: bool                # every power was ready: the phase was adjudicated now


@dataclass(frozen=True)
class DrawReport:
    """A secret vote: whether it was recorded and whether the draw passed with it, and the
    rule as it stands (service/games/draw_vote.py)."""

    vote: bool
    passed: bool
    powers: tuple[Power, ...] = ()   # the powers sharing the draw, when it passed
    active: tuple[Power, ...] = ()   # the powers whose votes are needed
    excluded: tuple[Power, ...] = ()  # in civil disorder or without a player: not counted
    policy: str = "agree"            # whether the excluded share the draw ("agree") or not
    counted: bool = True             # False: the voter's powers are excluded (civil disorder)
    out: bool = False                # ... or out of the game (eliminated): the vote is void
    told: int = 0                    # this vote proposed the draw: the players told of it


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
    # powers that owed orders and sent none (any phase kind; only a movement phase's are in
    # civil disorder), and those whose orders came but none was valid
    missed: tuple[Power, ...] = ()
    refused: tuple[Power, ...] = ()


@dataclass(frozen=True)
class PlayerRecord:
    """A player's record across every game on this bot (`/profile`)."""

    user_id: int
    on_time: int                     # phases they sent orders for before the deadline
    missed: int                      # phases their power owed orders for and sent none
    civil_disorder_spells: int       # times a seat of theirs went into civil disorder
    #                                  (a movement phase missed, after one it ordered)
    finished: int                    # games they played to the end
    playing: int                     # games they play now
    abandoned: int                   # seats they left (removed, replaced, abandoned)

    @property
    def on_time_percent(self) -> int | None:
        """Phases ordered on time out of those they had to order, in percent (None: none)."""
        total = self.on_time + self.missed
        return round(100 * self.on_time / total) if total else None


@dataclass(frozen=True)
class SeatClaim:
    """A player's request to take a seat, waiting for the moderator's answer."""

    id: int
    game_id: int
    power: Power
    user_id: int
    status: str                      # pending, approved, refused, superseded


@dataclass(frozen=True)
class SandboxStart:
    """Where a /sandbox what-if starts (issue 25): a phase's position with the game's rules,
    its neutral powers and closed provinces; nobody's orders."""

    game_id: int
    game_name: str
    phase: str
    position: Position
    rules: str
    neutral: frozenset[Power]
    closed: frozenset[str]


@dataclass(frozen=True)
class SandboxAnswer:
    """A what-if adjudicated (`History.sandbox`): the results as a phase's are announced,
    the lines that were not read (with their errors), and the map. Nothing was stored."""

    start: SandboxStart
    results: tuple[OrderResultRow, ...]
    after: dict[str, Any]            # units_after, dislodged_after, supply_centers_after
    unread: tuple[tuple[str, str], ...]   # (line, error in the reader's language)
    png: bytes


@dataclass(frozen=True)
class StandingsTable:
    """A server's standings (`/standings`): the scoring system and one row per player, best
    first, each with the player's reliability (`/profile`'s figures)."""

    guild_id: int
    system: str                                  # a key of engine.scoring.SCORING_SYSTEMS
    games: int                                   # finished games counted
    rows: tuple[tuple[Any, PlayerRecord], ...]   # (engine.scoring.Standing, record)
