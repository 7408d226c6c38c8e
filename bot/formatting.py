"""Turning the service's values into text in the reader's language: phases, powers, order
outcomes with their reasons, adjudication results, submission echoes, game status.

Every word comes from the catalogues (`bot.i18n.tr`); canonical order text (`A PAR - BUR`) and
province abbreviations are the same in every language, as the rulebooks print them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from bot.i18n import tr, trn
from engine.variant_files import variant_power_name
from engine.vocabulary import Power
from grammar.lexicon import BOARD, names_board
from grammar.texts import province as province_text
from service.timing.when import wall_clock

_PHASE_SEASON = {"S": "season.spring", "F": "season.fall", "W": "season.winter"}
_PHASE_KIND = {"M": "phase.movement", "R": "phase.retreats", "A": "phase.adjustments"}


def phase_label(lang: str, name: str | None) -> str:
    """`S1901M` -> "Spring 1901, movement" (in `lang`); a variant's years too (`S1M`)."""
    if not name or not 3 <= len(name) <= 6 or name[0] not in _PHASE_SEASON \
            or name[-1] not in _PHASE_KIND or not name[1:-1].isdigit():
        return name or "-"
    return tr(lang, "phase.label", season=tr(lang, _PHASE_SEASON[name[0]]),
              year=str(int(name[1:-1])), kind=tr(lang, _PHASE_KIND[name[-1]]))


def power_name(lang: str, power: Power | str) -> str:
    """A power in the reader's language: the catalogue's for the standard seven, the
    variant's own names for the others (`Cartagine`, `Parijs`)."""
    value = power.value if isinstance(power, Power) else str(power)
    return tr(lang, f"power.{value}", fallback=variant_power_name(value, lang))


@contextmanager
def names_on(board: str | None) -> Iterator[None]:
    """Provinces named on `board` meanwhile (a variant with a map of its own: Ancient
    Mediterranean's `spa` is Sparta, not Spain)."""
    token = BOARD.set(names_board(board or "standard"))
    try:
        yield
    finally:
        BOARD.reset(token)


def location(loc: str | None) -> str:
    """A province as the canonical notation writes it: `stp/nc` -> `STP/NC`."""
    return (loc or "?").upper()


def place(lang: str, loc: str | None) -> str:
    """A province named in the reader's language beside its code: `eng` -> "Manica (ENG)"."""
    if not loc:
        return "-"
    try:
        return province_text(loc.lower(), lang)
    except KeyError:
        return location(loc)


def unit_text(lang: str, label: str) -> str:
    """A unit with its province named in full: `F BRE` -> "F Brest (BRE)"."""
    kind, _, loc = label.partition(" ")
    return f"{kind} {place(lang, loc)}" if loc else label


def timestamp(when: datetime | None) -> str:
    """A Discord timestamp: each reader sees it in their own time zone, plus "in 3 hours"."""
    if when is None:
        return "-"
    ts = int(when.timestamp())
    return f"<t:{ts}:F> (<t:{ts}:R>)"


def reason_text(lang: str, reason: str | None, province: str | None) -> str:
    """An engine Reason in words, its province named in the reader's language."""
    if not reason:
        return ""
    return tr(lang, f"reason.{reason}", fallback=reason, province=place(lang, province))


def outcome_text(lang: str, status: str, reason: str | None, province: str | None) -> str:
    word = tr(lang, f"status.{status}", fallback=status)
    why = reason_text(lang, reason, province)
    return f"{word}: {why}" if why else word


def result_line(lang: str, order: str, status: str, reason: str | None,
                province: str | None) -> str:
    mark = {"succeeds": "✅", "fails": "❌", "illegal": "⛔", "invalid": "❔"}.get(status, "•")
    return f"{mark} `{order}` — {outcome_text(lang, status, reason, province)}"


def results_blocks(lang: str, *, game_name: str, phase: str, results: Sequence[Any],
                   civil_disorder: Iterable[Power | str], after: Mapping[str, Any],
                   centres_before: Mapping[str, int] | None = None,
                   centres_after: Mapping[str, int] | None = None,
                   next_phase: str | None = None, deadline: datetime | None = None,
                   outcome: Mapping[str, Any] | None = None,
                   powers: Iterable[Power | str] = (),
                   unordered: Sequence[Mapping[str, Any]] = (),
                   refused: Iterable[Power | str] = ()) -> list[str]:
    """The announcement of an adjudicated phase as paragraphs (one per power, then dislodged
    units, centres with their changes, the end of the game or the next deadline), ready for
    `bot.limits.split_blocks`. `results` are rows with `power`, `order`, `status`, `reason`,
    `province`; `after` is the position after the phase as `arbitro adjudicate` writes it;
    `unordered` what happened without an order (units that held or were disbanded, builds
    not used, forced removals), so every unit is accounted for; `refused` the powers whose
    orders came but none was valid (not civil disorder)."""
    disorder = {str(getattr(p, "value", p)) for p in civil_disorder}
    wasted = {str(getattr(p, "value", p)) for p in refused}
    by_power: dict[str, list[Any]] = {}
    for row in results:
        by_power.setdefault(str(getattr(row.power, "value", row.power)), []).append(row)
    silent: dict[str, list[str]] = {}
    for item in unordered:
        silent.setdefault(str(item["power"]), []).append(_silent_line(lang, item))
    names = sorted(set(by_power) | disorder | wasted | set(silent)
                   | {str(getattr(p, "value", p)) for p in powers})
    blocks = [tr(lang, "results.title", game=game_name, phase=phase_label(lang, phase))]
    for power in names:
        head = f"**{power_name(lang, power)}**"
        if power in disorder:
            head += " — " + tr(lang, "results.civil_disorder")
        elif power in wasted:
            head += " — " + tr(lang, "results.none_valid")
        rows = by_power.get(power, [])
        lines = [result_line(lang, r.order, r.status, r.reason, r.province) for r in rows]
        lines += silent.get(power, [])
        if not lines:
            lines = [tr(lang, "results.no_orders")]
        blocks.append("\n".join([head, *lines]))
    dislodged = after.get("dislodged_after") or []
    if dislodged:
        lines = [tr(lang, "results.dislodged_title")]
        for unit in dislodged:
            options = unit.get("retreat_options") or []
            where = ", ".join(place(lang, o) for o in options) if options else tr(
                lang, "results.no_retreat")
            lines.append(tr(lang, "results.dislodged_line",
                            power=power_name(lang, unit.get("power", "?")),
                            unit=unit_text(lang, f"{unit.get('type', '?')} "
                                                 f"{location(unit.get('location'))}"),
                            attacker=place(lang, unit.get("attacker_from")), options=where))
        blocks.append("\n".join(lines))
    forced = {str(i["power"]) for i in unordered if "removed_forced" in i}
    removed = [u for u in after.get("civil_disorder_removes") or [] if u.get("power") not in forced]
    if removed:
        blocks.append(tr(lang, "results.cd_removed", units=", ".join(
            f"{power_name(lang, u.get('power', '?'))} {u.get('type', '?')} "
            f"{location(u.get('location'))}" for u in removed)))
    if centres_after or after.get("supply_centers_after"):
        counts = centres_after or {p: len(cs) for p, cs in after["supply_centers_after"].items()}
        blocks.append(centres_block(lang, counts, centres_before or {}))
    if outcome:
        if not (centres_after or after.get("supply_centers_after")) and outcome.get("centers"):
            blocks.append(centres_block(lang, outcome["centers"], {}))   # the final table
        blocks.append(outcome_text_of(lang, outcome))
    elif next_phase:
        blocks.append(tr(lang, "results.next", phase=phase_label(lang, next_phase),
                         deadline=timestamp(deadline)))
    return blocks


def _silent_line(lang: str, item: Mapping[str, Any]) -> str:
    """A unit that had no order, or builds not used, as a line of the results."""
    if "unused_builds" in item:
        return "▫️ " + trn(lang, "results.builds_waived", item["unused_builds"])
    if "removed_forced" in item:
        return "▫️ " + trn(lang, "results.removed_forced", item["removed_forced"])
    key = "results.unordered_held" if item.get("fate") == "held" else "results.unordered_disbanded"
    return f"▫️ `{item['unit']}` — " + tr(lang, key)


def centres_block(lang: str, after: Mapping[str, int], before: Mapping[str, int]) -> str:
    """Centre counts, most first, with the change since the phase before."""
    lines = [tr(lang, "results.centers_title")]
    for power in sorted(set(after) | set(before), key=lambda p: (-after.get(p, 0), p)):
        count, change = after.get(power, 0), after.get(power, 0) - before.get(power, 0)
        lines.append(f"{power_name(lang, power)}: {count}" + (f" ({change:+d})" if change and
                                                              before else ""))
    return "\n".join(lines)


def outcome_text_of(lang: str, outcome: Mapping[str, Any]) -> str:
    """The end of a game in words: victory, draw, the end year, or ended by the moderator."""
    kind = str(outcome.get("kind", ""))

    def names(key: str) -> str:
        return ", ".join(power_name(lang, p) for p in outcome.get(key, ()))

    if kind == "victory":
        return tr(lang, "outcome.victory", winners=names("winners"))
    if kind == "draw" and outcome.get("voted"):      # a vote: who voted, who did not count
        text = tr(lang, "outcome.draw_vote", powers=names("powers"), voted=names("voted"))
        if outcome.get("excluded"):
            text += " " + tr(lang, "outcome.draw_excluded", excluded=names("excluded"))
        return text
    if kind == "draw":
        return tr(lang, "outcome.draw", powers=names("powers"))
    if kind == "end_year":
        return tr(lang, "outcome.end_year", year=outcome.get("year", "?"))
    if kind == "concession":
        return tr(lang, "outcome.concession", winners=names("winners"))
    if kind == "ended":
        reason = str(outcome.get("reason") or "")
        return tr(lang, "outcome.ended") + (f" {reason}" if reason else "")
    return tr(lang, "outcome.over")


def submission_text(lang: str, report: Any, game_name: str, board: str | None = None) -> str:
    """The reply to a DM of orders: each line as understood (✅ counts, ⚠️ recorded but
    cannot succeed, ↪️ replaced by a later line, ❌ not read), with the provinces named in
    the reader's language (on the game's `board`) where the line did not name them, and what
    each of the sender's powers has to do and still lacks."""
    with names_on(board):
        return _submission_text(lang, report, game_name)


def _submission_text(lang: str, report: Any, game_name: str) -> str:
    lines = [tr(lang, "orders.received", game=game_name, phase=phase_label(lang, report.phase))]
    for line in report.lines:
        shown = line.input.strip()
        if line.ok:
            mark = "⚠️" if line.warning else ("↪️" if getattr(line, "replaced_by", None) else "✅")
            text = f"{mark} `{line.canonical}`"
            if shown and shown.upper() != line.canonical:
                text += f" ← {_quote(shown)}"
            gloss = order_gloss(lang, line.canonical or "", shown)
            if gloss:
                text += f" — {gloss}"
            lines.append(text)
            lines.extend(f"  ℹ️ {note}" for note in line.notes)
            if getattr(line, "replaced_by", None):
                lines.append("  " + tr(lang, "orders.replaced_below", line=line.replaced_by))
            elif line.warning:
                lines.append("  " + tr(lang, "orders.warning", why=warning_text(lang, line)))
        else:
            why = line_error(lang, line)
            lines.append(f"❌ {_quote(shown)}: {why}")
            if line.candidates:
                lines.append("  " + tr(lang, "orders.candidates",
                                       candidates=", ".join(f"`{c}`" for c in line.candidates)))
    for kept in getattr(report, "ahead", ()):   # orders sent ahead (grammar/ahead.py)
        if kept.ok:
            key = "orders.kept_retreats" if kept.phase.value == "R" else "orders.kept_winter"
            lines.append(f"⏩ `{kept.canonical}` — " + tr(lang, key))
            lines.extend(f"  ⚠️ {warning}" for warning in kept.warnings)
        else:
            lines.append(f"❌ {_quote(kept.input)}: {kept.error}")
    for power in getattr(report, "returned_from_disorder", ()):
        lines.append(tr(lang, "orders.welcome_back", power=power_name(lang, power)))
    for power_orders in report.now:
        lines.append("")
        lines.append(power_status_text(lang, power_orders))
    return "\n".join(lines)


# Reasons whose warning names where the unit stands as well as where it was sent.
_FROM_ORIGIN = {"not_adjacent": "orders.not_adjacent", "no_convoy_route": "orders.no_convoy"}


def warning_text(lang: str, line: Any) -> str:
    """Why a recorded order cannot succeed, provinces named in full: "Spain (SPA) cannot be
    reached from Brest (BRE)"."""
    reason = getattr(line, "reason", None)
    province = getattr(line, "province", None)
    if reason in _FROM_ORIGIN and line.canonical:
        origin = line.canonical.split()[1].lower()
        return tr(lang, _FROM_ORIGIN[reason], target=place(lang, province),
                  origin=place(lang, origin))
    return reason_text(lang, reason, province) or clean(line.warning or "")


def order_gloss(lang: str, canonical: str, written: str) -> str:
    """The provinces of an order named in the reader's language (`F BRE - ENG` -> "Brest →
    Manica", `A PAR S A MAR - BUR` -> "Parigi sostiene Marsiglia → Borgogna"), or "" when
    the player wrote the names already (or the order names none)."""
    words, missing_name = [], False
    folded = _fold(written)
    for token in canonical.split():
        if token in _GLOSS_WORDS:
            words.append(tr(lang, _GLOSS_WORDS[token]) if "." in _GLOSS_WORDS[token]
                         else _GLOSS_WORDS[token])
            continue
        if len(token) < 3 or token in ("VIA", "WAIVE"):
            continue
        name = place(lang, token.lower()).rsplit(" (", 1)[0]
        if name == token:
            continue
        words.append(name)
        missing_name = missing_name or _fold(name) not in folded
    return " ".join(words) if missing_name else ""


# The canonical order's words shown between the names of its provinces.
_GLOSS_WORDS = {"-": "→", "R": "→", "S": "gloss.supports", "C": "gloss.convoys"}


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower())
                   if not unicodedata.combining(c))


def line_error(lang: str, line: Any) -> str:
    """Why a line was not recorded: the service's own refusals by their key (in `lang`), the
    order reader's errors as it wrote them (already in the line's language)."""
    key = getattr(line, "error_key", None)
    if key:
        params = {name: power_name(lang, value) if name == "power" else place(
            lang, str(value).lower()) if name == "place" else clean(str(value))
                  for name, value in (getattr(line, "error_params", None) or {}).items()}
        return tr(lang, key, fallback=clean(line.error or key), **params)
    return clean(line.error) if line.error else tr(lang, "orders.unreadable")


def power_status_text(lang: str, orders: Any) -> str:
    """A power's orders that count now, and what is still missing (or that it has nothing
    to do in this phase; in adjustments, the builds allowed and any given beyond them)."""
    head = tr(lang, "orders.now", power=power_name(lang, orders.power),
              phase=phase_label(lang, orders.phase))
    owed = getattr(orders, "duty", None) or {}
    if owed and not any(owed.get(k) for k in ("units", "dislodged", "builds", "removals")):
        extra = [tr(lang, "orders.nothing_to_do")]
        if owed.get("centres_over"):
            extra.append(tr(lang, "orders.no_builds_this_winter"))
        return "\n".join([head, *(f"• `{o}`" for o in orders.orders), *extra])
    body = []
    if owed.get("builds"):
        body.append(tr(lang, "orders.builds_allowed", count=owed["builds"],
                       sites=", ".join(place(lang, s) for s in owed.get("sites", ()))))
    elif owed.get("removals"):
        body.append(tr(lang, "orders.removals_due", count=owed["removals"]))
    body += [f"• `{o}`" for o in orders.orders] or [tr(lang, "orders.none_yet")]
    if getattr(orders, "from_ahead", False):
        body.append(tr(lang, "orders.from_ahead"))      # a winter's first message replaces them
    surplus = getattr(orders, "surplus", ())
    if surplus:
        given = owed.get("builds", 0) + len(surplus)
        body.append("⚠️ " + tr(lang, "orders.surplus_builds", given=given, count=given,
                               allowed=owed.get("builds", 0),
                               orders=", ".join(f"`{o}`" for o in surplus)))
    if orders.missing:
        body.append(tr(lang, "orders.missing", units=", ".join(
            still_owed(lang, u) for u in orders.missing)))
    elif owed.get("kind", "M") == "M":
        body.append(tr(lang, "orders.complete"))
    else:
        body.append(tr(lang, "orders.all_given"))
    return "\n".join([head, *body, *later_text(lang, getattr(orders, "later", ()))])


def later_text(lang: str, later: Sequence[tuple[str, str]]) -> list[str]:
    """Orders sent ahead, "for later": for the retreats, then for the winter, in order."""
    if not later:
        return []
    lines = [tr(lang, "orders.for_later")]
    for kind, key in (("R", "orders.kept_retreats"), ("A", "orders.kept_winter")):
        lines += [f"⏩ `{order}` — {tr(lang, key)}" for k, order in later if k == kind]
    return lines


def for_phase(key: str, phase: str | None) -> str:
    """`key` for a movement phase, `key_retreats` or `key_adjustments` for the others (what
    happens to what has no order differs: units hold, dislodged units are disbanded, builds
    are waived)."""
    kind = str(phase or "")[-1:]
    return {"R": f"{key}_retreats", "A": f"{key}_adjustments"}.get(kind, key)


def still_owed(lang: str, item: str) -> str:
    """A unit still without an order (`A PAR`), or the builds or removals still to give
    ("2 builds") in words."""
    count, _, what = item.partition(" ")
    if count.isdigit() and what.startswith(("build", "removal")):
        key = "orders.builds_left" if what.startswith("build") else "orders.removals_left"
        return tr(lang, key, count=int(count))
    return f"`{item}`"


def duration(lang: str, span: timedelta) -> str:
    minutes = round(span.total_seconds() / 60)
    hours, minutes = divmod(minutes, 60)
    if hours and minutes:
        return tr(lang, "time.hours_minutes", hours=hours, minutes=minutes)
    if hours:
        return tr(lang, "time.hours", hours=hours)
    return tr(lang, "time.minutes", minutes=minutes)


PHASE_LENGTHS = ("movement_hours", "retreat_hours", "adjustment_hours")   # /mod settings names


def deadline_rule(lang: str, settings: Any) -> str:
    """Which rule sets a game's deadlines, in words: the fixed schedule (and that the phase
    lengths are not used while it is set), or each phase's length."""
    lengths = {"movement": duration(lang, settings.movement_deadline),
               "retreat": duration(lang, settings.retreat_deadline),
               "adjustment": duration(lang, settings.adjustment_deadline)}
    if settings.schedule_time is None:
        return tr(lang, "schedule.rules_lengths", **lengths)
    key = "schedule.fixed_daily" if settings.schedule_every_days == 1 else \
        "schedule.fixed_every"
    return " ".join([tr(lang, key, time=settings.schedule_time,
                        every=settings.schedule_every_days,
                        followup=duration(lang, settings.schedule_followup)),
                     tr(lang, "schedule.lengths_unused", **lengths)])


def status_text(lang: str, game: Any, now: datetime | None = None) -> str:
    """`/game status`: phase, deadline, and who has sent orders (never what)."""
    lines = [tr(lang, "status.title", game=game.name, id=game.id,
                state=tr(lang, f"state.{game.status}", fallback=game.status))]
    if game.phase:
        lines.append(tr(lang, "status.phase", phase=phase_label(lang, game.phase)))
    if game.deadline is not None and game.status == "active":
        lines.append(tr(lang, "status.deadline", deadline=timestamp(game.deadline)))
        lines.append(tr(lang, "status.game_time", time=wall_clock(game.deadline,
                                                                  game.settings.timezone)))
    if game.status != "finished":
        lines.append(deadline_rule(lang, game.settings))
    # an anonymous game hides its players until its end (docs/press.md)
    hidden = game.settings.anonymous and game.status != "finished"
    if game.status == "forming":
        players = (tr(lang, "anonymous.hidden") if hidden
                   else ", ".join(f"<@{u}>" for u in game.players) or "-")
        lines.append(tr(lang, "status.players", count=len(game.players),
                        needed=game.settings.players, players=players))
    for seat in game.seats:
        who = f"<@{seat.user_id}>" if seat.user_id else tr(lang, "status.vacant")
        if getattr(seat, "computer", False):
            who = tr(lang, "status.computer")
        # an anonymous game does not say which seats the computer plays either, unless its
        # setting says so
        computer = getattr(seat, "computer", False)
        shown = computer and getattr(game.settings, "reveal_computers", False)
        if hidden and (seat.user_id or computer) and not shown:
            who = tr(lang, "anonymous.hidden")
        if not seat.needs_orders:
            state = "➖"
        elif seat.ready:
            state = "✅✅"
        elif seat.has_orders:
            state = "✅"
        else:
            state = "⏳"
        extra = " — " + tr(lang, "results.civil_disorder") if seat.civil_disorder else ""
        if getattr(seat, "unreachable", None):
            extra += " — 📵 " + tr(lang, f"status.unreachable.{seat.unreachable}")
        # fog of war: another power's units (and centres, unless public) out of sight
        key = "status.seat" if seat.units is not None else \
            "status.seat_unseen" if seat.centers is None else "status.seat_counted"
        lines.append(tr(lang, key, state=state, power=power_name(lang, seat.power),
                        player=who, centers=trn(lang, "count.centres", seat.centers or 0),
                        units=trn(lang, "count.units", seat.units or 0)) + extra)
    if game.seats and game.status != "finished":
        lines.append(tr(lang, "status.legend"))
    if game.status == "finished":          # how and when it ended, where to see it
        lines.append(tr(lang, "game.ended_here", game=game.name,
                        outcome=outcome_text_of(lang, game.outcome or {}),
                        when=timestamp(getattr(game, "finished_at", None))))
    return "\n".join(lines)


# A mention of a user, role or channel (`<@1>`, `<@!1>`, `<@&1>`, `<#1>`), a mass mention, and
# a masked link (`[text](address)`, which shows the text and hides where it leads).
_PINGS = re.compile(r"<(?=[@#])|@(?=everyone|here)")
_MASKED_LINK = re.compile(r"(?<!\\)\[([^\]]*?)(?<!\\)\]\(")     # (not one escaped already)
_ZERO_WIDTH_SPACE = "\u200b"        # what breaks a mention: kept when text is cleaned again


def clean(text: str) -> str:
    """Player text made safe to show: no control or bidirectional-override characters (a NUL
    or a right-to-left override would garble the reply), no backticks (they would open code
    spans), no mentions (a user's, a role's, a channel's, @everyone: shown, never pinging
    whatever the post allows) and no masked links (the brackets shown as written)."""
    kept = "".join(c if c == _ZERO_WIDTH_SPACE or unicodedata.category(c) not in ("Cc", "Cf")
                   else "�" for c in text)
    kept = _PINGS.sub(lambda m: m.group(0) + "\u200b", kept.replace("`", "'"))
    return _MASKED_LINK.sub(lambda m: f"\\[{m.group(1)}\\](", kept)


def _quote(text: str, limit: int = 80) -> str:
    text = clean(text)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return f"“{text}”"
