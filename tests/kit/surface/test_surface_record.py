"""The recording surface, the factory, and the metrics all three surfaces share."""
from __future__ import annotations

import pytest
from fontTools.ttLib import TTFont
from surface_samples import FRENCH, draw_sample

from kit import fonts
from kit.fonts import FILES
from kit.surface import make_surface, metrics
from kit.surface.pdf import PdfSurface
from kit.surface.record import RecordingSurface
from kit.surface.svg import SvgSurface


def test_log_rounds_indents_and_normalises_colours():
    s = RecordingSurface()
    s.begin_page(63, 88)
    with s.translated(3.004, 1 / 3):
        s.rect(0, 0, 10.126, 5, fill="#E69F00", stroke="#000", dash=[1, 0.5])
    s.text(5, 6, "Pression", size=8)
    s.end_page()
    assert s.log().splitlines() == [
        "begin_page width=63.0 height=88.0",
        "translated dx=3.0 dy=0.33",
        "  rect x=0.0 y=0.0 w=10.13 h=5.0 fill='#e69f00' stroke='#000000' width=0.25 dash=(1.0, 0.5)",
        "text x=5.0 y=6.0 s='Pression' font='sans' size=8.0 colour='#000000' anchor='start'",
        "end_page",
    ]
    assert s.save("anything") == []


def test_calls_know_where_they_land_on_the_page():
    s = RecordingSurface()
    s.begin_page(100, 100)
    with s.translated(50, 60):
        with s.rotated(90):
            s.line(0, 0, 10, 0)
        with s.clipped(0, 0, 5, 5, circle=True):
            s.circle(1, 2, 3, fill="#000000")
    line, = s.find("line")
    assert line.depth == 2
    assert line.page == 1
    assert line.on_page(0, 0) == (50.0, 60.0)
    assert line.on_page(10, 0) == (50.0, 70.0)
    circle, = s.find("circle")
    assert circle.depth == 2
    assert circle.on_page(circle["cx"], circle["cy"]) == (51.0, 62.0)
    assert s.find("clipped")[0]["circle"] is True


def test_greyscale_recording_records_greys():
    s = RecordingSurface(greyscale=True)
    s.begin_page(10, 10)
    s.rect(0, 0, 1, 1, fill="#E69F00")
    assert s.find("rect")[0]["fill"] == "#a3a3a3"


def test_unknown_font_and_anchor_fail_like_the_backends():
    s = RecordingSurface()
    s.begin_page(10, 10)
    with pytest.raises(ValueError, match="unknown font"):
        s.text(0, 0, "x", font="comic")
    with pytest.raises(ValueError, match="anchor"):
        s.text(0, 0, "x", anchor="left")


@pytest.mark.parametrize("font", list(FILES))
def test_all_three_surfaces_report_the_same_metrics(font):
    surfaces = [PdfSurface(), SvgSurface(), RecordingSurface()]
    widths = {s.text_width(FRENCH, font=font, size=9.5) for s in surfaces}
    heights = {s.ascent_descent(font=font, size=9.5) for s in surfaces}
    assert len(widths) == 1
    assert len(heights) == 1
    # ...and that source is the font file: hmtx advances and hhea ascent/descent.
    tt = TTFont(str(fonts.path(font)))
    cmap, hmtx, upm = tt.getBestCmap(), tt["hmtx"], tt["head"].unitsPerEm
    units = sum(hmtx[cmap[ord(ch)]][0] for ch in metrics.printable(font, FRENCH))
    assert widths.pop() == pytest.approx(units / upm * 9.5 * 25.4 / 72)
    ascent, descent = heights.pop()
    assert ascent == pytest.approx(tt["hhea"].ascent / upm * 9.5 * 25.4 / 72)
    assert descent == pytest.approx(-tt["hhea"].descent / upm * 9.5 * 25.4 / 72)


def test_every_french_character_prints_in_every_font():
    for font in FILES:
        assert metrics.missing(font, FRENCH) == set(), font
    assert metrics.printable("roman", "Ave\u202f!") == "Ave\u00a0!"
    assert metrics.printable("sans", "Ave\u202f!") == "Ave\u202f!"


def test_factory_picks_the_backend_and_refuses_others():
    assert isinstance(make_surface("pdf", greyscale=True, title="t"), PdfSurface)
    svg = make_surface("svg", greyscale=True)
    assert isinstance(svg, SvgSurface)
    assert svg.greyscale
    with pytest.raises(ValueError, match="pdf, svg"):
        make_surface("png", greyscale=False)


def test_a_whole_document_records_every_call():
    s = RecordingSurface()
    draw_sample(s)
    names = {c.name for c in s.calls}
    assert names == {"begin_page", "end_page", "rect", "line", "polygon", "circle", "sector",
                     "text", "translated", "rotated", "clipped"}
    assert [c["width"] for c in s.find("begin_page")] == [210.0, 63.0]


@pytest.mark.parametrize("font", list(FILES))
def test_every_character_and_advance_is_the_font_files(font):
    # The metrics are read with reportlab's parser (the one that embeds the fonts); a
    # reportlab release that read them otherwise would move every line of every kit.
    # fontTools reads the same file independently: every mapped character and advance agree.
    tt = TTFont(str(fonts.path(font)))
    m = metrics.get(font)
    glyph_order = tt.getGlyphOrder()
    expected = {code: metrics.glyph_name(glyph_order.index(name)) for code, name in tt.getBestCmap().items()}
    # reportlab maps U+00A0 to the space glyph; in these fonts both are blank and as wide.
    if 0xA0 in expected:
        assert tt["hmtx"][tt.getBestCmap()[0xA0]][0] == tt["hmtx"][tt.getBestCmap()[0x20]][0]
        assert m.cmap[0xA0] in (expected.pop(0xA0), m.cmap[0x20])
    assert {code: name for code, name in m.cmap.items() if code != 0xA0} == expected
    assert m.advances == {metrics.glyph_name(gid): tt["hmtx"][name][0] for gid, name in enumerate(glyph_order)}
    assert (m.units_per_em, m.ascent, m.descent) == (tt["head"].unitsPerEm, tt["hhea"].ascent, -tt["hhea"].descent)


def test_the_ink_saver_lightens_polylines_too():
    from kit.surface.inksaver import InkSaver, line

    s = RecordingSurface()
    s.begin_page(50, 50)
    InkSaver(s).polylines([[(1, 1), (10, 10)], [(5, 5), (5, 20)]], stroke="#000000", width=0.5)
    s.end_page()
    strokes = [c["stroke"] for c in s.calls if c.name == "polygon"]
    assert len(strokes) == 2
    assert set(strokes) == {line("#000000").lower()}
    assert line("#000000") != "#000000"
