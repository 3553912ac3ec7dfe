"""kit.deck: the cards of layouts/ get stable ids, their rule data is what the engine would
accept, their printed numbers come from it, and `kit score new` records them in the header."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from yaml_files import yaml_file

from kit.build import default_layouts
from kit.cli import cli
from kit.deck import for_session
from kit.errors import LayoutError
from kit.games.promotion import layout as promotion

ENGLISH = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "en_US.UTF-8"}


@pytest.fixture
def copy(tmp_path) -> Path:
    target = tmp_path / "layouts"
    shutil.copytree(default_layouts() / "promotion", target / "promotion")
    return target


def edit(root: Path, change) -> None:
    path = root / "promotion" / "cards.yaml"
    data = yaml_file(path)
    change({d["title"]: d for d in data["designs"]})
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_every_design_has_an_id_its_title_slug_unless_declared(copy):
    edit(copy, lambda d: d["Heures sup"].update(id="overtime"))
    cards = promotion.deck(copy)["cards"]
    assert len(cards) == 20
    assert "overtime" in cards
    assert cards["merite-vole"]["title"] == "Mérite volé"
    assert cards["merite-vole"]["takes_gain"] is True
    assert cards["flatterie"] == {"type": "Avantage", "title": "Flatterie", "copies": 12, "gain": 1,
                                  "text": "Gagnez 1\u00a0PI."}


@pytest.mark.parametrize(("change", "entry", "field", "words"), [
    (lambda d: d["Heures sup"].update(id="flatterie"), "designs[16] « Heures sup »", "id",
     "'flatterie' is already the id of designs[14]"),
    (lambda d: d["Heures sup"].update(id="Heures Sup"), "designs[16] « Heures sup »", "id", "is not an id"),
    (lambda d: d["Flatterie"]["does"].update(glory=1), "designs[14] « Flatterie »", "does.glory",
     "unknown key 'glory'"),
    (lambda d: d["Flatterie"]["does"].update(steal=1), "designs[14] « Flatterie »", "does.steal",
     "the effect 'steal' is for Attaque"),
    (lambda d: d["Audit"]["does"].pop("loss"), "designs[18] « Audit »", "does.loss", "needs both"),
    (lambda d: d["Flatterie"].update(effect="Gagnez **2 PI**."), "designs[14] « Flatterie »", "effect",
     "writes 2, a number the card's data does not hold"),
    (lambda d: d["Flatterie"].update(effect="Gagnez **1 PI**."), "designs[14] « Flatterie »", "effect",
     "writes 1 by hand; write {gain}"),
    (lambda d: d["Serveur en panne"]["does"].update(cancels=["flatterie"]), "designs[9] « Serveur en panne »",
     "does.cancels", "no Attack of the deck"),
])
def test_a_card_the_table_could_not_play_as_printed_is_a_layout_error(copy, change, entry, field, words):
    edit(copy, change)
    with pytest.raises(LayoutError) as error:
        promotion.deck(copy)
    assert (error.value.entry, error.value.field) == (entry, field)
    assert words in error.value.problem
    assert error.value.file.endswith("cards.yaml")


def test_kit_score_new_records_the_deck_of_the_layouts_it_is_given(copy, tmp_path):
    edit(copy, lambda d: (d["Flatterie"]["does"].update(gain=3)))
    runner = CliRunner(env=ENGLISH)
    mine, kits = tmp_path / "mine.jsonl", tmp_path / "kits.jsonl"
    for path, extra in ((mine, ["--layouts", str(copy)]), (kits, [])):
        result = runner.invoke(cli, ["score", "new", str(path), "promotion", "--player", "Ana", "--player", "Ben",
                                     *extra])
        assert result.exit_code == 0, result.output
    header = json.loads(mine.read_text(encoding="utf-8").splitlines()[0])
    assert header["deck"]["cards"]["flatterie"]["gain"] == 3
    assert header["deck"]["cards"]["flatterie"]["text"] == "Gagnez 3\u00a0PI."
    # the kit's own layouts, as kit score new reads them: the French deck with each card's titles in both editions
    recorded = json.loads(kits.read_text(encoding="utf-8").splitlines()[0])["deck"]
    assert recorded == for_session("promotion", None)
    assert {key: {k: v for k, v in card.items() if k != "titles"} for key, card in recorded["cards"].items()} == \
        promotion.deck(default_layouts())["cards"]
    assert recorded["cards"]["flatterie"]["titles"] == {"fr": "Flatterie", "en": "Flattery"}
    amphi = tmp_path / "amphi.jsonl"
    result = runner.invoke(cli, ["score", "new", str(amphi), "amphitheatre", "--player", "Ana", "--player", "Ben",
                                 "--player", "Cléo"])
    assert result.exit_code == 0
    assert "deck" not in json.loads(amphi.read_text(encoding="utf-8").splitlines()[0])
