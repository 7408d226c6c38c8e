"""Every REST call of the end-to-end tests held to Discord's own OpenAPI description of its v10
API (`../shared/discord/openapi.json`): the bot's request (route and method, path and query
parameters, body) and the stand-in's answer (status and body).

The spec as written is checked first; of what it refuses, these allowances let through:
- the README's: a string of digits where the spec says `integer` ("our API accepts strings for
  int fields if they are parseable as ints"), in requests and answers; path and query
  parameters are text, so they are read as digits for numbers and `true`/`1`, `false`/`0`
  for booleans (a number's range is still checked);
- in requests only, a whole number where the spec says a snowflake string: Discord reads ids
  either way, and discord.py sends two as numbers (a DM channel's `recipient_id`, a new
  upload's `attachments[].id`).
A request the stand-in refused as Discord refuses a body against its schema (400, code 50035)
or a route it does not serve is the bot being told, not a breach (the stand-in's own tests send
such requests on purpose); its answer is still checked. The spec describes no 5xx answer: a
5xx the test injected (`fake.fail_next(..., status=500)`) is checked for Discord's error shape
only. Gateway events are not REST and are not checked here.

Schemas are compiled once per process and per place in the spec (`DiscordSpec.load` is cached).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

_ROOT = "urn:discord-openapi-v10"
_DIGITS = re.compile(r"-?[0-9]+")
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def _digits(instance: Any) -> bool:
    return isinstance(instance, str) and _DIGITS.fullmatch(instance) is not None


def _no_allowance(types: list[str], instance: Any, schema: dict) -> bool:
    return False


def _answer_type_allowed(types: list[str], instance: Any, schema: dict) -> bool:
    """The README's allowance: a string of digits where the spec says integer."""
    return "integer" in types and _digits(instance)


def _request_type_allowed(types: list[str], instance: Any, schema: dict) -> bool:
    """The same, and a whole number where the spec says a snowflake string: Discord reads ids
    either way, and discord.py sends some as numbers (`recipient_id` of a DM channel,
    `attachments[].id` of an upload)."""
    return _answer_type_allowed(types, instance, schema) or (
        schema.get("format") == "snowflake" and type(instance) is int and instance >= 0)


def _text_readings(value: str) -> list[Any]:
    """What a path or query parameter (always text) may stand for: itself, a number written
    in digits, a boolean written `true`/`1` or `false`/`0`. It conforms when one of them
    does, so a number's range is still checked (`limit=500` is over 100)."""
    readings: list[Any] = [value]
    if _NUMBER.fullmatch(value):
        readings.append(int(value) if _DIGITS.fullmatch(value) else float(value))
    if value in ("true", "1"):
        readings.append(True)
    if value in ("false", "0"):
        readings.append(False)
    return readings


def _excused(error: ValidationError, allowed) -> bool:
    """Whether a breach of the spec as written is one the allowances let through: a `type`
    they allow, or a union one of whose members fails only on such breaches. (Checking the
    spec as written first, and excusing afterwards, never makes a union ambiguous: `nonce`
    is a string or an integer, and a string of digits is the string.)"""
    if error.validator == "type":
        types = error.validator_value
        return allowed(types if isinstance(types, list) else [types], error.instance,
                       error.schema)
    if error.validator in ("anyOf", "oneOf") and error.context:
        members: dict[Any, list[ValidationError]] = {}
        for inner in error.context:
            members.setdefault(inner.relative_schema_path[0], []).append(inner)
        return any(all(_excused(e, allowed) for e in errors) for errors in members.values())
    return False


@dataclass(frozen=True)
class Call:
    """One REST call as the stand-in saw it (see `RecordedRequest`)."""

    method: str
    path: str                 # after /api/v10
    query: dict[str, str]
    body: Any                 # the JSON body (a multipart call's payload_json), or None
    multipart: bool
    status: int
    answer: Any               # the JSON answered, or None when the answer had no body
    injected: bool = False    # a failure the test asked for (`fake.fail_next`)
    served: bool = True       # False: a route the stand-in does not serve (answered 404)

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


class DiscordSpec:
    """Discord's OpenAPI description, ready to check calls against."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self._registry = Registry().with_resource(
            _ROOT, Resource.from_contents(document, default_specification=DRAFT202012))
        routes = []
        for template, item in document["paths"].items():
            pattern = re.escape(template)
            for name in re.findall(r"\{(\w+)\}", template):
                pattern = pattern.replace(re.escape("{" + name + "}"), f"(?P<{name}>[^/]+)")
            routes.append((template.count("{"), template, re.compile(pattern), item))
        # A route without parameters wins over one with (`/users/@me` over `/users/{user_id}`).
        self._routes = sorted(routes, key=lambda r: r[0])
        self._validators: dict[str, Draft202012Validator] = {}

    @classmethod
    @cache
    def load(cls, path: Path) -> DiscordSpec:
        return cls(json.loads(path.read_text(encoding="utf-8")))

    # -- schemas ---------------------------------------------------------------------------

    def _validator(self, pointer: str):
        """The compiled validator of the schema at `pointer` (a JSON pointer in the spec)."""
        found = self._validators.get(pointer)
        if found is None:
            found = Draft202012Validator({"$ref": f"{_ROOT}#{pointer}"}, registry=self._registry)
            self._validators[pointer] = found
        return found

    def _resolve(self, node: dict[str, Any], pointer: str) -> tuple[dict[str, Any], str]:
        """Follow a `$ref` to a component (responses, parameters), keeping its pointer."""
        while "$ref" in node:
            pointer = node["$ref"][1:]
            node = self.document
            for part in pointer.strip("/").split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
        return node, pointer

    def _errors(self, pointer: str, allowed, instance: Any, where: str) -> list[str]:
        """Each way `instance` breaks the schema at `pointer` that the allowances do not
        excuse (at most five), each by its most telling cause (inside a union: the member it
        came closest to)."""
        found = []
        for error in self._validator(pointer).iter_errors(instance):
            if _excused(error, allowed):
                continue
            error = best_match([error])
            found.append(f"{error.json_path.replace('$', where, 1)}: {_short(error.message)}")
            if len(found) == 5:
                break
        return found

    # -- calls -------------------------------------------------------------------------------

    def operation(self, method: str, path: str) -> tuple[str, dict[str, str], dict] | None:
        """The spec's route template, the path parameters and the operation, or None."""
        for _n, template, pattern, item in self._routes:
            match = pattern.fullmatch(path)
            if match and method.lower() in item:
                return template, match.groupdict(), item
        return None

    def problems(self, call: Call) -> list[str]:
        """What in `call` (the request, then the answer) the spec does not allow."""
        found = self.operation(call.method, call.path)
        if found is None:
            return [] if self._refused(call) else [
                f"{call}: no operation {call.method} {call.path} in the spec"]
        template, path_values, item = found
        method = call.method.lower()
        base = "/paths/" + template.replace("~", "~0").replace("/", "~1")
        operation = item[method]
        problems = self._request_problems(call, base, item, operation, path_values)
        if problems and self._refused(call):
            problems = []
        problems += self._answer_problems(call, f"{base}/{method}", operation)
        return [f"{call}: {p}" for p in problems]

    @staticmethod
    def _refused(call: Call) -> bool:
        """A request the stand-in refused as Discord refuses a body against its schema
        (400, code 50035 "Invalid Form Body", naming the field) or as a route it does not
        serve: the bot was told, as Discord would tell it (the stand-in's own tests send such
        requests on purpose). Its answer is still checked."""
        if not call.served:
            return True
        return call.status == 400 and isinstance(call.answer, dict) \
            and call.answer.get("code") == 50035

    def _request_problems(self, call: Call, base: str, item: dict, operation: dict,
                          path_values: dict[str, str]) -> list[str]:
        problems = []
        declared: dict[tuple[str, str], tuple[dict, str]] = {}
        for owner, pointer in ((item, base), (operation, f"{base}/{call.method.lower()}")):
            for i, parameter in enumerate(owner.get("parameters", ())):
                parameter, at = self._resolve(parameter, f"{pointer}/parameters/{i}")
                declared[(parameter["in"], parameter["name"])] = (parameter, at)
        for (place, name), (parameter, at) in declared.items():
            values = path_values if place == "path" else call.query if place == "query" else None
            if values is None:
                continue
            if name not in values:
                if parameter.get("required"):
                    problems.append(f"the {place} parameter {name} is missing")
                continue
            pointer = f"{at}/schema"
            readings = _text_readings(values[name])
            if not any(self._validator(pointer).is_valid(r) for r in readings):
                # Said of the last reading: `limit=500` as the number 500.
                problems += self._errors(pointer, _no_allowance, readings[-1],
                                         f"{place} parameter {name}")
        for name in call.query:
            if ("query", name) not in declared:
                problems.append(f"the query parameter {name} is not in the spec")
        body = operation.get("requestBody")
        if body is None:
            if call.body is not None:
                problems.append("a body was sent to an operation that takes none")
            return problems
        body, at = self._resolve(body, f"{base}/{call.method.lower()}/requestBody")
        if call.body is None:
            if body.get("required"):
                problems.append("the required body is missing")
            return problems
        kind = "multipart/form-data" if call.multipart else "application/json"
        if kind not in body["content"]:
            return problems + [f"the body may not be sent as {kind}"]
        pointer = f"{at}/content/{kind.replace('/', '~1')}/schema"
        return problems + self._errors(pointer, _request_type_allowed, call.body, "request body")

    def _answer_problems(self, call: Call, at: str, operation: dict) -> list[str]:
        responses = operation.get("responses", {})
        status = str(call.status)
        key = next((k for k in (status, f"{status[0]}XX", "default") if k in responses), None)
        if key is None:
            if call.status >= 500 and call.injected:
                return self._errors("/components/schemas/ErrorResponse", _answer_type_allowed, call.answer,
                                    "answer")
            return [f"the spec describes no {status} answer for this operation"]
        response, pointer = self._resolve(responses[key], f"{at}/responses/{key}")
        content = response.get("content", {})
        if "application/json" not in content:
            return [] if call.answer is None else ["an answer body where the spec has none"]
        if call.answer is None:
            return ["no answer body where the spec has one"]
        schema = f"{pointer}/content/application~1json/schema"
        return self._errors(schema, _answer_type_allowed, call.answer, "answer")


def _short(message: str, limit: int = 300) -> str:
    return message if len(message) <= limit else message[:limit] + "…"
