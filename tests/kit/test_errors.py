"""Every mistake a user can make gives one sentence, exit status 2, and leaves nothing behind."""
from __future__ import annotations

import pytest
from build_helpers import GAME, run


def files_in(folder):
    return sorted(p.name for p in folder.rglob("*")) if folder.exists() else []


def assert_refused(result, *fragments):
    assert result.exit_code == 2, result.output
    message = result.output.strip().splitlines()[-1]
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert "Traceback" not in result.output


def test_unknown_game(fixture_game, tmp_path):
    result = run("build", "chess", "--out", str(tmp_path / "out"))
    assert_refused(result, "unknown game 'chess'", "fixture")
    assert files_in(tmp_path / "out") == []
    assert_refused(run("list", "chess"), "unknown game 'chess'")


def test_unknown_component_lists_the_valid_ids(fixture_game, tmp_path):
    result = run("build", GAME, "--only", "dice", "--out", str(tmp_path))
    assert_refused(result, "unknown component 'dice'", "cards, minis, tokens, board")
    assert files_in(tmp_path) == []


@pytest.mark.parametrize(("option", "value", "fragment"), [
    ("--paper", "a3", "--paper"),
    ("--format", "png", "--format"),
    ("--back-offset", "1", "--back-offset"),
    ("--back-offset", "a,b", "--back-offset"),
    ("--bleed", "-1", "--bleed"),
    ("--bleed", "20", "--bleed"),
    ("--bleed", "thin", "--bleed"),
])
def test_bad_option_values(fixture_game, tmp_path, option, value, fragment):
    result = run("build", GAME, option, value, "--out", str(tmp_path))
    assert_refused(result, fragment)
    assert files_in(tmp_path) == []


def test_layout_mistake_names_file_entry_field(fixture_game, layouts_copy, tmp_path):
    cards = layouts_copy / GAME / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("count: 2\n", "count: beaucoup\n", 1), encoding="utf-8")
    result = run("build", GAME, "--out", str(tmp_path / "out"), layouts=layouts_copy)
    assert_refused(result, "cards.yaml", "entry cards[2] « Relecture »", "field 'count'", "expected a whole number")
    assert files_in(tmp_path / "out") == []


def test_unknown_layout_key_lists_accepted_ones(fixture_game, layouts_copy, tmp_path):
    game = layouts_copy / GAME / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "colour: red\n", encoding="utf-8")
    result = run("build", GAME, "--out", str(tmp_path), layouts=layouts_copy)
    assert_refused(result, "game.yaml", "unknown key 'colour'", "accepted keys: title, players, summary, accent")


def test_missing_layouts_folder(fixture_game, tmp_path):
    result = run("build", GAME, "--out", str(tmp_path / "out"), layouts=tmp_path / "nowhere")
    assert_refused(result, "nowhere")


def test_text_that_cannot_fit_names_game_component_and_entry(fixture_game, layouts_copy, tmp_path):
    cards = layouts_copy / GAME / "cards.yaml"
    long_text = " ".join(["Une règle beaucoup trop longue pour une seule carte."] * 40)
    cards.write_text(cards.read_text(encoding="utf-8").replace("Recommencez votre tour.", long_text),
                     encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", GAME, "--out", str(out), layouts=layouts_copy)
    assert_refused(result, "game 'fixture'", "component 'cards'", "cards[5] « Post-doc »", "6 pt")
    assert files_in(out) == [], "nothing partial: no PDF, no manifest, no temporary file"


def test_a_failed_rebuild_keeps_the_previous_files_whole(fixture_game, layouts_copy, tmp_path):
    out = tmp_path / "out"
    assert run("build", GAME, "--format", "svg", "--out", str(out), layouts=layouts_copy).exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    cards = layouts_copy / GAME / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Recommencez votre tour.", "Trop long. " * 400),
                     encoding="utf-8")
    assert run("build", GAME, "--format", "svg", "--out", str(out), layouts=layouts_copy).exit_code == 2
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_unwritable_output_folder(fixture_game, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = run("build", GAME, "--out", str(blocker / "out"))
    assert_refused(result, "cannot write to the output folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_missing_game_module_is_a_sentence(monkeypatch, tmp_path):
    # a game installed beside the kit whose package is missing (its metadata alone)
    metadata = tmp_path / "site" / "ghost-0.1.dist-info"
    metadata.mkdir(parents=True)
    (metadata / "METADATA").write_text("Metadata-Version: 2.1\nName: ghost\nVersion: 0.1\n", encoding="utf-8")
    (metadata / "entry_points.txt").write_text("[kit.games]\nghost = kit.games.ghost_that_does_not_exist\n",
                                               encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    result = run("build", "ghost", "--out", str(tmp_path))
    assert_refused(result, "ghost", "no kit module")
