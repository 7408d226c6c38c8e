"""Every message that carries a count, rendered at 0, 1 and 2 in every language as the bot
renders it (`tr` with an integer `count` takes the agreeing form): the noun agrees with the
number ("1 potenza", never "1 potenze" nor "1 powers"), no English inside Italian or Dutch, no
placeholder left."""

from __future__ import annotations

import re
import string
from datetime import UTC, datetime

import pytest

from bot.app import error_text
from bot.formatting import status_text, still_owed
from bot.i18n import LANGUAGES, counted_key, tr
from bot.params import words
from engine.vocabulary import Power
from service.errors import InvalidRequest
from service.models import GameSettings, GameView, SeatView
from tests.bot.test_i18n import po_entries
from tests.bot.test_no_english import LONG, PARAMS

# Counted messages whose number has a name of its own (the service's parameter).
COUNT_PARAM = {"absence.recorded": "left", "absence.over_cap": "days",
               "channels.check_delete_after": "days", "extension.player_cap": "cap",
               "settings.bad_players": "players", "orders.surplus_builds": "given"}
# Each language's counted nouns: (one, many). A number 1 before the plural, or 0 or 2 before
# the singular, is a disagreement (one adjective may stand between).
NOUNS = {
    "en": [("power", "powers"), ("player", "players"), ("unit", "units"),
           ("build", "builds"), ("phase", "phases"), ("day", "days"), ("entry", "entries"),
           ("centre", "centres"), ("channel", "channels"), ("extension", "extensions"),
           ("game", "games"), ("seat", "seats")],
    "it": [("potenza", "potenze"), ("persona", "persone"), ("partecipante", "partecipanti"),
           ("fase", "fasi"), ("giorno", "giorni"), ("voce", "voci"), ("centro", "centri"),
           ("canale", "canali"), ("costruzione", "costruzioni"), ("proroga", "proroghe"),
           ("partita", "partite"), ("posto", "posti"), ("sciolta", "sciolte"),
           ("rimasta", "rimaste")],
    "nl": [("land", "landen"), ("speler", "spelers"), ("fase", "fasen"), ("dag", "dagen"),
           ("regel", "regels"), ("centrum", "centra"), ("privékanaal", "privékanalen"),
           ("eenheid", "eenheden"), ("bouworder", "bouworders"), ("bouwrecht", "bouwrechten"),
           ("verlenging", "verlengingen"), ("spel", "spellen"), ("plaats", "plaatsen")],
}
COUNTS = (0, 1, 2)
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def counted_keys() -> list[str]:
    entries = po_entries("en")
    return sorted(k for k in entries if f"{k}_plural" in entries)


KEYS = counted_keys()


def rendered(lang: str, key: str, count: int) -> str:
    params = dict(PARAMS, count=count)
    if key in COUNT_PARAM:
        params[COUNT_PARAM[key]] = count
    return tr(lang, key, **words(lang, params))


def disagreements(lang: str, text: str) -> list[str]:
    found = []
    for one, many in NOUNS[lang]:
        found += re.findall(rf"(?<![\d.,/])\b1 (?:\w+ )?{many}\b", text)
        found += re.findall(rf"(?<![\d.,/])\b[02] (?:\w+ )?{one}\b", text)
    return found


def english_pieces() -> set[str]:
    pieces = set()
    for text in po_entries("en").values():
        pieces |= {p.strip() for p, *_ in string.Formatter().parse(text) if len(p.strip()) > LONG}
    return pieces


ENGLISH = english_pieces()


def test_the_counted_messages_are_found():
    assert {"mod.process_missing", "mod.delete_confirm", "audit.title", "turn.builds",
            "results.builds_waived", "count.centres", "settings.bad_players"} <= set(KEYS)
    assert len(KEYS) >= 25


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_counted_message_agrees_with_its_count(lang):
    problems = []
    for key in KEYS:
        for count in COUNTS:
            text = rendered(lang, key, count)
            if _PLACEHOLDER.search(text):
                problems.append(f"{key} at {count}: placeholder left in {text!r}")
            problems += [f"{key} at {count}: {bad!r} in {text!r}"
                         for bad in disagreements(lang, text)]
            if lang != "en":
                problems += [f"{key} at {count}: English {piece!r} in {text!r}"
                             for piece in ENGLISH if piece in text]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_count_takes_its_own_form(lang):
    """1 reads the singular entry, 2 the plural one, 0 the zero wording where there is one
    (else the plural, natural for 0 in all three languages)."""
    entries = po_entries(lang)
    for key in KEYS:
        assert counted_key(lang, key, 1) == key
        assert counted_key(lang, key, 2) == f"{key}_plural"
        zero = f"{key}_zero" if f"{key}_zero" in entries else f"{key}_plural"
        assert counted_key(lang, key, 0) == zero
        assert rendered(lang, key, 1) != rendered(lang, key, 2) or lang == "it" and \
            key == "count.units", key     # "1 unità", "2 unità": the same noun


def test_the_check_sees_a_count_that_disagrees():
    assert disagreements("it", "1 potenze non hanno ancora dato tutti gli ordini")
    assert disagreements("it", "le 0 persona iscritte")
    assert disagreements("en", "1 powers have not ordered")
    assert disagreements("nl", "1 oudere regels niet getoond")
    assert not disagreements("it", "1 potenza non ha ancora dato tutti gli ordini")
    assert not disagreements("en", "Players: 1/7")


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("it", "costruzioni ancora da dare: 1", "costruzioni ancora da dare: 2"),
    ("nl", "nog te geven bouworders: 1", "nog te geven bouworders: 2"),
])
def test_builds_still_owed_are_in_words(lang, one, two):
    # the service's "1 build" / "2 builds" never reaches an Italian or Dutch reader as such
    assert still_owed(lang, "1 build") == one
    assert still_owed(lang, "2 builds") == two


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("it", "1 centro, 1 unità", "2 centri, 2 unità"),
    ("nl", "1 centrum, 1 eenheid", "2 centra, 2 eenheden"),
    ("en", "1 centre, 1 unit", "2 centres, 2 units"),
])
def test_status_counts_each_powers_centres_and_units(lang, one, two):
    seats = (SeatView(Power.TURKEY, 11, False, 1, 1, False, True, False),
             SeatView(Power.ITALY, 12, False, 2, 2, False, True, False))
    game = GameView(1, "Lepanto", 5, 6, 900, "active", GameSettings(), (11, 12), seats,
                    "F1905M", datetime(2030, 5, 1, 18, tzinfo=UTC), None, None)
    text = status_text(lang, game)
    assert f"<@11> — {one}" in text and f"<@12> — {two}" in text
    assert not disagreements(lang, text)


@pytest.mark.parametrize(("lang", "text"), [
    ("it", "Non esiste una configurazione per 1 partecipante (da 2 a 7)."),
    ("nl", "Er is geen opstelling voor 1 speler (2 tot 7)."),
    ("en", "There is no set-up for 1 player (2 to 7)."),
])
def test_a_service_error_with_a_count_agrees_too(lang, text):
    # the service raises with `count`; the bot's error_text picks the form from it
    with pytest.raises(InvalidRequest) as caught:
        GameSettings(players=1).validate()
    assert error_text(lang, caught.value) == text
