"""The order language: free-text orders in English, Italian and Dutch to engine orders.

    from grammar import parse_message, ParsedLine
    lines = parse_message(text, position=position, power=Power.ITALY, lang="auto")

A Lark grammar (`orders.lark`) gives the shape of an order; the vocabularies
(`vocab/en.json`, `it.json`, `nl.json`) give the words; the position chooses among readings.
Nothing from Lark leaves this package.
"""

from grammar.api import ParsedLine, parse_line, parse_message

__all__ = ["ParsedLine", "parse_line", "parse_message"]
