"""The package's layers, read from its imports: no module imports from a layer above its
own (`remi_sheet/__init__.py` lists them), `writing` and `report` not from each other, and
no two modules import each other, directly or round a circle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "remi_sheet"
LAYERS = ("i18n", "core", "reading", "notebook", ("writing", "report"), "commands", "cli")


def _rank(layer: str) -> int:
    for rank, names in enumerate(LAYERS):
        if layer == names or (isinstance(names, tuple) and layer in names):
            return rank
    raise AssertionError(f"remi_sheet.{layer} is in no layer of LAYERS")


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every remi_sheet module `path` imports, anywhere in it (type-checking imports too)."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], base])
            # `from package import module` depends on that module; `from module import
            # name`, on that module.
            submodules = {f"{base}.{alias.name}" for alias in node.names} & MODULES.keys()
            if len(submodules) < len(node.names):
                found.add(base.rstrip("."))
            found |= submodules
    return {name for name in found if name.startswith("remi_sheet.") and name in MODULES}


MODULES = {_module(path): path for path in PACKAGE.rglob("*.py")}


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] != "__main__") else None


GRAPH = {module: _imports(path) - {module} for module, path in MODULES.items()}


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_no_module_imports_from_a_layer_above_its_own(module: str) -> None:
    layer = _layer(module)
    if layer is None:
        return  # the package itself and `__main__` stand above every layer
    wrong = [
        other
        for other in sorted(GRAPH[module])
        if (other_layer := _layer(other)) is not None
        and other_layer != layer
        and _rank(other_layer) >= _rank(layer)
    ]
    assert wrong == [], f"{module} ({layer}) imports from a layer above or beside it"


def test_every_module_is_in_a_layer() -> None:
    for module in GRAPH:
        layer = _layer(module)
        if layer is not None:
            _rank(layer)


def test_no_circle_of_imports() -> None:
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the path being walked, 2 done

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for other in sorted(GRAPH[module]):
            if state.get(other) == 1:
                circles.append([*path[path.index(other) :], other])
            elif other not in state:
                walk(other, [*path, other])
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            walk(module, [module])
    assert circles == []


def test_the_imports_are_read() -> None:
    """The reader itself: the command line imports the checking code somewhere."""
    assert "remi_sheet.notebook.loading" in set().union(
        *(GRAPH[m] for m in GRAPH if m.startswith("remi_sheet.cli"))
    )


# The modules of `cli` that hold a command; the rest of `cli` are the views and options they
# share.
COMMAND_MODULES = {
    f"remi_sheet.cli.{name}"
    for name in ("commands", "import_records", "meld", "report", "stats", "templates")
}


@pytest.mark.parametrize("module", sorted(COMMAND_MODULES))
def test_no_command_module_imports_another(module: str) -> None:
    assert GRAPH[module] & COMMAND_MODULES == set()


def _outside_imports(path: Path) -> set[str]:
    """The top-level packages `path` imports (type-checking imports too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize(
    "module", sorted(m for m in MODULES if not m.startswith(("remi_sheet.cli", "remi_sheet.__")))
)
def test_only_the_command_line_prints_or_exits(module: str) -> None:
    """typer, click and rich (what prints and exits) belong to `cli` alone: every other
    layer, the use cases too, gives back what it found."""
    assert _outside_imports(MODULES[module]) & {"typer", "click", "rich"} == set()
    assert not any(other.startswith("remi_sheet.cli") for other in GRAPH[module])
