"""Every character a kit prints has a glyph in the font it is printed with.

Each game (and the fixture) is planned and drawn on a RecordingSurface, as `kit build`
draws it; every text call is checked against its font's character map, after the
surface's own fallbacks (Cinzel has no narrow no-break space; the ordinary one stands in).
"""
from __future__ import annotations

import pytest

import kit.games
from kit.build import BuildOptions, default_layouts, draw_document, load_kit, plan
from kit.surface import metrics
from kit.surface.record import RecordingSurface

from .conftest import GAME, LAYOUTS


def missing_glyphs(game: str, layouts) -> dict[str, set[str]]:
    surface = RecordingSurface()
    draw_document(surface, plan(load_kit(game, layouts), BuildOptions()))
    texts = surface.find("text")
    assert texts, "nothing printed"
    missing: dict[str, set[str]] = {}
    for call in texts:
        lacking = metrics.missing(call["font"], call["s"])
        if lacking:
            missing.setdefault(call["font"], set()).update(lacking)
    return missing


def test_fixture_prints_only_characters_its_fonts_have(fixture_game):
    assert missing_glyphs(GAME, LAYOUTS) == {}


@pytest.mark.parametrize("game", list(kit.games.MODULES))
def test_every_game_prints_only_characters_its_fonts_have(game):
    found = missing_glyphs(game, default_layouts())
    assert found == {}, {font: sorted(f"U+{ord(c):04X} {c}" for c in chars) for font, chars in found.items()}
