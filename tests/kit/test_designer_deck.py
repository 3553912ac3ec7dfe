"""A designer's change to one card reaches the printed card, the table and the simulator alike:
Flatterie brings 3 PI instead of 1 in a copy of layouts/, and nothing else is edited."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import yaml
from click.testing import CliRunner
from game_kits import build_kit, squeeze
from yaml_files import yaml_file

from kit.build import default_layouts
from kit.cli import cli
from kit.simulate import module, runner

ENGLISH = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "en_US.UTF-8"}


def flattery_of(pi: int, tmp_path: Path) -> Path:
    copy = tmp_path / "layouts"
    shutil.copytree(default_layouts(), copy)
    path = copy / "promotion" / "cards.yaml"
    data = yaml_file(path)
    next(d for d in data["designs"] if d["title"] == "Flatterie")["does"]["gain"] = pi
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return copy


def simulated(layouts: Path) -> dict:
    sim = module("promotion")
    seats = ["greedy"] * sim.PLAYERS
    records = runner.play("promotion", games=40, seed=1, bots=seats, options={}, table=sim.load(layouts), jobs=1)
    return runner.summarise("promotion", records, seed=1, bots=seats, options={}, layouts=str(layouts))


def test_flatterie_at_3_pi_is_printed_applied_and_simulated(tmp_path):
    copy = flattery_of(3, tmp_path)

    # the printed card says 3
    build_kit(tmp_path / "out", "promotion", "--layouts", str(copy))
    with pdfplumber.open(tmp_path / "out" / "promotion.pdf") as pdf:
        printed = squeeze(" ".join(page.extract_text() or "" for page in pdf.pages))
    assert "Gagnez3PI." in printed
    assert "Gagnez1PI." not in printed

    # the table applies 3: Ana plays Flatterie, nobody takes its merit
    runner_ = CliRunner(env=ENGLISH)
    session = tmp_path / "bureau.jsonl"
    assert runner_.invoke(cli, ["score", "new", str(session), "promotion", "--player", "Ana", "--player", "Ben",
                                "--layouts", str(copy)]).exit_code == 0
    for step in ({"step": "start"}, {"step": "draw"}, {"step": "play", "card": "Flatterie"}, {"step": "resolve"}):
        result = runner_.invoke(cli, ["score", "act", str(session), json.dumps({"action": "turn", "player": "Ana",
                                                                                 **step})])
        assert result.exit_code == 0, result.output
    assert result.output == "5. Ana plays Flatterie: +3 IP.\n"      # the card's line, its number the copy's
    played = json.loads(session.read_text(encoding="utf-8").splitlines()[3])
    assert played["card"] == "flatterie"          # typed by its title, stored by its id
    shown = runner_.invoke(cli, ["score", "show", str(session), "--json"])
    assert json.loads(shown.output)["players"]["Ana"]["pi"] == 4

    # the simulator plays 3: the race is shorter, and a Flatterie played is worth more to its player
    before, after = simulated(default_layouts()), simulated(copy)
    assert after["length"]["turns"]["mean"] < before["length"]["turns"]["mean"]
    flattery = (before["items"]["cards"]["Flatterie"]["player_won"], after["items"]["cards"]["Flatterie"]["player_won"])
    assert flattery[1]["rate"] > flattery[0]["rate"]
