"""« La règle en bref » and the credits: one page of every kit, the back of its contents page.

The texts are the game's `layouts/<game>/rules.yaml` (RULES below): a title, the four
sections every kit explains (setup, the turn, the actions, the end and the scoring) and the
game's credits (its author and origin, and the rights notice of its document, when the
document names them). The rule engine's numbers appear in them as {placeholders}, filled
from the game's `engine_values()` (kit.games.<game>.layout), never typed.

What is the same for every kit is written here: the fonts' licences, the kit's version and
its build date (`build_info`). The page is drawn inside a box the caller gives (the back of
the contents page, A4 or Letter minus margins): the sections flow down two columns, the
credits sit at the foot, and the body takes the largest size from BODY_SIZES at which all of
it fits; nothing is ever drawn under MIN_BODY pt or outside the box.
"""
from __future__ import annotations

import datetime as _dt
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

import kit
import kit.games
from kit.errors import KitError, TextDoesNotFit
from kit.i18n import N_, P_, _, printed_language
from kit.palette import GREYS, resolve
from kit.parts import icons
from kit.parts.text import largest_fitting_size, text_box, text_height
from kit.placeholders import fill
from kit.schema import Field, Record, find, layout_dir, load_yaml

if TYPE_CHECKING:
    from kit.surface.base import Surface

SECTIONS = ("setup", "turn", "actions", "end")   # in print order
SECTION = Record({
    "heading": Field("text", min=1),
    "text": Field("text", min=1, doc="French, the project's own words; {placeholders} are the engine's numbers"),
})
RULES = Record({
    "title": Field("text", min=1, doc="the page's heading"),
    "accent": Field("colour", default="black", doc="the heading's rule"),
    "sections": Field(Record({key: Field(SECTION) for key in SECTIONS})),
    "credits": Field(Record({
        "game": Field("text", min=1, doc="who made the game and where it comes from"),
        "rights": Field("text", default="", doc="the rights notice of the game's document, in the project's words"),
    })),
})

# Every kit prints with these fonts (kit/fonts, LICENSE-*.txt beside them).
FONTS_CREDIT = N_("Fonts: {noto} and {cinzel}, both under the free SIL Open Font License 1.1, included with their "
                  "files.")
FONTS = {"noto": "Noto Sans (The Noto Project Authors)", "cinzel": "Cinzel (The Cinzel Project Authors)"}

MIN_BODY = 8.0
BODY_SIZES = (10.5, MIN_BODY)   # the largest size that fits, by 0.25 pt
LEADING = 1.22
GUTTER = 6.0      # mm between the two columns
INK = GREYS["ink"]

MONTHS = ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
          "novembre", "décembre")


@dataclass(frozen=True)
class RulesText:
    """A game's rules page, filled and typeset."""

    title: str
    accent: str
    sections: tuple[tuple[str, str], ...]   # (heading, text) in SECTIONS order
    credits: tuple[str, ...]                 # paragraphs: the game's, its rights notice


def load(game_id: str, layouts: Path | str) -> RulesText:
    """The game's rules.yaml under the layouts root, checked, with the engine's numbers filled."""
    folder = layout_dir(layouts, game_id)
    path = find(folder, "rules")
    data = load_yaml(path, RULES)
    values = kit.games.layout_module(game_id).engine_values()
    sections = tuple((fill(data["sections"][key]["heading"], values, path, f"sections.{key}", "heading"),
                      fill(data["sections"][key]["text"], values, path, f"sections.{key}", "text"))
                     for key in SECTIONS)
    credits = tuple(fill(data["credits"][key], values, path, "credits", key) for key in ("game", "rights")
                    if data["credits"][key].strip())
    return RulesText(fill(data["title"], values, path, None, "title"), data["accent"], sections, credits)


def french_date(day: _dt.date) -> str:
    """1er décembre 2026, 15 mars 2027."""
    return f"{'1er' if day.day == 1 else day.day}\u00a0{MONTHS[day.month - 1]} {day.year}"


def printed_date(day: _dt.date) -> str:
    """The day in the printed language: 1er décembre 2026 in French, 1 December 2026 in English."""
    if printed_language() == "fr":
        return french_date(day)
    return f"{day.day}\u00a0{ENGLISH_MONTHS[day.month - 1]} {day.year}"


ENGLISH_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                  "November", "December")


class BuildInfo(TypedDict):
    """What the credits say of the kit itself (build_info)."""
    version: str
    build_date: str


def build_info(game_id: str, layouts: Path | str) -> BuildInfo:
    """{"version", "build_date"} for draw(): the same inputs give the same page, byte for byte.

    The date is SOURCE_DATE_EPOCH's (the reproducible-builds convention, in UTC) when it is
    set; otherwise the day the game's layout files last changed, the newest of their
    modification times: never the clock, which would make every build differ. The files'
    times are what a designer changes by editing them; a fresh checkout gives them the
    checkout's time, so a build meant to match another machine's sets SOURCE_DATE_EPOCH.
    """
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            stamp = int(epoch)
        except ValueError:
            raise KitError(_("SOURCE_DATE_EPOCH must be a whole number of seconds, not {value!r}").format(
                value=epoch)) from None
    else:
        folder = layout_dir(layouts, game_id)
        overlays = folder / printed_language()   # an edition's texts (kit.overlay) date it too
        files = [*folder.iterdir(), *(overlays.iterdir() if overlays.is_dir() else ())]
        stamp = max(int(f.stat().st_mtime) for f in files if f.is_file())
    day = _dt.datetime.fromtimestamp(stamp, tz=_dt.UTC).date()
    return {"version": kit.__version__, "build_date": printed_date(day)}


def _kit_credit(info: BuildInfo) -> str:
    return P_("Print-and-play kit version {version}, made on {date}.").format(version=info["version"],
                                                                               date=info["build_date"])


@dataclass(frozen=True)
class _Plan:
    body: float
    columns: tuple[tuple[int, ...], tuple[int, ...]]   # section indices per column


def _heading_size(body: float) -> float:
    return body + 1.5


def _section_height(surface: Surface, width: float, section: tuple[str, str], body: float) -> float:
    heading, text = section
    h = text_height(surface, width, heading, font="sans-bold", size=_heading_size(body), leading=LEADING)
    return h + 1.2 + text_height(surface, width, text, size=body, leading=LEADING)


def _title_height(surface: Surface, width: float, title: str) -> float:
    return text_height(surface, width, title, font="sans-bold", size=15.0, leading=1.1) + 3.5


def _credits_height(surface: Surface, width: float, paragraphs: tuple[str, ...], body: float) -> float:
    inner = width - 6.0
    heights = [text_height(surface, inner, p, size=body, leading=LEADING) for p in paragraphs]
    heading = text_height(surface, inner, P_("Credits"), font="sans-bold", size=_heading_size(body), leading=LEADING)
    return 3.0 + heading + 1.2 + math.fsum(heights) + 1.6 * (len(heights) - 1) + 3.0


SECTION_GAP = 4.0   # mm between sections in a column
CREDITS_GAP = 5.0   # mm between the columns and the credits


def _plan(surface: Surface, box: tuple[float, float, float, float], rules: RulesText, credits: tuple[str, ...],
          body: float) -> _Plan | None:
    """The two columns at this size, or None when the text does not fit the box."""
    x, y, w, h = box
    column = (w - GUTTER) / 2
    try:
        room = h - _title_height(surface, w, rules.title) - _credits_height(surface, w, credits, body) - CREDITS_GAP
        heights = [_section_height(surface, column, s, body) for s in rules.sections]
    except TextDoesNotFit:
        return None
    # Sections stay whole and in order: the first k go left, the rest right, k chosen so
    # the taller column is as short as it can be.
    def column_height(part: list[float]) -> float:
        return math.fsum(part) + SECTION_GAP * max(len(part) - 1, 0)

    best = None
    for k in range(len(heights) + 1):
        tallest = max(column_height(heights[:k]), column_height(heights[k:]))
        if tallest <= room and (best is None or tallest < best[0]):
            best = (tallest, k)
    if best is None:
        return None
    k = best[1]
    columns = [list(range(k)), list(range(k, len(heights)))]
    return _Plan(body, (tuple(columns[0]), tuple(columns[1])))


def draw(surface: Surface, box: tuple[float, float, float, float], game_id: str, layouts: Path | str,
         info: BuildInfo) -> None:
    """Draw game_id's « La règle en bref » and credits inside box (x, y, w, h in mm, on the
    current page). layouts is the layouts root (a Path, as kit.build passes it to a game's
    layout reader); info holds "version" and "build_date" (build_info). Raises KitError
    when the text cannot fit the box at MIN_BODY pt."""
    rules = load(game_id, layouts)
    pictures = icons.credit(icons.load(layouts, game_id).used())
    credits = rules.credits + ((pictures,) if pictures else ()) + (P_(FONTS_CREDIT).format(**FONTS), _kit_credit(info))
    plans: dict[float, _Plan | None] = {}

    def fits(size: float) -> bool:
        plans[size] = _plan(surface, box, rules, credits, size)
        return plans[size] is not None

    body = largest_fitting_size(fits, BODY_SIZES[0], BODY_SIZES[-1])
    if body is None:
        raise KitError(_("game '{game}', rules page: the rules and credits do not fit a {width:.0f} x {height:.0f} mm "
                         "page even at {size:g} pt; shorten layouts/{game}/rules.yaml").format(
            game=game_id, width=box[2], height=box[3], size=MIN_BODY))
    plan = plans[body]
    assert plan is not None, "the largest fitting size has a plan"
    x, y, w, h = box
    accent = resolve(rules.accent)

    title_h = _title_height(surface, w, rules.title)
    text_box(surface, x, y, w, title_h - 2.5, rules.title, font="sans-bold", size=15.0, min_size=15.0,
             colour=INK, leading=1.1)
    surface.line(x, y + title_h - 1.5, x + w, y + title_h - 1.5, stroke=accent, width=0.6)

    column = (w - GUTTER) / 2
    for c, indices in enumerate(plan.columns):
        cx = x + c * (column + GUTTER)
        cy = y + title_h
        for i in indices:
            heading, text = rules.sections[i]
            hh = text_height(surface, column, heading, font="sans-bold", size=_heading_size(body), leading=LEADING)
            text_box(surface, cx, cy, column, hh + 0.5, heading, font="sans-bold", size=_heading_size(body),
                     min_size=_heading_size(body), colour=INK, leading=LEADING)
            cy += hh + 1.2
            th = text_height(surface, column, text, size=body, leading=LEADING)
            text_box(surface, cx, cy, column, th + 0.5, text, size=body, min_size=body, colour=INK, leading=LEADING)
            cy += th + SECTION_GAP

    ch = _credits_height(surface, w, credits, body)
    top = y + h - ch
    surface.rect(x, top, w, ch, fill=GREYS["pale"], radius=1.5)
    inner = w - 6.0
    cy = top + 3.0
    hh = text_height(surface, inner, P_("Credits"), font="sans-bold", size=_heading_size(body), leading=LEADING)
    text_box(surface, x + 3.0, cy, inner, hh + 0.5, P_("Credits"), font="sans-bold", size=_heading_size(body),
             min_size=_heading_size(body), colour=INK, leading=LEADING)
    cy += hh + 1.2
    for paragraph in credits:
        ph = text_height(surface, inner, paragraph, size=body, leading=LEADING)
        text_box(surface, x + 3.0, cy, inner, ph + 0.5, paragraph, size=body, min_size=body, colour=INK,
                 leading=LEADING)
        cy += ph + 1.6
