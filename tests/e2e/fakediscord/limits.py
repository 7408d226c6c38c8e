"""Discord's size limits on messages, enforced the way Discord does (HTTP 400 "Invalid Form
Body" naming the field, 413 for attachments), so a bot that would be refused by the real
service is refused here too instead of passing its tests.

Numbers from https://discord.com/developers/docs/resources/message#create-message and
https://discord.com/developers/docs/resources/message#embed-object-embed-limits."""

from __future__ import annotations

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
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(path.split(".")):
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
