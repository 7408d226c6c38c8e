"""The registry of a game's settings, as `/mod settings` shows and changes them: one entry per
setting says which `GameSettings` field it is, how it is read from what a moderator types, and
whether it may change once the game has started. Its words live in the catalogues, under
`setting.<name>` (its label), `setting.<name>.help` (what it does) and, for a choice,
`setting.<name>.<value>` (what each value means).

Adding a setting (e.g. a time zone) is one `register(Setting(...))` call here, its field in
`GameSettings` (with its `to_json`/`from_json` default and `validate`), and those catalogue keys.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import languages
from engine.variant_files import VARIANT_IDS
from service.errors import InvalidRequest
from service.models import (
    DRAW_POLICIES,
    EXTENSION_RULES,
    GAME_LANGUAGES,
    MAP_PALETTES,
    NMR_POLICIES,
    PRESS_MODES,
)
from service.timing.when import read_schedule_value

# What a moderator types to clear an optional setting (back to the game's default).
NONE_WORDS = languages.typed("none")      # in every language: languages/words/<code>.json

# How a setting's value is read and shown: "choice" (one of `choices`), "hours" (a duration),
# "hours_list" (several durations, e.g. "24h, 2h"), "number" (a whole number), "zone" (an IANA
# time zone), "clock" (a time of day, "21:00"), "weekdays" (days of the week, Monday = 0),
# "yesno" (True or False).
KINDS = ("choice", "hours", "hours_list", "number", "zone", "clock", "weekdays", "yesno")
YES_WORDS = languages.typed("yes")
NO_WORDS = languages.typed("no")


@dataclass(frozen=True)
class Setting:
    name: str                                   # what the moderator picks; the catalogue keys
    field: str                                  # the GameSettings field it changes
    kind: str                                   # one of KINDS
    choices: tuple[str, ...] = ()               # kind "choice": the values, in the order shown
    optional: bool = False                      # a NONE_WORD clears it (the default applies)
    before_start_only: bool = False             # fixed once the game has started
    # A check against the running game: (setting, value, the year in play or None) -> None,
    # raising InvalidRequest when the value cannot apply now.
    check: Callable[[Setting, Any, int | None], None] | None = None
    # kind "hours": a value above this is accepted only once the moderator confirms it
    plausible: timedelta | None = None

    def implausible(self, value: Any) -> bool:
        """Whether `value` is allowed but almost surely a typo (asked to confirm)."""
        return self.plausible is not None and isinstance(value, timedelta) \
            and value > self.plausible

    def read(self, text: str) -> Any:
        """The value the moderator typed, or InvalidRequest saying what to type."""
        value = " ".join(text.split()).lower()
        if self.optional and value in NONE_WORDS:
            return None
        if self.kind == "choice":
            if value in self.choices:
                return value
            raise InvalidRequest("settings.bad_choice", f"{text!r} is not one of "
                                 + ", ".join(self.choices), setting=self.name,
                                 value=text.strip(), choices=", ".join(self.choices))
        if self.kind == "hours":
            return read_duration(text, self.name)
        if self.kind == "yesno":
            if value in YES_WORDS or value in NO_WORDS:
                return value in YES_WORDS
            raise InvalidRequest("settings.bad_yesno", f"{text!r} is not yes or no",
                                 setting=self.name, value=text.strip())
        if self.kind == "hours_list":
            if value in NONE_WORDS:
                return ()
            return tuple(sorted({read_duration(p, self.name) for p in re.split(r"[,;]", value)
                                 if p.strip()}, reverse=True))
        if self.kind == "weekdays" and value in NONE_WORDS:
            return ()
        if self.kind in ("zone", "clock", "weekdays"):
            return read_schedule_value(self.kind, text, self.name)
        if not re.fullmatch(r"\d{1,5}", value):
            raise InvalidRequest("settings.bad_number", f"{text!r} is not a whole number",
                                 setting=self.name, value=text.strip())
        return int(value)

    def to_json(self, value: Any) -> Any:
        """The value as the audit log and the announcements carry it (durations in seconds)."""
        if self.kind == "hours":
            return value.total_seconds()
        if self.kind == "hours_list":
            return [v.total_seconds() for v in value]
        return value


# The longest duration any setting takes (a phase, a reminder, a grace): past it a value is
# refused in words, far before the calendar's end could turn it into an error.
MAX_DURATION = timedelta(days=366)
# Phase lengths past this (the longest /mod create offers) are asked to confirm.
PLAUSIBLE_PHASE = timedelta(days=14)

# The units of a duration in every language (languages/words/<code>.json), in hours, up to a
# day; a bare number is hours.
_UNITS = {word: seconds / 3600 for word, seconds in languages.typed_table("units").items()
          if seconds <= 86400} | {"": 1.0}
_PART = re.compile(r"\s*(\d+(?:[.,]\d+)?)\s*([a-z]*)\s*")


def read_duration(text: str, setting: str) -> timedelta:
    """"24", "24h", "1d 12h", "90 min", "2 ore", "1,5 uur" -> a duration (a bare number is
    hours)."""
    value, hours, at = text.strip().lower(), 0.0, 0
    while at < len(value):
        match = _PART.match(value, at)
        if not match or match.end() == at or match.group(2) not in _UNITS:
            raise InvalidRequest("settings.bad_duration", f"cannot read the duration "
                                 f"{text.strip()!r}: write e.g. 24h or 1d 12h",
                                 setting=setting, value=text.strip())
        hours += float(match.group(1).replace(",", ".")) * _UNITS[match.group(2)]
        at = match.end()
    if not hours <= MAX_DURATION.total_seconds() / 3600:      # also inf, from 400 digits
        raise InvalidRequest("settings.duration_too_long", f"{text.strip()[:40]!r} is longer "
                             f"than {MAX_DURATION.days} days", setting=setting,
                             value=text.strip()[:40], days=MAX_DURATION.days)
    if hours <= 0:
        raise InvalidRequest("settings.bad_duration", f"cannot read the duration "
                             f"{text.strip()!r}: write e.g. 24h or 1d 12h",
                             setting=setting, value=text.strip())
    return timedelta(hours=hours)


def _not_past(setting: Setting, value: Any, year: int | None) -> None:
    if value is not None and year is not None and value < year:
        raise InvalidRequest("settings.end_year_past", f"the game is already in {year}",
                             setting=setting.name, year=year)


REGISTRY: dict[str, Setting] = {}


def register(setting: Setting) -> Setting:
    """Add a setting to `/mod settings` (names are unique; the order is the order shown)."""
    if setting.name in REGISTRY or any(setting.name == s.field or setting.field in (s.name, s.field)
                                       for s in REGISTRY.values()):
        raise ValueError(f"setting {setting.name!r} (field {setting.field!r}) is registered "
                         "twice, or its name or field is another setting's")
    if setting.kind not in KINDS:
        raise ValueError(f"setting {setting.name!r}: unknown kind {setting.kind!r}")
    REGISTRY[setting.name] = setting
    return setting


def setting_key(text: str) -> str:
    """What a moderator typed as a setting's name, in the form the registry keeps: lower
    case, words joined by underscores ("Movement hours", "movement-hours" -> movement_hours)."""
    return "_".join(re.split(r"[\s_-]+", text.strip().lower())).strip("_")


def find_setting(name: str) -> Setting | None:
    """The setting named `name` (its `/mod settings` name) or holding the GameSettings field
    `name` (the key `/game export` shows, e.g. movement_deadline); None if neither."""
    key = setting_key(name)
    found = REGISTRY.get(key)
    if found is None:
        found = next((s for s in REGISTRY.values() if s.field == key), None)
    return found


def setting_named(name: str) -> Setting:
    found = find_setting(name)
    if found is None:
        raise InvalidRequest("settings.unknown", f"there is no setting {name!r}",
                             setting=name.strip())
    return found


register(Setting("rules", "rules", "choice", ("1971", "2023")))
register(Setting("players", "players", "number", before_start_only=True))
register(Setting("variant", "variant", "choice", ("a", "b"), optional=True,
                 before_start_only=True))
register(Setting("board", "board", "choice", VARIANT_IDS, before_start_only=True))
register(Setting("movement_hours", "movement_deadline", "hours", plausible=PLAUSIBLE_PHASE))
register(Setting("retreat_hours", "retreat_deadline", "hours", plausible=PLAUSIBLE_PHASE))
register(Setting("adjustment_hours", "adjustment_deadline", "hours", plausible=PLAUSIBLE_PHASE))
register(Setting("reminders", "reminders", "hours_list"))
register(Setting("victory_centres", "victory_target", "number", optional=True))
register(Setting("end_year", "end_year", "number", optional=True, check=_not_past))
register(Setting("draw_policy", "draw_policy", "choice", DRAW_POLICIES))
register(Setting("language", "language", "choice", GAME_LANGUAGES, optional=True))
register(Setting("palette", "palette", "choice", MAP_PALETTES))
register(Setting("min_on_time", "min_on_time", "number", optional=True))
# Schedules, missed orders, absences and extensions (docs/schedules.md).
register(Setting("timezone", "timezone", "zone"))
register(Setting("schedule_time", "schedule_time", "clock", optional=True))
register(Setting("schedule_every_days", "schedule_every_days", "number"))
register(Setting("schedule_followup_hours", "schedule_followup", "hours"))
register(Setting("schedule_skip_days", "schedule_skip_days", "weekdays"))
register(Setting("missed_orders", "nmr_policy", "choice", NMR_POLICIES))
register(Setting("grace_hours", "nmr_grace", "hours"))
register(Setting("abandon_after", "abandon_after", "number"))
register(Setting("computer_abandoned", "computer_takes_abandoned", "yesno"))
register(Setting("computer_fills", "computer_fills", "yesno", before_start_only=True))
register(Setting("reveal_computers", "reveal_computers", "yesno"))
register(Setting("computer_hours", "computer_lead", "hours"))
register(Setting("absence_days", "absence_days", "number"))
register(Setting("extensions", "extension_rule", "choice", EXTENSION_RULES))
register(Setting("extension_max_hours", "extension_max", "hours"))
register(Setting("extensions_per_phase", "extensions_per_phase", "number"))
register(Setting("extensions_per_player", "extensions_per_player", "number"))
# Press (docs/press.md). Anonymity is fixed at the start: turning it on later would hide
# what the channel has already shown, turning it off would reveal identities mid-game.
register(Setting("press", "press", "choice", PRESS_MODES))
register(Setting("anonymous", "anonymous", "yesno", before_start_only=True))
register(Setting("grey_press", "grey_press", "yesno"))
register(Setting("press_in_retreats", "press_in_retreats", "yesno"))
register(Setting("press_when_eliminated", "press_when_eliminated", "yesno"))
register(Setting("press_channels", "press_channels", "yesno"))
# Fog of war (docs/variants.md): what each power sees is the game's rule from its start.
register(Setting("fog", "fog", "yesno", before_start_only=True))
register(Setting("fog_centres", "fog_centres", "yesno"))
