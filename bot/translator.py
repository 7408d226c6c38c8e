"""Slash commands described in the reader's language: discord.py asks this translator for each
description when it syncs the commands, and Discord shows Italian or Dutch users their own.
Command and option names stay English, so they are the same for everyone; the names of an
option's fixed choices (which say what each choice does) are translated too."""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import command_text, language_of

_DESCRIBED = {Where.command_description, Where.group_description, Where.parameter_description,
              Where.choice_name}


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContext) -> str | None:
        if context.location not in _DESCRIBED or language_of(locale) != locale.value[:2]:
            return None
        return command_text(language_of(locale), string.message)
