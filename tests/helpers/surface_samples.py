"""The surface tests' sample document: one drawing that uses every call."""
from __future__ import annotations

from kit.fonts import FILES

FRENCH = "Élève « déjà » à l’œuvre… – ça\u00a0! Où\u202f? ê ù"


def draw_sample(s) -> None:
    """Two pages of different sizes with every primitive, transform and font."""
    s.begin_page(210, 297, trim=(10, 10, 190, 277), bleed=(7, 7, 196, 283))
    s.rect(10, 10, 50, 30, fill="#E69F00", stroke="#000000", radius=3, dash=[2, 1])
    s.rect(70, 10, 40, 20, fill="#56B4E9")
    s.line(10, 50, 110, 50, stroke="#D55E00", width=0.5)
    s.polygon([(10, 60), (40, 60), (25, 80)], fill="#009E73", stroke="#000000")
    s.polygon([(50, 60), (60, 80), (70, 60)], stroke="#0072B2", closed=False, dash=[1, 1])
    s.circle(90, 70, 10, fill="#F0E442", stroke="#000000")
    s.sector(130, 70, 20, -90, 45, fill="#D55E00", stroke="#000000")
    s.sector(180, 70, 20, 0, 270, inner=10, fill="#0072B2")
    y = 100.0
    for font in FILES:
        s.text(10, y, f"{FRENCH} {font}", font=font, size=11, colour="#CC79A7")
        y += 7
    with s.translated(150, 150), s.rotated(30):
        s.text(0, 0, "Tourné", size=14)
        s.rect(0, 2, 30, 5, stroke="#000000")
    with s.clipped(20, 170, 40, 40, circle=True):
        s.rect(0, 150, 100, 100, fill="#0072B2")
    with s.clipped(70, 170, 40, 40, radius=5):
        s.rect(60, 160, 100, 100, fill="#E69F00")
    s.text(105, 230, "milieu", anchor="middle", size=16)
    s.text(105, 240, "fin", anchor="end", size=16, font="roman-bold")
    s.end_page()
    s.begin_page(63, 88)
    s.rect(-3, -3, 69, 94, fill="#0072B2")
    s.text(31.5, 44, "Carte", anchor="middle", size=20, colour="#FFFFFF", font="roman")
    s.end_page()


def draw_nested_pieces(s) -> None:
    """Two pages, each placing a reused piece that places another inside it (a red square
    at 1..6 mm), then that inner piece alone at (30, 30): each is drawn only once."""
    import pytest

    def outer():
        s.rect(0, 0, 20, 20, stroke="#000000")
        s.reused("inner", (0, 0, 10, 10), lambda: s.rect(1, 1, 5, 5, fill="#ff0000"))
    for _ in range(2):
        s.begin_page(60, 60)
        s.reused("outer", (0, 0, 30, 30), outer)
        with s.translated(30, 30):
            s.reused("inner", (0, 0, 10, 10), lambda: pytest.fail("a piece is drawn once"))
        s.end_page()
