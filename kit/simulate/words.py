"""The words of `kit simulate`'s figures, in the active language (kit.i18n), shared by the
terminal's lines (report.py) and the PDF's pages (pages.py), which import them from here and
not from each other. The games' own words (figure labels, ways to win, card groups) are
English msgids from each game's bots module, translated here where they are shown."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kit.i18n import N_, _, ngettext
from kit.simulate import Row, Summary, Warning
from kit.simulate.stats import Rate
from scorekeeper.rules import of as rules_of


def title(summary: Summary) -> str:
    return rules_of(summary["game"]).title


def number(value: float, decimals: int = 1) -> str:
    """A number as the active language writes it (a decimal comma in French)."""
    from kit.i18n import active

    text = f"{value:.{decimals}f}"
    return text.replace(".", ",") if active().lang == "fr" else text


def percent(r: Rate, width: int = 0) -> str:
    """"51.0 % [44.1–57.8]": a rate with its 95 % interval (the rate right-aligned on
    `width` characters, for columns)."""
    return _("{rate} % [{low}–{high}]").format(rate=number(100 * r["rate"]).rjust(width), low=number(100 * r["low"]),
                                               high=number(100 * r["high"]))


def seat(s: dict[str, Any]) -> str:
    if s["bot"] == "rotated":
        return _("seat {seat} (bots rotated)").format(seat=s["seat"])
    return _("seat {seat} ({bot})").format(seat=s["seat"], bot=bot(s["bot"]))


def fair_shares(rates: list[Rate]) -> list[float]:
    """Each rate over the group's fair share (the mean of its rates: what every seat, role or
    bot would win if none had an edge), as the warnings and issue 26's bounds read them."""
    fair = sum(r["rate"] for r in rates) / len(rates) if rates else 0.0
    return [r["rate"] / fair if fair else 0.0 for r in rates]


def times_fair(value: float) -> str:
    """"× 1.02": a rate as a multiple of its fair share."""
    return _("× {times}").format(times=number(value, 2))


# The bots' names as the report says them (`--bots` takes the ids on the left).
BOT_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "lookahead": N_("lookahead")}


def bot(name: str) -> str:
    return _(BOT_NAMES[name]) if name in BOT_NAMES else name


def bots(names: list[str]) -> str:
    return ", ".join(bot(name) for name in names)


def choice(decision: str, option: str, game: str) -> str:
    """A bot's decision and one of its options ("kind of turn: draw"), both English msgids
    of the game's bots module or the game's own words (a colour, a card's title)."""
    return _("{decision}: {option}").format(decision=_(decision), option=value(game, option))


def value(game: str, word: str, otherwise: Callable[[str], str] = _) -> str:
    """One of the game's values as its faces say it (kit/faces.py `words`: Hoc Censeo's
    « vert » is « green » in English, « pour » FOR), else `otherwise(word)`: a msgid of its
    bots translated, a card's title as it is (str)."""
    from kit import faces

    shown = faces.of(game).words.get(word)
    return _(shown) if shown is not None else otherwise(word)


def signed(value: float, scale: float = 100.0, decimals: int = 1) -> str:
    text = number(scale * value, decimals)
    return text if text.startswith("-") else "+" + text


def difference(row: Row) -> str:
    """"+4.2 points [+1.0 to +7.4]" for rates, "+0.31 [+0.12 to +0.50]" for means."""
    if row["kind"] == "rate":
        return _("{difference} points [{low} to {high}]").format(
            difference=signed(row["difference"]), low=signed(row["low"]), high=signed(row["high"]))
    return _("{difference} [{low} to {high}]").format(difference=signed(row["difference"], 1, 2),
                                                     low=signed(row["low"], 1, 2), high=signed(row["high"], 1, 2))


def side(row: Row, key: str) -> str:
    return f"{number(100 * row[key])} %" if row["kind"] == "rate" else number(row[key], 2)


# What a comparison row is about (compare.rows' `what`), its name filled in.
ROW_NAMES = {
    "seat": N_("seat {name} wins"), "role": N_("{name} wins"), "bot": N_("{name} wins (per seat)"),
    "shared": N_("a shared win"), "nobody": N_("nobody wins"), "unfinished": N_("cut at the turn cap"),
    "how": N_("won by: {name}"), "margin": N_("winners' margin (mean)"),
    "length": N_("game length: {name} (mean)"),
}


def role(summary: Summary, name: str) -> str:
    """A role as the game prints it (the role_names of its faces), else its id."""
    shown: str = summary.get("role_names", {}).get(name, name)
    return shown


def row_name(row: Row) -> str:
    name: str = row["shown"] if "shown" in row else row["name"]
    if row["what"] == "figure":
        return _(name)
    if row["what"] == "tally":
        label, _sep, category = name.partition(": ")
        return f"{_(category)} — {_(label)}"     # the category first: a long label is cut, not it
    if row["what"] == "how":
        name = _(name)
    elif row["what"] == "bot":
        name = bot(name)
    elif row["what"] == "length":
        name = {"rounds": _("rounds"), "turns": _("turns")}[name]
    return _(ROW_NAMES[row["what"]]).format(name=name)


def warning(w: Warning, game: str) -> str:
    """One warning of runner.warnings about a simulation of `game`, as a sentence."""
    kind, what = w["kind"], w.get("what")
    label: str = w["name"] if "name" in w else w["label"]
    if what == "seat":
        label = _("seat {seat}").format(seat=label)
    elif what == "bot":
        label = bot(label)
    elif what in ("figure", "how"):
        label = _(label)
    if kind == "certain":
        if w["rate"] == 0:
            return _("{figure}: 0 % of the games. A figure that never happens is the bots' or the layouts' doing "
                     "before it is the game's: check it.").format(figure=label)
        return _("{figure}: 100 % of the games. A figure that always happens is the bots' or the layouts' doing "
                 "before it is the game's: check it.").format(figure=label)
    if kind == "share":
        return _("{who} wins {rate} % of its games, {times} times its fair share ({fair} %): "
                 "outside 0.5 to 1.5 times.").format(who=label, rate=number(100 * w["rate"]),
                                                     times=number(w["times"], 2), fair=number(100 * w["fair"]))
    if kind == "same_end":
        if what == "how":
            return _("Every game is won the same way ({way}).").format(way=label)
        return _("Every game ends the same way: {figure}, {value}.").format(figure=label, value=_(w["value"]))
    return ngettext("{bot} never took “{choice}”, offered {n} time: the bot is made that way; it says nothing "
                    "of the choice itself.",
                    "{bot} never took “{choice}”, offered {n} times: the bot is made that way; it says nothing "
                    "of the choice itself.", w["offered"]).format(
                        bot=bot(w["bot"]), choice=choice(w["decision"], w["option"], game) if "decision" in w else label,
                        n=w["offered"])
