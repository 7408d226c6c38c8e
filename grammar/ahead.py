"""Orders sent ahead: in a movement phase, the retreats a player wants if a unit is dislodged,
and the builds or removals for the coming winter, written in the same message as the
phase's own orders, in English, Italian or Dutch.

    from grammar.ahead import read_with_ahead
    reading = read_with_ahead(text, position, power, lang="auto", reply_lang=None, rules=None)
    reading.now     # ParsedLine per order of this phase (as parse_message reads them)
    reading.ahead   # AheadLine per order kept for later, in the order written

What is read as kept for later:
- a retreat or a disband in a movement phase (`F TRI R ALB`, "F Trieste si ritira in
  Albania"), and a sentence that says so: "if F Tri is dislodged, retreat to Alb or Ven,
  otherwise disband", "se F Tri viene sloggiata, ritirata in Albania o sciogli", "als F Tri
  verdreven wordt, trek terug naar Albanië of ontbind", "F Tri R Alb if dislodged". Several
  options for one unit (several lines, or "or") are kept in the order of preference; a
  disband of a unit with a retreat written before it is its last option;
- a build, a waive, or a disband not tied to a retreat (`A MUN B`, `WAIVE`, "rinuncia",
  `A Bur D`) in a movement phase, and a build or waive in a retreat phase: for the winter,
  in the order of preference.

Each is read on a position of the phase it is kept for (the sender's units as if dislodged,
or the winter on today's board) and checked for what cannot change before then: a retreat
must be to a place the unit could reach, a build on one of the power's home centres, with
the right unit for it. What may change is kept with a warning: a build on a home centre the
power does not own now, a removal where it has no unit now. Whether it applies is decided
when the phase opens (the number of builds allowed, an occupied centre, a retreat option).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from engine import (
    DEFAULT_RULES,
    Build,
    Disband,
    Order,
    Phase,
    PhaseKind,
    Position,
    Power,
    Reason,
    Retreat,
    Rules,
    Season,
    Unit,
    Waive,
    rules_named,
    standard_board,
)
from engine.judgement import build_site_problem
from engine.outcomes import Status
from engine.position import DislodgedUnit
from engine.vocabulary import province_of
from grammar import texts
from grammar.api import ParsedLine, parse_line, parse_message
from grammar.lexicon import LANGUAGES, fold, vocabulary

RETREAT, WINTER = PhaseKind.RETREAT, PhaseKind.ADJUSTMENT


@dataclass(frozen=True)
class AheadLine:
    """One order kept for a later phase (`phase`: RETREAT or ADJUSTMENT), or the reason it
    cannot be kept. `unit`: for a retreat, the sender's unit it is for. `notes` say how it
    was read and that it is kept; `warnings` what may stop it applying when the phase opens
    (`warning_kinds`: `ahead_not_owned`, `ahead_no_unit`)."""

    input: str
    ok: bool
    phase: PhaseKind
    order: Order | None = None
    canonical: str | None = None
    unit: Unit | None = None
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    warning_kinds: tuple[str, ...] = ()
    error: str | None = None
    error_kind: str | None = None
    language: str = "en"


@dataclass(frozen=True)
class AheadReading:
    now: tuple[ParsedLine, ...] = ()
    ahead: tuple[AheadLine, ...] = field(default_factory=tuple)


def read_with_ahead(text: str, position: Position, power: Power | None, lang: str = "auto",
                    reply_lang: str | None = None, rules: Rules | str | None = None
                    ) -> AheadReading:
    """The orders of a message for this phase, and those kept for later (see the module).
    With no sender (`power` None), or in an adjustment phase, nothing is kept for later."""
    kind = position.phase.kind
    if power is None or kind is PhaseKind.ADJUSTMENT:
        return AheadReading(tuple(parse_message(text, position, power, lang, reply_lang,
                                                rules)))
    text, sentences = _rewritten(str(text), lang)
    now: list[ParsedLine] = []
    ahead: list[AheadLine] = []
    for line in parse_message(text, position, power, lang, reply_lang, rules):
        origin, language = sentences.get(line.input, (None, None))
        # A sentence's own words say its language ("se ... viene sloggiata").
        reply_lang_line = reply_lang or language
        family = dict(line.error_params).get("kind") if line.error_kind == "wrong_phase" \
            else None
        if family is None and origin is None and not line.ok and kind is PhaseKind.MOVEMENT:
            options = _options(line, position, power, lang, reply_lang, rules)
            if options:
                ahead += options
                continue
        if family == "disband" and origin is None:
            # A removal for the winter, unless a retreat of that unit was written before it:
            # then its last option if dislodged.
            removal = _winter(line.input, position, power, lang, reply_lang, rules)
            ahead.append(_retreat(line.input, position, power, lang, reply_lang, rules, None)
                         if _retreat_before(removal, ahead) else removal)
        elif family in ("build", "waive"):
            ahead.append(_winter(line.input, position, power, lang, reply_lang, rules))
        elif family in ("retreat", "disband"):
            ahead.append(_retreat(line.input, position, power, lang, reply_lang_line, rules,
                                  origin))
        else:
            now.append(line)
    return AheadReading(tuple(now), tuple(ahead))


# -- sentences: "if F Tri is dislodged, retreat to Alb or Ven" ------------------------------
@cache
def _patterns(language: str) -> tuple[re.Pattern, re.Pattern, re.Pattern, re.Pattern,
                                      re.Pattern]:
    """The conditional sentence, an "or" between options, a retreat verb opening an option,
    a disband word alone, and "if dislodged" closing an order, in one language's words
    (`ahead_words` in grammar/vocab/*.json), or all three's (`auto`)."""
    languages = LANGUAGES if language == "auto" else (language,)

    def words(key: str) -> str:
        found = {fold(w) for lang in languages for w in vocabulary(lang)["ahead_words"][key]}
        return "|".join(re.escape(w).replace(r"\ ", r"\s+")
                        for w in sorted(found, key=len, reverse=True))

    sentence = re.compile(
        rf"^\s*(?:{words('if')})\s+(?P<unit>.+?)\s+(?:{words('dislodged')})\b[\s,:;]*"
        rf"(?:(?:{words('then')})\b[\s,:]*)?(?P<rest>.+?)[\s.!]*$")
    either = re.compile(rf"\s*,\s*(?:(?:{words('or')})\s+)?|\s+(?:{words('or')})\s+")
    verb = re.compile(rf"^(?:{words('retreat')})\s+")
    disband = re.compile(rf"^(?:{words('disband')})$")
    after = re.compile(rf"^(?P<order>.+?)[\s,(]+(?:{words('after')})[\s)]*[.!]?\s*$")
    return sentence, either, verb, disband, after


def _rewritten(text: str, lang: str) -> tuple[str, dict[str, tuple[str, str | None]]]:
    """The message with each conditional sentence written as its options, one a line
    (`F Tri R Alb`, `F Tri D`), and for each such line the sentence it came from and the
    language of the sentence's words."""
    out: list[str] = []
    sentences: dict[str, tuple[str, str | None]] = {}
    for raw in text.splitlines():
        pieces: list[str] = []
        for segment in raw.split(";"):
            options, language = _sentence_options(fold(segment), lang)
            for option in options:
                sentences[option] = (segment.strip(), language)
            pieces += options or [segment]
        out.append("\n".join(pieces))
    return "\n".join(out), sentences


def _sentence_options(folded: str, lang: str) -> tuple[list[str], str | None]:
    """The options a conditional sentence gives, and its language; ([], None) for a line
    that is not one."""
    for language in (LANGUAGES if lang == "auto" else (lang,)):
        sentence, either, verb, disband, after = _patterns(language)
        match = sentence.match(folded)
        if match is not None:
            unit = match.group("unit").strip()
            options = []
            for option in either.split(match.group("rest")):
                option = verb.sub("", option.strip()).strip()
                if option:
                    options.append(f"{unit} D" if disband.match(option)
                                   else f"{unit} R {option}")
            return options, language
        closing = after.match(folded)
        if closing is not None:
            return [closing.group("order").strip()], language
    return [], None


def _options(line: ParsedLine, position: Position, power: Power, lang: str,
             reply_lang: str | None, rules) -> list[AheadLine]:
    """"F Tri R Alb or Ven or D" (a line that did not read as a whole): the retreat's
    options in order, when its first part reads as a retreat kept for later."""
    _sentence, either, verb, disband, _after = _patterns("auto")
    parts = [p for p in either.split(fold(line.input)) if p.strip()]
    if len(parts) < 2:
        return []
    written = parse_line(parts[0], position, power, lang, reply_lang, rules)
    if dict(written.error_params).get("kind") != "retreat":  # written as a retreat
        return []
    reply_lang = reply_lang or written.language  # "of" is English too: the first part says
    first = _retreat(parts[0], position, power, lang, reply_lang, rules, line.input)
    if not first.ok or not isinstance(first.order, Retreat):
        return []
    unit = first.unit.label()
    out = [first]
    for part in parts[1:]:
        option = verb.sub("", part.strip()).strip()
        text = f"{unit} D" if disband.match(option) else f"{unit} R {option}"
        out.append(_retreat(text, position, power, lang, reply_lang, rules, line.input))
    return out


def _retreat_before(removal: AheadLine, ahead: list[AheadLine]) -> bool:
    """Whether a disband read as a removal names the unit a retreat kept before is for."""
    if not removal.ok or not isinstance(removal.order, Disband):
        return False
    where = province_of(removal.order.location)
    return any(line.ok and line.phase is RETREAT and line.unit is not None
               and line.unit.province == where for line in ahead)


# -- reading on the later phase's position --------------------------------------------------
def _retreat(text: str, position: Position, power: Power, lang: str,
             reply_lang: str | None, rules, origin: str | None) -> AheadLine:
    season = position.phase.season
    mine = tuple(u for u in position.units if u.power == power)
    later = Position(Phase(position.phase.year, season, RETREAT), (),
                     position.supply_centers, tuple(DislodgedUnit(u) for u in mine))
    read = parse_line(text, later, power, lang, reply_lang, rules)
    shown = origin or text
    reply = reply_lang if reply_lang in LANGUAGES else read.language
    if not read.ok:
        return _refused(shown, RETREAT, read.error, read.error_kind, read.language)
    unit = next((u for u in mine if u.province == province_of(read.order.location)), None)
    if unit is None:
        where = province_of(read.order.location)
        owner = position.unit_in(where)
        reason = texts.reason(Reason.WRONG_POWER, where, reply, owner.power) if owner else \
            texts.message(reply, "ahead_not_yours", province=texts.province(where, reply))
        return _refused(shown, RETREAT, texts.message(reply, "ahead_refused_retreat",
                                                      reason=reason),
                        "ahead_refused_retreat", reply)
    if not read.valid:
        return _refused(shown, RETREAT, texts.message(reply, "ahead_refused_retreat",
                                                      reason=read.reason),
                        "ahead_refused_retreat", reply)
    notes = read.notes
    if origin is not None and origin != text:
        notes = (texts.note(reply, "ahead_read", text=origin, orders=read.canonical), *notes)
    notes = (*notes, texts.note(reply, "ahead_retreat", name=texts.province(
        unit.location, reply)))
    return AheadLine(shown, True, RETREAT, read.order, read.canonical, unit, notes,
                     language=read.language)


def _winter(text: str, position: Position, power: Power, lang: str, reply_lang: str | None,
            rules) -> AheadLine:
    phase = position.phase
    later = Position(Phase(phase.year, Season.WINTER, WINTER), position.units,
                     position.supply_centers)
    read = parse_line(text, later, power, lang, reply_lang, rules)
    reply = reply_lang if reply_lang in LANGUAGES else read.language
    if not read.ok:
        return _refused(text, WINTER, read.error, read.error_kind, read.language)
    order = read.order
    warnings: list[tuple[str, str]] = []
    if isinstance(order, Build):
        # Whether the site can ever take this unit; who owns it and who stands there may
        # change before the winter: the site is judged as if the power owned it.
        where = province_of(order.location)
        owned = position.supply_centers.get(power, frozenset())
        found = build_site_problem(power, order, {**position.supply_centers,
                                                  power: owned | {where}}, set(),
                                   standard_board(), rules_named(rules or DEFAULT_RULES))
        if found.status is not Status.SUCCEEDS:
            return _refused(text, WINTER, texts.message(
                reply, "ahead_refused_winter", reason=texts.reason(
                    found.reason, found.province or where, reply, power)),
                "ahead_refused_winter", reply)
        if where not in owned:
            warnings.append(("ahead_not_owned", texts.note(
                reply, "ahead_not_owned", name=texts.province(where, reply))))
    elif isinstance(order, Disband):
        where = province_of(order.location)
        unit = position.unit_in(where)
        if unit is not None and unit.power != power:
            return _refused(text, WINTER, texts.message(
                reply, "ahead_refused_winter", reason=texts.reason(
                    Reason.WRONG_POWER, where, reply, unit.power)),
                "ahead_refused_winter", reply)
        if unit is None:
            warnings.append(("ahead_no_unit", texts.note(
                reply, "ahead_no_unit", name=texts.province(where, reply))))
    elif not isinstance(order, Waive):  # the reader gives only these three in a winter
        return _refused(text, WINTER, read.error, read.error_kind, read.language)
    notes = (*read.notes, texts.note(reply, "ahead_winter"))
    return AheadLine(text, True, WINTER, order, read.canonical, None, notes,
                     tuple(w for _k, w in warnings), tuple(k for k, _w in warnings),
                     language=read.language)


def _refused(text: str, phase: PhaseKind, error: str | None, kind: str | None,
             language: str) -> AheadLine:
    return AheadLine(text, False, phase, error=error, error_kind=kind, language=language)


__all__ = ["AheadLine", "AheadReading", "read_with_ahead"]
