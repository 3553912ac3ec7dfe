"""« La règle en bref » and the credits (kit.rules_page), drawn alone on a page and measured
in the PDF: every section and the credits are there, no character is under 8 pt, and every
character lies inside the box the page was given, on A4 and on Letter."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pdfplumber
import pytest
from refusals import bad_layout

from kit import __version__, rules_page
from kit.build import default_layouts
from kit.errors import KitError
from kit.paper import paper_size
from kit.surface import make_surface
from kit.surface.metrics import PT
from scorekeeper.rules import GAME_IDS
from scorekeeper.rules import hoc_censeo as hoc_rules
from scorekeeper.rules import phd as phd_rules

MARGIN = 15.0
INFO = {"version": __version__, "build_date": "1er\u00a0décembre 2026"}


def _draw(tmp_path: Path, game: str, paper: str, layouts: Path | None = None, box=None) -> tuple[Path, tuple]:
    w, h = paper_size(paper)
    box = box or (MARGIN, MARGIN, w - 2 * MARGIN, h - 2 * MARGIN)
    surface = make_surface("pdf", greyscale=False, title="rules page")
    surface.begin_page(w, h)
    rules_page.draw(surface, box, game, layouts or default_layouts(), INFO)
    surface.end_page()
    path = tmp_path / f"{game}-{paper}.pdf"
    surface.save(path)
    return path, box


def _page_text(path: Path) -> tuple[str, list[dict], float]:
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        return page.extract_text(), list(page.chars), float(page.height)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_the_rules_page_fits_its_box_at_8_pt_or_more(tmp_path, game, paper):
    path, (bx, by, bw, bh) = _draw(tmp_path, game, paper)
    text, chars, height = _page_text(path)
    rules = rules_page.load(game, default_layouts())
    flat = " ".join(text.split())
    for heading, _ in rules.sections:
        assert " ".join(heading.split()) in flat
    assert "SIL Open Font License 1.1" in flat
    assert f"version {__version__}" in flat
    assert "1er décembre 2026" in flat.replace("\u00a0", " ")
    visible = [c for c in chars if c["text"].strip()]
    assert len(visible) > 1500, "a page of rules holds more than a few lines"
    small = {round(c["size"], 2) for c in visible if c["size"] < rules_page.MIN_BODY - 1e-6}
    assert not small, f"characters at {sorted(small)} pt"
    mm = PT  # mm per point
    outside = [c["text"] for c in visible
               if c["x0"] * mm < bx - 0.01 or c["x1"] * mm > bx + bw + 0.01
               or c["top"] * mm < by - 0.01 or c["bottom"] * mm > by + bh + 0.01]
    assert not outside, f"{len(outside)} characters outside the box, first: {''.join(outside[:40])}"
    assert height * mm == pytest.approx(paper_size(paper)[1], abs=0.01)


def test_hoc_censeo_names_its_author_and_the_rights_notice(tmp_path):
    text, _, _ = _page_text(_draw(tmp_path, "hoc-censeo", "a4")[0])
    flat = " ".join(text.split())
    assert "Vinca" in flat
    assert "Do It Your Game" in flat
    assert "droits" in flat
    assert "accord" in flat


def test_the_rules_print_the_engines_numbers(monkeypatch):
    shown = rules_page.load("phd", default_layouts())
    assert f"{phd_rules.HAND_LIMIT}\u00a0cartes" in shown.sections[1][1]
    monkeypatch.setattr(phd_rules, "HAND_LIMIT", 7)
    changed = rules_page.load("phd", default_layouts())
    assert "7\u00a0cartes" in changed.sections[1][1]
    assert changed != shown
    hoc = rules_page.load("hoc-censeo", default_layouts())
    assert f"{hoc_rules.START_SENATORS}\u00a0sénateurs" in hoc.sections[0][1]


def test_a_box_too_small_is_an_error_naming_the_game(tmp_path):
    with pytest.raises(KitError) as caught:
        _draw(tmp_path, "phd", "a4", box=(15.0, 15.0, 120.0, 150.0))
    assert str(caught.value) == ("game 'phd', rules page: the rules and credits do not fit a 120 x 150 mm page even at "
                                 "8 pt; shorten layouts/phd/rules.yaml")


def test_a_missing_section_names_the_file_and_the_field(tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(default_layouts() / "promotion", layouts / "promotion")
    path = layouts / "promotion" / "rules.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  actions:", "  moves:"), encoding="utf-8")
    with bad_layout(path, None, "sections.moves",
                    "unknown key 'moves'; accepted keys: setup, turn, actions, end (line 13)"):
        rules_page.load("promotion", layouts)


def test_an_unknown_placeholder_is_a_layout_error(tmp_path):
    layouts = tmp_path / "layouts"
    shutil.copytree(default_layouts() / "amphitheatre", layouts / "amphitheatre")
    path = layouts / "amphitheatre" / "rules.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{capacity}", "{seats}"), encoding="utf-8")
    with bad_layout(path, "sections.end", "text", "unknown placeholder {seats}; known ones: {capacity}, {rows}, "
                                                  "{min_players}, {max_players}, {row1}, {row2}, {row3}, {gain1}, "
                                                  "{penalty1}, {gain2}, {penalty2}, {gain3}, {penalty3}"):
        rules_page.load("amphitheatre", layouts)


def test_the_build_date_comes_from_source_date_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1780000000")   # 2026-05-28 UTC
    info = rules_page.build_info("phd", default_layouts())
    assert info == {"version": __version__, "build_date": "28\u00a0mai 2026"}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "demain")
    with pytest.raises(KitError) as caught:
        rules_page.build_info("phd", default_layouts())
    assert str(caught.value) == "SOURCE_DATE_EPOCH must be a whole number of seconds, not 'demain'"


def test_without_source_date_epoch_the_date_is_the_layouts_latest_change(monkeypatch, tmp_path):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    layouts = tmp_path / "layouts"
    shutil.copytree(default_layouts() / "phd", layouts / "phd")
    for n, path in enumerate(sorted((layouts / "phd").iterdir())):
        os.utime(path, (0, 1_700_000_000 + n))                   # 2023-11-14 UTC
    first = rules_page.build_info("phd", layouts)
    assert first["build_date"] == "14\u00a0novembre 2023"
    assert rules_page.build_info("phd", layouts) == first      # no clock: the same every time
    os.utime(layouts / "phd" / "rules.yaml", (0, 1_767_225_600))  # 2026-01-01 UTC
    assert rules_page.build_info("phd", layouts)["build_date"] == "1er\u00a0janvier 2026"


def test_french_dates():
    import datetime as dt
    assert rules_page.french_date(dt.date(2026, 12, 1)) == "1er\u00a0décembre 2026"
    assert rules_page.french_date(dt.date(2027, 3, 15)) == "15\u00a0mars 2027"


def test_the_fixture_game_has_its_rules_page_too(tmp_path, fixture_game):
    """A game the tests add (kit_fixture_game) goes through the same page: its rules.yaml,
    its engine_values()."""
    from build_helpers import LAYOUTS
    path, _ = _draw(tmp_path, "fixture", "a4", layouts=LAYOUTS)
    text, _, _ = _page_text(path)
    assert "Mélangez les 12 cartes" in " ".join(text.split())
