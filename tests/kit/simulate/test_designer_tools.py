"""kit simulate's designer tools: the same JSON on one process, two and a Dask cluster;
comparisons and sweeps with the difference's interval; rotation; records; warnings that fire
on a layout which makes one tribe's objective trivial."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pypdf
import pytest
import yaml
from click.testing import CliRunner
from yaml_files import yaml_file

from kit.cli import cli
from kit.simulate import module, runner
from kit.simulate.stats import newcombe, rate, t95, welch

LAYOUTS = Path(__file__).resolve().parents[3] / "layouts"


def invoke(*args: str) -> str:
    result = CliRunner().invoke(cli, ["simulate", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def trivial(tmp_path_factory) -> Path:
    """layouts/ where the Ramnes' secondary objective is a single vote won."""
    copy = tmp_path_factory.mktemp("trivial") / "layouts"
    shutil.copytree(LAYOUTS, copy)
    path = copy / "hoc-censeo" / "objectives.yaml"
    data = yaml_file(path)
    for tribe in data["tribes"]:
        if tribe["tribe"] == "ramnes":
            tribe["secondary"] = {"kind": "wins", "amount": 1}
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return copy


def test_the_same_json_on_one_process_two_processes_and_a_dask_cluster():
    distributed = pytest.importorskip("dask.distributed")
    args = ["hoc-censeo", "--games", "450", "--seed", "3", "--rotate", "--bots", "random,greedy", "--json"]
    one = invoke(*args, "--jobs", "1")
    two = invoke(*args, "--jobs", "2")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        on_cluster = invoke(*args, "--cluster", cluster.scheduler_address)
    assert one == two == on_cluster
    figures = json.loads(one)
    # rotated, every seat played each bot: the random seats' share is a third of 450 x 3 seats... per bot
    assert figures["rotate"]
    assert {s["bot"] for s in figures["wins"]["seats"]} == {"rotated"}
    assert figures["wins"]["bots"]["random"]["of"] + figures["wins"]["bots"]["greedy"]["of"] == 450 * 3
    assert len(figures["wins"]["seat_roles"]) == 3


def test_rotation_turns_the_bots_round_the_table():
    bots = ["random", "greedy", "greedy"]
    seats = [runner.seat_order(bots, i, True) for i in range(3)]
    assert [s.index("random") for s in seats] == [0, 1, 2]
    assert runner.seat_order(bots, 5, False) == bots


def test_records_are_one_line_per_game_with_how_it_was_won(tmp_path):
    path = tmp_path / "games.jsonl"
    invoke("phd", "--games", "30", "--jobs", "1", "--records", str(path))
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [r["index"] for r in lines] == list(range(30))
    assert {r["game"] for r in lines} == {"phd"}
    for r in lines:
        assert len(r["how"]) == len(r["winners"])
        assert set(r["how"]) <= {"thesis defended", "bingo", "last player standing", "best score when time is up"}
    assert any(r["items"]["event cards"] for r in lines)


def test_compare_prints_each_difference_with_its_interval_and_the_warnings_fire(trivial):
    text = invoke("hoc-censeo", "--games", "400", "--jobs", "1", "--compare", str(LAYOUTS), str(trivial))
    assert "Newcombe" in text
    assert "Welch" in text
    figures = json.loads(invoke("hoc-censeo", "--games", "400", "--jobs", "1", "--json",
                                "--compare", str(LAYOUTS), str(trivial)))
    (comparison,) = figures["comparisons"]
    ramnes = next(r for r in comparison["rows"] if r["what"] == "role" and r["name"] == "ramnes")
    assert ramnes["method"] == "newcombe"
    assert ramnes["settled"]
    assert ramnes["low"] > 0.2
    assert ramnes["low"] < ramnes["difference"] < ramnes["high"]
    rounds = next(r for r in comparison["rows"] if r["what"] == "length" and r["name"] == "rounds")
    assert rounds["method"] == "welch"
    assert rounds["high"] < 0
    # the trivial tribe is flagged above 1.5 times its fair share, the reference's Ramnes are not
    reference, changed = figures["variants"]
    flagged = [w for w in changed["warnings"] if w["kind"] == "share" and w["what"] == "role"]
    assert any(w["label"] == "ramnes" and w["times"] > 1.5 for w in flagged)
    assert not any(w["kind"] == "share" and w["label"] == "ramnes" and w["times"] > 1 for w in reference["warnings"])


def test_an_option_sweep_compares_each_value_with_the_first():
    figures = json.loads(invoke("phd", "--games", "60", "--jobs", "1", "--json", "--option", "chapters=1,5"))
    assert [v["variant"] for v in figures["variants"]] == ["chapters=1", "chapters=5"]
    assert [v["options"] for v in figures["variants"]] == [{"chapters": 1}, {"chapters": 5}]
    turns = next(r for r in figures["comparisons"][0]["rows"] if r["what"] == "length" and r["name"] == "turns")
    assert turns["low"] > 0        # five chapters take longer than one, beyond doubt


def test_a_choice_a_bot_never_takes_is_the_bot_s_not_dominated():
    sim = module("hoc-censeo")
    data = sim.load(LAYOUTS)
    records = runner.play("hoc-censeo", games=50, seed=2, bots=["greedy"] * 3, options={}, table=data, jobs=1)
    for r in records:        # the greedy bot was offered a choice it never takes
        r["choices"].setdefault("greedy", {}).setdefault("magistrate's tiebreak", {})["abstain"] = [3, 0]
    summary = runner.summarise("hoc-censeo", records, seed=2, bots=["greedy"] * 3, options={}, layouts="layouts/")
    never = [w for w in summary["warnings"] if w["kind"] == "never_taken"]
    assert {"kind": "never_taken", "what": "choice", "bot": "greedy", "label": "magistrate's tiebreak: abstain",
            "decision": "magistrate's tiebreak", "option": "abstain", "offered": 150} in never


def test_a_figure_at_every_game_is_flagged():
    summary = {"games": 10, "wins": {"seats": [{"seat": 1, "bot": "greedy", **rate(10, 10)},
                                               {"seat": 2, "bot": "greedy", **rate(0, 10)}],
                                     "roles": {}, "bots": {"greedy": rate(10, 20)},
                                     "how": {"bingo": rate(10, 10)}},
               "figures": {}, "choices": {"table": {}}, "ways_to_win": ["thesis defended", "bingo"]}
    kinds = {(w["kind"], w["label"]) for w in runner.warnings(summary)}
    assert {("certain", "1"), ("certain", "2"), ("share", "1"), ("share", "2"), ("same_end", "bingo")} <= kinds
    summary["ways_to_win"] = ["bingo"]      # a game with one way to win: no news that every game took it
    assert ("same_end", "bingo") not in {(w["kind"], w["label"]) for w in runner.warnings(summary)}


def test_interval_methods_match_the_textbook_values():
    # Newcombe (1998), Statistics in Medicine 17, table II: 56/70 - 48/80 = 0.2, [0.0524, 0.3339]
    assert newcombe(rate(48, 80), rate(56, 70)) == {"difference": 0.2, "low": 0.0524, "high": 0.3339,
                                                     "method": "newcombe"}
    # Student's t: 2.228 at 10 degrees of freedom, 2.042 at 30
    assert round(t95(10), 3) == 2.228
    assert round(t95(30), 3) == 2.042
    a = {"n": 20, "mean": 10.0, "sd": 2.0}
    b = {"n": 30, "mean": 12.0, "sd": 4.0}
    w = welch(a, b)
    # se = sqrt(4/20 + 16/30) = 0.8563, df = 45.1, t = 2.0140 (tables): 2 ± 1.7246
    assert w["difference"] == 2.0
    assert w["low"] == pytest.approx(0.2754, abs=2e-4)
    assert w["high"] == pytest.approx(3.7246, abs=2e-4)


def test_the_report_is_in_french_with_a_comparison_page_and_no_machine_path(trivial, tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")       # the kit's language, French as by default
    path = tmp_path / "rapport.pdf"
    result = CliRunner().invoke(cli, ["simulate", "hoc-censeo", "--games", "200", "--jobs", "1",
                                      "--compare", str(LAYOUTS), str(trivial), "--report", str(path)])
    assert result.exit_code == 0, result.output
    pages = [page.extract_text() for page in pypdf.PdfReader(path).pages]
    assert len(pages) == 3                               # the comparison, then a page per version
    assert "deux versions comparées" in pages[0]
    assert "Newcombe" in pages[0]
    assert "Welch" in pages[0]
    for text in pages[1:]:
        assert "parties simulées" in text
        assert "Qui gagne" in text
        assert "Taux de victoire par place" in text
        assert "part des valeurs" in text                # the histograms' y axis
        assert "Who wins" not in text
        assert "Warnings" not in text
    assert "Avertissements" in pages[2]                 # the trivial Ramnes objective is flagged
    # a copy given by its absolute path is named by its last folders, not by this machine's
    for text in pages:
        assert str(trivial.parent.parent) not in text
        assert str(LAYOUTS.parent) not in text
    assert f"B : {trivial.parent.name}/{trivial.name}" in pages[0]
    # the kit's own layouts are named so, never by where this machine keeps them
    plain = tmp_path / "simple.pdf"
    result = CliRunner().invoke(cli, ["simulate", "phd", "--games", "20", "--jobs", "1",
                                      "--report", str(plain)])
    assert result.exit_code == 0, result.output
    text = pypdf.PdfReader(plain).pages[0].extract_text()
    assert "mises en page : layouts/" in text
    assert str(LAYOUTS.parent) not in text


def test_games_a_figure_needs_to_settle():
    from kit.simulate.compare import games_to_tell_apart
    from kit.simulate.stats import games_to_settle

    # the textbook sample size of a poll: ± 1 point at 50 % takes 9,604 answers, ± 2 points 2,401
    assert games_to_settle(rate(50, 100)) == 9604
    assert games_to_settle(rate(50, 100), half_width=0.02) == 2401
    assert games_to_settle(rate(0, 100)) == 1            # a rate at 0 % settles at once (and is flagged)
    # 30 % against 35 %: 1.96² x (0.3 x 0.7 + 0.35 x 0.65) / 0.05² = 672.3 games per version
    assert games_to_tell_apart(0.30, 0.35) == 673


def test_compared_records_name_their_variant(tmp_path):
    path = tmp_path / "sweep.jsonl"
    invoke("phd", "--games", "5", "--jobs", "1", "--option", "chapters=1,2", "--records", str(path))
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [(r["variant"], r["index"]) for r in lines] == [("chapters=1", i) for i in range(5)] + \
        [("chapters=2", i) for i in range(5)]


def test_promotion_won_by_its_target_every_game_is_flagged():
    sim = module("promotion")
    records = runner.play("promotion", games=40, seed=1, bots=["greedy"] * 4, options={}, table=sim.load(LAYOUTS),
                          jobs=1)
    summary = runner.summarise("promotion", records, seed=1, bots=["greedy"] * 4, options={}, layouts="layouts/")
    assert summary["wins"]["how"]["most PI when the office closes"]["count"] == 0     # shown at 0 %
    assert {"kind": "same_end", "what": "how", "label": "PI target reached"} in summary["warnings"]
