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
from kit.i18n import DEFAULT, LANGUAGES, _, join, printing, refusal
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
        if rule_data and field is not None and field not in decks.SHARED_FIELDS:
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


def for_session(game: str, layouts_root: Path | None, lang: str = DEFAULT) -> dict[str, Any] | None:
    """The deck `kit score new` records for `game` (None for a game played without cards),
    from a designer's copy of layouts/ or the kit's own, in the edition `lang`: each card's
    title and texts are that edition's (what the table shows), its id the French one of
    every edition, and its `titles` its title in each edition the layouts hold, so a card
    typed in any language is recognised (scorekeeper.rules.deck.names)."""
    from kit import faces

    builder = faces.of(game).deck
    if builder is None:
        return None
    root = Path(layouts_root) if layouts_root is not None else _default_layouts()
    with printing(lang):
        deck = dict(builder(root))
    titles: dict[str, dict[str, str]] = {}
    for edition in LANGUAGES:
        if edition == lang:
            titles[edition] = {key: card["title"] for key, card in deck["cards"].items()}
            continue
        try:
            with printing(edition):
                titles[edition] = {key: card["title"] for key, card in builder(root)["cards"].items()}
        except LayoutError:
            continue    # a designer's layouts without that edition: the table knows its cards by the others
    # new dicts: a game's layout may keep the deck it read
    deck["cards"] = {key: _with_titles(card, {edition: found[key] for edition, found in titles.items() if key in found})
                     for key, card in deck["cards"].items()}
    return deck


def _default_layouts() -> Path:
    from kit.build import default_layouts
    return default_layouts()


def _with_titles(card: dict[str, Any], titles: dict[str, str]) -> dict[str, Any]:
    """The card with its titles in every edition, written beside its title."""
    out: dict[str, Any] = {}
    for field, value in card.items():
        out[field] = value
        if field == "title":
            out["titles"] = titles
    return out


# A title is named by one of its later words only from this many letters on (« patate » for
# « La patate chaude »): « de » or « la » would name half the deck.
WORD_LETTERS = 4


def _word_begun(wanted: str, among: list[str], cards: dict[str, Any]) -> list[str]:
    """The cards of `among` with a word of their title (in any edition) beginning as
    `wanted` does, where it is long enough to mean something."""
    if len(wanted) < WORD_LETTERS:
        return []
    return [key for key in among if any(f"-{wanted}" in f"-{decks.slug(name)}" for name in decks.names(cards[key]))]


def _named(wanted: str, among: list[str], cards: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The cards of `among` whose id or title is `wanted` (its title in the session's edition
    first, then in another: Flattery or Flatterie), and those it names: those, else the
    titles it begins, else those with a word it begins."""
    exact = ([key for key in among if key == wanted or decks.slug(cards[key]["title"]) == wanted]
             or [key for key in among if wanted in map(decks.slug, decks.names(cards[key]))])
    begun = exact or [key for key in among
                      if any(decks.slug(name).startswith(wanted) for name in decks.names(cards[key]))]
    return exact, begun or _word_begun(wanted, among, cards)


def typed_card(text: str, cards: dict[str, Any], offered: list[str]) -> str | None:
    """The id of the card among `offered` that `text` names as people type it: its title
    (in any edition the deck records) or id, any case, with or without accents, a unique
    beginning of its title, or else of a word of it (« patate »). None
    when `text` names none of them; a KitError with the closest title offered ("did you
    mean") when it is near one, or names a card of the deck not offered now."""
    wanted = decks.slug(text)
    if not wanted:
        return None
    for among in (offered, list(cards)):       # what may be played first, then the whole deck
        exact, begun = _named(wanted, among, cards)
        if len(begun) == 1 or exact:
            if begun[0] in offered:
                return begun[0]
            raise KitError(_("{card} cannot be played here; the cards offered are {cards}.").format(
                card=cards[begun[0]]["title"], cards=join([cards[key]["title"] for key in offered])))
    typed = {decks.slug(name): name for key in offered for name in reversed(decks.names(cards[key]))}
    close = difflib.get_close_matches(wanted, list(typed), n=1, cutoff=0.6)
    if close:   # the closest title in whichever edition was typed
        raise KitError(_("No card is called {typed}; did you mean {title}?").format(typed=text.strip(),
                                                                                  title=typed[close[0]]))
    return None
