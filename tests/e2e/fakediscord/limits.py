"""Discord's size limits on messages, enforced the way Discord does (HTTP 400 "Invalid Form
Body" naming the field, 413 for attachments), so a bot that would be refused by the real
service is refused here too instead of passing its tests.

Numbers from https://discord.com/developers/docs/resources/message#create-message and
https://discord.com/developers/docs/resources/message#embed-object-embed-limits."""

from __future__ import annotations

import re
from typing import Any

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_FIELDS_MAX = 25
ATTACHMENTS_MAX = 10
UPLOAD_MAX_BYTES = 10 * 1024 * 1024   # a bot's limit in a server without boosts
CHOICES_MAX = 25

_EMBED_TEXT_LIMITS = {"title": 256, "description": 4096}


class FormError(Exception):
    """A request Discord would refuse; `status` and `body` are what Discord answers."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("message"))
        self.status = status
        self.body = body


def _invalid(path: str, code: str, message: str) -> FormError:
    """400/50035 naming the field at `path`. `code` is the name Discord's documentation shows
    for the field's error (BASE_TYPE_MAX_LENGTH, ...); its OpenAPI description types a field
    error's `code` as an integer, so the answer carries 50035 there and the name stays here."""
    errors: dict[str, Any] = {"_errors": [{"code": 50035, "message": message}]}
    for part in reversed([p for p in path.split(".") if p]):
        errors = {part: errors}
    return FormError(400, {"code": 50035, "message": "Invalid Form Body", "errors": errors})


def _max_length(path: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        raise _invalid(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _embed_text_length(embed: dict[str, Any]) -> int:
    total = len(embed.get("title", "") or "") + len(embed.get("description", "") or "")
    total += len((embed.get("footer") or {}).get("text", "") or "")
    total += len((embed.get("author") or {}).get("name", "") or "")
    for f in embed.get("fields", []) or []:
        total += len(f.get("name", "") or "") + len(f.get("value", "") or "")
    return total


def check_embeds(embeds: list[dict[str, Any]]) -> None:
    if len(embeds) > EMBEDS_MAX:
        raise _invalid("embeds", "BASE_TYPE_MAX_LENGTH", f"Must be {EMBEDS_MAX} or fewer in length.")
    total = 0
    for i, embed in enumerate(embeds):
        for key, limit in _EMBED_TEXT_LIMITS.items():
            _max_length(f"embeds.{i}.{key}", embed.get(key), limit)
        _max_length(f"embeds.{i}.footer.text", (embed.get("footer") or {}).get("text"), 2048)
        _max_length(f"embeds.{i}.author.name", (embed.get("author") or {}).get("name"), 256)
        fields = embed.get("fields", []) or []
        if len(fields) > EMBED_FIELDS_MAX:
            raise _invalid(f"embeds.{i}.fields", "BASE_TYPE_MAX_LENGTH",
                           f"Must be {EMBED_FIELDS_MAX} or fewer in length.")
        for j, f in enumerate(fields):
            if not f.get("name") or not f.get("value"):
                raise _invalid(f"embeds.{i}.fields.{j}", "BASE_TYPE_REQUIRED",
                               "This field is required")
            _max_length(f"embeds.{i}.fields.{j}.name", f["name"], 256)
            _max_length(f"embeds.{i}.fields.{j}.value", f["value"], 1024)
        total += _embed_text_length(embed)
    if total > EMBED_TOTAL_MAX:
        raise _invalid("embeds", "MAX_EMBED_SIZE_EXCEEDED",
                       f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}")


def check_message(body: dict[str, Any], files: list[tuple[str, bytes]], *,
                  require_something: bool = True) -> None:
    """Refuse a message body the way Discord would: too long, too many embeds or files, files
    too big, or nothing to send at all."""
    _max_length("content", body.get("content"), CONTENT_MAX)
    check_embeds(body.get("embeds") or [])
    if len(files) > ATTACHMENTS_MAX:
        raise _invalid("files", "BASE_TYPE_MAX_LENGTH", f"Must be {ATTACHMENTS_MAX} or fewer in length.")
    if sum(len(data) for _, data in files) > UPLOAD_MAX_BYTES:
        raise FormError(413, {"code": 40005, "message": "Request entity too large"})
    nothing = not (body.get("content") or body.get("embeds") or files
                   or body.get("components") or body.get("sticker_ids") or body.get("poll"))
    if require_something and nothing:
        raise FormError(400, {"code": 50006, "message": "Cannot send an empty message"})


def check_choices(choices: list[dict[str, Any]]) -> None:
    if len(choices) > CHOICES_MAX:
        raise _invalid("data.choices", "BASE_TYPE_MAX_LENGTH",
                       f"Must be {CHOICES_MAX} or fewer in length.")
    for i, choice in enumerate(choices):
        _max_length(f"data.choices.{i}.name", choice.get("name"), 100)
        _max_length(f"data.choices.{i}.value", choice.get("value"), 100)


def check_modal(modal: dict[str, Any]) -> None:
    if not modal.get("custom_id"):
        raise _invalid("data.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
    _max_length("data.title", modal.get("title"), 45)
    if not 1 <= len(modal.get("components") or []) <= 5:
        raise _invalid("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")


# Application commands (https://discord.com/developers/docs/interactions/application-commands).
_NAME = re.compile(r"^[-_\w]{1,32}$")
COMMANDS_MAX = 100
OPTIONS_MAX = 25


def _check_named(path: str, item: dict[str, Any], *, chat_input: bool) -> None:
    """Names: 1-32 characters, lowercase, no spaces; descriptions: 1-100 characters; the
    same for every localization."""
    names = {"": item.get("name", "")} | {
        f"_localizations.{k}": v for k, v in (item.get("name_localizations") or {}).items()}
    for where, name in names.items():
        if not _NAME.match(name or "") or (chat_input and name != name.lower()):
            raise _invalid(f"{path}name{where}", "APPLICATION_COMMAND_INVALID_NAME",
                           f"Command name is invalid: {name!r}")
    if not chat_input:
        return
    descriptions = {"": item.get("description", "")} | {
        f"_localizations.{k}": v
        for k, v in (item.get("description_localizations") or {}).items()}
    for where, text in descriptions.items():
        if not 1 <= len(text or "") <= 100:
            raise _invalid(f"{path}description{where}", "BASE_TYPE_BAD_LENGTH",
                           "Must be between 1 and 100 in length.")


def _check_options(path: str, options: list[dict[str, Any]]) -> None:
    if len(options) > OPTIONS_MAX:
        raise _invalid(f"{path}options", "BASE_TYPE_MAX_LENGTH",
                       f"Must be {OPTIONS_MAX} or fewer in length.")
    seen: set[str] = set()
    optional_seen = False
    for i, option in enumerate(options):
        where = f"{path}options.{i}."
        _check_named(where, option, chat_input=True)
        if option["name"] in seen:
            raise _invalid(f"{where}name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                           "Option names must be unique")
        seen.add(option["name"])
        if option.get("type") in (1, 2):
            _check_options(where, option.get("options") or [])
            continue
        if option.get("required"):
            if optional_seen:
                raise _invalid(f"{where}required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                               "Required options must be placed before non-required options")
        else:
            optional_seen = True
        choices = option.get("choices") or []
        if len(choices) > CHOICES_MAX:
            raise _invalid(f"{where}choices", "BASE_TYPE_MAX_LENGTH",
                           f"Must be {CHOICES_MAX} or fewer in length.")
        if choices and option.get("autocomplete"):
            raise _invalid(f"{where}autocomplete", "APPLICATION_COMMAND_OPTIONS_AUTOCOMPLETE_CHOICES",
                           "Autocomplete cannot be set on an option with choices")


def check_commands(commands: list[dict[str, Any]]) -> None:
    """Refuse command registrations Discord would refuse, naming the field."""
    if len(commands) > COMMANDS_MAX:
        raise _invalid("", "BASE_TYPE_MAX_LENGTH", f"Must be {COMMANDS_MAX} or fewer in length.")
    names: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        chat_input = command.get("type", 1) == 1
        _check_named(f"{i}.", command, chat_input=chat_input)
        key = (command.get("type", 1), command["name"])
        if key in names:
            raise _invalid(f"{i}.name", "APPLICATION_COMMANDS_DUPLICATE_NAME",
                           f"Application command names must be unique: {command['name']!r}")
        names.add(key)
        if chat_input:
            _check_options(f"{i}.", command.get("options") or [])
