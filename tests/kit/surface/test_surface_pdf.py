"""The PDF backend measured on its output: sizes, positions, text, fonts, boxes, bytes."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2
import pytest
from surface_samples import FRENCH, draw_nested_pieces, draw_sample

from kit.fonts import FILES
from kit.surface import make_surface
from kit.surface.pdf import PdfSurface

PT = 72 / 25.4  # points per mm


@pytest.fixture(scope="module")
def sample_pdf(tmp_path_factory) -> Path:
    s = PdfSurface(title="Échantillon")
    draw_sample(s)
    return s.save(tmp_path_factory.mktemp("pdf") / "sample.pdf")[0]


def test_save_returns_the_one_file(sample_pdf):
    assert sample_pdf.exists()
    assert sample_pdf.read_bytes().startswith(b"%PDF-")


def test_page_sizes_to_a_tenth_of_a_point(tmp_path):
    s = PdfSurface()
    sizes = [(210, 297), (215.9, 279.4), (63, 88), (297, 210)]
    for w, h in sizes:
        s.begin_page(w, h)
        s.rect(0, 0, 1, 1, fill="#000000")
        s.end_page()
    reader = pypdf.PdfReader(s.save(tmp_path / "sizes.pdf")[0])
    assert len(reader.pages) == len(sizes)
    for page, (w, h) in zip(reader.pages, sizes):
        box = page.mediabox
        assert float(box.width) == pytest.approx(w * PT, abs=0.1)
        assert float(box.height) == pytest.approx(h * PT, abs=0.1)


def test_rect_and_line_land_where_asked_in_mm(sample_pdf):
    with pdfplumber.open(sample_pdf) as pdf:
        page = pdf.pages[0]
        rects = [r for r in page.rects if r["width"] == pytest.approx(40 * PT, abs=0.1)]
        assert len(rects) == 1
        r = rects[0]
        assert (r["x0"] / PT, r["top"] / PT, r["x1"] / PT, r["bottom"] / PT) == pytest.approx(
            (70, 10, 110, 30), abs=0.05)
        lines = [ln for ln in page.lines if ln["width"] == pytest.approx(100 * PT, abs=0.1)]
        assert len(lines) == 1
        ln = lines[0]
        assert (ln["x0"] / PT, ln["top"] / PT, ln["x1"] / PT) == pytest.approx((10, 50, 110), abs=0.05)


def _line_text(page, y_mm: float) -> str:
    """The characters whose baseline row is at y_mm, in order, exactly as extracted."""
    row = [c for c in page.chars if abs(c["bottom"] / PT - y_mm) < 2]
    return "".join(c["text"] for c in sorted(row, key=lambda c: c["x0"]))


def test_french_text_is_extractable(sample_pdf):
    # reportlab writes U+00A0 with the space's code (the two share one glyph and one
    # width in these fonts), so it extracts as a space; U+202F keeps its own code.
    expected = FRENCH.replace("\u00a0", " ")
    with pdfplumber.open(sample_pdf) as pdf:
        page = pdf.pages[0]
        for n, font in enumerate(FILES):
            line = _line_text(page, 100 + 7 * n)
            if font.startswith("roman"):
                # Cinzel has no U+202F: it prints the ordinary no-break space there instead.
                assert line == expected.replace("\u202f", " ") + f" {font}"
            else:
                assert line == f"{expected} {font}"
        assert "\u202f" in _line_text(page, 100)
        assert "Carte" in pdf.pages[1].extract_text()


def test_every_font_is_embedded(sample_pdf):
    reader = pypdf.PdfReader(sample_pdf)
    names = set()
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font["/BaseFont"]
            names.add(str(font["/BaseFont"]).split("+", 1)[1])
    # One distinct embedded face per logical font: bold must not fall back to regular.
    assert len(names) == len(FILES)


def test_trim_and_bleed_boxes_only_where_given(sample_pdf):
    reader = pypdf.PdfReader(sample_pdf)
    first, second = reader.pages
    assert [float(v) / PT for v in first.trimbox] == pytest.approx([10, 297 - 287, 200, 287], abs=0.01)
    assert [float(v) / PT for v in first.bleedbox] == pytest.approx([7, 297 - 290, 203, 290], abs=0.01)
    assert "/TrimBox" not in second
    assert "/BleedBox" not in second


def test_viewer_preferences_and_title(sample_pdf):
    reader = pypdf.PdfReader(sample_pdf)
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"
    assert reader.metadata.title == "Échantillon"


def test_same_calls_give_the_same_bytes(tmp_path, sample_pdf):
    again = PdfSurface(title="Échantillon")
    draw_sample(again)
    assert again.save(tmp_path / "again.pdf")[0].read_bytes() == sample_pdf.read_bytes()


def test_same_bytes_from_a_fresh_process(tmp_path, sample_pdf):
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from surface_samples import draw_sample; from kit.surface.pdf import PdfSurface;"
        "s = PdfSurface(title='Échantillon'); draw_sample(s); s.save(sys.argv[2])"
    )
    out = tmp_path / "fresh.pdf"
    subprocess.run([sys.executable, "-c", script, str(Path(__file__).parents[2] / "helpers"), str(out)], check=True)
    assert out.read_bytes() == sample_pdf.read_bytes()


def _colours(path: Path) -> list[tuple[float, float, float]]:
    found = []
    for page in pypdf.PdfReader(path).pages:
        stream = page.get_contents().get_data().decode("latin-1")
        for r, g, b, _op in re.findall(r"([-\d.]+) ([-\d.]+) ([-\d.]+) (rg|RG)\b", stream):
            found.append((float(r), float(g), float(b)))
    return found


def test_greyscale_leaves_only_greys(tmp_path):
    colour = PdfSurface()
    draw_sample(colour)
    assert any(len(set(c)) > 1 for c in _colours(colour.save(tmp_path / "colour.pdf")[0]))
    grey = make_surface("pdf", greyscale=True)
    draw_sample(grey)
    found = _colours(grey.save(tmp_path / "grey.pdf")[0])
    assert found
    assert all(r == g == b for r, g, b in found)
    # Rec. 709 luminance: orange #E69F00 -> 0.2126*230 + 0.7152*159 + 0.0722*0 = 162.6
    assert any(abs(c[0] - 163 / 255) < 0.001 for c in found)


def test_transforms_measured_on_the_page(tmp_path):
    s = PdfSurface()
    s.begin_page(100, 100)
    with s.translated(50, 60):
        with s.rotated(90):  # clockwise: the x axis now points down the page
            s.line(0, 0, 10, 0, width=0.3)
        s.line(0, 0, 10, 0, width=0.3)
    s.end_page()
    with pdfplumber.open(s.save(tmp_path / "t.pdf")[0]) as pdf:
        segments = sorted(
            tuple(round(v / PT, 2) for v in (ln["x0"], ln["top"], ln["x1"], ln["bottom"]))
            for ln in pdf.pages[0].lines)
    assert segments == [(50, 60, 50, 70), (50, 60, 60, 60)]


def _render(path: Path, page: int, px_per_mm: int = 4):
    pdf = pypdfium2.PdfDocument(str(path))
    image = pdf[page].render(scale=px_per_mm / PT).to_pil().convert("RGB")
    return lambda x, y: image.getpixel((int(x * px_per_mm), int(y * px_per_mm)))


def test_clips_and_sectors_measured_on_the_rendered_page(sample_pdf):
    pixel = _render(sample_pdf, 0)
    white, blue, orange = (255, 255, 255), (0, 114, 178), (230, 159, 0)
    # Circle clip (20, 170, 40, 40): centre painted, the corner of the box not.
    assert pixel(40, 190) == blue
    assert pixel(22, 172) == white
    assert pixel(50, 172) == white
    # Rounded clip (70, 170, 40, 40, radius 5): the rounded-off corner stays white.
    assert pixel(71, 171) == white
    assert pixel(76, 176) == orange
    assert pixel(112, 190) == white
    vermillion = (213, 94, 0)
    # Pie from -90 (up) clockwise to 45 degrees: right of the centre, not left or below.
    assert pixel(140, 70) == vermillion
    assert pixel(120, 70) == white
    assert pixel(128, 82) == white
    # Ring 0..270 with inner radius 10: the ring below, the hole and the gap up-right empty.
    assert pixel(180, 85) == blue
    assert pixel(180, 70) == white
    assert pixel(191, 59) == white


def test_text_width_matches_the_embedded_font(tmp_path):
    s = PdfSurface()
    s.begin_page(210, 100)
    for n, font in enumerate(FILES):
        s.text(105, 20 + 12 * n, "Mémoire « œuvre »", font=font, size=12, anchor="middle")
    s.end_page()
    with pdfplumber.open(s.save(tmp_path / "w.pdf")[0]) as pdf:
        chars = pdf.pages[0].chars
    for n, font in enumerate(FILES):
        row = [c for c in chars if abs(c["bottom"] / PT - (20 + 12 * n)) < 3]
        assert "".join(c["text"] for c in row) == "Mémoire « œuvre »"
        x0, x1 = min(c["x0"] for c in row) / PT, max(c["x1"] for c in row) / PT
        width = s.text_width("Mémoire « œuvre »", font=font, size=12)
        assert x1 - x0 == pytest.approx(width, abs=0.05), font
        assert (x0 + x1) / 2 == pytest.approx(105, abs=0.05), font


def test_pages_must_be_opened_and_closed_in_order():
    s = PdfSurface()
    with pytest.raises(RuntimeError):
        s.end_page()
    s.begin_page(10, 10)
    with pytest.raises(RuntimeError):
        s.begin_page(10, 10)


def test_circle_and_rounded_rect_extents(sample_pdf):
    with pdfplumber.open(sample_pdf) as pdf:
        boxes = [tuple(round(v / PT, 2) for v in (c["x0"], c["top"], c["x1"], c["bottom"]))
                 for c in pdf.pages[0].curves]
    assert (80, 60, 100, 80) in boxes       # circle(90, 70, 10)
    assert (10, 10, 60, 40) in boxes        # rect(10, 10, 50, 30, radius=3)


def test_drawing_needs_a_page():
    s = PdfSurface()
    with pytest.raises(RuntimeError):
        s.rect(0, 0, 1, 1, fill="#000000")
    with pytest.raises(RuntimeError):
        s.text(0, 0, "x")


def test_a_piece_reused_inside_another_prints_wherever_either_is_placed(tmp_path):
    s = PdfSurface()
    draw_nested_pieces(s)
    path = s.save(tmp_path / "nested.pdf")[0]
    for page in (0, 1):
        pixel = _render(path, page)
        assert pixel(3.5, 3.5) == (255, 0, 0)
        assert pixel(33.5, 33.5) == (255, 0, 0)
        assert pixel(15, 15) == (255, 255, 255)


def test_polylines_print_as_the_same_polylines_drawn_one_by_one(tmp_path):
    paths = [[(5, 5), (20, 8), (12, 25)], [(30, 30), (45, 32)], [(40, 5)], [(8, 40), (25, 45), (20, 55), (5, 50)]]
    s = PdfSurface()
    s.begin_page(60, 60)
    s.polylines(paths, stroke="#000000", width=0.7)
    s.end_page()
    s.begin_page(60, 60)
    for points in paths:
        s.polygon(points, stroke="#000000", width=0.7, closed=False)
    s.end_page()
    path = s.save(tmp_path / "lines.pdf")[0]
    together, apart = (pypdfium2.PdfDocument(str(path))[n].render(scale=4 / PT).to_pil().convert("L") for n in (0, 1))
    together, apart = together.tobytes(), apart.tobytes()
    assert sum(1 for v in together if v < 128) > 500   # the lines are there...
    differ = sum(1 for a, b in zip(together, apart) if abs(a - b) > 64)
    assert differ < 10                                  # ...as when drawn one by one
