"""Finding a time zone or a list of powers as the user types (Discord autocomplete).

Time zones: every IANA name Python knows (`zoneinfo.available_timezones()`), found by any part
of the name (`rome`, `new york`, `america/`) or by the city and country in English, Italian
and Dutch (`Roma`, `Brussel`, `Paesi Bassi`), each shown with its city and country in the
reader's language: "Europe/Rome · Roma, Italia". Powers: the last name of a list being typed
("Francia, Ita" -> "Francia, Italia"), in the reader's language.
"""

from __future__ import annotations

import re
import zoneinfo
from functools import cache

from babel import Locale
from babel.core import get_global
from babel.dates import get_timezone_location

import languages
from bot.formatting import power_name
from bot.i18n import LANGUAGES
from engine.vocabulary import Power
from grammar.lexicon import fold

SHOWN = 25               # Discord offers at most 25 choices
_LEGACY = ("Etc/", "SystemV/", "US/", "Canada/", "Mexico/", "Brazil/", "Chile/")


def _words(text: str) -> str:
    return " ".join(fold(text).replace("_", " ").split())


@cache
def _zones() -> tuple[str, ...]:
    names = {z for z in zoneinfo.available_timezones()
             if "/" in z and not z.startswith(_LEGACY) and z.split("/")[0] != "posix"}
    return tuple(sorted(names | {"UTC"}))


@cache
def _place(zone: str, lang: str) -> tuple[str, str]:
    """(city, country) of `zone` in `lang`, as Babel (CLDR) names them; empty if unknown."""
    if zone == "UTC":
        return "", ""
    lang = languages.get(lang).babel_locale if lang in languages.CODES else lang
    try:
        city = get_timezone_location(zone, locale=lang, return_city=True)
    except (LookupError, ValueError):
        city = zone.rsplit("/", 1)[-1].replace("_", " ")
    territory = get_global("zone_territories").get(zone)
    country = Locale.parse(lang).territories.get(territory, "") if territory else ""
    return city, country


@cache
def _index(lang: str) -> tuple[tuple[str, str, tuple[str, ...], str], ...]:
    """(zone, label in `lang`, its cities' words, all its words) for every zone."""
    rows = []
    for zone in _zones():
        city, country = _place(zone, lang)
        label = zone if not city else f"{zone} · {city}" + (f", {country}" if country else "")
        places = [_place(zone, other) for other in LANGUAGES]
        cities = {_words(zone.rsplit("/", 1)[-1])} | {_words(c) for c, _ in places if c}
        every = {_words(zone)} | cities | {_words(c) for _, c in places if c}
        rows.append((zone, label[:100], tuple(sorted(cities)), " | ".join(sorted(every))))
    return tuple(rows)


def zones_matching(lang: str, typed: str) -> list[tuple[str, str]]:
    """(label, zone) of the zones whose names, cities or countries contain every word typed,
    those with a city starting with it first; a few common ones when nothing is typed."""
    wanted = _words(typed).split()
    if not wanted:
        common = ("Europe/Rome", "Europe/Amsterdam", "Europe/Brussels", "Europe/London",
                  "UTC", "America/New_York")
        return [(label, zone) for zone, label, _, _ in _index(lang) if zone in common]
    first = " ".join(wanted)
    found = [(not any(c.startswith(first) for c in cities), zone, label)
             for zone, label, cities, every in _index(lang) if all(w in every for w in wanted)]
    return [(label, zone) for _, zone, label in sorted(found)[:SHOWN]]


def warm() -> None:
    """Build the zones' index in every language (about a second: done once, in a thread at
    start-up, so the first autocomplete answers within Discord's three seconds)."""
    for lang in LANGUAGES:
        _index(lang)


# A list's separators: signs, and "and" in every language (languages/words/<code>.json).
_AND = "|".join(sorted(map(re.escape, languages.typed("and"))))
_SEPARATOR = re.compile(rf"(?:\s*[,;/+&]\s*|\s+(?:{_AND})\s+)", re.IGNORECASE)


def powers_matching(lang: str, typed: str, powers: tuple[Power, ...] = tuple(Power),
                    variant: str | None = None) -> list[tuple[str, str]]:
    """A list of `powers` (a variant's, the standard seven by default) being typed, its last
    name completed: (shown, value) pairs, both the whole list with the powers named in `lang`
    (the service reads them in any language)."""
    parts = _SEPARATOR.split(typed)
    done, last = parts[:-1], fold(parts[-1].strip())
    named = []
    for part in done:
        power = _power_of(part, variant)
        if power is not None and power not in named:
            named.append(power)
    head = ", ".join(power_name(lang, p) for p in named)
    offered = []
    for power in powers:
        if power in named:
            continue
        names = {fold(power_name(other, power)) for other in LANGUAGES} | {fold(power.value)}
        if not last or any(n.startswith(last) for n in names):
            text = f"{head}, {power_name(lang, power)}" if head else power_name(lang, power)
            offered.append((text[:100], text[:100]))
    return offered[:SHOWN]


def _power_of(text: str, variant: str | None = None) -> Power | None:
    try:
        return Power.parse(text.strip(), variant)
    except ValueError:
        return None
