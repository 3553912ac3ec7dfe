"""A card of the session's deck, typed by its printed title (any edition, case or accents
ignored, a unique beginning enough), never by its id: one among the cards a question offers
(`ask_card`), cards and numbers on one line (`read_laid`), and a card of the deck the rules
do not offer now, refused in their words.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from kit import i18n
from kit.errors import KitError
from kit.i18n import _
from kit.table import guiding
from kit.table.parsing import whole_number
from kit.table.prompts import ask
from scorekeeper.errors import RuleViolation
from scorekeeper.rules.flow import GameState


def deck_of(state: GameState) -> dict[str, Any]:
    """The session's cards, by id (none for a game or a session played without a deck)."""
    cards = state.get("cards")
    return cards if isinstance(cards, dict) else {}


def all_in_deck(options: Iterable[object], cards: Mapping[str, Any]) -> bool:
    """Whether `options` are cards of the deck `cards`, every one (none: not a card question)."""
    listed = list(options)
    return bool(listed) and all(isinstance(o, str) and o in cards for o in listed)


def typed_deck_card(text: str, state: GameState, offered: list[str],
                    refused: Callable[[str], RuleViolation | None] | None = None) -> str | None:
    """The card among `offered` that `text` names by its printed title (a unique beginning is
    enough; case and accents ignored: kit.deck.typed_card, a KitError naming the closest
    title); a card of the deck not offered now is refused in the rules' words
    (`refused(card)`), else as not offered; None: it names no card, or a player (what
    another question of the step may take)."""
    from kit.deck import typed_card  # the deck's titles: read where a card is typed
    if any(i18n.folded(name) == i18n.folded(text) for name in state["players"]):
        return None     # a player's name, never the beginning of a title (« Ana », « Analyse… »)
    cards = deck_of(state)
    try:
        return typed_card(text, cards, offered)
    except KitError as not_offered:
        try:
            card = typed_card(text, cards, list(cards))
        except KitError:
            raise not_offered from None
        reason = refused(card) if refused is not None and card is not None and card not in offered else None
        if reason is not None:
            raise reason from None
        raise


def card_titles(state: GameState, keys: Iterable[object]) -> list[str]:
    cards = deck_of(state)
    return [str(cards[key]["title"]) if isinstance(key, str) and key in cards else str(key) for key in keys]


CARDS_LISTED = 6   # a question lists the titles of at most this many cards; `aide` lists them all


def session_cards() -> dict[str, Any]:
    """The session's deck (its cards by id), where guided play's session records one."""
    return deck_of(guiding._guide.state) if guiding._guide is not None else {}


def all_cards(options: Iterable[object]) -> bool:
    """Whether `options` are cards of the session's deck (asked by their titles, never ids)."""
    return all_in_deck(options, session_cards())


def session_card_titles(keys: Iterable[object]) -> list[str]:
    """The printed titles of the guide's session's cards `keys` (`card_titles`)."""
    return card_titles(guiding._guide.state, keys) if guiding._guide is not None else [str(key) for key in keys]


def cards_help(keys: Iterable[object]) -> str:
    return _("The cards offered: {cards}.").format(cards=", ".join(session_card_titles(keys)))


def typed_card(text: str, offered: list[str]) -> str | None:
    """The card among `offered` that `text` names by its title, in guided play's session
    (`typed_deck_card`)."""
    return typed_deck_card(text, guiding._guide.state, offered) if guiding._guide is not None else None


def ask_card(prompt: str, options: Iterable[object], *, field: str | None = None,
             refused: Callable[[str], RuleViolation | None] | None = None) -> str:
    """One of the cards `options`, typed by its printed title; the titles are listed when
    they are few, else by `aide`. `refused(card)`: the rules' refusal of a card of the deck
    not offered now."""
    offered = [str(o) for o in options]
    titles = session_card_titles(offered)

    def convert(text: str) -> str:
        key = typed_deck_card(text, guiding._guide.state, offered, refused) if guiding._guide is not None else None
        if key is None:
            raise KitError(_("Answer one of {choices}.").format(choices=" / ".join(titles)))
        return key
    listed = f" ({' / '.join(titles)})" if len(titles) <= CARDS_LISTED else ""
    return ask(prompt + listed, convert, field=field, help=cards_help(offered))


def laid_cards(offered: list[str]) -> Callable[[str], list[int | str]]:
    """What a question of cards and numbers takes (`cards`): the cards among `offered` by
    their titles and numbers (cards written by hand), as `read_laid` reads them. A card of
    the deck the question does not offer is taken as typed, for the rules to say why it may
    not be laid there (an Argument kept for the controversies), in their words, once the
    step is typed."""
    offered = [*offered, *(key for key in session_cards() if key not in offered)]

    def named(typed: str) -> str:
        key = typed_card(typed, offered)
        if key is None:
            raise KitError(_("No card is called {typed}; did you mean {title}?").format(
                typed=typed, title=session_card_titles(offered[:1])[0]) if offered else
                _("This session plays no deck: give the cards' values as numbers."))
        return key
    return lambda text: read_laid(text, named)


def read_laid(text: str, named: Callable[[str], str]) -> list[int | str]:
    """Cards and numbers (cards written by hand) typed on one line, separated by commas or
    semicolons, each card as `named(typed)` reads it (its key; a KitError or RuleViolation
    where it names none): a title with a comma in it (« p = 0,051 ») is read whole, the
    longest run of pieces that names a card being that card."""
    pieces = [p.strip() for p in text.replace(";", ",").split(",")]
    out: list[int | str] = []
    start = 0
    while start < len(pieces):
        if not pieces[start]:
            start += 1
        elif pieces[start].lstrip("+-").isdigit():
            out.append(whole_number(pieces[start]))
            start += 1
        else:
            for end in range(len(pieces), start, -1):
                try:
                    out.append(named(",".join(pieces[start:end])))
                except (KitError, RuleViolation):
                    if end == start + 1:
                        raise
                    continue
                start = end
                break
    return out
