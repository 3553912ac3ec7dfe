"""Hoc Censeo (RULES.md §4): the print-and-play kit for three tribes voting in royal Rome.

Reads layouts/hoc-censeo/:
  colours.yaml     the four colours of the laws: palette ink, symbol, name, domain
  objectives.yaml  each tribe's secret circle and secondary objective (checked by the
                   rule engine's validate_objectives)
  motions.yaml     the ready-written motions printed as cards (or motions.csv)
  texts.yaml       every other printed sentence, with {PLACEHOLDERS} for the rule
                   engine's numbers

and makes five components: the three tribe sheets, a blank sheet, motion slips to write
on, the motion cards and the magistrate's aid. Every number printed (100 senators, 9
rounds, 8 portions, the calamity portions, the bonuses) comes from
scorekeeper.rules.hoc_censeo; this module never types one.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, Literal

from kit.errors import LayoutError
from kit.games.hoc_censeo.pieces import (
    ACCENT,
    ROMAN_BOLD,
    SIZES,
    ColourInfo,
    HocLayout,
    Motion,
    Objective,
    draw_ballot,
    draw_ballot_back,
    draw_fold_screen,
    draw_magistrate_aid,
    draw_motion_back,
    draw_motion_card,
    draw_motion_slip,
    draw_objectives_back,
    draw_objectives_card,
    draw_tribe_sheet,
    objectives_card_size,
)
from kit.i18n import P_, _, printed_language, refusal
from kit.model import Component, Frame, GameKit, Piece
from kit.paper import printable_area
from kit.parts import icons
from kit.placeholders import fill
from kit.schema import (
    MAX_COPIES,
    Field,
    ListOf,
    Record,
    check,
    entry_name,
    find,
    layout_dir,
    load_layout,
    load_yaml,
    read_yaml,
)
from kit.typography import NBSP, ordinal, typeset
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import hoc_censeo as rules

GAME_ID = rules.GAME_ID

# --- schemas ----------------------------------------------------------------------------------
COLOUR = Record({
    "ink": Field("colour", doc="palette name or #RRGGBB"),
    "symbol": Field("symbol", doc="the vector symbol that doubles the colour"),
    "name": Field("text", doc="the colour's printed name"),
    "domain": Field("text", doc="what a law of this colour strengthens"),
})
COLOURS_FILE = Record({
    "colours": Field(Record({c: Field(COLOUR) for c in rules.COLOURS})),
    "chaos": Field(Record({
        "ink": Field("colour", default="mid", doc="the grey of Rome's chaos"),
        "calamity_symbol": Field("symbol", default="cross", doc="marks the portions that bring a calamity"),
    })),
})

TRIBE = Record({
    "tribe": Field(str, choices=rules.TRIBES),
    "origin": Field("text", default="", doc="a short line under the tribe's name"),
    "circle": Field(Record({c: Field(int, default=0, min=0) for c in rules.COLOURS})),
    "secondary": Field(Record({
        "kind": Field(str, choices=rules.SECONDARY_KINDS),
        "amount": Field(int, min=1),
    })),
}, name_key="tribe")
OBJECTIVES_FILE = Record({"tribes": Field(ListOf(TRIBE, min_len=len(rules.TRIBES), max_len=len(rules.TRIBES)))})

MOTION = Record({
    "title": Field("text", min=1, max=60),
    "colour": Field(str, choices=rules.COLOURS),
    "text": Field("text", min=1, max=320),
    "copies": Field(int, default=1, min=1, max=MAX_COPIES),
}, name_key="title")
# A game draws one motion per round: fewer written motions could not fill a game.
MOTIONS_FILE = Record({"motions": Field(ListOf(MOTION, min_len=rules.ROUNDS))})


def _strings(*keys: str) -> Record:
    """Printed texts (kit.overlay finds a "text" field's English in en/texts.yaml)."""
    return Record({k: Field("text") for k in keys})


COMPONENT_TEXT = _strings("name", "instructions")
COMPONENT_IDS = ("tribe-sheets", "blank-sheet", "motion-slips", "ballots", "motion-cards", "magistrate-aid")
# The sheets and the aid fill the page; the slips and the cards are cut to the size declared,
# within the bounds their drawing states (pieces.SIZES).
CUT_COMPONENTS = ("motion-slips", "ballots", "motion-cards")


def _cut_to_size(cid: str) -> Record:
    smallest, largest = SIZES[cid]
    return Record({**COMPONENT_TEXT.fields, "size": Field("size", min=smallest, max=largest,
                                                          doc="poker, tarot..., WxH or [width, height] in mm")})
SECTION = Record({"title": Field("text"), "body": Field("text"),
                  "bonus_table": Field(bool, default=False, doc="the bonus table follows this section")},
                 name_key="title")
TEXTS_FILE = Record({
    "kit": Field(Record({"title": Field("text"), "players": Field("text"), "summary": Field("text"),
                         "bring": Field(ListOf("text"))})),
    "components": Field(Record({c: Field(_cut_to_size(c) if c in CUT_COMPONENTS else COMPONENT_TEXT)
                                for c in COMPONENT_IDS})),
    "sheet": Field(Record({
        **{k: Field("text") for k in (
            "fold_hint", "secret", "secret_card", "circle_goal", "secondary_goal", "or_word", "win_hint", "blank_tribe",
            "blank_circle", "blank_secondary", "own_circle", "own_circle_hint", "rome_circle",
            "rome_circle_hint", "calamity", "round", "pour", "contre", "senators_left", "start", "gold",
            "seals", "spend_hint", "legend", "legend_base", "legend_bonus", "chaos_legend", "senator_changes",
            "senator_changes_hint", "winning_side", "your_rank")},
        "secondary_kinds": Field(_strings(*rules.SECONDARY_KINDS)),
    })),
    "bonus": Field(_strings("seals", "seals_plural", "gold", "gold_plural", "senators", "senators_plural",
                            "choice")),
    "slip": Field(_strings("title", "law", "text", "colour", "fold")),
    "ballot": Field(_strings("fold", "outside")),
    "card": Field(_strings("back_title", "back_subtitle")),
    "aid": Field(Record({
        "title": Field("text"), "subtitle": Field("text"),
        "sections": Field(ListOf(SECTION, min_len=1)),
        "bonus_table": Field(_strings("title", "colour", "domain", "bonus", "base")),
        "reminder": Field("text"),
    })),
})


# --- numbers and placeholders -------------------------------------------------------------------
def _most_per_round(resource: Literal["gold", "seals"]) -> int:
    """The most gold or seals one tribe can gain in one round: sizes its row of boxes.

    Seals: the largest POUR voter's seal plus the largest seal bonus (mauve picks among the
    other bonuses, so the largest covers it). Gold: the first CONTRE prize, or the gold
    bonus of a POUR win, whichever is larger (one vote has one winning side).
    """
    bonus = max((gains.get(resource, 0) for gains in rules.COLOUR_BONUS.values()), default=0)
    if resource == "seals":
        return rules.POUR_SEALS + bonus
    return max(rules.CONTRE_GOLD[0], bonus)


def engine_values() -> dict[str, Any]:
    """The rule engine's numbers, by the names texts.yaml may use in braces."""
    ordinals = [ordinal(k, printed_language()) for k in rules.CALAMITY_AT]
    calamities = ordinals[0]
    for later in ordinals[1:]:  # « quatrième, puis la huitième », "fourth, then the eighth"
        calamities = P_("{earlier}, then the {later}").format(earlier=calamities, later=later)
    return {
        "PLAYERS": rules.PLAYERS,
        "START_SENATORS": rules.START_SENATORS,
        "ROUNDS": rules.ROUNDS,
        "MOTIONS_PER_PLAYER": rules.MOTIONS_PER_PLAYER,
        "CIRCLE_PORTIONS": rules.CIRCLE_PORTIONS,
        "ROME_PORTIONS": rules.ROME_PORTIONS,
        "CALAMITY": calamities,
        "CALAMITY_GOLD": rules.CALAMITY_LOSS["gold"],
        "CALAMITY_SENATORS": rules.CALAMITY_LOSS["senators"],
        "POUR_SEALS": rules.POUR_SEALS,
        "POUR_RANKS": rules.POUR_COLOURING_RANKS,
        "CONTRE_GOLD_1": rules.CONTRE_GOLD[0],
        "CONTRE_GOLD_2": rules.CONTRE_GOLD[1],
        "SEALS_PER_PORTION": rules.SEALS_PER_PORTION,
        "SENATORS_PER_GOLD": rules.SENATORS_PER_GOLD,
        "VERT_SENATORS": rules.COLOUR_BONUS["vert"]["senators"],
        "CALAMITY_FIRST": ordinals[0],
        "CHAOS_BEFORE_CALAMITY": rules.CALAMITY_AT[0] - 1,
    }


def drawing_numbers() -> dict[str, Any]:
    """What the pieces draw: counts of rows, portions and boxes."""
    return {
        "PLAYERS": rules.PLAYERS,
        "ROUNDS": rules.ROUNDS,
        "START_SENATORS": rules.START_SENATORS,
        "CIRCLE_PORTIONS": rules.CIRCLE_PORTIONS,
        "ROME_PORTIONS": rules.ROME_PORTIONS,
        "CALAMITY_AT": tuple(rules.CALAMITY_AT),
        "GOLD_BOXES": rules.ROUNDS * _most_per_round("gold"),
        "SEAL_BOXES": rules.ROUNDS * _most_per_round("seals"),
    }


def _fill_tree(node: Any, values: dict[str, Any], file: Path, path: str, skip: tuple[str, ...]) -> Any:  # YAML values
    if isinstance(node, dict):
        return {k: (v if f"{path}.{k}".lstrip(".") in skip else
                    _fill_tree(v, values, file, f"{path}.{k}".lstrip("."), skip)) for k, v in node.items()}
    if isinstance(node, list):
        return [_fill_tree(v, values, file, f"{path}[{i}]", skip) for i, v in enumerate(node, start=1)]
    if isinstance(node, str):
        entry, _, field = path.rpartition(".")
        return fill(node, values, file, entry or None, field)
    return node


# --- loading ----------------------------------------------------------------------------------
def _load_colours(folder: Path, bonus: dict[str, Any]) -> tuple[dict[str, ColourInfo], str, str]:
    path = find(folder, "colours")
    data = load_yaml(path, COLOURS_FILE)
    colours = data["colours"]
    seen: dict[str, str] = {}
    for key in rules.COLOURS:
        symbol = colours[key]["symbol"]
        if symbol in seen:
            raise LayoutError(path, f"colours.{key}", "symbol",
                              _("{symbol} is already the symbol of {colour}; each colour needs its own, so colour is "
                                "never the only cue").format(symbol=f"'{symbol}'", colour=seen[symbol]))
        seen[symbol] = key
    infos = {key: ColourInfo(key=key, ink=c["ink"], symbol=c["symbol"], name=c["name"], domain=c["domain"],
                             bonus=bonus[key])
             for key, c in colours.items()}
    return infos, data["chaos"]["ink"], data["chaos"]["calamity_symbol"]


def _bonus_strings(texts: dict[str, Any], file: Path) -> dict[str, str]:
    """How each colour's bonus reads (« +1 Sceau »), from the rule engine's COLOUR_BONUS."""
    words = texts["bonus"]

    def one(resource: str, amount: int) -> str:
        key = resource if amount == 1 else f"{resource}_plural"
        # "+1 Sceau" stays on one line: the amount never ends a line apart from its noun.
        return fill(words[key], {"n": amount}, file, "bonus", key).replace(" ", NBSP)

    out = {colour: ", ".join(one(r, a) for r, a in gains.items()) for colour, gains in rules.COLOUR_BONUS.items()}
    choices = [out[c] for c in rules.MAUVE_CHOICES]
    listed = (P_("{options} or {last}").format(options=", ".join(choices[:-1]), last=choices[-1])
              if len(choices) > 1 else choices[0])
    for colour in rules.COLOURS:
        if colour not in out:  # mauve: the voter picks one of the others
            out[colour] = typeset(f"{words['choice']} {listed}", printed_language())
    return out


def _read_objectives(folder: Path) -> dict[str, tuple[str, dict[str, Any], dict[object, Any]]]:
    """tribe -> (entry name, checked entry, raw entry) of objectives.yaml, each tribe judged
    by the rule engine."""
    path = find(folder, "objectives")
    raw = read_yaml(path)
    data = check(raw, OBJECTIVES_FILE, path)
    entries: dict[str, tuple[str, dict[str, Any], dict[object, Any]]] = {}  # the raw entry as the YAML keys it
    for i, (tribe, raw_tribe) in enumerate(zip(data["tribes"], raw["tribes"]), start=1):
        entry = entry_name("tribes", i, tribe["tribe"])
        if tribe["tribe"] in entries:
            raise LayoutError(path, entry, "tribe", _("the tribe {tribe} appears twice; give each of {tribes} once")
                              .format(tribe=tribe["tribe"], tribes=", ".join(rules.TRIBES)))
        entries[tribe["tribe"]] = (entry, tribe, raw_tribe)
    # The rule engine is the judge of what an objective may be; check each tribe on its own
    # (the others at their defaults) so the error names the tribe and the field at fault.
    for key, (entry, tribe, raw_tribe) in entries.items():
        candidate = dict(rules.DEFAULT_OBJECTIVES)
        candidate[key] = {"circle": dict(tribe["circle"]), "secondary": dict(tribe["secondary"])}
        try:
            rules.validate_objectives(candidate)
        except RuleViolation as violation:
            field = violation.field
            where = getattr(raw_tribe.get(field), "line", None)  # the YAML loader keeps line numbers
            problem = refusal(violation)
            if where:
                problem = _("{problem} (line {line})").format(problem=problem, line=where)
            raise LayoutError(path, entry, field, problem) from None
    return entries


def rule_objectives(layouts_root: Path | str) -> dict[str, Any]:
    """The objectives of layouts/hoc-censeo as the rule engine takes them (the session
    option `objectives`): what `kit simulate` plays with."""
    entries = _read_objectives(layout_dir(layouts_root, GAME_ID))
    return rules.validate_objectives({key: {"circle": dict(tribe["circle"]), "secondary": dict(tribe["secondary"])}
                                      for key, (_, tribe, _) in entries.items()})


def load_motions(layouts_root: Path | str) -> tuple[Motion, ...]:
    """The ready-written motions, without the rest of the kit's texts."""
    return _load_motions(layout_dir(layouts_root, GAME_ID))


def _load_objectives(folder: Path, texts: dict[str, Any], values: dict[str, Any]) -> tuple[Objective, ...]:
    entries = _read_objectives(folder)
    out = []
    for key in rules.TRIBES:
        entry, tribe, raw_tribe = entries[key]
        # Portions are drawn clockwise in the order the designer listed the colours.
        order = [c for c in raw_tribe["circle"] if c in rules.COLOURS]
        circle = tuple((c, tribe["circle"][c]) for c in order if tribe["circle"][c] > 0)
        secondary = tribe["secondary"]
        sentence = fill(texts["sheet"]["secondary_kinds"][secondary["kind"]],
                         {**values, "amount": secondary["amount"]}, find(folder, "texts"),
                         "sheet.secondary_kinds", secondary["kind"])
        out.append(Objective(tribe=key, name=rules.TRIBE_NAMES[key], origin=tribe["origin"],
                             circle=circle, secondary=sentence))
    return tuple(out)


def _load_motions(folder: Path) -> tuple[Motion, ...]:
    path = find(folder, "motions", table=True)
    data = load_layout(path, MOTIONS_FILE)
    return tuple(Motion(title=m["title"], colour=m["colour"], text=m["text"], copies=m["copies"])
                 for m in data["motions"])


def load(layouts_root: Path | str) -> HocLayout:
    """Read and check layouts/hoc-censeo/ into what the pieces draw."""
    folder = layout_dir(layouts_root, GAME_ID)
    texts_path = find(folder, "texts")
    raw_texts = check(read_yaml(texts_path), TEXTS_FILE, texts_path)
    values = engine_values()
    # Templates with their own placeholders ({amount}, {n}) are filled where they are used.
    texts = _fill_tree(raw_texts, values, texts_path, "", skip=("sheet.secondary_kinds", "bonus"))
    bonus = _bonus_strings(raw_texts, texts_path)
    colours, chaos_ink, calamity_symbol = _load_colours(folder, bonus)
    pictures = icons.load(layouts_root, GAME_ID)
    return HocLayout(colours=colours, chaos_ink=chaos_ink, calamity_symbol=calamity_symbol,
                     objectives=_load_objectives(folder, raw_texts, values), motions=_load_motions(folder),
                     texts=texts, numbers=drawing_numbers(), emblems=pictures.decks, colour_emblems=pictures.types)


# --- the kit ------------------------------------------------------------------------------------
# The layout files whose schema holds a size (a card's, a board's, a token's diameter), by
# file name: what a designer may resize (tests/helpers/game_sizes.py tries each one).
SIZED_FILES = {"texts.yaml": TEXTS_FILE}


def build(layouts_root: Path | str) -> GameKit:
    layout = load(layouts_root)
    t = layout.texts

    def component_text(cid: str) -> dict[str, Any]:
        found: dict[str, Any] = t["components"][cid]
        return found

    slips = rules.PLAYERS * rules.MOTIONS_PER_PLAYER  # one slip per motion the table writes
    # One back for every sheet with a fold zone: drawn once per PDF, repeated behind each.
    screen = partial(draw_fold_screen, layout=layout)
    _, _, page_w, page_h = printable_area("a4")
    # At a digital table each tribe's secrets are a card dealt face down into its player's
    # hand, under a back they all share; the sheet's record below the fold stays on paper.
    objectives = Component(
        id="tribe-objectives", name=t["sheet"]["secret_card"], kind="card",
        size=objectives_card_size(Frame(page_w, page_h), layout),
        pieces=tuple(Piece(label=o.name, front=partial(draw_objectives_card, layout=layout, objective=o))
                     for o in layout.objectives),
        back=partial(draw_objectives_back, layout=layout), secret=True)
    components = (
        Component(id="tribe-sheets", name=component_text("tribe-sheets")["name"], kind="sheet", size="page",
                  pieces=tuple(Piece(label=o.name, front=partial(draw_tribe_sheet, layout=layout, objective=o))
                               for o in layout.objectives),
                  back=screen, back_screens=True, instructions=component_text("tribe-sheets")["instructions"],
                  secret=True, digital=objectives),
        Component(id="blank-sheet", name=component_text("blank-sheet")["name"], kind="sheet", size="page",
                  pieces=(Piece(label=t["sheet"]["blank_tribe"].rstrip(" :\u00a0"),
                                front=partial(draw_tribe_sheet, layout=layout, objective=None)),),
                  back=screen, back_screens=True, instructions=component_text("blank-sheet")["instructions"],
                  print_only=True),
        Component(id="motion-slips", name=component_text("motion-slips")["name"], kind="aid",
                  size=component_text("motion-slips")["size"],
                  pieces=(Piece(label=t["slip"]["title"], copies=slips,
                                front=partial(draw_motion_slip, layout=layout)),),
                  instructions=component_text("motion-slips")["instructions"], print_only=True),
        # One ballot per tribe and round, named by nothing but its round: folded on its
        # middle, the amounts inside, a mosaic outside so they do not show through.
        Component(id="ballots", name=component_text("ballots")["name"], kind="aid",
                  size=component_text("ballots")["size"],
                  pieces=tuple(Piece(label=f"{t['sheet']['round']} {n}", copies=rules.PLAYERS,
                                     front=partial(draw_ballot, layout=layout, round_=n),
                                     back=partial(draw_ballot_back, layout=layout, round_=n))
                               for n in range(1, rules.ROUNDS + 1)),
                  instructions=component_text("ballots")["instructions"], print_only=True,
                  # Each round's outside names it in the middle, on the parchment that runs to
                  # the cut: touching ballots of two rounds leave a miscut nothing to tell.
                  backs_alike_at_edges=True),
        Component(id="motion-cards", name=component_text("motion-cards")["name"], kind="card",
                  size=component_text("motion-cards")["size"],
                  pieces=tuple(Piece(label=entry_name("motions", i, m.title),
                                     front=partial(draw_motion_card, layout=layout, motion=m), copies=m.copies)
                               for i, m in enumerate(layout.motions, start=1)),
                  back=partial(draw_motion_back, layout=layout),
                  instructions=component_text("motion-cards")["instructions"]),
        Component(id="magistrate-aid", name=component_text("magistrate-aid")["name"], kind="aid", size="page",
                  pieces=(Piece(label=t["aid"]["title"],
                                front=partial(draw_magistrate_aid, layout=layout)),),
                  instructions=component_text("magistrate-aid")["instructions"]),
    )
    # The player count is a catalogue field (kit list, the contents header): plain spaces.
    players = t["kit"]["players"].replace(NBSP, " ")
    return GameKit(id=GAME_ID, title=t["kit"]["title"], players=players, components=components,
                   bring=tuple(t["kit"]["bring"]), summary=t["kit"]["summary"], title_font=ROMAN_BOLD,
                   accent=ACCENT)

