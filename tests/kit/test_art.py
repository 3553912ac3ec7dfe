"""The kits' art as printed (issue 47): icons credited, deck backs told apart, ink saved.

- every game-icons.net icon a kit draws is named on its credits page with its author and
  the CC BY 3.0 licence;
- every deck's back, cropped from the built PDF, is the same on every card of the deck and
  unlike every other deck's back, at a size seen across a table, in greys too;
- `--ink-saver` prints each whole kit in at most half the ink of the full kit, measured on
  renders of every page; Hoc Censeo's screens, which keep all their ink so as to hide the
  secrets (tests/kit/games/test_hoc_censeo_screen.py), are left out of both sums.
"""
from __future__ import annotations

import json

import pytest
from game_kits import ink_coverage, page_texts, squeeze

from kit.build import BuildOptions, default_layouts, load_kit, plan
from kit.parts import icons
from kit.sheets import draw_sheet
from kit.surface.record import RecordingSurface
from scorekeeper.rules import GAME_IDS

pdfium = pytest.importorskip("pypdfium2")


@pytest.fixture(scope="module")
def kits():
    return {game: load_kit(game, default_layouts()) for game in GAME_IDS}


def drawn_icons(game_kit, monkeypatch) -> set[str]:
    """The icons every page of the kit's pieces draws (each goes through icon_segments)."""
    seen: set[str] = set()
    original = icons.icon_segments

    def spy(name, *args, **kwargs):
        seen.add(name)
        return original(name, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(icons, "icon_segments", spy)
        surface = RecordingSurface()
        for sheet in plan(game_kit, BuildOptions()).sheets:
            draw_sheet(surface, sheet)
    return seen


def test_the_icons_file_holds_only_what_the_layouts_name():
    chosen = set()
    for game in GAME_IDS:
        chosen |= set(icons.load(default_layouts(), game).used())
    assert chosen == set(icons.names())
    assert all(icons.author(name) for name in chosen)


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_icon_printed_is_credited_with_its_author(game, kits, kit_build, monkeypatch):
    drawn = drawn_icons(kits[game], monkeypatch)
    # what the designer named is what prints: a card id mistyped in icons.yaml, or a card
    # whose text leaves its picture no room, would credit an icon the kit never shows
    assert drawn == set(icons.load(default_layouts(), game).used()), game
    if game in ("phd", "promotion"):
        assert len(drawn) >= 15, drawn      # a picture for most cards, an emblem per type and deck
    else:
        assert drawn, game
    credits = squeeze(page_texts(kit_build(games=[game]) / f"{game}.pdf")[1])
    assert squeeze("game-icons.net") in credits
    assert squeeze("CC BY 3.0") in credits
    for name in drawn:
        # « …, par Delapouite (coffee-cup, …) ; Lorc (gavel, …). »: the icon after its author
        author = squeeze(icons.author(name))
        assert author in credits, (game, name)
        assert squeeze(name) in credits[credits.index(author):], (game, name)


def _decks(game_kit) -> list[str]:
    """The card components that are decks: every card's back is the component's one back."""
    return [c.id for c in game_kit.components
            if c.kind == "card" and c.back is not None and all(p.back is None for p in c.pieces)]


def _backs(out, game: str, deck: str, dpi: float, grey: bool = False) -> list:
    """Each back of the deck as printed, cropped from the back pages of the built PDF."""
    manifest = json.loads((out / f"{game}.json").read_text(encoding="utf-8"))
    document = pdfium.PdfDocument(out / f"{game}.pdf")
    k = dpi / 25.4
    crops = []
    for sheet in manifest["sheets"]:
        pieces = [p for p in sheet["pieces"] if p["component"] == deck]
        if not pieces or not sheet["back"]:
            continue
        page = document[sheet["back"] - 1].render(scale=dpi / 72).to_pil().convert("L" if grey else "RGB")
        for p in pieces:
            x, y, w, h = p["back_box"]
            crop = page.crop((round(x * k), round(y * k), round((x + w) * k), round((y + h) * k)))
            # a turned card's back lies a quarter turn one way or the other: kept upright
            if p["turned"]:
                crop = crop.rotate(-90, expand=True)
                if crops and _difference(crops[0], crop.rotate(180)) < _difference(crops[0], crop):
                    crop = crop.rotate(180)
            crops.append(crop)
    return crops


def _difference(a, b) -> float:
    """Mean difference of two images, 0..1, b resized to a."""
    from PIL import ImageChops, ImageStat

    b = b.resize(a.size)
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / len(a.getbands()) / 255


def _shrunk(image, dpi: float):
    """A render at RENDER_DPI seen at dpi: each pixel the mean of those it covers."""
    from PIL import Image

    k = dpi / RENDER_DPI
    return image.resize((max(1, round(image.width * k)), max(1, round(image.height * k))), Image.BOX)


RENDER_DPI = 101.6  # 4 pixels a millimetre: the backs' boxes, whole millimetres, start on a pixel


def test_each_deck_has_its_own_back_the_same_on_every_card(kits, kit_build):
    out = kit_build()
    backs = {}
    for game in GAME_IDS:
        for deck in _decks(kits[game]):
            crops = [_shrunk(c, 12.7) for c in _backs(out, game, deck, RENDER_DPI)]
            assert len(crops) > 1, (game, deck)
            # the same on every card, but for the anti-aliasing of fine lines a fraction of a
            # pixel off (a back page's rows do not all start on a pixel, turned backs neither)
            worst = max(_difference(crops[0], c) for c in crops[1:])
            assert worst < 0.02, (game, deck, round(worst, 4))
            backs[(game, deck)] = (crops[0], _shrunk(_backs(out, game, deck, RENDER_DPI, grey=True)[0], 12.7))
    assert len(backs) >= 6, sorted(backs)
    # Across a table a card is a few centimetres seen from a metre: 8 dpi keeps what the eye
    # keeps there (colour, the emblem's mass, the pattern's tone), not the words; in greys too.
    small = {key: tuple(_shrunk(im, 8 * RENDER_DPI / 12.7) for im in pair) for key, pair in backs.items()}
    keys = sorted(small)
    for i, one in enumerate(keys):
        for other in keys[i + 1:]:
            colour = _difference(small[one][0], small[other][0])
            grey = _difference(small[one][1], small[other][1])
            # further apart than two backs of one deck ever are (0.02), in colour and in greys
            assert colour > 0.05, (one, other, round(colour, 3))
            assert grey > 0.025, (one, other, round(grey, 3))


def _screens(game_kit) -> set[str]:
    return {c.id for c in game_kit.components if c.back_screens}


def _kit_ink(out, game: str, screens: set[str]) -> float:
    """The ink of every page of the kit at 100 dpi, in pages of solid ink, but the backs of
    the screens."""
    manifest = json.loads((out / f"{game}.json").read_text(encoding="utf-8"))
    skipped = {s["back"] for s in manifest["sheets"]
               if s["back"] and any(p["component"] in screens for p in s["pieces"])}
    document = pdfium.PdfDocument(out / f"{game}.pdf")
    return sum(ink_coverage(document[n].render(scale=100 / 72).to_pil()) for n in range(len(document))
               if n + 1 not in skipped)


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_ink_saver_takes_at_most_half_the_ink(game, kits, kit_build):
    screens = _screens(kits[game])
    full = _kit_ink(kit_build(games=[game]), game, screens)
    light = _kit_ink(kit_build("--ink-saver", games=[game]), game, screens)
    assert light <= 0.5 * full, (game, round(light / full, 3))
