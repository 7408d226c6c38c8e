"""Replies in the player's language: gettext catalogues compiled by Babel.

Every text the bot writes has a key (`"game.joined"`, the service's `"orders.phase_closed"`,
...); the catalogues in `bot/locales/<lang>/LC_MESSAGES/arbitro.po` give its wording in English,
Italian and Dutch, with `{name}` placeholders for the parameters. The `.mo` files next to them
are what is loaded; rebuild them with `pybabel compile -d bot/locales -D arbitro` after editing.

A text with a count has an entry per plural form (`key`, `key_plural`), chosen by the
catalogue's own `Plural-Forms` rule, as ngettext chooses, and may have a `key_zero` for the
natural wording of none ("nobody has joined yet"). Any `tr` given an integer `count` takes the
form that agrees with it (so the service's texts agree too); `trn` names the count first.

A key missing from a catalogue falls back to English, then to the text the caller supplies
(the service's own English `text`), so a new service message is never lost, only untranslated.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import languages

DOMAIN = "arbitro"
# The languages, as declared once (languages/languages.json).
LANGUAGES = languages.CODES
DEFAULT_LANGUAGE = languages.DEFAULT
# Each language by its own name, as the language options of slash commands offer them.
LANGUAGE_NAMES = languages.NAMES


def locale_dir() -> Path:
    """The folder of every catalogue (`<lang>/LC_MESSAGES/arbitro.po`)."""
    return Path(str(languages.words_file("catalogue", DEFAULT_LANGUAGE))).parents[1]


def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of `lang` (one of LANGUAGES), loaded once."""
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}: use one of {', '.join(LANGUAGES)}")
    return languages.catalogue(lang)


def language_of(locale: object | None) -> str:
    """Our language for a Discord locale (`discord.Locale` or its value: "it", "nl", "en-GB",
    ...) or a stored preference; anything else is English."""
    value = str(getattr(locale, "value", locale) or "").lower()
    base = value.split("-")[0]
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


class _KeepMissing(dict):
    """format_map helper: a placeholder without a value stays visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def has(lang: str, key: str) -> bool:
    return catalogue(lang).gettext(key) != key or catalogue(DEFAULT_LANGUAGE).gettext(key) != key


def tr(lang: str, key: str, /, fallback: str | None = None, **params: Any) -> str:
    """The text of `key` in `lang` with `params` filled in."""
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    count = params.get("count")
    if isinstance(count, int) and not isinstance(count, bool):
        key = counted_key(lang, key, count)
    text = catalogue(lang).gettext(key)
    if text == key:
        text = catalogue(DEFAULT_LANGUAGE).gettext(key)
    if text == key:
        return fallback if fallback is not None else key
    return fill(text, params)


def plural_key(lang: str, key: str, count: int) -> str:
    """The entry of `key` for `count`, by the plural rule of `lang`'s catalogue (its
    `Plural-Forms` header, as gettext's ngettext reads it): form 0 is `key` itself (one, in
    our languages), form n is `key` + "_plural" (n = 1) or + f"_plural{n}" (n > 1)."""
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    form = getattr(catalogue(lang), "plural", lambda n: int(n != 1))(count)
    return key if form == 0 else f"{key}_plural" + (str(form) if form > 1 else "")


_FORMS = ("_plural", "_zero")


def counted_key(lang: str, key: str, count: int) -> str:
    """The entry of `key` that agrees with `count`: `key_zero` for 0 where the catalogues
    have one, else the plural form (`plural_key`) where they have it, else `key` itself."""
    if key.endswith(_FORMS) or not has(lang, key):
        return key
    if count == 0 and has(lang, f"{key}_zero"):
        return f"{key}_zero"
    form = plural_key(lang, key, count)
    return form if has(lang, form) else key


def trn(lang: str, key: str, count: int, /, fallback: str | None = None, **params: Any) -> str:
    """`tr` of the form of `key` that agrees with `count` (passed as `{count}`)."""
    return tr(lang, key, fallback, count=count, **params)


def fill(template: str, params: Mapping[str, Any]) -> str:
    try:
        return string.Formatter().vformat(template, (), _KeepMissing(params))
    except (ValueError, IndexError):
        # a malformed template in a catalogue must not break a reply: show it as written
        return template


COMMAND_CONTEXT = "command"   # msgctxt of slash-command and option descriptions


def command_text(lang: str, english: str) -> str | None:
    """A slash command's or option's description in `lang`, or None to keep the English."""
    if lang not in LANGUAGES or lang == DEFAULT_LANGUAGE:
        return None
    text = catalogue(lang).pgettext(COMMAND_CONTEXT, english)
    return text if text != english else None


def command_name(lang: str, kind: str, english: str) -> str | None:
    """A command's or group's name (`kind` "command_name") or an option's ("option_name") in
    `lang`, or None where it is the English one (docs/bot.md)."""
    if lang not in LANGUAGES or lang == DEFAULT_LANGUAGE:
        return None
    text = catalogue(lang).pgettext(kind, english)
    return text if text != english else None
