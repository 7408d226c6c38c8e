"""Every catalogue text, in every language, rendered with the parameters the code passes where
it uses the key: no `{placeholder}` is left unfilled, and no raw phase code (`F1901M`) or game
state word (`paused`) reaches the reader.

The call sites are found by reading the code (ast): `tr(lang, "key", name=...)` in the bot (and
`trn(lang, "key", count, ...)` or any call with `count=`, each plural form), and
in the service the errors (`InvalidRequest("key", text, name=...)`), the channel posts
(`post(game, "key", text, name=...)`, which always carry `game`), private messages
(`Message("key", text, {...})`) and the refusals of one order line (`error_key=`)."""

from __future__ import annotations

import ast
import re
import string
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import LANGUAGES, locale_dir, tr
from bot.params import words

ROOT = Path(__file__).resolve().parents[2]
ERRORS = {"InvalidRequest", "NotFound", "NotAllowed", "OrdersRejected", "PhaseClosed",
          "ServiceError"}
RAW_PHASE = re.compile(r"\b[SFW]1\d{3}[MRA]\b")
# Values as the service passes them (raw), to go through the bot's `words` as in production.
RAW = {"phase": "F1901M", "next_phase": "W1901A", "status": "paused", "deadline":
       datetime(2030, 1, 1, 18, tzinfo=UTC), "when": datetime(2030, 1, 1, 18, tzinfo=UTC),
       "remaining": timedelta(hours=3), "by": timedelta(hours=2), "power": "Russia",
       "powers": ["England", "France"], "winners": ["Russia"], "actor_id": 1, "user_id": 2,
       "users": [3], "old": 4, "new": 5, "setting": "draw_policy", "reason": None}


@dataclass(frozen=True)
class Use:
    key: str
    params: frozenset[str]
    where: str
    service: bool                   # the service's raw values (go through `words`)


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def uses() -> list[Use]:
    found: list[Use] = []
    for folder in ("bot", "service"):
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
                where = f"{path.relative_to(ROOT)}:{call.lineno}"
                dynamic = any(k.arg is None for k in call.keywords)
                names = frozenset(k.arg for k in call.keywords if k.arg) - {"fallback"}
                name = _name(call)
                if name == "tr" and len(call.args) >= 2 and _literal(call.args[1]):
                    if not dynamic:
                        found.append(Use(_literal(call.args[1]), names, where, False))
                elif name == "trn" and len(call.args) >= 3 and _literal(call.args[1]):
                    if not dynamic:      # each plural form, with the count it is given
                        key = _literal(call.args[1])
                        found += [Use(k, names | {"count"}, where, False)
                                  for k in (key, f"{key}_plural")]
                elif name in ERRORS and call.args and _literal(call.args[0]) and not dynamic:
                    found.append(Use(_literal(call.args[0]), names, where, True))
                elif name == "post" and len(call.args) >= 2 and _literal(call.args[1]) \
                        and not dynamic:
                    key = _literal(call.args[1])
                    if key == "moderation.extend" and "remaining" in names:
                        key = "moderation.extend_paused"      # as bot.messages shows it
                    found.append(Use(key, names | {"game"}, where, True))
                elif name == "Message" and call.args and _literal(call.args[0]) \
                        and len(call.args) >= 3 and isinstance(call.args[2], ast.Dict) \
                        and None not in call.args[2].keys:      # no `**params` spread
                    keys = frozenset(_literal(k) for k in call.args[2].keys if _literal(k))
                    found.append(Use(_literal(call.args[0]), keys, where, True))
                for keyword in call.keywords:
                    if keyword.arg == "error_key" and _literal(keyword.value):
                        params = next((k.value for k in call.keywords
                                       if k.arg == "error_params"), None)
                        keys = frozenset(_literal(k) for k in getattr(params, "keys", [])
                                         if _literal(k))
                        found.append(Use(_literal(keyword.value), keys, where, True))
    return found


def catalogue(lang: str) -> dict[str, str]:
    with (locale_dir() / lang / "LC_MESSAGES" / "arbitro.po").open("rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id and m.context is None}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# Parameters the bot adds itself when it renders a key (bot.seating.seat_wording).
ADDED_BY_BOT = {"seat.claim": frozenset({"record"})}
# A key given an integer `count` may be read in any of its forms (bot.i18n.counted_key).
USES = [Use(key, u.params | ADDED_BY_BOT.get(u.key, frozenset()), u.where, u.service)
        for u in uses()
        for key in ((u.key, f"{u.key}_plural", f"{u.key}_zero") if "count" in u.params
                    and not u.key.endswith(("_plural", "_zero")) else (u.key,))]


def test_the_call_sites_are_found():
    keys = {u.key for u in USES}
    # one of each kind: a bot reply, an error, a channel post, a private message, a line
    assert {"mod.created", "game.wrong_player_count", "settings.changed", "reminder",
            "orders.not_your_unit"} <= keys
    assert len(USES) > 150


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_placeholder_gets_a_value_where_the_key_is_used(lang):
    texts = catalogue(lang)
    unfilled = [f"{u.where}: {u.key} needs {sorted(placeholders(texts[u.key]) - u.params)}"
                for u in USES if u.key in texts and placeholders(texts[u.key]) - u.params]
    assert not unfilled, "\n".join(unfilled)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_service_texts_render_without_raw_codes(lang):
    """The service's keys rendered as the bot renders them: phases, states, settings in
    words, nothing left in braces."""
    texts = catalogue(lang)
    for use in (u for u in USES if u.service and u.key in texts):
        params = {name: RAW.get(name, "x") for name in use.params}
        shown = tr(lang, use.key, **words(lang, params))
        assert not placeholders(shown.replace("{{", "").replace("}}", "")), (use.where, shown)
        assert not RAW_PHASE.search(shown), (use.where, shown)
        if lang != "en":
            assert "paused" not in shown and "draw_policy" not in shown, (use.where, shown)


def test_the_bot_passes_phases_and_states_in_words():
    """A phase or a game's status handed to `tr` by the bot goes through a function
    (phase_label, tr of the state), never as the raw value."""
    raw = []
    for path in (ROOT / "bot").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n) == "tr"):
            for keyword in call.keywords:
                if keyword.arg in ("phase", "status", "next_phase") and \
                        not isinstance(keyword.value, ast.Call):
                    raw.append(f"{path.relative_to(ROOT)}:{call.lineno} {keyword.arg}=")
    assert not raw, raw
