"""What people type, read: an option's value (JSON or plain text, a YAML file, NAME=VALUE
pairs, players, names), a whole number, a choice in either language's words (yes and no,
each game's own `answers`: `label`, `match_word`) and a player's name as people type it
(`match_name`).

`answers` keeps every game's words merged (`_answers`, for the games registered when it
was merged), assigned here alone.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from kit import faces, i18n
from kit.errors import KitError
from kit.i18n import N_, _
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.rules.flow import Line, Seat


def parse_value(text: str) -> object:
    """A typed option value: JSON when it parses (true, 3, [1, 2]), the plain text otherwise;
    JSON beyond the session's bounds (a number of 5,000 digits) is refused."""
    try:
        return sessions.parse_json(text)
    except sessions.BadJSON as error:
        if error.column is not None:
            return text   # not JSON at all: a plain word
        raise KitError(_("The value {value} cannot be used: {reason}.").format(
            value=text if len(text) <= 40 else text[:39] + "…", reason=i18n.refusal(error.clause()))) from None


def read_option_file(name: str) -> object:
    """An option value read from a YAML (or JSON) file: `--option objectives=@FILE`, read
    like a layout file, within the same bounds (size, nesting, aliases, numbers)."""
    from kit.errors import LayoutError
    from kit.schema import read_yaml

    try:
        return read_yaml(name)
    except LayoutError as error:
        raise KitError(_("The option file {problem}.").format(problem=error)) from None


def parse_json_action(text: str) -> Line:
    try:
        action = sessions.parse_json(text)
    except sessions.BadJSON as error:
        if error.column is None:   # JSON, but beyond what a score can hold
            raise KitError(_("The action cannot be read: {reason}.").format(reason=i18n.refusal(error.clause()))) from None
        raise KitError(_("The action is not valid JSON ({reason} at column {column}); write it like "
                         "'{{\"action\": \"undo\"}}'.").format(reason=error.reason, column=error.column)) from None
    if not isinstance(action, dict):
        raise KitError(_("The action must be a JSON object such as '{\"action\": \"undo\"}'."))
    return action


def _shorten(text: str, limit: int = 20) -> str:
    """What was typed, cut short when it is long (a 5,000-digit number is not repeated whole)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def split_pair(text: str, option: str, example: str, form: str = N_("NAME=VALUE")) -> tuple[str, str]:
    """NAME=VALUE -> (NAME, VALUE); KitError naming the option otherwise (`form`, a msgid, is
    said in the reader's language, like the metavars of --help)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise KitError(_("{option} expects {form}, such as {example}, not {text}.").format(
            option=option, form=_(form), example=example, text=repr(_shorten(text))))
    return name.strip(), value.strip()


def parse_pairs(values: tuple[str, ...] | list[str], option: str, *, example: str = "Alice=20",
                convert: Callable[[str], object] = parse_value) -> dict[str, Any]:
    """Repeated NAME=VALUE options (or comma-separated ones) as a dict; a name at most once."""
    result: dict[str, Any] = {}
    for value in values:
        for item in (part for part in value.split(",") if part.strip()):
            name, raw = split_pair(item, option, example)
            if name in result:
                raise KitError(_("{option} names {name} twice; give each name once.").format(option=option, name=name))
            try:
                result[name] = convert(raw)
            except KitError as error:   # say whose value it was: several may be on one line
                raise KitError(f"{option} {name}={_shorten(raw)}: {error}") from None
    return result


def parse_players(values: tuple[str, ...] | list[str]) -> list[Seat]:
    """--player NAME[:ROLE] options as the header's player list."""
    players = []
    for value in values:
        name, _, role = value.partition(":")
        player: Seat = {"name": name.strip()}
        if role.strip():
            player["role"] = role.strip()
        players.append(player)
    return players


def parse_names(text: str | None) -> list[str] | None:
    """A comma-separated list of names (--order A,B), or None."""
    if text is None:
        return None
    return [name.strip() for name in text.split(",") if name.strip()]


MAX_NUMBER = 999_999   # far above any amount of the four games; a longer number is a slip


def whole_number(text: str) -> int:
    """An integer a person typed (spaces around allowed); KitError otherwise, without
    repeating what was typed (it may be a secret vote)."""
    text = text.strip()
    digits = text.lstrip("+-")
    if not digits.isascii() or not digits.isdigit():
        raise KitError(_("That is not a whole number."))
    if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise KitError(_("That number is too large: the games never count beyond {max}.").format(max=MAX_NUMBER))
    return int(text)


# What people may answer yes and no with, in either language (the first word of each language
# is the one shown); compared without case or accents. Each game's own words are its faces'
# `answers` (kit/games/<game>/faces.py).
ANSWERS: dict[str, dict[str, tuple[str, ...]]] = {
    "yes": {"fr": ("oui", "o"), "en": ("yes", "y")},
    "no": {"fr": ("non", "n"), "en": ("no",)},
}
_answers: tuple[tuple[str, ...], dict[str, dict[str, tuple[str, ...]]]] = ((), {})


def answers() -> dict[str, dict[str, tuple[str, ...]]]:
    """Every word people may answer: yes and no, then each game's own (kit/faces.py), the
    words of a value two games share joined (the first game's shown)."""
    global _answers
    ids = tuple(rules.GAME_IDS)
    if _answers[0] != ids:
        from kit import faces

        merged = {value: dict(words) for value, words in ANSWERS.items()}
        for game in ids:
            for value, words in faces.of(game).answers.items():
                known = merged.setdefault(value, {})
                for lang, said in words.items():
                    known[lang] = tuple(dict.fromkeys((*known.get(lang, ()), *said)))
        _answers = (ids, merged)
    return _answers[1]


def label(choice: str, game: str | None = None) -> str:
    """How `choice` is shown in the active language (a player's name as it is). `game`: the
    game whose words to read, with yes and no (its faces alone are imported: `kit score show`
    renders one game and needs no other's faces), else every game's (`answers`)."""
    words = (ANSWERS.get(choice) or faces.of(game).answers.get(choice)) if game is not None \
        else answers().get(choice)
    return words[i18n.active().lang][0] if words else choice


def match_word(text: str, choices: list[str] | tuple[str, ...],
               also: Mapping[str, Iterable[str]] | None = None) -> str | None:
    """The choice `text` names in either language (case, accents ignored; a unique prefix is
    enough), or by the other words `also` gives it (the game's words for a value); None when
    it names none or several."""
    typed = i18n.folded(text)
    if not typed:
        return None
    aliases = {choice: {i18n.folded(choice)} | {i18n.folded(w) for words in answers().get(choice, {}).values()
                                                 for w in words} | {i18n.folded(w) for w in (also or {}).get(choice, ())}
               for choice in choices}
    exact = [c for c, names in aliases.items() if typed in names]
    if len(exact) == 1:
        return exact[0]
    prefixed = [c for c, names in aliases.items() if any(n.startswith(typed) for n in names)]
    return prefixed[0] if len(prefixed) == 1 else None


def match_name(text: str, names: list[str] | tuple[str, ...], *, what: str | None = None,
               players: Iterable[str] = (), reason: Callable[[str], object] | None = None) -> str:
    """A player's name as people type it: exact, or the one name equal to it without case or
    accents; otherwise a KitError suggesting the closest ("Did you mean Chloé?"). `players`
    is everyone at the table when `names` are only those who may answer now: a player left
    out is told so, never that they do not play, and `reason(name)`, when given, raises the
    rules' own refusal of that player here (no gold, oneself as the victim)."""
    text = text.strip()
    if text in names:
        return text
    folded = [n for n in names if i18n.folded(n) == i18n.folded(text)]
    if len(folded) == 1:
        return folded[0]
    outside = [n for n in players if n not in names and i18n.folded(n) == i18n.folded(text)]
    if len(outside) == 1:
        if reason is not None:
            reason(outside[0])
        raise KitError(_("{name} cannot be chosen for this now; the choice is among {choices}.")
                       .format(name=outside[0], choices=i18n.join(names)))
    import difflib  # a name typed wrong: its closest, asked only then

    close = difflib.get_close_matches(i18n.folded(text), [i18n.folded(n) for n in names], n=1, cutoff=0.6)
    players = i18n.join(list(players) or names)     # everyone at the table, not only who may answer now
    if close:
        suggestion = next(n for n in names if i18n.folded(n) == close[0])
        raise KitError(_("{name} is not a player here; did you mean {suggestion}? The players are {players}.")
                       .format(name=text, suggestion=suggestion, players=players))
    raise KitError(_("{name} is not a player here; the players are {players}.").format(name=text, players=players))
