"""The vocabulary files: each language complete, every name pointing at a real province, so
that a fourth language is one more file that these checks hold to the same standard."""

import pytest

from engine import Power, standard_board
from grammar.lexicon import KEYWORD_TERMINALS, LANGUAGES, lexicon, vocabulary

PROVINCES = set(standard_board().provinces)


def test_every_file_in_the_vocab_folder_is_a_language():
    assert LANGUAGES == ("en", "it", "nl")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_language_names_every_province(language):
    names = vocabulary(language)["provinces"]
    assert set(names) == PROVINCES
    assert all(names[pid] and all(isinstance(n, str) and n for n in names[pid])
               for pid in names)


@pytest.mark.parametrize("language", LANGUAGES)
def test_abbreviations_point_at_real_provinces(language):
    for abbr, target in vocabulary(language)["abbreviations"].items():
        targets = [target] if isinstance(target, str) else target
        assert targets and set(targets) <= PROVINCES, abbr


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_language_has_every_message_note_reason_and_keyword_english_has(language):
    english, other = vocabulary("en"), vocabulary(language)
    for table in ("messages", "notes", "reasons", "expected", "kind_names", "phase_names",
                  "unit_names", "coast_names"):
        assert set(other[table]) == set(english[table]), table
    assert set(other["keywords"]) == set(KEYWORD_TERMINALS)
    assert all(other["keywords"][kind] for kind in KEYWORD_TERMINALS)
    assert set(other["power_names"]) == {p.value for p in Power}
    assert set(other["units"].values()) == {"A", "F"}
    assert set(other["coasts"].values()) == {"nc", "sc", "ec"}
    assert set(other["nationalities"].values()) <= {p.value for p in Power}


@pytest.mark.parametrize("language", LANGUAGES)
def test_messages_fill_in_with_the_values_the_code_gives(language):
    # Every placeholder a template uses is one the code supplies for that key.
    supplied = {
        "unknown_word": {"word", "column"}, "nearest": {"names"},
        "unexpected_word": {"word", "column", "expected"}, "incomplete": {"word", "expected"},
        "empty": {"expected"}, "ambiguous_word": {"word", "column", "names"},
        "ambiguous_order": {"orders"}, "missing_coast": {"province", "coasts"},
        "multi_step": {"path", "steps"}, "wrong_phase": {"kind", "phase", "allowed"},
        "no_unit_of_type": {"word", "unit"}, "several_units": {"word", "unit", "units"},
        "too_long": {"length", "limit"}, "too_many": {"count", "limit"},
        "other_power": {"name", "power"}, "unit_needs_place": {"example"}, "or": set(),
        "wrong_coast": {"name", "coast", "written"}, "not_an_order": set(),
        "other_power_order": {"name", "power"},
        "missing_coast_one": {"province", "coast", "location"},
        "phase_unknown": {"text"}, "phase_no_year": {"text", "season"},
        "phase_no_season": {"text", "year"}, "phase_wrong_kind": {"text", "season", "kind"},
        "ahead_refused_retreat": {"reason"}, "ahead_refused_winter": {"reason"},
        "ahead_not_yours": {"province"},
    }
    for key, template in vocabulary(language)["messages"].items():
        template.format(**{name: "x" for name in supplied[key]})


def test_auto_mode_knows_where_the_languages_disagree():
    nor = {entry.languages: entry.value for entry in lexicon("auto").lookup("nor")
           if entry.terminal == "LOC"}
    assert nor[frozenset({"it"})] == ("nwy",)
    assert any(len(value) == 5 for value in nor.values())
