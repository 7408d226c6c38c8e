"""Slash commands in the reader's language: discord.py asks this translator for each command,
group and option name and each description when it syncs the commands, and Discord shows
Italian or Dutch users their own. The names are Discord's `name_localizations`: the English
name stays the command's name (what the bot receives, whatever the user typed), so English
names keep working everywhere. The names of an option's fixed choices (which say what each
choice does) are translated too."""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import command_name, command_text, language_of

_DESCRIBED = {Where.command_description, Where.group_description, Where.parameter_description,
              Where.choice_name}
# The catalogue context of each kind of name (a command and an option may share an English
# name, e.g. /mod start and /absence start, and not its translation).
_NAMED = {Where.command_name: "command_name", Where.group_name: "command_name",
          Where.parameter_name: "option_name"}


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = language_of(locale)
        if lang != locale.value[:2]:
            return None
        if context.location == Where.parameter_name:
            # an option's own entry ("absence to") before the one its name has everywhere
            command = getattr(context.data, "command", None)
            own = command_name(lang, "option_name",
                               f"{getattr(command, 'qualified_name', '')} {string.message}")
            return own or command_name(lang, "option_name", string.message)
        if context.location in _NAMED:
            return command_name(lang, _NAMED[context.location], string.message)
        if context.location not in _DESCRIBED:
            return None
        return command_text(lang, string.message)
