"""kit simulate: bots that only make legal moves, figures that follow the layouts, the same
JSON for the same seed on any number of processes, and a readable report."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pypdf
import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from yaml_files import yaml_file

from kit.cli import cli
from kit.simulate import module, runner
from kit.simulate.stats import distribution, histogram, quantile, wilson
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import GAME_IDS
from scorekeeper.rules import hoc_censeo as hoc_rules

LAYOUTS = Path(__file__).resolve().parents[3] / "layouts"
GAMES = GAME_IDS
TABLES = {}


def table(game: str):
    if game not in TABLES:
        TABLES[game] = module(game).load(LAYOUTS)
    return TABLES[game]


def run(game: str, games: int, bots: list[str] | None = None, layouts: Path = LAYOUTS, seed: int = 1,
        options: dict | None = None) -> dict:
    sim = module(game)
    seats = runner.seat_bots(game, bots or ["greedy"], sim.PLAYERS)
    data = sim.load(layouts) if layouts != LAYOUTS else table(game)
    records = runner.play(game, games=games, seed=seed, bots=seats, options=options or {}, table=data, jobs=1)
    return runner.summarise(game, records, seed=seed, bots=seats, options=options or {}, layouts=str(layouts))


# --- the bots only make legal moves ---------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32),
       bots=st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=3))
def test_bots_only_make_moves_the_rules_accept(game, seed, bots):
    # Every action goes through the engine's apply; a refusal raises BotError and fails here.
    sim = module(game)
    seats = runner.seat_bots(game, bots, sim.PLAYERS)
    record = sim.play(table(game), seats, {}, runner.game_rng(seed, 0))
    assert all(0 <= w < len(seats) for w in record["winners"])
    assert record["finished"] or not record["winners"]
    assert record["turns"] >= 1


@pytest.mark.parametrize("game", GAMES)
def test_the_engine_never_changes_a_state_it_was_given(game, monkeypatch):
    # apply copies only what an action may change (checks.fresh, hoc_censeo._fresh): every
    # state a whole game goes through must be left exactly as it was
    import copy

    import kit.simulate as simulate

    seen = []

    def checked(rules, state, action):
        before = copy.deepcopy(state)
        new = simulate.apply(rules, state, action)
        seen.append((state, before))
        return new

    sim = module(game)
    monkeypatch.setattr(sim, "apply", checked)
    for seed in range(3):
        sim.play(table(game), runner.seat_bots(game, ["random", "greedy"], sim.PLAYERS), {},
                 runner.game_rng(seed, 0))
    assert seen
    assert all(state == before for state, before in seen)


class CheckingBot(module("hoc-censeo").RandomBot):
    """A random bot that first checks every action the rules allow it at any time against the
    engine. It sees its seat's view only: the checks run on the whole state the test keeps."""

    whole: dict = {}

    def between_votes(self, state, me, colour, mine):
        whole = CheckingBot.whole["state"]
        options = module("hoc-censeo").between_votes_options(mine)
        for action in options:
            hoc_rules.apply(whole, action)        # raises RuleViolation if the list lied
        seals = whole["players"][me]["seals"] >= hoc_rules.SEALS_PER_PORTION
        listed = {a["colour"] for a in options if a["action"] == "spend_seals"}
        for colour_ in hoc_rules.COLOURS:
            if seals and colour_ not in listed:
                with pytest.raises(RuleViolation):
                    hoc_rules.apply(whole, {"action": "spend_seals", "player": me, "colour": colour_})
        return super().between_votes(state, me, colour, mine)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_hoc_censeo_anytime_is_exactly_what_the_engine_accepts(seed, monkeypatch_session):
    sim = module("hoc-censeo")
    monkeypatch_session.setitem(sim.BOT_CLASSES, "checking", CheckingBot)
    anytime = sim.rules.anytime

    def keeping(state):   # the whole state the bots' views come from, for the checks above
        CheckingBot.whole["state"] = state
        return anytime(state)
    monkeypatch_session.setattr(sim.rules, "anytime", keeping)
    try:
        sim.play(table("hoc-censeo"), ["checking"] * 3, {}, runner.game_rng(seed, 0))
    finally:
        monkeypatch_session.setattr(sim.rules, "anytime", anytime)


@pytest.fixture(scope="module")
def monkeypatch_session():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


# --- the layouts change the figures the way they should ----------------------------------------------

def test_a_trivial_luceres_secondary_objective_raises_its_win_rate(tmp_path):
    copy = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, copy)
    path = copy / "hoc-censeo" / "objectives.yaml"
    data = yaml_file(path)
    for tribe in data["tribes"]:
        if tribe["tribe"] == "luceres":
            tribe["secondary"] = {"kind": "wins", "amount": 1}
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    before = run("hoc-censeo", 300)["wins"]["roles"]["luceres"]
    after = run("hoc-censeo", 300, layouts=copy)["wins"]["roles"]["luceres"]
    assert after["low"] > before["high"]          # clearly above, not by chance


def test_a_promotion_deck_without_answers_lets_more_attacks_land(tmp_path):
    copy = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, copy)
    path = copy / "promotion" / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    # Fewer Serveur en panne, more Flatterie: the deck still has 100 cards.
    text = text.replace("  - title: Serveur en panne\n    type: Trahison\n    copies: 6",
                        "  - title: Serveur en panne\n    type: Trahison\n    copies: 1")
    text = text.replace("  - title: Flatterie\n    type: Avantage\n    copies: 12",
                        "  - title: Flatterie\n    type: Avantage\n    copies: 17")
    path.write_text(text, encoding="utf-8")
    before = run("promotion", 200)["figures"]["answered"]["mean"]
    after = run("promotion", 200, layouts=copy)["figures"]["answered"]["mean"]
    assert after < before


def test_a_renamed_promotion_design_is_played_and_reported_under_its_new_title(tmp_path):
    # the bots know a card by what it does, never by its title: a rename plays as before
    copy = tmp_path / "layouts"
    shutil.copytree(LAYOUTS, copy)
    path = copy / "promotion" / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("title: Flatterie", "title: Lèche-bottes"),
                    encoding="utf-8")
    cards = run("promotion", 20, layouts=copy)["items"]["cards"]
    assert "Flatterie" not in cards
    assert cards["Lèche-bottes"]["per_game"] == run("promotion", 20)["items"]["cards"]["Flatterie"]["per_game"]


# --- determinism and the command ------------------------------------------------------------------

def test_phd_with_one_chapter_ends_sooner_than_with_five():
    one = run("phd", 150, options={"chapters": 1})
    five = run("phd", 150, options={"chapters": 5})
    assert one["length"]["turns"]["mean"] < five["length"]["turns"]["mean"]


def test_json_is_the_same_for_the_same_seed_on_any_number_of_processes():
    args = ["simulate", "hoc-censeo", "--games", "450", "--seed", "7", "--json"]
    one = CliRunner().invoke(cli, [*args, "--jobs", "1"])
    two = CliRunner().invoke(cli, [*args, "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout
    figures = json.loads(one.stdout)
    assert figures["games"] == 450
    assert set(figures["wins"]["roles"]) == set(hoc_rules.TRIBES)
    luceres = figures["wins"]["roles"]["luceres"]
    assert luceres["low"] <= luceres["rate"] <= luceres["high"]
    assert {"median", "p10", "p90", "histogram"} <= set(figures["length"]["rounds"])
    assert "calamities" in figures["figures"]
    other = CliRunner().invoke(cli, ["simulate", "hoc-censeo", "--games", "450", "--seed", "8", "--json"])
    assert other.stdout != one.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["hoc-censeo", "--players", "4"], "exactly 3 players"),
    (["promotion", "--option", "target=1"], "target"),
    (["phd", "--option", "chapters=4"], "chapters"),
    (["amphitheatre", "--players", "9"], "3 to 8 players"),
    (["hoc-censeo", "--bots", "clever"], "clever"),
])
def test_refusals_say_why(args, message):
    result = CliRunner().invoke(cli, ["simulate", *args, "--games", "5"])
    assert result.exit_code == 2
    assert message in result.output


def test_report_has_one_page_per_game_with_its_figures(tmp_path):
    pdf = tmp_path / "report.pdf"
    result = CliRunner().invoke(cli, ["simulate", "promotion", "amphitheatre", "--games", "60", "--json",
                                      "--report", str(pdf)])
    assert result.exit_code == 0, result.output
    assert [s["game"] for s in json.loads(result.stdout)] == ["promotion", "amphitheatre"]
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) == 2
    first, second = (page.extract_text() for page in reader.pages)
    assert "Promotion" in first
    assert "Who wins" in first
    assert "seat 4" in first
    assert "IP at the end" in first
    assert "Amphithéâtre" in second
    assert "accusations per game" in second


# --- the statistics ------------------------------------------------------------------------------

def test_wilson_interval_matches_the_textbook_values():
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_quantiles_and_histograms():
    values = sorted([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert quantile(values, 0.5) == 5.5
    assert quantile(values, 0.0) == 1
    assert quantile(values, 1.0) == 10
    assert histogram([3, 3, 5]) == [[3, 2], [4, 0], [5, 1]]
    wide = histogram(range(100))
    assert sum(count for _, count in wide) == 100
    assert len(wide) <= 24
    d = distribution([1, 2, 3])
    assert d["mean"] == 2
    assert d["median"] == 2
    assert d["n"] == 3
