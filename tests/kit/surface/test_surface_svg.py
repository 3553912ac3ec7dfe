"""The SVG backend read back as XML: page files, sizes, glyph outlines, colours, bytes."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from surface_samples import FRENCH, draw_nested_pieces, draw_sample

from kit.surface import make_surface, metrics
from kit.surface.svg import SvgSurface

NS = {"svg": "http://www.w3.org/2000/svg"}
XLINK = "{http://www.w3.org/1999/xlink}href"


@pytest.fixture(scope="module")
def sample_svgs(tmp_path_factory) -> list[Path]:
    s = SvgSurface(title="Échantillon")
    draw_sample(s)
    return s.save(tmp_path_factory.mktemp("svg") / "sample")


def _tag(el) -> str:
    return el.tag.split("}", 1)[1]


def test_one_file_per_page_named_after_the_stem(sample_svgs, tmp_path):
    assert [p.name for p in sample_svgs] == ["sample-1.svg", "sample-2.svg"]
    s = SvgSurface()
    s.begin_page(10, 10)
    s.end_page()
    assert [p.name for p in s.save(tmp_path / "cartes.svg")] == ["cartes-1.svg"]


def test_page_size_in_mm(sample_svgs):
    sizes = []
    for path in sample_svgs:
        root = ET.parse(path).getroot()
        sizes.append((root.get("width"), root.get("height"), root.get("viewBox")))
    assert sizes == [("210mm", "297mm", "0 0 210 297"), ("63mm", "88mm", "0 0 63 88")]


def test_shapes_are_written_in_page_mm(sample_svgs):
    root = ET.parse(sample_svgs[0]).getroot()
    rects = [(r.get("x"), r.get("y"), r.get("width"), r.get("height"), r.get("fill"))
             for r in root.iter("{{{}}}rect".format(NS["svg"]))]
    assert ("70", "10", "40", "20", "#56b4e9") in rects
    dashed = [r for r in root.iter("{{{}}}rect".format(NS["svg"])) if r.get("stroke-dasharray")]
    assert [(r.get("rx"), r.get("stroke-dasharray")) for r in dashed] == [("3", "2 1")]
    line = next(root.iter("{{{}}}line".format(NS["svg"])))
    assert (line.get("x1"), line.get("y1"), line.get("x2"), line.get("y2")) == ("10", "50", "110", "50")
    assert line.get("stroke-width") == "0.5"


def test_transforms_nest_as_groups(sample_svgs):
    root = ET.parse(sample_svgs[0]).getroot()
    outer = [g for g in root.findall("svg:g", NS) if g.get("transform") == "translate(150 150)"]
    assert len(outer) == 1
    inner = outer[0].findall("svg:g", NS)
    assert [g.get("transform") for g in inner] == ["rotate(30)"]
    assert [_tag(el) for el in inner[0]] == ["g", "rect"]  # the text run, then the rect
    clips = {c.get("id"): c for c in root.iter("{{{}}}clipPath".format(NS["svg"]))}
    users = [g.get("clip-path") for g in root.iter("{{{}}}g".format(NS["svg"])) if g.get("clip-path")]
    assert users == ["url(#clip1)", "url(#clip2)"]
    assert set(clips) == {"clip1", "clip2"}
    ellipse = clips["clip1"][0]
    assert (_tag(ellipse), ellipse.get("cx"), ellipse.get("cy"), ellipse.get("rx")) == ("ellipse", "40", "190", "20")
    assert clips["clip2"][0].get("rx") == "5"


def test_text_is_glyph_outlines_not_text(sample_svgs):
    for path in sample_svgs:
        root = ET.parse(path).getroot()
        assert not list(root.iter("{{{}}}text".format(NS["svg"])))
        paths = list(root.find("svg:defs", NS).iter("{{{}}}path".format(NS["svg"])))
        outlines = {p.get("id"): p.get("d") for p in paths}
        uses = [u.get(XLINK) for u in root.iter("{{{}}}use".format(NS["svg"]))]
        assert uses
        for ref in uses:
            assert ref.startswith("#"), ref
            assert outlines[ref[1:]], ref
        # Each outline is written once, and only if used.
        assert len(paths) == len(outlines)
        assert set(outlines) == {ref[1:] for ref in uses}
    first_page_uses = [u.get(XLINK) for u in ET.parse(sample_svgs[0]).getroot().iter("{{{}}}use".format(NS["svg"]))]
    assert len(set(first_page_uses)) < len(first_page_uses)


def test_a_text_run_places_one_use_per_inked_character(tmp_path):
    s = SvgSurface()
    s.begin_page(100, 20)
    s.text(10, 10, FRENCH, size=10)
    s.end_page()
    root = ET.parse(s.save(tmp_path / "run")[0]).getroot()
    run = next(g for g in root.findall("svg:g", NS) if g.get("aria-label") == FRENCH)
    inked = [ch for ch in FRENCH if not ch.isspace()]
    uses = run.findall("svg:use", NS)
    assert len(uses) == len(inked)
    # The last glyph starts one advance-less-the-last-char short of the run's width.
    m = metrics.get("sans")
    last_x = float(uses[-1].get("x"))
    k = 10 * metrics.PT / m.units_per_em
    assert (last_x + m.advance(FRENCH[-1])) * k == pytest.approx(s.text_width(FRENCH, size=10), abs=1e-6)


def test_same_calls_give_the_same_bytes(sample_svgs, tmp_path):
    again = SvgSurface(title="Échantillon")
    draw_sample(again)
    for a, b in zip(again.save(tmp_path / "sample"), sample_svgs, strict=True):
        assert a.read_bytes() == b.read_bytes()


def test_numbers_have_at_most_three_decimals(sample_svgs):
    text = sample_svgs[0].read_text(encoding="utf-8")
    body = re.sub(r"scale\([^)]*\)", "", text)  # the glyph scale factor keeps 6 digits
    assert not re.search(r"\d\.\d{4,}", body)


def _colours(paths) -> list[str]:
    found = []
    for path in paths:
        found += re.findall(r'(?:fill|stroke)="(#[0-9a-f]{6})"', path.read_text(encoding="utf-8"))
    return found


def test_greyscale_leaves_only_greys(tmp_path, sample_svgs):
    assert any(len({c[1:3], c[3:5], c[5:7]}) > 1 for c in _colours(sample_svgs))
    grey = make_surface("svg", greyscale=True)
    draw_sample(grey)
    found = _colours(grey.save(tmp_path / "grey"))
    assert found
    assert all(c[1:3] == c[3:5] == c[5:7] for c in found)
    assert "#a3a3a3" in found  # orange #E69F00 at Rec. 709 luminance 162.6


def test_text_needs_a_page():
    with pytest.raises(RuntimeError):
        SvgSurface().text(0, 0, "x")


def test_every_glyph_a_page_uses_is_defined_on_it(tmp_path):
    # The piece's text is already on the first page when the piece is drawn there; the
    # second page shows the piece alone and must still define its glyphs.
    s = SvgSurface()
    s.begin_page(100, 50)
    s.text(5, 5, "Sabotage")
    s.reused("card", (0, 0, 50, 20), lambda: s.text(0, 10, "Sabotage"))
    s.end_page()
    s.begin_page(100, 50)
    s.reused("card", (0, 0, 50, 20), lambda: pytest.fail("a piece is drawn once"))
    s.end_page()
    for path in s.save(tmp_path / "piece"):
        _references_resolve(path)


def _references_resolve(path: Path):
    """The page's root, once every <use> on it is checked to point at something defined on it."""
    root = ET.parse(path).getroot()
    defined = {el.get("id") for el in root.iter() if el.get("id")}
    used = {u.get(XLINK)[1:] for u in root.iter("{{{}}}use".format(NS["svg"]))}
    assert used, path.name
    assert used <= defined, path.name
    return root


def test_labels_and_titles_are_escaped(tmp_path):
    # The markup is written by hand: any text a designer types must come back out of an
    # XML parser unchanged, in the run's aria-label as in the page's <title>.
    odd = 'Règle « 3 » : A & B < C > D, "dit-il",\tpuis\nfin\r'
    s = SvgSurface(title=odd)
    s.begin_page(100, 20)
    s.text(10, 10, odd, size=8)
    s.end_page()
    root = ET.parse(s.save(tmp_path / "odd")[0]).getroot()
    assert root.find("svg:title", NS).text == odd.replace("\r", "\n")  # XML text normalises CR
    assert [g.get("aria-label") for g in root.iter("{{{}}}g".format(NS["svg"]))] == [odd]


def test_every_page_of_the_kits_parses_and_every_reference_resolves(tmp_path):
    # Each page is a file of its own: whatever a page refers to (glyph outlines, reused
    # pieces, clip paths) must be defined in that file, on every page of every kit.
    from kit.build import BuildOptions, build

    build([], out=tmp_path, options=BuildOptions(fmt="svg"))
    pages = sorted(tmp_path.rglob("*.svg"))
    assert len(pages) > 50
    for path in pages:
        root = ET.parse(path).getroot()
        defined = {el.get("id") for el in root.iter() if el.get("id")}
        refs = {u.get(XLINK)[1:] for u in root.iter("{{{}}}use".format(NS["svg"]))}
        refs |= {g.get("clip-path")[5:-1] for g in root.iter() if g.get("clip-path")}
        assert refs <= defined, (path.relative_to(tmp_path), sorted(refs - defined)[:5])


@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_a_run_is_placed_by_its_anchor(tmp_path, anchor):
    s = SvgSurface()
    s.begin_page(100, 20)
    s.text(50, 10, FRENCH, size=9, anchor=anchor)
    s.end_page()
    root = ET.parse(s.save(tmp_path / anchor)[0]).getroot()
    run = next(g for g in root.iter("{{{}}}g".format(NS["svg"])) if g.get("aria-label") == FRENCH)
    x, y = map(float, re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", run.get("transform")).groups())
    width = s.text_width(FRENCH, size=9)
    assert x == pytest.approx({"start": 50, "middle": 50 - width / 2, "end": 50 - width}[anchor], abs=1e-3)
    assert y == pytest.approx(10, abs=1e-3)


def test_a_piece_reused_inside_another_is_defined_wherever_either_is_placed(tmp_path):
    # A piece drawn inside another is numbered before the outer one ends, and when the
    # outer one is placed again from the cache, the inner definition comes with it.
    s = SvgSurface()
    draw_nested_pieces(s)
    s.begin_page(60, 60)   # the outer piece alone: the inner one must come with it
    s.reused("outer", (0, 0, 30, 30), lambda: pytest.fail("a piece is drawn once"))
    s.end_page()
    for path in s.save(tmp_path / "nested"):
        root = _references_resolve(path)
        ids = [el.get("id") for el in root.iter() if el.get("id")]
        assert len(ids) == len(set(ids)), path.name
        for piece in root.iter("{{{}}}g".format(NS["svg"])):
            if piece.get("id"):
                assert piece.get("id") not in {u.get(XLINK)[1:] for u in piece.iter("{{{}}}use".format(NS["svg"]))}


def test_polylines_are_one_path_of_one_subpath_each(tmp_path):
    paths = [[(5, 5), (20, 8.25), (12, 25)], [(30, 30), (45, 32)], [(40, 5)]]
    s = SvgSurface()
    s.begin_page(60, 60)
    s.polylines(paths, stroke="#000000", width=0.7)
    s.end_page()
    root = ET.parse(s.save(tmp_path / "lines")[0]).getroot()
    (path,) = root.iter("{{{}}}path".format(NS["svg"]))
    assert (path.get("fill"), path.get("stroke"), path.get("stroke-width")) == ("none", "#000000", "0.7")
    subpaths = [[tuple(map(float, xy.split())) for xy in re.split("[ML]", sub) if xy]
                for sub in re.findall(r"M[^M]+", path.get("d"))]
    assert subpaths == [[(5, 5), (20, 8.25), (12, 25)], [(30, 30), (45, 32)]]   # a lone point draws nothing
