"""Command and option names in Italian and Dutch (Discord's `name_localizations`, given by
bot/translator.py): each follows Discord's rules for a name (lower case, letters, digits, - and
_ only, 1 to 32 characters) and differs from its siblings' names in the same language."""

from __future__ import annotations

import unicodedata

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext
from discord.app_commands import TranslationContextLocation as Where

from bot.translator import CatalogueTranslator
from tests.bot.test_i18n import po_entries

LOCALES = (discord.Locale.italian, discord.Locale.dutch)


def discord_name_ok(name: str) -> bool:
    """Discord's ^[-_\\p{L}\\p{N}]{1,32}$, with letters in lower case where they have one."""
    return (1 <= len(name) <= 32 and name == name.lower()
            and all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name))


def test_the_rule_itself():
    assert discord_name_ok("puntualità_minima") and discord_name_ok("beëindigen")
    assert not discord_name_ok("Stato") and not discord_name_ok("ore movimenti")
    assert not discord_name_ok("a" * 33) and not discord_name_ok("") and \
        not discord_name_ok("ore.movimenti")


async def _tree():
    from bot.app import EXTENSIONS, ArbitroBot
    from ops.settings import Settings

    bot = ArbitroBot(Settings(discord_token="unused"))
    async with bot:
        for extension in EXTENSIONS:
            if not extension.endswith("deadlines"):   # its loop needs a running client
                await bot.load_extension(extension)
        return bot.tree.get_commands()


async def _name(translator, locale, english: str, where: Where, data=None) -> str:
    text = await translator.translate(app_commands.locale_str(english), locale,
                                      TranslationContext(where, data))
    return text or english


async def _siblings(translator, locale, commands, found: list[tuple[str, list[str]]],
                    where: str) -> None:
    """Every group of siblings as (where, localized names): the top-level commands, each
    group's subcommands, each command's options."""
    names = []
    for command in commands:
        kind = Where.group_name if isinstance(command, app_commands.Group) else \
            Where.command_name
        names.append(await _name(translator, locale, command.name, kind))
        if isinstance(command, app_commands.Group):
            await _siblings(translator, locale, command.commands, found,
                            f"{where}/{command.name}")
        else:
            found.append((f"{where}/{command.name} options", [
                await _name(translator, locale, p.display_name, Where.parameter_name, p)
                for p in command.parameters]))
    found.append((where or "/", names))


@pytest.mark.parametrize("locale", LOCALES)
async def test_every_localized_name_is_valid_and_unique_among_its_siblings(locale):
    commands = await _tree()
    translator = CatalogueTranslator()
    groups: list[tuple[str, list[str]]] = []
    await _siblings(translator, locale, commands, groups, "")
    assert len(groups) > 40
    for where, names in groups:
        bad = [n for n in names if not discord_name_ok(n)]
        assert not bad, f"{locale.value} {where}: names Discord refuses: {bad}"
        assert len(set(names)) == len(names), f"{locale.value} {where}: repeated {names}"


@pytest.mark.parametrize("lang", ["it", "nl"])
async def test_every_name_has_an_entry_in_the_catalogue(lang):
    """Each command, group and option name is in the catalogue (a few, e.g. "mod", read the
    same as in English, and so carry no localization)."""
    commands, wanted = await _tree(), {"command_name": set(), "option_name": set()}

    def walk(command) -> None:
        wanted["command_name"].add(command.name)
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                walk(sub)
        else:
            wanted["option_name"].update(p.display_name for p in command.parameters)

    for command in commands:
        walk(command)
    for kind, names in wanted.items():
        entries = po_entries(lang, kind)
        assert names - set(entries) == set(), f"{lang} lacks {kind}s"
        assert sum(entries[n] != n for n in names) >= len(names) - 3


async def test_an_english_locale_keeps_the_english_names():
    translator = CatalogueTranslator()
    for locale in (discord.Locale.american_english, discord.Locale.british_english,
                   discord.Locale.french):
        assert await translator.translate(app_commands.locale_str("settings"), locale,
                                          TranslationContext(Where.command_name, None)) is None


async def test_an_option_may_have_a_name_of_its_own():
    """/absence's "to" is "tot" in Dutch (until), /press send's "to" is "aan" (addressed to)."""
    translator, names = CatalogueTranslator(), {}
    for command in await _tree():
        if command.name in ("absence", "press"):
            found = command if command.name == "absence" else command.get_command("send")
            to = next(p for p in found.parameters if p.display_name == "to")
            names[command.name] = await _name(translator, discord.Locale.dutch, "to",
                                              Where.parameter_name, to)
    assert names == {"absence": "tot", "press": "aan"}
