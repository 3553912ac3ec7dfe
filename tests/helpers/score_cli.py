"""Helpers for the scorekeeper and table tests: run `kit` in-process, make sessions, read
states and session files, assert refusals, and play the conformance scenarios. The fixtures
(`kit`, `new_session`, `hoc`) are imported by tests/scorekeeper/conftest.py and
tests/kit/table/conftest.py."""
from __future__ import annotations

import itertools
import json
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pexpect
import pytest
from click.testing import CliRunner
from yaml_files import yaml_file

from kit.cli import cli
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation

REPO = Path(__file__).resolve().parents[2]
# The project's own conformance scenarios: always there, a plain clone runs them.
OWN_SCENARIOS = REPO / "tests" / "scenarios"
# The steering team's scenarios, in the same format, where the shared folder lies beside the
# clone (CI has it; a user's clone does not): <parent>/shared/scenarios/<game>/*.yaml. A git
# worktree one level deeper (wt/<N>) finds the same folder further up.
SHARED = next((folder / "shared" for folder in REPO.parents if (folder / "shared" / "scenarios").is_dir()),
              REPO.parent / "shared")
SHARED_SCENARIOS = SHARED / "scenarios"

HOC_PLAYERS = ("Alice:titienses", "Bob:ramnes", "Chloé:luceres")


# The tests read English sentences: pin the language whatever the machine's locale says
# (tests/scorekeeper/test_i18n.py runs the French and the locale's choice on purpose).
ENGLISH = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "en_US.UTF-8"}


class Kit:
    """`kit ...` through click's CliRunner; each call returns the click Result."""

    def __init__(self, env: dict | None = None) -> None:
        self.runner = CliRunner(env=ENGLISH if env is None else env)

    def __call__(self, *args: str, input: str | None = None):
        return self.runner.invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)

    def new(self, path: Path, game: str, players=(), options=()):
        """`kit score new PATH GAME --player P ... --option O ...`."""
        args = ["score", "new", path, game]
        for player in players:
            args += ["--player", player]
        for option in options:
            args += ["--option", option]
        return self(*args)

    def state(self, path: Path) -> dict:
        result = self("score", "show", path, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)


@pytest.fixture
def kit() -> Kit:
    return Kit()


@pytest.fixture
def new_session(kit: Kit, tmp_path: Path):
    """`new_session(game, *options, players=...)` creates a session file and returns its path
    (a new file each call, so one test may hold several)."""
    numbers = itertools.count(1)

    def make(game: str, *options: str, players) -> Path:
        path = tmp_path / f"{game}-{next(numbers)}.jsonl"
        result = kit.new(path, game, players, options)
        assert result.exit_code == 0, result.output
        return path
    return make


@pytest.fixture
def hoc(new_session) -> Path:
    """A fresh Hoc Censeo session: Alice (titienses), Bob (ramnes), Chloé (luceres)."""
    return new_session("hoc-censeo", players=HOC_PLAYERS)


def lines(path: Path) -> list[dict]:
    """Every line of a session file, the header first."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def refused(result, *words: str) -> None:
    """A command refused with one readable sentence (exit 2) containing each of `words`."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


@contextmanager
def unchanged(path: Path) -> Iterator[None]:
    """The file is byte-for-byte the same after the block: refusals write nothing."""
    before = path.read_bytes()
    yield
    assert path.read_bytes() == before


def lookup(state: object, dotted: str) -> object:
    """The value at a dotted path such as `players.Alice.circle.bleu` or `votes.0.result`."""
    value = state
    for key in dotted.split("."):
        if isinstance(value, list):
            value = value[int(key)]
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            raise KeyError(f"{dotted}: no {key!r} in {json.dumps(value, ensure_ascii=False)[:200]}")
    return value


# -- the scenarios, straight through a rule module ----------------------------------

def scenario_files(game: str = "*") -> list[Path]:
    """One game's scenario files (every game's by default): our own, then the shared set
    where it exists."""
    return [path for folder in (OWN_SCENARIOS, SHARED_SCENARIOS) for path in sorted(folder.glob(f"{game}/*.yaml"))]


def scenario_id(path: Path) -> str:
    """`own/phd/clamps` or `shared/phd/challenge`: the two sets may use the same file names."""
    return f"{'own' if path.is_relative_to(OWN_SCENARIOS) else 'shared'}/{path.parent.name}/{path.stem}"


def applier(rules: ModuleType):
    """`play(state, *actions)` for one rule module: the state after each action in turn."""
    def play(state: dict, *actions: dict) -> dict:
        for action in actions:
            state = rules.apply(state, action)
        return state
    return play


def run_scenario(rules: ModuleType, path: Path) -> None:
    """One scenario file against `rules.setup`/`rules.apply` (no session file, no CLI):
    refusals must name the listed texts, states must match the expectations."""
    scenario = yaml_file(path)
    if "refused_new" in scenario:
        with pytest.raises(RuleViolation) as refusal:
            rules.setup(scenario["players"], scenario.get("options") or {})
        for text in scenario["refused_new"]:
            assert str(text) in str(refusal.value)
        return
    state = rules.setup(scenario["players"], scenario.get("options") or {})
    for number, step in enumerate(scenario["steps"], 1):
        if "refused" in step:
            with pytest.raises(RuleViolation) as refusal:
                rules.apply(state, step["act"])
            texts = step["refused"] if isinstance(step["refused"], list) else [step["refused"]]
            for text in texts:
                assert str(text) in str(refusal.value), f"step {number}"
            continue
        state = rules.apply(state, step["act"])
        for key, value in (step.get("expect") or {}).items():
            assert lookup(state, key) == value, f"step {number}: {key}"
    for key, value in (scenario.get("expect") or {}).items():
        assert lookup(state, key) == value, f"end: {key}"


class Terminal(pexpect.spawn):
    """`kit score play` in a pseudo-terminal, typed into as a person does: each line is sent
    once the question it answers is whole on the screen.

    click writes a question in one write, all but its last space, then that space apart:
    getpass writes it once it has turned the echo off (and dropped what was typed before),
    input() just before it reads. The terminal passes a write on whole but where a line
    breaks (Linux's n_tty splits output at line ends and tabs), so a space last in what was
    read is that last space, and a line sent then is neither echoed nor lost. pexpect's own
    pause before every send (50 ms, a guess at the same moment) is not needed: the suite
    types some 600 answers, and paused 30 s on them."""

    QUESTION_END = re.compile(r" \Z")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.delaybeforesend = None

    def sendline(self, s: str = "") -> int:
        self.expect(self.QUESTION_END)
        return super().sendline(s)


def kit_env(lang: str = "en_US.UTF-8") -> dict[str, str]:
    """The environment of a `kit` program started by a test: this checkout's code, in `lang`,
    on a terminal without colours."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env.update(LANG=lang, PYTHONPATH=str(REPO), TERM="dumb")
    return env


def spawn_play(path, *, columns: int = 200, lang: str = "en_US.UTF-8") -> Terminal:
    """`kit score play FILE` in a pseudo-terminal, in English unless `lang` says otherwise,
    from this checkout: what the three-ways tests answer prompt by prompt."""
    return Terminal(sys.executable, ["-m", "kit", "score", "play", str(path)], env=kit_env(lang), cwd=str(REPO),
                    encoding="utf-8", timeout=60, dimensions=(50, columns))


def pages_answer(client, path: Path) -> None:
    """Every page of the table server for `path` (the shared screen, the host's, each seat's
    and their states) answers 200 in both languages; `client` is a TestClient of its app."""
    tokens = sessions.seat_tokens(path)
    urls = ["/", "/api/state", f"/host/{tokens['host']}"] + [f"/seat/{t}" for t in tokens["seats"].values()] + \
        [f"/api/seat/{t}" for t in tokens["seats"].values()]
    for url in urls:
        for lang in ("en", "fr"):
            reply = client.get(url + f"?lang={lang}")
            assert reply.status_code == 200, (url, reply.status_code, reply.text[:300])
