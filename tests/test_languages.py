"""Adding a language is one entry in `languages/languages.json` plus its data files: every
module that needs the languages or their words reads them from that declaration (or, the engine,
from its folder of power names), no code module lists the languages or holds an Italian or Dutch
word table, and every declared language has every kind of words (docs/languages.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import languages
from engine.outcomes import Reason
from engine.vocabulary import PhaseKind, Power, Season

ROOT = Path(__file__).resolve().parents[1]
CODE = ("engine", "grammar", "service", "bot", "render", "arbitro", "languages")
# The demo's seed orders are the rulebook example's own text, quoted (docs/languages.md).
QUOTED = {Path("arbitro/commands/demo.py")}


def code_modules() -> list[tuple[Path, ast.Module]]:
    found = []
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.relative_to(ROOT) not in QUOTED:
                found.append((path.relative_to(ROOT), ast.parse(path.read_text("utf-8"))))
    return found


def literals(tree: ast.Module) -> list[ast.Constant]:
    """The string constants of a module that are no docstring."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [node for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]


def test_the_declaration_names_each_language_once_with_what_the_code_needs():
    assert languages.CODES == ("en", "it", "nl") and languages.DEFAULT in languages.CODES
    assert len(set(languages.CODES)) == len(languages.CODES)
    assert languages.NAMES == {"en": "English", "it": "Italiano", "nl": "Nederlands"}
    assert languages.get("it").babel_locale == "it" and languages.get("nl").english_name == "Dutch"
    assert languages.either() == "en, it or nl"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        languages.get("fr")


@pytest.mark.parametrize("code", languages.CODES)
def test_every_declared_language_has_every_kind_of_words(code):
    folder = languages.words_file("catalogue", code)
    assert folder.joinpath("arbitro.po").is_file() and folder.joinpath("arbitro.mo").is_file()
    assert languages.catalogue(code).gettext("reason.bounced") != "reason.bounced"
    assert languages.words("vocabulary", code)["language"] == code
    shown = languages.words("map", code)
    assert set(shown["seasons"]) == {s.value for s in Season}
    assert set(shown["kinds"]) == {k.value for k in PhaseKind}
    assert set(shown["powers"]) == {p.value for p in Power}
    assert set(languages.words("typed", code)) == {"help", "and", "yes", "no", "none", "weekdays",
                                                   "days", "time_fillers", "units"}
    assert set(languages.words("typed", code)["weekdays"].values()) == set(range(7))
    assert languages.words("typed", code)["help"], "the first help word is the one a DM names"
    assert set(languages.words("power_names", code)) == {p.value for p in Power}


def test_every_per_language_table_is_keyed_by_the_declared_languages():
    from bot.i18n import LANGUAGE_NAMES, LANGUAGES
    from bot.seating import HELP_WORD
    from grammar.lexicon import LANGUAGES as VOCABULARIES
    from render.words import WORDS
    from service.models import GAME_LANGUAGES
    from service.players.preferences import LANGUAGES as PREFERRED

    declared = set(languages.CODES)
    for table in (LANGUAGES, LANGUAGE_NAMES, HELP_WORD, VOCABULARIES, WORDS, GAME_LANGUAGES,
                  PREFERRED):
        assert set(table) == declared
    engine_files = {p.stem for p in (ROOT / "engine/data/power_names").glob("*.json")}
    assert engine_files == declared, "one file of power names per declared language"


def test_the_words_read_from_data_are_those_the_code_uses():
    from bot.guide import HELP_WORDS, asks_for_help
    from bot.zones import powers_matching
    from render.words import words_for
    from service.games.setting_registry import NO_WORDS, NONE_WORDS, YES_WORDS, read_duration
    from service.timing.when import RELATIVE_DAYS, WEEKDAYS

    assert asks_for_help("aiuto!") == (True, "it") and asks_for_help("hulp") == (True, "nl")
    assert HELP_WORDS["helpme"] == "en"
    assert {"sì", "ja", "yes"} <= YES_WORDS and {"nee", "no"} <= NO_WORDS
    assert {"nessuno", "geen", "none"} <= NONE_WORDS
    assert WEEKDAYS["venerdi"] == WEEKDAYS["vrijdag"] == WEEKDAYS["fri"] == 4
    assert RELATIVE_DAYS["overmorgen"] == RELATIVE_DAYS["dopodomani"] == 2
    assert read_duration("1 giorno 2 uur", "phase_hours").total_seconds() == 26 * 3600
    assert words_for("nl").powers[Power.ITALY] == "Italië"
    assert powers_matching("it", "Francia e Ger")[0][0] == "Francia, Germania"
    assert Power.parse("Duitsland") is Power.GERMANY and Power.parse("INGHILTERRA") is Power.ENGLAND


def test_the_service_reads_the_reasons_in_plain_english_from_the_english_catalogue():
    from service.notices.results_text import PLAIN, cannot_succeed, reason_text

    english = languages.catalogue("en")
    for reason in Reason:
        assert english.pgettext(PLAIN, f"reason.{reason.value}") != f"reason.{reason.value}"
    assert reason_text("not_adjacent", "lon") == "LON not reachable"
    assert cannot_succeed("bounced", "bur") == "cannot succeed: bounced at BUR; the unit will hold"


def language_lists(tree: ast.Module) -> list[int]:
    """The lines of a module's literal tables of our languages (a tuple, list or set of two
    codes or more, or a dict keyed by them; a table of Discord's locales, ours among them, is
    not one)."""
    codes = set(languages.CODES)
    found = []
    for node in ast.walk(tree):
        items = (node.keys if isinstance(node, ast.Dict)
                 else node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [])
        named = {item.value for item in items if isinstance(item, ast.Constant)}
        if len(named & codes) >= 2 and named <= codes | {"auto"}:
            found.append(node.lineno)
    return found


def test_no_code_module_lists_the_languages():
    found = [f"{path}:{line}" for path, tree in code_modules() for line in language_lists(tree)]
    assert not found, f"languages listed by hand (read languages.CODES): {found}"


def _strings(data: object) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {s for value in data.values() for s in _strings(value)}
    if isinstance(data, list):
        return {s for value in data for s in _strings(value)}
    return {data} if isinstance(data, str) else set()


def _foreign_words() -> set[str]:
    """The words of every language but the default one, as its data files give them, that the
    default language (its order vocabulary too: `ven` is Venice) does not share (three letters
    or more)."""
    def words_of(code: str) -> set[str]:
        shown = languages.words("map", code)
        found = {shown[key] for key in ("civil_disorder", "centres", "year")}
        for key in ("seasons", "kinds", "powers"):
            found |= set(shown[key].values())
        for group in languages.words("typed", code).values():
            found |= set(group)
        for names in languages.words("power_names", code).values():
            found |= set(names)
        return {word.casefold() for word in found}

    english = words_of(languages.DEFAULT) | {
        word.casefold() for word in _strings(languages.words("vocabulary", languages.DEFAULT))}
    return {word for code in languages.CODES if code != languages.DEFAULT
            for word in words_of(code) - english if len(word) >= 3}


def foreign_literals(tree: ast.Module, foreign: set[str]) -> list[str]:
    return [f"{node.lineno} {node.value!r}" for node in literals(tree)
            if node.value.casefold() in foreign]


def test_no_code_module_holds_words_of_another_language():
    foreign = _foreign_words()
    found = [f"{path}:{hit}" for path, tree in code_modules()
             for hit in foreign_literals(tree, foreign)]
    assert not found, f"Italian or Dutch words in code (move them to data files): {found}"


def test_the_checks_find_a_table_typed_into_code():
    planted = ast.parse('''"""A module."""
GAME_LANGUAGES = ("en", "it", "nl")
LOCALE_ZONES = {"it": "Europe/Rome", "nl": "Europe/Amsterdam", "de": "Europe/Berlin"}
SEASONS = {"en": "Spring", "it": "Primavera", "nl": "Voorjaar"}
HELP = frozenset({"help", "aiuto", "hulp"})
def f():
    """Primavera"""
''')
    assert language_lists(planted) == [2, 4]
    foreign = _foreign_words()
    assert {"primavera", "voorjaar", "aiuto", "nessuno", "duitsland", "vrijdag"} <= foreign
    assert foreign_literals(planted, foreign) == ["4 'Primavera'", "4 'Voorjaar'", "5 'aiuto'",
                                                  "5 'hulp'"]
