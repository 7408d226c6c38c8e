"""From an order's shape to engine orders: every reading of its words, narrowed by the position.

The rulebook's test (seed 000, VII.4): an order written badly but legibly, with only one
interpretation, is executed; an ambiguous one is not. So each word keeps all its readings (exact
names and abbreviations, then name prefixes, then misspellings, see `lexer.py`), every
combination becomes an engine order, and the engine's own validation (`engine.validation`, the
retreat and adjustment rules) says which can apply on this position. The best tier wins (legal
and plausible, then legal, then the rest), the cheapest readings within it; two different orders
left at the same cost make the order ambiguous, and the error names the candidates.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from engine import (
    Board,
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Outcome,
    PhaseKind,
    Position,
    Power,
    Retreat,
    Rules,
    SupportHold,
    SupportMove,
    UnitType,
    Waive,
)
from engine.outcomes import Reason
from engine.vocabulary import province_of
from grammar import texts, verdicts
from grammar.lexer import COST_OTHER_LANGUAGE, Lexeme, Place
from grammar.syntax import PlaceRef, Shape, UnitRef

MAX_READINGS = 300
COST_UNIT_FIXED = 1.0  # reading the unit as the type on the board, not the one written
_UNIT_TYPES = {"A": UnitType.ARMY, "F": UnitType.FLEET}  # a dict: faster than UnitType("A")

ALLOWED = {PhaseKind.MOVEMENT: ("hold", "move", "support", "convoy"),
           PhaseKind.RETREAT: ("retreat", "disband"),
           PhaseKind.ADJUSTMENT: ("build", "disband", "waive")}
_FAMILY = {"hold": "hold", "move": "move", "support_hold": "support", "support_move": "support",
           "convoy": "convoy", "retreat": "retreat", "disband": "disband", "build": "build",
           "waive": "waive"}


@dataclass(slots=True)
class Resolution:
    order: Order | None = None
    notes: tuple[str, ...] = ()
    error: str | None = None
    error_kind: str | None = None  # the message's key: "unknown_word", "not_an_order", ...
    error_params: tuple[tuple[str, str], ...] = ()  # plain values (powers) for a caller
    candidates: tuple[str, ...] = ()
    valid: bool = True
    reason: str | None = None


@dataclass(slots=True)
class _Choice:
    """One reading of one slot (the unit ordered, the unit supported, a destination)."""

    location: str
    unit: str | None = None
    cost: float = 0.0
    notes: list[tuple[str, dict]] = field(default_factory=list)
    lexeme: Lexeme | None = None
    picked: bool = False  # the unit was picked from the sender's units ("F Stands")
    wrong_coast: str | None = None  # the coast written for a fleet that is on another one


@dataclass(slots=True)
class _Reading:
    order: Order
    cost: float
    notes: list[tuple[str, dict]]
    choices: tuple[_Choice, ...]  # the unit ordered, and the unit supported or the target
    outcome: Outcome | None = None
    missing_coast: str | None = None
    picked: bool = False
    wrong_coast: str | None = None  # see _Choice


class Resolver:
    __slots__ = ("position", "power", "board", "rules", "line_language", "lang", "kind",
                 "view", "on_board", "orderable")

    def __init__(self, position: Position, power: Power | None, board: Board, rules: Rules,
                 line_language: str | None, language: str,
                 view: verdicts.PositionView | None = None) -> None:
        self.position = position
        self.power = power
        self.board = board
        self.rules = rules
        self.line_language = line_language
        self.lang = language
        self.kind = position.phase.kind
        self.view = view or verdicts.view_of(position)
        self.on_board = self.view.on_board
        self.orderable = self.view.orderable

    # -- entry -----------------------------------------------------------------------------
    def resolve(self, shape: Shape) -> Resolution:
        owner = shape.owner or (shape.subject.nation if shape.subject is not None else None)
        if owner is not None:
            # "Russia: A Mos - Lvn", "A Ven (Italia) - Tri": the sender's own, or refused.
            if self.power is None:
                self.power = Power(owner)
            elif owner != self.power.value:
                found = self._error("other_power_order", name=texts.power_name(
                    Power(owner), self.lang), power=texts.power_name(self.power, self.lang))
                found.error_params = (("power", owner), ("sender", self.power.value))
                return found
        if shape.steps:
            route = self._convoy_route(shape)
            if route is None:
                places = [shape.subject.place, shape.target, *shape.steps]
                path = "-".join(p.lexeme.text for p in places if p is not None)
                return self._error("multi_step", path=path, steps=len(shape.steps) + 1)
            shape = route
        kind = self._kind_in_phase(shape)
        if isinstance(kind, Resolution):
            return kind
        if kind == "waive":
            return Resolution(Waive(), valid=True)
        single = self._single_reading(kind, shape)
        if single is not None:
            reading, cheapest_of_several = single
            self._judge(reading)
            if not cheapest_of_several or (reading.outcome is None and verdicts.plausible(
                    self.view, reading.order, self.board)):
                return self._choose([reading])
        return self._weigh(kind, shape)

    def _convoy_route(self, shape: Shape) -> Shape | None:
        """`A Lon - Nth - Nwy`, the e-mail judges' way of writing a convoy: an army's move
        through seas only is a move by convoy to the last province (the seas kept as the
        shape's steps, for the note). None when a step may not be a sea or the unit is a
        fleet: a move of several steps."""
        if shape.subject.unit == "F" or shape.kind != "move":
            return None
        if shape.subject.place is not None and any(
                (unit := self.orderable.get(p.pid)) is not None and unit.type is UnitType.FLEET
                and (self.power is None or unit.power == self.power)
                for p in shape.subject.place.places):
            return None  # the sender's fleet: steps of its own
        *through, last = (shape.target, *shape.steps)
        seas = []
        for ref in through:
            sea = next((p.pid for p in ref.places if self.board.provinces[p.pid].is_sea), None)
            if sea is None:
                return None
            seas.append(sea)
        return shape._replace(target=last, steps=tuple(seas), via=True)

    def _weigh(self, kind: str, shape: Shape) -> Resolution:
        """Every reading of every slot, each combination judged on the position, the best
        chosen (see the module's text)."""
        subjects = self._subjects(shape.subject, kind)
        if isinstance(subjects, Resolution):
            return subjects
        others = self._places_of_units(shape.other) if shape.other else [None]
        targets = self._targets(shape.target) if shape.target else [None]
        slots = (subjects, others, targets)
        readings = []
        for subject, other, target in itertools.islice(itertools.product(*slots),
                                                       MAX_READINGS):
            readings.extend(self._readings(kind, shape, subject, other, target))
        if not readings:
            return self._error("empty", expected="")
        # The position's verdict on each reading (the engine's validation, remembered).
        for reading in readings:
            self._judge(reading)
        return self._choose(readings)

    def _judge(self, reading: _Reading) -> None:
        """The position's verdict on a reading (the engine's validation, remembered)."""
        reading.outcome = verdicts.verdict(self.view, self.power, reading.order, self.board,
                                           self.rules)

    # -- the usual line ---------------------------------------------------------------------
    def _single_reading(self, kind: str, shape: Shape) -> tuple[_Reading, bool] | None:
        """The reading of an order (not a build) whose unit words each name one unit, and
        that unit as written, with the destination's one reading or its cheapest: what
        `_weigh` finds for it, with nothing listed or weighed (most lines;
        `tests/grammar/test_single_reading.py` holds the two to the same result). With it,
        whether it was the cheapest of several destinations: then it stands only if legal
        and plausible (a reading cheaper than every other, legal and plausible, wins whatever
        the others' verdicts: they could only tie or lose). None for any other line."""
        subject = shape.subject
        ref = subject.place
        if ref is None or kind in ("build", "bare"):
            return None
        place = _only_place(ref.places, self.orderable, self.power)
        if place is None:
            return None
        unit = self.orderable.get(place.pid)
        written = subject.unit
        if unit is None or (written is not None and written != unit.type) or (
                ref.coast is not None and unit.location != f"{place.pid}/{ref.coast}"):
            return None  # what is written and what stands there differ: weighed
        notes = self._read_as(ref, place.how, place.pid)
        if written is None:
            notes.append(("unit_filled", {"unit": unit.label()}))
        utype, loc = unit.type, unit.location
        supported = other_loc = None
        if shape.other is not None:
            other_ref = shape.other.place
            other_place = _only_place(other_ref.places, self.on_board, None)
            if other_place is None:
                return None
            other_loc = other_place.pid
            notes += self._read_as(other_ref, other_place.how, other_loc)
            supported = _UNIT_TYPES.get(shape.other.unit)
            if supported is None:
                other_unit = self.on_board.get(other_loc)
                if other_unit is not None:
                    supported = other_unit.type
                    notes.append(("unit_filled", {"unit": other_unit.label()}))
        target = None
        cheapest_of_several = False
        if shape.target is not None:
            target_ref = shape.target
            if len(target_ref.places) == 1:
                target_place = target_ref.places[0]
            else:
                target_place = self._cheapest_place(target_ref.places)
                if target_place is None:
                    return None
                cheapest_of_several = True
            target = self._with_coast(target_place.pid, target_ref)
            notes += self._read_as(target_ref, target_place.how, target_place.pid)
        made = self._orders(kind, utype, loc, supported, other_loc, target, shape.via)
        if len(made) != 1 or made[0][2] is not None:
            return None  # a fleet's destination with two coasts: weighed
        order, extra, _missing = made[0]
        notes += _shape_notes(shape, kind, target)
        return _Reading(order, 0.0, notes + extra if extra else notes, ()), cheapest_of_several

    def _cheapest_place(self, places: tuple[Place, ...]) -> Place | None:
        """The reading cheaper than every other, as `_targets` prices them, or None."""
        ranked = sorted(places, key=lambda p: p.cost + self._penalty(p.languages))
        first, second = (p.cost + self._penalty(p.languages) for p in ranked[:2])
        return ranked[0] if second > first + _SAME_COST else None

    # -- the order kind in this phase ------------------------------------------------------
    def _kind_in_phase(self, shape: Shape) -> str | Resolution:
        kind = shape.kind
        if kind == "bare":
            if self.kind is PhaseKind.MOVEMENT:
                return "hold"
            if self.kind is PhaseKind.ADJUSTMENT:
                return "bare"
            column = shape.subject.lexeme
            return self._error("incomplete", word=_last_word(shape),
                               expected=texts.expected(("MOVE", "RETREAT", "DISBAND"),
                                                       self.lang), column=column.column)
        if self.kind is PhaseKind.RETREAT and kind == "move":
            return "retreat"
        family = _FAMILY[kind]
        if family not in ALLOWED[self.kind]:
            allowed = ", ".join(texts.kind_name(k, self.lang) for k in ALLOWED[self.kind])
            found = self._error("wrong_phase", kind=texts.kind_name(family, self.lang),
                                phase=texts.phase_name(self.kind.value, self.lang),
                                allowed=allowed)
            found.error_params = (("kind", family),)  # what the line is (grammar/ahead.py)
            return found
        return kind

    # -- slots -----------------------------------------------------------------------------
    def _penalty(self, languages: frozenset[str]) -> float:
        if self.line_language and self.line_language not in languages:
            return COST_OTHER_LANGUAGE
        return 0.0

    @staticmethod
    def _read_as(ref: PlaceRef, how: str, pid: str) -> list[tuple[str, dict]]:
        if how == "name" or how == "id":  # most words: nothing to say
            return []
        if how in ("prefix", "fuzzy") or (how == "abbreviation" and ref.lexeme.key != pid):
            return [("read_as", {"word": ref.lexeme.text, "pid": pid})]
        return []

    def _subjects(self, ref: UnitRef, kind: str) -> list[_Choice] | Resolution:
        if ref.place is not None:
            place_ref = ref.place
            placing = kind in ("build", "bare")  # a unit to place, not one on the board
            # Narrowed by the sender's units: a reading naming one of them is what was meant,
            # even when that order turns out illegal.
            places = place_ref.places if placing else _naming_units(
                place_ref.places, self.orderable, self.power)
            choices = []
            for place in places:
                notes = self._read_as(place_ref, place.how, place.pid)
                cost = place.cost + self._penalty(place.languages)
                unit = None if placing else self.orderable.get(place.pid)
                choices += self._subject(ref, place.pid, unit, cost, notes)
            return choices
        if kind in ("build", "bare"):
            return self._error("unit_needs_place", example=f"{ref.unit} ...")
        mine = sorted((u for u in self.orderable.values() if u.type.value == ref.unit
                       and (self.power is None or u.power == self.power)),
                      key=lambda u: u.location)
        if not mine:
            return self._error("no_unit_of_type", word=ref.lexeme.text,
                               unit=texts.unit_name(ref.unit, self.lang))
        return [_Choice(u.location, ref.unit, 0.0,
                        [("unit_chosen", {"word": ref.lexeme.text, "unit": ref.unit,
                                          "pid": u.location})], ref.lexeme, picked=True)
                for u in mine]

    def _subject(self, ref: UnitRef, pid: str, unit, cost: float,
                 notes: list[tuple[str, dict]]) -> list[_Choice]:
        """The unit ordered, read at one province. What is written (a unit type, a coast)
        stands unless the sender's own unit there makes the reading certain, and each change
        is a note: a fleet is on the coast it is on ("F Bul(sc)" for the fleet on the east
        coast; when the order fails, that is its reason); a unit of the other type is read
        too, a step dearer, so it wins only where it makes the order legal ("F Bri - Kie" for
        the army in Berlin, seed 003). An army never gets a coast."""
        place_ref = ref.place
        written = ref.unit
        coast = place_ref.coast
        if unit is not None and (self.power is None or unit.power == self.power or (
                written in (None, unit.type.value) and coast is None)):
            utype = unit.type.value
            written_too: list[_Choice] = []
            if written is None:
                notes.append(("unit_filled", {"unit": unit.label()}))
            elif written != utype:
                written_too = self._as_written(ref, pid, None, cost, notes)
                notes = notes + [("unit_corrected", {"word": ref.lexeme.text,
                                                     "unit": unit.label()})]
                cost += COST_UNIT_FIXED
            wrong_coast = None
            if coast is not None and unit.location != f"{pid}/{coast}":
                if unit.type is UnitType.FLEET:
                    wrong_coast = coast
                    notes.append(("coast_corrected", {
                        "word": place_ref.coast_lexeme.text, "pid": unit.location,
                        "coast": unit.location.partition("/")[2]}))
                else:
                    notes.append(("army_coast", {"word": place_ref.coast_lexeme.text}))
            return [*written_too, _Choice(unit.location, utype, cost, notes, place_ref.lexeme,
                                          wrong_coast=wrong_coast)]
        return self._as_written(ref, pid, unit, cost, notes)

    def _as_written(self, ref: UnitRef, pid: str, unit, cost: float,
                    notes: list[tuple[str, dict]]) -> list[_Choice]:
        """The unit ordered as written (a type left out is the type of the unit there, if
        any, else what the map allows: see `_readings`)."""
        place_ref = ref.place
        utype = ref.unit
        notes = list(notes)
        if utype is None and unit is not None:
            utype = unit.type.value
            notes.append(("unit_filled", {"unit": unit.label()}))
        location = self._with_coast(pid, place_ref)
        if utype == "A" and location != pid:
            location = pid
            notes.append(("army_coast", {"word": place_ref.coast_lexeme.text}))
        elif utype == "F" and unit is not None and place_ref.coast is None \
                and unit.type is UnitType.FLEET:
            location = unit.location
        return [_Choice(location, utype, cost, notes, place_ref.lexeme)]

    def _places_of_units(self, ref: UnitRef) -> list[_Choice]:
        choices = []
        places = _naming_units(ref.place.places, self.on_board, None)
        if ref.unit is not None and len(places) > 1:
            # "S A mar": of the places naming a unit, those naming an army (Marseilles, not
            # the seas whose Italian names start "Mar"), if any
            typed = [p for p in places if (u := self.on_board.get(p.pid)) is not None
                     and u.type.value == ref.unit]
            places = typed or places
        for place in places:
            unit = self.on_board.get(place.pid)
            notes = self._read_as(ref.place, place.how, place.pid)
            utype = ref.unit
            if utype is None and unit is not None:
                utype = unit.type.value
                notes.append(("unit_filled", {"unit": unit.label()}))
            choices.append(_Choice(place.pid, utype, place.cost + self._penalty(
                place.languages), notes, ref.place.lexeme))
        return choices

    def _targets(self, ref: PlaceRef) -> list[_Choice]:
        return [_Choice(self._with_coast(p.pid, ref) if ref.coast else p.pid, None,
                        p.cost + self._penalty(p.languages), self._read_as(ref, p.how, p.pid),
                        ref.lexeme) for p in ref.places]

    def _with_coast(self, pid: str, ref: PlaceRef) -> str:
        if not ref.coast:
            return pid
        province = self.board.provinces.get(pid)
        if province is not None and ref.coast in province.coasts:
            return f"{pid}/{ref.coast}"
        return pid

    # -- orders ----------------------------------------------------------------------------
    def _readings(self, kind: str, shape: Shape, subject: _Choice, other: _Choice | None,
                  target: _Choice | None) -> list[_Reading]:
        notes = subject.notes
        cost = subject.cost
        choices: tuple[_Choice, ...] = (subject,)
        for extra in (other, target):
            if extra is not None:
                notes = notes + extra.notes
                cost += extra.cost
                choices += (extra,)
        utype = _UNIT_TYPES.get(subject.unit)
        loc = subject.location
        if kind == "bare":
            unit = self.on_board.get(province_of(loc))
            if unit is not None and (self.power is None or unit.power == self.power):
                kind, notes = "disband", notes + [("bare_disband", {})]
            else:
                kind, notes = "build", notes + [("bare_build", {})]
        shaped = _shape_notes(shape, kind, target.location if target else None)
        if shaped:
            notes = notes + shaped
        picked = subject.picked

        wrong_coast = subject.wrong_coast

        def make(order: Order, extra: list[tuple[str, dict]] | None = None,
                 missing: str | None = None) -> _Reading:
            return _Reading(order, cost, notes + extra if extra else notes, choices,
                            missing_coast=missing, picked=picked, wrong_coast=wrong_coast)

        if kind == "build":
            if utype is None:
                kinds = self._buildable(province_of(loc))
                return [r for t in kinds for r in self._build_readings(
                    make, UnitType(t), loc, [("unit_filled", {"unit": f"{t} {loc.upper()}"})]
                    if len(kinds) == 1 else [])]
            return self._build_readings(make, utype, loc, [])
        if utype is None and kind != "disband":
            # No unit there and no type written: what the map allows (a unit at sea is a
            # fleet, only an army stands inland or goes there), else one reading each.
            types = self._types_by_map(loc, target.location if target else None)
            if len(types) == 1:
                notes = notes + [("unit_from_map", {"unit": types[0].value})]
        else:
            types = (utype,)
        return [make(order, extra, missing) for utype in types
                for order, extra, missing in self._orders(
                    kind, utype, loc, _UNIT_TYPES.get(other.unit) if other else None,
                    other.location if other else None, target.location if target else None,
                    shape.via)]

    def _types_by_map(self, loc: str, target: str | None) -> tuple[UnitType, ...]:
        kinds = [self.board.provinces[province_of(loc)].kind]
        if target is not None and kinds[0] == "coast":
            kinds.append(self.board.provinces[province_of(target)].kind)
        if "sea" in kinds:
            return (UnitType.FLEET,)
        if "land" in kinds:
            return (UnitType.ARMY,)
        return (UnitType.ARMY, UnitType.FLEET)

    def _orders(self, kind: str, utype: UnitType | None, loc: str,
                supported: UnitType | None, other: str | None, target: str | None,
                via: bool) -> list[tuple[Order, list[tuple[str, dict]], str | None]]:
        """(order, notes, province missing its coast) for every order but a build: one, or a
        fleet's move or retreat to each coast it could mean."""
        if kind == "hold":
            return [(_order(Hold, utype, loc), [], None)]
        if kind == "disband":
            return [(_order(Disband, utype, loc), [], None)]
        if kind in ("move", "retreat"):
            return self._moves(kind, utype, loc, target, via)
        if kind == "support_hold":
            return [(_order(SupportHold, utype, loc, supported, other), [], None)]
        if kind == "support_move":
            return [(_order(SupportMove, utype, loc, supported, other, province_of(target)),
                     [], None)]
        if kind == "convoy":
            return [(_order(Convoy, utype, loc, other, province_of(target)), [], None)]
        raise AssertionError(kind)

    def _buildable(self, pid: str) -> list[str]:
        province = self.board.provinces.get(pid)
        if province is None or province.kind == "sea":
            return ["A"]
        return ["A"] if province.kind == "land" else ["A", "F"]

    def _build_readings(self, make, utype: UnitType, loc: str, extra) -> list[_Reading]:
        province = self.board.provinces.get(province_of(loc))
        if utype is UnitType.ARMY and "/" in loc:
            loc, extra = province_of(loc), extra + [("army_coast", {
                "word": loc.partition("/")[2].upper()})]
        if utype is UnitType.FLEET and province is not None and province.coasts and "/" not in loc:
            return [make(Build(utype, f"{loc}/{c}"), extra, missing=loc)
                    for c in province.coasts]
        return [make(Build(utype, loc), extra)]

    def _moves(self, kind: str, utype: UnitType | None, loc: str, target: str, via: bool):
        """(order, notes, province missing its coast) for a move or retreat; a fleet going to
        a two-coast province without naming the coast gets one reading per reachable coast."""
        fields = (Retreat, utype, loc) if kind == "retreat" else (Move, utype, loc)
        tail = () if kind == "retreat" else (via,)
        if utype is not UnitType.FLEET and "/" in target:  # an army goes to a province
            province = province_of(target)
            return [(_order(*fields, province, *tail),
                     [("army_coast", {"word": target.partition("/")[2].upper()})], None)]
        if utype is UnitType.FLEET:
            province = self.board.provinces.get(target)
            if province is not None and province.coasts:
                coasts = self.board.reachable_coasts(loc, target)
                if len(coasts) == 1 and not self.rules.fleet_coast_always_required:
                    return [(_order(*fields, coasts[0], *tail),
                             [("coast_filled", {"location": coasts[0]})], None)]
                if coasts:
                    return [(_order(*fields, c, *tail), [], target) for c in coasts]
        return [(_order(*fields, target, *tail), [], None)]

    # -- choosing --------------------------------------------------------------------------
    def _choose(self, readings: list[_Reading]) -> Resolution:
        if len(readings) == 1 and not readings[0].missing_coast:
            chosen = readings[0]  # most orders: one reading, nothing to weigh
        else:
            top = self._best(readings)
            if len(top) > 1 or any(r.missing_coast for r in top.values()):
                return self._ambiguous(list(top.values()), tuple(top))
            chosen = next(iter(top.values()))
        notes = tuple(dict.fromkeys(self._note(k, v) for k, v in chosen.notes)) \
            if chosen.notes else ()
        if chosen.outcome is None:
            return Resolution(chosen.order, notes)
        outcome = chosen.outcome
        if outcome.reason is Reason.NO_CONVOY_ROUTE and not self._by_sea(chosen.order):
            # The engine looks for a convoy whenever an army's target is not next to it; when
            # neither end is on a coast, the player simply named a province out of reach.
            outcome = Outcome(outcome.status, Reason.NOT_ADJACENT, outcome.province)
        if chosen.wrong_coast is not None:
            # "F Spa/sc - Wes" with the fleet on the north coast: say where it is.
            location = chosen.order.location
            return Resolution(chosen.order, notes, valid=False, reason=texts.message(
                self.lang, "wrong_coast", name=texts.province(location, self.lang),
                coast=texts.coast_name(location.partition("/")[2], self.lang),
                written=texts.coast_name(chosen.wrong_coast, self.lang)))
        owner = None
        if outcome.reason is Reason.WRONG_POWER and outcome.province:
            unit = self.orderable.get(province_of(outcome.province))
            owner = unit.power if unit else None
        return Resolution(chosen.order, notes, valid=False,
                          reason=texts.reason(outcome.reason, outcome.province, self.lang,
                                              owner))

    def _best(self, readings: list[_Reading]) -> dict[str, _Reading]:
        """The cheapest readings of the best tier (legal and plausible, legal, the rest), one
        per distinct order."""
        def tier(r: _Reading) -> int:
            if r.outcome is None:
                # Whether the unit supported or convoyed is there and could make that move:
                # asked only here, where there are readings to weigh.
                return 0 if verdicts.plausible(self.view, r.order, self.board) else 1
            return 2

        tiers = [tier(r) for r in readings]
        best = min(tiers)
        group = [r for r, t in zip(readings, tiers, strict=True) if t == best]
        cheapest = min(r.cost for r in group)
        top: dict[str, _Reading] = {}
        for r in group:
            if r.cost <= cheapest + _SAME_COST:
                top.setdefault(r.order.canonical(), r)
        return top

    def _by_sea(self, order: Order) -> bool:
        ends = [self.board.provinces.get(province_of(getattr(order, name)))
                for name in ("location", "target")]
        return all(p is not None and p.kind == "coast" for p in ends)

    def _ambiguous(self, top: list[_Reading], candidates: tuple[str, ...]) -> Resolution:
        missing = {r.missing_coast for r in top}
        if None not in missing and len(missing) == 1:
            province = missing.pop()
            if len(top) == 1:
                # One coast reachable, and these rules (1971, seed 003) want it written.
                location = getattr(top[0].order, "target", top[0].order.location)
                return self._error("missing_coast_one", candidates,
                                   province=texts.province(province, self.lang),
                                   coast=texts.coast_name(location.partition("/")[2],
                                                          self.lang),
                                   location=location.upper())
            coasts = [texts.vocabulary(self.lang)["coast_names"].get(c, c)
                      for c in self.board.provinces[province].coasts]
            return self._error("missing_coast", candidates,
                               province=texts.province(province, self.lang),
                               coasts=texts.join_or(coasts, self.lang))
        if all(r.picked for r in top):
            units = texts.join_or([f"{r.order.unit.value} "
                                   f"{r.order.location.upper()}" for r in top], self.lang)
            first = top[0].order
            return self._error("several_units", candidates, word=first.unit.value,
                               unit=texts.unit_name(first.unit.value, self.lang), units=units)
        slots = [[_slot(c) for c in r.choices] for r in top]
        differing = [i for i in range(len(slots[0]))
                     if len({s[i][1] for s in slots if len(s) > i}) > 1]
        if len(differing) == 1:
            index = differing[0]
            pids = list(dict.fromkeys(s[index][1] for s in slots))
            column, _pid, word = slots[0][index]
            return self._error("ambiguous_word", candidates, word=word, column=column + 1,
                               names=texts.provinces(pids, self.lang))
        return self._error("ambiguous_order", candidates,
                           orders=texts.join_or(list(candidates), self.lang))

    # -- messages --------------------------------------------------------------------------
    def _note(self, key: str, values: dict) -> str:
        values = dict(values)
        if "pid" in values:
            values["name"] = texts.province(values.pop("pid"), self.lang)
        if "pids" in values:
            values["names"] = ", ".join(texts.province(p, self.lang) for p in values.pop("pids"))
        if key == "unit_chosen":
            values["unit"] = texts.unit_name(values["unit"], self.lang)
        if "coast" in values:
            values["coast"] = texts.coast_name(values["coast"], self.lang)
        return texts.note(self.lang, key, **values)

    def _error(self, key: str, candidates: tuple[str, ...] = (), **values) -> Resolution:
        return Resolution(error=texts.message(self.lang, key, **values), error_kind=key,
                          candidates=candidates, valid=False)


# One object per distinct order read: an order read again (every phase has its "A Par - Bur")
# is not built again, and the verdicts' lookups find it by identity before equality.
_ORDERS: dict[tuple, Order] = {}
_ORDERS_KEPT = 100_000


def _order(kind: type, *fields: object) -> Order:
    key = (kind, *fields)
    found = _ORDERS.get(key)
    if found is None:
        if len(_ORDERS) > _ORDERS_KEPT:
            _ORDERS.clear()
        found = _ORDERS[key] = kind(*fields)
    return found


def forget() -> None:
    """Drop the orders kept (benchmarks start cold with it)."""
    _ORDERS.clear()


_SAME_COST = 1e-9  # costs this close are equal (sums of quarters and units)


def _shape_notes(shape: Shape, kind: str, target: str | None) -> list[tuple[str, dict]]:
    """What the order's shape says was interpreted: a bare unit held, a move written without
    its sign, a move read as a retreat."""
    notes = []
    if shape.kind == "bare" and kind == "hold":
        notes.append(("bare_hold", {}))
    if shape.implicit:
        notes.append(("implicit_move", {"pid": province_of(target)}))
    if shape.kind == "move" and kind == "retreat":
        notes.append(("move_as_retreat", {}))
    if shape.steps:  # a convoy's route (see Resolver._convoy_route)
        notes.append(("convoy_route", {"pids": shape.steps}))
    return notes


def _naming_units(places: tuple[Place, ...], units: dict, power: Power | None
                  ) -> tuple[Place, ...] | list[Place]:
    """The readings of a unit's place word that name a unit (the sender's, when there is
    one), if any do; else all of them."""
    if len(places) < 2:
        return places
    named = [p for p in places if (u := units.get(p.pid)) is not None
             and (power is None or u.power == power)]
    return named or places


def _only_place(places: tuple[Place, ...], units: dict, power: Power | None) -> Place | None:
    """The one reading of a unit's place word once narrowed by the units (`_naming_units`),
    or None."""
    narrowed = _naming_units(places, units, power)
    return narrowed[0] if len(narrowed) == 1 else None


def _slot(choice: _Choice) -> tuple[int, str, str]:
    return (choice.lexeme.start, province_of(choice.location), choice.lexeme.text)


def _last_word(shape: Shape) -> str:
    ref = shape.subject
    return ref.place.lexeme.text if ref.place else ref.lexeme.text
