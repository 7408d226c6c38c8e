"""What players do: send orders (free text through the order language), see and clear them,
mark themselves ready, vote for a draw, and look at maps (current, a preview of their own
orders, any earlier phase)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.adjudicator import adjudicate
from engine.orders import Build, Order, OrderSyntaxError, Waive, parse_order
from engine.outcomes import Status
from engine.position import Position
from engine.vocabulary import PhaseKind, Power, Unit, province_of
from grammar.ahead import read_with_ahead
from service.errors import InvalidRequest, NotAllowed, OrdersRejected, PhaseClosed
from service.games.adjudication import Adjudication
from service.games.lookups import (
    game_or_fail,
    open_phase_or_fail,
    powers_or_fail,
    seat_needs_orders,
)
from service.games.obligations import Duty, duty, missing, unit_key
from service.games.sealed import as_seen
from service.models import (
    ACTIVE,
    Game,
    LineReport,
    PhaseRow,
    PowerOrders,
    ReadyReport,
    SubmissionReport,
)
from service.notices import results_text as announcements
from service.notices.outbox import Outbox
from service.orders.ahead import replaces_kept
from service.orders.meant import absent_unit, meant_orders
from service.orders.text import Reading, power_header, read_orders
from service.storage.db import Database
from service.storage.repos import ahead as ahead_rows
from service.storage.repos import orders as order_rows
from service.storage.repos import phases, seats
from service.timing.clock import Clock, from_ts, now_ts
from service.timing.deadlines import Deadlines

# Lines read as orders but refused: they came, none of them valid (not "no orders").
_REFUSED = frozenset({"orders.not_your_section", "orders.not_your_centre",
                      "orders.not_your_unit", "orders.no_unit_there"})


class Orders:
    def __init__(self, db: Database, clock: Clock, outbox: Outbox, adjudication: Adjudication,
                 deadlines: Deadlines) -> None:
        self.db = db
        self.clock = clock
        self.outbox = outbox
        self.adjudication = adjudication
        self.deadlines = deadlines

    async def submit(self, game_id: int, user_id: int, text: str, *,
                            power: Power | None = None, lang: str = "auto",
                            reply_lang: str | None = None,
                            phase: str | None = None) -> SubmissionReport:
        """Read `text` (one order per line, any of English/Italian/Dutch) for the sender's
        power(s) and record the lines that were read: each unit's new order replaces its
        earlier one; every submission is kept with its time. A sender holding several powers
        may head sections with a power name, or name `power`; otherwise each line goes to the
        power whose unit it names. `phase` (e.g. "S1901M"), when given, must be the open
        phase. Lines that were not read come back with their error (nothing is recorded for
        them). Raises NotAllowed (not seated at that power), PhaseClosed (the phase is being
        or has been adjudicated: nothing recorded), OrdersRejected (an empty message).
        A power in civil disorder returns by sending orders."""
        if not text.strip():
            raise OrdersRejected("orders.empty", "the message holds no orders")
        self._refuse_during_adjudication(game_id, phase)
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            mine = await powers_or_fail(conn, game, user_id)
        if power is not None and power not in mine:
            raise NotAllowed("orders.not_your_power", f"you do not play {power.value} in "
                             f"{game.name}", game=game.name, power=power.value)
        if phase is not None and phase.strip().upper() != current.name:
            raise PhaseClosed("orders.wrong_phase", f"these orders are for {phase.upper()}, "
                              f"but the phase in play is {current.name}; nothing was recorded",
                              sent_for=phase.upper(), open=current.name)
        # fog of war: read and checked on what the sender sees (sealed.as_seen)
        seen = as_seen(game, current.position, mine)
        # Orders sent ahead (retreats, the winter's): each for the power whose unit or
        # centre it names (the one named, if any); the rest of the message is this phase's.
        keepers = _kept_for(text, seen, [power] if power else list(mine), lang,
                            reply_lang, game.settings.rules)
        kept = tuple(line for _p, line in keepers)
        if kept:
            text = "\n".join(line for line in _without(text, kept) if line.strip())
        lines, chosen = self._read(text, seen, mine, power, lang, reply_lang,
                                   game.settings.rules) if text.strip() else ([], [])
        lines, chosen = _not_there(seen, lines, chosen, game.settings.rules,
                                   fog=seen is not current.position)
        lines = self._with_warnings(game, seen, lines, chosen)
        now = now_ts(self.clock)
        async with self.db.transaction(game_id) as conn:
            latest = await phases.latest_id(conn, game_id)
            if self.adjudication.is_adjudicating(game_id) or latest is None or latest[0] != current.id \
                    or latest[2] != "open":
                raise _closed(current.name, latest[1] if latest and latest[0] != current.id
                              else None)
            # A message with no order read records nothing, but orders that were read and
            # refused (another power's unit, no unit there) are orders that came, none
            # valid: the results say so rather than "no orders received".
            by_power: dict[Power, list[tuple[str, str]]] = {p: [] for p, _o in chosen}
            if not chosen and any(line.error_key in _REFUSED for line in lines):
                by_power = {p: [] for p in ([power] if power is not None else mine)}
            waives: dict[Power, int] = {}
            for p, order in chosen:
                waives[p] = waives.get(p, 0) + (order.canonical() == "WAIVE")
                by_power[p].append((unit_key(order, waives[p]), order.canonical()))
            winter = current.position.phase.kind is PhaseKind.ADJUSTMENT
            for p, items in by_power.items():
                # in a winter, a power's first message replaces what was sent ahead for it
                mode = "replace" if winter and items and await replaces_kept(
                    conn, current.id, p) else "merge"
                await order_rows.add_submission(conn, current.id, p, user_id,
                                                _order_lines(lines, p), mode, items, now)
            for keeper in dict.fromkeys(p for p, _line in keepers):
                await _keep(conn, current.id, keeper, [line for p, line in keepers
                                                       if p is keeper], user_id, now)
            disorder = await seats.return_from_disorder(
                conn, game_id, {p for p, items in by_power.items() if items})
            now_orders = await self._power_orders(conn, game, current, mine)
        return SubmissionReport(game_id, current.name, tuple(lines),
                                tuple(o.canonical() for _p, o in chosen), tuple(now_orders),
                                tuple(sorted(disorder)), tuple(kept))

    async def fit(self, game_id: int, user_id: int, text: str) -> bool:
        """Whether `text` reads, in this game's open phase, as orders of the sender's own
        powers: at least one order read and none refused as another power's unit (or centre)
        or a unit that is not there. Nothing is recorded: a player in several games whose
        message names no game has it sent to the only game it fits (docs/bot.md)."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            mine = await powers_or_fail(conn, game, user_id)
        lines, chosen = self._read(text, as_seen(game, current.position, mine), mine, None,
                                   "auto", None, game.settings.rules)
        return bool(chosen) and not any(line.error_key in _REFUSED for line in lines)

    def _refuse_during_adjudication(self, game_id: int, phase: str | None) -> None:
        if self.adjudication.is_adjudicating(game_id):
            raise _closed(phase.upper() if phase else "the phase", None)

    def _read(self, text: str, position: Position, mine: list[Power], power: Power | None,
              lang: str, reply_lang: str | None, rules: str
              ) -> tuple[list[LineReport], list[tuple[Power, Order]]]:
        """Each line read for the right power: by section header, by `power`, or by the owner
        of the unit the line names."""
        lines: list[LineReport] = []
        chosen: list[tuple[Power, Order]] = []
        for header, section in _sections(text):
            if header is not None and header not in mine:
                lines += [LineReport(line, False, error=f"you do not play {header.value}: "
                                     "this line was not recorded",
                                     error_key="orders.not_your_section",
                                     error_params={"power": header.value})
                          for line in section.splitlines() if line.strip()]
                continue
            target = header or power or mine[0]
            for reading in read_orders(section, position=position, power=target, lang=lang,
                                       reply_lang=reply_lang, rules=rules):
                owner = target
                # A unit (or, for a build, a centre) of a power the sender does not play is
                # refused, never recorded to hold; for one power as for several.
                refused = (_foreign(position, reading.order, mine, reading.input)
                           or _unit_missing(position, reading.order, reading.input)) \
                    if reading.ok else None
                if refused is not None:
                    lines.append(refused)
                    continue
                if reading.ok and header is None and power is None and len(mine) > 1:
                    # Which of the sender's powers is meant is read off the board.
                    owner = _owner(position, reading.order, mine) or target
                    if owner != target:
                        reading = read_orders(reading.input, position=position, power=owner,
                                              lang=lang, reply_lang=reply_lang, rules=rules)[0]
                lines.append(_report(reading, owner))
                if reading.ok and reading.order is not None:
                    chosen.append((owner, reading.order))
        return lines, chosen

    def _with_warnings(self, game: Game, position: Position, lines: list[LineReport],
                       chosen: list[tuple[Power, Order]]) -> list[LineReport]:
        """Mark each read line that a later line of the message replaces (same unit, or
        same build site), and warn about each read order that cannot succeed on this
        position (the engine's legality check, on the orders of the message that count)."""
        if not chosen:
            return lines
        lines = _replaced_within(lines, chosen)
        counting = [(line.power, order) for line, (_p, order) in zip(
            [x for x in lines if x.ok and x.power is not None], chosen, strict=True)
            if line.replaced_by is None]
        by_power: dict[Power, list[Order]] = {}
        for p, order in counting:
            by_power.setdefault(p, []).append(order)
        result = adjudicate(position, by_power, game.settings.rules,
                            neutral=game.neutral_in(position.phase),
                            closed=game.closed_in(position.phase))
        winter = position.phase.kind is PhaseKind.ADJUSTMENT
        # The engine reports power by power; the lines are in message order.
        verdicts: dict[Power, list] = {}
        for verdict in result.results:
            verdicts.setdefault(verdict.power, []).append(verdict)
        out: list[LineReport] = []
        for line in lines:
            if (not line.ok or line.power is None or line.replaced_by is not None
                    or not verdicts.get(line.power)):
                out.append(line)
                continue
            outcome = verdicts[line.power].pop(0).outcome
            # In adjustments nothing of another power can change a build or a removal: one
            # that fails (no build left, a centre occupied) fails at the deadline too.
            if outcome.status is Status.ILLEGAL or (winter and outcome.status is Status.FAILS):
                reason = outcome.reason.value if outcome.reason else None
                line = replace(line, warning=announcements.cannot_succeed(reason, outcome.province),
                               reason=reason, province=outcome.province)
            out.append(line)
        return out

    async def _power_orders(self, conn: object, game: Game, phase: PhaseRow,
                            powers: Sequence[Power]) -> list[PowerOrders]:
        given = await order_rows.effective(conn, phase.id)
        ready, sent = await order_rows.marks(conn, phase.id)
        later: dict[Power, list[tuple[str, str]]] = {}
        for kind in ("R", "A"):
            for p, text, _user in await ahead_rows.kept(conn, [phase.id], kind):
                later.setdefault(p, []).append((kind, text))
        neutral = game.neutral_in(phase.position.phase)
        winter = phase.position.phase.kind is PhaseKind.ADJUSTMENT
        out = []
        for p in powers:
            orders = tuple(given.get(p, []))
            owed = duty(phase.position, p, neutral)
            out.append(PowerOrders(p, phase.name, orders,
                                   missing(phase.position, p, orders, neutral), p in ready,
                                   from_ts(sent[p]) if p in sent else None, owed.to_json(),
                                   _surplus_builds(owed, orders), tuple(later.get(p, ())),
                                   winter and await replaces_kept(conn, phase.id, p)))
        return out

    async def mine(self, game_id: int, user_id: int) -> list[PowerOrders]:
        """The orders that count now for each of the user's powers, and what is missing."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            mine = await powers_or_fail(conn, game, user_id)
            return await self._power_orders(conn, game, current, mine)

    async def clear(self, game_id: int, user_id: int,
                           power: Power | None = None) -> list[PowerOrders]:
        """Withdraw every order of the user's powers (or of `power`) for the open phase."""
        self._refuse_during_adjudication(game_id, None)
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            mine = await powers_or_fail(conn, game, user_id)
            if power is not None and power not in mine:
                raise NotAllowed("orders.not_your_power", f"you do not play {power.value}",
                                 power=power.value)
            targets = [power] if power else mine
            for p in targets:
                await order_rows.add_submission(conn, current.id, p, user_id, "", "replace",
                                                [], now_ts(self.clock))
                await ahead_rows.withdraw(conn, current.id, p)   # and those sent ahead
            return await self._power_orders(conn, game, current, mine)

    async def withdraw(self, game_id: int, user_id: int, unit: str
                             ) -> tuple[str, list[PowerOrders]]:
        """Withdraw the order that counts now for one unit of the user's (`A PAR`, `F STP/SC`,
        `PAR`, the order itself, or a build's site): stored as a submission that replaces the
        power's orders by the others, so the unit is owed an order again. Returns the order
        withdrawn and the user's orders now. Raises InvalidRequest when no order of theirs
        names that unit."""
        self._refuse_during_adjudication(game_id, None)
        wanted = " ".join(unit.upper().split())
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            mine = await powers_or_fail(conn, game, user_id)
            given = await order_rows.effective(conn, current.id)
            kind = current.position.phase.kind
            for p in mine:
                orders = given.get(p, [])
                found = next((o for o in orders if wanted in _names_of(o, kind)), None)
                if found is None:
                    continue
                kept = list(orders)
                kept.remove(found)  # one of several WAIVEs: that one only
                waives = 0
                items = []
                for text in kept:
                    order = parse_order(text, kind)
                    waives += isinstance(order, Waive)
                    items.append((unit_key(order, waives), text))
                await order_rows.add_submission(conn, current.id, p, user_id, "\n".join(kept),
                                                "replace", items, now_ts(self.clock))
                return found, await self._power_orders(conn, game, current, mine)
        raise InvalidRequest("orders.nothing_to_withdraw",
                             f"none of your orders for {current.name} is for {wanted}",
                             unit=wanted)

    async def set_ready(self, game_id: int, user_id: int, ready: bool = True) -> ReadyReport:
        """Mark the user's powers ready (or not). When every seated power that has orders to
        give is ready, the phase is adjudicated at once."""
        self._refuse_during_adjudication(game_id, None)
        async with self.db.transaction(game_id) as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            mine = await powers_or_fail(conn, game, user_id)
            for p in mine:
                await order_rows.set_ready(conn, current.id, p, ready)
            marked = await order_rows.ready_powers(conn, current.id)
            waiting = [s.power for s in await seats.all_seats(conn, game_id)
                       if s.user_id is not None and seat_needs_orders(current, s.power, game)
                       and s.power not in marked]
        everyone = ready and not waiting and game.status == ACTIVE
        done = everyone and await self.deadlines.adjudicate_now(game_id, current.id, trigger="ready")
        return ReadyReport(current.name, ready, done)


def _order_lines(lines: list[LineReport], power: Power) -> str:
    """What is kept of a message as sent (and published by the export): the orders of
    `power` as the player wrote them, one a line, with the orders read and refused (another
    power's unit, no unit there: the results say "orders received, none valid" for them);
    never the rest of the message (small talk, questions, lines that were not read), which
    was meant for the bot alone."""
    return "\n".join(line.input for line in lines
                     if (line.ok and line.power == power)
                     or (line.error_key in _REFUSED and line.power in (power, None)))


def _not_there(position: Position, lines: list[LineReport], chosen: list[tuple[Power, Order]],
               rules: str, *, fog: bool = False
               ) -> tuple[list[LineReport], list[tuple[Power, Order]]]:
    """Each order for a unit that is not there that one of the sender's units could mean
    (service/orders/meant.py) refused, not recorded, with the corrected orders as its candidates;
    one that none could mean stays recorded, with its warning (the unit holds). In a fog game
    (`position`: what the sender sees) every such order is refused: one for a unit beyond
    sight would fail as another power's, and its result would tell what stands there."""
    def gone(order: Order) -> bool:     # (in a fog game, in any phase)
        return absent_unit(position, order) or (fog and _nobody_there(position, order))

    if not any(gone(order) for _p, order in chosen):
        return lines, chosen
    pairs = iter(chosen)
    out_lines, out_chosen = [], []
    for line in lines:
        if not (line.ok and line.power is not None):
            out_lines.append(line)
            continue
        power, order = next(pairs)
        meant = meant_orders(position, power, order, rules) \
            if absent_unit(position, order) else []
        if not meant and not (fog and gone(order)):
            out_lines.append(line)
            out_chosen.append((power, order))
            continue
        place = province_of(order.location).upper()
        out_lines.append(LineReport(
            line.input, False, error=f"you have no unit in {place}: this line was not "
            "recorded", candidates=tuple(meant), language=line.language,
            error_key="orders.not_there", error_params={"place": place}))
    return out_lines, out_chosen


def _nobody_there(position: Position, order: Order) -> bool:
    """Whether an order for a unit (a move, a retreat, a removal: not a build or a waive)
    names a place where no unit stands (in a retreat phase, no dislodged one)."""
    if isinstance(order, Build | Waive) or not getattr(order, "location", None):
        return False
    return _unit_named(position, province_of(order.location)) is None


def _names_of(text: str, kind: PhaseKind) -> set[str]:
    """The ways a withdrawal may name the unit of an order: the order, the unit (`A PAR`,
    `F STP/SC`), its province (`PAR`, `STP`), or a build's site."""
    names = {text}
    try:
        order = parse_order(text, kind)
    except OrderSyntaxError:
        return names
    if isinstance(order, Waive) or not getattr(order, "location", None):
        return names
    words = text.split()
    loc = order.location.upper()
    names |= {loc, province_of(order.location).upper(), f"{words[0]} {words[1]}"}
    if words[0] in ("A", "F"):
        names.add(f"{words[0]} {province_of(order.location).upper()}")
    return names


def _closed(phase: str, now_open: str | None) -> PhaseClosed:
    then = f" The phase now open is {now_open}: send your orders again for it." if now_open \
        else " Send them again once the results are out."
    return PhaseClosed("orders.phase_closed", f"your orders arrived while {phase} was being "
                       f"adjudicated, so they were not recorded.{then}", phase=phase,
                       now_open=now_open)


def _replaced_within(lines: list[LineReport],
                     chosen: list[tuple[Power, Order]]) -> list[LineReport]:
    """Each read line that a later line of the same message replaces (the same unit, or
    the same build site, of the same power) marked with that later line's number. `chosen`
    holds the orders of the read lines, in order."""
    read = [i for i, line in enumerate(lines) if line.ok and line.power is not None]
    keys = {i: (p, unit_key(order, 0)) for i, (p, order) in zip(read, chosen, strict=True)
            if not isinstance(order, Waive)}
    last = {key: i for i, key in keys.items()}
    return [replace(line, replaced_by=last[keys[i]] + 1)
            if i in keys and last[keys[i]] != i else line for i, line in enumerate(lines)]


def _surplus_builds(owed: Duty, orders: Sequence[str]) -> tuple[str, ...]:
    """The builds and waives given beyond the number allowed (the last ones): they do not
    count."""
    if owed.kind is not PhaseKind.ADJUSTMENT or owed.removals:
        return ()
    builds = [o for o in orders if o == "WAIVE" or o.endswith(" B")]
    return tuple(builds[owed.builds:])


def _sections(text: str) -> list[tuple[Power | None, str]]:
    """Split a message at power headers (`England:` on its own line, or `FRANCIA: A Par-Bur`)."""
    sections: list[tuple[Power | None, list[str]]] = [(None, [])]
    for line in text.splitlines():
        header = power_header(line)
        if header is not None:
            sections.append((header[0], [header[1]]))
        else:
            sections[-1][1].append(line)
    return [(h, "\n".join(lines)) for h, lines in sections if any(x.strip() for x in lines)]


def _named(position: Position, order: Order | None) -> tuple[Power | None, Unit | None, str]:
    """Whose the order is by the board: (the power, the unit it names, its province); for a
    build, the owner of the centre and no unit; (None, None, "") for an order naming no
    place (WAIVE)."""
    location = getattr(order, "location", None)
    if not location:
        return None, None, ""
    province = province_of(location)
    if isinstance(order, Build):
        return position.owner_of(province), None, province
    unit = _unit_named(position, province)
    return (unit.power if unit else None), unit, province


def _owner(position: Position, order: Order | None, mine: list[Power]) -> Power | None:
    power, _unit, _province = _named(position, order)
    return power if power in mine else None


def _foreign(position: Position, order: Order | None, mine: list[Power],
             text: str) -> LineReport | None:
    """The line refused when the order names a unit (or, for a build, a centre) of a power
    the sender does not play; None when it names none."""
    power, unit, province = _named(position, order)
    if power is None or power in mine:
        return None
    if unit is None:
        return LineReport(text, False, error=f"{province.upper()} belongs to {power.value}, "
                          "which you do not play: this line was not recorded",
                          error_key="orders.not_your_centre",
                          error_params={"province": province.upper(), "power": power.value})
    return LineReport(text, False, error=f"the unit {unit.label()} belongs to {power.value}, "
                      "which you do not play: this line was not recorded",
                      error_key="orders.not_your_unit",
                      error_params={"unit": unit.label(), "power": power.value})


def _unit_missing(position: Position, order: Order | None, text: str) -> LineReport | None:
    """The line refused when its order names a place where no unit stands and so has no unit
    type (`NTH - PAR` with the North Sea empty): such an order cannot be written down and
    read back (CONTRACTS.md's notation needs the type), so it is never recorded."""
    if order is None:
        return None
    try:
        parse_order(order.canonical(), position.phase.kind)
        return None
    except OrderSyntaxError:
        pass
    where = order.location if getattr(order, "unit", True) is None else next(
        (getattr(order, a) for a in ("supported_location", "army_location")
         if getattr(order, a, None)), order.location)
    province = province_of(where).upper()
    return LineReport(text, False, error=f"there is no unit in {province}: this line was not "
                      "recorded", error_key="orders.no_unit_there",
                      error_params={"province": province})


def _unit_named(position: Position, province: str) -> Unit | None:
    """The unit an order for `province` is about: in a retreat phase the dislodged one (its
    attacker stands in the same province), else the one standing there."""
    dislodged = next((d.unit for d in position.dislodged if d.unit.province == province), None)
    if position.phase.kind is PhaseKind.RETREAT and dislodged is not None:
        return dislodged
    return position.unit_in(province) or dislodged


def _report(reading: Reading, power: Power) -> LineReport:
    return LineReport(reading.input, reading.ok,
                      reading.order.canonical() if reading.order else None,
                      power if reading.ok else None, reading.notes, reading.error,
                      reading.candidates, language=reading.language,
                      error_key=reading.error_key, error_params=reading.error_params)




def _kept_for(text: str, position: Any, powers: Sequence[Power], lang: str,
              reply_lang: str | None, rules: Any) -> list[tuple[Power, Any]]:
    """The lines of `text` kept for later, each with the power it is for: of the sender's
    `powers`, the one whose reading keeps it with no error (and, between those, no warning:
    the power whose unit or centre it names), else the first, whose reading says why not;
    in the order written."""
    if position.phase.kind is PhaseKind.ADJUSTMENT:
        return []
    readings = [(p, read_with_ahead(text, position, p, lang, reply_lang, rules).ahead)
                for p in powers]
    if len(readings) == 1:
        return [(powers[0], line) for line in readings[0][1]]
    inputs = dict.fromkeys(line.input for _p, lines in readings for line in lines)

    def fit(lines: Sequence[Any]) -> tuple[int, int]:
        return (sum(not line.ok for line in lines) if lines else 99,
                sum(len(line.warnings) for line in lines))

    chosen = []
    for written in sorted(inputs, key=lambda w: (text.find(w), w)):
        best = min(readings, key=lambda r: fit([x for x in r[1] if x.input == written]))
        chosen += [(best[0], line) for line in best[1] if line.input == written]
    return chosen


def _without(text: str, kept: Sequence[Any]) -> list[str]:
    """The message's lines and parts (as `parse_message` splits them) other than those kept
    ahead."""
    taken = {line.input for line in kept}
    out = []
    for raw in text.splitlines():
        if raw.strip() in taken:
            continue
        out.append(";".join(p for p in raw.split(";") if p.strip() not in taken))
    return out


async def _keep(conn: Any, phase_id: int, power: Power, kept: Sequence[Any],
                user_id: int, now: float) -> None:
    """Record the orders kept ahead (those that can be kept), each kind's list in order:
    retreats replace those kept for the same units, winter orders all the power's."""
    for kind in (PhaseKind.RETREAT, PhaseKind.ADJUSTMENT):
        lines = [line for line in kept if line.ok and line.phase is kind]
        if not lines:
            continue
        units = sorted({line.unit.province for line in lines if line.unit is not None})
        await ahead_rows.replace(conn, phase_id, power, kind.value, units,
                                 [(line.canonical, line.input) for line in lines], user_id,
                                 now)
