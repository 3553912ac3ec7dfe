"""`kit calibrate`: the sheet's vernier windows measured in the PDF (pdfplumber)."""
from __future__ import annotations

import pdfplumber
import pytest
from click.testing import CliRunner

from kit.calibrate import STEP, TICK, WINDOWS, x_windows, y_windows
from kit.cli import cli
from kit.paper import PAPERS

PT = 72 / 25.4


def _ticks(page, vertical: bool) -> list[tuple[float, float, float]]:
    """(position across, start, end) in mm of the 0.15 mm scale ticks on a page."""
    out = []
    for line in page.lines:
        if abs(line["linewidth"] / PT - 0.15) > 0.01:
            continue
        x0, x1, top, bottom = (line[k] / PT for k in ("x0", "x1", "top", "bottom"))
        if vertical and abs(x1 - x0) < 0.01:
            out.append((round(x0, 3), round(top, 3), round(bottom, 3)))
        if not vertical and abs(bottom - top) < 0.01:
            out.append((round(top, 3), round(x0, 3), round(x1, 3)))
    return sorted(out)


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.0, -0.5)])
def test_each_window_reads_the_offset_its_label_names(tmp_path, paper, offset):
    args = ["calibrate", "--paper", paper, "--out", str(tmp_path), "--back-offset", f"{offset[0]},{offset[1]}"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    pw, _ = PAPERS[paper]
    dx, dy = offset
    xmid, xs = x_windows(paper)
    ymid, ys = y_windows(paper)
    with pdfplumber.open(tmp_path / "calibrage.pdf") as pdf:
        assert len(pdf.pages) == 2
        front, back = pdf.pages
        text = front.extract_text()
        assert "Feuille de calibrage" in text
        assert "100" in text
        assert "verso" in text
        # Front: a tick per window above the X midline, left of the Y midline.
        assert [t[0] for t in _ticks(front, True)] == pytest.approx(xs, abs=0.01)
        assert [t[0] for t in _ticks(front, False)] == pytest.approx(ys, abs=0.01)
        # Back, seen through the paper (x mirrored for the long-edge flip): window k's tick
        # stands k quarter-millimetres aside, plus the offset the sheet was printed with.
        back_x = sorted(pw - t[0] for t in _ticks(back, True))
        expected_x = sorted(x - k * STEP - dx for k, x in enumerate(xs, start=-WINDOWS))
        assert back_x == pytest.approx(expected_x, abs=0.01)
        back_y = [t[0] for t in _ticks(back, False)]
        assert back_y == pytest.approx(sorted(y + k * STEP + dy for k, y in enumerate(ys, start=-WINDOWS)), abs=0.01)
        assert all(t[1] == pytest.approx(xmid + dy) and t[2] == pytest.approx(xmid + dy + TICK)
                   for t in _ticks(back, True))
        # So a printer whose backs land (ex, ey) off lines up window k where k/4 + the printed
        # offset is the correction: the window labelled 0 lines up on a perfect printer
        # printing without an offset.
        words = {w["text"] for w in front.extract_words()}
        assert {"0", "+0,25", "\u22120,25", "+3", "\u22123"} <= words or offset != (0.0, 0.0)


def test_ruler_and_square_measure_their_size(tmp_path):
    assert CliRunner().invoke(cli, ["calibrate", "--out", str(tmp_path)]).exit_code == 0
    with pdfplumber.open(tmp_path / "calibrage.pdf") as pdf:
        front = pdf.pages[0]
        ruler = next(line for line in front.lines
                     if abs(line["top"] - line["bottom"]) < 0.01 and abs(line["linewidth"] / PT - 0.2) < 0.01)
        assert (ruler["x1"] - ruler["x0"]) / PT == pytest.approx(100, abs=0.01)
        square = next(r for r in front.rects if abs(r["width"] / PT - 50) < 0.01)
        assert square["height"] / PT == pytest.approx(50, abs=0.01)
