"""The CSS custom properties of the scorecard's stylesheets (`--accent`, `--font`,
`--series-1` …), read as a browser would read them off the page as a whole, for the one
part of the page no stylesheet reaches: the charts' SVG. WeasyPrint draws an inline SVG
with the SVG's own attributes and `<style>` only, and reads no `var()` there; so the
templates write the value a club's stylesheet gives (`css_var` in `rendering`) into the
SVG's attributes, and a `club.css` of three lines recolours the charts with the rest.

Pure: stylesheet texts in, names and values out. Only what applies to the whole page is
read: declarations in a rule for `:root` or `html`, outside any `@media` or other at-rule,
the later over the earlier, as the cascade takes them.

Read by a small scanner of its own, not by tinycss2 (WeasyPrint's CSS parser, installed
with it): a club.css is someone else's file, and tinycss2 parses nested brackets and
`var()` fallbacks by recursion, which a few thousand of them exhaust (tried:
`RecursionError`), where this scanner keeps counts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final

# The ones remi's own stylesheet declares and its templates use (docs/templates.md).
SERIES: Final = 6
NAMES: Final = (
    "--font",
    "--ink",
    "--accent",
    "--shade",
    *(f"--series-{number}" for number in range(1, SERIES + 1)),
)

_WHOLE_PAGE: Final = frozenset({":root", "html"})
_IMPORTANT: Final = re.compile(r"\s*!\s*important\s*$", re.IGNORECASE)
_DEPTH: Final = 32  # var() within var() (or a fallback within one): deeper is a loop
_LONGEST: Final = 4096  # characters of one value once resolved: a colour or a font list
_COLOUR_LONGEST: Final = 200  # color-mix(in oklch, #006633 40%, rgb(…)) and more


def custom_properties(*stylesheets: str, closed_at_end: bool = False) -> dict[str, str]:
    """The custom properties `stylesheets` (in the order the page has them) set on the page
    as a whole, by name, each `var()` in them resolved. One that cannot be resolved (a
    name nobody sets and no fallback, a loop, past `_LONGEST` characters) is left out, as
    a browser drops it. `closed_at_end`: a block left open at a stylesheet's end is read
    too, closed there as CSS closes it (else the reading stops before it)."""
    written: dict[str, str] = {}
    for text in stylesheets:
        written.update(_on_the_page(text, closed_at_end))
    done: dict[str, str | None] = {}
    resolving: list[str] = []

    def value_of(name: str) -> str | None:
        if name not in done:
            given = written.get(name)
            if given is None or name in resolving or len(resolving) >= _DEPTH:
                return None  # unset, a loop, or a chain past any stylesheet's
            resolving.append(name)
            done[name] = _substituted(given, value_of, _DEPTH)
            resolving.pop()
        return done[name]

    found = {name: value_of(name) for name in written}
    return {name: value for name, value in found.items() if value}


def colour_mistakes(own: str, club: str) -> list[tuple[str, str]]:
    """The colour properties (all of `NAMES` but `--font`) the stylesheet `club` sets on
    the whole page whose value, read after remi's `own` stylesheet as the page reads them,
    is no colour WeasyPrint draws (`#0q6633`, `gren`): (name, value as written), each
    once. Such a value is dropped where it is used, and the card is drawn without it."""
    # A block left open at the end is closed there, as CSS closes it: WeasyPrint takes
    # what it declares (`:root { --accent: #0q6633;` and no more).
    given = _on_the_page(club, closed_at_end=True)
    page = custom_properties(own, club, closed_at_end=True)
    return [
        (name, value)
        for name, value in given.items()
        if name in NAMES[1:] and not _is_colour(page.get(name, ""))
    ]


def _is_colour(value: str) -> bool:
    """Whether `value` is a colour as WeasyPrint reads one (tinycss2's `parse_color`, which
    reads brackets by recursion: a value longer than any colour is none, unread)."""
    from tinycss2.color5 import parse_color  # type: ignore[import-untyped]

    return len(value) <= _COLOUR_LONGEST and parse_color(value) is not None


def _without_comments(text: str) -> str:
    """`text` without its `/* … */` comments (none inside a string is one)."""
    kept: list[str] = []
    at, quote = 0, ""
    while at < len(text):
        char = text[at]
        if quote:
            if char == "\\":
                kept.append(text[at : at + 2])
                at += 2
                continue
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif text.startswith("/*", at):
            end = text.find("*/", at + 2)
            at = len(text) if end < 0 else end + 2
            kept.append(" ")
            continue
        kept.append(char)
        at += 1
    return "".join(kept)


def _on_the_page(text: str, closed_at_end: bool) -> dict[str, str]:
    """The custom properties the stylesheet `text` declares for the page as a whole (in a
    rule for `:root` or `html`), as written; the later over the earlier."""
    found: dict[str, str] = {}
    for selectors, block in _rules(_without_comments(text), closed_at_end):
        if {selector.strip() for selector in selectors.split(",")} & _WHOLE_PAGE:
            found.update(_declarations(block))
    return found


def _rules(text: str, closed_at_end: bool = False) -> Iterator[tuple[str, str]]:
    """The (selectors, block) of each rule at the top of `text`; an at-rule's block (its
    rules inside) is passed over with it, its selectors starting with "@". A rule whose
    block is left open at the end is one too when `closed_at_end`."""
    depth, start, opened, quote = 0, 0, 0, ""
    for at, char in enumerate(text):
        if quote:
            if char == quote and text[at - 1] != "\\":
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "{":
            if depth == 0:
                opened = at
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                yield text[start:opened].strip(), text[opened + 1 : at]
                start = at + 1
        elif char == ";" and depth == 0:  # @import …; @charset …;
            start = at + 1
    if depth and closed_at_end:
        yield text[start:opened].strip(), text[opened + 1 :]


def _declarations(block: str) -> Iterator[tuple[str, str]]:
    """The custom properties declared in `block` (name, value as written)."""
    for declaration in _split(block, ";"):
        name, colon, value = declaration.partition(":")
        name = name.strip()
        if colon and name.startswith("--") and "{" not in declaration:
            yield name, _IMPORTANT.sub("", value).strip()


def _split(text: str, separator: str) -> list[str]:
    """`text` split at `separator` outside brackets and strings."""
    pieces: list[str] = []
    depth, start, quote = 0, 0, ""
    for at, char in enumerate(text):
        if quote:
            if char == quote and text[at - 1] != "\\":
                quote = ""
        elif char in "\"'":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(depth - 1, 0)
        elif char == separator and depth == 0:
            pieces.append(text[start:at])
            start = at + 1
    pieces.append(text[start:])
    return pieces


def _substituted(value: str, value_of: Callable[[str], str | None], depth: int) -> str | None:
    """`value` with each `var(--name)` in it replaced by `value_of(name)`, or by its
    fallback (`var(--name, fallback)`) when that is None; None when neither is there, or
    when fallbacks nest deeper than `depth` or the value grows past `_LONGEST`."""
    if depth == 0:
        return None
    parts: list[str] = []
    size = at = 0
    while (found := value.find("var(", at)) >= 0:
        end = _closing(value, found + 3)
        if end < 0:
            return None
        name, comma, fallback = value[found + 4 : end].partition(",")
        said = value_of(name.strip())
        if said is None and comma:
            said = _substituted(fallback.strip(), value_of, depth - 1)
        if said is None:
            return None
        parts += [value[at:found], said]
        size += found - at + len(said)
        if size > _LONGEST:
            return None
        at = end + 1
    parts.append(value[at:])
    whole = "".join(parts).strip()
    return whole if whole and len(whole) <= _LONGEST else None


def _closing(text: str, opening: int) -> int:
    """Where the bracket opened at `opening` closes, or -1."""
    depth = 0
    for at in range(opening, len(text)):
        if text[at] == "(":
            depth += 1
        elif text[at] == ")":
            depth -= 1
            if depth == 0:
                return at
    return -1
