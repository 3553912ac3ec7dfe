"""Whatever the input, an entry is refused with a sentence or accepted, and an accepted one
leaves a session every face can still show.

The property (hypothesis): for the four games, from states reached by play, actions of every
shape (an action name or any field of any JSON type: huge numbers, empty and unicode text,
nested lists and objects, beside the declared fields with plausible or wrong values) are
either refused (RuleViolation) or accepted; an accepted one leaves a state that every
question (`pending`, `anytime`, `outcome`, each viewer's `view`), the log's line and the
`show` table answer, in both languages, and that `show --json` can print.

The fuzz: `kit score act` with such lines on session files exits 0 or 2; a refusal leaves the
file byte-identical; after each accepted line the session loads, `show`, `log` and
`show --as` each player answer, and the table's pages (the shared screen, the host's, each
seat's) render. tests/scorekeeper/test_any_field_typed_wrong.py swaps one field of a valid
answer; these go further afield.
"""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from score_cli import Kit, pages_answer

from kit import i18n
from kit.table import describe, game_module, told
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import module, view, whole_state
from scorekeeper.rules.fields import Kind

NAMES = ["Ana", "Ben", "Éloïse"]
ROLES = {"hoc-censeo": ["titienses", "ramnes", "luceres"]}
GAMES = ["phd", "amphitheatre", "promotion", "hoc-censeo"]


def seats(game: str) -> list[dict]:
    roles = ROLES.get(game)
    return [{"name": n, "role": roles[i]} if roles else {"name": n} for i, n in enumerate(NAMES)]


def answer(game: str, decision: dict, rng: random.Random) -> dict:
    """A valid-looking answer to a decision the rules wait for."""
    action = {"action": decision["action"]}
    actor = rules.of(game).actor(decision["action"])
    if decision["player"] is not None and actor is not None:
        action[actor] = decision["player"]
    for field, choice in decision["choices"].items():
        if isinstance(choice, list) and choice:
            action[field] = rng.choice(choice)
        elif isinstance(choice, dict) and "min" in choice:
            action[field] = rng.randint(choice["min"], choice["max"] if choice["max"] is not None else choice["min"] + 4)
        elif choice is None:
            kind = module(game).FIELDS.field(decision["action"], field)
            if kind is not None and kind.many == "numbers":
                action[field] = [rng.randint(0, 4)]
            elif kind is None or kind.choice({"players": {}}) is None:
                action[field] = rng.randint(1, 6)
    return action


def reached(game: str, seed: int, steps: int) -> list[dict]:
    """States met along one game played by valid-looking answers (refusals skipped)."""
    rules_of, rng = module(game), random.Random(seed)
    state = rules_of.setup(seats(game), {})
    met = [state]
    for _ in range(steps):
        decisions = rules_of.pending(state) + rules_of.anytime(state)
        if state["over"] or not decisions:
            break
        try:
            state = rules_of.apply(state, answer(game, rng.choice(decisions), rng))
        except RuleViolation:
            continue
        met.append(state)
    return met


STATES = {game: [s for seed in range(3) for s in reached(game, seed, 60)[::6]] for game in GAMES}

# Any JSON value, as a session line may hold: bounded in depth and size.
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-10**30, max_value=10**30)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
           | st.sampled_from(["", "\u202e", "é" * 200, "\x00", "Ana ", "ana"]))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                        max_size=4), max_leaves=8)


def plausible(game: str, kind: Kind) -> st.SearchStrategy:
    """A value near what the field takes: its choices, the players' names, small numbers."""
    near = st.sampled_from([*NAMES, 0, 1, -1, 3, 7, 20, True, False, [], {}, [1], ["Ana"], {"Ana": 1},
                            {"pression": 2}, {"credit": -3}, "start", "play", "bleu", "pour", "gold"])
    choice = kind.choice({"players": dict.fromkeys(NAMES)})
    options = [c for c in choice if not isinstance(c, dict)] if isinstance(choice, list) else []
    return near | st.sampled_from(options) if options else near


@st.composite
def actions(draw, game: str) -> dict:
    declared = module(game).FIELDS
    name = draw(st.sampled_from(declared.names) | st.sampled_from(["undo", "vote", "ballot"]) | JSON)
    action: dict = {"action": name}
    act = declared.actions.get(name) if isinstance(name, str) else None
    if act is not None:
        for field, kind in act.fields.items():
            if draw(st.integers(0, 9)) < 8:
                action[field] = draw(plausible(game, kind) | JSON)
    action.update(draw(st.dictionaries(st.text(max_size=8), JSON, max_size=2)))
    if draw(st.integers(0, 19)) == 0:
        action = draw(JSON)     # not even an object
    return action


def everything_answers(game: str, before: dict, after: dict, action: dict) -> None:
    rules.pending(game, after), rules.anytime(game, after)
    json.dumps(whole_state(game, after))
    cli = game_module(game)
    for lang in ("en", "fr"):
        with i18n.speaking(lang):
            for viewer in (None, *NAMES):
                seen = view(game, after, viewer)
                cli.render(seen)
                told(game, before, after, action, "", viewer)
            describe(game, action, before=before)
            describe(game, action, reveal=True, before=before)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_action_is_refused_with_a_sentence_or_leaves_a_state_every_face_answers(game, data):
    state = data.draw(st.sampled_from(STATES[game]))
    action = data.draw(actions(game))
    try:
        after = module(game).apply(state, action)
    except RuleViolation as refusal:
        for lang in ("en", "fr"):
            assert i18n.translator(lang).refusal(refusal)
            assert i18n.translator(lang).refusal(refusal, reveal=False)
        return
    everything_answers(game, state, after, action)


# -- the fuzz of `kit score act` -----------------------------------------------------------------

def line(game: str, state: dict, rng: random.Random) -> dict | list | str | int | None:
    """Mostly an answer to what the rules wait for, often with a field made wrong."""
    decisions = rules.pending(game, state) + rules.anytime(game, state)
    if not decisions or rng.random() < 0.2:
        return rng.choice([{"action": ["gain"], "amount": 3}, {"action": rng.choice(module(game).FIELDS.names)},
                           {"action": "undo", "x": 1}, [], "gain", 7, None, {"action": "é" * 300},
                           {"action": rng.choice(module(game).FIELDS.names), "player": {"Ana": [None]}}])
    valid = answer(game, rng.choice(decisions), rng)
    if rng.random() < 0.5:
        return valid
    field = rng.choice([f for f in valid] + ["extra"])
    return {**valid, field: rng.choice([None, -1, 10**40, "", [valid.get(field)], {"x": 1}, "\u202e", 2.5, True])}


@pytest.mark.parametrize("game", GAMES)
def test_kit_score_act_exits_0_or_2_and_every_accepted_line_leaves_a_session_that_shows(game, tmp_path):
    from starlette.testclient import TestClient

    from kit.serve.app import create_app

    kit, rng = Kit(), random.Random(game)
    path = tmp_path / "fuzz.jsonl"
    players = [f"{s['name']}:{s['role']}" if "role" in s else s["name"] for s in seats(game)]
    assert kit.new(path, game, players).exit_code == 0
    accepted = refused = 0
    with TestClient(create_app(path)) as client:
        for _ in range(30):
            state = sessions.load(path).state
            if state["over"]:
                break
            typed = line(game, state, rng)
            before = path.read_bytes()
            result = kit("score", "act", path, json.dumps(typed, ensure_ascii=rng.random() < 0.5))
            assert result.exit_code in (0, 2), (typed, result.output)
            if result.exit_code == 2:
                refused += 1
                assert path.read_bytes() == before, typed
                assert result.output.startswith("Error: ")
                assert "Traceback" not in result.output
                continue
            accepted += 1
            for command in (("show",), ("log",), ("log", "--reveal"), *(("show", "--as", n) for n in NAMES)):
                shown = kit("score", *command, path)
                assert shown.exit_code == 0, (command, shown.output)
            pages_answer(client, path)
    assert accepted >= 5, accepted
    assert refused >= 5, refused
