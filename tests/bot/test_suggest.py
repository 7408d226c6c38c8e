from bot.suggest import suggestions, unit_of


def test_movement_suggestions_are_holds_and_moves_to_neighbours():
    assert suggestions(["A PAR"], "", "S1901M") == [
        "A PAR H", "A PAR - BRE", "A PAR - BUR", "A PAR - GAS", "A PAR - PIC"]


def test_fleets_move_from_their_coast_and_what_was_typed_narrows():
    assert suggestions(["F STP/SC", "A MOS"], "f stp/sc - l", "S1901M") == [
        "F STP/SC - LVN"]


def test_retreat_suggestions_include_disbanding():
    found = suggestions(["A BUR"], "a bur", "F1901R")
    assert "A BUR R PAR" in found and found[-1] == "A BUR D"


def test_at_most_25_suggestions():
    assert len(suggestions(["A PAR", "A MUN", "A VIE", "A BUD", "A WAR", "A MOS"], "",
                           "S1901M")) == 25


def test_units_are_read_from_orders_and_missing_lists():
    assert unit_of("A PAR - BUR") == "A PAR" and unit_of("F STP/SC") == "F STP/SC"
    assert unit_of("WAIVE") is None
