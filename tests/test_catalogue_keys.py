"""Every catalogue key and problem code is written out in full where it is used (issue 39).

None is composed at run time (an f-string, a concatenation, `%` or `.format`, a prefix taken
off or replaced), so that a search for a key finds its text and every place that says it,
and no key can be asked for that has no text. A family of keys (one per rule, per command,
per severity…) is a dictionary from the thing to its full key, each key written out in it.

The calls read are those of `say`, `Phrase`, `Problem`, `RemiError` and `ArgumentError`, and
of every function or method that hands one of its parameters on to one of them as the key
(`usage_error`, a game check's `at`, …): found by the reader, not listed, so that a new one
is read too; and every look-up `TEXTS[key]`. The keys given to `say` and `Phrase` as
literals are `test_i18n`'s to check; problem codes, a helper's keys and keys chosen by a
condition are checked here.
"""

from __future__ import annotations

import ast
import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest

from remi_sheet.i18n import TEXTS

PACKAGE = Path(__file__).resolve().parent.parent / "remi_sheet"

# What names a key: the callable → the position of the key among its arguments, its keyword.
_NAMERS: Final = {
    "say": (0, "key"),
    "Phrase": (0, "key"),
    "Problem": (0, "code"),
    "RemiError": (0, "problem"),
    "ArgumentError": (1, "code"),
}
# A method of these names is no helper of remi's, whatever calls it (`seen.add(row + 1)`).
_BUILTIN_METHODS: Final = frozenset(dir(set) + dir(list) + dir(dict) + dir(str))
# Methods whose result is a string built at run time.
_COMPOSING: Final = frozenset({"format", "format_map", "removeprefix", "removesuffix", "replace"})


@dataclass(frozen=True, slots=True)
class _Namer:
    position: int
    keyword: str | None
    owner: str | None = None  # the class of a method


@dataclass(frozen=True, slots=True)
class _Function:
    node: ast.FunctionDef
    owner: str | None  # the class it is a method of


@dataclass(frozen=True, slots=True)
class _Call:
    path: Path
    node: ast.Call | ast.Subscript
    key: ast.expr  # the argument that gives the key
    namer: str
    function: _Function | None  # the function it is made in


def _modules() -> dict[Path, ast.Module]:
    return {
        path: ast.parse(path.read_text(encoding="utf-8"), str(path))
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def _functions(node: ast.AST, owner: str | None = None) -> Iterator[_Function]:
    """Every function under `node`, each with the class it is a method of."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef):
            yield _Function(child, owner)
            yield from _functions(child)
        elif isinstance(child, ast.ClassDef):
            yield from _functions(child, child.name)
        else:
            yield from _functions(child, owner)


def _namer_of(
    call: ast.Call, namers: Mapping[str, _Namer], methods: Mapping[str, int], owner: str | None
) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        found = namers.get(func.id)
        return func.id if found is not None and found.owner is None else None
    if not isinstance(func, ast.Attribute) or func.attr not in namers:
        return None
    method = namers[func.attr].owner
    if method is None:
        return func.attr  # a function called through its module
    on_self = isinstance(func.value, ast.Name) and func.value.id == "self" and owner == method
    unique = methods.get(func.attr) == 1 and func.attr not in _BUILTIN_METHODS
    return func.attr if on_self or unique else None


def _key_argument(call: ast.Call, namer: _Namer) -> ast.expr | None:
    before = call.args[: namer.position + 1]
    if len(call.args) > namer.position and not any(isinstance(a, ast.Starred) for a in before):
        return call.args[namer.position]
    return next((k.value for k in call.keywords if k.arg == namer.keyword), None)


def _calls(trees: Mapping[Path, ast.Module], namers: Mapping[str, _Namer]) -> Iterator[_Call]:
    """Every call that names a key, with its key argument and the function it is in."""
    functions = {path: list(_functions(tree)) for path, tree in trees.items()}
    methods: dict[str, int] = {}
    for each in (f for listed in functions.values() for f in listed if f.owner is not None):
        methods[each.node.name] = methods.get(each.node.name, 0) + 1
    for path, tree in trees.items():
        inside: dict[int, _Function] = {}
        for function in functions[path]:  # outer first: an inner function's nodes are its own
            inside |= {id(node): function for node in ast.walk(function.node)}
        for node in ast.walk(tree):
            function = inside.get(id(node))
            if (
                isinstance(node, ast.Subscript)
                and isinstance(node.value, ast.Name)
                and node.value.id == "TEXTS"
            ):
                yield _Call(path, node, node.slice, "TEXTS", function)
            if not isinstance(node, ast.Call):
                continue
            name = _namer_of(node, namers, methods, function.owner if function else None)
            key = _key_argument(node, namers[name]) if name is not None else None
            if name is not None and key is not None:
                yield _Call(path, node, key, name, function)


def _namers(trees: Mapping[Path, ast.Module]) -> dict[str, _Namer]:
    """`_NAMERS`, and every function that hands one of its parameters on to a namer as
    its key (a class whose `__init__` does, by the class's name)."""
    namers = {name: _Namer(*where) for name, where in _NAMERS.items()}
    while True:
        found = {}
        for call in _calls(trees, namers):
            function = call.function
            if function is None or not isinstance(call.key, ast.Name):
                continue
            arguments = function.node.args
            parameters = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
            if call.key.id not in parameters:
                continue
            position = parameters.index(call.key.id) - (function.owner is not None)
            name, owner = function.node.name, function.owner
            if name == "__init__" and owner is not None:
                name, owner = owner, None
            if name not in namers:
                found[name] = _Namer(position, call.key.id, owner)
        if not found:
            return namers
        namers |= found


def _composed(node: ast.expr) -> str | None:
    """How `node` builds a key at run time, or None for a key written out."""
    if isinstance(node, ast.JoinedStr) and any(
        isinstance(value, ast.FormattedValue) for value in node.values
    ):
        return "an f-string"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return "a concatenation"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        left = node.left
        if isinstance(left, ast.JoinedStr) or (
            isinstance(left, ast.Constant) and isinstance(left.value, str)
        ):
            return "a %-format"
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in _COMPOSING
    ):
        return f"a .{node.func.attr}(…) result"
    if isinstance(node, ast.IfExp):
        return _composed(node.body) or _composed(node.orelse)
    return None


def _given(target: ast.expr, value: ast.expr, name: str) -> Iterator[ast.expr]:
    """What `target = value` gives the name `name` (`code, params = "x", {}` too)."""
    if isinstance(target, ast.Name) and target.id == name:
        yield value
    elif (
        isinstance(target, ast.Tuple)
        and isinstance(value, ast.Tuple)
        and len(target.elts) == len(value.elts)
    ):
        for each, given in zip(target.elts, value.elts, strict=True):
            yield from _given(each, given, name)


def _built(function: ast.FunctionDef, name: str) -> Iterator[tuple[int, str]]:
    """Where the name `name` is given a key built at run time in `function`, and how."""
    for node in ast.walk(function):
        if isinstance(node, ast.AugAssign):
            if isinstance(node.target, ast.Name) and node.target.id == name:
                yield node.lineno, "a concatenation (+=)"
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.NamedExpr):
            if node.value is None:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for value in _given(target, node.value, name):
                    how = _composed(value)
                    if how is not None:
                        yield node.lineno, how


def _composed_keys() -> list[str]:
    trees = _modules()
    found = []
    for call in _calls(trees, _namers(trees)):
        at = call.path.relative_to(PACKAGE.parent)
        where = f"{at}:{call.node.lineno}: {ast.unparse(call.node)[:100]}"
        how = _composed(call.key)
        if how is not None:
            found.append(f"{where}: the key is {how}")
        elif isinstance(call.key, ast.Name) and call.function is not None:
            for line, built in _built(call.function.node, call.key.id):
                found.append(f"{where}: {call.key.id} is {built} at line {line}")
    return found


def test_the_calls_that_name_a_key_are_found() -> None:
    trees = _modules()
    namers = _namers(trees)
    # Helpers that take a key or a code from their caller, found by the reader.
    assert {"usage_error", "at", "_at", "_problem", "add", "problem", "_Stopped"} <= namers.keys()
    calls = list(_calls(trees, namers))
    assert len(calls) > 500
    assert {call.namer for call in calls} >= {*_NAMERS, "usage_error", "at", "problem"}


def test_no_key_is_composed_at_run_time() -> None:
    """A key built from pieces (`f"rulename_{name}"`, `"deal_" + code`, `key += "_new"`) is
    one no search finds where it is used: write it out, or look it up in a dictionary of
    full keys written out."""
    assert _composed_keys() == []


def _keys_written_out() -> set[str]:
    """The keys written out as a problem's code or a helper's key, or chosen by a
    condition (`"a" if x else "b"`) in any call that names a key."""
    trees = _modules()
    keys: set[str] = set()
    for call in _calls(trees, _namers(trees)):
        if not isinstance(call.node, ast.Call):
            continue  # a look-up of the catalogue, which raises for a key it has not
        chosen, choices = False, [call.key]
        while any(isinstance(choice, ast.IfExp) for choice in choices):
            chosen = True
            choices = [
                branch
                for choice in choices
                for branch in (
                    (choice.body, choice.orelse) if isinstance(choice, ast.IfExp) else (choice,)
                )
            ]
        if call.namer in ("say", "Phrase") and not chosen:
            continue  # test_i18n's
        keys |= {
            choice.value
            for choice in choices
            if isinstance(choice, ast.Constant) and isinstance(choice.value, str)
        }
    return keys | _codes_assigned(trees)


def _codes_assigned(trees: dict[Path, ast.Module]) -> set[str]:
    """The keys a variable named `code` is given before a problem is made of it:
    `code = "x"`, `code, params = "x", {...}`."""
    found: set[str] = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Assign):
                continue
            for target in node.targets:
                pairs: list[tuple[ast.expr, ast.expr]] = [(target, node.value)]
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs = list(zip(target.elts, node.value.elts, strict=False))
                for name, value in pairs:
                    if (
                        isinstance(name, ast.Name)
                        and name.id == "code"
                        and isinstance(value, ast.Constant)
                        and isinstance(value.value, str)
                    ):
                        found.add(value.value)
    return found


def test_every_code_and_key_written_out_is_in_the_catalogue() -> None:
    keys = _keys_written_out()
    assert len(keys) > 100  # the reader found them
    assert keys - TEXTS.keys() == set()


def test_the_catalogue_writes_out_every_key_it_has() -> None:
    """A text's key is a literal of its module in `i18n` (not made from a list of rules,
    say), so that a search for the key finds its text."""
    written = {
        key.value
        for path in (PACKAGE / "i18n").glob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Dict)
        for key in node.keys
        if isinstance(key, ast.Constant)
    }
    assert TEXTS.keys() - written == set()


def _source(function: object) -> ast.AST:
    import inspect
    import textwrap

    return ast.parse(textwrap.dedent(inspect.getsource(function)))  # type: ignore[arg-type]


def _refusals(function: object) -> set[object]:
    """The kinds `function` returns first in a tuple (`return "control", {...}`)."""
    return {
        node.value.elts[0].value
        for node in ast.walk(_source(function))
        if isinstance(node, ast.Return)
        and isinstance(node.value, ast.Tuple)
        and isinstance(node.value.elts[0], ast.Constant)
    }


def _codes(function: object) -> set[object]:
    """The codes of the problems `function` makes."""
    return {
        node.args[0].value
        for node in ast.walk(_source(function))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Problem"
        and isinstance(node.args[0], ast.Constant)
    }


def _family(name: str) -> tuple[Mapping[object, str], set[object]]:
    """The dictionary of full keys `name`, and the things it must have a key for."""
    from remi_sheet.cli import app
    from remi_sheet.commands import targets
    from remi_sheet.core import deck, problems, rules, scoring, standings
    from remi_sheet.i18n import command_help, game, notebook
    from remi_sheet.i18n import rules as rule_texts
    from remi_sheet.notebook import records_check, records_text, season
    from remi_sheet.writing import formulas, live_area

    words: set[object] = {"yes", "no", "none"}
    for spec in rules.RULES:
        words |= {spec.word} if spec.word else set()
        if isinstance(spec.kind, enum.EnumMeta):
            words |= {member.value for member in spec.kind}
    names = {spec.name for spec in rules.RULES}
    families: dict[str, tuple[Mapping[object, str], set[object]]] = {
        "RULE_NAME_KEYS": (rule_texts.RULE_NAME_KEYS, names),
        "RULE_HELP_KEYS": (rule_texts.RULE_HELP_KEYS, names),
        "RULE_VALUE_KEYS": (rule_texts.RULE_VALUE_KEYS, words),
        "COMMAND_HELP_KEYS": (command_help.COMMAND_HELP_KEYS, {"remi", *app._COMMANDS}),
        "SEVERITY_NAMES": (problems.SEVERITY_NAMES, set(problems.Severity)),
        "SHORT_HEADING_KEYS": (
            notebook.SHORT_HEADING_KEYS,
            {*standings.COLUMNS, *season.TABLE_COLUMNS},
        ),
        "KIND_NAMES": (targets.KIND_NAMES, set(targets.SUFFIXES)),
        "DELIMITER_NAMES": (records_text.DELIMITER_NAMES, set(records_text._DELIMITERS)),
        "HELPER_HEADINGS": (live_area.HELPER_HEADINGS, set(formulas.STEPS)),
        "NAME_REFUSED": (records_check.NAME_REFUSED, _refusals(records_text.name_refusal)),
        "GAME_NAME_REFUSED": (
            records_check.GAME_NAME_REFUSED,
            _refusals(records_text.name_refusal),
        ),
        "_DEAL_EXCESS": (scoring._DEAL_EXCESS, _codes(deck.Deck.excess)),
        # which codes a deal's cell says so is `test_notebook`'s to hold
        "IN_DEAL_KEYS": (game.IN_DEAL_KEYS, set(game.IN_DEAL_KEYS)),
    }
    return families[name]


@pytest.mark.parametrize(
    "name",
    [
        "RULE_NAME_KEYS",
        "RULE_HELP_KEYS",
        "RULE_VALUE_KEYS",
        "COMMAND_HELP_KEYS",
        "SEVERITY_NAMES",
        "SHORT_HEADING_KEYS",
        "KIND_NAMES",
        "DELIMITER_NAMES",
        "HELPER_HEADINGS",
        "NAME_REFUSED",
        "GAME_NAME_REFUSED",
        "_DEAL_EXCESS",
        "IN_DEAL_KEYS",
    ],
)
def test_a_family_has_a_key_for_each_of_its_things_and_a_text_for_each_key(name: str) -> None:
    keys, things = _family(name)
    assert things - keys.keys() == set()
    assert set(keys.values()) - TEXTS.keys() == set()
