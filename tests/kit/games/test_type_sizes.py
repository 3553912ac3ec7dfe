"""Type sizes a publisher checks before a print run, measured on what the pieces draw.

Every face of every piece of the four kits (cards, aids, boards, sheets, tokens) is drawn
on the recording surface, whose log keeps each line of text with its font and size in
points (rotation on the sheet does not blur it, as it would in a PDF's character matrix).
Two rules:
- no text on any piece is set below 7 pt;
- on the cards that carry both, the rules text is never smaller than the story (the flavour,
  in italics): a player reads the rules first.
"""
from __future__ import annotations

import pytest

from kit.build import default_layouts, load_kit
from kit.model import Frame
from kit.paper import printable_area
from kit.surface.record import RecordingSurface
from scorekeeper.rules import GAME_IDS

MIN_PT = 7.0


def _texts(draw, w: float, h: float) -> list[tuple[str, str, float]]:
    """(text, font, size) of every line of text a face draws."""
    surface = RecordingSurface()
    surface.begin_page(w, h)
    draw(surface, Frame(w, h))
    surface.end_page()
    return [(c["s"], c["font"], c["size"]) for c in surface.find("text")]


def _faces(game: str):
    """(component id, piece label, face, draw, w, h) of every face of every piece of a game."""
    kit = load_kit(game, default_layouts())
    for component in kit.components:
        if component.size == "page":
            _, _, w, h = printable_area("a4")
        else:
            w, h = component.size
        for piece in component.pieces:
            yield component.id, piece.label, "front", piece.front, w, h
            back = piece.back or component.back
            if back is not None:
                yield component.id, piece.label, "back", back, w, h


@pytest.mark.parametrize("game", GAME_IDS)
def test_no_text_on_any_piece_is_smaller_than_7_pt(game):
    seen_backs = set()
    small = []
    for cid, label, face, draw, w, h in _faces(game):
        if face == "back" and (cid, id(draw)) in seen_backs:
            continue
        seen_backs.add((cid, id(draw)))
        small += [(cid, label, face, text, size) for text, _, size in _texts(draw, w, h) if size < MIN_PT - 1e-6]
    assert not small, f"{len(small)} lines under {MIN_PT:g} pt, first: {small[:3]}"


def _sizes(lines, words: str, italic: bool) -> list[float]:
    """Sizes of the drawn lines that belong to `words` (a line of a wrapped paragraph is a
    run of its words), in italics or not."""
    squeezed = " ".join(words.split())
    return [size for text, font, size in lines
            if text.strip() and " ".join(text.split()) in squeezed and font.endswith("italic") == italic]


def test_phd_rules_text_is_never_smaller_than_the_story():
    from kit.games.phd import layout as phd
    kit = load_kit("phd", default_layouts())
    checked = 0
    for cid in ("event-cards", "argument-cards"):
        component = next(c for c in kit.components if c.id == cid)
        if component.size == "page":
            _, _, w, h = printable_area("a4")
        else:
            w, h = component.size
        for piece in component.pieces:
            face = piece.front.keywords["face"]
            lines = _texts(piece.front, w, h)
            story = _sizes(lines, face.text, italic=True)
            if isinstance(face, phd.art.EventFace):
                rules_words = " ".join([face.when] + [f"{e.label} {e.text}" for e in face.effects]
                                       + [o.name for o in face.outcomes])
            else:
                rules_words = face.controversy
            rules = _sizes(lines, rules_words, italic=False) if rules_words.strip() else []
            assert story, piece.label
            if rules:
                assert max(story) <= min(rules) + 1e-6, (piece.label, max(story), min(rules))
                checked += 1
    assert checked >= 30


def test_promotion_effect_is_never_smaller_than_the_story():
    kit = load_kit("promotion", default_layouts())
    cards = next(c for c in kit.components if c.id == "cards")
    w, h = cards.size
    for piece in cards.pieces:
        face = piece.front.keywords["face"]
        lines = _texts(piece.front, w, h)
        body = [size for text, font, size in lines if not font.endswith("italic")
                and " ".join(text.replace("*", "").split()) in " ".join(face.body.replace("*", "").split())]
        story = _sizes(lines, face.flavour, italic=True) if face.flavour else []
        assert body, piece.label
        if story:
            assert max(story) <= min(body) + 1e-6, (piece.label, max(story), min(body))
