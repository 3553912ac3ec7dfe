"""The figures of `kit simulate` for people: lines for the terminal, and a PDF with one page
per game (tables and histograms) drawn on the kit's own surface, like every other page the
kit prints. Only kit.surface knows reportlab; here are rectangles, lines and text."""
from __future__ import annotations

from pathlib import Path

from scorekeeper.rules import module as rule_module


def _pct(r: dict) -> str:
    return f"{100 * r['rate']:5.1f} % [{100 * r['low']:.1f}–{100 * r['high']:.1f}]"


def _spread(d: dict) -> str:
    return (f"mean {d['mean']:.3g}, median {d['median']:g}, 10–90 % {d['p10']:g}–{d['p90']:g}, "
            f"range {d['min']:g}–{d['max']:g}")


def title(summary: dict) -> str:
    return rule_module(summary["game"]).TITLE


def lines(summary: dict) -> list[str]:
    """The summary as a short text: wins with their 95 % intervals, length, the game's figures."""
    wins = summary["wins"]
    out = [f"{title(summary)}: {summary['games']} games, {summary['players']} players, seed {summary['seed']}, "
           f"bots {', '.join(summary['bots'])}",
           "", "Wins (95 % Wilson interval):"]
    out += [f"  seat {s['seat']} ({s['bot']}){'':8} {_pct(s)}" for s in wins["seats"]]
    out += [f"  {role:20} {_pct(r)}" for role, r in wins["roles"].items()]
    if len(wins["bots"]) > 1:
        out += [f"  {bot + ' (per seat)':20} {_pct(r)}" for bot, r in wins["bots"].items()]
    out += [f"  {'shared win':20} {_pct(wins['shared'])}", f"  {'nobody wins':20} {_pct(wins['nobody'])}"]
    if wins["unfinished"]["count"]:
        out.append(f"  {'cut at the turn cap':20} {_pct(wins['unfinished'])}")
    out += ["", "Length:", f"  rounds: {_spread(summary['length']['rounds'])}",
            f"  turns:  {_spread(summary['length']['turns'])}", "", "Figures:"]
    for figure in summary["figures"].values():
        if figure["kind"] == "distribution":
            out.append(f"  {figure['label']}: {_spread(figure)}")
        elif figure["kind"] == "rate":
            out.append(f"  {figure['label']}: {_pct(figure)}")
        else:
            out.append(f"  {figure['label']}:")
            out += [f"    {name:26} {_pct(r)}" for name, r in figure["of"].items()]
    choices = summary["choices"]
    if choices["never"] or choices["always"]:
        out += ["", "The greedy bot's choices:"]
        out += [f"  never:  {c}" for c in choices["never"]]
        out += [f"  always: {c}" for c in choices["always"]]
    return out


def write_pdf(summaries: list[dict], path: Path | str) -> Path:
    """One A4 page per summary."""
    from kit.simulate.pages import draw_page
    from kit.surface import make_surface

    surface = make_surface("pdf", greyscale=False, title="kit simulate")
    for summary in summaries:
        draw_page(surface, summary)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    surface.save(path)
    return path
