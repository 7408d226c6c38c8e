"""The result of a move by convoy with no route says so, in the reader's language (issue 21):
not "convoy disrupted", not "not matched"."""

import pytest

from bot.formatting import reason_text
from engine import Phase, Position, Power, Unit, UnitType, adjudicate


@pytest.mark.parametrize("lang, words", [
    ("en", "no convoy route exists to Belgium"),
    ("it", "non esiste alcuna rotta di trasporto verso Belgio"),
    ("nl", "er bestaat geen konvooiroute naar België")])
def test_a_move_via_convoy_with_no_route_is_explained_as_no_route(lang, words):
    position = Position(Phase.parse("S1901M"), (
        Unit(Power.ENGLAND, UnitType.ARMY, "lon"), Unit(Power.ENGLAND, UnitType.FLEET, "nth")),
        Position.initial().supply_centers)
    result = adjudicate(position, {Power.ENGLAND: ["A LON - BEL VIA", "F NTH H"]})
    move = result.results[0].outcome
    assert reason_text(lang, move.reason.value, move.province).startswith(words)
