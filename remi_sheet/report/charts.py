"""Geometry of the scorecard's line charts: running totals per player, across deals or games.

Pure: numbers in, coordinates out; the templates draw the SVG from a `Chart`. Every player
gets a colour *and* a dash pattern *and* a marker shape, so the chart still reads when it is
printed in black and white or photocopied.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

# Okabe–Ito colours (safe for colour blindness), darkened so that they stay distinct greys
# on a black-and-white printer. The dash patterns and markers carry the distinction there.
# scorecard.css declares them too, as --series-1 … --series-6, which a club.css may change
# (`Series.slot` says which one a line is drawn in).
COLOURS: Final = ("#1f4e9c", "#b3410e", "#08775a", "#7a2f8f", "#8a6d00", "#333333")
DASHES: Final = ("", "7 3", "2 2.5", "9 3 2 3", "4 4", "1 4")
MARKERS: Final = ("circle", "square", "triangle", "diamond", "cross", "ring")


@dataclass(frozen=True, slots=True)
class XTick:
    at: float
    label: str


@dataclass(frozen=True, slots=True)
class YTick:
    at: float
    value: int


@dataclass(frozen=True, slots=True)
class Series:
    name: str
    path: str  # SVG path data, "M x,y L x,y …"
    marks: str  # SVG path data of all its markers (thinned on long lines, the last kept)
    key: str  # SVG path data of the one marker on its key's sample line
    colour: str
    dash: str
    marker: str
    slot: int = 1  # its colour's place in COLOURS, from 1: drawn in var(--series-<slot>)


@dataclass(frozen=True, slots=True)
class Chart:
    width: float
    height: float
    left: float
    top: float
    right: float
    bottom: float
    x_ticks: tuple[XTick, ...]
    y_ticks: tuple[YTick, ...]
    zero: float  # the y of the zero line: everybody starts there
    series: tuple[Series, ...]


def style(index: int) -> tuple[str, str, str]:
    """Colour, dash pattern and marker of the `index`-th player. Past six players the
    dashes shift against the colours, and the markers twice as far, so that no two of 36
    players share a colour and a dash, nor (printed in black and white) a dash and a
    marker."""
    size = len(MARKERS)
    turn = index // size
    return (
        COLOURS[index % size],
        DASHES[(index + turn) % size],
        MARKERS[(index + 2 * turn) % size],
    )


def apart(styles: Sequence[int]) -> list[int]:
    """`styles` (each line's `style` index, kept across a report's charts) made to differ
    in colour on one chart of at most six lines: the lowest indices (the standings' first)
    keep theirs, and a line whose colour one of them took takes the first colour none
    has, in its own turn of six."""
    size = len(COLOURS)
    taken: set[int] = set()
    kept = list(styles)
    for position in sorted(range(len(kept)), key=lambda at: kept[at]):
        index = kept[position]
        if index % size in taken and len(taken) < size:
            free = next(colour for colour in range(size) if colour not in taken)
            kept[position] = index - index % size + free
        taken.add(kept[position] % size)
    return kept


def nice_ticks(low: int, high: int, most: int = 8) -> list[int]:
    """Round values (steps of 1, 2 or 5 × 10ⁿ) covering `low`…`high`: the finest step that
    needs at most `most` ticks."""
    for exponent in itertools.count():
        for base in (1, 2, 5):
            step = base * 10**exponent
            first = math.floor(low / step) * step
            last = math.ceil(high / step) * step
            if (last - first) // step + 1 <= most:
                return list(range(first, last + 1, step))
    raise AssertionError("unreachable: some power of ten covers any range")


_Value = TypeVar("_Value", int, float)


def joined(played: Sequence[_Value | None], start: _Value) -> list[_Value | None]:
    """A player's line: `start`, then the value after each game (None: not played), the
    start standing right before the first game played: one who joined at the fifth game
    starts there, not with a line drawn across the four before."""
    first = next((index for index, value in enumerate(played) if value is not None), None)
    if first is None:  # no game played: no line at all
        return [None] * (len(played) + 1)
    line: list[_Value | None] = [None] * first
    line.append(start)
    line.extend(played[first:])
    return line


def line_chart(
    names: Sequence[str],
    values: Sequence[Sequence[int | None]],
    x_labels: Sequence[str],
    *,
    width: float = 680,
    height: float = 230,
    most_labels: int = 20,
    most_marks: int = 16,
    styles: Sequence[int] | None = None,
    start: bool = True,
) -> Chart:
    """A chart of one line per name; `values[p][i]` is player p's value at point i (None:
    no point there, the line goes on to the next one). Points are evenly spaced. `styles`:
    each line's `style` index (default: its place), so that a player keeps one colour and
    marker on every chart of a report. `start`: each line's first point is the start
    everybody shares (0, `joined`), neither marked nor lifted; False: every point is a
    value of its own, marked."""
    left, right, top, bottom = 44.0, width - 8.0, 10.0, height - 24.0
    present = [v for row in values for v in row if v is not None]
    lowest = min([0, *present])
    ticks = nice_ticks(lowest, max([lowest + 1, *present]))
    low, high = ticks[0], ticks[-1]
    count = max(len(x_labels), 2)

    def x(i: int) -> float:
        if len(x_labels) == 1:  # one game, no start before it: in the middle
            return round((left + right) / 2, 2)
        return round(left + (right - left) * i / (count - 1), 2)

    def y(value: int) -> float:
        return round(bottom - (bottom - top) * (value - low) / max(high - low, 1), 2)

    looks = apart(styles) if styles is not None else range(len(names))
    # Where lines meet at one value (two players tied after a deal), each later one is
    # drawn a little higher, so that none hides another; the start at 0 is everybody's.
    met: dict[tuple[int, int], int] = {}
    lifts: list[list[float]] = []
    for row in values:
        lift: list[float] = []
        for i, value in enumerate(row):
            shared = start and i == 0
            earlier = met.get((i, value), 0) if value is not None and not shared else 0
            if value is not None:
                met[(i, value)] = earlier + 1
            lift.append(_LIFT * earlier)
        lifts.append(lift)

    def lifted(lift: list[float]) -> Callable[[int, int], float]:
        return lambda value, i: y(value) - lift[i]

    drawn = (
        _series(name, row, look, x, lifted(lift), most_marks, start=start)
        for name, row, look, lift in zip(names, values, looks, lifts, strict=True)
    )
    series = tuple(line for line in drawn if line.path)  # no point, no line, no key
    every = max(1, math.ceil(len(x_labels) / most_labels))
    last = len(x_labels) - 1
    # Every `every`-th label and the last one, but none closer to the last than the others
    # stand to each other: "60" beside "61" printed as "6061".
    x_ticks = tuple(
        XTick(x(i), label)
        for i, label in enumerate(x_labels)
        if label and (i == last or (i % every == 0 and last - i >= every))
    )
    return Chart(
        width=width,
        height=height,
        left=left,
        top=top,
        right=right,
        bottom=bottom,
        x_ticks=x_ticks,
        y_ticks=tuple(YTick(y(value), value) for value in ticks),
        zero=y(0),
        series=series,
    )


_LIFT: Final = 3.0  # how much higher a line is drawn where it meets one drawn before


def _series(
    name: str,
    row: Sequence[int | None],
    index: int,
    x: Callable[[int], float],
    y: Callable[[int, int], float],
    most_marks: int,
    *,
    start: bool = True,
) -> Series:
    points = [(x(i), round(y(value, i), 2)) for i, value in enumerate(row) if value is not None]
    path = " ".join(f"{'M' if n == 0 else 'L'}{px:g},{py:g}" for n, (px, py) in enumerate(points))
    # The starting zero is everybody's; marking it would pile every marker on one spot.
    marked = points[1:] if start else points
    every = max(1, math.ceil(len(marked) / most_marks))
    shown = marked[::every]
    if marked and shown[-1] != marked[-1]:
        shown.append(marked[-1])  # where the line ends is always marked
    colour, dash, marker = style(index)
    return Series(
        name=name,
        path=path,
        marks=marker_path(marker, shown),
        key=marker_path(marker, [(17, 5)]),
        colour=colour,
        dash=dash,
        marker=marker,
        slot=index % len(COLOURS) + 1,
    )


def marker_path(kind: str, points: Sequence[tuple[float, float]]) -> str:
    """SVG path data of the marker `kind` at each of `points`, all in one path: WeasyPrint
    styles and draws every SVG element on its own, and a season's charts have hundreds of
    markers. The template paints it by `kind` (a cross and a ring are stroked)."""
    shape = _SHAPES[kind]
    return " ".join(shape(round(x, 2), round(y, 2)) for x, y in points)


def _circle(radius: float) -> Callable[[float, float], str]:
    return lambda x, y: (
        f"M{x - radius:g},{y:g} a{radius},{radius} 0 1,0 {2 * radius:g},0"
        f" a{radius},{radius} 0 1,0 {-2 * radius:g},0 Z"
    )


_SHAPES: Final[dict[str, Callable[[float, float], str]]] = {
    "circle": _circle(3.3),
    "square": lambda x, y: f"M{x - 3:g},{y - 3:g} h6 v6 h-6 Z",
    "triangle": lambda x, y: f"M{x:g},{y - 4.2:g} l3.9,7 h-7.8 Z",
    "diamond": lambda x, y: f"M{x:g},{y - 4.3:g} l4.3,4.3 l-4.3,4.3 l-4.3,-4.3 Z",
    "cross": lambda x, y: f"M{x - 3.3:g},{y - 3.3:g} l6.6,6.6 m-6.6,0 l6.6,-6.6",
    "ring": _circle(3),
}
