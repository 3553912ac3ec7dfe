"""Issue 33's done-when for PHD: a designer changes one Challenge's difficulty in a copy of
layouts/, and the change reaches the printed card, the table's result and the simulator's
figures alike (one deck, read from the layouts once, carried by the session header)."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from game_kits import build_kit, page_texts

from kit.build import default_layouts
from kit.cli import cli
from kit.games.phd import bots

ENGLISH = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "en_US.UTF-8"}
TITLE = "Colloque international"        # credit, difficulty 9 in the kit's layouts


@pytest.fixture(scope="module")
def layouts(tmp_path_factory) -> tuple[Path, Path]:
    """(the kit's layouts, a copy where the Challenge's difficulty is 12)."""
    mine = tmp_path_factory.mktemp("designer") / "layouts"
    shutil.copytree(default_layouts(), mine)
    events = mine / "phd" / "events.yaml"
    text = events.read_text(encoding="utf-8")
    block = re.search(rf"title: {TITLE}\n(?:    .*\n)*?    difficulty: 9\n", text)
    assert block is not None
    events.write_text(text.replace(block.group(0), block.group(0).replace("difficulty: 9", "difficulty: 12")),
                      encoding="utf-8")
    return default_layouts(), mine


def _card_page(out: Path, root: Path) -> str:
    build_kit(out, "phd", "--layouts", str(root), "--only", "event-cards")
    # the sheet of fronts that holds the card (its flavour text), not a rules page naming it
    return next(" ".join(page.split()) for page in page_texts(out / "phd.pdf")
                if TITLE in page and "Vingt minutes en anglais" in " ".join(page.split()))


def test_the_printed_card_shows_the_new_difficulty(layouts, tmp_path):
    kits, mine = layouts
    before, after = _card_page(tmp_path / "kit", kits), _card_page(tmp_path / "mine", mine)
    assert after.count("12") == before.count("12") + 1
    assert after.count("9") == before.count("9") - 1


def _challenge(path: Path, root: Path | None) -> dict:
    runner = CliRunner(env=ENGLISH)
    extra = ["--layouts", str(root)] if root else []
    assert runner.invoke(cli, ["score", "new", str(path), "phd", "--player", "Ana", "--player", "Ben",
                               *extra]).exit_code == 0
    for action in ({"action": "turn", "player": "Ana", "step": "start"},
                   {"action": "turn", "player": "Ana", "card": TITLE.lower()},     # as people type it
                   {"action": "challenge", "player": "Ana", "die": 6}):
        result = runner.invoke(cli, ["score", "act", str(path), json.dumps(action)])
        assert result.exit_code == 0, result.output
    shown = runner.invoke(cli, ["score", "show", str(path), "--json"])
    return json.loads(shown.output)


def test_the_table_plays_the_difficulty_of_the_layouts_it_was_made_from(layouts, tmp_path):
    kits, mine = layouts
    # Crédit 4 + a die of 6 = 10: enough against 9, not against 12
    assert _challenge(tmp_path / "kit.jsonl", None)["last_test"] == {
        "kind": "challenge", "player": "Ana", "total": 10, "needed": 9, "success": True}
    designer = _challenge(tmp_path / "mine.jsonl", mine)
    assert designer["last_test"] == {"kind": "challenge", "player": "Ana", "total": 10, "needed": 12,
                                     "success": False}
    # the header keeps the deck the table played
    header = json.loads((tmp_path / "mine.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert header["deck"]["cards"]["colloque-international"]["difficulty"] == 12


def test_the_simulator_plays_the_difficulty_of_the_copy(layouts):
    kits, mine = layouts
    played = {key: [c for c in bots.load(root)["events"] if c["title"] == TITLE] for key, root in
              (("kit", kits), ("mine", mine))}
    assert {c["difficulty"] for c in played["kit"]} == {9}
    assert {c["difficulty"] for c in played["mine"]} == {12}
    runner = CliRunner(env=ENGLISH)
    figures = {}
    for key, root in (("kit", kits), ("mine", mine)):
        result = runner.invoke(cli, ["simulate", "phd", "--games", "40", "--seed", "5", "--jobs", "1", "--json",
                                     "--layouts", str(root)])
        assert result.exit_code == 0, result.output
        figures[key] = json.loads(result.output[result.output.index("{"):])
    # the same seed, the same bots: only the card differs, and the games with it
    assert TITLE in figures["mine"]["items"]["event cards"]
    assert figures["kit"]["figures"] != figures["mine"]["figures"] or \
        figures["kit"]["items"] != figures["mine"]["items"]
