"""Positions the grammar tests read orders against."""

from __future__ import annotations

from engine import DislodgedUnit, Phase, Position, Power, Unit, UnitType

A, F = UnitType.ARMY, UnitType.FLEET
OPENING = Position.initial()


def _units(table: dict[Power, list[tuple[UnitType, str]]]) -> tuple[Unit, ...]:
    return tuple(Unit(power, kind, where) for power, placed in table.items()
                 for kind, where in placed)


# Fall 1901: England ready to convoy Yorkshire to Norway or Holland; France in the Channel.
CONVOY = Position(Phase.parse("F1901M"), _units({
    Power.ENGLAND: [(A, "yor"), (F, "nth"), (F, "nwg"), (A, "lon")],
    Power.FRANCE: [(F, "eng"), (A, "bel"), (F, "mao"), (A, "spa")],
    Power.GERMANY: [(F, "den"), (A, "kie")],
    Power.ITALY: [(F, "ion"), (A, "apu"), (F, "tys"), (A, "ven")],
}), OPENING.supply_centers)

# Fall 1901 retreats: the French army in Burgundy was dislodged from Munich; the Russian fleet
# in Rumania from Bulgaria.
RETREAT = Position(Phase.parse("F1901R"), _units({
    Power.GERMANY: [(A, "bur"), (A, "ber")],
    Power.FRANCE: [(A, "par"), (F, "mao")],
    Power.TURKEY: [(A, "rum"), (F, "bla")],
}), OPENING.supply_centers, (
    DislodgedUnit(Unit(Power.FRANCE, A, "bur"), "mun", ("gas", "mar")),
    DislodgedUnit(Unit(Power.RUSSIA, F, "rum"), "bul", ("sev",)),
))

# Winter 1901: France builds two (Spain and Portugal taken, three home centres empty);
# Italy removes one (Naples lost to Austria); Russia may build in St Petersburg only.
ADJUSTMENT = Position(Phase.parse("W1901A"), _units({
    Power.FRANCE: [(A, "bur"), (A, "spa"), (F, "por")],
    Power.ITALY: [(A, "rom"), (A, "ven"), (F, "tun")],
    Power.AUSTRIA: [(F, "nap"), (A, "vie"), (A, "bud")],
    Power.RUSSIA: [(A, "mos"), (A, "war"), (F, "sev")],
}), {**OPENING.supply_centers,
     Power.FRANCE: frozenset({"bre", "mar", "par", "spa", "por"}),
     Power.ITALY: frozenset({"rom", "ven"}),
     Power.AUSTRIA: frozenset({"vie", "bud", "tri", "nap"}),
     Power.RUSSIA: frozenset({"mos", "war", "sev", "stp", "rum"})})
