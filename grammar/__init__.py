"""The order language: free-text orders in English, Italian and Dutch to engine orders.

    from grammar import parse_message, parse_line, ParsedLine
    lines = parse_message(text, position=position, power=Power.ITALY, lang="auto",
                          reply_lang=None, rules=None)

The modules, in the order a line goes through them: `lexicon` (the vocabulary files
`vocab/*.json` as lookup tables), `lexer` (words and their readings), `syntax` (the Lark LALR
grammar `orders.lark`, the shape of the order), `readings` (every reading as an engine order,
the best chosen), `verdicts` (the engine's say on each), `texts` (notes and errors in the
reader's language), `api` (messages, lines, `ParsedLine`). Nothing from Lark leaves `syntax`.
"""

from grammar.api import ParsedLine, forget, parse_line, parse_message

__all__ = ["ParsedLine", "forget", "parse_line", "parse_message"]
