"""A moderator's texts in their language: the settings of a game (service/games/setting_registry.py)
and their values, the audit log in words, and who still owes orders."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.formatting import PHASE_LENGTHS, centres_block, duration, power_name, still_owed
from bot.i18n import LANGUAGES, has, tr
from bot.params import words
from grammar.lexicon import fold
from service.games.setting_registry import (
    REGISTRY,
    Setting,
    find_setting,
    setting_key,
    setting_named,
)

AUDIT_SHOWN = 60     # the latest entries /mod log shows


def setting_label(lang: str, name: str) -> str:
    return tr(lang, f"setting.{name}", fallback=name)


def _words_of(text: str) -> str:
    return " ".join(fold(text).replace("_", " ").replace("-", " ").split())


def setting_names(setting: Setting) -> set[str]:
    """Every name a moderator may type for `setting`, folded: its `/mod settings` name, its
    key in `/game export` and its label in every language."""
    return {_words_of(setting.name), _words_of(setting.field),
            *(_words_of(setting_label(lang, setting.name)) for lang in LANGUAGES)}


def setting_typed(text: str) -> Setting | None:
    """The setting a moderator named in any of those ways, or None."""
    found = find_setting(text)
    if found is None:
        typed = _words_of(text)
        found = next((s for s in REGISTRY.values() if typed in setting_names(s)), None)
    return found


def setting_of(text: str) -> Setting:
    """As `setting_typed`, or InvalidRequest naming what was typed (`setting_named`'s)."""
    return setting_typed(text) or setting_named(text)


def settings_matching(lang: str, typed: str) -> list[tuple[str, str]]:
    """(label in `lang`, name) of the settings whose names (in any language, or as the export
    writes them) contain what was typed, in the registry's order."""
    wanted = _words_of(typed)
    return [(setting_label(lang, s.name), s.name) for s in REGISTRY.values()
            if any(wanted in name for name in setting_names(s))
            or setting_key(typed) in (s.name, s.field)]


def value_text(lang: str, setting: Setting, value: Any) -> str:
    """A setting's value in words (as GameSettings holds it, or as announced: JSON)."""
    if value is None or value == () or value == []:
        return tr(lang, "setting.unset")
    if setting.kind == "choice":
        return tr(lang, f"setting.{setting.name}.{value}", fallback=str(value))
    if setting.kind == "yesno":
        return tr(lang, "setting.yes" if value else "setting.no")
    if setting.kind == "hours":
        return duration(lang, _span(value))
    if setting.kind == "hours_list":
        return ", ".join(duration(lang, _span(v)) for v in value)
    if setting.kind == "weekdays":
        return ", ".join(tr(lang, f"weekday.{day}") for day in value)
    return str(value)


def _span(value: Any) -> timedelta:
    return value if isinstance(value, timedelta) else timedelta(seconds=float(value))


def settings_text(lang: str, game_name: str, values: Iterable[Any], started: bool,
                  rule: str | None = None) -> str:
    """`/mod settings` without a value: every setting, its value and what it does; `rule`:
    which rule sets the deadlines (the phase lengths are marked unused under a schedule)."""
    values = list(values)
    lines = [tr(lang, "settings.title", game=game_name)] + ([rule] if rule else [])
    fixed = any(v.setting.name == "schedule_time" and v.value for v in values)
    for item in values:
        setting = item.setting
        lock = " 🔒" if started and setting.before_start_only else ""
        unused = (" " + tr(lang, "settings.unused_by_schedule")
                  if fixed and setting.name in PHASE_LENGTHS else "")
        lines.append(f"**{setting_label(lang, setting.name)}**{lock}: "
                     f"{value_text(lang, setting, item.value)}{unused}\n"
                     f"  -# {tr(lang, f'setting.{setting.name}.help')}")
    lines.append(tr(lang, "settings.how"))
    return "\n".join(lines)


def changed_text(lang: str, params: Mapping[str, Any], *, anonymous: bool = False) -> str:
    """The channel's notice of a changed setting (in an anonymous game, by "the moderator")."""
    setting = REGISTRY.get(str(params.get("setting")))
    shown = words(lang, {k: v for k, v in params.items() if k not in ("setting", "value")},
                  anonymous=anonymous)
    key = "settings.changed.anonymous" if anonymous else "settings.changed"
    if setting is None:
        return tr(lang, key, **shown, setting=params.get("setting"), value=params.get("value"))
    return tr(lang, key, **shown, setting=setting_label(lang, setting.name),
              value=value_text(lang, setting, params.get("value")))


def audit_text(lang: str, entries: list[Any]) -> str:
    """`/mod log`: the latest actions, oldest first, each in a sentence."""
    if not entries:
        return tr(lang, "audit.empty")
    lines = [tr(lang, "audit.title", count=len(entries))]
    if len(entries) > AUDIT_SHOWN:
        lines.append(tr(lang, "audit.older", count=len(entries) - AUDIT_SHOWN))
    for entry in entries[-AUDIT_SHOWN:]:
        who = f"<@{entry.actor_id}>" if entry.actor_id else tr(lang, "audit.by_arbitro")
        lines.append(f"<t:{int(entry.at.timestamp())}:f> — {who}: "
                     + audit_action(lang, entry.action, entry.params))
    return "\n".join(lines)


def audit_action(lang: str, action: str, params: Mapping[str, Any]) -> str:
    """One audit entry in words (`audit.<action>`; an action without a sentence yet is named)."""
    values = dict(params)
    if isinstance(values.get("deadline"), str):
        values["deadline"] = datetime.fromisoformat(values["deadline"]).astimezone(UTC)
    for name in ("remaining", "by"):
        if isinstance(values.get(name), int | float):
            values[name] = timedelta(seconds=values[name])
    if isinstance(values.get("until"), int | float):          # a grace's end (seconds)
        values["until"] = datetime.fromtimestamp(values["until"], UTC)
    for name, shown in (("from", "start"), ("to", "end")):    # an absence (ISO times)
        if isinstance(values.get(name), str):
            values[shown] = datetime.fromisoformat(values.pop(name)).astimezone(UTC)
    if isinstance(values.get("seconds"), int | float):        # an extension's length
        values["length"] = timedelta(seconds=values.pop("seconds"))
    elif isinstance(values.get("hours"), int | float):
        values["length"] = timedelta(hours=values.pop("hours"))
    if "reason" in values and not values["reason"] and action != "end_game":
        values["reason"] = "-"
    key = f"audit.{action}" + ("_paused" if action == "extend" and "by" in values else "")
    if not has(lang, key):
        return tr(lang, "audit.other", action=action.replace("_", " "))
    if action == "setting" and values.get("setting") in REGISTRY:
        setting = REGISTRY[values["setting"]]
        return tr(lang, key, setting=setting_label(lang, setting.name),
                  old=value_text(lang, setting, values.get("old")),
                  new=value_text(lang, setting, values.get("new")))
    if action == "end_game":
        values["reason"] = f": {values['reason']}" if values.get("reason") else ""
    if action == "start":
        values["how"] = tr(lang, "audit.start_assigned" if values.get("assigned")
                           else "audit.start_by_lot")
    shown = words(lang, {k: v for k, v in values.items() if k not in ("seats", "settings")})
    if action == "replace_player" and values.get("old") is None:
        shown["old"] = tr(lang, "status.vacant")
    return tr(lang, key, **shown)


def owing_text(lang: str, owing: list[Any]) -> str:
    """One line per power still owing orders: who plays it and its units without orders."""
    lines = []
    for item in owing:
        who = f"<@{item.user_id}>" if item.user_id else tr(lang, "status.vacant")
        units = ", ".join(still_owed(lang, u) for u in item.units)
        lines.append(f"• **{power_name(lang, item.power)}** ({who}): {units}")
    return "\n".join(lines)


def final_centres(lang: str, outcome: Mapping[str, Any]) -> str | None:
    """The final centre table of an ended game, when its outcome carries one."""
    counts = outcome.get("centers") if isinstance(outcome, Mapping) else None
    return centres_block(lang, counts, {}) if counts else None

