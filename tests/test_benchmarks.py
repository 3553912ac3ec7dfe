"""The benchmarks still run against the code they measure: each imports, parses its
arguments, and every name it takes from the kit or the rules (at the top or inside a
function, `from x import y` or `module.name`) exists. Nobody runs a benchmark in the test
suite, so an API renamed under one (`kit.games.KITS`, which became `kits()`) broke
benchmarks/simulate.py unseen. No clock here: the figures are the benchmarks' own business."""
from __future__ import annotations

import ast
import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from scorekeeper.rules import GAME_IDS

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(p.stem for p in BENCHMARKS.glob("*.py") if p.stem != "measure")


@pytest.fixture
def benchmark(monkeypatch):
    """A benchmark module by name, imported as its script runs (benchmarks/ on the path)."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))

    def load(name: str) -> ModuleType:
        monkeypatch.delitem(sys.modules, name, raising=False)
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        monkeypatch.setitem(sys.modules, name, module)
        spec.loader.exec_module(module)
        return module
    return load


def test_every_script_is_tested():
    assert SCRIPTS == ["build", "export", "promotion_answers", "score", "serve", "simulate"]


def _own_names(tree: ast.Module) -> list[tuple[str, str | None, str, int]]:
    """(module, name or None, the name it is bound to, line) of every import of the
    project's code in the file."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [(node.module, alias.name, alias.asname or alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, None, alias.asname or alias.name, node.lineno) for alias in node.names]
    return [found_ for found_ in found if found_[0].split(".")[0] in ("kit", "scorekeeper")]


def missing_names(source: str) -> list[str]:
    """What the source imports or reads from the project's modules that is not there:
    `from kit.x import y` with no y, `import kit.x` with no kit.x, and `m.name` where m is a
    project module bound by an import and has no `name`."""
    tree = ast.parse(source)
    missing, modules = [], {}
    for module_name, name, bound, line in _own_names(tree):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            missing.append(f"line {line}: no module {module_name}")
            continue
        if name is None:
            continue
        if hasattr(module, name):
            value = getattr(module, name)
        else:
            try:
                value = importlib.import_module(f"{module_name}.{name}")
            except ImportError:
                missing.append(f"line {line}: {module_name} has no {name}")
                continue
        if isinstance(value, ModuleType):
            modules[bound] = value
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and isinstance(node.ctx, ast.Load) and not hasattr(modules[node.value.id], node.attr)):
            missing.append(f"line {node.lineno}: {node.value.id} ({modules[node.value.id].__name__}) "
                           f"has no {node.attr}")
    return missing


@pytest.mark.parametrize("name", SCRIPTS)
def test_benchmark_imports_what_exists(name, benchmark):
    module = benchmark(name)
    assert callable(module.parse)
    assert callable(module.main)
    assert missing_names((BENCHMARKS / f"{name}.py").read_text(encoding="utf-8")) == []


def test_a_renamed_name_is_found():
    """The check itself: the import simulate.py had when kit.games.KITS had gone, a module's
    missing attribute inside a function, and a module that is not there."""
    source = ("from kit.games import KITS as MODULES\n"
              "def f():\n    from kit.simulate import runner as r\n    return r.no_such_runner\n"
              "import kit.no_such_module\n")
    assert missing_names(source) == ["line 1: kit.games has no KITS", "line 5: no module kit.no_such_module",
                                     "line 4: r (kit.simulate.runner) has no no_such_runner"]


@pytest.mark.parametrize(("name", "argv", "expected"), [
    ("build", ["--runs", "1", "phd"], {"runs": 1, "games": ["phd"], "paper": "a4"}),
    ("export", ["--runs", "1", "--target", "png", "phd"], {"runs": 1, "target": ["png"], "games": ["phd"]}),
    ("promotion_answers", ["/tmp/before", "3"], {"tree": Path("/tmp/before"), "seeds": [3]}),
    ("promotion_answers", ["."], {"seeds": list(range(1, 9))}),
    ("score", ["--against", "/tmp/before"], {"against": "/tmp/before"}),
    ("serve", ["--phones", "2", "--actions", "10", "--flood-seconds", "1"],
     {"phones": 2, "actions": 10, "flood_seconds": 1.0}),
    ("simulate", ["--games", "100", "phd"], {"count": 100, "games": ["phd"], "against": None}),
    ("simulate", ["--against", "HEAD~1", "--rounds", "3", "--seconds", "0.1"],
     {"against": "HEAD~1", "rounds": 3, "seconds": 0.1, "processes": 3, "games": list(GAME_IDS)}),
    ("simulate", ["--against", "c7c6ea3", "--processes", "1", "phd"], {"processes": 1, "games": ["phd"]}),
])
def test_arguments(name, argv, expected, benchmark):
    args = vars(benchmark(name).parse(argv))
    assert {key: args[key] for key in expected} == expected


def test_simulate_refuses_a_game_it_does_not_know(benchmark, capsys):
    with pytest.raises(SystemExit):
        benchmark("simulate").parse(["chess"])
    assert "no game called chess" in capsys.readouterr().err


def test_simulate_against_plays_what_both_revisions_can(benchmark):
    """What an --against worker runs (its Games, with the names both revisions have), on
    this checkout: a batch of each game, summed up; the same deck object for every game."""
    simulate = benchmark("simulate")
    games = simulate.Games(simulate.ROOT)
    for game in simulate.game_ids():
        games.batch(game, 0, 2)
        table = games.tables[game]
        games.batch(game, 2, 1)
        assert games.tables[game] is table
