"""One word per concept, the rulebooks' (docs/glossary.md): no banned variant in anything
Arbitro writes in Italian or Dutch — the bot's catalogue (every context), the order language's
replies (grammar/vocab: messages, notes, reasons, expected, names), the map and chart words."""

from __future__ import annotations

import json
import re
from dataclasses import astuple
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import locale_dir, tr
from bot.params import words
from render.words import WORDS
from tests.bot.test_no_english import PARAMS

ROOT = Path(__file__).resolve().parents[2]
_POWERS_IT = "Austria|Inghilterra|Francia|Germania|Italia|Russia|Turchia"
BANNED = {
    "it": {
        r"\bsostegn": "appoggio (seed 000 §IX)",
        r"\bsupport[oa]": "appoggio, appoggiare",
        r"\bconvogli": "trasporto, trasportare (seed 000 §XII)",
        r"\bcentr[oi] di rifornimento": "centro di approvvigionamento (seed 000 §XIII.1)",
        r"\bcentr[oi] di partenza": "centro della madrepatria (seed 000 §XIII.2)",
        r"\brimbalz": "stallo (seed 000 §VIII)",
        r"\bscacciat": "sloggiata (seed 000 §XI)",
        r"\brimozion|\brimoss[ae]\b": "scioglimento, sciolta (seed 000 §XIII.2)",
        r"\balla colonna\b": "al 9° carattere",
        r"\batteso (un|una|la)\b": "ci va / manca (agreement)",
        rf"\b(di|a|in) ({_POWERS_IT})\b(?! \()": "the article: dell'Italia, all'Italia",
        r"\bnazione\b": "potenza (seed 000 §I)",
    },
    "nl": {
        r"mogendhe": "land (seed 004)",
        r"afgeketst|afketsen": "patstelling (seed 004)",
        r"\bontbind|\bontbond": "opheffen (seed 004, opheffings fase)",
        r"\bvervoer": "konvooieren (seed 004)",
        r"\bfase (is|was|wordt)( al| nu)? beslist|\bbeslist \{phase\}": "afhandelen",
        r"\bom haar\b": "het leger",
        r"thuisbevoorradings": "thuiscentrum",
    },
}
GRAMMAR_SECTIONS = ("messages", "notes", "reasons", "expected", "kind_names", "phase_names",
                    "unit_names", "coast_names", "power_names")


def banned_in(lang: str, text: str) -> list[str]:
    return [f"{pattern!r} (write {word})" for pattern, word in BANNED[lang].items()
            if re.search(pattern, text, re.IGNORECASE)]


def written(lang: str) -> dict[str, str]:
    """Every text Arbitro writes in `lang`, by where it comes from."""
    texts: dict[str, str] = {}
    with (locale_dir() / lang / "LC_MESSAGES" / "arbitro.po").open("rb") as handle:
        for m in read_po(handle):
            if m.id and m.string:
                texts[f"catalogue {m.context or ''}:{m.id}"] = m.string
    vocab = json.loads((ROOT / "grammar" / "vocab" / f"{lang}.json").read_text("utf-8"))
    for section in GRAMMAR_SECTIONS:
        for key, value in vocab.get(section, {}).items():
            texts[f"grammar {section}.{key}"] = str(value)
    for index, value in enumerate(astuple(WORDS[lang])):
        texts[f"map words #{index}"] = json.dumps(value, default=str, ensure_ascii=False) \
            if isinstance(value, dict) else str(value)
    return texts


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_what_arbitro_writes_uses_the_rulebooks_terms(lang):
    problems = [f"{where}: {found} in {text!r}" for where, text in written(lang).items()
                for found in banned_in(lang, text)]
    assert not problems, "\n".join(problems)


def test_the_check_sees_every_variant_it_bans():
    assert banned_in("it", "ordine di sostegno")
    assert banned_in("it", "i centri di rifornimento anno per anno")
    assert banned_in("it", "le unità di Italia")
    assert banned_in("it", "atteso una provincia")
    assert not banned_in("it", "le unità dell'Italia, con l'appoggio della Francia")
    assert banned_in("nl", "de fase is beslist")
    assert banned_in("nl", "geen vloot heeft de order om haar te vervoeren")
    assert not banned_in("nl", "de fase is afgehandeld")


# A preposition straight before a country's name needs the article in Italian ("le unità
# dell'Italia", "per la Francia"): sentences with a power as a parameter are built without one.
_BARE_PREPOSITION = re.compile(rf"\b(di|a|da|per|in|su|con) ({_POWERS_IT})\b")


def test_italian_sentences_never_put_a_bare_preposition_before_a_power():
    with (locale_dir() / "it" / "LC_MESSAGES" / "arbitro.po").open("rb") as handle:
        keys = [m.id for m in read_po(handle) if m.id and m.context is None]
    shown = words("it", PARAMS)
    problems = [f"{key}: {text!r}" for key in keys
                if _BARE_PREPOSITION.search(text := tr("it", key, **shown))]
    assert not problems, "\n".join(problems)
    assert _BARE_PREPOSITION.search("le unità di Italia")


def test_the_map_and_chart_say_supply_centres_as_the_rulebook_does():
    assert WORDS["it"].centres == "centri di approvvigionamento"
