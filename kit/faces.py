"""What the faces show of a game, declared once in its kit/games/<game>/faces.py as `FACES`.

The faces (the table server's pages, guided play, the CLI) name no game: what they show of
one beyond what its rules say (scorekeeper.rules: its state, its decisions, its secrets in
SECRET_FIELDS, applied by rules.view) is read from its `Faces`:

- `words`: a value or a field's name as the state holds it -> the msgid shown for it
  ("pression" -> "Pression", "bleu" -> "blue"); what is sent stays the rules' value;
- `top`: what the top of the board shows, in order: (msgid of its label, the function of the
  public view giving its value, None when there is nothing to show now);
- `tracks`: a player's number drawn as a bar against its most: field -> the rules' constant,
  or a function of the view giving it (Amphithéâtre's capacity is the state's);
- `colours`: a colour of the game -> (its CSS colour, the letter drawn on it: colour is never
  the only cue);
- `awaited`: a decision said of the players the table waits for, by its action: (the
  English singular, the plural), marked with kit.i18n.N_plural ("their ballot", "their
  ballots": « En attente d'Alice : son bulletin »);
- `title`: a function of (view, action, the player deciding or None) giving a decision's
  title where it is not the one its `action_labels` gives, else None: the first
  `turn` line, before anyone's turn, asks who begins (`who_begins`), not "The turn goes on";
- `reveal`: the actions whose latest entry the table page shows apart (Hoc Censeo's vote);
- `context`: a function of (view, seat, translator) giving what the game's own templates read
  (its templates/ folder: a `board.html` or `mine.html` there takes the place of the base's,
  kit/serve/templates/; its static/page.css styles them, served after the base's).

- `answers`: what people may type for each of the game's words (guided play, the options of
  its commands), in either language: value -> {language: words}, the first word of each
  language the one shown (kit/table/parsing.py compares them without case or accents);
- `examples`: `kit` command lines for the game, as typed after `kit` ("score new these.jsonl
  phd --player Ana --player Ben"), alone or with the msgid of what the line does: each
  command's --help shows the games' lines for it, a group's help each game's first `new`
  and its own commands.

The words of the rules' decisions and what the game does at the table beyond the plain
questions (each function defined in its table.py, named here once):

- `rules`: the rules' declaration these faces are for (scorekeeper.rules.of): a label for an
  action it does not declare, or for a field the action does not have, is refused as the
  faces are made (a DeclarationError, the game author's slip, when faces.py is imported);
- `action_labels`: action -> the msgid of its title; `field_labels`: (action, field) -> the
  msgid of its question; `value_labels`: a value -> its words where a form lists it;
- `defaults`: (action, field) -> the values Enter alone answers there in guided play, the
  first of them the rules offer (Promotion's draw, the « nothing » that lets an Attaque land,
  the « next » that ends a turn, the « let it pass » of the colleagues a card leaves free to
  answer: kit/table/play.py asks them once, together, who does otherwise); FIRST: the first value
  the rules offer, in their order (who begins: the first seated);
- `field_kinds`: (action, field) -> how its value is typed where the rules' `many` does not
  say ("all": the names listed, "order": names first to last); `budgets`: action -> its
  fields sharing one bound (a ballot's POUR and CONTRE); `at_own_questions`: the actions the
  rules allow at any time that guided play offers their player only at that player's own
  questions (Hoc Censeo's seals and gold, at their ballot), never in a question of their own;
- `seat_questions`: what each seat may answer ahead of the decision using it (question ->
  its msgid, its choices), `seat_questions_help` said under them, `open_seat_questions(state,
  seat)` those asked of a seat now and `with_seat_answers(state, action, answers)` the action
  completed by them;
- `narrow(state, decision, answers)`, `decision_facts(state, decision)`: a decision's
  choices narrowed by the answers given so far, the facts said above its form;
- `describe_turn(action, before)`: a `turn` line's words;
- `prepare_options(options, layouts)`, `prepare_players(players)`, `deal(players)`:
  `kit score new`'s; `deck_empty_action(hands)`: `kit score deck-empty`'s action;
- `ways_to_win` (the words of a simulated record's `how`: a way never taken shows at 0 %),
  `role_names` (role -> the name `kit simulate` prints: Hoc Censeo's tribes) and
  `simplifications` (bot -> the sentences, English msgids, of what it leaves out of the game):
  what the simulator's report says of the game's bots (kit/simulate);
- `deck(layouts_root)`: the deck `kit score new` records in a session (kit.deck.for_session;
  None: a game played without cards), `text_values(layouts_root)`: what the complete rules'
  texts may name where the cards' numbers join the engine's, `catalogue(layouts_root)`: every
  design as the complete rules list it (kit.rulebook): each a function of the game's
  faces.py loading its layout.py only when it is called, so a page or a phone never loads
  the printing code.

A game without faces.py is shown from its rules alone: values as they are, no top, no tracks.
"""
from __future__ import annotations

import importlib
import importlib.util
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from kit import games
from kit.i18n import N_
from scorekeeper.errors import Alone, Message
from scorekeeper.rules.declaration import DeclarationError, GameRules
from scorekeeper.rules.fields import Kind
from scorekeeper.rules.flow import Decision, Line

View = dict[str, Any]


Label = str | Message   # a msgid, or a Message where its words count (PHD's draws)


@dataclass(frozen=True)
class Faces:
    words: Mapping[object, str] = field(default_factory=dict)
    top: tuple[tuple[str, Callable[[View], object]], ...] = ()
    tracks: Mapping[str, int | Callable[[View], int | None]] = field(default_factory=dict)
    colours: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    awaited: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    title: Callable[[View, str, str | None], str | None] | None = None
    reveal: tuple[str, ...] = ()
    context: Callable[[View, str | None, Any], dict[str, Any]] | None = None
    answers: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    examples: tuple[str | tuple[str, str], ...] = ()
    # -- the words of the rules' decisions (guided play, the phones' forms) ----------------
    rules: GameRules | None = None
    action_labels: Mapping[str, str] = field(default_factory=dict)
    field_labels: Mapping[tuple[str, str], str] = field(default_factory=dict)
    value_labels: Mapping[Any, Label] = field(default_factory=dict)
    field_kinds: Mapping[tuple[str, str], str] = field(default_factory=dict)
    defaults: Mapping[tuple[str, str], tuple[Any, ...]] = field(default_factory=dict)
    budgets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    at_own_questions: tuple[str, ...] = ()
    seat_questions: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    seat_questions_help: str = ""
    # -- what the game does at the table beyond the plain questions ------------------------
    open_seat_questions: Callable[[Any, str], list[str]] | None = None
    with_seat_answers: Callable[[Any, Line, dict[str, dict[str, Any]]], Line] | None = None
    narrow: Callable[[Any, Decision, dict[str, Any]], dict[str, Any]] | None = None
    decision_facts: Callable[[Any, Any], list[Message]] | None = None
    describe_turn: Callable[[Line, Any], str] | None = None
    prepare_options: Callable[[dict[str, Any], Path | None], dict[str, Any]] | None = None
    prepare_players: Callable[[list[Any]], list[Any]] | None = None
    deal: Callable[[list[Any]], list[Any]] | None = None
    deck_empty_action: Callable[[dict[str, int]], Line] | None = None
    # -- the simulator's report of its bots (their code: its bots.py) -----------------------
    ways_to_win: tuple[str, ...] = ()
    role_names: Mapping[str, str] = field(default_factory=dict)
    simplifications: Mapping[str, Sequence[str]] = field(default_factory=dict)
    # -- what its layout.py reads beyond its pieces, each loading it only when called -------
    deck: Callable[[Path], dict[str, Any]] | None = None
    text_values: Callable[[Path], dict[str, object]] | None = None
    catalogue: Callable[[Path], list[str]] | None = None

    def __post_init__(self) -> None:
        for name in ("words", "tracks", "colours", "awaited", "answers", "action_labels", "field_labels",
                     "value_labels", "field_kinds", "defaults", "budgets", "seat_questions", "role_names",
                     "simplifications"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        if self.rules is not None:
            for problem in _slips(self):
                raise DeclarationError(f"The faces of {self.rules.title} ({self.rules.id}): {problem}.")

    def limit(self, view: View, name: str) -> int | None:
        """The most a player's `name` can reach, where the rules set one (for the bars)."""
        most = self.tracks.get(name)
        return most(view) if callable(most) else most


def _slips(faces: Faces) -> Iterator[str]:
    """What a game's faces say of actions or fields its rules do not declare."""
    assert faces.rules is not None
    actions = faces.rules.fields.actions
    for action in (*faces.action_labels, *faces.budgets, *faces.at_own_questions):
        if action not in actions:
            yield f"a label is declared for '{action}', an action its rules do not declare"
    keyed = [*faces.field_labels, *faces.field_kinds, *faces.defaults,
             *((action, name) for action, names in faces.budgets.items() if action in actions for name in names)]
    for action, name in keyed:
        if action not in actions:
            yield f"a field label is declared for '{action}', an action its rules do not declare"
        elif name not in actions[action].fields:
            yield f"a field label is declared for '{name}', which is no field of '{action}'"


PLAIN = Faces()

# A `defaults` value: Enter takes the first value the rules offer there, whichever it is.
FIRST = "<the first offered>"


def of(game: str) -> Faces:
    """The game's declaration (its faces.py's FACES), or PLAIN where it has none."""
    name = games.kit_package(game) + ".faces"
    if importlib.util.find_spec(name) is None:
        return PLAIN
    games.kit_module(game)   # its package first: its own words' catalogues (kit.i18n)
    declared: Faces = importlib.import_module(name).FACES
    if declared.rules is not None and declared.rules.id != game:
        raise DeclarationError(f"The faces of {game} are declared for the rules of {declared.rules.id}.")
    return declared


def templates(game: str) -> Path | None:
    """The game's own templates folder (kit/games/<game>/templates/), where it has one."""
    folder = Path(games.kit_module(game).__file__ or "").parent / "templates"
    return folder if folder.is_dir() else None


def stylesheet(game: str) -> Path | None:
    """The game's own stylesheet for its templates (kit/games/<game>/static/page.css, read
    after the base's), where it has one."""
    sheet = Path(games.kit_module(game).__file__ or "").parent / "static" / "page.css"
    return sheet if sheet.is_file() else None


WHO_BEGINS = N_("Who begins?")
I_BEGIN = N_("I begin")   # what a seat's button says to it: each phone names only itself (rules.as_entered_by)


def who_begins(view: View, action: str, player: str | None) -> str | None:
    """A `title`: the first `turn` line, whoever is at the table's before anyone's turn has
    begun (the view's `turn` still None), says who begins."""
    return WHO_BEGINS if action == "turn" and player is None and view.get("turn") is None else None


def by_turn_steps(titled: Callable[[tuple[str, ...]], str | None]) -> Callable[[View, str, str | None], str | None]:
    """A `title`: who begins, then a turn's step titled by the steps the rules offer its
    player (`titled`: the steps -> a msgid, or None for the action's own words), where the
    action alone reads « The turn goes on »."""
    def title(view: View, action: str, player: str | None) -> str | None:
        begins = who_begins(view, action, player)
        if begins is not None or action != "turn":
            return begins
        # every step offered, where the rules offer each (a card step, a draw) as a decision of its own
        steps = [step for d in view.get("pending", ()) if d["action"] == "turn" and d["player"] == player
                 for step in d["choices"].get("step") or ()]
        return titled(tuple(steps))
    return title


def turn_being_played(key: str, ended: str) -> Callable[[View], object]:
    """A `top` entry: the player whose turn is being played, from the view's `turn`; none
    once its `key` says it `ended` (the next player's begins) or the game is over."""
    def player(view: View) -> object:
        turn = view.get("turn")
        return turn["player"] if isinstance(turn, dict) and turn.get(key) != ended and not view["over"] else None
    return player


def field_of(name: str) -> Callable[[View], object]:
    """A `top` entry's value read from the view's field `name` (None: not shown)."""
    return lambda view: view.get(name)


def field_label(faces: Faces, action: str, field: str, declared: Kind | None,
                named: dict[str, str]) -> str | Message:
    """A field's words, on a phone's form as in guided play's question: its game's
    `field_labels` for it, else the rules' declared label as their
    refusals say it (FIELDS.what), standing alone; the field's id only where neither names
    it, or the label names a value not known yet (`named`: the values known, who acts)."""
    label = faces.field_labels.get((action, field))
    if label is not None:
        return label
    if declared is not None and declared.label:
        wanted = {name for _, name, _, _ in string.Formatter().parse(declared.label) if name}
        if wanted <= set(named):   # else it names a value still to be asked
            return Alone(declared.label, **named)
    return field
