"""Notes, errors and reasons in the reader's language, from the templates of the vocabulary
files (`messages`, `notes`, `reasons`), so a fourth language is one more data file."""

from __future__ import annotations

from engine import Power, Reason
from engine.variant_files import variant_power_name
from grammar.lexicon import display_name, vocabulary


def message(language: str, key: str, **values: object) -> str:
    return vocabulary(language)["messages"][key].format(**values)


def note(language: str, key: str, **values: object) -> str:
    return vocabulary(language)["notes"][key].format(**values)


def province(pid: str, language: str) -> str:
    """`tys` -> `Tyrrhenian Sea (TYS)`; `stp/nc` -> `St Petersburg (STP/NC)`."""
    return f"{display_name(pid.split('/', 1)[0], language)} ({pid.upper()})"


def provinces(pids: list[str], language: str) -> str:
    return join_or([province(p, language) for p in pids], language)


def join_or(items: list[str], language: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    word = vocabulary(language)["messages"]["or"]
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def expected(terminals: tuple[str, ...], language: str) -> str:
    names = vocabulary(language)["expected"]
    return join_or([names[t] for t in terminals if t in names], language)


def power_name(power: Power, language: str) -> str:
    """A power's name in a language; a variant's powers by the names their variant gives."""
    name = vocabulary(language)["power_names"].get(power.value)
    return variant_power_name(power.value, language) if name is None else name


def unit_name(unit: str, language: str) -> str:
    return vocabulary(language)["unit_names"][unit]


def coast_name(coast: str, language: str) -> str:
    return vocabulary(language)["coast_names"].get(coast, coast)


def kind_name(kind: str, language: str) -> str:
    return vocabulary(language)["kind_names"][kind]


def phase_name(kind: str, language: str) -> str:
    return vocabulary(language)["phase_names"][kind]


def reason(value: Reason, where: str | None, language: str, owner: Power | None = None) -> str:
    """An engine Reason as a sentence: `the unit in Venice (VEN) belongs to Austria`."""
    templates = vocabulary(language)["reasons"]
    place = province(where, language) if where else "?"
    owner_name = power_name(owner, language) if owner else "?"
    template = templates.get(value.value)
    if template is None:
        return templates["other"].format(reason=value.value)
    return template.format(province=place, power=owner_name)
