"""Text boxes: wrap inside the box, honour paragraphs and **bold**, shrink, never overflow."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.errors import TextDoesNotFit
from kit.parts.text import text_box
from kit.surface.record import RecordingSurface

NBSP, NNBSP = "\u00a0", "\u202f"


def drawn(surface):
    """(x, y, string, font, size) of each visible string: a leading space is moved into x."""
    out = []
    for c in surface.find("text"):
        s, x = c["s"], c["x"]
        if s.startswith(" "):
            x += surface.text_width(" ", font=c["font"], size=c["size"])
            s = s[1:]
        out.append((x, c["y"], s, c["font"], c["size"]))
    return out


def extent(surface, call):
    x, y, s, font, size = call
    return x, x + surface.text_width(s, font=font, size=size)


def test_wraps_inside_the_box_and_keeps_lines_in_order():
    s = RecordingSurface()
    used = text_box(s, 10, 20, 40, 40, "Un texte assez long pour tenir sur plusieurs lignes dans une boîte étroite.")
    assert used == 9.0
    calls = drawn(s)
    assert len({y for _, y, *_ in calls}) >= 3
    for call in calls:
        left, right = extent(s, call)
        assert left >= 10 - 1e-6
        assert right <= 50 + 0.01
        assert 20 < call[1] < 60
    assert " ".join(c[2] for c in calls).split() == \
        ["Un", "texte", "assez", "long", "pour", "tenir", "sur", "plusieurs", "lignes", "dans", "une", "boîte", "étroite."]


def test_newline_starts_a_paragraph():
    s = RecordingSurface()
    text_box(s, 0, 0, 100, 30, "Premier.\nSecond.")
    calls = drawn(s)
    assert [c[2] for c in calls] == ["Premier.", "Second."]
    assert calls[1][1] > calls[0][1]


def test_bold_segments_use_the_bold_face():
    s = RecordingSurface()
    text_box(s, 0, 0, 100, 30, "Piochez **deux cartes** puis jouez.", font="sans")
    fonts = {c[2]: c[3] for c in drawn(s)}
    assert fonts["deux cartes"] == "sans-bold"
    assert fonts["Piochez"] == "sans"
    assert fonts["puis jouez."] == "sans"
    s = RecordingSurface()
    text_box(s, 0, 0, 100, 30, "**Ave** Caesar", font="roman")
    assert {c[2]: c[3] for c in drawn(s)}["Ave"] == "roman-bold"


def test_shrinks_to_fit_then_refuses():
    text = "Une phrase qui ne tient pas à neuf points dans cette petite boîte, il faut réduire."
    s = RecordingSurface()
    used = text_box(s, 0, 0, 30, 14, text, size=9.0, min_size=6.0)
    assert 6.0 <= used < 9.0
    assert all(c[4] == used for c in drawn(s))
    with pytest.raises(TextDoesNotFit) as caught:
        text_box(RecordingSurface(), 0, 0, 30, 6, text * 3, size=9.0, min_size=6.0)
    assert str(caught.value) == ("the text « Une phrase qui ne tient pas à neuf points dans cette peti… » does not fit "
                                 "its 30.0 x 6.0 mm box even at 6 pt; shorten it or enlarge the box")


def test_a_word_wider_than_the_box_at_min_size_is_an_error():
    with pytest.raises(TextDoesNotFit) as caught:
        text_box(RecordingSurface(), 0, 0, 5, 50, "Anticonstitutionnellement")
    assert str(caught.value) == ("the text « Anticonstitutionnellement » does not fit its 5.0 x 50.0 mm box even at "
                                 "6 pt; shorten it or enlarge the box")


@pytest.mark.parametrize("align", ["left", "centre", "right", "justify"])
def test_alignments_stay_in_the_box(align):
    s = RecordingSurface()
    text_box(s, 5, 5, 50, 40, "Les sénateurs votent la motion, puis le consul compte les voix à haute voix.",
             align=align, valign="bottom")
    for call in drawn(s):
        left, right = extent(s, call)
        assert left >= 5 - 1e-6
        assert right <= 55 + 0.01
    if align == "right":
        rights = [extent(s, c)[1] for c in drawn(s)]
        assert max(rights) - min(rights) < 0.05


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["thèse", "«", "»", "!", "?", ":", "chercheur", "œuvre", "à", "l’été"]),
                min_size=2, max_size=30),
       st.floats(min_value=20, max_value=80))
def test_never_breaks_at_a_no_break_space(words, width):
    # Glue each punctuation mark to its neighbour the French way; the line breaker must
    # keep each glued group on one line.
    text = ""
    for w in words:
        if w in ("!", "?", ":", "»"):
            text += NNBSP + w
        elif text.endswith("«"):
            text += NBSP + w
        else:
            text += (" " if text else "") + w
    s = RecordingSurface()
    try:
        text_box(s, 0, 0, width, 200, text, min_size=6.0)
    except TextDoesNotFit:
        return
    printed = [c[2] for c in drawn(s)]
    groups = text.split(" ")
    joined = " ".join(printed).split(" ")
    assert joined == groups
