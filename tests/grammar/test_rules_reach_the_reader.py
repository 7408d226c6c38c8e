"""The game's rule preset reaches the reader through the service's one reading function."""

from engine import Phase, Position, Power, Unit, UnitType
from service.orders.text import read_orders
from tests.grammar.positions import OPENING

BLACK_SEA = Position(Phase.parse("S1902M"), (Unit(Power.TURKEY, UnitType.FLEET, "bla"),),
                     OPENING.supply_centers)


def test_the_service_reads_with_the_games_rules():
    [strict] = read_orders("F Bla - Bul", position=BLACK_SEA, power=Power.TURKEY, rules="1971")
    [lenient] = read_orders("F Bla - Bul", position=BLACK_SEA, power=Power.TURKEY, rules="2023")
    assert not strict.ok and "only the east coast" in strict.error
    assert lenient.ok and lenient.order.canonical() == "F BLA - BUL/EC"
