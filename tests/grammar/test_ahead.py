"""Orders sent ahead (issue 25): conditional retreats and winter builds and removals written in
a movement phase, in English, Italian and Dutch, kept in the order of preference; and what
cannot be kept, refused in the player's language."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Build, Disband, Phase, PhaseKind, Position, Power, Retreat, Unit, UnitType
from grammar.ahead import read_with_ahead
from tests.grammar.positions import OPENING, RETREAT

A, F = UnitType.ARMY, UnitType.FLEET
R, W = PhaseKind.RETREAT, PhaseKind.ADJUSTMENT

# Fall 1901: Austria has taken Serbia and Greece is French; Munich is Austrian, Vienna is
# empty; Austria's fleet in Trieste may be dislodged from Venice.
FALL = Position(Phase.parse("F1901M"), (
    Unit(Power.AUSTRIA, F, "tri"), Unit(Power.AUSTRIA, A, "ser"), Unit(Power.AUSTRIA, A, "gal"),
    Unit(Power.ITALY, A, "ven"), Unit(Power.ITALY, A, "tyr"), Unit(Power.GERMANY, A, "mun"),
), {**OPENING.supply_centers,
    Power.AUSTRIA: frozenset({"tri", "bud", "ser"}),
    Power.GERMANY: frozenset({"ber", "kie", "mun", "vie"})})


def _ahead(text, power=Power.AUSTRIA, position=FALL, **kw):
    return read_with_ahead(text, position, power, **kw)


RETREATS = [
    # (text, language, [canonical options in order])
    ("F TRI R ALB", "en", ["F TRI R ALB"]),
    ("F Tri R Alb", "it", ["F TRI R ALB"]),
    ("F Tri R Alb", "nl", ["F TRI R ALB"]),
    ("if F Tri is dislodged, retreat to Alb", "en", ["F TRI R ALB"]),
    ("If the fleet in Trieste is dislodged, retreat to Albania or Adriatic Sea, otherwise "
     "disband", "en", ["F TRI R ALB", "F TRI R ADR", "F TRI D"]),
    ("F Tri R Alb or Adr or disband", "en", ["F TRI R ALB", "F TRI R ADR", "F TRI D"]),
    ("F Tri R Alb if dislodged", "en", ["F TRI R ALB"]),
    ("se F Tri viene sloggiata, ritirata in Albania", "it", ["F TRI R ALB"]),
    ("se la flotta di Trieste viene sloggiata, si ritira in Albania o Adriatico, "
     "altrimenti sciogli", "it", ["F TRI R ALB", "F TRI R ADR", "F TRI D"]),
    ("F Trieste si ritira in Albania o sciogli", "it", ["F TRI R ALB", "F TRI D"]),
    ("Flotta Trieste RIT Alb se sloggiata", "it", ["F TRI R ALB"]),
    ("als F Tri verdreven wordt, trek terug naar Albanië", "nl", ["F TRI R ALB"]),
    ("als de vloot in Triëst verdreven wordt, trek terug naar Albanië of Adriatische Zee, "
     "anders ontbind", "nl", ["F TRI R ALB", "F TRI R ADR", "F TRI D"]),
    ("Vloot Triëst trekt terug naar Albanië of ontbind", "nl", ["F TRI R ALB", "F TRI D"]),
    ("F Tri R Alb\nF Tri R Adr\nF Tri D", "en", ["F TRI R ALB", "F TRI R ADR", "F TRI D"]),
]


@pytest.mark.parametrize("text,language,options", RETREATS)
@pytest.mark.parametrize("mode", ["given", "auto"])
def test_conditional_retreats_are_kept_in_order_of_preference(text, language, options, mode):
    reading = _ahead(text, lang=language if mode == "given" else "auto")
    assert reading.now == ()
    assert [a.canonical for a in reading.ahead] == options, [a.error for a in reading.ahead]
    for line in reading.ahead:
        assert line.ok and line.phase is R
        assert line.unit == Unit(Power.AUSTRIA, F, "tri")
        assert isinstance(line.order, Retreat | Disband)


@pytest.mark.parametrize("text,language,kept", [
    ("if F Tri is dislodged, retreat to Alb", "en", "kept for the retreats"),
    ("se F Tri viene sloggiata, ritirata in Albania", "it", "tenuto per le ritirate"),
    ("als F Tri verdreven wordt, trek terug naar Albanië", "nl",
     "bewaard voor de terugtochten"),
])
def test_the_echo_is_in_the_language_of_the_sentence(text, language, kept):
    (line,) = _ahead(text).ahead
    assert line.notes[-1].startswith(kept)
    assert line.input == text  # the sentence as written, for the player's echo


def test_the_phase_orders_stay_with_the_phase():
    reading = _ahead("A Ser - Bul\nA Gal - Rum; F Tri R Alb\nA Vie B")
    assert [p.canonical for p in reading.now] == ["A SER - BUL", "A GAL - RUM"]
    assert [(a.phase, a.canonical) for a in reading.ahead] == [(R, "F TRI R ALB"),
                                                              (W, "A VIE B")]


WINTER = [
    ("A Vie B", "en", "A VIE B", Build),
    ("build army Vienna", "en", "A VIE B", Build),
    ("WAIVE", "en", "WAIVE", None),
    ("costruisci A Vienna", "it", "A VIE B", Build),
    ("rinuncia", "it", "WAIVE", None),
    ("bouw leger Wenen", "nl", "A VIE B", Build),
    ("sla over", "nl", "WAIVE", None),
    ("A Gal D", "en", "A GAL D", Disband),
    ("sciogli A Galizia", "it", "A GAL D", Disband),
    ("verwijder leger Galicië", "nl", "A GAL D", Disband),
]


@pytest.mark.parametrize("text,language,canonical,kind", WINTER)
def test_winter_builds_and_removals_are_kept(text, language, canonical, kind):
    reading = _ahead(text, lang=language)
    (line,) = reading.ahead
    assert line.ok and line.phase is W and line.canonical == canonical, line.error
    assert kind is None or isinstance(line.order, kind)
    assert line.language == language


def test_removals_keep_their_order_of_preference():
    reading = _ahead("A Gal D\nA Ser D\nF Tri D")
    assert [(a.phase, a.canonical) for a in reading.ahead] == [
        (W, "A GAL D"), (W, "A SER D"), (W, "F TRI D")]


def test_a_disband_after_a_retreat_of_the_same_unit_is_its_last_option():
    reading = _ahead("F Tri R Alb\nA Gal D\nF Tri D")
    assert [(a.phase, a.canonical) for a in reading.ahead] == [
        (R, "F TRI R ALB"), (W, "A GAL D"), (R, "F TRI D")]


@pytest.mark.parametrize("text,language,words", [
    ("A Bud B", "en", "Budapest (BUD) is not yours now"),
    ("costruisci A Budapest", "it", "ora Budapest (BUD) non è un tuo centro"),
    ("bouw leger Boedapest", "nl", "Boedapest (BUD) is nu niet van jou"),
])
def test_a_build_on_a_home_centre_not_owned_now_is_kept_but_warned(text, language, words):
    # Budapest is Austria's home centre, lost for now (Austria owns Trieste and Serbia).
    position = Position(FALL.phase, FALL.units, {**FALL.supply_centers,
                                                 Power.AUSTRIA: frozenset({"tri", "ser"})})
    (line,) = _ahead(text, position=position, lang=language).ahead
    assert line.ok and line.canonical == "A BUD B"
    assert line.warning_kinds == ("ahead_not_owned",)
    assert words in line.warnings[0]


def test_a_removal_where_the_power_has_no_unit_now_is_kept_but_warned():
    (line,) = _ahead("A Bul D").ahead
    assert line.ok and line.canonical == "A BUL D"
    assert line.warning_kinds == ("ahead_no_unit",)


REFUSED = [
    # (text, language, power, what the error says)
    ("A Ser B", "en", Power.AUSTRIA, "not kept for the winter: Serbia (SER) is not a home centre"),
    ("costruisci A Serbia", "it", Power.AUSTRIA,
     "non tenuto per l'inverno: Serbia (SER) non è un centro della madrepatria"),
    ("bouw leger Servië", "nl", Power.AUSTRIA, "niet bewaard voor de winter: Servië (SER)"),
    ("F Vie B", "en", Power.AUSTRIA, "not kept for the winter"),
    ("A Mun D", "en", Power.AUSTRIA, "the unit in Munich (MUN) belongs to Germany"),
    ("sciogli A Monaco", "it", Power.AUSTRIA, "l'unità in Monaco (MUN) è di un'altra potenza (Germania)"),
    ("F Tri R Mun", "en", Power.AUSTRIA,
     "not kept for the retreats: the unit cannot retreat to Munich (MUN)"),
    ("se F Tri viene sloggiata, ritirata in Monaco", "it", Power.AUSTRIA,
     "non tenuto per le ritirate"),
    ("als F Tri verdreven wordt, trek terug naar München", "nl", Power.AUSTRIA,
     "niet bewaard voor de terugtochten"),
    ("A Ven R Pie", "en", Power.AUSTRIA, "the unit in Venice (VEN) belongs to Italy"),
    ("A Boh R Sil", "en", Power.AUSTRIA, "you have no unit in Bohemia (BOH)"),
    ("A Boem R Slesia", "it", Power.AUSTRIA, "non hai nessuna unità in Boemia (BOH)"),
]


@pytest.mark.parametrize("text,language,power,words", REFUSED)
def test_what_cannot_be_kept_is_refused_in_the_players_language(text, language, power, words):
    (line,) = _ahead(text, power=power, lang=language).ahead
    assert not line.ok and line.order is None
    assert line.error_kind in ("ahead_refused_winter", "ahead_refused_retreat")
    assert words in line.error


def test_nothing_is_kept_ahead_outside_a_movement_phase_or_without_a_sender():
    assert _ahead("A Vie B", power=None).ahead == ()
    # In a retreat phase a retreat is this phase's order; a build is kept for the winter.
    reading = read_with_ahead("A Bur R Gas\nF Bre B", RETREAT, Power.FRANCE)
    assert [p.canonical for p in reading.now] == ["A BUR R GAS"]
    assert [(a.phase, a.canonical) for a in reading.ahead] == [(W, "F BRE B")]


def test_ordinary_orders_and_errors_are_untouched():
    reading = _ahead("A Ser - Bul\nA Ser - Zwitserland\nciao")
    assert reading.ahead == ()
    assert [p.ok for p in reading.now] == [True, False, False]
    assert reading.now[1].error_kind == "unknown_word"


def test_a_move_with_or_is_not_read_as_retreat_options():
    # Only a line written as a retreat is split into options.
    reading = _ahead("A Ser - Bul or Rum")
    assert reading.ahead == () and not reading.now[0].ok


@pytest.mark.parametrize("message", [
    "F Tri H\nA Gal - Rum\nif F Tri is dislodged, retreat to Venice or Albania\nA Vie B",
    "F Tri H\nA Gal - Rum\nse F Tri viene sloggiata, ritirata in Venezia o Albania\n"
    "costruisci A Vienna",
    "F Tri H\nA Gal - Rum\nals F Tri verdreven wordt, trek terug naar Venetië of Albanië\n"
    "bouw leger Wenen",
])
def test_a_message_read_ahead_plays_its_fall_through(message):
    # The kept lines, as the service stores them, applied by the engine when each phase
    # opens: Venice is where the attack came from, so Albania; then the build in Vienna.
    from engine import adjudicate
    from engine.ahead import apply_ahead

    position = Position(Phase.parse("F1901M"), (
        Unit(Power.AUSTRIA, F, "tri"), Unit(Power.AUSTRIA, A, "ser"),
        Unit(Power.AUSTRIA, A, "gal"), Unit(Power.ITALY, A, "ven"),
        Unit(Power.ITALY, A, "tyr")),
        {Power.AUSTRIA: frozenset({"vie", "bud", "tri", "ser"})})
    reading = _ahead(message, position=position)
    assert [p.canonical for p in reading.now] == ["F TRI H", "A GAL - RUM"]
    assert all(a.ok for a in reading.ahead)
    kept = {kind: [(Power.AUSTRIA, a.order) for a in reading.ahead if a.phase is kind]
            for kind in (R, W)}
    assert [len(kept[R]), len(kept[W])] == [2, 1]
    fall = adjudicate(position, {Power.AUSTRIA: [p.order for p in reading.now],
                                 Power.ITALY: ["A VEN - TRI", "A TYR S A VEN - TRI"]})
    retreat = fall.next_position
    applied = apply_ahead(retreat, kept[R])
    assert [o.canonical() for o in applied.orders[Power.AUSTRIA]] == ["F TRI R ALB"]
    assert applied.covered == {Power.AUSTRIA}
    winter = adjudicate(retreat, applied.orders).next_position
    applied = apply_ahead(winter, kept[W])
    assert [o.canonical() for o in applied.orders[Power.AUSTRIA]] == ["A VIE B"]
    assert Power.AUSTRIA in applied.covered


_WORDS = ["F", "A", "Tri", "Alb", "Ven", "Vie", "R", "D", "B", "if", "se", "als", "is",
          "dislodged", "viene", "sloggiata", "verdreven", "wordt", "or", "o", "of", ",", ";",
          "retreat", "to", "si ritira in", "trek terug naar", "disband", "sciogli", "WAIVE",
          "costruisci", "-", "\n", "otherwise"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=14).map(" ".join) | st.text(max_size=200))
def test_any_text_is_read_without_an_exception(text):
    reading = _ahead(text)
    for line in reading.ahead:
        assert line.ok == (line.order is not None) and line.ok != (line.error is not None)
        assert line.phase in (R, W)
