"""The catalogues: every key the bot or the service uses is translated into English, Italian
and Dutch, with the same placeholders, and the compiled .mo files match the .po sources."""

import re
import string
from pathlib import Path

import discord
import pytest
from babel.messages.pofile import read_po

from bot.i18n import LANGUAGES, catalogue, language_of, locale_dir, tr

ROOT = Path(__file__).resolve().parents[2]
# Keys are dotted lower-case names in these namespaces; a literal such as "game.joined" in the
# bot's code is a key (f-string keys such as f"reason.{...}" are checked through the enums).
NAMESPACES = ("dm", "draw", "error", "game", "help", "history", "language", "map", "mod", "orders",
              "outcome", "phase", "power", "ready", "results", "season", "state", "status")
KEY = re.compile(r'"((?:{})\.[a-z_]+)"'.format("|".join(NAMESPACES)))
SERVICE_KEY = re.compile(r'(?:Message|NotFound|NotAllowed|InvalidRequest|PhaseClosed|'
                         r'OrdersRejected|ServiceError|self\.post)\(\s*(?:game,\s*)?'
                         r'"([a-z_]+(?:\.[a-z_.]+)?)"'
                         # the service's refusal of one line of a submission
                         r'|error_key="([a-z_]+\.[a-z_.]+)"')


def po_entries(lang: str, context: str | None = None) -> dict[str, str]:
    """The catalogue's messages: keys (no context), or those of one context."""
    path = locale_dir() / lang / "LC_MESSAGES" / "arbitro.po"
    with path.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id and m.context == context}


def keys_in(folder: str, pattern: re.Pattern) -> set[str]:
    found = set()
    for path in (ROOT / folder).rglob("*.py"):
        for match in pattern.findall(path.read_text(encoding="utf-8")):
            # a pattern with alternatives yields one group per alternative, all but one empty
            found.update(m for m in (match if isinstance(match, tuple) else (match,)) if m)
    return found


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_bot_uses_is_translated(lang):
    missing = sorted(keys_in("bot", KEY) - set(po_entries(lang)))
    assert not missing, f"{lang} lacks {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_service_raises_or_announces_is_translated(lang):
    missing = sorted(keys_in("service", SERVICE_KEY) - set(po_entries(lang)))
    assert not missing, f"{lang} lacks the service's {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_engine_reasons_and_powers_are_translated(lang):
    from engine.outcomes import Reason, Status
    from engine.vocabulary import Power

    entries = po_entries(lang)
    wanted = ({f"reason.{r.value}" for r in Reason} | {f"status.{s.value}" for s in Status}
              | {f"power.{p.value}" for p in Power})
    assert not sorted(wanted - set(entries))


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_translations_use_the_same_placeholders_as_english(lang):
    english = po_entries("en")
    for key, text in po_entries(lang).items():
        assert placeholders(text) == placeholders(english[key]), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_compiled_catalogue_matches_its_source(lang):
    compiled = catalogue(lang)
    for key, text in po_entries(lang).items():
        assert compiled.gettext(key) == text, f"{lang}: recompile (pybabel compile) for {key}"
    for english, text in po_entries(lang, "command").items():
        assert compiled.pgettext("command", english) == text, f"{lang}: recompile for {english}"


def test_replies_come_in_the_requested_language():
    assert tr("en", "reason.bounced", province="BUR") == "bounced at BUR"
    assert tr("it", "reason.bounced", province="BUR") == "stallo in BUR"
    assert tr("nl", "reason.bounced", province="BUR") == "patstelling in BUR"


def test_unknown_key_falls_back_to_the_given_english_text():
    assert tr("it", "service.brand_new", fallback="A new message") == "A new message"


def test_missing_parameter_stays_visible_instead_of_failing():
    assert tr("en", "reason.bounced") == "bounced at {province}"


def test_unsupported_language_answers_in_english():
    assert tr("fr", "status.fails") == "fails"


@pytest.mark.parametrize("locale, lang", [
    (discord.Locale.italian, "it"), (discord.Locale.dutch, "nl"),
    (discord.Locale.british_english, "en"), (discord.Locale.american_english, "en"),
    (discord.Locale.french, "en"), ("it", "it"), ("nl", "nl"), (None, "en")])
def test_discord_locale_picks_the_language(locale, lang):
    assert language_of(locale) == lang


async def test_every_command_and_option_description_is_translated():
    from discord import app_commands

    from bot.app import EXTENSIONS, ArbitroBot
    from bot.i18n import command_text
    from ops.settings import Settings

    bot = ArbitroBot(Settings(discord_token="unused"))
    async with bot:
        for extension in EXTENSIONS:
            if not extension.endswith("deadlines"):   # its loop needs a running client
                await bot.load_extension(extension)
        texts = []

        def walk(command):
            texts.append(command.description)
            if isinstance(command, app_commands.Group):
                for sub in command.commands:
                    walk(sub)
            else:
                texts.extend(p.description for p in command.parameters)

        for command in bot.tree.get_commands():
            walk(command)
    assert len(texts) > 40
    for lang in ("it", "nl"):
        missing = [t for t in texts if command_text(lang, t) is None]
        assert not missing, f"{lang} lacks command descriptions {missing}"


def test_a_channel_speaks_its_games_language_and_else_its_servers():
    from bot.guild_facts import NO_GUILD, GuildFacts, post_language

    italian_server = GuildFacts(discord.Locale.italian.value, 10 * 2**20)
    assert post_language(italian_server, "nl") == "nl"      # the game's language wins
    assert post_language(italian_server, None) == "it"      # a game without one: the server's
    assert post_language(NO_GUILD, None) == "en"            # a DM channel, no game: English


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_every_entry_has_one_translation(lang):
    """A union merge of two edits of one entry leaves two msgstr lines, of which gettext reads
    the first and silently drops the other: refused here, so the merge is mended by hand."""
    from pathlib import Path

    po = Path(__file__).parents[2] / "bot" / "locales" / lang / "LC_MESSAGES" / "arbitro.po"
    kinds = [line.split(" ", 1)[0].split("[", 1)[0] for line in po.read_text("utf-8").splitlines()
             if line.strip() and not line.startswith(('"', "#"))]
    doubled = [i for i, (a, b) in enumerate(zip(kinds, kinds[1:], strict=False))
               if a == b == "msgstr"]
    assert doubled == []
