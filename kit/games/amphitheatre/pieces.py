"""Amphithéâtre's own look: the anatomy-theatre board, the opinion cards, the tokens, the aid.

The board is the heart of it. Seen from above, an anatomy theatre (Padua, Leiden,
Bologna) is a set of concentric tiers around the dissection floor; the tier nearest the
floor is the shortest. That matches the rules exactly: row 1 (the fewest seats) is the
inner, lowest tier, row 3 (the most seats) the outer, highest one. So the board draws
the rows as concentric arcs around a centre near its bottom edge, the doubt zone is the
floor itself, where undecided spectators mill about, and seats are numbered in the
order they fill: left to right along each tier, inner tier first.

The geometry (`auditorium`) is a pure function so the tests can check it against what
the PDF shows. Everything is in mm inside the piece's Frame; text stays in the safe box.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from kit.errors import TextDoesNotFit
from kit.model import Frame
from kit.palette import darken, lighten, text_on
from kit.parts.icons import draw_icon
from kit.parts.symbols import draw_pattern, draw_symbol
from kit.parts.text import PT, Section, largest_fitting_size, measured_once, text_box, text_height

if TYPE_CHECKING:
    from kit.surface.base import Surface

# The house colours: old paper, brown ink, and three stone tones for the tiers, chosen to
# stay distinct in greyscale (each about 8% darker than the one below it).
PARCHMENT = "#F5ECD7"
INK = "#2E2419"
FADED = "#6B5B45"
STONE = ("#E4D6B8", "#D6C49E", "#C8B285")

# The sizes each piece draws legibly at, (width, height) in mm from the smallest to the
# largest: below, the default texts no longer fit at a readable size; above, the piece no
# longer fits the paper. The layout's schema refuses any other size, naming the file, the
# entry and the field; tests/kit/test_sizes.py builds each piece at both ends and between.
# The tokens' are one length (a square's side, a disc's diameter); a board or a token also
# has to suit the seats (checked by the layout).
# (smallest, largest): a size (w, h) in mm, or a diameter
SIZES: dict[str, tuple[Any, Any]] = {
    "boards": ((180.0, 120.0), (265.0, 175.0)),
    "cards": ((56.0, 80.0), (90.0, 130.0)),
    "aid": ((180.0, 120.0), (265.0, 196.0)),
    "spectator-tokens": (8.0, 30.0),
    "speaker-token": (30.0, 120.0),
}

SEAT_GAP = 2.5      # mm between neighbouring seats along a tier
TIER_GAP = 2.0      # mm between two tiers, so a token never touches the next row
TITLE_DEPTH = 23.5  # mm kept free at the top of the board for the faculty's name and motto
SIGN_W, SIGN_H = 21.0, 10.5  # mm: the signs beside each tier (row number, gain and penalty)


@dataclass(frozen=True)
class Seat:
    number: int     # 1..capacity, the order in which seats fill
    row: int        # 1 = the inner (bottom) tier
    cx: float
    cy: float
    r: float


@dataclass(frozen=True)
class Auditorium:
    """Where the tiers and seats of a board of a given size go."""

    cx: float                   # centre of the concentric tiers, at the floor
    cy: float
    radii: tuple[float, ...]    # radius of each row's seat centres, row 1 first
    spans: tuple[float, ...]    # half the angle each row's seats cover, degrees
    seats: tuple[Seat, ...]     # in fill order
    floor: float                # radius of the doubt zone (the floor)


def auditorium(width: float, height: float, row_seats: Sequence[int], seat: float) -> Auditorium:
    """Lay out the rows as concentric tiers: the outer tier just under the title, the inner
    tier leaving the floor free for the doubt zone. Seats are squares, like the tokens they
    hold, turned to face the floor; spaced evenly along each tier so that their inner
    corners, the closest, stay SEAT_GAP apart; and centred on the board's axis."""
    cx, cy = width / 2, height - 4.0
    outer = cy - TITLE_DEPTH - seat / 2
    # From the outer tier inwards: a square seat's outer corners stand past its tier's
    # radius, so each inner tier sits TIER_GAP inside the corners of its own seats.
    radii = [outer]
    for _ in row_seats[1:]:
        corners = max(radii[0] - seat / 2 - TIER_GAP, seat)
        radii.insert(0, math.sqrt(max(corners ** 2 - (seat / 2) ** 2, 0.0)) - seat / 2)
    seats: list[Seat] = []
    spans: list[float] = []
    number = 0
    for row, (n, r) in enumerate(zip(row_seats, radii), start=1):
        # The angle a seat's inner side (a chord at r - seat / 2) covers, with the gap.
        step = math.degrees(2 * math.atan((seat + SEAT_GAP) / 2 / max(r - seat / 2, 1e-6)))
        spans.append(step * (n - 1) / 2)
        for k in range(n):
            # Angles clockwise from pointing right, y down: -90 is straight up the axis.
            angle = math.radians(-90 - step * (n - 1) / 2 + step * k)
            number += 1
            seats.append(Seat(number, row, cx + r * math.cos(angle), cy + r * math.sin(angle), seat / 2))
    floor = radii[0] - seat / 2 - TIER_GAP - 1.0
    return Auditorium(cx, cy, tuple(radii), tuple(spans), tuple(seats), floor)


def seat_angle(a: Auditorium, s: Seat) -> float:
    """Degrees a square seat is turned (clockwise) so its inner side faces the tiers' centre."""
    return math.degrees(math.atan2(s.cy - a.cy, s.cx - a.cx)) + 90.0


def seat_corners(a: Auditorium, s: Seat) -> list[tuple[float, float]]:
    """The four corners of a square seat as printed, turned to face the floor."""
    t = math.radians(seat_angle(a, s))
    c, n = math.cos(t), math.sin(t)
    return [(s.cx + u * c - v * n, s.cy + u * n + v * c) for u, v in ((-s.r, -s.r), (s.r, -s.r), (s.r, s.r), (-s.r, s.r))]


def _polar(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _placard(surface: Surface, x: float, y: float, angle: float, w: float, h: float,
             lines: Sequence[tuple[str, str, float]], *, fill: str, stroke: str) -> None:
    """A small sign centred on (x, y), turned by angle degrees, with one or two text lines
    (text, font, size)."""
    with surface.translated(x, y), surface.rotated(angle):
        surface.rect(-w / 2, -h / 2, w, h, fill=fill, stroke=stroke, width=0.35, radius=1.2)
        total = len(lines)
        for i, (text, font, size) in enumerate(lines):
            # Baselines spread evenly in the sign, nudged down by a third of the cap height.
            base = -h / 2 + h * (i + 0.5) / total + size * 0.35 * PT * 0.75
            surface.text(0, base, text, font=font, size=size, colour=INK, anchor="middle")


# --- the board ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BoardText:
    """The words a board prints, from the layout and the rule engine."""

    name: str
    motto: str
    colour: str                 # "#RRGGBB"
    symbol: str
    doubt_zone: str
    token: float                # side of a spectator token, mm: the doubt zone draws slots of it
    row_label: str              # "Rang"
    gain_label: str             # "Gain"
    penalty_label: str          # "Perte"
    seats_label: str            # "sièges"
    fill_hint: str              # bottom-left corner: how the seats fill
    row_hint: str               # bottom-right corner: which row sets the amounts
    row_seats: tuple[int, ...]
    token_table: dict[int, dict[str, int]]           # row -> {"gain": g, "penalty": p}
    seat: float                 # seat diameter, mm


def draw_board(surface: Surface, frame: Frame, b: BoardText) -> None:
    w, h = frame.width, frame.height
    colour = b.colour
    tint = lighten(colour, 0.8)
    edge = darken(colour, 0.35)
    surface.rect(-frame.bleed, -frame.bleed, w + 2 * frame.bleed, h + 2 * frame.bleed, fill=PARCHMENT)
    # A frame in the player's colour, with the symbol in the four corners: even a player who
    # cannot see the colour finds their board by its symbol.
    surface.rect(1.5, 1.5, w - 3, h - 3, stroke=colour, width=1.6, radius=3)
    surface.rect(3.2, 3.2, w - 6.4, h - 6.4, stroke=edge, width=0.3, radius=2)
    for sx in (11.0, w - 11.0):
        draw_symbol(surface, b.symbol, sx, 11.0, 9.0, fill=colour, stroke=INK, width=0.35)
    surface.text(w / 2, 12.5, b.name, font="sans-bold", size=15, colour=INK, anchor="middle")
    text_box(surface, 24, 15.0, w - 48, 7.5, b.motto, font="sans-italic", size=8, min_size=7,
             colour=FADED, align="centre")

    a = auditorium(w, h, b.row_seats, b.seat)
    depth = b.seat + TIER_GAP
    # The tiers: stone bands drawn outer first so each inner band sits on top, each a bit
    # wider than its seats, as real benches run past the last spectator.
    for i in reversed(range(len(a.radii))):
        r, span = a.radii[i], a.spans[i] + band_extension(b.seat, a.radii[i])
        surface.sector(a.cx, a.cy, r + depth / 2, -90 - span, -90 + span, inner=r - depth / 2,
                       fill=STONE[i % len(STONE)], stroke=FADED, width=0.3)
    # The floor: the doubt zone, a half disc with a dashed place for each token it holds;
    # its name sits in the crown of the arc, above the places, where no token goes.
    surface.sector(a.cx, a.cy, a.floor, 180, 360, fill=tint, stroke=edge, width=0.6)
    slots = doubt_slots(a, b.token)
    for x, y in slots:
        surface.rect(x, y, b.token, b.token, stroke=lighten(edge, 0.35), width=0.3, dash=(1.0, 0.8), radius=0.8)
    label_y = min(y for _, y in slots) - 2.0 if slots else a.cy - 4.0
    surface.text(a.cx, label_y, b.doubt_zone.upper(), font="sans-bold", size=8.5, colour=INK, anchor="middle")

    for s in a.seats:
        # A square seat for a square token, turned to face the floor as a bench does.
        with surface.translated(s.cx, s.cy), surface.rotated(seat_angle(a, s)):
            surface.rect(-s.r, -s.r, 2 * s.r, 2 * s.r, fill=tint, stroke=edge, width=0.45, radius=1.5)
            surface.rect(-s.r + 1.3, -s.r + 1.3, 2 * s.r - 2.6, 2 * s.r - 2.6, stroke=lighten(edge, 0.45),
                         width=0.25, dash=(0.8, 0.8), radius=0.8)
        # Upright and in full-strength ink: legible on the darkest seats and in greyscale.
        surface.text(s.cx, s.cy + 2.4, str(s.number), font="sans-bold", size=10, colour=INK, anchor="middle")

    # The bottom corners, beside the floor: how to read the board.
    corner_w = corner_width(a)
    text_box(surface, 8.0, h - 24.0, corner_w, 17.0, b.fill_hint, font="sans-italic", size=7.5, min_size=7,
             colour=FADED, align="left", valign="bottom")
    text_box(surface, w - 8.0 - corner_w, h - 24.0, corner_w, 17.0, b.row_hint, font="sans-italic", size=7.5,
             min_size=7, colour=FADED, align="right", valign="bottom")

    # Beside each tier, level with its end seats: its number and size on the left, its gain
    # and penalty on the right, each sign slid outwards until it clears every tier.
    for row, side, x, y in row_signs(a, b.seat):
        if side < 0:
            lines = [(f"{b.row_label} {row}", "sans-bold", 9.5), (f"{b.row_seats[row - 1]} {b.seats_label}", "sans", 7)]
        else:
            values = b.token_table[row]
            lines = [(f"{b.gain_label} {values['gain']}", "sans-bold", 8.5),
                     (f"{b.penalty_label} {values['penalty']}", "sans-bold", 8.5)]
        _placard(surface, x, y, 0.0, SIGN_W, SIGN_H, lines, fill=PARCHMENT, stroke=edge)


HINT_MIN_W = 18.0  # mm: the narrowest corner the two hints still fit at 7 pt


def corner_width(a: Auditorium) -> float:
    """The width of each bottom corner beside the floor, where the hints go: the floor grows
    with the board's height, so a tall narrow board leaves them too little."""
    return a.cx - a.floor - 12.0


@lru_cache(maxsize=64)
def row_signs(a: Auditorium, seat: float) -> tuple[tuple[int, int, float, float], ...]:
    """(row, side, x, y) of each sign's centre: side -1 left of the row, 1 right of it.

    Worked out once per auditorium: the layout checks it when loading, and every board
    drawn of that size places its signs by it (each search tests hundreds of points)."""
    out = []
    for row in range(1, len(a.radii) + 1):
        seats = [s for s in a.seats if s.row == row]
        for beside, side in ((seats[0], -1), (seats[-1], 1)):
            out.append((row, side, sign_clearance(a, seat, beside, side, SIGN_W, SIGN_H), beside.cy))
    return tuple(out)


def band_extension(seat: float, radius: float) -> float:
    """Degrees a tier's stone band runs past its last seat centre."""
    return math.degrees((seat / 2 + 2.0) / radius)


def in_tiers(a: Auditorium, seat: float, x: float, y: float) -> bool:
    """Whether the point lies on a tier's band or on the floor (doubt zone)."""
    dx, dy = x - a.cx, y - a.cy
    dist = math.hypot(dx, dy)
    if dist <= a.floor:
        return dy <= 0
    angle = math.degrees(math.atan2(dx, -dy))  # 0 straight up the axis, positive to the right
    depth = seat + TIER_GAP
    for r, span in zip(a.radii, a.spans):
        if r - depth / 2 <= dist <= r + depth / 2 and abs(angle) <= span + band_extension(seat, r):
            return True
    return False


def sign_clearance(a: Auditorium, seat: float, beside: Seat, side: int, w: float, h: float) -> float:
    """The centre x of a w x h sign level with the seat `beside`, on side -1 (left) or 1
    (right), as close to the tiers as possible without touching any of them."""
    x = beside.cx + side * (beside.r + w / 2 + 1.0)
    samples = [(u * w / 8, v * h / 4) for u in range(-4, 5) for v in range(-2, 3)]
    while any(in_tiers(a, seat, x + dx, beside.cy + dy) for dx, dy in samples):
        x += side * 0.5
    return x


SLOT_GAP = 1.2  # mm between two token places in the doubt zone


def doubt_slots(a: Auditorium, token: float) -> list[tuple[float, float]]:
    """Top-left corners of the token places in the doubt zone: rows of squares from the
    floor's straight edge upwards, each row as wide as the half disc allows, centred."""
    pitch = token + SLOT_GAP
    slots: list[tuple[float, float]] = []
    bottom = a.cy - 2.0
    while True:
        top = bottom - token
        rise = a.cy - top + 1.0            # the row's top corners must stay inside the arc
        if rise >= a.floor:
            return slots
        half = math.sqrt(a.floor ** 2 - rise ** 2) - 1.0
        n = int((2 * half + SLOT_GAP) // pitch)
        if n < 1:
            return slots
        left = a.cx - (n * pitch - SLOT_GAP) / 2
        slots.extend((left + k * pitch, top) for k in range(n))
        bottom = top - SLOT_GAP


# --- opinion cards -----------------------------------------------------------------------------
@dataclass(frozen=True)
class DeckLook:
    title: str          # "Affliction"
    question: str       # "De quel mal est-il mort ?"
    colour: str         # "#RRGGBB"
    symbol: str
    pattern: str
    motto: str          # printed on the back
    footer: str         # "Opinion cachée"
    game: str           # "Amphithéâtre"
    emblem: str | None = None   # a kit.parts.icons name: the deck's picture (layouts' icons.yaml)


def _spacing(pattern: str, lines: float) -> float:
    """Dots read as a texture at a wider pitch than lines, and a sheet of nine backs stays
    a few thousand shapes rather than ten thousand (lighter files, faster printers)."""
    return lines * 1.6 if pattern == "dots" else lines


def draw_card_front(surface: Surface, frame: Frame, deck: DeckLook, name: str, flavour: str) -> None:
    w, h, bleed = frame.width, frame.height, frame.bleed
    band = 15.0
    dark = darken(deck.colour, 0.15)
    surface.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=PARCHMENT)
    # The deck colour runs under the cut at the top, so a small trim error stays invisible.
    surface.rect(-bleed, -bleed, w + 2 * bleed, band + bleed, fill=dark)
    draw_pattern(surface, deck.pattern, -bleed, -bleed, w + 2 * bleed, band + bleed,
                 colour=lighten(dark, 0.25), spacing=_spacing(deck.pattern, 2.6), width=0.3)
    surface.circle(10.5, band / 2 + 0.5, 5.2, fill=PARCHMENT, stroke=INK, width=0.3)
    draw_symbol(surface, deck.symbol, 10.5, band / 2 + 0.5, 6.0, fill=dark, stroke=INK, width=0.25)
    fg = text_on(dark)
    surface.text(18.0, band / 2 + 2.6, deck.title.upper(), font="sans-bold", size=10.5, colour=fg)
    if deck.emblem:
        draw_icon(surface, deck.emblem, w - 10.0, band / 2 + 0.5, 10.0, fill=fg)
    text_box(surface, 4.0, band + 2.0, w - 8.0, 5.5, deck.question, font="sans-italic", size=7.5,
             min_size=7, colour=FADED, align="centre")
    text_box(surface, 5.0, band + 9.0, w - 10.0, 24.0, name, font="sans-bold", size=15, min_size=9,
             colour=INK, align="centre", valign="middle")
    y = band + 36.0
    surface.line(w / 2 - 14, y, w / 2 - 3, y, stroke=dark, width=0.4)
    surface.line(w / 2 + 3, y, w / 2 + 14, y, stroke=dark, width=0.4)
    draw_symbol(surface, deck.symbol, w / 2, y, 3.2, fill=dark)
    text_box(surface, 6.0, y + 3.5, w - 12.0, h - y - 14.5, flavour, font="sans-italic", size=8.5, min_size=7,
             colour=INK, align="centre", valign="middle", leading=1.25)
    surface.line(6.0, h - 9.0, w - 6.0, h - 9.0, stroke=lighten(FADED, 0.4), width=0.25)
    surface.text(w / 2, h - 5.0, f"{deck.footer} · {deck.title}", font="sans", size=7, colour=FADED,
                 anchor="middle")
    surface.rect(1.8, 1.8, w - 3.6, h - 3.6, stroke=dark, width=0.5, radius=2.5)


def draw_card_back(surface: Surface, frame: Frame, deck: DeckLook) -> None:
    w, h, bleed = frame.width, frame.height, frame.bleed
    dark = darken(deck.colour, 0.15)
    # A border of the deck's colour into the bleed, so a cut or a duplex drift a little off
    # still shows it; inside, a pale tint under the deck's pattern: no page-sized solid ink.
    surface.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=dark)
    s = frame.safe
    surface.rect(s, s, w - 2 * s, h - 2 * s, fill=lighten(deck.colour, 0.8), radius=2.0)
    with surface.clipped(s, s, w - 2 * s, h - 2 * s, radius=2.0):
        draw_pattern(surface, deck.pattern, s, s, w - 2 * s, h - 2 * s,
                     colour=lighten(dark, 0.3), spacing=_spacing(deck.pattern, 3.0), width=0.4)
    # A parchment medallion, centred with wide margins so a duplex shift of a few mm
    # never pushes it off the card.
    mw, mh = w - 16.0, 50.0
    mx, my = 8.0, (h - mh) / 2
    surface.rect(mx, my, mw, mh, fill=PARCHMENT, stroke=INK, width=0.5, radius=mw / 2 * 0.35)
    title = deck.title.upper()
    if deck.emblem:
        # The deck's picture, large: what tells the decks apart across the table; its symbol
        # flanks the title, so colour is never the only cue.
        draw_icon(surface, deck.emblem, w / 2, my + 12.0, 17.0, fill=dark)
        half = surface.text_width(title, font="sans-bold", size=13) / 2
        for side in (-1, 1):
            draw_symbol(surface, deck.symbol, w / 2 + side * (half + 4.0), my + 25.5, 4.2, fill=dark, stroke=INK,
                        width=0.2)
    else:
        draw_symbol(surface, deck.symbol, w / 2, my + 11.0, 11.0, fill=dark, stroke=INK, width=0.3)
    surface.text(w / 2, my + 27.0, title, font="sans-bold", size=13, colour=INK, anchor="middle")
    text_box(surface, mx + 4.0, my + 30.0, mw - 8.0, 9.0, deck.motto, font="sans-italic", size=7.5,
             min_size=7, colour=FADED, align="centre")
    surface.text(w / 2, my + mh - 4.0, deck.game, font="sans", size=7, colour=FADED, anchor="middle")


# --- tokens ---------------------------------------------------------------------------------------
SPECTATORS: tuple[str, ...] = ("perruque", "tricorne", "bonnet", "coiffe")


def draw_spectator(surface: Surface, frame: Frame, design: str) -> None:
    """A spectator's bust on a square token, cut straight (single-sided: nobody turns a
    spectator over in play). The ground runs into the bleed and the figure keeps 0.9 mm inside the cut, so a cut a
    little off the line still leaves a clean token."""
    w, bleed = frame.width, frame.bleed
    c = w / 2
    ground, figure = PARCHMENT, INK
    surface.rect(-bleed, -bleed, w + 2 * bleed, w + 2 * bleed, fill=ground)
    surface.rect(0.9, 0.9, w - 1.8, w - 1.8, stroke=figure, width=0.3, radius=1.2)
    s = w / 17.0  # designed on a 17 mm token
    head_y = c - 1.2 * s
    # Shoulders: the top half of an ellipse, cut by the token's edge.
    shoulders = [(c + 5.6 * s * math.cos(math.radians(t)), c + 6.8 * s + 4.6 * s * math.sin(math.radians(t)))
                 for t in range(180, 361, 10)] + [(c + 5.6 * s, w + bleed), (c - 5.6 * s, w + bleed)]
    with surface.clipped(0.9, 0.9, w - 1.8, w - 1.8):
        surface.polygon(shoulders, fill=figure)
    if design == "perruque":
        for dx, dy in ((-2.6, 0.0), (2.6, 0.0), (-2.5, 1.8), (2.5, 1.8), (-1.6, -2.3), (1.6, -2.3), (0, -2.8)):
            surface.circle(c + dx * s, head_y + dy * s, 1.35 * s, fill=figure)
    surface.circle(c, head_y, 2.3 * s, fill=figure, stroke=ground, width=0.25)
    if design == "tricorne":
        surface.polygon([(c - 4.4 * s, head_y - 0.6 * s), (c, head_y - 4.8 * s), (c + 4.4 * s, head_y - 0.6 * s),
                         (c, head_y - 1.7 * s)], fill=figure, stroke=ground, width=0.2)
    elif design == "bonnet":
        surface.rect(c - 3.0 * s, head_y - 3.9 * s, 6.0 * s, 1.5 * s, fill=figure, stroke=ground, width=0.2)
        surface.line(c + 2.8 * s, head_y - 3.2 * s, c + 3.6 * s, head_y + 0.2 * s, stroke=figure, width=0.4)
        surface.circle(c + 3.6 * s, head_y + 0.5 * s, 0.55 * s, fill=figure)
    elif design == "coiffe":
        surface.sector(c, head_y + 0.2 * s, 3.4 * s, 180, 360, inner=2.3 * s, fill=figure)
        surface.polygon([(c - 3.4 * s, head_y + 0.2 * s), (c - 2.3 * s, head_y + 0.2 * s), (c - 2.9 * s, head_y + 3.3 * s)],
                        fill=figure)
        surface.polygon([(c + 3.4 * s, head_y + 0.2 * s), (c + 2.3 * s, head_y + 0.2 * s), (c + 2.9 * s, head_y + 3.3 * s)],
                        fill=figure)


SPEAKER_DESIGN = 60.0  # mm: the speaker token is drawn to this diameter and scaled to the frame


def draw_speaker(surface: Surface, frame: Frame, text: str, subtitle: str, game: str) -> None:
    """The speaker's token: a ring of seats round a lectern, the layout's words below it.
    Every length is a share of the diameter (designed on SPEAKER_DESIGN mm), so the lectern
    stays inside the ring at any size the schema accepts; the words take the largest size
    that fits their chord, from their designed size scaled, down to 6 pt. The disc fills a
    square of parchment, the piece that is cut: straight cuts, its colour past each one."""
    w, bleed = frame.width, frame.bleed
    c = w / 2
    u = w / SPEAKER_DESIGN
    surface.rect(-bleed, -bleed, w + 2 * bleed, w + 2 * bleed, fill=PARCHMENT)
    surface.circle(c, c, c - 0.8 * u, fill=INK)
    surface.circle(c, c, c - 2.0 * u, fill=PARCHMENT, stroke=None)
    surface.circle(c, c, c - 3.6 * u, stroke=INK, width=0.4 * u)
    # A ring of small seats: the whole theatre listens to whoever holds this token.
    for k in range(24):
        x, y = _polar(c, c, c - 6.2 * u, k * 15)
        surface.circle(x, y, 0.9 * u, fill=FADED)
    # A lectern with an open book: the speaker's chair of an anatomy theatre.
    surface.polygon([(c - 8 * u, c - 15.5 * u), (c - 0.6 * u, c - 13.5 * u), (c - 0.6 * u, c - 10.5 * u),
                     (c - 8 * u, c - 12.5 * u)], fill=INK)
    surface.polygon([(c + 8 * u, c - 15.5 * u), (c + 0.6 * u, c - 13.5 * u), (c + 0.6 * u, c - 10.5 * u),
                     (c + 8 * u, c - 12.5 * u)], fill=INK)
    surface.rect(c - 1.4 * u, c - 10.0 * u, 2.8 * u, 7.0 * u, fill=INK)
    surface.rect(c - 5.5 * u, c - 3.4 * u, 11.0 * u, 1.4 * u, fill=INK, radius=0.5 * u)
    # The title, subtitle and game come from the layout: each shrinks to the chord of the
    # inner ring at its height, down to 6 pt; beyond that the sheet guard refuses the token.
    for line, base, font, size, colour in ((text.upper(), c + 6.5 * u, "sans-bold", 15.0 * u, INK),
                                           (subtitle, c + 12.0 * u, "sans-italic", 8.5 * u, FADED),
                                           (game, c + 18.0 * u, "sans", 7.0 * u, FADED)):
        chord = 2 * math.sqrt(max((c - 7.5 * u) ** 2 - (base - c) ** 2, 0.0))
        def fits(pt: float, line: str = line, font: str = font, chord: float = chord) -> bool:
            return surface.text_width(line, font=font, size=pt) <= chord

        used = largest_fitting_size(fits, max(size, 6.0), 6.0)
        surface.text(c, base, line, font=font, size=used or max(size, 6.0), colour=colour, anchor="middle")


# --- the player aid ---------------------------------------------------------------------------------
AID_SIZE, AID_MIN_SIZE, AID_LEADING = 9.5, 7.0, 1.2   # body text, pt
HEADING_DEPTH, SECTION_GAP = 6.8, 3.2                  # mm
MARGIN, COLUMN_GAP = 6.0, 5.0                          # mm
PARAGRAPH_GAP = 0.5    # of a body line, between two paragraphs of a section


@dataclass(frozen=True)
class TokenTableText:
    heading: str
    row: str
    seats: str
    gain: str
    penalty: str
    note: str
    rows: tuple[tuple[int, int, int, int], ...]   # (row, seats, gain, penalty), from the engine


@dataclass(frozen=True)
class SpectatorLegend:
    """The spectator tokens' silhouettes, drawn and named, and what they mean (nothing)."""

    note: str
    designs: tuple[tuple[str, str], ...]   # (design, name as printed)


LEGEND_TOKEN = 7.0   # mm: a spectator drawn in the legend, its name beside it
LEGEND_GAP = 2.5     # mm between the table's note and the legend
LEGEND_NAME = 8.5    # pt: a silhouette's name


@dataclass(frozen=True)
class ValueList:
    """One opinion category as the aid's reference lists it: every value a player may name."""

    title: str          # "Affliction"
    colour: str
    symbol: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class ValuesText:
    heading: str
    categories: tuple[ValueList, ...]


def _aid_frame(surface: Surface, frame: Frame, title: str, game: str, page: str) -> None:
    w, h, bleed = frame.width, frame.height, frame.bleed
    surface.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=PARCHMENT)
    surface.rect(1.8, 1.8, w - 3.6, h - 3.6, stroke=INK, width=0.5, radius=2.5)
    surface.rect(1.8, 1.8, w - 3.6, 11.0, fill=INK, radius=2.5)
    surface.rect(1.8, 7.0, w - 3.6, 5.8, fill=INK)
    surface.text(7.0, 10.0, title, font="sans-bold", size=11, colour=PARCHMENT)
    surface.text(w - 7.0, 10.0, f"{game} · {page}" if page else game, font="sans", size=8.5, colour=PARCHMENT,
                 anchor="end")


def _stack_height(surface: Surface, w: float, sections: Sequence[Section], size: float) -> float | None:
    """Height of the sections stacked at this body size, or None when a word is too wide."""
    total = 0.0
    for s in sections:
        body = _body_height(surface, w, s.body, size)
        if body is None:
            return None
        total += HEADING_DEPTH + body + SECTION_GAP
    return total - SECTION_GAP if sections else 0.0


def _body_height(surface: Surface, w: float, body: str, size: float) -> float | None:
    """Height of a section's body at exactly this size, or None when a word is too wide."""
    try:
        return text_height(surface, w, body, font="sans", size=size, leading=AID_LEADING)
    except TextDoesNotFit:
        return None


@dataclass(frozen=True)
class _Block:
    """A paragraph of a section, with the section's heading when it is the first one: the
    unit the front's two columns are filled with, so a long section may run on."""

    heading: str | None
    text: str


def _blocks(sections: Sequence[Section]) -> tuple[_Block, ...]:
    out: list[_Block] = []
    for s in sections:
        paragraphs = [p.strip() for p in s.body.split("\n\n") if p.strip()]
        out.extend(_Block(s.heading if i == 0 else None, p) for i, p in enumerate(paragraphs))
    return tuple(out)


def _block_heights(surface: Surface, w: float, blocks: tuple[_Block, ...], size: float) -> list[float] | None:
    """Each block's height at this size, counting the gap above it; None when a word is too wide."""
    out = []
    for i, b in enumerate(blocks):
        body = _body_height(surface, w, b.text, size)
        if body is None:
            return None
        above = 0.0 if i == 0 else (SECTION_GAP if b.heading else size * PT * AID_LEADING * PARAGRAPH_GAP)
        out.append(above + (HEADING_DEPTH if b.heading else 0.0) + body)
    return out


def _split_at(surface: Surface, w: float, h: float, blocks: tuple[_Block, ...], size: float) -> int | None:
    """Where the blocks break between two columns of w x h mm at this size, the break
    that keeps the taller column shortest; None when no break fits."""
    heights = _block_heights(surface, w, blocks, size)
    if heights is None:
        return None
    best, best_height = None, None
    for k in range(len(blocks) + 1):
        left = math.fsum(heights[:k])
        # The right column starts with block k: no gap above it.
        right = math.fsum(heights[k:])
        if k < len(blocks):
            alone = _block_heights(surface, w, blocks[k:k + 1], size)
            assert alone is not None, "a block that fits among the others fits alone"
            right -= heights[k] - alone[0]
        if max(left, right) > h:
            continue
        if best_height is None or max(left, right) < best_height:
            best, best_height = k, max(left, right)
    return best


@measured_once
def _two_columns(surface: Surface, w: float, h: float, blocks: tuple[_Block, ...]) -> tuple[float, int]:
    """(size, break): one body size for the whole face, the largest (down to AID_MIN_SIZE) at
    which the blocks fill two columns, and the break that balances them."""
    size = largest_fitting_size(lambda pt: _split_at(surface, w, h, blocks, pt) is not None, AID_SIZE,
                                AID_MIN_SIZE) or AID_MIN_SIZE
    split = _split_at(surface, w, h, blocks, size)
    return size, (len(blocks) + 1) // 2 if split is None else split


def _flow(surface: Surface, x: float, y: float, w: float, h: float, blocks: Sequence[_Block],
          size: float) -> None:
    """Blocks stacked in a column at this body size; TextDoesNotFit when one overflows."""
    top = y
    for i, b in enumerate(blocks):
        if i:
            top += SECTION_GAP if b.heading else size * PT * AID_LEADING * PARAGRAPH_GAP
        if b.heading:
            surface.text(x, top + 4.0, b.heading, font="sans-bold", size=10, colour=INK)
            surface.line(x, top + 5.6, x + w, top + 5.6, stroke=FADED, width=0.3)
            top += HEADING_DEPTH
        body = _body_height(surface, w, b.text, size) or 0.0
        text_box(surface, x, top, w, max(min(body + 0.5, y + h - top), 0.1), b.text, font="sans", size=size,
                 min_size=AID_MIN_SIZE, colour=INK, align="left", leading=AID_LEADING)
        top += body


@measured_once
def _column_size(surface: Surface, w: float, h: float, sections: tuple[Section, ...]) -> float:
    """The largest body size (down to AID_MIN_SIZE) at which the sections fit one column."""
    def column_fits(size: float) -> bool:
        needed = _stack_height(surface, w, sections, size)
        return needed is not None and needed <= h

    return largest_fitting_size(column_fits, AID_SIZE, AID_MIN_SIZE) or AID_MIN_SIZE


def _sections(surface: Surface, x: float, y: float, w: float, h: float, sections: Sequence[Section],
              size: float) -> None:
    """Headings and bodies stacked in a column at this body size; TextDoesNotFit when the
    column overflows even at AID_MIN_SIZE."""
    top = y
    for s in sections:
        surface.text(x, top + 4.0, s.heading, font="sans-bold", size=10, colour=INK)
        surface.line(x, top + 5.6, x + w, top + 5.6, stroke=FADED, width=0.3)
        body = _body_height(surface, w, s.body, size) or 0.0
        room = y + h - (top + HEADING_DEPTH)
        text_box(surface, x, top + HEADING_DEPTH, w, max(min(body + 0.5, room), 0.1), s.body, font="sans",
                 size=size, min_size=AID_MIN_SIZE, colour=INK, align="left", leading=AID_LEADING)
        top += HEADING_DEPTH + body + SECTION_GAP


def draw_aid_front(surface: Surface, frame: Frame, title: str, game: str,
                   sections: Sequence[Section], page: str = "1/2") -> None:
    """The rules in two balanced columns, all at one body size; a section may run on from
    the foot of the left column to the top of the right one, between two paragraphs.
    page: the face's number in its header (none on a board's back, which is the face alone)."""
    w, h = frame.width, frame.height
    _aid_frame(surface, frame, title, game, page)
    col = (w - MARGIN * 2 - COLUMN_GAP) / 2
    blocks = _blocks(sections)
    size, split = _two_columns(surface, col, h - 20.0, blocks)
    _flow(surface, MARGIN, 16.0, col, h - 20.0, blocks[:split], size)
    _flow(surface, MARGIN + col + COLUMN_GAP, 16.0, col, h - 20.0, blocks[split:], size)


VALUE_ROWS = 8          # values per sub-column: two sub-columns of eight per category
VALUE_SIZE, VALUE_MIN = 8.5, 7.0
VALUE_GAP = 1.5         # mm between a category's two sub-columns, and inside its block's edges


def _value_columns(values: ValuesText) -> tuple[int, tuple[tuple[tuple[str, ...], ...], ...]]:
    """(rows, each category's values cut in sub-columns of `rows`): two sub-columns of eight."""
    rows = max(VALUE_ROWS, *(-(-len(c.values) // 2) for c in values.categories))
    return rows, tuple(tuple(c.values[k:k + rows] for k in range(0, len(c.values), rows))
                       for c in values.categories)


def _natural_widths(surface: Surface, columns: tuple[tuple[tuple[str, ...], ...], ...],
                    size: float) -> tuple[tuple[float, ...], ...]:
    """Each sub-column's width at this size: its widest value."""
    return tuple(tuple(max(surface.text_width(v, font="sans-condensed", size=size) for v in sub) for sub in category)
                 for category in columns)


@measured_once
def _value_size(surface: Surface, width: float, values: ValuesText) -> float:
    """The largest size (down to VALUE_MIN) at which every category's sub-columns, each as wide
    as its widest value, stand side by side in width: a category of long names takes more room
    than one of short names, so the list reads at the aid's body size."""
    columns = _value_columns(values)[1]
    gaps = COLUMN_GAP * (len(columns) - 1) + math.fsum(VALUE_GAP * (len(c) + 1) for c in columns)

    def fits(pt: float) -> bool:
        return math.fsum(math.fsum(c) for c in _natural_widths(surface, columns, pt)) + gaps <= width
    return largest_fitting_size(fits, VALUE_SIZE, VALUE_MIN) or VALUE_MIN


def _draw_values(surface: Surface, x: float, y: float, w: float, values: ValuesText) -> float:
    """The reference of every value of every category, side by side; returns its height."""
    surface.text(x, y + 4.0, values.heading, font="sans-bold", size=10, colour=INK)
    surface.line(x, y + 5.6, x + w, y + 5.6, stroke=FADED, width=0.3)
    rows, columns = _value_columns(values)
    size = _value_size(surface, w, values)
    natural = _natural_widths(surface, columns, size)
    blocks = [math.fsum(c) + VALUE_GAP * (len(c) + 1) for c in natural]
    # The room left over is shared evenly between the categories, inside each between its sub-columns.
    spare = max(0.0, (w - COLUMN_GAP * (len(blocks) - 1) - math.fsum(blocks)) / len(blocks))
    line = size * PT * 1.15
    top = y + HEADING_DEPTH
    bx = x
    for category, subs, widths, block in zip(values.categories, columns, natural, blocks):
        block += spare
        dark = darken(category.colour, 0.15)
        surface.rect(bx, top, block, 5.6, fill=dark, radius=1.0)
        draw_symbol(surface, category.symbol, bx + 3.4, top + 2.8, 3.6, fill=PARCHMENT, stroke=INK, width=0.2)
        surface.text(bx + 6.6, top + 4.1, category.title.upper(), font="sans-bold", size=8.5, colour=text_on(dark))
        sx = bx + VALUE_GAP
        for sub, sw in zip(subs, widths):
            for row, value in enumerate(sub):
                surface.text(sx, top + 5.6 + 1.2 + (row + 0.78) * line, value, font="sans-condensed", size=size,
                             colour=INK)
            sx += sw + VALUE_GAP + spare / len(widths)
        bx += block + COLUMN_GAP
    return HEADING_DEPTH + 5.6 + 1.2 + rows * line


def _legend_height(surface: Surface, w: float, legend: SpectatorLegend, size: float) -> float:
    return LEGEND_TOKEN + 1.5 + text_height(surface, w, legend.note, font="sans-italic", size=size,
                                            leading=AID_LEADING)


def _draw_legend(surface: Surface, x: float, y: float, w: float, legend: SpectatorLegend, size: float) -> None:
    """Each silhouette on a small token with its name beside it, in one row, each name as wide as
    it prints and the room left shared between them; the note under them."""
    names = [surface.text_width(name, font="sans-bold", size=LEGEND_NAME) + 0.5 for _, name in legend.designs]
    spare = max(0.0, (w - math.fsum(names) - (LEGEND_TOKEN + 1.0) * len(names)) / len(names))
    left = x
    for (design, name), name_w in zip(legend.designs, names):
        with surface.translated(left, y):
            draw_spectator(surface, Frame(LEGEND_TOKEN, LEGEND_TOKEN), design)
        text_box(surface, left + LEGEND_TOKEN + 1.0, y, name_w, LEGEND_TOKEN, name,
                 font="sans-bold", size=LEGEND_NAME, min_size=AID_MIN_SIZE, colour=INK, valign="middle")
        left += LEGEND_TOKEN + 1.0 + name_w + spare
    note_y = y + LEGEND_TOKEN + 1.5
    text_box(surface, x, note_y, w, text_height(surface, w, legend.note, font="sans-italic", size=size,
                                                leading=AID_LEADING) + 0.5,
             legend.note, font="sans-italic", size=size, min_size=size, colour=INK, leading=AID_LEADING)


def draw_aid_back(surface: Surface, frame: Frame, title: str, game: str, sections: Sequence[Section],
                  table: TokenTableText, values: ValuesText, legend: SpectatorLegend) -> None:
    """Every value of each category across the top; under it the token table and the
    spectators' legend (left) and the remaining sections (right)."""
    w, h = frame.width, frame.height
    _aid_frame(surface, frame, title, game, "2/2")
    inner = w - MARGIN * 2
    top = 16.0 + _draw_values(surface, MARGIN, 16.0, inner, values) + SECTION_GAP
    col = (inner - COLUMN_GAP) / 2
    room = h - 4.0 - top
    x = MARGIN
    surface.text(x, top + 4.0, table.heading, font="sans-bold", size=10, colour=INK)
    surface.line(x, top + 5.6, x + col, top + 5.6, stroke=FADED, width=0.3)
    headers = (table.row, table.seats, table.gain, table.penalty)
    cw = col / len(headers)
    y0, line_h = top + HEADING_DEPTH, 5.8
    surface.rect(x, y0, col, line_h, fill=INK)
    for k, label in enumerate(headers):
        surface.text(x + cw * (k + 0.5), y0 + 4.1, label, font="sans-bold", size=8.5, colour=PARCHMENT,
                     anchor="middle")
    # Highest row on top, as on the board.
    for j, (row, seats, gain, penalty) in enumerate(sorted(table.rows, reverse=True)):
        y = y0 + line_h * (j + 1)
        surface.rect(x, y, col, line_h, fill=STONE[(row - 1) % len(STONE)], stroke=FADED, width=0.3)
        for k, value in enumerate((row, seats, gain, penalty)):
            surface.text(x + cw * (k + 0.5), y + 4.3, str(value), font="sans-bold", size=10, colour=INK,
                         anchor="middle")
    note_top = y0 + line_h * (len(table.rows) + 1) + 1.8
    right = MARGIN + col + COLUMN_GAP
    # Under the table, its note, then the spectators' legend: one body size for all.
    left_room = h - 4.0 - note_top

    def left_fits(size: float) -> bool:
        return (text_height(surface, col, table.note, font="sans", size=size, leading=AID_LEADING) + LEGEND_GAP
                + _legend_height(surface, col, legend, size)) <= left_room
    size = min(_column_size(surface, col, room, tuple(sections)),
               largest_fitting_size(left_fits, AID_SIZE, AID_MIN_SIZE) or AID_MIN_SIZE)
    note_h = text_height(surface, col, table.note, font="sans", size=size, leading=AID_LEADING)
    text_box(surface, x, note_top, col, note_h + 0.5, table.note, font="sans", size=size,
             min_size=AID_MIN_SIZE, colour=INK, leading=AID_LEADING)
    _draw_legend(surface, x, note_top + note_h + LEGEND_GAP, col, legend, size)
    _sections(surface, right, top, col, room, sections, size)
