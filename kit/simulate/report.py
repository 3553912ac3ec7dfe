"""The figures of `kit simulate` for people: lines for the terminal, and a PDF with one page
per game (tables and histograms) drawn on the kit's own surface, like every other page the
kit prints. Only kit.surface knows reportlab; here are rectangles, lines and text."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kit.i18n import _
from kit.simulate import Comparison, Summary, words
from kit.simulate.stats import Rate
from kit.simulate.words import title


def _pct(r: Rate) -> str:
    return words.percent(r, width=5)


def _spread(d: dict[str, Any]) -> str:
    def n(value: float) -> str:
        return words.number(value, 0 if float(value).is_integer() else 2)

    return _("mean {mean}, median {median}, 10–90 % {p10}–{p90}, range {low}–{high}").format(
        mean=words.number(d["mean"], 2), median=n(d["median"]), p10=n(d["p10"]), p90=n(d["p90"]),
        low=n(d["min"]), high=n(d["max"]))


def lines(summary: Summary) -> list[str]:
    """The summary as a short text: the warnings first, then wins with their 95 % intervals,
    how the winners won, the length, the game's figures, per card."""
    out = [_("{title}: {games} games, {players} players, seed {seed}, bots {bots}").format(
        title=title(summary), games=summary["games"], players=summary["players"], seed=summary["seed"],
        bots=words.bots(summary["bots"]) + (" " + _("(rotated)") if summary.get("rotate") else ""))]
    if summary.get("warnings"):
        out += ["", _("Warnings:")] + ["  ! " + words.warning(w, summary["game"]) for w in summary["warnings"]]
    out += _wins_lines(summary)
    out += ["", _("Length:"), "  " + _("rounds: {spread}").format(spread=_spread(summary["length"]["rounds"]))]
    if summary["length"]["turns"] != summary["length"]["rounds"]:
        out.append("  " + _("turns: {spread}").format(spread=_spread(summary["length"]["turns"])))
    out += _figures_lines(summary)
    if any(summary.get("simplifications", {}).values()):
        out += ["", _("What the bots leave out of the game:")]
        out += ["  " + _("{bot}: {text}").format(bot=words.bot(bot), text=_(text))
                for bot, texts in summary["simplifications"].items() for text in texts]
    return out


def _wins_lines(summary: Summary) -> list[str]:
    """Who won: each seat, role and bot against its fair share, shared wins and none, how the
    winners won and by what margin, the games a rate needs to settle, seat by role."""
    wins = summary["wins"]
    out: list[str] = []
    out += ["", _("Wins (95 % Wilson interval; × the fair share, the mean of the group's rates):")]
    out += _fair_rows([(words.seat(s), s) for s in wins["seats"]])
    out += _fair_rows([(words.role(summary, role), r) for role, r in wins["roles"].items()])
    if len(wins["bots"]) > 1:
        out += _fair_rows([(_("{bot} (per seat)").format(bot=words.bot(bot)), r) for bot, r in wins["bots"].items()])
    out += [f"  {_('a shared win'):32} {_pct(wins['shared'])}", f"  {_('nobody wins'):32} {_pct(wins['nobody'])}"]
    if wins["unfinished"]["count"]:
        out.append(f"  {_('cut at the turn cap'):32} {_pct(wins['unfinished'])}")
    if wins.get("how"):
        out += ["", _("How the winners won (share of games, 95 % interval):")]
        out += [f"  {_(way):32} {_pct(r)}" for way, r in wins["how"].items()]
    if "margin" in wins:
        out.append("  " + _("winners' margin: {spread}").format(spread=_spread(wins["margin"])))
    out += ["", _("Games needed for a win rate to settle within ± 1 point: {counts}").format(
        counts=", ".join(f"{words.seat(s)} {n}" for s, n in zip(wins["seats"], wins["settle"]["seats"])))]
    if wins.get("seat_roles"):
        roles = list(wins["roles"])
        out += ["", _("Win rate by seat and role:"),
                "  " + " " * 32 + "".join(f"{words.role(summary, r):>12}" for r in roles)]
        for s, by_role in zip(wins["seats"], wins["seat_roles"]):
            out.append(f"  {words.seat(s):32}" + "".join(
                f"{words.number(100 * by_role[r]['rate']) + ' %':>12}" if r in by_role else f"{'':>12}" for r in roles))
    return out


def _figures_lines(summary: Summary) -> list[str]:
    """The game's own figures (a distribution, a rate, or rates of several outcomes), then
    per item how often it came and how its player fared."""
    out: list[str] = []
    out += ["", _("Figures:")]
    for figure in summary["figures"].values():
        label = _(figure["label"])
        if figure["kind"] == "distribution":
            out.append("  " + _("{label}: {value}").format(label=label, value=_spread(figure)))
        elif figure["kind"] == "rate":
            out.append("  " + _("{label}: {value}").format(label=label, value=_pct(figure).strip()))
        else:
            out.append("  " + _("{label}:").format(label=label))
            out += [f"    {_(name):30} {_pct(r)}" for name, r in figure["of"].items()]
    game = summary["game"]
    for group, items in summary.get("items", {}).items():
        out += ["", _("Per item, {group}: times per game, and how often its player won").format(group=_(group))]
        for item, f in list(items.items())[:ITEMS_SHOWN]:
            extra = ""
            if "player_won" in f:
                extra = _("its player won {rate}").format(rate=words.percent(f["player_won"]))
            elif "outcomes" in f:
                extra = ", ".join(f"{words.value(game, o)} {words.number(100 * r['rate'])} %"
                                  for o, r in f["outcomes"].items())
            out.append(f"  {words.value(game, item, str):32} {words.number(f['per_game'], 2):>6}  {extra}")
    return out


def _fair_rows(rows: list[tuple[str, Rate]]) -> list[str]:
    """Rate rows of one group, each with its multiple of the group's fair share."""
    shares = words.fair_shares([r for _label, r in rows])
    return [f"  {label:32} {_pct(r):22} {words.times_fair(f)}" for (label, r), f in zip(rows, shares)]


ITEMS_SHOWN = 12      # the cards the terminal lists of each group, the most frequent first


def comparison_lines(result: Comparison) -> list[str]:
    """A comparison as a short text: each variant's figures beside the reference's, with the
    difference and its 95 % interval (Newcombe's for rates, Welch's for means)."""
    first = result["variants"][0]
    out = [_("{title}: {games} games per variant, seed {seed}, bots {bots}").format(
        title=title(first), games=first["games"], seed=first["seed"], bots=words.bots(first["bots"]))]
    for comparison in result["comparisons"]:
        out += ["", _("A = {a}   B = {b}").format(a=comparison["a"], b=comparison["b"]),
                _("Differences B - A, 95 % interval (rates: Newcombe; means: Welch); * the interval leaves out 0")]
        for row in comparison["rows"]:
            out.append(f"  {_shortened(words.row_name(row), 56):56} {words.side(row, 'a'):>9} {words.side(row, 'b'):>9}  "
                       f"{words.difference(row)}{' *' if row['settled'] else ''}"
                       + (_("  (about {n} games to tell)").format(n=row["games_to_settle"])
                          if "games_to_settle" in row else ""))
    for variant in result["variants"]:
        if variant.get("warnings"):
            out += ["", _("Warnings, {variant}:").format(variant=variant["variant"])]
            out += ["  ! " + words.warning(w, variant["game"]) for w in variant["warnings"]]
    return out


def _shortened(text: str, width: int) -> str:
    """The text cut at its end to `width` (a tally's category comes first, so it stays whole)."""
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


def write_pdf(summaries: list[Summary], path: Path | str, comparisons: list[Comparison] | None = None) -> Path:
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
