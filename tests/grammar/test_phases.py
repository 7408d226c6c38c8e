"""Phases as people say them (issue 25): "autunno 1901", "najaar 1901", "Fall 1901 retreats",
"S1901M" -> a Phase; errors in the reader's language; the labels offered while typing."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Phase
from grammar.lexicon import LANGUAGES, vocabulary
from grammar.phases import phase_choices, phase_label, read_phase

READ = [
    ("S1901M", "S1901M"), ("s1901m", "S1901M"), ("F1901R", "F1901R"), ("W1901A", "W1901A"),
    ("F1901", "F1901M"), ("W1901", "W1901A"), ("f 1901 r", "F1901R"),
    ("Spring 1901", "S1901M"), ("Fall 1901", "F1901M"), ("autumn 1903", "F1903M"),
    ("Fall 1901 retreats", "F1901R"), ("Spring 1902 movement", "S1902M"),
    ("winter 1901", "W1901A"), ("Winter 1901 adjustments", "W1901A"),
    ("1901 fall", "F1901M"), ("the fall of 1905", "F1905M"), ("adjustments 1903", "W1903A"),
    ("autunno 1901", "F1901M"), ("primavera 1902 ritirate", "S1902R"),
    ("Autunno 1901, ritirate", "F1901R"), ("inverno 1901", "W1901A"),
    ("l'autunno del 1903", "F1903M"), ("primavera 1901 movimenti", "S1901M"),
    ("najaar 1901", "F1901M"), ("voorjaar 1902 terugtochten", "S1902R"),
    ("lente 1902", "S1902M"), ("herfst 1905 terugtrekkingen", "F1905R"),
    ("in het najaar van 1901", "F1901M"), ("winter 1904 aanpassingen", "W1904A"),
]


@pytest.mark.parametrize("text,code", READ)
def test_phases_as_people_say_them(text, code):
    reading = read_phase(text)
    assert reading.ok and reading.phase == Phase.parse(code), reading.error


ERRORS = [
    ("autunno", "phase_no_year", "«autunno»: di che anno?"),
    ("najaar", "phase_no_year", "„najaar”: welk jaar?"),
    ("Fall", "phase_no_year", "“Fall”: which year?"),
    ("inverno 1901 ritirate", "phase_wrong_kind", "in inverno non ci sono ritirate"),
    ("winter 1901 terugtochten", "phase_wrong_kind", "winter heeft geen terugtochten"),
    ("spring 1901 adjustments", "phase_wrong_kind", "the spring has no adjustments"),
    ("estate 1901", "phase_unknown", "is not a phase"),
    ("S19O1M", "phase_unknown", "is not a phase"),
    ("1901 1902 fall", "phase_unknown", "is not a phase"),
    ("spring fall 1901", "phase_unknown", "is not a phase"),
]


@pytest.mark.parametrize("text,kind,words", ERRORS)
def test_errors_say_what_is_missing_in_the_words_language(text, kind, words):
    reading = read_phase(text)
    assert not reading.ok and reading.error_kind == kind
    assert words in reading.error


@pytest.mark.parametrize("language,words", [("en", "which season?"),
                                            ("it", "quale stagione?"),
                                            ("nl", "welk seizoen?")])
def test_a_year_alone_asks_for_the_season_in_the_reply_language(language, words):
    reading = read_phase("1901", reply_lang=language)
    assert reading.error_kind == "phase_no_season" and words in reading.error


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A"])
def test_every_label_reads_back_as_its_phase(language, code):
    phase = Phase.parse(code)
    assert read_phase(phase_label(phase, language), language).phase == phase


def test_labels_match_the_bots_words():
    assert phase_label(Phase.parse("F1901R"), "it") == "Autunno 1901, ritirate"
    assert phase_label(Phase.parse("S1902M"), "nl") == "Voorjaar 1902, bewegingen"
    assert phase_label(Phase.parse("W1901A"), "en") == "Winter 1901, adjustments"


PLAYED = [Phase.parse(c) for c in ("S1901M", "F1901M", "F1901R", "W1901A", "S1902M",
                                   "F1902M")]


def test_choices_newest_first_when_nothing_is_typed():
    choices = phase_choices(PLAYED, "", "it")
    assert [code for _label, code in choices] == ["F1902M", "S1902M", "W1901A", "F1901R",
                                                  "F1901M", "S1901M"]
    assert choices[0] == ("Autunno 1902, movimenti", "F1902M")


@pytest.mark.parametrize("typed,language,codes", [
    ("aut", "it", ["F1902M", "F1901R", "F1901M"]),
    ("autunno 1901", "it", ["F1901M", "F1901R"]),
    ("najaar 1901", "nl", ["F1901M", "F1901R"]),
    ("1901 ret", "en", ["F1901R"]),
    ("rit", "it", ["F1901R"]),
    ("F19", "en", ["F1902M", "F1901R", "F1901M"]),
    ("winter", "nl", ["W1901A"]),
    ("S1901M", "en", ["S1901M"]),
    ("spring 1903", "en", []),
    ("xyz", "en", []),
])
def test_choices_match_what_is_typed_in_any_language(typed, language, codes):
    assert [code for _label, code in phase_choices(PLAYED, typed, language)] == codes


def test_choices_are_capped_for_discord():
    many = [Phase(year, season, kind) for year in range(1901, 1931)
            for season, kind in ((Phase.parse("S1901M").season, Phase.parse("S1901M").kind),)]
    assert len(phase_choices(many, "", "en")) == 25


def test_every_language_has_the_same_phase_and_ahead_words():
    english = vocabulary("en")
    for language in LANGUAGES:
        data = vocabulary(language)
        for table in ("phase_words", "ahead_words"):
            assert set(data[table]) == set(english[table]), (language, table)
        words = data["phase_words"]
        assert set(words["seasons"]) == {"S", "F", "W"}
        assert set(words["kinds"]) == {"M", "R", "A"}
        assert set(words["labels"]) == {"S", "F", "W", "M", "R", "A"}
        assert all(data["ahead_words"][key] for key in english["ahead_words"])


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gives_a_phase_or_an_error_never_an_exception(text):
    reading = read_phase(text)
    assert reading.ok != (reading.error is not None)
    phase_choices(PLAYED, text, "it")
