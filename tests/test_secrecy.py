"""The secrecy sweep: nothing anyone reads holds another player's secret.

A secret is what the rules declare (SECRET_FIELDS: senators left, tribe, objectives, a purse;
SECRET_BY_PLAYER: the ballots, the bids). Rather than search each text for numbers (and
trip over every small one), the sweep checks non-interference: for each reader (each
player, and None for the public and the host's shared screen) every secret that is not the
reader's is changed (other amounts moved, the tribes swapped among the others, other
objectives changed), and what the reader is shown must stay the same, character for
character. What does not change with a secret cannot tell it.

Part one runs over every state of every conformance scenario (tests/scenarios, and
../shared/scenarios where it lies beside the clone), and of a
scripted game of Enchère (the toy fifth game, tests/fixtures/enchere_rules.py), in French
and in English: the JSON views (`show --json --as/--public`, /api/state, /api/seat), `show`'s
table, the table, room, names and host pages, each seat's page and the pages its taps lead to
partway through its decision (each field's answers so far in the address; sampled as
serve_helpers.crawl says: the first and the last choice of each field, at most 8 pages a
seat, where an order of eight names alone has 40,320), the log's line and outcome of each entry answering a
secret decision (a ballot, a bid) and of each open vote, and the refusals of what another
player might try (reveal=False for the shared screen and the other seats).

Part two is the same check through the faces themselves: two session files that differ only
in one player's secret answers (or dealt tribes) are read through the CLI (`show`, `show
--json --as/--public`, `log [--as]`, refused `act`s) and the server (what every route of the
app answers, as tests/helpers/serve_helpers.py's ROUTES reaches them: the pages, a seat's
pages partway through its decision, the error pages and the API's refusals of every status,
the JSON views, the events; and refused posts), and every reader but that player must get
the same bytes.
"""
from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import parse_qsl

import pytest
import serve_helpers
from installed import install
from score_cli import Kit, scenario_files, scenario_id
from starlette.testclient import TestClient
from yaml_files import yaml_file

import kit.games
from kit import i18n
from kit.serve import forms, pages
from kit.serve.table import view as served_view
from kit.table import describe
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.errors import RuleViolation

LANGS = ("fr", "en")
TOY = "enchere"


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    install(monkeypatch, TOY)


# -- the states swept ------------------------------------------------------------------------

def scenario_histories() -> list[tuple[str, str, list[dict]]]:
    """(label, game, accepted actions) of every scenario that sets up, and of a
    scripted Enchère game with unusual amounts."""
    found = []
    for path in scenario_files():
        scenario = yaml_file(path)
        if "refused_new" in scenario or not any("act" in s for s in scenario.get("steps", ())):
            continue
        found.append((scenario_id(path), scenario["game"], scenario))
    return found


TOY_SCENARIO = {"game": TOY, "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cléo"}], "options": {},
                "steps": [{"act": a} for a in (
                    {"action": "bid", "player": "Ana", "amount": 23},
                    {"action": "bid", "player": "Ben", "amount": 19},
                    {"action": "bid", "player": "Cléo", "amount": 31},
                    {"action": "award", "lot": "horloge", "die": 6},
                    {"action": "bid", "player": "Cléo", "amount": 11},
                    {"action": "sell", "player": "Cléo", "points": 2},
                    {"action": "bid", "player": "Ana", "amount": 2})]}

SCENARIOS_SWEPT = scenario_histories() + [("enchere/scripted", TOY, TOY_SCENARIO)]


def replay(game: str, scenario: dict) -> list[tuple[dict, dict | None, dict]]:
    """(before, action, after) for each accepted step; the first is (setup, None, setup)."""
    module = rules.module(game)
    state = module.setup(scenario["players"], scenario.get("options") or {})
    steps = [(state, None, state)]
    for step in scenario["steps"]:
        try:
            after = module.apply(state, step["act"])
        except RuleViolation:
            continue
        steps.append((state, step["act"], after))
        state = after
    return steps


def readers(state: dict) -> list[str | None]:
    return [None, *state["players"]]


# -- changing the secrets a reader may not see -----------------------------------------------

def changed(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 7
    if isinstance(value, dict):
        return {k: changed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [changed(v) for v in value]
    return value


def hidden_from(game: str, state: dict, reader: str | None) -> dict:
    """`state` with every secret that is not `reader`'s changed: numbers moved, words
    (the tribes) swapped among their owners."""
    module = rules.module(game)
    new = copy.deepcopy(state)
    others = [n for n in state["players"] if n != reader]
    for field in getattr(module, "SECRET_FIELDS", ()):
        owners = [n for n in others if field in new["players"][n]]
        values = [new["players"][n][field] for n in owners]
        if values and all(isinstance(v, str) for v in values):
            values = values[1:] + values[:1]
        else:
            values = [changed(v) for v in values]
        for name, value in zip(owners, values):
            new["players"][name][field] = value
    for field in getattr(module, "SECRET_BY_PLAYER", ()):
        for name in others:
            if name in (new.get(field) or {}):
                new[field][name] = changed(new[field][name])
    return new


def secret_part_changes(game: str, state: dict, reader: str | None) -> bool:
    """Whether the state holds any secret of another player at all (else nothing to sweep)."""
    return not state.get("over") and hidden_from(game, state, reader) != state


# -- what each reader is shown ---------------------------------------------------------------

def shown(game: str, state: dict, reader: str | None, lang: str) -> dict[str, str]:
    """Every text `reader` is shown of `state` (None: the public, and the host's screen)."""
    i18n.activate(lang)
    seen = served_view(game, state, reader)
    texts = {"json view": json.dumps(seen, ensure_ascii=False, sort_keys=True),
             "show": kit.games.table_module(game).render(
                 state if state.get("over") else rules.public_view(game, state, reader))}
    page = pages.Page(lang=lang, game=game, state=seen, line=1, path="/x", post="/api/x/act", seat=reader,
                      host=reader is None)
    if reader is None:
        texts["table page"] = pages.table_page(page, "ROOM23", "http://table/join/ROOM23")
        texts["room page"] = pages.room_page(page)
        texts["join page"] = pages.join_page(page, "ROOM23", [], None)
        texts["host page"] = pages.host_page(page, [("Ana", "/seat/t")], {"Ana": {"device": "d", "since": "2026-01-01T20:00:00Z"}}, "/host/t")
    else:   # the seat's page, and those its taps lead to partway through its decision (sampled)
        def seat_page(query: str) -> str:
            asked = parse_qsl(query, keep_blank_values=True)
            return pages.seat_page(replace(page, screen=seat_screen(game, state, reader, asked)))
        for query, html in serve_helpers.crawl(seat_page).items():
            texts[f"seat page ?{query}"] = html
    return texts


def seat_screen(game: str, state: dict, reader: str, asked: list[tuple[str, str]] = ()) -> forms.SeatScreen:
    """The decision `reader`'s phone shows now, as the server draws it (kit/serve/forms.py),
    from `state` alone: a session whose log is not read (no undo to name). Without what the
    rules give the reader to read first for a decision that is the reader's own: the
    magistrate's totals are everyone's ballots added up, told to the magistrate on purpose
    (tests/kit/serve/test_seat_screen.py); facts shown with anyone else's decision stay in."""
    session = SimpleNamespace(game=game, state=state, rules=rules.module(game), latest_in_effect=lambda: None)
    screen = forms.seat_screen(session, reader, list(asked))   # type: ignore[arg-type]
    if screen.main is not None and screen.main.player == reader:
        screen.facts = []
    return screen


def refusals(game: str, state: dict, reader: str | None, lang: str) -> dict[str, str | None]:
    """What `reader` reads when another player's entry is refused, for each try (None when
    it is accepted: then nothing is said)."""
    module = rules.module(game)
    words = i18n.translator(lang)
    said = {}
    for name, action in tries(game, state):
        if name is not None and name == reader:   # the reader's own entry may tell them their own numbers
            continue
        try:
            module.apply(state, action)
            said[json.dumps(action, ensure_ascii=False)] = None
        except RuleViolation as refusal:
            said[json.dumps(action, ensure_ascii=False)] = words.refusal(refusal, reveal=False)
    return said


def tries(game: str, state: dict) -> list[tuple[str, dict]]:
    """Entries each player might try: every action the rules wait for or allow, with each
    number far too big or missing, each word unknown; and Hoc Censeo's own (a colour its
    circle does not need, a second ballot, a vote while ballots are pending)."""
    found = []
    decisions = rules.pending(game, state) + rules.anytime(game, state)
    for decision in decisions:
        who = decision["player"]
        for field in decision["choices"]:
            for value in (999_999, -1, "nope"):
                found.append((who, {"action": decision["action"], **({"player": who} if who else {}), field: value}))
        found.append((who, {"action": decision["action"], **({"player": who} if who else {})}))
    for name in state["players"]:
        found.append((name, {"action": "ballot", "player": name, "pour": 999_999}))
        found.append((name, {"action": "ballot", "player": name, "pour": 1}))
        found.append((name, {"action": "buy_senators", "player": name, "gold": 999}))
        found.append((name, {"action": "bid", "player": name, "amount": 999_999}))
        found.extend((name, {"action": "spend_seals", "player": name, "colour": c})
                     for c in ("bleu", "mauve", "jaune", "vert"))
        found.append((name, {"action": "vote", "pour": {name: 999_999}, "colour": "bleu"}))
    found.append((None, {"action": "resolve", "colour": "bleu"}))
    actions = set(getattr(rules.module(game), "ACTIONS", ()) or getattr(rules.module(game), "_ACTIONS", ()))
    return [(who, a) for who, a in found if a["action"] in actions]


def secret_answers(game: str, before: dict, action: dict) -> bool:
    """Whether `action` answers a secret decision (a ballot, a bid)."""
    from scorekeeper.rules.flow import answering

    secret = [dict(d, choices={}) for d in rules.pending(game, before) if d["secret"]]
    return answering(secret, action) is not None


def log_entry(game: str, before: dict, action: dict, after: dict, reader: str | None, lang: str) -> str:
    i18n.activate(lang)
    words = i18n.active()
    lines = [describe(game, action, reader or False, before)]
    for event in rules.outcome(game, before, after, action):
        lines.append(event.for_viewer(reader).render(words.gettext, words.ngettext, words.join))
    return "\n".join(lines)


def moved_amounts(action: dict) -> dict:
    """The action with each whole number it gives moved by one (a bid of 19 becomes 20)."""
    return {k: (v + 1 if isinstance(v, int) and not isinstance(v, bool) else v) for k, v in action.items()}


def rotated_vote(action: dict, reader: str | None) -> dict:
    """An open vote with each side's amounts passed round its voters but `reader`: the same
    totals, the reader's own amount unchanged."""
    new = dict(action)
    for side in ("pour", "contre"):
        amounts = action.get(side)
        if isinstance(amounts, dict):
            names = [n for n in amounts if n != reader]
            values = [amounts[n] for n in names]
            new[side] = {**amounts, **dict(zip(names, values[1:] + values[:1]))}
    return new


# -- part one: the functions every face prints ------------------------------------------------

@pytest.mark.parametrize(("label", "game", "scenario"), SCENARIOS_SWEPT, ids=[s[0] for s in SCENARIOS_SWEPT])
def test_no_view_page_table_or_refusal_depends_on_another_players_secret(label, game, scenario):
    swept = 0
    for _, _, state in replay(game, scenario):
        for reader in readers(state):
            if not secret_part_changes(game, state, reader):
                continue
            other = hidden_from(game, state, reader)
            for lang in LANGS:
                assert shown(game, state, reader, lang) == shown(game, other, reader, lang), (label, reader, lang)
                mine, theirs = refusals(game, state, reader, lang), refusals(game, other, reader, lang)
                for attempt, sentence in mine.items():
                    if sentence is not None and theirs.get(attempt) is not None:
                        assert sentence == theirs[attempt], (label, reader, lang, attempt)
            swept += 1
    if rules.module(game).__dict__.get("SECRET_FIELDS") or rules.module(game).__dict__.get("SECRET_BY_PLAYER"):
        assert swept, f"{label}: no state held a secret"   # the sweep looked at something


@pytest.mark.parametrize(("label", "game", "scenario"), SCENARIOS_SWEPT, ids=[s[0] for s in SCENARIOS_SWEPT])
def test_no_log_line_tells_another_players_secret_answer_or_their_share_of_a_vote(label, game, scenario):
    for before, action, after in replay(game, scenario)[1:]:
        if secret_answers(game, before, action):
            owner = action.get("player")
            other_before = hidden_from(game, before, None)
            other_action = moved_amounts(action)
            try:
                other_after = rules.module(game).apply(other_before, other_action)
            except RuleViolation:
                continue
        elif action["action"] == "vote":
            owner, other_before, other_action = None, before, None
            other_after = None   # the rewards follow from the amounts, and are public: the line alone
        else:
            continue
        for reader in readers(before):
            if reader == owner and owner is not None:
                continue
            for lang in LANGS:
                if other_after is None:
                    i18n.activate(lang)
                    assert describe(game, action, reader or False, before) == describe(
                        game, rotated_vote(action, reader), reader or False, before), (label, reader, lang, action)
                else:
                    assert log_entry(game, before, action, after, reader, lang) == log_entry(
                        game, other_before, other_action, other_after, reader, lang), (label, reader, lang, action)


def test_the_sweep_catches_a_leak():
    """The check can fail: a page that prints another player's purse differs once it moves."""
    state = replay(TOY, TOY_SCENARIO)[2][2]     # Ana and Ben have bid
    other = hidden_from(TOY, state, "Cléo")
    assert other["players"]["Ana"]["purse"] != state["players"]["Ana"]["purse"]
    assert other["bids"]["Ben"] != state["bids"]["Ben"]
    assert other["players"]["Cléo"] == state["players"]["Cléo"]
    leaky = {**rules.public_view(TOY, state, "Cléo"), "players": state["players"]}
    leaky_other = {**rules.public_view(TOY, other, "Cléo"), "players": other["players"]}
    render = kit.games.table_module(TOY).render
    assert render(leaky) != render(leaky_other)


# -- part two: through the faces ----------------------------------------------------------------

def twin_sessions(tmp_path: Path, game: str, players: list[dict] | tuple[list[dict], list[dict]],
                  common: list[dict], twins: tuple[list[dict], list[dict]]) -> tuple[Path, Path]:
    """Two sessions with the same entries, then each twin's own secret answers; `players`
    is each twin's own (a pair: the tribes dealt differently) or both twins'."""
    paths = []
    for n, answers in enumerate(twins):
        path = tmp_path / f"twin{n}" / "game.jsonl"
        path.parent.mkdir()
        sessions.create(path, game, players[n] if isinstance(players, tuple) else players)
        for action in [*common, *answers]:
            sessions.append(path, action)
        paths.append(path)
    return paths[0], paths[1]


HOC_PLAYERS = [{"name": "Alice", "role": "titienses"}, {"name": "Bob", "role": "ramnes"},
               {"name": "Chloé", "role": "luceres"}]
OPEN_VOTE = {"action": "vote", "pour": {"Alice": 37, "Chloé": 4}, "contre": {"Bob": 23}, "colour": "bleu"}
# game, the players, the entries both twins share, each twin's own secret answers; the
# readers are the players whose answers are the same in both, and the public.
TWINS = {
    "hoc-censeo: Bob's ballot": ("hoc-censeo", HOC_PLAYERS, [OPEN_VOTE, {"action": "ballot", "player": "Alice", "pour": 41}],
                                 ([{"action": "ballot", "player": "Bob", "contre": 17}],
                                  [{"action": "ballot", "player": "Bob", "pour": 29}])),
    # every ballot in, Bob and Chloé equal on CONTRE: the resolve needs the magistrate's order
    "hoc-censeo: a tie to order": ("hoc-censeo", HOC_PLAYERS, [OPEN_VOTE, {"action": "ballot", "player": "Alice", "pour": 3}],
                                   ([{"action": "ballot", "player": "Bob", "contre": 13},
                                     {"action": "ballot", "player": "Chloé", "contre": 13}],
                                    [{"action": "ballot", "player": "Bob", "contre": 19},
                                     {"action": "ballot", "player": "Chloé", "contre": 19}])),
    # Bob's and Chloé's tribes dealt the other way round (secret: RULES.md §4.14)
    "hoc-censeo: the tribes dealt": ("hoc-censeo", (HOC_PLAYERS, [
        HOC_PLAYERS[0], {"name": "Bob", "role": "luceres"}, {"name": "Chloé", "role": "ramnes"}]),
        [OPEN_VOTE, {"action": "ballot", "player": "Alice", "pour": 41}], ([], [])),
    # every ballot in, Alice and Chloé tied: Bob, presiding, taps through the resolve (a colour,
    # then the order), while Alice's and Chloé's tribes are dealt the other way round
    "hoc-censeo: the resolve tapped through": ("hoc-censeo", (HOC_PLAYERS, [
        {"name": "Alice", "role": "luceres"}, HOC_PLAYERS[1], {"name": "Chloé", "role": "titienses"}]),
        [OPEN_VOTE, {"action": "ballot", "player": "Alice", "pour": 6}, {"action": "ballot", "player": "Bob", "contre": 4},
         {"action": "ballot", "player": "Chloé", "pour": 6}], ([], [])),
    "enchere: Ben's bid": (TOY, [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cléo"}],
                           [{"action": "bid", "player": "Ana", "amount": 23}],
                           ([{"action": "bid", "player": "Ben", "amount": 19}],
                            [{"action": "bid", "player": "Ben", "amount": 33}])),
}


def without_tokens(text: str, path: Path) -> str:
    tokens = sessions.seat_tokens(path)
    for token in [tokens["host"], *tokens["seats"].values(), tokens["room"]]:
        text = text.replace(token, "TOKEN")
    text = re.sub(r'<figure class="join">.*?</figure>', "", text, flags=re.S)   # the links' QR codes
    return text.replace(str(path), "FILE")


def cli_texts(path: Path, reader: str | None, lang: str) -> dict[str, str]:
    kit = Kit()

    def run(*args: str, refusal: bool = False) -> str:
        result = kit("score", "--lang", lang, *args)
        assert result.exit_code in ((0, 2) if refusal else (0,)), result.output
        return result.output
    who = ["--as", reader] if reader else []
    texts = {"show": run("show", path, *who), "show --json": run("show", path, "--json", *(who or ["--public"])),
             "log": run("log", path, *who)}
    for name, action in tries(sessions.load(path).game, sessions.load(path).state):
        if name is not None and name == reader:   # the reader's own entry may tell them their own numbers
            continue
        before = path.read_bytes()
        told = run("act", path, json.dumps(action, ensure_ascii=False), refusal=True)
        if path.read_bytes() != before:
            sessions.append(path, {"action": "undo"})
        texts[f"act {json.dumps(action, ensure_ascii=False)}"] = re.sub(r"^\d+\. ", "", told, flags=re.M)
    return {k: without_tokens(v, path) for k, v in texts.items()}


def server_texts(path: Path, reader: str | None, lang: str) -> dict[str, str]:
    """Everything the server answers `reader` (None: anyone at the table, and the host) in
    `lang`: what every route of the app answers them (serve_helpers.every_answer: every page,
    a seat's pages partway through its decision, every JSON endpoint, the event stream,
    every refusal), and the refusals of what another player might try, posted through the
    host's link or the reader's own."""
    from kit.serve.app import create_app

    session = sessions.load(path)
    with TestClient(create_app(path)) as client:
        texts = serve_helpers.every_answer(client, reader, lang)
        tokens = client.app.state.table.tokens   # the reader's seat freed: a new link
        post = f"/api/host/{tokens['host']}/act" if reader is None else f"/api/seat/{tokens['seats'][reader]}/act"
        for name, action in tries(session.game, session.state):
            if name is not None and name == reader:
                continue
            before = path.read_bytes()
            reply = client.post(post, params={"lang": lang}, json=action)
            if reply.status_code == 200:
                sessions.append(path, {"action": "undo"})
            else:
                assert path.read_bytes() == before
            texts[f"post {json.dumps(action, ensure_ascii=False)}"] = without_tokens(
                f"{reply.status_code} {reply.text}", path)
    return texts


@pytest.mark.parametrize("twins", TWINS)
@pytest.mark.parametrize("face", [cli_texts, server_texts], ids=["cli", "server"])
def test_the_cli_and_the_server_tell_nobody_else_a_players_secret_answer(tmp_path, twins, face):
    game, players, common, answers = TWINS[twins]
    first, second = twin_sessions(tmp_path, game, players, common, answers)
    owners = {a["player"] for a in answers[0]}
    if isinstance(players, tuple):   # whose tribe differs
        players, dealt = players
        owners |= {p["name"] for p, other in zip(players, dealt) if p != other}
    for reader in [None, *(p["name"] for p in players)]:
        if reader in owners:
            continue
        for lang in LANGS:
            one, two = face(first, reader, lang), face(second, reader, lang)
            assert sorted(one) == sorted(two), set(one) ^ set(two)
            for key in one:
                assert one[key] == two[key], (twins, reader, lang, key)
    # and an owner does see their own answer: the twins differ for them
    owner = sorted(owners)[0]
    assert face(first, owner, "en") != face(second, owner, "en")
