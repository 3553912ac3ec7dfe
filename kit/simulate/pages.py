"""One A4 page of `kit simulate --report`: the figures of one game, drawn with the surface's
primitives (rectangles, lines, text), so the report is made like every other page of the kit.

Top to bottom: the title and what was played; the win rates as bars with their 95 %
intervals as whiskers; the histograms (game length, then the game's own measures) in a
grid; the rates and tallies as bars; the greedy bot's choices never or always taken.
"""
from __future__ import annotations

from kit.simulate.words import title
from kit.surface import Surface

PAGE_W, PAGE_H = 210.0, 297.0
MARGIN = 14.0
WIDTH = PAGE_W - 2 * MARGIN
INK, MUTED, RULE = "#1a1a1a", "#555555", "#b0b0b0"
BAR, WHISKER, TRACK = "#4f7cac", "#1a1a1a", "#e6e6e6"
ROW = 4.6                  # mm per bar row
LABEL_W = 62.0             # the label column of a bar row
VALUE_W = 38.0             # the number column
COLUMNS = 3                # histograms per row
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


def _pct(r: dict) -> str:
    return f"{100 * r['rate']:.1f} %  [{100 * r['low']:.1f}–{100 * r['high']:.1f}]"


def _rate_rows(surface: Surface, y: float, rows: list[tuple[str, dict]], scale: float = 1.0) -> float:
    """Label | a bar on a 0..scale track with the interval as a whisker | the numbers."""
    track_x = MARGIN + LABEL_W
    track_w = WIDTH - LABEL_W - VALUE_W
    for label, r in rows:
        mid = y + ROW / 2
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


def _histogram(surface: Surface, x: float, y: float, w: float, label: str, d: dict) -> None:
    """A labelled histogram with its axis ends and the mean and quartiles under it."""
    surface.text(x, y + 3.0, _fit(surface, label, w, 7.5, "sans-bold"), font="sans-bold", size=7.5, colour=INK)
    top, bottom = y + 5.0, y + CELL_H - 13.0
    bars = d["histogram"]
    if bars:
        most = max(count for _, count in bars) or 1
        step = w / len(bars)
        for i, (_, count) in enumerate(bars):
            h = (bottom - top) * count / most
            surface.rect(x + i * step + 0.15 * step, bottom - h, 0.7 * step, h, fill=BAR)
        surface.line(x, bottom, x + w, bottom, stroke=INK, width=0.25)

        def edge(value) -> str:
            return f"{value[0]:g}–{value[1]:g}" if isinstance(value, list) else f"{value:g}"

        if len(bars) <= 12:        # few bars: each one named under itself
            for i, (value, _) in enumerate(bars):
                surface.text(x + (i + 0.5) * step, bottom + 3.0, edge(value), size=6.5, colour=MUTED,
                             anchor="middle")
        else:
            surface.text(x, bottom + 3.0, edge(bars[0][0]), size=6.5, colour=MUTED)
            surface.text(x + w, bottom + 3.0, edge(bars[-1][0]), size=6.5, colour=MUTED, anchor="end")
        share = most / (sum(count for _, count in bars) or 1)
        surface.text(x, bottom + 10.0, f"the tallest bar holds {100 * share:.0f} % of the values", size=6,
                     colour=MUTED)
    surface.text(x, bottom + 7.0, _fit(surface, f"mean {d['mean']:.3g} · median {d['median']:g} · "
                                                f"50 % within {d['p25']:g}–{d['p75']:g}", w, 6.5),
                 size=6.5, colour=INK)


def draw_page(surface: Surface, summary: dict) -> None:
    surface.begin_page(PAGE_W, PAGE_H)
    y = MARGIN
    surface.text(MARGIN, y + 6.5, f"{title(summary)}: {summary['games']:,} simulated games".replace(",", " "),
                 font="sans-bold", size=16, colour=INK)
    y += 10.5
    options = ", ".join(f"{k}={v}" for k, v in summary["options"].items()) or "none"
    meta = (f"{summary['players']} players · bots by seat: {', '.join(summary['bots'])} · seed {summary['seed']} · "
            f"options: {options} · layouts: {summary['layouts']}")
    surface.text(MARGIN, y + 2.5, _fit(surface, meta, WIDTH, 7.5), size=7.5, colour=MUTED)
    y += 4.0
    for bot, heuristic in summary["heuristics"].items():
        for line in _wrap(surface, f"{bot}: {heuristic}", WIDTH, 7):
            surface.text(MARGIN, y + 2.5, line, size=7, colour=MUTED)
            y += 3.2
    y += 2.0

    wins = summary["wins"]
    rows = [(f"seat {s['seat']} ({s['bot']})", s) for s in wins["seats"]]
    rows += [(role, r) for role, r in wins["roles"].items()]
    if len(wins["bots"]) > 1:
        rows += [(f"{bot}, per seat", r) for bot, r in wins["bots"].items()]
    rows += [("a shared win", wins["shared"]), ("nobody wins", wins["nobody"])]
    if wins["unfinished"]["count"]:
        rows.append(("cut at the simulator's turn cap", wins["unfinished"]))
    y = _heading(surface, y, "Who wins (share of games, 95 % Wilson interval)")
    y = _rate_rows(surface, y, rows) + 3.0

    length = summary["length"]
    cells = [("Game length: rounds", length["rounds"])]
    if length["turns"] != length["rounds"]:
        cells.append(("Game length: turns", length["turns"]))
    cells += [(f["label"], f) for f in summary["figures"].values() if f["kind"] == "distribution"]
    y = _heading(surface, y, "How long, how much (histograms over the games)")
    gap = 6.0
    cell_w = (WIDTH - (COLUMNS - 1) * gap) / COLUMNS
    for i, (label, d) in enumerate(cells):
        col, row = i % COLUMNS, i // COLUMNS
        _histogram(surface, MARGIN + col * (cell_w + gap), y + row * CELL_H, cell_w, label, d)
    y += CELL_H * ((len(cells) + COLUMNS - 1) // COLUMNS) + 1.0

    rows = []
    for figure in summary["figures"].values():
        if figure["kind"] == "rate":
            rows.append((figure["label"], figure))
        elif figure["kind"] == "tally":
            rows.append((figure["label"], None))
            rows += [(f"    {name}", r) for name, r in figure["of"].items()]
    if rows:
        y = _heading(surface, y, "How often (share of games, 95 % Wilson interval)")
        y = _rate_rows(surface, y, rows) + 3.0

    choices = summary["choices"]
    lines = [f"never: {c}" for c in choices["never"]] + [f"always: {c}" for c in choices["always"]]
    if lines and y < PAGE_H - MARGIN - 12:
        y = _heading(surface, y, "The greedy bot's choices never or always taken (dominated or dominant?)")
        for line in lines:
            if y > PAGE_H - MARGIN - 4:
                break
            surface.text(MARGIN, y + 3.0, _fit(surface, line, WIDTH, 7.5), size=7.5, colour=INK)
            y += 3.8
    surface.end_page()


def draw_comparison(surface: Surface, result: dict) -> None:
    """Pages comparing the variants of one game: each row a figure, A, B, B - A as a bar
    around 0 with its 95 % interval."""
