"""The languages Arbitro speaks, declared once: `languages.json` lists each language (its code,
its own name, its English name, its Babel locale) and says where each kind of its words lives:

- `catalogue`: the bot's and the service's texts, a gettext folder
  (`bot/locales/<code>/LC_MESSAGES/`: `arbitro.po`, compiled to the `arbitro.mo` that is loaded);
- `vocabulary`: the order language (`grammar/vocab/<code>.json`);
- `map`: the words the map and its chart show (`render/map_words/<code>.json`);
- `typed`: short words users type that are no catalogue text (`languages/words/<code>.json`:
  help words, "and", yes/no, "none" for a setting, and the words of typed times: weekdays,
  days, fillers and units of time, in seconds);
- `power_names`: the names `Power.parse` reads (`engine/data/power_names/<code>.json`; the
  engine reads every file of that folder and does not need this declaration).

Every module that needs the list of languages or a language's words asks here; a new language
is one entry in `languages.json` plus its data files (docs/languages.md). Pure: no I/O but
reading those files; the engine does not need it.
"""

from __future__ import annotations

import gettext
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any


@dataclass(frozen=True)
class Language:
    code: str               # "it": what is stored, typed in commands, used in file names
    name: str               # its own name, as the language choices show it: "Italiano"
    english_name: str       # "Italian"
    babel_locale: str       # the CLDR locale of its dates, zone and country names


def _declaration() -> dict[str, Any]:
    return json.loads(resources.files(__name__).joinpath("languages.json").read_text("utf-8"))


_DECLARED = _declaration()
DEFAULT: str = _DECLARED["default"]
ALL: tuple[Language, ...] = tuple(Language(**entry) for entry in _DECLARED["languages"])
CODES: tuple[str, ...] = tuple(language.code for language in ALL)
NAMES: dict[str, str] = {language.code: language.name for language in ALL}
KINDS: tuple[str, ...] = tuple(_DECLARED["words"])


def get(code: str) -> Language:
    """The declared language of `code` (ValueError for any other)."""
    for language in ALL:
        if language.code == code:
            return language
    raise ValueError(f"unknown language {code!r}: use one of {', '.join(CODES)}")


def either(names: tuple[str, ...] = CODES) -> str:
    """The codes (or other `names`) as an English message offers them: "en, it or nl"."""
    return " or ".join(filter(None, (", ".join(names[:-1]), names[-1])))


def words_file(kind: str, code: str) -> Traversable:
    """Where the words of `kind` (one of KINDS) of language `code` are: a file, or for
    `catalogue` the folder of its `.po` and `.mo`."""
    place = _DECLARED["words"][kind]
    get(code)
    return resources.files(place["package"]).joinpath(place["path"].format(code=code))


@cache
def words(kind: str, code: str) -> dict[str, Any]:
    """The words of `kind` (a JSON data file: every kind but `catalogue`) of `code`."""
    return json.loads(words_file(kind, code).read_text("utf-8"))


@cache
def catalogue(code: str) -> gettext.GNUTranslations:
    """The compiled catalogue of `code` (the `.mo` of the declared gettext domain)."""
    domain = _DECLARED["words"]["catalogue"]["domain"]
    with words_file("catalogue", code).joinpath(f"{domain}.mo").open("rb") as handle:
        return gettext.GNUTranslations(handle)


def typed(key: str) -> frozenset[str]:
    """The words of `key` in the `typed` files ("yes", "no", "none", "and", "help") of every
    language, together: what a user may type in any of them."""
    return frozenset(word for code in CODES for word in words("typed", code)[key])


def typed_table(key: str) -> dict[str, Any]:
    """The tables of `key` in the `typed` files ("weekdays", "days", "units") of every language,
    merged: what a user may type in any of them (the first declared wins a shared word)."""
    merged: dict[str, Any] = {}
    for code in CODES:
        for word, value in words("typed", code)[key].items():
            merged.setdefault(word, value)
    return merged


def typed_language(key: str) -> dict[str, str]:
    """Each word of `key` in the `typed` files and the language it belongs to (the first
    declared, where two share it)."""
    found: dict[str, str] = {}
    for code in CODES:
        for word in words("typed", code)[key]:
            found.setdefault(word, code)
    return found
