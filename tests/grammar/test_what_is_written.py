"""What the text says wins: a coast or unit type written explicitly is kept unless the sender's
own unit makes the reading certain, every change is a note, an order naming a coast its fleet
is not on says so in the player's language, and no canonical order gives an army a coast."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Phase, PhaseKind, Position, Power, Unit, UnitType, standard_board
from engine.orders import Build, Move, Retreat, parse_order
from grammar import parse_line
from tests.grammar.positions import ADJUSTMENT, CONVOY, OPENING, RETREAT

A, F = UnitType.ARMY, UnitType.FLEET


def at(phase: str, *units: tuple[Power, UnitType, str]) -> Position:
    return Position(Phase.parse(phase), tuple(Unit(*u) for u in units), OPENING.supply_centers)


TURKEY_EC = at("F1901M", (Power.TURKEY, F, "bul/ec"), (Power.FRANCE, F, "spa/nc"),
               (Power.RUSSIA, A, "mos"), (Power.ENGLAND, A, "lon"))

WRONG_COAST = {
    # line: (power, {language: note}, {language: reason}, canonical)
    "F Bul(sc) - Gre": (Power.TURKEY, "en", "F BUL/EC - GRE",
                        "“sc”: your fleet is on the east coast, read as Bulgaria (BUL/EC)",
                        "your fleet in Bulgaria (BUL/EC) is on the east coast, not the south "
                        "coast"),
    "F Bul south coast - Gre": (Power.TURKEY, "en", "F BUL/EC - GRE",
                                "“south coast”: your fleet is on the east coast, read as "
                                "Bulgaria (BUL/EC)",
                                "your fleet in Bulgaria (BUL/EC) is on the east coast, not the "
                                "south coast"),
    "F Bul costa sud - Gre": (Power.TURKEY, "it", "F BUL/EC - GRE",
                              "«costa sud»: la tua flotta è sulla costa est, letto come "
                              "Bulgaria (BUL/EC)",
                              "la tua flotta in Bulgaria (BUL/EC) è sulla costa est, non sulla "
                              "costa sud"),
    "Vloot Bulgarije zuidkust - Griekenland": (
        Power.TURKEY, "nl", "F BUL/EC - GRE",
        "„zuidkust”: je vloot ligt aan de oostkust, gelezen als Bulgarije (BUL/EC)",
        "je vloot in Bulgarije (BUL/EC) ligt aan de oostkust, niet aan de zuidkust"),
    "F Spa/sc - Wes": (Power.FRANCE, "en", "F SPA/NC - WES",
                       "“sc”: your fleet is on the north coast, read as Spain (SPA/NC)",
                       "your fleet in Spain (SPA/NC) is on the north coast, not the south coast"),
    "F Spa (Cs) - Moc": (Power.FRANCE, "it", "F SPA/NC - WES",
                         "«Cs»: la tua flotta è sulla costa nord, letto come Spagna (SPA/NC)",
                         "la tua flotta in Spagna (SPA/NC) è sulla costa nord, non sulla costa "
                         "sud"),
}


@pytest.mark.parametrize("line", WRONG_COAST)
def test_a_coast_the_fleet_is_not_on_is_noted_and_is_the_reason_the_order_fails(line):
    power, lang, canonical, note, reason = WRONG_COAST[line]
    parsed = parse_line(line, position=TURKEY_EC, power=power, lang=lang)
    assert parsed.canonical == canonical
    assert note in parsed.notes
    assert (parsed.valid, parsed.reason) == (False, reason)


def test_a_wrong_coast_on_a_legal_move_is_only_a_note():
    parsed = parse_line("F Spa/sc - Mao", position=TURKEY_EC, power=Power.FRANCE)
    assert (parsed.canonical, parsed.valid) == ("F SPA/NC - MAO", True)
    assert parsed.notes == ("“sc”: your fleet is on the north coast, read as Spain (SPA/NC)",)


def test_the_coast_written_for_someone_elses_fleet_is_kept():
    parsed = parse_line("F Bul/sc - Gre", position=TURKEY_EC, power=Power.RUSSIA)
    assert parsed.canonical == "F BUL/SC - GRE"
    assert parsed.reason == "the unit in Bulgaria (BUL) belongs to Turkey"


@pytest.mark.parametrize(("line", "power", "canonical", "reason"), [
    # another power's fleet stands there: the army as written, never "A BUL/EC"
    ("A Bul - Gre", Power.RUSSIA, "A BUL - GRE", "the unit in Bulgaria (BUL) belongs to Turkey"),
    ("A Spa - Por", Power.ENGLAND, "A SPA - POR", "the unit in Spain (SPA) belongs to France"),
    # the sender's own fleet: the fleet would fail too, so what is written stands
    ("A Bul - Gre", Power.TURKEY, "A BUL - GRE", "the unit in Bulgaria (BUL) is not of that type"),
])
def test_an_army_order_where_a_fleet_stands_on_a_coast_is_an_army_without_coast(
        line, power, canonical, reason):
    parsed = parse_line(line, position=TURKEY_EC, power=power)
    assert (parsed.canonical, parsed.reason) == (canonical, reason)


def test_the_senders_own_unit_of_the_other_type_is_read_where_that_makes_the_order_legal():
    parsed = parse_line("A Bul - Con", position=TURKEY_EC, power=Power.TURKEY)
    assert (parsed.canonical, parsed.valid) == ("F BUL/EC - CON", True)
    assert parsed.notes == ("“A” corrected: the unit there is F BUL/EC",)


@pytest.mark.parametrize(("line", "canonical", "note"), [
    ("A Lon/nc - Yor", "A LON - YOR", "an army has no coast: “nc” left out"),
    ("A Gas - Spa/nc", "A GAS - SPA", "an army has no coast: “NC” left out"),
])
def test_an_army_never_gets_a_coast(line, canonical, note):
    position = at("F1901M", (Power.ENGLAND, A, "lon"), (Power.FRANCE, A, "gas"))
    parsed = parse_line(line, position=position)
    assert parsed.canonical == canonical
    assert note in parsed.notes


def test_an_army_built_on_a_coast_is_built_in_the_province():
    parsed = parse_line("A StP/nc B", position=ADJUSTMENT, power=Power.RUSSIA)
    assert parsed.canonical == "A STP B"
    assert "an army has no coast: “nc” left out" in parsed.notes


def test_the_one_reachable_coast_is_named_when_the_1971_rules_want_it_written():
    position = at("S1902M", (Power.FRANCE, F, "gas"))
    strict = parse_line("F Gas - Spa", position=position, power=Power.FRANCE, rules="1971")
    assert not strict.ok and strict.error_kind == "missing_coast_one"
    assert strict.error == ("Spain (SPA) has two coasts, and from there only the north coast "
                            "can be reached: write SPA/NC")
    assert strict.candidates == ("F GAS - SPA/NC",)
    italian = parse_line("F Gua - Spa", position=position, power=Power.FRANCE, rules="1971",
                         lang="it")
    assert italian.error == ("Spagna (SPA) ha due coste, e da lì si raggiunge solo la costa "
                             "nord: scrivi SPA/NC")
    dutch = parse_line("Vloot Gascogne naar Spanje", position=position, power=Power.FRANCE,
                       rules="1971", lang="nl")
    assert dutch.error == ("Spanje (SPA) heeft twee kusten, en van daaruit is alleen de "
                           "noordkust bereikbaar: schrijf SPA/NC")
    lenient = parse_line("F Gas - Spa", position=position, power=Power.FRANCE, rules="2023")
    assert (lenient.canonical, lenient.notes) == ("F GAS - SPA/NC",
                                                   ("coast filled in: spa/nc",))


# -- any position, any text: the canonical order is well formed ------------------------------
BOARD = standard_board()
PROVINCES = sorted(BOARD.provinces)


@st.composite
def positions(draw) -> Position:
    kind = draw(st.sampled_from(["S1903M", "F1903M", "W1903A"]))
    taken: dict[str, Unit] = {}
    for _ in range(draw(st.integers(0, 14))):
        pid = draw(st.sampled_from(PROVINCES))
        province = BOARD.provinces[pid]
        types = [A] if province.kind == "land" else [F] if province.is_sea else [A, F]
        utype = draw(st.sampled_from(types))
        location = pid
        if utype is F and province.coasts:
            location = f"{pid}/{draw(st.sampled_from(sorted(province.coasts)))}"
        taken[pid] = Unit(draw(st.sampled_from(list(Power))), utype, location)
    return Position(Phase.parse(kind), tuple(taken.values()), OPENING.supply_centers)


WORDS = st.sampled_from([
    "A", "F", "Army", "Fleet", "armata", "vloot", "Bul", "Spa", "StP", "Bul(sc)", "Spa/nc",
    "Stp/sc", "(ec)", "/nc", "sc", "south coast", "costa nord", "zuidkust", "Gre", "Con",
    "Wes", "Mao", "Por", "Gas", "Bot", "Lon", "Nth", "Nwy", "Aeg", "Ion", "Tun", "Mos", "Lvn",
    "-", "→", "S", "C", "H", "B", "D", "via", "naar", "a", "sostiene", "steunt", "supports",
    "Russia:", "Italia", "German", "E)", "AFin", "FNth", "Irish", "Mid", "muovi", "move",
    "verplaats", "ferma", "da", "from", "Nap", "Rom", "Apu", "Ven", "Tri"])


def _well_formed(canonical: str, kind: PhaseKind) -> None:
    order = parse_order(canonical, kind)
    assert order.canonical() == canonical
    unit = getattr(order, "unit", None)
    if unit is A:
        assert "/" not in order.location, canonical
        if isinstance(order, (Move, Retreat)):
            assert "/" not in order.target, canonical
    if isinstance(order, Build):
        assert unit is F or "/" not in order.location
    for name in ("location", "target"):
        where = getattr(order, name, None)
        if where and "/" in where:
            pid, coast = where.split("/")
            assert coast in BOARD.provinces[pid].coasts, canonical


UNITS = st.sampled_from(["", "A ", "F ", "Army ", "Fleet ", "armata ", "vloot ", "Italia A ",
                         "E) F "])
PLACES = st.sampled_from(["Bul", "Spa", "StP", "Gre", "Con", "Wes", "Mao", "Por", "Gas", "Bot",
                          "Lon", "Nth", "Nwy", "Aeg", "Mos", "Lvn", "Yor", "Nap", "Tun", "Kie",
                          "Ber", "Mar", "Lyo", "Ska", "Swe", "Fin", "Bla", "Rum", "Sev", "Arm"])
COASTS = st.sampled_from(["", "", "/nc", "/sc", "/ec", "(sc)", " north coast", " costa sud",
                          " zuidkust", " (Ce)"])
SHAPES = st.sampled_from(["{0} H", "{0} - {2}", "{0} S {1}", "{0} S {1} - {2}",
                          "{0} C {1} - {2}", "{0} B", "{0} D", "{0} - {2} - {2}", "{0} {2}",
                          "{0} naar {2}", "{0} a {2}", "{0} R {2}"])


@st.composite
def order_texts(draw) -> str:
    """Order-shaped text: units with places and coasts written or not, in every shape."""
    def unit() -> str:
        return draw(UNITS) + draw(PLACES) + draw(COASTS)

    return draw(SHAPES).format(unit(), unit(), draw(PLACES) + draw(COASTS))


@settings(max_examples=500, deadline=None)
@given(positions(), order_texts() | st.lists(WORDS, min_size=1, max_size=7).map(" ".join),
       st.sampled_from([None, *Power]), st.sampled_from(["1971", "2023"]))
def test_any_canonical_order_is_well_formed(position, text, power, rules):
    parsed = parse_line(text, position=position, power=power, rules=rules)
    if parsed.ok and parsed.canonical != "WAIVE":
        _well_formed(parsed.canonical, position.phase.kind)


@pytest.mark.parametrize("position", [OPENING, CONVOY, RETREAT, ADJUSTMENT, TURKEY_EC])
@pytest.mark.parametrize("text", ["A Bul(sc) - Gre", "A Spa/nc - Por", "Bul/sc - Gre",
                                  "A Stp/nc", "A Lon - Nth - Nwy", "Spa/sc H", "F Spa/nc B"])
def test_written_coasts_on_the_fixed_positions_give_well_formed_orders(position, text):
    for power in (None, *Power):
        parsed = parse_line(text, position=position, power=power)
        if parsed.ok:
            _well_formed(parsed.canonical, position.phase.kind)
