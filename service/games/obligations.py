"""What a power has to order in a phase, and what it has not ordered yet."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.adjustments import adjustment_counts, build_sites, powers_needing_orders
from engine.orders import Build, Disband, Order, Waive, parse_order
from engine.position import Position
from engine.vocabulary import PhaseKind, Power, province_of


def needs_orders(position: Position, power: Power,
                 neutral: frozenset[Power] = frozenset()) -> bool:
    """Whether `power` has a choice to make in `position`'s phase: units to order, dislodged
    units that may retreat, builds with a free home centre, or removals to choose (a power
    that must remove every unit it has has no choice: see `forced_removals`)."""
    if power in neutral:
        return False
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return any(u.power == power for u in position.units)
    if kind is PhaseKind.RETREAT:
        return any(d.unit.power == power and d.retreat_options != () for d in position.dislodged)
    return power in powers_needing_orders(position.units, position.supply_centers,
                                          position.board, neutral) \
        and not forced_removals(position, power, neutral)


def forced_removals(position: Position, power: Power,
                    neutral: frozenset[Power] = frozenset()) -> int:
    """Adjustments: how many units `power` must remove when it has no choice, i.e. no supply
    centre left, so every unit it has goes (seed 000 XIII.2: units beyond the centres owned
    are removed); 0 otherwise. Such a power is not waited for nor charged a missed phase: its
    removals happen at the adjudication."""
    if (power in neutral or position.phase.kind is not PhaseKind.ADJUSTMENT
            or position.supply_centers.get(power)):
        return 0
    return sum(1 for u in position.units if u.power == power)


def nothing_to_choose(position: Position, neutral: frozenset[Power] = frozenset()) -> bool:
    """An adjustment phase in which no power has a choice (only forced removals): it is
    adjudicated at once, waiting for nobody."""
    return position.phase.kind is PhaseKind.ADJUSTMENT and not any(
        needs_orders(position, p, neutral) for p in position.board.powers)


def unit_key(order: Order, index: int) -> str:
    """What a later order replaces: the order for the same unit (or the same build site);
    the n-th WAIVE of a message replaces the n-th WAIVE of an earlier one."""
    if isinstance(order, Waive):
        return f"waive#{index}"
    if isinstance(order, Build):
        return f"build:{province_of(order.location)}"
    return province_of(order.location)


def missing(position: Position, power: Power, orders: Iterable[str],
            neutral: frozenset[Power] = frozenset()) -> tuple[str, ...]:
    """Units still without an order (`A PAR`), or in adjustments the builds or removals
    still to order (`2 builds`, `1 removal`)."""
    if not needs_orders(position, power, neutral):
        return ()
    kind = position.phase.kind
    given = [parse_order(text, kind) for text in orders]
    ordered = {province_of(o.location) for o in given if o.location}
    if kind is PhaseKind.MOVEMENT:
        return tuple(u.label() for u in position.units
                     if u.power == power and u.province not in ordered)
    if kind is PhaseKind.RETREAT:
        return tuple(d.unit.label() for d in position.dislodged
                     if d.unit.power == power and d.retreat_options != ()
                     and d.unit.province not in ordered)
    delta = adjustment_counts(position.units, position.supply_centers, neutral).get(power, 0)
    if delta > 0:
        sites = build_sites(power, position.units, position.supply_centers, position.board)
        left = min(delta, len(sites)) - sum(isinstance(o, Build | Waive) for o in given)
        return (f"{left} build{'s' if left > 1 else ''}",) if left > 0 else ()
    if delta < 0:
        left = -delta - sum(isinstance(o, Disband) for o in given)
        return (f"{left} removal{'s' if left > 1 else ''}",) if left > 0 else ()
    return ()


@dataclass(frozen=True)
class Duty:
    """What one power has to do in a phase: the units to order (movement), the dislodged
    units with where each may go (retreats), the builds allowed with the free home centres,
    or the removals due (adjustments). Nothing to do: `needed` is False."""

    power: Power
    kind: PhaseKind
    units: tuple[str, ...] = ()                         # movement: "A PAR", ...
    dislodged: tuple[dict[str, Any], ...] = ()          # retreats: unit, attacker, options
    builds: int = 0                                     # adjustments: builds allowed
    sites: tuple[str, ...] = ()                         # free home centres to build in
    removals: int = 0                                   # adjustments: units to remove
    forced: bool = False    # the removals leave no choice (no centre left): nothing to order
    centres_over: int = 0   # builds due beyond the free home centres (lost this winter)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def needed(self) -> bool:
        return bool(self.units or self.dislodged or self.builds
                    or (self.removals and not self.forced))

    def to_json(self) -> dict[str, Any]:
        return {"power": self.power.value, "kind": self.kind.value, "units": list(self.units),
                "dislodged": [dict(d) for d in self.dislodged], "builds": self.builds,
                "sites": list(self.sites), "removals": self.removals,
                "centres_over": self.centres_over,
                **({"forced": True} if self.forced else {})}


def duty(position: Position, power: Power,
         neutral: frozenset[Power] = frozenset()) -> Duty:
    """What `power` has to order in `position`'s phase."""
    kind = position.phase.kind
    if power in neutral:
        return Duty(power, kind)
    if kind is PhaseKind.MOVEMENT:
        return Duty(power, kind, units=tuple(u.label() for u in position.units
                                             if u.power == power))
    if kind is PhaseKind.RETREAT:
        return Duty(power, kind, dislodged=tuple(
            {"unit": d.unit.label(), "attacker": d.attacker_from,
             "options": list(d.retreat_options or ())}
            for d in position.dislodged if d.unit.power == power and d.retreat_options))
    delta = adjustment_counts(position.units, position.supply_centers, neutral).get(power, 0)
    if delta > 0:
        sites = build_sites(power, position.units, position.supply_centers, position.board)
        allowed = min(delta, len(sites))
        return Duty(power, kind, builds=allowed, sites=tuple(sites) if allowed else (),
                    centres_over=delta - allowed)
    if delta < 0:
        return Duty(power, kind, removals=-delta,
                    forced=bool(forced_removals(position, power, neutral)))
    return Duty(power, kind)


def unordered(position: Position, ordered: Iterable[tuple[Power, str]],
              neutral: frozenset[Power] = frozenset()) -> list[dict[str, Any]]:
    """What the results must say besides the orders given, so every unit is accounted for:
    units that had no order in a movement phase (they held), dislodged units that had no
    order in a retreat phase (they were disbanded), and builds allowed but not given (waived)
    or removals forced on a power with no centre left (no order needed) in an adjustment
    phase. `ordered`: (power, canonical order) of every order given."""
    kind = position.phase.kind
    given: dict[Power, list[str]] = {}
    for power, text in ordered:
        given.setdefault(power, []).append(text)
    located = {(p, province_of(parse_order(t, kind).location or "")) for p, texts in given.items()
               for t in texts if t != "WAIVE"}
    if kind is PhaseKind.MOVEMENT:
        return [{"power": u.power.value, "unit": u.label(), "fate": "held"}
                for u in position.units
                if u.power not in neutral and (u.power, u.province) not in located]
    if kind is PhaseKind.RETREAT:
        return [{"power": d.unit.power.value, "unit": d.unit.label(), "fate": "disbanded"}
                for d in position.dislodged if d.retreat_options
                and (d.unit.power, d.unit.province) not in located]
    silent: list[dict[str, Any]] = []
    for power in position.board.powers:
        owed = duty(position, power, neutral)
        used = sum(t == "WAIVE" or t.endswith(" B") for t in given.get(power, []))
        if owed.builds > used:
            silent.append({"power": power.value, "unused_builds": owed.builds - used})
        if owed.forced and not given.get(power):
            silent.append({"power": power.value, "removed_forced": owed.removals})
    return silent


@dataclass(frozen=True)
class Silence:
    """What the powers that gave no valid order in a phase did (docs/moderation.md, "Missed
    phases"): `missed` owed orders and sent none; of them, only those of a movement phase are
    in civil disorder (seed 000 XIV.3: "non presenta in tempo gli ordini di Primavera e di
    Fine d'Anno"); `refused` sent orders of which none was valid (not missed: they were
    there). Builds not given are waived, retreats not given disband (seed 000 XI.2),
    removals not given are chosen by the rule (seed 000 XIV.4), forced removals need no
    order: none of these is civil disorder."""

    missed: frozenset[Power] = frozenset()
    refused: frozenset[Power] = frozenset()
    civil_disorder: frozenset[Power] = frozenset()


def silence(position: Position, silent: Iterable[Power], spoke: Iterable[Power],
            neutral: frozenset[Power] = frozenset()) -> Silence:
    """`silent`: the powers the engine found without an order (`PhaseResult.civil_disorder`);
    `spoke`: the powers that sent something in the phase, valid or not."""
    owed = frozenset(p for p in silent if needs_orders(position, p, neutral))
    refused = owed & frozenset(spoke)
    missed = owed - refused
    movement = position.phase.kind is PhaseKind.MOVEMENT
    return Silence(missed, refused, missed if movement else frozenset())
