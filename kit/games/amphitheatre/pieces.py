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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from kit.errors import TextDoesNotFit
from kit.palette import darken, lighten, text_on
from kit.parts.symbols import draw_pattern, draw_symbol
from kit.parts.text import PT, Section, largest_fitting_size, measured_once, text_box, text_height

if TYPE_CHECKING:
    from kit.model import Frame
    from kit.surface.base import Surface

# The house colours: old paper, brown ink, and three stone tones for the tiers, chosen to
# stay distinct in greyscale (each about 8% darker than the one below it).
PARCHMENT = "#F5ECD7"
INK = "#2E2419"
FADED = "#6B5B45"
STONE = ("#E4D6B8", "#D6C49E", "#C8B285")

SEAT_GAP = 2.5      # mm between neighbouring seats along a tier
TIER_GAP = 2.0      # mm between two tiers, so a token never touches the next row
TITLE_DEPTH = 27.0  # mm kept free at the top of the board for the faculty's name
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
    tier leaving the floor free for the doubt zone. Seats are spaced evenly along each tier
    (seat diameter + SEAT_GAP from centre to centre) and centred on the board's axis."""
    cx, cy = width / 2, height - 4.0
    depth = seat + TIER_GAP
    outer = cy - TITLE_DEPTH - seat / 2
    radii = tuple(outer - (len(row_seats) - 1 - i) * depth for i in range(len(row_seats)))
    pitch = seat + SEAT_GAP
    seats: list[Seat] = []
    spans: list[float] = []
    number = 0
    for row, (n, r) in enumerate(zip(row_seats, radii), start=1):
        step = math.degrees(pitch / r)
        spans.append(step * (n - 1) / 2)
        for k in range(n):
            # Angles clockwise from pointing right, y down: -90 is straight up the axis.
            angle = math.radians(-90 - step * (n - 1) / 2 + step * k)
            number += 1
            seats.append(Seat(number, row, cx + r * math.cos(angle), cy + r * math.sin(angle), seat / 2))
    floor = radii[0] - seat / 2 - TIER_GAP - 1.0
    return Auditorium(cx, cy, radii, tuple(spans), tuple(seats), floor)


def _polar(cx: float, cy: float, r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def _placard(surface: "Surface", x: float, y: float, angle: float, w: float, h: float,
             lines: Sequence[tuple[str, str, float]], *, fill: str, stroke: str) -> None:
    """A small sign centred on (x, y), turned by angle degrees, with one or two text lines
    (text, font, size)."""
    with surface.translated(x, y):
        with surface.rotated(angle):
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
    doubt_hint: str
    row_label: str              # "Rang"
    gain_label: str             # "Gain"
    penalty_label: str          # "Perte"
    seats_label: str            # "sièges"
    fill_hint: str              # bottom-left corner: how the seats fill
    row_hint: str               # bottom-right corner: which row sets the amounts
    row_seats: tuple[int, ...]
    token_table: dict           # row -> {"gain": g, "penalty": p}
    seat: float                 # seat diameter, mm


def draw_board(surface: "Surface", frame: "Frame", b: BoardText) -> None:
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
    text_box(surface, 24, 15.0, w - 48, 7.5, b.motto, font="sans-italic", size=8, min_size=6.5,
             colour=FADED, align="centre")

    a = auditorium(w, h, b.row_seats, b.seat)
    depth = b.seat + TIER_GAP
    # The tiers: stone bands drawn outer first so each inner band sits on top, each a bit
    # wider than its seats, as real benches run past the last spectator.
    for i in reversed(range(len(a.radii))):
        r, span = a.radii[i], a.spans[i] + band_extension(b.seat, a.radii[i])
        surface.sector(a.cx, a.cy, r + depth / 2, -90 - span, -90 + span, inner=r - depth / 2,
                       fill=STONE[i % len(STONE)], stroke=FADED, width=0.3)
    # The floor: the doubt zone, a half disc around the dissection table.
    surface.sector(a.cx, a.cy, a.floor, 180, 360, fill=tint, stroke=edge, width=0.6)
    _dissection_table(surface, a.cx, a.cy - 5.0, colour=lighten(FADED, 0.45))
    surface.text(a.cx, a.cy - a.floor * 0.62, b.doubt_zone.upper(), font="sans-bold", size=9,
                 colour=INK, anchor="middle")
    text_box(surface, a.cx - a.floor * 0.8, a.cy - a.floor * 0.55, a.floor * 1.6, 9.0, b.doubt_hint,
             font="sans-italic", size=6.5, min_size=6.0, colour=FADED, align="centre")

    for s in a.seats:
        surface.circle(s.cx, s.cy, s.r, fill=tint, stroke=edge, width=0.45)
        surface.circle(s.cx, s.cy, s.r - 1.3, stroke=lighten(edge, 0.45), width=0.25, dash=(0.8, 0.8))
        surface.text(s.cx, s.cy + 2.4, str(s.number), font="sans-bold", size=10, colour=lighten(INK, 0.35),
                     anchor="middle")

    # The bottom corners, beside the floor: how to read the board.
    corner_w = a.cx - a.floor - 12.0
    text_box(surface, 8.0, h - 24.0, corner_w, 17.0, b.fill_hint, font="sans-italic", size=7.5, min_size=6,
             colour=FADED, align="left", valign="bottom")
    text_box(surface, w - 8.0 - corner_w, h - 24.0, corner_w, 17.0, b.row_hint, font="sans-italic", size=7.5,
             min_size=6, colour=FADED, align="right", valign="bottom")

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


def row_signs(a: Auditorium, seat: float) -> list[tuple[int, int, float, float]]:
    """(row, side, x, y) of each sign's centre: side -1 left of the row, 1 right of it."""
    out = []
    for row in range(1, len(a.radii) + 1):
        seats = [s for s in a.seats if s.row == row]
        for beside, side in ((seats[0], -1), (seats[-1], 1)):
            out.append((row, side, sign_clearance(a, seat, beside, side, SIGN_W, SIGN_H), beside.cy))
    return out


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


def _dissection_table(surface: "Surface", x: float, y: float, *, colour: str) -> None:
    """A faint table with its patient under a sheet, drawn under the doubt zone's words."""
    surface.rect(x - 13, y - 2.2, 26, 4.4, fill=None, stroke=colour, width=0.4, radius=0.8)
    surface.line(x - 10, y + 2.2, x - 10, y + 4.5, stroke=colour, width=0.5)
    surface.line(x + 10, y + 2.2, x + 10, y + 4.5, stroke=colour, width=0.5)
    surface.circle(x - 9.5, y - 3.6, 1.6, stroke=colour, width=0.4)
    surface.polygon([(x - 7.5, y - 2.2), (x - 6, y - 5.0), (x + 2, y - 3.6), (x + 6, y - 5.2), (x + 11, y - 2.2)],
                    stroke=colour, width=0.4, closed=False)


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


def _spacing(pattern: str, lines: float) -> float:
    """Dots read as a texture at a wider pitch than lines, and a sheet of nine backs stays
    a few thousand shapes rather than ten thousand (lighter files, faster printers)."""
    return lines * 1.6 if pattern == "dots" else lines


def draw_card_front(surface: "Surface", frame: "Frame", deck: DeckLook, name: str, flavour: str) -> None:
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
    text_box(surface, 4.0, band + 2.0, w - 8.0, 5.5, deck.question, font="sans-italic", size=7.5,
             min_size=6, colour=FADED, align="centre")
    text_box(surface, 5.0, band + 9.0, w - 10.0, 24.0, name, font="sans-bold", size=15, min_size=9,
             colour=INK, align="centre", valign="middle")
    y = band + 36.0
    surface.line(w / 2 - 14, y, w / 2 - 3, y, stroke=dark, width=0.4)
    surface.line(w / 2 + 3, y, w / 2 + 14, y, stroke=dark, width=0.4)
    draw_symbol(surface, deck.symbol, w / 2, y, 3.2, fill=dark)
    text_box(surface, 6.0, y + 3.5, w - 12.0, h - y - 14.5, flavour, font="sans-italic", size=8.5, min_size=6.5,
             colour=INK, align="centre", valign="middle", leading=1.25)
    surface.line(6.0, h - 9.0, w - 6.0, h - 9.0, stroke=lighten(FADED, 0.4), width=0.25)
    surface.text(w / 2, h - 5.0, f"{deck.footer} · {deck.title}", font="sans", size=6.5, colour=FADED,
                 anchor="middle")
    surface.rect(1.8, 1.8, w - 3.6, h - 3.6, stroke=dark, width=0.5, radius=2.5)


def draw_card_back(surface: "Surface", frame: "Frame", deck: DeckLook) -> None:
    w, h, bleed = frame.width, frame.height, frame.bleed
    dark = darken(deck.colour, 0.15)
    surface.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=dark)
    draw_pattern(surface, deck.pattern, -bleed, -bleed, w + 2 * bleed, h + 2 * bleed,
                 colour=lighten(dark, 0.3), spacing=_spacing(deck.pattern, 3.0), width=0.4)
    # A parchment medallion, centred with wide margins so a duplex shift of a few mm
    # never pushes it off the card.
    mw, mh = w - 16.0, 50.0
    mx, my = 8.0, (h - mh) / 2
    surface.rect(mx, my, mw, mh, fill=PARCHMENT, stroke=INK, width=0.5, radius=mw / 2 * 0.35)
    draw_symbol(surface, deck.symbol, w / 2, my + 11.0, 11.0, fill=dark, stroke=INK, width=0.3)
    surface.text(w / 2, my + 27.0, deck.title.upper(), font="sans-bold", size=13, colour=INK, anchor="middle")
    text_box(surface, mx + 4.0, my + 30.0, mw - 8.0, 9.0, deck.motto, font="sans-italic", size=7.5,
             min_size=6, colour=FADED, align="centre")
    surface.text(w / 2, my + mh - 4.0, deck.game, font="sans", size=6.5, colour=FADED, anchor="middle")


# --- tokens ---------------------------------------------------------------------------------------
SPECTATORS: tuple[str, ...] = ("perruque", "tricorne", "bonnet", "coiffe")


def draw_spectator(surface: "Surface", frame: "Frame", design: str, *, reverse: bool = False) -> None:
    """A spectator's bust on a round token; the back shows the same spectator in reverse
    colours, so a token reads as a spectator whichever side lands up."""
    w, bleed = frame.width, frame.bleed
    c = w / 2
    ground, figure = (INK, PARCHMENT) if reverse else (PARCHMENT, INK)
    surface.circle(c, c, c + bleed, fill=ground)
    surface.circle(c, c, c - 0.9, stroke=figure, width=0.3)
    s = w / 17.0  # designed on a 17 mm token
    head_y = c - 1.2 * s
    # Shoulders: the top half of an ellipse, cut by the token's edge.
    shoulders = [(c + 5.6 * s * math.cos(math.radians(t)), c + 6.8 * s + 4.6 * s * math.sin(math.radians(t)))
                 for t in range(180, 361, 10)] + [(c + 5.6 * s, w + bleed), (c - 5.6 * s, w + bleed)]
    with surface.clipped(0.9, 0.9, w - 1.8, w - 1.8, circle=True):
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


def draw_speaker(surface: "Surface", frame: "Frame", text: str, subtitle: str, game: str) -> None:
    w, bleed = frame.width, frame.bleed
    c = w / 2
    surface.circle(c, c, c + bleed, fill=INK)
    surface.circle(c, c, c - 2.0, fill=PARCHMENT, stroke=None)
    surface.circle(c, c, c - 3.6, stroke=INK, width=0.4)
    # A ring of small seats: the whole theatre listens to whoever holds this token.
    for k in range(24):
        x, y = _polar(c, c, c - 6.2, k * 15)
        surface.circle(x, y, 0.9, fill=FADED)
    # A lectern with an open book: the speaker's chair of an anatomy theatre.
    surface.polygon([(c - 8, c - 15.5), (c - 0.6, c - 13.5), (c - 0.6, c - 10.5), (c - 8, c - 12.5)], fill=INK)
    surface.polygon([(c + 8, c - 15.5), (c + 0.6, c - 13.5), (c + 0.6, c - 10.5), (c + 8, c - 12.5)], fill=INK)
    surface.rect(c - 1.4, c - 10.0, 2.8, 7.0, fill=INK)
    surface.rect(c - 5.5, c - 3.4, 11.0, 1.4, fill=INK, radius=0.5)
    # The title and subtitle come from the layout: each shrinks to the chord of the inner
    # ring at its height, down to 6 pt; beyond that the sheet guard refuses the token.
    for line, base, font, size, colour in ((text.upper(), c + 6.5, "sans-bold", 15.0, INK),
                                           (subtitle, c + 12.0, "sans-italic", 8.5, FADED)):
        chord = 2 * math.sqrt(max((c - 7.5) ** 2 - (base - c) ** 2, 0.0))
        used = largest_fitting_size(
            lambda pt, line=line, font=font, chord=chord: surface.text_width(line, font=font, size=pt) <= chord,
            size, 6.0)
        surface.text(c, base, line, font=font, size=used or size, colour=colour, anchor="middle")
    surface.text(c, c + 18.0, game, font="sans", size=6.5, colour=FADED, anchor="middle")


# --- the player aid ---------------------------------------------------------------------------------
AID_SIZE, AID_MIN_SIZE, AID_LEADING = 9.5, 6.5, 1.2   # body text, pt
HEADING_DEPTH, SECTION_GAP = 7.4, 4.0                  # mm
@dataclass(frozen=True)
class TokenTableText:
    heading: str
    row: str
    seats: str
    gain: str
    penalty: str
    note: str
    rows: tuple[tuple[int, int, int, int], ...]   # (row, seats, gain, penalty), from the engine


def _aid_frame(surface: "Surface", frame: "Frame", title: str, game: str, page: str) -> None:
    w, h, bleed = frame.width, frame.height, frame.bleed
    surface.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=PARCHMENT)
    surface.rect(1.8, 1.8, w - 3.6, h - 3.6, stroke=INK, width=0.5, radius=2.5)
    surface.rect(1.8, 1.8, w - 3.6, 11.0, fill=INK, radius=2.5)
    surface.rect(1.8, 7.0, w - 3.6, 5.8, fill=INK)
    surface.text(7.0, 10.0, title, font="sans-bold", size=11, colour=PARCHMENT)
    surface.text(w - 7.0, 10.0, f"{game} · {page}", font="sans", size=8, colour=PARCHMENT, anchor="end")


def _stack_height(surface: "Surface", w: float, sections: Sequence[Section], size: float) -> float | None:
    """Height of the sections stacked at this body size, or None when a word is too wide."""
    total = 0.0
    for s in sections:
        body = _body_height(surface, w, s.body, size)
        if body is None:
            return None
        total += HEADING_DEPTH + body + SECTION_GAP
    return total - SECTION_GAP


def _body_height(surface: "Surface", w: float, body: str, size: float) -> float | None:
    """Height of a section's body at exactly this size, or None when a word is too wide."""
    try:
        return text_height(surface, w, body, font="sans", size=size, leading=AID_LEADING)
    except TextDoesNotFit:
        return None


@measured_once
def _column_size(surface: "Surface", w: float, h: float, sections: tuple[Section, ...]) -> float:
    """The largest body size (down to AID_MIN_SIZE) at which the sections fit a w x h mm
    column; measured once per column, not once per copy of the aid."""
    def column_fits(size: float) -> bool:
        needed = _stack_height(surface, w, sections, size)
        return needed is not None and needed <= h

    return largest_fitting_size(column_fits, AID_SIZE, AID_MIN_SIZE) or AID_MIN_SIZE


def _sections(surface: "Surface", x: float, y: float, w: float, h: float, sections: Sequence[Section]) -> None:
    """Headings and bodies stacked in a column, at the largest body size (down to
    AID_MIN_SIZE) at which the whole column fits; TextDoesNotFit beyond that."""
    size = _column_size(surface, w, h, tuple(sections))
    top = y
    for s in sections:
        surface.text(x, top + 4.0, s.heading, font="sans-bold", size=10, colour=INK)
        surface.line(x, top + 5.6, x + w, top + 5.6, stroke=FADED, width=0.3)
        body = _body_height(surface, w, s.body, size) or 0.0
        room = y + h - (top + HEADING_DEPTH)
        # text_box raises TextDoesNotFit when even the smallest size overflows the column.
        text_box(surface, x, top + HEADING_DEPTH, w, max(min(body + 0.5, room), 0.1), s.body, font="sans",
                 size=size, min_size=AID_MIN_SIZE, colour=INK, align="left", leading=AID_LEADING)
        top += HEADING_DEPTH + body + SECTION_GAP


def draw_aid_front(surface: "Surface", frame: "Frame", title: str, game: str,
                   sections: Sequence[Section]) -> None:
    w, h = frame.width, frame.height
    _aid_frame(surface, frame, title, game, "1/2")
    col = (w - 7.0 * 2 - 6.0) / 2
    half = (len(sections) + 1) // 2
    _sections(surface, 7.0, 16.0, col, h - 20.0, sections[:half])
    _sections(surface, 7.0 + col + 6.0, 16.0, col, h - 20.0, sections[half:])


def draw_aid_back(surface: "Surface", frame: "Frame", title: str, game: str,
                  sections: Sequence[Section], table: TokenTableText) -> None:
    w, h = frame.width, frame.height
    _aid_frame(surface, frame, title, game, "2/2")
    col = (w - 7.0 * 2 - 6.0) / 2
    half = (len(sections) + 1) // 2
    _sections(surface, 7.0, 16.0, col, h - 20.0, sections[:half])
    x = 7.0 + col + 6.0
    surface.text(x, 20.0, table.heading, font="sans-bold", size=10, colour=INK)
    surface.line(x, 21.6, x + col, 21.6, stroke=FADED, width=0.3)
    headers = (table.row, table.seats, table.gain, table.penalty)
    cw = col / len(headers)
    top, line_h = 24.0, 9.0
    surface.rect(x, top, col, line_h, fill=INK)
    for k, label in enumerate(headers):
        surface.text(x + cw * (k + 0.5), top + 6.0, label, font="sans-bold", size=9, colour=PARCHMENT,
                     anchor="middle")
    # Highest row on top, as on the board.
    for j, (row, seats, gain, penalty) in enumerate(sorted(table.rows, reverse=True)):
        y = top + line_h * (j + 1)
        surface.rect(x, y, col, line_h, fill=STONE[(row - 1) % len(STONE)], stroke=FADED, width=0.3)
        for k, value in enumerate((row, seats, gain, penalty)):
            surface.text(x + cw * (k + 0.5), y + 6.3, str(value), font="sans-bold", size=11, colour=INK,
                         anchor="middle")
    note_top = top + line_h * (len(table.rows) + 1) + 3.0
    note = Section("", table.note)
    size = AID_SIZE - 1.0
    note_h = _stack_height(surface, col, [note], size) or 0.0
    text_box(surface, x, note_top, col, note_h - HEADING_DEPTH + 0.5, table.note, font="sans", size=size,
             min_size=AID_MIN_SIZE, colour=INK, leading=AID_LEADING)
    rest_top = note_top + note_h - HEADING_DEPTH + SECTION_GAP
    if sections[half:]:
        _sections(surface, x, rest_top, col, h - 4.0 - rest_top, sections[half:])
