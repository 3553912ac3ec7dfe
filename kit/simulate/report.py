"""The figures of `kit simulate` for people: lines for the terminal, and a PDF with one page
per game (tables and histograms) drawn on the kit's own surface, like every other page the
kit prints. Only kit.surface knows reportlab; here are rectangles, lines and text."""
from __future__ import annotations

from pathlib import Path

from kit.i18n import _
from kit.simulate import words
from kit.simulate.words import title


def _pct(r: dict) -> str:
    return f"{100 * r['rate']:5.1f} % [{100 * r['low']:.1f}–{100 * r['high']:.1f}]"


def _spread(d: dict) -> str:
    return (f"mean {d['mean']:.3g}, median {d['median']:g}, 10–90 % {d['p10']:g}–{d['p90']:g}, "
            f"range {d['min']:g}–{d['max']:g}")


def lines(summary: dict) -> list[str]:
    """The summary as a short text: wins with their 95 % intervals, length, the game's figures."""
    wins = summary["wins"]
    out = [f"{title(summary)}: {summary['games']} games, {summary['players']} players, seed {summary['seed']}, "
           f"bots {', '.join(summary['bots'])}",
           "", "Wins (95 % Wilson interval):"]
    out += [f"  seat {s['seat']} ({s['bot']}){'':8} {_pct(s)}" for s in wins["seats"]]
    out += [f"  {words.role(summary, role):24} {_pct(r)}" for role, r in wins["roles"].items()]
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
    if wins.get("how"):
        out += ["", _("How the winners won (share of games, 95 % interval):")]
        out += [f"  {_(way):32} {_pct(r)}" for way, r in wins["how"].items()]
    if "margin" in wins:
        out.append("  " + _("winners' margin: {spread}").format(spread=_spread(wins["margin"])))
    out += ["", _("Games needed for a win rate to settle within ± 1 point: {counts}").format(
        counts=", ".join(f"{words.seat(s)} {n}" for s, n in zip(wins["seats"], wins["settle"]["seats"])))]
    if wins.get("seat_roles"):
        roles = list(wins["roles"])
        out += ["", _("Win rate by seat and role:"), "  " + " " * 24 + "".join(f"{words.role(summary, r):>12}" for r in roles)]
        for s, by_role in zip(wins["seats"], wins["seat_roles"]):
            out.append(f"  {words.seat(s):24}" + "".join(
                f"{words.number(100 * by_role[r]['rate']) + ' %':>12}" if r in by_role else f"{'':>12}" for r in roles))
    for group, items in summary.get("items", {}).items():
        out += ["", _("Per item, {group}: times per game, and how often its player won").format(group=_(group))]
        for item, f in list(items.items())[:ITEMS_SHOWN]:
            extra = ""
            if "player_won" in f:
                extra = _("its player won {rate}").format(rate=_pct(f["player_won"]))
            elif "outcomes" in f:
                extra = ", ".join(f"{_(o)} {words.number(100 * r['rate'])} %" for o, r in f["outcomes"].items())
            out.append(f"  {item:32} {words.number(f['per_game'], 2):>6}  {extra}")
    choices = summary["choices"]
    if summary.get("warnings"):
        out += ["", _("Warnings:")] + ["  ! " + words.warning(w) for w in summary["warnings"]]
    if any(summary.get("simplifications", {}).values()):
        out += ["", _("What the bots leave out of the game:")]
        out += [f"  {bot}: {_(text)}" for bot, texts in summary["simplifications"].items() for text in texts]
    if choices["never"] or choices["always"]:
        out += ["", "The greedy bot's choices:"]
        out += [f"  never:  {c}" for c in choices["never"]]
        out += [f"  always: {c}" for c in choices["always"]]
    return out


ITEMS_SHOWN = 12      # the cards the terminal lists of each group, the most frequent first


def comparison_lines(result: dict) -> list[str]:
    """A comparison as a short text: each variant's figures beside the reference's, with the
    difference and its 95 % interval (Newcombe's for rates, Welch's for means)."""
    first = result["variants"][0]
    out = [_("{title}: {games} games per variant, seed {seed}, bots {bots}").format(
        title=title(first), games=first["games"], seed=first["seed"], bots=", ".join(first["bots"]))]
    for comparison in result["comparisons"]:
        out += ["", _("A = {a}   B = {b}").format(a=comparison["a"], b=comparison["b"]),
                _("Differences B - A, 95 % interval (rates: Newcombe; means: Welch); * the interval leaves out 0")]
        for row in comparison["rows"]:
            out.append(f"  {_middle(words.row_name(row), 56):56} {words.side(row, 'a'):>9} {words.side(row, 'b'):>9}  "
                       f"{words.difference(row)}{' *' if row['settled'] else ''}"
                       + (_("  (about {n} games to tell)").format(n=row["games_to_settle"])
                          if "games_to_settle" in row else ""))
    for variant in result["variants"]:
        if variant.get("warnings"):
            out += ["", _("Warnings, {variant}:").format(variant=variant["variant"])]
            out += ["  ! " + words.warning(w) for w in variant["warnings"]]
    return out


def _middle(text: str, width: int) -> str:
    """The text cut in its middle to `width`: a tally's category, at its end, stays readable."""
    return text if len(text) <= width else text[:width // 2 - 1] + "…" + text[-(width - width // 2):]


def write_pdf(summaries: list[dict], path: Path | str, comparisons: list[dict] | None = None) -> Path:
    """One A4 page per summary; when comparing, each game's comparison first, then the
    pages of its versions."""
    from kit.simulate.pages import draw_comparison, draw_page
    from kit.surface import make_surface

    surface = make_surface("pdf", greyscale=False, title="kit simulate")
    if comparisons:        # game by game: the comparison, then each version's own page
        for result in comparisons:
            draw_comparison(surface, result)
            for summary in result["variants"]:
                draw_page(surface, summary)
    else:
        for summary in summaries:
            draw_page(surface, summary)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    surface.save(path)
    return path
