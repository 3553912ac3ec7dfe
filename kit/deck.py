"""The deck the kit prints is the deck the table plays (SCOREKEEPER.md "Cards at the table").

Each card design of `layouts/<game>/` has a stable id (declared, or the slug of its title:
scorekeeper.rules.deck.slug), unique within the game. A game with cards gives its layout.py
a `deck(layouts_root) -> dict` building `{"cards": {ID: {...}}}` from its layouts; `kit
score new` records it in the session header (`for_session`), and the bots and the
simulator read the same one. What a layout gets wrong is a LayoutError naming the file,
the entry and the field:

- a duplicate id (`assign_ids`);
- rule data the engine refuses (`checked`, `read_checked`: the rules' own reading of a deck,
  so a layout cannot hold a card a session would refuse; a game whose rules read its cards
  into typed records gives those records to its faces, its header and its bots);
- a number written by hand in a text that its data should give (`numbers_from_data`).
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from kit.errors import KitError, LayoutError
from kit.i18n import _, join, refusal
from scorekeeper.errors import RuleViolation
from scorekeeper.rules import deck as decks

_NUMBER = re.compile(r"\d+")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def assign_ids(designs: list[dict[str, Any]], file: Path | str, base: str, label_key: str = "title") -> list[str]:
    """Each design's id: its declared `id`, else the slug of its title; a duplicate, or a
    declared id that is not written as one, is a LayoutError on the second entry."""
    from kit.schema import entry_name  # the layout side: the table's faces read no YAML

    ids: list[str] = []
    for i, design in enumerate(designs, start=1):
        declared = str(design.get("id") or "")
        key = declared or decks.slug(str(design[label_key]))
        where = entry_name(base, i, design[label_key])
        if not decks.is_id(key):
            raise LayoutError(file, where, "id", _("{value} is not an id: write lower-case letters, digits and "
                                                   "hyphens, such as {example}").format(
                                                       value=repr(key), example=decks.slug(key) or "flatterie"))
        if key in ids:
            first = ids.index(key) + 1
            raise LayoutError(file, where, "id", _("{value} is already the id of {entry}; each card needs its own id "
                                                   "(declare `id` to tell them apart)").format(
                                                       value=repr(key), entry=f"{base}[{first}]"))
        ids.append(key)
    return ids


def checked(deck: dict[str, Any], game: str, file: Path | str, base: str, index: dict[str, int],
            rule_data: str | None = None) -> dict[str, Any]:
    """`deck` as the engine reads it from a header (scorekeeper.rules.<game>.read_deck):
    a refusal becomes a LayoutError (`read_checked`)."""
    from scorekeeper.rules import module

    rules: Any = module(game)      # a game with cards has read_deck (scorekeeper.rules)
    read_checked(rules.read_deck, deck, file, base, index, rule_data)
    return deck


T = TypeVar("T")


def read_checked(read: Callable[[dict[str, Any]], T], deck: dict[str, Any], file: Path | str, base: str,
                 index: dict[str, int], rule_data: str | None = None) -> T:
    """What the rules' `read` makes of a header's `deck` built from a layout (its checked
    cards, or their typed records): a refusal becomes a LayoutError naming the entry
    (`index`: id -> its 1-based place in the file's list) and the field the engine names
    (inside `rule_data` when the layout keeps the rule data under that key)."""
    from kit.schema import entry_name

    try:
        return read(deck)
    except RuleViolation as problem:
        key = problem.params.get("id")
        cards = deck["cards"]
        where = (entry_name(base, index[key], cards[key]["title"])
                 if isinstance(key, str) and key in index and key in cards else base)
        field = problem.field
        if rule_data and field is not None and field not in decks.CARD_FIELDS:
            field = f"{rule_data}.{field}"
        raise LayoutError(file, where, field, refusal(problem)) from None


def numbers_from_data(text: str, data: dict[str, Any], file: Path | str, entry: str, field: str) -> None:
    """A text printed on a card writes its numbers as placeholders of the card's data, so the
    number printed is the number the table applies: a number typed by hand is a LayoutError
    (naming the placeholder that holds it when there is one)."""
    found = _NUMBER.search(_PLACEHOLDER.sub("", text))
    if found is None:
        return
    number = int(found.group())
    holding = [name for name, value in data.items() if value == number and not isinstance(value, bool)]
    if holding:
        problem = _("the text writes {number} by hand; write {placeholder}, the card's data that holds it, so the "
                    "printed number is the one the table applies").format(number=number,
                                                                         placeholder="{" + holding[0] + "}")
    else:
        problem = _("the text writes {number}, a number the card's data does not hold; give the card that number "
                    "in its rule data and write its placeholder").format(number=number)
    raise LayoutError(file, entry, field, problem)


def for_session(game: str, layouts_root: Path | None) -> dict[str, Any] | None:
    """The deck `kit score new` records for `game` (None for a game played without cards),
    from a designer's copy of layouts/ or the kit's own."""
    from kit import faces

    builder = faces.of(game).deck
    if builder is None:
        return None
    if layouts_root is None:
        from kit.build import default_layouts
        layouts_root = default_layouts()
    return dict(builder(Path(layouts_root)))


def typed_card(text: str, cards: dict[str, Any], offered: list[str]) -> str | None:
    """The id of the card among `offered` that `text` names as people type it: its title
    or id, any case, with or without accents, or a unique beginning of its title. None
    when `text` names none of them; a KitError with the closest title offered ("did you
    mean") when it is near one, or names a card of the deck not offered now."""
    wanted = decks.slug(text)
    if not wanted:
        return None
    for among in (offered, list(cards)):       # what may be played first, then the whole deck
        exact = [key for key in among if key == wanted or decks.slug(cards[key]["title"]) == wanted]
        begun = exact or [key for key in among if decks.slug(cards[key]["title"]).startswith(wanted)]
        if len(begun) == 1 or exact:
            if begun[0] in offered:
                return begun[0]
            raise KitError(_("{card} cannot be played here; the cards offered are {cards}.").format(
                card=cards[begun[0]]["title"], cards=join([cards[key]["title"] for key in offered])))
    close = difflib.get_close_matches(wanted, [decks.slug(cards[key]["title"]) for key in offered], n=1, cutoff=0.6)
    if close:
        title = next(cards[key]["title"] for key in offered if decks.slug(cards[key]["title"]) == close[0])
        raise KitError(_("No card is called {typed}; did you mean {title}?").format(typed=text.strip(), title=title))
    return None
