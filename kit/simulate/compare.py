"""Two versions of a game side by side: every figure of summary A next to summary B, with
B - A and its 95 % interval. A rate's difference takes Newcombe's hybrid score interval
(stats.newcombe), a mean's difference Welch's t interval (stats.welch). A row whose interval
leaves out 0 is `settled`: the batch was large enough to tell the versions apart on it.

`--compare LAYOUTS_A LAYOUTS_B` and `--option key=v1,v2,...` sweeps both make variants; the
first variant is the reference and each other one is compared with it."""
from __future__ import annotations

import math
from typing import Any

from kit.simulate import Row, Summary
from kit.simulate.stats import Z95, Rate, newcombe, rate, welch


def rows(a: Summary, b: Summary) -> list[Row]:
    """The comparison of two summaries of the same game, figure by figure. Each row:
    what (seat, role, bot, shared, nobody, unfinished, how, figure, tally, length, margin),
    name (which one: a seat's number, a role, a figure's label), kind (rate or mean), the
    value of each side, and difference, low, high, method, settled."""
    out: list[Row] = []

    def add_rate(what: str, name: str, ra: Rate | None, rb: Rate | None, of_a: int, of_b: int) -> None:
        out.append(_rate_row(a, b, what, name, ra, rb, of_a, of_b))

    def add_mean(what: str, name: str, da: dict[str, Any], db: dict[str, Any]) -> None:
        out.append(_mean_row(what, name, da, db))

    wa, wb = a["wins"], b["wins"]
    for sa, sb in zip(wa["seats"], wb["seats"]):
        add_rate("seat", str(sa["seat"]), sa, sb, a["games"], b["games"])
    for role in dict.fromkeys([*wa["roles"], *wb["roles"]]):
        add_rate("role", role, wa["roles"].get(role), wb["roles"].get(role), a["games"], b["games"])
    for bot in dict.fromkeys([*wa["bots"], *wb["bots"]]):
        if bot in wa["bots"] and bot in wb["bots"]:
            add_rate("bot", bot, wa["bots"][bot], wb["bots"][bot], a["games"], b["games"])
    for what in ("shared", "nobody", "unfinished"):
        add_rate(what, what, wa[what], wb[what], a["games"], b["games"])
    for way in dict.fromkeys([*wa.get("how", {}), *wb.get("how", {})]):
        add_rate("how", way, wa["how"].get(way), wb["how"].get(way), a["games"], b["games"])
    if "margin" in wa and "margin" in wb:
        add_mean("margin", "margin", wa["margin"], wb["margin"])
    for name in ("rounds", "turns"):
        if name == "turns" and all(s["length"]["turns"] == s["length"]["rounds"] for s in (a, b)):
            continue     # a game counted in rounds only (Hoc Censeo's votes): said once
        add_mean("length", name, a["length"][name], b["length"][name])
    out += _figure_rows(a, b)
    return out


def _figure_rows(a: Summary, b: Summary) -> list[Row]:
    """The game's own figures both sides measured alike: a rate, a distribution's mean, or
    each category of a tally as a rate."""
    out: list[Row] = []
    for key in dict.fromkeys([*a["figures"], *b["figures"]]):
        fa, fb = a["figures"].get(key), b["figures"].get(key)
        if fa is None or fb is None or fa["kind"] != fb["kind"]:
            continue
        if fa["kind"] == "rate":
            out.append(_rate_row(a, b, "figure", fa["label"], fa, fb, a["games"], b["games"]))
        elif fa["kind"] == "distribution":
            out.append(_mean_row("figure", fa["label"], fa, fb))
        else:
            for category in dict.fromkeys([*fa["of"], *fb["of"]]):
                out.append(_rate_row(a, b, "tally", f"{fa['label']}: {category}", fa["of"].get(category),
                                     fb["of"].get(category), a["games"], b["games"]))
    return out

def _rate_row(a: Summary, b: Summary, what: str, name: str, ra: Rate | None, rb: Rate | None, of_a: int,
              of_b: int) -> Row:
    """Two rates compared (a missing one is 0 of its games): their difference's interval
    (Newcombe), settled when it leaves out 0, else the games it would take to tell them apart;
    a role is shown by its name."""
    ra = ra or rate(0, of_a)
    rb = rb or rate(0, of_b)
    diff = newcombe(ra, rb)
    row: Row = {"what": what, "name": name, "kind": "rate", "a": ra["rate"], "b": rb["rate"], **diff,
           "settled": diff["low"] > 0 or diff["high"] < 0}
    if what == "role":
        row["shown"] = {**b.get("role_names", {}), **a.get("role_names", {})}.get(name, name)
    if not row["settled"] and diff["difference"]:
        row["games_to_settle"] = games_to_tell_apart(ra["rate"], rb["rate"])
    return row


def _mean_row(what: str, name: str, da: dict[str, Any], db: dict[str, Any]) -> Row:
    """Two means compared: their difference's interval (Welch), settled when it leaves out 0."""
    diff = welch(da, db)
    return {"what": what, "name": name, "kind": "mean", "a": da["mean"], "b": db["mean"], **diff,
            "settled": diff["low"] > 0 or diff["high"] < 0}


def games_to_tell_apart(p1: float, p2: float) -> int:
    """Games per version for a difference as large as the one observed to leave 0 out of
    its 95 % interval: z² (p1 (1 - p1) + p2 (1 - p2)) / (p2 - p1)². A difference that is
    really there is then found about half the time: it says the order of magnitude."""
    return math.ceil(Z95 * Z95 * (p1 * (1 - p1) + p2 * (1 - p2)) / ((p2 - p1) ** 2))


def variant_label(layouts: str | None, options: dict[str, Any], swept: set[str]) -> str:
    """What sets a variant apart: its layouts (when comparing) and its swept options."""
    parts = [layouts] if layouts else []
    parts += [f"{key}={_value(value)}" for key, value in options.items() if key in swept]
    return " · ".join(parts)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
