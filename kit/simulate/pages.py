"""One A4 page of `kit simulate --report`: the figures of one game, drawn with the surface's
primitives (rectangles, lines, text), so the report is made like every other page of the kit.

Top to bottom: the title and what was played; each bot's heuristic and what it leaves out
of the game; the warnings; the win rates as bars with their 95 % intervals as whiskers, and
how the winners won; the seat x role table; the histograms (game length, the winners'
margin, the game's own measures) in a grid, with both axes; the rates and tallies as bars;
per card (per motion), as much as the page holds. A comparison page puts each figure of two
variants side by side with the difference and its interval.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from kit.i18n import _, ngettext
from kit.simulate import Comparison, Row, Summary, words
from kit.simulate.stats import Rate
from kit.simulate.words import title
from kit.surface import Surface

PAGE_W, PAGE_H = 210.0, 297.0
MARGIN = 14.0
WIDTH = PAGE_W - 2 * MARGIN
INK, MUTED, RULE = "#1a1a1a", "#555555", "#b0b0b0"
BAR, WHISKER, TRACK = "#4f7cac", "#1a1a1a", "#e6e6e6"
WARN, OTHER = "#a33b20", "#d08c3c"
ROW = 4.6                  # mm per bar row
LABEL_W = 62.0             # the label column of a bar row
VALUE_W = 38.0             # the number column
FAIR_W = 14.0              # the multiple of the fair share, left of the numbers
COLUMNS = 3                # histograms per row

# A bar row: its label, its rate (None: a group's heading), and its multiple of the fair share.
RateRow = tuple[str, Rate | None] | tuple[str, Rate | None, float]
CELL_H = 39.0


def _fit(surface: Surface, text: str, width: float, size: float, font: str = "sans") -> str:
    """The text, cut with an ellipsis if it would run past `width`."""
    if surface.text_width(text, font=font, size=size) <= width:
        return text
    while text and surface.text_width(text + "…", font=font, size=size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(surface: Surface, text: str, width: float, size: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and surface.text_width(f"{lines[-1]} {word}", size=size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _heading(surface: Surface, y: float, text: str) -> float:
    surface.text(MARGIN, y + 4.2, text, font="sans-bold", size=10.5, colour=INK)
    surface.line(MARGIN, y + 5.6, MARGIN + WIDTH, y + 5.6, stroke=RULE, width=0.3)
    return y + 7.5


def _pct(r: Rate) -> str:
    return words.percent(r)


def _rate_rows(surface: Surface, y: float, rows: Sequence[RateRow], scale: float = 1.0) -> float:
    """Label | a bar on a 0..scale track with the interval as a whisker | the rate as a
    multiple of its group's fair share, for the rows that give one | the numbers."""
    track_x = MARGIN + LABEL_W
    track_w = WIDTH - LABEL_W - VALUE_W - FAIR_W
    for label, r, *fair in rows:
        mid = y + ROW / 2
        if fair:
            surface.text(track_x + track_w + FAIR_W - 1.5, mid + 1.1, words.times_fair(fair[0]), size=7,
                         colour=MUTED, anchor="end")
        if r is None:       # a group's heading row
            surface.text(MARGIN, mid + 1.1, _fit(surface, label, WIDTH, 7.5, "sans-bold"), font="sans-bold",
                         size=7.5, colour=INK)
            y += ROW
            continue
        surface.text(MARGIN, mid + 1.1, _fit(surface, label, LABEL_W - 2, 7.5), size=7.5, colour=INK)
        surface.rect(track_x, y + 0.8, track_w, ROW - 1.6, fill=TRACK)
        surface.rect(track_x, y + 0.8, track_w * min(1.0, r["rate"] / scale), ROW - 1.6, fill=BAR)
        low, high = (track_x + track_w * min(1.0, v / scale) for v in (r["low"], r["high"]))
        surface.line(low, mid, high, mid, stroke=WHISKER, width=0.3)
        for x in (low, high):
            surface.line(x, y + 1.3, x, y + ROW - 1.3, stroke=WHISKER, width=0.3)
        surface.text(MARGIN + WIDTH, mid + 1.1, _pct(r), size=7.5, colour=INK, anchor="end")
        y += ROW
    return y


def _histogram(surface: Surface, x: float, y: float, w: float, label: str, d: dict[str, Any]) -> None:
    """A labelled histogram: the share of the values (y, in %) at each value (x), with the
    mean and quartiles under it."""
    surface.text(x, y + 3.0, _fit(surface, label, w, 7.5, "sans-bold"), font="sans-bold", size=7.5, colour=INK)
    top, bottom = y + 6.5, y + CELL_H - 13.0
    bars = d["histogram"]
    axis = x + 7.0                      # the y axis, its labels on its left
    if bars:
        total = sum(count for _value, count in bars) or 1
        most = max(count for _value, count in bars) or 1
        step = (x + w - axis) / len(bars)
        for i, (_value, count) in enumerate(bars):
            h = (bottom - top) * count / most
            surface.rect(axis + i * step + 0.15 * step, bottom - h, 0.7 * step, h, fill=BAR)
        surface.line(axis, bottom, x + w, bottom, stroke=INK, width=0.25)
        surface.line(axis, top, axis, bottom, stroke=INK, width=0.25)
        for share, at in ((0.0, bottom), (most / total, top)):
            surface.line(axis - 0.8, at, axis, at, stroke=INK, width=0.25)
            surface.text(axis - 1.2, at + 0.9, f"{words.number(100 * share, 0)} %", size=5.5, colour=MUTED,
                         anchor="end")
        surface.text(axis + 1.0, top - 0.8, _("share of the values"), size=5.5, colour=MUTED)

        def edge(value: float | list[float]) -> str:
            if isinstance(value, list):
                low, high = (words.number(v, _decimals(v)) for v in value)
                return low if low == high else f"{low}–{high}"     # a bin of one value says it once
            return words.number(value, _decimals(value))

        if len(bars) <= 12:        # few bars: each one named under itself
            for i, (value, _count) in enumerate(bars):
                surface.text(axis + (i + 0.5) * step, bottom + 3.0, edge(value), size=6.5, colour=MUTED,
                             anchor="middle")
        else:
            surface.text(axis, bottom + 3.0, edge(bars[0][0]), size=6.5, colour=MUTED)
            surface.text(x + w, bottom + 3.0, edge(bars[-1][0]), size=6.5, colour=MUTED, anchor="end")
    surface.text(x, bottom + 7.0, _fit(surface, _("mean {mean} · median {median} · 50 % within {p25}–{p75}").format(
        mean=words.number(d["mean"], 2), median=words.number(d["median"], _decimals(d["median"])),
        p25=words.number(d["p25"], _decimals(d["p25"])), p75=words.number(d["p75"], _decimals(d["p75"]))), w, 6.5),
        size=6.5, colour=INK)


def _decimals(value: float) -> int:
    return 0 if float(value).is_integer() else 2


def _lines(surface: Surface, y: float, texts: list[str], size: float = 7.0, colour: str = INK,
           bottom: float = PAGE_H - MARGIN) -> float:
    """Wrapped paragraphs, as many as fit above `bottom`."""
    for text in texts:
        for line in _wrap(surface, text, WIDTH, size):
            if y + 3.2 > bottom:
                return y
            surface.text(MARGIN, y + 2.5, line, size=size, colour=colour)
            y += 3.2
    return y


def draw_page(surface: Surface, summary: Summary) -> None:
    """One page of the report, top to bottom: what was played, the warnings, who wins, how
    long and how much, how often, and per item as room remains."""
    y = _page_head(surface, summary)
    if summary.get("warnings"):
        y = _heading(surface, y, _("Warnings: figures to check before trusting them"))
        y = _lines(surface, y, ["! " + words.warning(w, summary["game"]) for w in summary["warnings"][:MAX_WARNINGS]],
                   colour=WARN) + 2.0
    y = _wins_section(surface, y, summary)
    y = _lengths_section(surface, y, summary)
    y = _rates_section(surface, y, summary)
    _items_section(surface, y, summary)
    surface.end_page()


def _page_head(surface: Surface, summary: Summary) -> float:
    """The page's title (the game, how many games), its variant, what was played (players,
    bots, seed, options, layouts) and the bots; where the page goes on."""
    surface.begin_page(PAGE_W, PAGE_H)
    y = MARGIN
    games = f"{summary['games']:,}".replace(",", "\u00a0")
    surface.text(MARGIN, y + 6.5, ngettext("{title}: {n} simulated game", "{title}: {n} simulated games",
                                           summary["games"]).format(title=title(summary), n=games),
                 font="sans-bold", size=16, colour=INK)
    y += 10.5
    if summary.get("variant"):
        surface.text(MARGIN, y + 2.5, _fit(surface, _("Variant: {variant}").format(variant=summary["variant"]),
                                           WIDTH, 8, "sans-bold"), font="sans-bold", size=8, colour=INK)
        y += 4.0
    options = ", ".join(f"{k}={v}" for k, v in summary["options"].items()) or _("none")
    bots = _("bots rotated round the table: {bots}") if summary.get("rotate") else _("bots by seat: {bots}")
    meta = _("{players} players · {bots} · seed {seed} · options: {options} · layouts: {layouts}").format(
        players=summary["players"], bots=bots.format(bots=words.bots(summary["bots"])), seed=summary["seed"],
        options=options, layouts=summary["layouts"])
    surface.text(MARGIN, y + 2.5, _fit(surface, meta, WIDTH, 7.5), size=7.5, colour=MUTED)
    y += 4.0
    y = _bots(surface, y + 1.0, summary) + 1.0
    return y


def _wins_section(surface: Surface, y: float, summary: Summary) -> float:
    """Who wins: each seat, role and bot with its fair share, shared wins and none, how the
    winners won, the games a seat's rate needs to settle, seat by role."""
    wins = summary["wins"]
    rows: list[RateRow] = [(words.seat(s), s, f) for s, f in zip(wins["seats"], words.fair_shares(wins["seats"]))]
    roles = list(wins["roles"].items())
    rows += [(words.role(summary, role), r, f) for (role, r), f in zip(roles, words.fair_shares([r for _, r in roles]))]
    if len(wins["bots"]) > 1:
        by_bot = list(wins["bots"].items())
        rows += [(_("{bot} (per seat)").format(bot=words.bot(bot)), r, f)
                 for (bot, r), f in zip(by_bot, words.fair_shares([r for _, r in by_bot]))]
    rows += [(_("a shared win"), wins["shared"]), (_("nobody wins"), wins["nobody"])]
    if wins["unfinished"]["count"]:
        rows.append((_("cut at the simulator's turn cap"), wins["unfinished"]))
    if wins.get("how"):
        rows.append((_("How the winners won"), None))
        rows += [(f"    {_(way)}", r) for way, r in wins["how"].items()]
    y = _heading(surface, y, _("Who wins (share of games, 95 % Wilson interval)"))
    y = _rate_rows(surface, y, rows) + 1.0
    settle = ", ".join(_("seat {seat}: {n}").format(seat=s["seat"], n=f"{n:,}".replace(",", "\u00a0"))
                       for s, n in zip(wins["seats"], wins["settle"]["seats"]))
    y = _lines(surface, y, [_("× the fair share: a rate over the mean of its group's rates (1 when no seat, role or "
                              "bot has an edge)."),
                            _("Games needed for each seat's rate to be known within ± 1 point: {counts}.").format(
                                counts=settle)], size=6.5, colour=MUTED) + 2.0

    if wins.get("seat_roles"):
        y = _seat_roles(surface, y, summary) + 2.0
    return y


def _lengths_section(surface: Surface, y: float, summary: Summary) -> float:
    """The histograms: the game's length, the winners' lead, the game's distributions."""
    wins = summary["wins"]
    length = summary["length"]
    cells = [(_("Game length: rounds"), length["rounds"])]
    if length["turns"] != length["rounds"]:
        cells.append((_("Game length: turns"), length["turns"]))
    if "margin" in wins:
        cells.append((_("Winners' lead over the next player"), wins["margin"]))
    cells += [(_(f["label"]), f) for f in summary["figures"].values() if f["kind"] == "distribution"]
    y = _heading(surface, y, _("How long, how much (histograms over the games)"))
    gap = 6.0
    cell_w = (WIDTH - (COLUMNS - 1) * gap) / COLUMNS
    for i, (label, d) in enumerate(cells):
        col, row = i % COLUMNS, i // COLUMNS
        _histogram(surface, MARGIN + col * (cell_w + gap), y + row * CELL_H, cell_w, label, d)
    y += CELL_H * ((len(cells) + COLUMNS - 1) // COLUMNS) + 1.0
    return y


def _rates_section(surface: Surface, y: float, summary: Summary) -> float:
    """The game's rates and tallies, each with its 95 % interval."""
    rows = []
    for figure in summary["figures"].values():
        if figure["kind"] == "rate":
            rows.append((_(figure["label"]), figure))
        elif figure["kind"] == "tally":
            rows.append((_(figure["label"]), None))
            rows += [(f"    {_(name)}", r) for name, r in figure["of"].items()]
    if rows:
        y = _heading(surface, y, _("How often (share of games, 95 % Wilson interval)"))
        y = _rate_rows(surface, y, rows) + 3.0
    return y


def _items_section(surface: Surface, y: float, summary: Summary) -> None:
    """Per item (card, design) of each group, as room remains on the page: how often its
    player won, or what came of it."""
    game = summary["game"]
    for group, items in summary.get("items", {}).items():
        room = int((PAGE_H - MARGIN - y - 8) // ROW)
        if room < 3:
            break
        won = [(_("{item} ({n} per game)").format(item=words.value(game, item, str), n=words.number(f["per_game"], 2)),
                f["player_won"]) for item, f in items.items() if "player_won" in f]
        if won:
            y = _heading(surface, y, _("Per item, {group}: how often its player won the game").format(group=_(group)))
            y = _rate_rows(surface, y, won[:room])
        else:
            rows = []
            for item, f in items.items():
                rows.append((_("{item} ({n} per game)").format(item=words.value(game, item, str),
                                                                n=words.number(f["per_game"], 2)), None))
                rows += [(f"    {words.value(game, o)}", r) for o, r in f.get("outcomes", {}).items()]
            y = _heading(surface, y, _("Per item, {group}: what came of it").format(group=_(group)))
            y = _rate_rows(surface, y, rows[:room])
        y += 3.0


def _bots(surface: Surface, y: float, summary: Summary) -> float:
    """Each bot: its name, the heuristic it follows, and what it leaves out of the game."""
    for bot, heuristic in summary["heuristics"].items():
        surface.text(MARGIN, y + 2.5, words.bot(bot), font="sans-bold", size=7, colour=INK)
        y += 3.2
        y = _lines(surface, y, [heuristic_sentence(_(heuristic))], colour=MUTED)
        left_out = summary.get("simplifications", {}).get(bot)
        if left_out:
            y = _lines(surface, y, [_("It leaves out: {what}").format(what=" ".join(_(t) for t in left_out))],
                       colour=MUTED)
        y += 1.0
    return y


def heuristic_sentence(text: str) -> str:
    """A bot's one-line heuristic as a sentence: a capital first and a full stop last."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


MAX_WARNINGS = 8       # the page's warnings, the first ones; the terminal and the JSON have them all


def _seat_roles(surface: Surface, y: float, summary: Summary) -> float:
    """Seat x role: each seat's win rate with each role it was dealt (rows: seats)."""
    wins = summary["wins"]
    roles = list(wins["roles"])
    y = _heading(surface, y, _("Win rate by seat and role"))
    column = (WIDTH - LABEL_W) / max(1, len(roles))
    for i, role in enumerate(roles):
        surface.text(MARGIN + LABEL_W + (i + 0.5) * column, y + 2.8, words.role(summary, role), font="sans-bold",
                     size=7.5, colour=INK,
                     anchor="middle")
    y += ROW
    fair = math.fsum(r["rate"] for r in wins["roles"].values()) / max(1, len(roles))
    for s, by_role in zip(wins["seats"], wins["seat_roles"]):
        surface.text(MARGIN, y + 2.8, words.seat(s), size=7.5, colour=INK)
        for i, role in enumerate(roles):
            if role in by_role:
                r = by_role[role]
                odd = fair and not 0.5 * fair <= r["rate"] <= 1.5 * fair
                surface.text(MARGIN + LABEL_W + (i + 0.5) * column, y + 2.8, _pct(r), size=7,
                             colour=WARN if odd else INK, anchor="middle")
        y += ROW
    return y


def draw_comparison(surface: Surface, result: Comparison) -> None:
    """Pages comparing the variants of one game: each row a figure, A, B, and B - A as a bar
    from 0 with its 95 % interval (rates on one scale in points; means each on its own)."""
    first = result["variants"][0]
    for comparison in result["comparisons"]:
        rows = comparison["rows"]
        start = 0
        while start < len(rows) or start == 0:
            surface.begin_page(PAGE_W, PAGE_H)
            y = MARGIN
            surface.text(MARGIN, y + 6.5, _("{title}: two versions compared").format(title=title(first)),
                         font="sans-bold", size=16, colour=INK)
            y += 10.5
            meta = ngettext("{n} game per version", "{n} games per version", first["games"]).format(
                n=first["games"]) + " · " + _("seed {seed} · bots {bots}").format(
                seed=first["seed"], bots=words.bots(first["bots"]))
            y = _lines(surface, y, [meta, _("A: {a}").format(a=comparison["a"]),
                                    _("B: {b}").format(b=comparison["b"]),
                                    _("B - A with its 95 % interval: Newcombe's hybrid score interval for a difference "
                                      "of rates, Welch's t interval for a difference of means. In bold, an interval "
                                      "that leaves out 0: the games tell the versions apart on that figure.")],
                       colour=MUTED) + 2.0
            y = _heading(surface, y, _("Figure, A, B, and B - A"))
            for x, label in ((MARGIN + NAME_W + VALUE_COL, "A"), (MARGIN + NAME_W + 2 * VALUE_COL, "B"),
                             (MARGIN + WIDTH, _("B - A, 95 % interval"))):
                surface.text(x, y + 2.5, label, font="sans-bold", size=7, colour=INK, anchor="end")
            y += ROW
            scale = max([abs(v) for r in rows if r["kind"] == "rate" for v in (r["low"], r["high"])] + [0.01])
            fit = int((PAGE_H - MARGIN - y) // ROW)
            for row in rows[start:start + fit]:
                y = _comparison_row(surface, y, row, scale)
            start += fit
            surface.end_page()
            if start >= len(rows):
                break


NAME_W, VALUE_COL = 70.0, 16.0     # a comparison row's figure name, and each of its A and B columns


def _comparison_row(surface: Surface, y: float, row: Row, scale: float) -> float:
    name_w, value_w, diff_w = NAME_W, VALUE_COL, 44.0
    track_x = MARGIN + name_w + 2 * value_w + 2.0
    track_w = WIDTH - name_w - 2 * value_w - diff_w - 4.0
    mid = y + ROW / 2
    font = "sans-bold" if row["settled"] else "sans"
    surface.text(MARGIN, mid + 1.1, _fit(surface, words.row_name(row), name_w - 2, 7.5, font), font=font, size=7.5,
                 colour=INK)
    surface.text(MARGIN + name_w + value_w, mid + 1.1, words.side(row, "a"), size=7.5, colour=INK, anchor="end")
    surface.text(MARGIN + name_w + 2 * value_w, mid + 1.1, words.side(row, "b"), size=7.5, colour=INK, anchor="end")
    zero = track_x + track_w / 2
    surface.rect(track_x, y + 0.8, track_w, ROW - 1.6, fill=TRACK)
    surface.line(zero, y + 0.4, zero, y + ROW - 0.4, stroke=MUTED, width=0.3)
    if row["kind"] == "rate":
        def at(v: float) -> float:
            return zero + track_w / 2 * max(-1.0, min(1.0, v / scale))
    else:       # a mean on its own scale: its interval's widest end at the track's end
        wide = max(abs(row["low"]), abs(row["high"])) or 1.0

        def at(v: float) -> float:
            return zero + track_w / 2 * v / wide
    d = at(row["difference"])
    surface.rect(min(zero, d), y + 1.2, abs(d - zero), ROW - 2.4, fill=BAR if row["kind"] == "rate" else OTHER)
    low, high = at(row["low"]), at(row["high"])
    surface.line(low, mid, high, mid, stroke=WHISKER, width=0.3)
    for x in (low, high):
        surface.line(x, y + 1.3, x, y + ROW - 1.3, stroke=WHISKER, width=0.3)
    surface.text(MARGIN + WIDTH, mid + 1.1, words.difference(row), font=font, size=7, colour=INK, anchor="end")
    return y + ROW
