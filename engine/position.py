"""A position: the phase, the units on the board, dislodged units waiting to retreat, and who owns
which supply centre. Reads and writes the JSON layout of the shared DATC records."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache

from engine.board import Board, standard_board
from engine.variants import board_of, check_id
from engine.vocabulary import Phase, Power, Unit, province_of

# Each position asks for its board: one look-up (adjudication is timed: bench/).
_board_of = cache(board_of)


@dataclass(frozen=True)
class DislodgedUnit:
    unit: Unit
    attacker_from: str | None = None
    # Provinces or coast locations the unit may retreat to; None when not known (the retreat
    # adjudication then derives them from the position).
    retreat_options: tuple[str, ...] | None = None

    def to_json(self) -> dict:
        data = self.unit.to_json()
        data["attacker_from"] = self.attacker_from
        if self.retreat_options is not None:
            data["retreat_options"] = list(self.retreat_options)
        return data

    @classmethod
    def from_json(cls, data: dict) -> DislodgedUnit:
        options = data.get("retreat_options")
        return cls(Unit.from_json(data), (data.get("attacker_from") or None),
                   tuple(o.lower() for o in options) if options is not None else None)


@dataclass(frozen=True)
class Position:
    phase: Phase
    units: tuple[Unit, ...]
    supply_centers: Mapping[Power, frozenset[str]] = field(default_factory=dict)
    dislodged: tuple[DislodgedUnit, ...] = ()
    # The variant the position is played on (`engine.variants`); its board is `board`.
    variant: str = "standard"

    @property
    def board(self) -> Board:
        return standard_board() if self.variant == "standard" else _board_of(self.variant)

    # -- queries ---------------------------------------------------------------------------
    def unit_in(self, province: str) -> Unit | None:
        province = province_of(province)
        for unit in self.units:
            if unit.province == province:
                return unit
        return None

    def units_of(self, power: Power) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.power == power)

    def owner_of(self, center: str) -> Power | None:
        for power, centers in self.supply_centers.items():
            if center in centers:
                return power
        return None

    def center_counts(self) -> dict[Power, int]:
        return {p: len(self.supply_centers.get(p, ())) for p in self.board.powers}

    def powers_with_units(self) -> frozenset[Power]:
        return frozenset(u.power for u in self.units)

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def initial(cls, board: Board | None = None, year: int | None = None) -> Position:
        """The variant's opening position (its first phase: Spring 1901, Winter 1900 for
        Chaos, Spring 1 for the Ancient Mediterranean); `year` moves it to another year."""
        board = board or standard_board()
        units = tuple(Unit(power, utype, loc) for power, placed in board.starting_units.items()
                      for utype, loc in placed)
        centers = {power: board.home_centers[power] for power in board.powers}
        start = Phase.parse(board.start)
        if year is not None:
            start = Phase(year, start.season, start.kind)
        return cls(start, units, centers, (), board.variant)

    @classmethod
    def from_record(cls, record: Mapping, variant: str | None = None) -> Position:
        """From the shared layout: `phase` (movement|retreat|adjustment or S1901M), `season`,
        `units`, `dislodged`, `supply_centers` (absent/None: every home centre is owned by its
        power — the DATC's default for movement cases), `variant` (absent: `variant`, else
        the standard board)."""
        chosen = check_id(record.get("variant") or variant)
        phase_text = str(record.get("phase") or "movement")
        try:
            phase = Phase.parse(phase_text)
        except ValueError:
            phase = Phase.from_record(record.get("season"), phase_text)
        units = tuple(Unit.from_json(u) for u in record.get("units") or ())
        dislodged = tuple(DislodgedUnit.from_json(d) for d in record.get("dislodged") or ())
        centers_raw = record.get("supply_centers")
        if centers_raw is None:
            board = board_of(chosen)
            centers = {power: board.home_centers[power] for power in board.powers}
        else:
            centers = {Power.parse(p, chosen): frozenset(c.lower() for c in cs)
                       for p, cs in centers_raw.items()}
        return cls(phase, units, centers, dislodged, chosen)

    def to_record(self) -> dict:
        record = {
            "phase": self.phase.name,
            "units": [u.to_json() for u in self.units],
            "dislodged": [d.to_json() for d in self.dislodged],
            "supply_centers": centers_to_json(self.supply_centers),
        }
        if self.variant != "standard":
            record["variant"] = self.variant
        return record


def centers_to_json(centers: Mapping[Power, Iterable[str]]) -> dict[str, list[str]]:
    return {p.value: sorted(cs) for p, cs in sorted(centers.items()) if cs}

