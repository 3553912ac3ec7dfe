"""Every character a kit prints has a glyph in the font it is printed with, and every
game prints French typography.

Each game (and the fixture) is planned and drawn on a RecordingSurface, as `kit build`
draws it; every text call is checked against its font's character map, after the
surface's own fallbacks (Cinzel has no narrow no-break space; the ordinary one stands in),
and against the rules of kit.typography: no straight apostrophe, no breakable space
before ; : ! ? % or inside « ».
"""
from __future__ import annotations

import re
from functools import cache

import pytest
from build_helpers import GAME, LAYOUTS

import kit.games
from kit.build import BuildOptions, default_layouts, draw_document, load_kit, plan
from kit.surface import metrics
from kit.surface.record import RecordingSurface


@cache
def drawn_texts(game: str, layouts) -> tuple[dict, ...]:
    """The text calls of the whole document of one game, drawn once per test session."""
    surface = RecordingSurface()
    draw_document(surface, plan(load_kit(game, layouts), BuildOptions(), layouts))
    texts = tuple(surface.find("text"))
    assert texts, "nothing printed"
    return texts


def missing_glyphs(game: str, layouts) -> dict[str, set[str]]:
    missing: dict[str, set[str]] = {}
    for call in drawn_texts(game, layouts):
        lacking = metrics.missing(call["font"], call["s"])
        if lacking:
            missing.setdefault(call["font"], set()).update(lacking)
    return missing


def test_fixture_prints_only_characters_its_fonts_have(fixture_game):
    assert missing_glyphs(GAME, LAYOUTS) == {}


@pytest.mark.parametrize("game", list(kit.games.kits()))
def test_every_game_prints_only_characters_its_fonts_have(game):
    found = missing_glyphs(game, default_layouts())
    assert found == {}, {font: sorted(f"U+{ord(c):04X} {c}" for c in chars) for font, chars in found.items()}


# A plain space or a line start before the punctuation French sets apart (the text parts draw
# a line, or a bold run, per call: a mark that starts a call was left behind by a line break).
_LOOSE_MARK = re.compile(r"(?:^| )[;:!?%»]|« ")


@pytest.mark.parametrize("game", list(kit.games.kits()))
def test_every_game_prints_french_typography(game):
    strings = {call["s"] for call in drawn_texts(game, default_layouts())}
    apostrophes = sorted(s for s in strings if "'" in s)
    assert not apostrophes, f"straight apostrophes: {apostrophes[:5]}"
    loose = sorted(s for s in strings if _LOOSE_MARK.search(s))
    assert not loose, f"breakable space before punctuation: {loose[:5]}"
