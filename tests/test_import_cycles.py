"""A house without knots (ARCHITECTURE.md): no import circle among the modules of kit/ and
scorekeeper/, imports inside functions counted.

Every module is parsed with `ast`, never imported: each `import a.b` and `from a import b`
anywhere in it (module level, functions, `if TYPE_CHECKING:` blocks) is an edge, `from a
import b` going to the submodule a.b where there is one and to a otherwise. A relative import
is resolved against the module's package. Importing a submodule runs its package's
`__init__` first, but that is the package's business: an edge names the module the import
statement names, which is what a reader follows.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("kit", "scorekeeper")


def modules() -> dict[str, Path]:
    """Every module of the packages by its dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The module a relative `from` names, seen from `module`."""
    if level == 0:
        return name or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def imports(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of the packages that `module` imports anywhere in its text."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, is_package, node.level, node.module)
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                out.add(sub if sub in known else source)
    return {name for name in out if name in known and name != module}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One circle for each strongly connected group of more than one module (Tarjan),
    written as a path that comes back to its first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:        # iterative: no recursion limit on a deep graph
        nonlocal counter
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return [_circle(group, edges) for group in groups]


def _circle(group: list[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest path from the group's first module back to itself, inside the group."""
    start = group[0]
    members = set(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(edges[node] & members):
                if child == start:
                    return paths[node] + [start]
                if child not in paths:
                    paths[child] = paths[node] + [child]
                    following.append(child)
        frontier = following
    return group


def test_the_finder_sees_imports_in_functions_and_submodules(tmp_path: Path) -> None:
    """The finder itself: a circle closed only by an import inside a function, through a
    `from package import submodule`, is found."""
    edges = {"a": {"b"}, "b": {"c"}, "c": set(), "d": {"e"}, "e": {"d"}}
    assert cycles(edges) == [["d", "e", "d"]]
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "one.py").write_text("from pkg import two\n")
    (package / "two.py").write_text("def f():\n    from . import one\n    return one\n")
    known = {"pkg": package / "__init__.py", "pkg.one": package / "one.py", "pkg.two": package / "two.py"}
    found = {name: imports(name, path, known) for name, path in known.items()}
    assert found == {"pkg": set(), "pkg.one": {"pkg.two"}, "pkg.two": {"pkg.one"}}
    assert cycles(found) == [["pkg.one", "pkg.two", "pkg.one"]]


def test_no_import_circle() -> None:
    edges = graph()
    assert "scorekeeper.rules.flow" in edges
    assert "kit.serve.app" in edges
    found = cycles(edges)
    assert not found, "import circles (imports inside functions count):\n" + "\n".join(
        " -> ".join(circle) for circle in found)
