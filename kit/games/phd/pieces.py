"""The faces of PHD: event and argument cards, character cards, chapter markers, turn aids.

The game module (kit.games.phd) turns the layout files into the plain values below
(`EventFace`, `ArgumentFace`...); these functions only draw them. Every meaning colour
comes with a symbol and a word (a `Mark`), so a greyscale print still tells a
Superviseur from a Challenge and Pression from Crédit.

Event card, top to bottom inside the safe box (63 x 88 mm):
    top block     the pale post-it (C'est la vie, Superviseur), the test (Challenge) or
                  the moment it may be played (Coopération)
    title band    type colour, type symbol in a white disc, the card's title
    flavour       what happened, in italics; takes the room the effects leave
    effects       rows of labelled changes (+3 Pression), stacked from the bottom;
                  a Superviseur adds what becomes of a submitted chapter
    footer        the type's symbol and name
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kit.i18n import P_
from kit.palette import GREYS, darken, lighten, readable_on_white, resolve, text_on
from kit.parts.card import card_back
from kit.parts.fold import draw_fold_line
from kit.parts.icons import draw_icon
from kit.parts.symbols import draw_symbol
from kit.parts.text import PT, Section, largest_fitting_size, measured_once, text_box, text_height
from kit.parts.track import Track, draw_track

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface

INK = GREYS["ink"]

# The sizes each piece draws legibly at, (width, height) in mm from the smallest to the
# largest: below, the default texts no longer fit at a readable size; above, the piece no
# longer fits the paper. The layout's schema refuses any other size, naming the file, the
# entry and the field; tests/kit/test_sizes.py builds each piece at both ends and between.
SIZES = {
    "character-cards": ((63.0, 110.0), (110.0, 200.0)),   # 110 mm: 21 clip steps of 5 mm, 5 mm margins
    "turn-aid": ((150.0, 115.0), (190.0, 260.0)),  # both sides in two columns at 8.5 pt or more
    "event-cards": ((56.0, 80.0), (90.0, 130.0)),
    "argument-cards": ((56.0, 80.0), (90.0, 130.0)),
    "chapter-markers": ((28.0, 56.0), (50.0, 100.0)),
}
MINUS = "\u2212"

BORDER = 2.2          # mm of the type colour left visible inside the trim
BAND_H = 9.0          # mm, the title band
TITLE_SIZE = 10.0     # the largest title size; each card type takes one size for all its titles
TITLE_MIN = 8.0
BODY_SIZE = 8.5       # rules text (effects, « Quand : … ») starts here and shrinks...
BODY_MIN = 7.0        # ...down to this (the build fails rather than print smaller)
LABEL_SIZE = 8.5      # the labelled changes: « Vous : +3 Pression »
FLAVOUR_SIZE = 7.5    # the story of the card, in italics: never larger than its rules
FOOTER_SIZE = 7.0
PICTURE_MIN = 10.0    # mm: a card's picture is printed where its text leaves this much room...
PICTURE_MAX = 20.0    # ...and never larger than this
PICTURE_GAP = 2.0     # mm between the picture and the text under it


@dataclass(frozen=True)
class Mark:
    """A meaning told three ways: colour, vector symbol and word."""

    name: str
    colour: str
    symbol: str
    emblem: str | None = None   # a kit.parts.icons name: the picture of the card type or deck


@dataclass(frozen=True)
class Change:
    """A signed number, of a resource (« +3 Pression ») or alone (a modifier: « +3 »)."""

    amount: int
    resource: Mark | None = None


@dataclass(frozen=True)
class Effect:
    """One labelled row of effects: « Réussite : +3 Crédit », then an optional sentence."""

    label: str
    changes: tuple[Change, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class PostIt:
    text: str
    value: int
    resource: Mark
    colour: str
    edge: str


@dataclass(frozen=True)
class Outcome:
    """What a Superviseur does to a submitted chapter; faces is « 1–2 » on a die roll, else ""."""

    faces: str
    name: str
    symbol: str


@dataclass(frozen=True)
class Test:
    """The top block of a Challenge: the resource tested and the difficulty."""

    resource: Mark
    difficulty: int
    difficulty_label: str
    formula: str          # « + dé + modificateurs »


@dataclass(frozen=True)
class EventFace:
    kind: Mark
    title: str
    text: str
    postit: PostIt | None = None
    test: Test | None = None
    off_turn: str = ""            # Coopération: « Jouable hors de votre tour »
    when: str = ""                # Coopération: « Quand : … »
    effects: tuple[Effect, ...] = ()
    chapter_heading: str = ""
    roll_heading: str = ""
    outcomes: tuple[Outcome, ...] = ()
    peers: tuple[str, ...] = ()   # every title of this card type: they share one size
    picture: str | None = None    # the card's icon (its own, else its type's): in the room left


@dataclass(frozen=True)
class ArgumentFace:
    title: str
    text: str
    value: int
    sign_word: str               # « Bonus » or « Malus »
    sign_colour: str
    deck: Mark                   # the deck's colour, symbol and name (« Argument »)
    controversy: str = ""        # the banner of a card that only counts in controversies
    peers: tuple[str, ...] = ()  # every argument title: they share one size


@dataclass(frozen=True)
class CharacterFace:
    name: str
    role: str
    flavour: str
    mark: Mark
    pression: Track
    credit: Track
    summary_title: str
    summary: str


@dataclass(frozen=True)
class MarkerFace:
    title: str
    text: str
    colour: str
    symbol: str


@dataclass(frozen=True)
class AidFace:
    title: str
    sections: tuple[Section, ...]
    colour: str
    symbol: str
    footer: str = ""


def signed(value: int) -> str:
    """+3, −2 (a true minus sign), 0."""
    return f"+{value}" if value > 0 else (f"{MINUS}{-value}" if value < 0 else "0")


def _ink_on_white(colour: str) -> str:
    """The colour itself when it reads on white paper, else a darker shade (sky, yellow, orange)."""
    return readable_on_white(colour, below=0.4)


# --- shared pieces of a card -------------------------------------------------------------
def _frame(surface: Surface, frame: Frame, colour: str) -> None:
    w, h, b = frame.width, frame.height, frame.bleed
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill=colour)
    surface.rect(BORDER, BORDER, w - 2 * BORDER, h - 2 * BORDER, fill="#FFFFFF", radius=2.0)


@measured_once
def _title_size(surface: Surface, titles: tuple[str, ...], width: float) -> float:
    """The one size of a card type's titles: the largest at which every one of them holds
    on a single line of the band (TITLE_MIN at worst, where text_box refuses what overflows)."""
    def fits(size: float) -> bool:
        return all(surface.text_width(t, font="sans-bold", size=size) <= width for t in titles)
    return largest_fitting_size(fits, TITLE_SIZE, TITLE_MIN) or TITLE_MIN


def _band(surface: Surface, x: float, y: float, w: float, title: str, mark: Mark,
          peers: tuple[str, ...] = ()) -> None:
    """The title band; a mark without a symbol (the turn aids) prints no disc."""
    colour = resolve(mark.colour)
    surface.rect(x, y, w, BAND_H, fill=colour, radius=1.6)
    left = x + 2.0
    if mark.symbol:
        disc = BAND_H - 2.0
        cx, cy = x + 1.0 + disc / 2, y + BAND_H / 2
        surface.circle(cx, cy, disc / 2, fill="#FFFFFF")
        draw_symbol(surface, mark.symbol, cx, cy, disc * 0.62, fill=colour, stroke=INK, width=0.2)
        left = x + 2.2 + disc
    room = x + w - 1.2 - left
    size = _title_size(surface, peers or (title,), room)
    text_box(surface, left, y + 0.7, room, BAND_H - 1.4, title, font="sans-bold",
             size=size, min_size=size, colour=text_on(colour), valign="middle")


def _footer(surface: Surface, frame: Frame, mark: Mark) -> float:
    """The type's symbol, name and emblem at the bottom; returns the y above it."""
    size = FOOTER_SIZE
    word = mark.name.upper()
    width = surface.text_width(word, font="sans-condensed", size=size)
    symbol = 2.4
    emblem = 3.2 if mark.emblem else 0.0
    total = symbol + 1.2 + width + (1.2 + emblem if emblem else 0.0)
    x = (frame.width - total) / 2
    baseline = frame.height - frame.safe - 0.6
    colour = resolve(mark.colour)
    middle = baseline - size * PT * 0.36
    draw_symbol(surface, mark.symbol, x + symbol / 2, middle, symbol, fill=colour,
                stroke=INK, width=0.15)
    surface.text(x + symbol + 1.2, baseline, word, font="sans-condensed", size=size, colour=_ink_on_white(colour))
    if mark.emblem:
        draw_icon(surface, mark.emblem, x + total - emblem / 2, middle, emblem, fill=_ink_on_white(colour))
    return baseline - size * PT - 1.2


def _change_words(change: Change) -> str:
    return signed(change.amount) + (f" {change.resource.name}" if change.resource else "")


def _badges_width(surface: Surface, changes: tuple[Change, ...]) -> list[float]:
    out = []
    for change in changes:
        w = surface.text_width(_change_words(change), font="sans-bold", size=LABEL_SIZE)
        out.append(w + (3.4 if change.resource else 0.0))
    return out


def _effect_lines(surface: Surface, effect: Effect, width: float) -> list[list[int]]:
    """The badges of an effect grouped into lines that fit beside (then under) the label."""
    label_w = surface.text_width(P_("{label}:").format(label=effect.label), font="sans-bold", size=LABEL_SIZE) + 1.5
    widths = _badges_width(surface, effect.changes)
    lines: list[list[int]] = [[]]
    used = label_w
    for i, w in enumerate(widths):
        if lines[-1] and used + w > width:
            lines.append([])
            used = label_w
        lines[-1].append(i)
        used += w + 2.5
    return lines


LINE_H = 4.4  # mm, one row of badges


def _effect_height(surface: Surface, effect: Effect, width: float, text_size: float) -> float:
    rows = len(_effect_lines(surface, effect, width)) if effect.changes else (1 if effect.label else 0)
    h = rows * LINE_H
    if effect.text:
        h += text_height(surface, width, effect.text, font="sans", size=text_size) + 0.6
    return h


def _draw_effect(surface: Surface, effect: Effect, x: float, y: float, width: float, text_size: float,
                 accent: str) -> float:
    """Draw one effect row from y downwards (an effect without label is a plain sentence);
    returns the height used."""
    label = P_("{label}:").format(label=effect.label)
    baseline = y + LINE_H * 0.72
    h = 0.0
    if effect.label:
        surface.text(x, baseline, label, font="sans-bold", size=LABEL_SIZE, colour=accent)
    label_w = surface.text_width(label, font="sans-bold", size=LABEL_SIZE) + 1.5
    if effect.changes:
        widths = _badges_width(surface, effect.changes)
        for row in _effect_lines(surface, effect, width):
            cursor = x + label_w
            for i in row:
                change = effect.changes[i]
                if change.resource:
                    draw_symbol(surface, change.resource.symbol, cursor + 1.3, baseline - LABEL_SIZE * PT * 0.36,
                                2.4, fill=change.resource.colour, stroke=INK, width=0.15)
                    cursor += 3.4
                surface.text(cursor, baseline, _change_words(change).replace(" ", "\u00a0"), font="sans-bold",
                             size=LABEL_SIZE, colour=INK)
                cursor += widths[i] - (3.4 if change.resource else 0.0) + 2.5
            baseline += LINE_H
            h += LINE_H
    elif effect.label:
        h = LINE_H
    if effect.text:
        th = text_height(surface, width, effect.text, font="sans", size=text_size)
        text_box(surface, x, y + h, width, th + 0.2, effect.text, font="sans", size=text_size,
                 min_size=text_size, colour=INK)
        h += th + 0.6
    return h


def _outcome_row(surface: Surface, outcome: Outcome, x: float, y: float, width: float, colour: str) -> None:
    baseline = y + LINE_H * 0.72
    cursor = x
    if outcome.faces:
        box_w = surface.text_width(outcome.faces, font="sans-bold", size=LABEL_SIZE) + 2.2
        surface.rect(cursor, y + 0.35, box_w, LINE_H - 0.7, stroke=INK, width=0.3, radius=0.8)
        surface.text(cursor + box_w / 2, baseline, outcome.faces, font="sans-bold", size=LABEL_SIZE, colour=INK,
                     anchor="middle")
        cursor += box_w + 1.6
    # In ink, as on the Argument cards and the markers: a chapter's fate looks the same everywhere.
    draw_symbol(surface, outcome.symbol, cursor + 1.3, baseline - LABEL_SIZE * PT * 0.36, 2.6, fill=INK)
    cursor += 3.6
    text_box(surface, cursor, y + 0.2, x + width - cursor, LINE_H - 0.2, outcome.name, font="sans-bold",
             size=LABEL_SIZE, min_size=BODY_MIN, colour=INK, valign="middle")


# --- event cards ------------------------------------------------------------------------
def _postit(surface: Surface, note: PostIt, x: float, y: float, w: float, h: float) -> None:
    fold = 2.6
    surface.polygon([(x, y), (x + w, y), (x + w, y + h - fold), (x + w - fold, y + h), (x, y + h)],
                    fill=note.colour, stroke=note.edge, width=0.3)
    surface.polygon([(x + w, y + h - fold), (x + w - fold, y + h - fold), (x + w - fold, y + h)],
                    fill=lighten(note.edge, 0.35), stroke=note.edge, width=0.3)
    value_w = 15.0
    text_box(surface, x + 1.6, y + 1.0, w - value_w - 3.0, h - 2.0, note.text, font="sans-italic",
             size=FLAVOUR_SIZE, min_size=BODY_MIN, colour=INK, valign="middle")
    cx = x + w - value_w / 2 - 1.6
    surface.line(x + w - value_w - 0.6, y + 1.5, x + w - value_w - 0.6, y + h - 1.5, stroke=note.edge, width=0.25)
    surface.text(cx, y + h * 0.5, signed(note.value), font="sans-bold", size=14.0, colour=INK, anchor="middle")
    word = note.resource.name
    ww = surface.text_width(word, font="sans", size=7.0)
    left = min(cx - (ww + 3.0) / 2, x + w - fold - 0.6 - (ww + 3.0))  # clear of the folded corner
    base = y + h - 2.4
    draw_symbol(surface, note.resource.symbol, left + 1.1, base - 7.0 * PT * 0.36, 2.2, fill=note.resource.colour,
                stroke=INK, width=0.15)
    surface.text(left + 3.0, base, word, font="sans", size=7.0, colour=INK)


def _test_block(surface: Surface, test: Test, x: float, y: float, w: float, h: float, colour: str) -> None:
    surface.rect(x, y, w, h, fill=lighten(colour, 0.82), stroke=darken(colour, 0.2), width=0.35, radius=1.4)
    num_w = 17.0
    surface.text(x + num_w / 2, y + 4.0, test.difficulty_label, font="sans-condensed", size=7.0, colour=INK,
                 anchor="middle")
    surface.text(x + num_w / 2, y + h - 2.3, str(test.difficulty), font="sans-bold", size=17.0, colour=INK,
                 anchor="middle")
    surface.line(x + num_w, y + 1.6, x + num_w, y + h - 1.6, stroke=darken(colour, 0.2), width=0.3)
    res = test.resource
    draw_symbol(surface, res.symbol, x + num_w + 3.4, y + 5.0, 3.4, fill=res.colour, stroke=INK, width=0.2)
    surface.text(x + num_w + 6.0, y + 6.3, res.name, font="sans-bold", size=10.0, colour=INK)
    text_box(surface, x + num_w + 2.0, y + 7.6, w - num_w - 3.5, h - 8.4, test.formula, font="sans",
             size=7.5, min_size=BODY_MIN, colour=INK)


def _when_block(surface: Surface, face: EventFace, x: float, y: float, w: float, h: float, colour: str) -> None:
    surface.rect(x, y, w, h, fill=lighten(colour, 0.82), stroke=darken(colour, 0.2), width=0.35, radius=1.4)
    surface.text(x + w / 2, y + 3.6, face.off_turn.upper(), font="sans-condensed", size=7.0,
                 colour=darken(colour, 0.35), anchor="middle")
    text_box(surface, x + 1.6, y + 4.6, w - 3.2, h - 5.2, face.when, font="sans", size=BODY_SIZE,
             min_size=BODY_MIN, colour=INK, align="centre", valign="middle")


def _effects_height(surface: Surface, face: EventFace, width: float, size: float) -> float:
    h = math.fsum(_effect_height(surface, e, width, size) + 0.8 for e in face.effects)
    if face.outcomes:
        h += LINE_H + len(face.outcomes) * LINE_H + 1.6
    return h


def _flavour_height(surface: Surface, text: str, width: float, size: float) -> float:
    return text_height(surface, width, text, font="sans-italic", size=size)


def event_front(surface: Surface, frame: Frame, face: EventFace) -> None:
    """Rules first: under the title band come the effects, at the larger size; the story
    follows in smaller italics, never larger than the rules, just above the footer."""
    colour = resolve(face.kind.colour)
    w = frame.width
    _frame(surface, frame, colour)
    x, inner_w = frame.safe + 1.0, w - 2 * frame.safe - 2.0
    top_y, top_h = frame.safe + 0.8, 14.0
    if face.postit:
        _postit(surface, face.postit, x, top_y, inner_w, top_h)
    elif face.test:
        _test_block(surface, face.test, x, top_y, inner_w, top_h, colour)
    elif face.when:
        _when_block(surface, face, x, top_y, inner_w, top_h, colour)
    band_y = top_y + top_h + 1.4
    _band(surface, frame.safe, band_y, w - 2 * frame.safe, face.title, face.kind, face.peers)
    bottom = _footer(surface, frame, face.kind)
    accent = _ink_on_white(colour)

    y = band_y + BAND_H + 2.0
    # The effects take what they need at the largest size that leaves the story its lines
    # at the flavour size (which is never larger than the effects' own).
    def leaves_flavour(size: float) -> bool:
        flavour = min(FLAVOUR_SIZE, size)
        return _effects_height(surface, face, inner_w, size) + _flavour_height(
            surface, face.text, inner_w, flavour) + 4.0 <= bottom - y
    size = largest_fitting_size(leaves_flavour, BODY_SIZE, BODY_MIN) or BODY_MIN
    # Rules and story as one block, centred in the room between the band and the footer.
    block = _effects_height(surface, face, inner_w, size) + _flavour_height(
        surface, face.text, inner_w, min(FLAVOUR_SIZE, size)) + (4.0 if face.effects or face.outcomes else 0.0)
    room = bottom - y - block
    if face.picture and room >= PICTURE_MIN + PICTURE_GAP:
        # The room the text leaves holds the card's picture, the two centred together.
        picture = min(PICTURE_MAX, room - PICTURE_GAP - 1.0)
        y += (room - picture - PICTURE_GAP) / 2
        draw_icon(surface, face.picture, w / 2, y + picture / 2, picture, fill=lighten(accent, 0.25))
        y += picture + PICTURE_GAP
    else:
        y += max(0.0, room / 2)
    for effect in face.effects:
        y += _draw_effect(surface, effect, x, y, inner_w, size, accent) + 0.8
    if face.outcomes:
        surface.rect(x - 0.6, y - 0.2, inner_w + 1.2, LINE_H * (len(face.outcomes) + 1) + 1.2,
                     fill=lighten(colour, 0.85), radius=1.2)
        line = face.roll_heading if face.outcomes[0].faces else face.chapter_heading
        text_box(surface, x, y + 0.3, inner_w, LINE_H - 0.2, line, font="sans-bold", size=LABEL_SIZE,
                 min_size=BODY_MIN, colour=accent, valign="middle")
        y += LINE_H + 0.2
        for outcome in face.outcomes:
            _outcome_row(surface, outcome, x + 0.6, y, inner_w - 0.6, colour)
            y += LINE_H
        y += 1.4
    if face.effects or face.outcomes:
        surface.line(x + 4.0, y + 0.6, x + inner_w - 4.0, y + 0.6, stroke=lighten(colour, 0.3), width=0.3)
        y += 2.4
    text_box(surface, x, y, inner_w, bottom - y, face.text, font="sans-italic",
             size=min(FLAVOUR_SIZE, size), min_size=BODY_MIN, colour=GREYS["dark"], valign="top")


# --- argument cards ---------------------------------------------------------------------
def argument_front(surface: Surface, frame: Frame, face: ArgumentFace) -> None:
    colour = resolve(face.deck.colour)
    w = frame.width
    _frame(surface, frame, colour)
    x, inner_w = frame.safe + 1.0, w - 2 * frame.safe - 2.0
    _band(surface, frame.safe, frame.safe + 0.8, w - 2 * frame.safe, face.title, face.deck, face.peers)
    bottom = _footer(surface, frame, face.deck)
    # The value in a disc of the bonus or malus colour, with its word under it.
    cy, r = frame.safe + 0.8 + BAND_H + 12.5, 9.0
    sign = resolve(face.sign_colour)
    surface.circle(w / 2, cy, r, fill=lighten(sign, 0.78), stroke=sign, width=0.8)
    surface.text(w / 2, cy + 3.0, signed(face.value), font="sans-bold", size=22.0, colour=INK, anchor="middle")
    surface.text(w / 2, cy + r + 4.2, face.sign_word.upper(), font="sans-condensed", size=7.5,
                 colour=_ink_on_white(sign), anchor="middle")
    top = cy + r + 6.5
    if face.controversy:
        bh = 8.6
        surface.rect(x, top, inner_w, bh, fill=lighten(sign, 0.85), stroke=INK, width=0.35, radius=1.2)
        draw_symbol(surface, "triangle-down", x + 3.0, top + bh / 2, 3.2, fill=INK)
        draw_symbol(surface, "triangle-down", x + inner_w - 3.0, top + bh / 2, 3.2, fill=INK)
        text_box(surface, x + 5.5, top + 0.6, inner_w - 11.0, bh - 1.2, face.controversy, font="sans-bold",
                 size=BODY_SIZE, min_size=BODY_MIN, colour=INK, align="centre", valign="middle")
        top += bh + 1.5
    surface.line(x + 4.0, top + 0.5, x + inner_w - 4.0, top + 0.5, stroke=lighten(colour, 0.3), width=0.3)
    text_box(surface, x, top + 2.0, inner_w, bottom - top - 2.5, face.text, font="sans-italic",
             size=FLAVOUR_SIZE + 0.5, min_size=BODY_MIN, colour=GREYS["dark"], align="centre", valign="middle")


def deck_back(surface: Surface, frame: Frame, *, title: str, subtitle: str, mark: Mark, pattern: str) -> None:
    """A deck back: the generic patterned back of kit.parts.card, in the deck's colour, with
    the deck's emblem."""
    card_back(surface, frame, title=title, subtitle=subtitle, colour=mark.colour, symbol=mark.symbol,
              pattern=pattern, icon=mark.emblem)


# --- character cards --------------------------------------------------------------------
def character_front(surface: Surface, frame: Frame, face: CharacterFace) -> None:
    w, h, b = frame.width, frame.height, frame.bleed
    colour = resolve(face.mark.colour)
    surface.rect(-b, -b, w + 2 * b, h + 2 * b, fill="#FFFFFF")
    draw_track(surface, face.pression, card_width=w, bleed=b, safe=frame.safe)
    draw_track(surface, face.credit, card_width=w, bleed=b, safe=frame.safe)
    left = face.pression.cell_width + face.pression.label_width + 1.0
    right = w - face.credit.cell_width - face.credit.label_width - 1.0
    cw = right - left
    top = frame.safe + 0.5
    # The name on a band of the character's colour, its symbol beside it.
    surface.rect(left, top, cw, 10.0, fill=colour, radius=1.6)
    surface.circle(left + 5.0, top + 5.0, 3.6, fill="#FFFFFF")
    draw_symbol(surface, face.mark.symbol, left + 5.0, top + 5.0, 4.4, fill=colour, stroke=INK, width=0.2)
    text_box(surface, left + 9.6, top + 0.8, cw - 10.6, 8.4, face.name, font="sans-bold", size=13.0,
             min_size=8.0, colour=text_on(colour), valign="middle")
    y = top + 11.5
    text_box(surface, left, y, cw, 4.2, face.role, font="sans-bold", size=7.8, min_size=7.0,
             colour=_ink_on_white(colour), align="centre", valign="middle")
    y += 4.8
    # The story of the character, in the room the tracks leave; its turn in brief is on the back.
    text_box(surface, left, y, cw, h - frame.safe - 0.5 - y, face.flavour, font="sans-italic", size=9.0,
             min_size=7.0, colour=INK, align="centre", valign="middle")


# --- chapter markers --------------------------------------------------------------------
MARKER_DESIGN = 30.0  # mm: a marker's face is drawn to this square and scaled to its own


def _marker_half(surface: Surface, width: float, height: float, face: MarkerFace, player: Mark,
                 bleed: float) -> None:
    """One face of a fold-over marker, width x height mm; the bleed runs out on three sides
    (the fourth is the fold). Heights are shares of the face's height, symbols of its
    smaller side (designed on a MARKER_DESIGN mm square)."""
    v, u = height / MARKER_DESIGN, min(width, height) / MARKER_DESIGN
    surface.rect(-bleed, -bleed, width + 2 * bleed, height + bleed, fill=resolve(face.colour))
    draw_symbol(surface, face.symbol, width / 2, 8.2 * v, 8.0 * u, fill=INK, stroke=INK, width=0.2)
    for cx in (5.2 * u, width - 5.2 * u):
        draw_symbol(surface, player.symbol, cx, 5.2 * v, 3.4 * u, fill=player.colour, stroke=INK, width=0.2)
    text_box(surface, 2.2, 12.6 * v, width - 4.4, 7.6 * v, face.title, font="sans-bold", size=max(8.0 * u, 7.0),
             min_size=7, colour=INK, align="centre", valign="middle")
    text_box(surface, 2.2, 20.4 * v, width - 4.4, height - 20.4 * v - 1.6, face.text, font="sans-italic",
             size=max(7.0 * u, 7.0), min_size=7.0, colour=INK, align="centre", valign="middle")


def marker_face(surface: Surface, frame: Frame, face: MarkerFace, player: Mark) -> None:
    """One face of a chapter marker alone: a digital table's two-sided token, « soumis » on
    one side and « approuvé » on the other, where paper folds a strip."""
    _marker_half(surface, frame.width, frame.height, face, player, frame.bleed)


def marker_front(surface: Surface, frame: Frame, submitted: MarkerFace, approved: MarkerFace,
                 player: Mark) -> None:
    """A strip of two faces: « soumis » upside down on top, « approuvé » upright below, so
    that once folded on the middle line and turned over sideways both faces read upright."""
    half = frame.height / 2
    with surface.translated(frame.width, half), surface.rotated(180):
        _marker_half(surface, frame.width, half, submitted, player, frame.bleed)
    with surface.translated(0.0, half):
        _marker_half(surface, frame.width, half, approved, player, frame.bleed)
    # The fold as in every kit: dashed with the fold sign, never a solid line like a cut.
    draw_fold_line(surface, 0.0, half, frame.width, half, colour=GREYS["dark"], inset=2.2)


# --- turn aid -----------------------------------------------------------------------------
AID_SIZE, AID_MIN_SIZE = 10.0, 7.0  # body text, pt: as large as the character card behind it allows


def _aid_size(surface: Surface, face: AidFace, width: float, room: float, gap: float) -> float:
    """The largest body size at which every section of the face fits `room` mm (the
    smallest when none does: the section's text box then refuses what overflows)."""
    def fits(size: float) -> bool:
        return math.fsum(size * PT * 1.5 + text_height(surface, width, s.body, size=size) + gap
                   for s in face.sections) <= room
    return largest_fitting_size(fits, AID_SIZE, AID_MIN_SIZE) or AID_MIN_SIZE


@measured_once
def _group_size(surface: Surface, group: tuple[AidFace, ...], width: float, room: float, gap: float) -> float:
    """The size of the fullest face of the group, which every face of the group takes
    (measured once per group, not once per copy)."""
    return min(_aid_size(surface, f, width, room, gap) for f in group)


def aid_front(surface: Surface, frame: Frame, face: AidFace, group: tuple[AidFace, ...] = ()) -> None:
    """A turn-aid card; group: the faces printed together, which all take the size of the
    fullest one so the set looks alike."""
    w, h = frame.width, frame.height
    colour = resolve(face.colour)
    _frame(surface, frame, colour)
    x, inner_w = frame.safe + 1.0, w - 2 * frame.safe - 2.0
    _band(surface, frame.safe, frame.safe + 0.6, w - 2 * frame.safe, face.title,
          Mark(face.title, face.colour, face.symbol))
    top = frame.safe + 0.6 + BAND_H + 2.0
    bottom = h - frame.safe - 1.0
    gap = 2.2
    chosen = _group_size(surface, group or (face,), inner_w, bottom - top, gap)
    y = top
    accent = _ink_on_white(colour)
    for section in face.sections:
        head_h = chosen * PT * 1.5
        indent = 0.0
        if face.symbol:
            draw_symbol(surface, face.symbol, x + 1.2, y + head_h * 0.45, 2.2, fill=colour, stroke=INK, width=0.15)
            indent = 3.2
        text_box(surface, x + indent, y, inner_w - indent, head_h, section.heading, font="sans-bold", size=chosen + 0.5,
                 min_size=chosen, colour=accent, valign="middle")
        y += head_h
        th = text_height(surface, inner_w, section.body, size=chosen)
        text_box(surface, x, y, inner_w, min(th + 0.3, bottom - y), section.body, font="sans", size=chosen,
                 min_size=chosen, colour=INK)
        y += th + gap


# --- the whole turn aid -----------------------------------------------------------------
TURN_AID_SIZE, TURN_AID_MIN = 11.0, 8.5   # body text, pt: read from across the table (issue 47)
TURN_AID_COLUMNS, TURN_AID_GAP = 2, 6.0   # columns a side (front, then back), mm between them


def _aid_blocks(faces: tuple[AidFace, ...]) -> list[tuple[str, str, bool]]:
    """(heading, body, is the face's own title) in reading order: each face's title, then its sections."""
    out: list[tuple[str, str, bool]] = []
    for face in faces:
        out.append((face.title, "", True))
        out += [(s.heading, s.body, False) for s in face.sections]
    return out


def _block_height(surface: Surface, block: tuple[str, str, bool], width: float, size: float) -> float:
    heading, body, title = block
    if title:
        return (size + 2.0) * PT * 1.6
    return size * PT * 1.5 + text_height(surface, width, body, size=size) + 2.2


def _flow(surface: Surface, blocks: list[tuple[str, str, bool]], width: float, room: float, size: float,
          columns: int) -> list[list[tuple[str, str, bool]]] | None:
    """The blocks poured into columns of `room` mm, a block never split and a face's title never
    left at the foot of a column; None when they need more columns."""
    out: list[list[tuple[str, str, bool]]] = [[]]
    used = 0.0
    for i, block in enumerate(blocks):
        h = _block_height(surface, block, width, size)
        if block[2] and i + 1 < len(blocks):       # a title goes with the section under it
            h += _block_height(surface, blocks[i + 1], width, size)
        if out[-1] and used + h > room:
            out.append([])
            used = 0.0
        if h > room:
            return None
        used += _block_height(surface, block, width, size)
        out[-1].append(block)
    return out if len(out) <= columns else None


def _aid_geometry(frame: Frame) -> tuple[float, float, float, float]:
    """(left x, column width, top y, column height) of a turn-aid side."""
    inner_w = frame.width - 2 * frame.safe - 2.0
    col_w = (inner_w - (TURN_AID_COLUMNS - 1) * TURN_AID_GAP) / TURN_AID_COLUMNS
    top = frame.safe + 0.6 + BAND_H + 2.5
    return frame.safe + 1.0, col_w, top, frame.height - frame.safe - 1.0 - top


@measured_once
def _turn_aid_flow(surface: Surface, faces: tuple[AidFace, ...], width: float,
                   room: float) -> tuple[float, list[list[tuple[str, str, bool]]]]:
    """The one body size of both sides, the largest at which every face fits the columns of
    the front then the back, and the columns at that size."""
    def fits(size: float) -> bool:
        return _flow(surface, _aid_blocks(faces), width, room, size, 2 * TURN_AID_COLUMNS) is not None
    size = largest_fitting_size(fits, TURN_AID_SIZE, TURN_AID_MIN) or TURN_AID_MIN
    columns = _flow(surface, _aid_blocks(faces), width, room, size, 2 * TURN_AID_COLUMNS)
    # The smallest size overflows: everything in one column, whose text box says so.
    return size, columns if columns is not None else [_aid_blocks(faces)]


def turn_aid(surface: Surface, frame: Frame, title: str, faces: tuple[AidFace, ...], side: int,
             colour: str) -> None:
    """One side (0 the front, 1 the back) of the whole turn aid, on one piece (issue 47): a
    title band, then every face's sections poured into the columns of the front, then of the back."""
    colour = resolve(colour)
    _frame(surface, frame, colour)
    _band(surface, frame.safe, frame.safe + 0.6, frame.width - 2 * frame.safe, title, Mark(title, colour, ""))
    x, col_w, top, room = _aid_geometry(frame)
    size, flowed = _turn_aid_flow(surface, faces, col_w, room)
    columns = flowed[side * TURN_AID_COLUMNS:(side + 1) * TURN_AID_COLUMNS]
    accent = _ink_on_white(colour)
    for k, column in enumerate(columns):
        cx = x + k * (col_w + TURN_AID_GAP)
        if k:
            surface.line(cx - TURN_AID_GAP / 2, top, cx - TURN_AID_GAP / 2, top + room, stroke=lighten(colour, 0.4),
                         width=0.3)
        y = top
        for heading, body, is_title in column:
            if is_title:
                h = (size + 2.0) * PT * 1.6
                text_box(surface, cx, y, col_w, h, heading.upper(), font="sans-condensed", size=size + 2.0,
                         min_size=size, colour=accent, valign="middle")
                surface.line(cx, y + h - 0.3, cx + col_w, y + h - 0.3, stroke=accent, width=0.35)
                y += h
                continue
            head_h = size * PT * 1.5
            text_box(surface, cx, y, col_w, head_h, heading, font="sans-bold", size=size + 0.5, min_size=size,
                     colour=accent, valign="middle")
            y += head_h
            th = text_height(surface, col_w, body, size=size)
            text_box(surface, cx, y, col_w, min(th + 0.3, top + room - y), body, font="sans", size=size,
                     min_size=size, colour=INK)
            y += th + 2.2


def character_back(surface: Surface, frame: Frame, face: CharacterFace, colour: str) -> None:
    """The back of a character card: its turn in brief, large, on a frame of `colour`, the same
    for every character, so two cards cut a little off their shared line keep backs alike;
    the character's symbol marks its heading."""
    aid_front(surface, frame, AidFace(face.summary_title, (Section(face.name, face.summary),), colour,
                                      face.mark.symbol))
