"""`/help`'s examples of orders sent ahead, written with the player's own units in their
language, read back as orders kept for later."""

import pytest

from engine import PhaseKind, Position, Power
from grammar.ahead import read_with_ahead
from grammar.ahead_examples import ahead_examples
from grammar.lexicon import LANGUAGES

OPENING = Position.initial()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("power", list(Power))
def test_every_example_reads_back_as_kept_for_later(language, power):
    examples = ahead_examples(OPENING, power, language)
    assert set(examples) == {"retreat", "retreat_short", "build", "removal", "waive"}
    for key, text in examples.items():
        reading = read_with_ahead(text, OPENING, power, lang=language)
        assert reading.now == (), (key, text, [p.error for p in reading.now])
        assert reading.ahead and all(a.ok for a in reading.ahead), (
            key, text, [a.error for a in reading.ahead])
        kind = PhaseKind.RETREAT if key.startswith("retreat") else PhaseKind.ADJUSTMENT
        assert all(a.phase is kind for a in reading.ahead), (key, text)
        assert all(a.language == language for a in reading.ahead), (key, text)


def test_the_examples_use_the_players_units():
    examples = ahead_examples(OPENING, Power.ITALY, "it")
    assert examples["retreat"].startswith("se F Napoli viene sloggiata, si ritira in ")
    assert examples["build"] == "costruisci A Napoli"
    reading = read_with_ahead(examples["retreat"], OPENING, Power.ITALY)
    assert [a.canonical for a in reading.ahead][-1] == "F NAP D"
