"""bot.guide: which DMs ask for help, and the help text in each language."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from bot.guide import GENERIC_EXAMPLES, asks_for_help, full_names, help_text
from engine.vocabulary import Power
from service.players.guide import PlayerGuide


@pytest.mark.parametrize("text, told", [
    ("help", "en"), ("Help me", "en"), ("/help", "en"), ("aiuto!", "it"), ("AIUTO", "it"),
    ("hulp?", "nl"), ("?", None), ("??", None), ("ho bisogno di aiuto", "it")])
def test_help_words_and_question_marks_ask_for_help(text, told):
    assert asks_for_help(text) == (True, told)


@pytest.mark.parametrize("text", ["A PAR - BUR", "helpful support: A MUN S A BER - SIL",
                                  "A PAR - BUR\nhelp", "A PAR H help", "help A Par - Bur",
                                  "ciao", "A HEL - KIE", "", "please help me with the orders "
                                  "for the fleet in London"])
def test_orders_and_chatter_do_not_ask_for_help(text):
    assert asks_for_help(text)[0] is False


def test_a_move_is_written_with_full_names_in_the_language():
    assert full_names("it", "A PAR - BUR") == "A Parigi - Borgogna"
    assert full_names("nl", "F STP/SC - BOT") == "F Sint-Petersburg - Botnische Golf"
    assert full_names("en", "A PAR H") is None


def guide(game_id=1):
    return PlayerGuide(game_id, "Lepanto", (Power.ITALY,), "S1901M", ("A VEN", "A ROM"),
                       ("F NAP - APU", "A VEN H", "A ROM S F NAP - APU"))


def view(game_id=1, status="active"):
    return SimpleNamespace(id=game_id, status=status,
                           deadline=datetime(2030, 1, 2, 12, tzinfo=UTC))


@pytest.mark.parametrize("lang, words", [
    ("en", ["How to play", "you play Italy", "Spring 1901, movement", "Full province names",
            "`F Naples - Apulia`", "*help*"]),
    ("it", ["Come si gioca", "(Italia)", "Primavera 1901, movimenti", "`F Napoli - Puglia`",
            "*aiuto*"]),
    ("nl", ["Zo speel je", "je speelt Italië", "Voorjaar 1901, bewegingen", "*hulp*"])])
def test_the_guide_names_the_game_deadline_and_the_players_own_units(lang, words):
    text = help_text(lang, guides=[guide()], games=[view()])
    for word in words:
        assert word in text, word
    assert "`F NAP - APU`" in text and "`A ROM S F NAP - APU`" in text
    assert "<t:1893585600:F>" in text
    for command in ("/orders show", "/orders preview", "/orders clear", "/ready", "/language",
                    "/draw"):
        assert command in text
    assert "/mod" not in text


def test_a_paused_game_has_no_deadline_and_a_newcomer_gets_generic_examples():
    paused = help_text("en", guides=[guide()], games=[view(status="paused")])
    assert "paused" in paused and "<t:" not in paused
    newcomer = help_text("it", waiting=[SimpleNamespace(
        name="Lepanto", players=(1, 2, 3), settings=SimpleNamespace(players=7))])
    assert "non è ancora cominciata (3/7" in newcomer
    assert all(f"`{e}`" in newcomer for e in GENERIC_EXAMPLES)
    alone = help_text("nl")
    assert "/game join" in alone and "`A PAR - BUR`" in alone


def test_moderators_get_one_line_per_mod_command_in_their_language():
    text = help_text("it", mod_commands=[("process", "Adjudicate the current phase now"),
                                         ("brand_new", "Something not yet translated")])
    assert "**Comandi per chi modera**" in text
    assert "`/mod process` — Risolvi ora la fase in corso" in text
    assert "`/mod brand_new` — Something not yet translated" in text
