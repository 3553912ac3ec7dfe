"""One question of the question plan in the terminal (`ask_question`), in the words the phone's
form says it: a player by name, a word (in the game's words for it), a whole number within
its bounds, names one after another for an order, several values or numbers on one line,
cards by their titles; a group's numbers on one line as KEY=N pairs (`ask_counts`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kit import faces, i18n
from kit.errors import KitError
from kit.i18n import _
from kit.table import guiding
from kit.table.cards import all_cards, ask_card, cards_help, laid_cards
from kit.table.parsing import label, match_name, match_word, parse_pairs, whole_number
from kit.table.prompts import ask, ask_choice, ask_number, ask_player
from kit.table.showing import said

if TYPE_CHECKING:
    from kit import plan


def asks(step: plan.Step) -> bool:
    """Whether the terminal asks `step` (not where the rules decided every value, "all")."""
    asked = dict(step.spec.keys)[step.key] if step.key is not None else step.spec
    return asked.kind != "all"


def ask_question(step: plan.Step, *, hide: bool = False, words: faces.Faces = faces.PLAIN,
                 refusal: Callable[[plan.Step, str], None] | None = None) -> object:
    """One question of the plan, in the terminal: its words as the phone's form says them;
    a name, a word (in the game's `words` for it, where it has some), a whole number within
    its bounds, names one after another for an order, several values or numbers on one
    line, cards by their titles or numbers; a group's key (a player, a resource) one at a
    time, Enter alone leaving it out. None: left out. `refusal(step, name)` raises the rules'
    reason a player typed may not be chosen there."""
    spec = step.spec
    prompt = said(spec.label)
    asked = spec
    if step.key is not None:     # a group's key: its own input
        asked = dict(spec.keys)[step.key]
        prompt = f"{prompt} – {step.key if asked.verbatim else label(step.key)}"
    optional, options = step.key is not None, step.options
    if asked.kind == "all":            # the rules decided them: nothing to ask
        return list(options) or None
    if asked.kind == "order":
        question = _("Who comes first?") if not step.done.get(spec.field) else _("Who comes next?")
        return ask_player(f"{prompt} – {question}", [str(o) for o in options], field=spec.field)
    if asked.kind == "several":
        return ask_several(prompt, list(options), field=spec.field) or None
    if asked.kind == "one":
        reason = (lambda name: refusal(step, name)) if refusal is not None else None
        return _ask_one(prompt, options, optional=optional, field=spec.field, words=words, reason=reason, hide=hide,
                        # a secret decision offers every value the others may see: the rules
                        # refuse one as typed, in words that keep the secret
                        check=reason if hide else None)
    typed = _typed_shortly(spec.field, asked, prompt, options, counted=optional and not hide)
    if typed is not _NOT_SHORT:
        return typed
    if asked.kind in ("numbers", "cards"):   # cards by their titles, as the session takes them, or numbers
        return ask(prompt, _numbers_or_cards if asked.kind == "cards" else _numbers, default="", field=spec.field) or None
    return ask_number(prompt, hide=hide, default=0 if optional or asked.low == 0 else None,
                      check=_within(asked.low, asked.high), field=spec.field)


_NOT_SHORT = object()


def _typed_shortly(field: str, asked: plan.Input, prompt: str, options: tuple[object, ...], *,
                   counted: bool) -> object:
    """A question the plan's shortcuts ask: cards of the deck laid by their titles (none
    laid: an empty list, which the game's `narrow` reads and the line never holds), a group's
    count where Enter alone leaves the key out, as none (`counted`); _NOT_SHORT otherwise."""
    if asked.kind == "cards" and all_cards(options):   # the cards offered by their titles, or numbers
        return ask(prompt, laid_cards([str(o) for o in options]), default="", field=field, help=cards_help(options))
    if counted and asked.kind == "number" and asked.low == 0:
        return ask(prompt, _count_or_none(asked.low, asked.high), default="", field=field)
    return _NOT_SHORT


def _count_or_none(low: int | None, high: int | None) -> Callable[[str], int | None]:
    """A group's count typed as a whole number within its bounds, or Enter alone: None."""
    check = _within(low, high)

    def convert(text: str) -> int | None:
        if not text.strip():
            return None
        value = whole_number(text)
        check(value)
        return value
    return convert


def _ask_one(prompt: str, options: tuple[object, ...], *, optional: bool, field: str, words: faces.Faces = faces.PLAIN,
             reason: Callable[[str], object] | None = None, hide: bool = False,
             check: Callable[[str], object] | None = None) -> object:
    """One of `options`: a player by name (`reason(name)` raising why one typed may not be
    chosen), else a word (yes and no for true and false), shown in the game's words for it
    where it has some; hide=True: typed unseen (a secret decision's colour, whose refusal
    could tell a tribe)."""
    from kit import plan  # the question plan: imported where a question is asked
    if all_cards(options):     # by their printed titles, never their ids
        return ask_card(prompt, options, field=field)
    players = guiding._guide.state["players"] if guiding._guide is not None else {}
    if options and all(isinstance(c, str) and c in players for c in options):
        return ask_player(prompt, [str(o) for o in options], optional=optional, field=field, reason=reason)
    values = {("yes" if c is True else "no" if c is False else str(c)): c for c in options}
    shown = {key: said(named) for key, value in values.items() if (named := plan.value_label(words, value)) is not None}
    return values[ask_choice(prompt, list(values), field=field, shown=shown, hide=hide, check=check)]


def _within(low: int | None, high: int | None) -> Callable[[int], None]:
    """A number's check against its bounds, saying them."""
    def check(value: int) -> None:
        if (low is not None and value < low) or (high is not None and value > high):
            raise KitError(_("Give a whole number from {low} to {high}.").format(low=low, high=high)
                           if high is not None else _("Give a whole number of at least {low}.").format(low=low))
    return check


def _numbers(text: str) -> list[int]:
    return [whole_number(part) for part in text.replace(",", " ").split()]


def _numbers_or_cards(text: str) -> list[int | str]:
    """Numbers and cards typed on one line, separated by commas ("Données solides, 2"): a
    card as typed, which the session spells by its id or refuses naming it."""
    return [whole_number(part) if part.strip().lstrip("+-").isdigit() else part.strip()
            for part in text.split(",") if part.strip()]


def ask_several(prompt: str, choice: list[Any], *, field: str | None = None) -> list[Any]:
    """Several of `choice` typed on one line, separated by commas (names or words)."""
    players = guiding._guide.state["players"] if guiding._guide is not None else {}

    def convert(text: str) -> list[Any]:
        picked = []
        for part in (p for p in text.split(",") if p.strip()):
            if part.strip() in players or any(i18n.folded(part) == i18n.folded(n) for n in players):
                picked.append(match_name(part, [c for c in choice if c in players], players=players))
                continue
            found = match_word(part, [str(c) for c in choice])
            if found is None:
                raise KitError(_("Answer among {choices}, separated by commas.").format(
                    choices=", ".join(map(label, map(str, choice)))))
            picked.append(found)
        return picked
    return ask(f"{prompt} ({', '.join(map(label, map(str, choice)))})", convert, default="", field=field)


def counts_on_one_line(step: plan.Step) -> bool:
    """Whether `step` is the first key of a group of several whole numbers, each optional
    (players' counts, the resources an effect changes), which one line asks whole
    (`ask_counts`): « Ben=1 », « pression=+3 credit=-1 », not a question per key."""
    return step.key == step.spec.keys[0][0] and len(step.spec.keys) > 1 and \
        all(sub.kind == "number" for _key, sub in step.spec.keys)


def ask_counts(step: plan.Step) -> dict[str, int]:
    """A group's numbers on one line, as KEY=N pairs: a player's name as people type it, a
    resource in the game's words or by its initial; Enter alone: none."""
    keys = [key for key, _sub in step.spec.keys]
    subs = dict(step.spec.keys)
    names = all(sub.verbatim for sub in subs.values())
    shown = {key: key if names else label(key) for key in keys}
    signed = any(sub.low is None or sub.low < 0 for sub in subs.values())
    # a name's pair alone says it (« Ben=1 »); a resource's, beside the other (« pression=+3, credit=-1 »)
    example = ", ".join(f"{shown[key]}={value}" for key, value in zip(keys[:1] if names else keys,
                                                                        ("+3", "-1") if signed else ("1", "2")))
    prompt = (_("{label} ({example}, one pair per name; empty: none)") if names else
              _("{label} ({example}; empty: none)")).format(label=said(step.spec.label), example=example)

    def key_of(text: str) -> str:
        if names:
            return match_name(text, keys)
        found = match_word(text, keys)
        if found is None:
            raise KitError(_("Answer one of {choices}.").format(choices=", ".join(shown.values())))
        return found

    def convert(text: str) -> dict[str, int]:
        # the game's words hold no space: « p=+3 c=-1 » is two pairs (a player's name may hold one)
        pairs = parse_pairs(text.split() if not names else [text], said(step.spec.label), example=example,
                            convert=whole_number)
        counts: dict[str, int] = {}
        for typed, value in pairs.items():
            key = key_of(typed)
            _within(subs[key].low, subs[key].high)(value)
            counts[key] = value
        return counts
    return ask(prompt, convert, default="", field=step.spec.field)
