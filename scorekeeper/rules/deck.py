"""The deck a session plays: the cards the kit printed, as the session header records them.

`kit score new` copies each card design of `layouts/<game>/` into the header (SCOREKEEPER.md
"Cards at the table"):

    "deck": {"cards": {ID: {"type": ..., "title": ..., "copies": N, ...its rule data}, ...}}

The engine reads the deck from there alone, so a session replays without the layouts and a
layout changed mid-game does not change the game under way. A game with cards reads the
header's deck with `read` (its own rule data checked by the game), and an entry names a card
by `"card": ID`; the title as people type it (any case, accents or not, ’ or ') is accepted
with `card_id` and stored as the id (`canonical`).

A card's `title` (and its printed texts) are those of the edition the session was made in
(the header's `lang`, French when it has none); its `titles`, where the header records them,
are its title in every edition (`{"fr": "Flatterie", "en": "Flattery"}`), so a card typed in
any of them is recognised whatever the session's language. An older header without `titles`
knows the card by its one title.

    >>> slug("C'est pas moi, c'est lui !")
    'c-est-pas-moi-c-est-lui'
    >>> cards = {"flatterie": {"type": "Avantage", "title": "Flatterie", "copies": 12}}
    >>> card_id(cards, "FLATTERIE", "Promotion")
    'flatterie'
    >>> cards["flatterie"]["titles"] = {"fr": "Flatterie", "en": "Flattery"}
    >>> card_id(cards, "flattery", "Promotion")
    'flatterie'
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from scorekeeper.errors import Message, RuleViolation, plural
from scorekeeper.rules.checks import is_int, shown
from scorekeeper.rules.flow import Event

Card = dict[str, Any]
Cards = Mapping[str, Card]
# What every card of a deck holds beside its game's rule data.
CARD_FIELDS = ("type", "title", "copies")
# A printed text of the card, kept for the faces that show it (a phone taps a title and reads
# this); the engine never reads it.
TEXT_FIELDS = ("text",)
# The card's title in each edition of the kit (language -> title), for recognising a card
# typed in any of them; optional, and never read by a game's rules.
EDITION_FIELDS = ("titles",)
# Every field a deck's card holds that is not its game's rule data.
SHARED_FIELDS = CARD_FIELDS + TEXT_FIELDS + EDITION_FIELDS
_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_NOT_WORD = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """A title as a card id: lower case, no accents, words joined by hyphens."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(ch))
    return _NOT_WORD.sub("-", plain.replace("œ", "oe").replace("æ", "ae")).strip("-")


def is_id(value: object) -> bool:
    """Whether `value` is written as a card id is (see `slug`)."""
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def read(deck: object, game: str, types: Collection[str],
         check_card: Callable[[str, Card], None] | None = None) -> dict[str, Card]:
    """The cards of a header's `deck`, checked: RuleViolation naming the card and the field
    otherwise (the session reports it as FILE:1). `check_card(id, card)` checks the game's
    own rule data. A deck is read once per object (a simulation run gives the same one to
    every game it plays)."""
    known = _READ.get(id(deck))
    if known is not None and known[0] is deck:
        return known[1]
    if not isinstance(deck, dict) or set(deck) != {"cards"} or not isinstance(deck["cards"], dict) or not deck["cards"]:
        raise RuleViolation('The deck must be {{"cards": {{ID: {{...}}, ...}}}} with at least one card, not {value}.',
                            value=shown(deck))
    cards: dict[str, Card] = deck["cards"]
    for key, card in cards.items():
        _check_design(key, card, game, types)
        if check_card is not None:
            check_card(key, card)
    _check_titles(cards)
    if len(_READ) >= 16:
        _READ.clear()
    _READ[id(deck)] = (deck, cards)
    return cards


_READ: dict[int, tuple[object, dict[str, Card]]] = {}


def _check_design(key: object, card: object, game: str, types: Collection[str]) -> None:
    """What every card of a deck holds beside its game's rule data: an id, a type of the
    game, a title, copies, and its printed texts as text."""
    if not is_id(key):
        raise RuleViolation("The deck's card id {id} must be lower-case letters, digits and hyphens, such as "
                            "{example}.", id=shown(key), example=slug(str(key)) or "flatterie")
    if not isinstance(card, dict):
        raise RuleViolation("The deck's card {id} must be an object with its type, title and copies, not {value}.",
                            id=key, value=shown(card))
    if card.get("type") not in types:
        raise RuleViolation("The deck's card {id} has the type {value}; {game}'s types are {types}.", field="type",
                            id=key, value=shown(card.get("type")), game=game, types=", ".join(types))
    title = card.get("title")
    if not isinstance(title, str) or not title.strip():
        raise RuleViolation("The deck's card {id} needs a title, not {value}.", field="title", id=key,
                            value=shown(title))
    copies = card.get("copies")
    if not is_int(copies) or copies < 1:
        raise RuleViolation("The deck's card {id} must have at least 1 copy, not {value}.", field="copies", id=key,
                            value=shown(copies))
    for field in TEXT_FIELDS:
        if field in card and not isinstance(card[field], str):
            raise RuleViolation("The deck's card {id} has a {field} that is not text: {value}.", field=field,
                                id=key, value=shown(card[field]))
    titles = card.get("titles", {})
    if not isinstance(titles, dict) or not all(isinstance(lang, str) and lang and isinstance(text, str) and text.strip()
                                               for lang, text in titles.items()):
        raise RuleViolation("The deck's card {id} must give its titles as an object of language: title, such as "
                            "{example}, not {value}.", field="titles", id=key,
                            example='{"fr": "Flatterie", "en": "Flattery"}', value=shown(titles))


def _check_titles(cards: Cards) -> None:
    """Each card its own title, as people type it (`slug`), in every edition."""
    editions: dict[str, list[str]] = {"": [card["title"] for card in cards.values()]}
    for card in cards.values():
        for lang, text in card.get("titles", {}).items():
            editions.setdefault(lang, []).append(text)
    for titles in editions.values():
        typed = [slug(text) for text in titles]
        for text in titles:
            if typed.count(slug(text)) > 1:
                raise RuleViolation("Two cards of the deck are called {title}; each card needs its own title.",
                                    field="title", title=text)


def names(card: Card) -> list[str]:
    """The titles people may type for `card`: its title in the session's edition first, then
    its title in each other edition the header records (`titles`)."""
    found = [card["title"]]
    found.extend(text for text in card.get("titles", {}).values() if text not in found)
    return found


def _typed_titles(cards: Cards) -> dict[str, tuple[str, str]]:
    """slug -> (id, title) over every title of every card: the session's own titles win over
    another edition's (a card may be called in English what another is called in French)."""
    found: dict[str, tuple[str, str]] = {}
    for key, card in cards.items():
        found.setdefault(slug(card["title"]), (key, card["title"]))
    for key, card in cards.items():
        for text in names(card)[1:]:
            found.setdefault(slug(text), (key, text))
    return found


def card_id(cards: Cards, value: object, game: str, field: str = "card") -> str:
    """The id of the card `value` names: its id, or its title as people type it (any case,
    with or without accents). RuleViolation naming the closest title otherwise, its `field`
    the entry's field that named it (a card in a list of cards laid: that list)."""
    if isinstance(value, str):
        if value in cards:
            return value
        wanted = slug(value)
        for key, card in cards.items():
            if slug(card["title"]) == wanted or key == wanted:
                return key
        typed = _typed_titles(cards)        # then the card's title in another edition
        if wanted in typed:
            return typed[wanted][0]
        # the closest title in whichever edition was typed: « Flatery » -> Flattery; where
        # nothing typed is close to any, the session's own (« zz » names no edition)
        closest = difflib.get_close_matches(wanted, list(typed), n=1) or \
            difflib.get_close_matches(wanted, [slug(card["title"]) for card in cards.values()], n=1, cutoff=0)
        if closest:
            raise RuleViolation("{game} has no card called {card}; did you mean {title}?", field=field, game=game,
                                card=shown(value), title=typed[closest[0]][1])
    raise RuleViolation("{game} has no card called {card}; name a card by its title.", field=field, game=game,
                        card=shown(value))


def canonical(cards: Cards | None, action: Mapping[str, Any], game: str,
              fields: Collection[str] = ("card",)) -> Mapping[str, Any]:
    """`action` with the cards it names by title stored as their ids (what the session
    writes); an unknown card is refused here, naming the closest title."""
    named = [field for field in fields if field in action]
    if not cards or all(isinstance(action[field], str) and action[field] in cards for field in named):
        return action       # by their ids already (what the bots and the faces send): the action itself
    return {**action, **{field: card_id(cards, action[field], game) for field in named}}


def title(cards: Cards, key: str) -> str:
    """The printed title of the card `key` (what people read)."""
    return str(cards[key]["title"])


def of_type(cards: Cards, *types: str) -> list[str]:
    """The ids of the deck's cards of these types, in the deck's order."""
    return [key for key, card in cards.items() if card["type"] in types]


# -- a card told -------------------------------------------------------------------------

def card_line(player: str, title: str, effects: Sequence[Message], *, target: str | None = None,
              entry: bool = True) -> Event:
    """The one line that tells a card played and what it did, for every face (the log, the
    table's story, the phones, guided play): « Ana joue Flatterie : +1 PI ». `effects` are the
    changes the engine applied, read from its result (`change`, `cards`), never from what the
    card prints; none: the card changed nothing. `entry`: the line stands for its entry's
    own (flow.Event.entry); False beside an entry line that says more (a Challenge's die)."""
    if target is None:
        if not effects:
            return Event(Message("{player} plays {card}: nothing changes.", player=player, card=title), entry=entry)
        return Event(Message("{player} plays {card}: {effects}.", player=player, card=title, effects=list(effects)),
                     entry=entry)
    if not effects:
        return Event(Message("{player} plays {card} against {target}: nothing changes.", player=player, card=title,
                             target=target), entry=entry)
    return Event(Message("{player} plays {card} against {target}: {effects}.", player=player, card=title,
                         target=target, effects=list(effects)), entry=entry)


def change(amount: int, unit: str | Message | None = None) -> Message:
    """One change the engine applied, as a card's line says it: « +1 PI », « −2 PI » (`unit`:
    a game's resource, named first: « Pression −2 »)."""
    if unit is None:
        return Message("+{n} PI", n=amount) if amount > 0 else Message("−{n} PI", n=-amount)
    if amount > 0:
        return Message("{resource} +{n}", resource=unit, n=amount)
    return Message("{resource} −{n}", resource=unit, n=-amount)


def cards(amount: int) -> Message:
    """Cards gained or lost by a hand, as a card's line says it: « +2 cartes », « −1 carte »."""
    if amount > 0:
        return Message(plural("+{n} card", "+{n} cards", amount), n=amount)
    return Message(plural("−{n} card", "−{n} cards", -amount), n=-amount)


def effects(author: str, changes: Sequence[tuple[str, Message]]) -> list[Message]:
    """The changes the engine applied, (player, change) in the order to tell them, as a card's
    line lists them: one change of several players said once, naming them (« Ana, Ben et Dan
    +1 carte »); the author's own unnamed when nobody else's changed (« +1 PI »)."""
    groups: dict[str, tuple[Message, list[str]]] = {}
    for player, said in changes:
        groups.setdefault(said.render(), (said, []))[1].append(player)
    if all(players == [author] for _, players in groups.values()):
        return [said for said, _ in groups.values()]
    return [Message("{player} {change}", player=players, change=said) for said, players in groups.values()]
