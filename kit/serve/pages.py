"""The HTML pages: the table (public), a seat (one player's secrets and forms), the host.

Pages are rendered whole on the server from Jinja2 templates with autoescape: the base ones
in kit/serve/templates/, and a game's own in its folder (kit/games/<game>/templates/), whose
`board.html` or `mine.html` takes the place of the base's where its board differs. What the
pages know of a game beyond its rules' view is its declaration (kit/faces.py). The parts
that change as the game goes carry `data-live`: static/serve.js fetches the page again after
each change event and swaps those parts (keeping what a player is typing), so there is one
way to draw a page. Every word goes through the page's gettext translation (`_` in the
templates: the message, its {names} filled).
"""
from __future__ import annotations

import datetime
import functools
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypedDict, cast
from urllib.parse import urlencode

import jinja2
import segno
from markupsafe import Markup, escape

from kit import faces, plan
from kit.faces import View
from kit.i18n import LANGUAGES, N_, N_plural, translator
from kit.serve import forms as form_specs
from kit.serve.story import Told
from scorekeeper import rules
from scorekeeper import session as sessions
from scorekeeper.errors import Message
from scorekeeper.rules.flow import Decision, GameState

TEMPLATES = Path(__file__).resolve().parent / "templates"


class TEXT:
    """The sentences the pages' code says (the templates hold the rest)."""

    yes = N_('yes')
    no = N_('no')
    your_turn = N_("Your turn: {what}")
    # {names} is a list of names after "for", as the language says it ("de Bob et d'Alice")
    waiting_for = N_("Waiting for {names}")
    # ... and for what, said of them: "En attente d'Alice : son vote"
    waiting_for_what = N_("Waiting for {names}: {what}")
    table_turn = N_("Up to the table: {what}")
    # whose turn it is, before what the table waits for of others ("Ana plays — waiting for Ben: their answer")
    turn_of = N_("{player} plays — {what}")
    # what a player other than the one whose turn it is is awaited for: an answer in that turn
    their_answer = N_plural("their answer", "their answers")
    on_behalf = N_("{player}: {what}")
    either = N_("{names} or {last}")
    answered = N_("{question}: {answer}")
    # the players holding a word on a seat's board, after it: "en jeu : Ana, Ben"
    holders = N_("{label}: {value}")
    you = N_("(you)")
    # the one card a decision plays: a dash, as the host's page names the player with a colon
    card_settled = N_("{what} — {card}")
    undo_this = N_("Take back “{entry}”?")
    # an undo's title, folded or not: what it takes back ("Annuler : Alice a déposé son bulletin")
    undo_named = N_("Undo: {entry}")
    undo_latest = N_("Take back your latest entry?")
    ends_game = N_("This ends the game. Send it all the same?")
    for_the_table = N_("This is entered for the whole table, and the table screen tells it. Send it?")
    confirm_what = N_("Send {what}?")
    confirm_empty = N_("Nothing is entered: every number is 0. Send it all the same?")
    confirm_and = N_("{names} and {last}")
    confirm_yes = N_("Yes, send it")
    confirm_no = N_("No, change it")
    undo_yes = N_("Yes, take it back")
    undo_no = N_("No, keep it")
    end_yes = N_("Yes, end the game")
    order_first = N_("Who comes first?")
    order_next = N_("Who comes next?")
    left_to_player = N_("Leave it to the player's own answer")


@dataclass
class Page:
    """What every page needs to draw itself."""

    lang: str
    game: str
    state: View            # already the view this reader may see
    line: int              # the session's latest line
    path: str              # this page's own path, for the language switch
    post: str | None = None        # where its forms post, None on the table page
    seat: str | None = None        # the seat's player
    host: bool = False
    can_undo: bool = False         # the seat's own entry is the latest in effect
    answers: dict[str, Any] = field(default_factory=dict)   # the seat's own answers for this resolve
    story: list[Told] | None = None   # the table page's: the story so far (kit/serve/story.py)
    screen: form_specs.SeatScreen | None = None   # a seat's decision now (kit/serve/forms.py)
    doors: int = 0                 # how many times the seats or the room changed (a live page follows)
    open: bool = True              # whether a new phone may join with the room code

    def __post_init__(self) -> None:
        self.translator = translator(self.lang)
        self._ = self.translator.gettext
        self.faces = faces.of(self.game)

    @property
    def seated(self) -> str:
        """The seat's player (on a seat's page)."""
        assert self.seat is not None, "a seat's page has its seat"
        return self.seat

    @property
    def posts_to(self) -> str:
        """Where the forms post (on a seat's page)."""
        assert self.post is not None, "a seat's page posts its forms"
        return self.post

    def t(self, message: str | Message, **values: object) -> str:
        """The message translated, its {names} filled (the templates escape the whole); a
        game's words that carry their own values (a count said with its plural) as they say."""
        if isinstance(message, Message):
            return self.render(message)
        text = self._(message)
        return text.format(**values) if values else text

    def word(self, value: object) -> str:
        """A value or a field's name in the game's words (its faces' `words`), else as it is."""
        words = self.faces.words
        return self._(words[value]) if isinstance(value, str) and value in words else str(value)

    def card(self, value: object) -> dict[str, Any] | None:
        """The card of the session's deck `value` names (a game with cards keeps the header's
        deck in its state as `cards`: scorekeeper.rules), or None."""
        cards = self.state.get("cards")
        return cards.get(value) if isinstance(cards, dict) and isinstance(value, str) else None

    def fact(self, value: object) -> str:
        """A player's number or word as a board shows it: yes or no for a flag, never True; a
        card of the session's deck (a Poste held) by its printed title, never its id."""
        card = self.card(value)
        if card is not None:
            return str(card["title"])
        return self._(TEXT.yes if value else TEXT.no) if isinstance(value, bool) else self.word(value)

    def value(self, value: object) -> str:
        """A choice's value as a form offers it: a card of the session's deck by its printed
        title, the game's words for it (its VALUE_LABELS), else a word, yes or no, a number,
        a name."""
        card = self.card(value)
        if card is not None:
            return str(card["title"])
        words = plan.value_label(faces.of(self.game), value)
        if words is not None:
            return self.t(words)
        if isinstance(value, bool):
            return self._(TEXT.yes if value else TEXT.no)
        return self.word(value)

    def labelled(self, label: str) -> str:
        """A label and its colon as the page's language writes them ("Préside :", "Magistrate:")."""
        return self.t(N_("{label}:"), label=self.t(label))

    def game_over(self) -> str:
        """Who won, said once the game is over."""
        winners = self.state.get("winners") or []
        if not winners:
            return self.t(N_("Game over: nobody won."))
        return self.t(N_("Game over: {names} won."), names=self.translator.join(winners))

    def render(self, message: Any) -> str:
        """A rules' Message in this page's words."""
        words = self.translator
        rendered: str = message.render(words.gettext, words.ngettext, words.join)
        return rendered


# -- the templates ----------------------------------------------------------------------------

@functools.lru_cache(maxsize=16)
def environment(own: Path | None) -> jinja2.Environment:
    """The templates a game's pages are drawn from: its own folder's first (`own`), then the
    base's. Autoescape: whatever a template prints is escaped, but Markup (a QR code's SVG)."""
    folders = [str(own)] if own is not None else []
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([*folders, str(TEMPLATES)]), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.globals.update(urlencode=urlencode, languages=LANGUAGES, form_specs=form_specs, plan=plan, turn=turn, top=top,
                       facts=facts, players_table=players_table, revealed=revealed, last_told=last_told)
    return env


def context(page: Page, whole: bool = True) -> dict[str, Any]:
    """What every template reads: the page, its words (`_`), its forms, and for a whole page
    the game's own values for its own templates (`game`: its faces' `context`)."""
    declared = page.faces.context if whole else None
    return {"page": page, "_": page.t, "forms": FormsView(page), "large": False, "secrets": False,
            "game": declared(page.state, page.seat, page.translator) if declared is not None else {}}


def render(page: Page, template: str, who: str, **values: Any) -> str:
    """A page drawn from `template`, titled the game's and `who`'s, each player's name in its
    text isolated (`isolated`)."""
    title = f"{rules.of(page.game).title} · {who}"
    html = environment(faces.templates(page.game)).get_template(template).render(
        {**context(page), "title": title, "stylesheet": faces.stylesheet(page.game) is not None, **values})
    return isolated(html, tuple(page.state.get("players", ())))


_FRAGMENTS = ('{% import "forms.html" as forms_html with context %}{% import "parts.html" as parts with context %}'
              "{{ CALL }}")


def fragment(page: Page, call: str, **values: Any) -> str:
    """One macro of the base's forms.html or parts.html drawn alone (a part the tests ask for)."""
    env = environment(faces.templates(page.game))
    return env.from_string(_FRAGMENTS.replace("CALL", call)).render({**context(page, whole=False), **values})


# -- the pages --------------------------------------------------------------------------------

def table_page(page: Page, room: str, join_link: str) -> str:
    """The public table: what the game waits for (or who won and why), the board, the story
    so far (`page.story`), and the room code with its QR code (the one way in: no seat's
    own code is ever on the shared screen)."""
    return render(page, "table.html", page.t(N_("Table")), kind="table", large=True, room=room, join_link=join_link,
                  qr=qr_svg(join_link), site=join_link.rsplit("/", 1)[0])


def room_page(page: Page) -> str:
    """Where a phone types the room code read on the table screen."""
    return render(page, "room.html", page.t(N_("Join the game")), kind="join")


def join_page(page: Page, room: str, held: list[str], mine: str | None) -> str:
    """A phone joining with the room code: the names of the seats no device holds (`held`:
    those some device does); `mine`, the one this device holds, to go back to."""
    free = [name for name in page.state["players"] if name not in held]
    return render(page, "join.html", page.t(N_("Join the game")), kind="join", room=room, free=free, mine=mine)


def seat_page(page: Page) -> str:
    """A seat's page: the decision asked now first (the phone is picked up to answer it),
    what the seat's latest entry did, its own state, the board."""
    secrets = bool(rules.of(page.game).secret_fields)
    return render(page, "seat.html", page.seated, kind="seat", secrets=secrets)


def host_page(page: Page, join: list[tuple[str, str]], held: dict[str, sessions.Hold], host: str) -> str:
    """Every form, the board, and each seat: its own link and QR code (this device only),
    whether a device holds it and since when (`held`), with a button to free it (the next
    device that asks takes it); the buttons that close the table to new phones or open it
    again, and give the room a new code (each posts under `host`, the host's address)."""
    codes = [(label, link, qr_svg(link), since(held[label]["since"]) if label in held else None)
             for label, link in join]
    return render(page, "host.html", page.t(N_("Host")), kind="host", codes=codes, host=host)


def since(moment: str) -> str:
    """When a device took a seat, as the host's clock reads it (« 20:31 »)."""
    try:
        return datetime.datetime.fromisoformat(moment.replace("Z", "+00:00")).astimezone().strftime("%H:%M")
    except ValueError:   # a tokens file edited by hand
        return "?"


def error_page(lang: str, status: int, sentence: str, back: tuple[str, str] | None = None) -> str:
    """A page's refusal (an unknown link): the sentence, in the reader's language, and the
    way back where there is one (`back`: its address and its words, translated)."""
    return environment(None).get_template("error.html").render(lang=lang, status=status, sentence=sentence,
                                                                back=back)


# -- whose move it is ---------------------------------------------------------------------------

def turn_line(page: Page) -> str:
    """Whose move it is, from what the rules wait for: "Your turn: your ballot" on the
    seat's page, "Waiting for Bob and Chloé" elsewhere."""
    return fragment(page, "parts.turn_line()")


def turn(page: Page) -> tuple[str, bool] | None:
    """The turn line's words, and whether the move is the reader's: "Your turn: your
    ballot"; "Waiting for Alice: their ballot" where the game says what is awaited of its
    players (its faces' `awaited`), else "Waiting for Alice"; "Up to the table: …"."""
    if page.state.get("over"):
        return None
    mine, others, table = form_specs.waiting_for(page.state, page.seat)
    playing = turn_holder(page)
    said: str | None = None
    chosen = page.screen.main if page.screen is not None and len(page.screen.offered) > 1 else None
    if mine and chosen is not None:     # one of the moves offered at once, chosen: that one
        said = page.t(TEXT.your_turn, what=page.t(title_of(page, chosen.action, chosen.player, chosen.title)))
    elif mine:
        said = page.t(TEXT.your_turn, what=moves(page, mine))
    elif others:
        names = page.translator.join_of(others)
        awaited = awaited_words(page, [d for d in page.state["pending"] if d["player"] in others], len(others),
                                playing)
        said = (page.t(TEXT.waiting_for, names=names) if awaited is None
                else page.t(TEXT.waiting_for_what, names=names, what=awaited))
    elif table:
        said = page.t(TEXT.table_turn, what=moves(page, [d for d in page.state["pending"] if d["player"] is None]))
    if said is None:
        return None
    if playing is not None and not mine and playing != page.seat and playing not in others:
        # others answering in another's turn: the line names whose turn it is first
        said = page.t(TEXT.turn_of, player=playing, what=said[:1].lower() + said[1:])
    return said, bool(mine)


def turn_holder(page: Page) -> str | None:
    """Whose turn is being played, in a game played in turns (its faces await a `turn`), while
    a step of that turn is awaited (not once it ended and the next one is to begin); else None."""
    if "turn" not in page.faces.awaited:
        return None
    playing = rules.current_player(page.game, cast(GameState, page.state))   # a view holds the turn
    if playing is None or any(starts_turn(d) for d in page.state.get("pending", ())):
        return None
    return playing


def starts_turn(decision: Decision) -> bool:
    """Whether `decision` is a turn's beginning (its step "start")."""
    return decision["action"] == "turn" and "start" in (decision.get("choices") or {}).get("step", ())


def moves(page: Page, decisions: list[Decision]) -> str:
    """The moves offered at once, as alternatives: "A, B or C", each as its form is titled
    ("Apply the card", where the rules settle the step)."""
    spoken = list(dict.fromkeys(
        page.t(title_of(page, d["action"], d["player"],
                        plan.form_of(page.game, d, page.state, page.seat).title)) for d in decisions))
    return spoken[0] if len(spoken) == 1 else page.t(TEXT.either, names=", ".join(spoken[:-1]), last=spoken[-1])


def awaited_words(page: Page, decisions: list[Decision], players: int, playing: str | None = None) -> str | None:
    """What the players waited for decide, said of them ("their ballot"), where the game
    says it of each decision awaited (its faces' `awaited`); None where it does not. A step
    of `playing`'s turn awaited of another player is their answer, not their turn."""
    spoken = []
    for decision in decisions:
        forms = page.faces.awaited.get(decision["action"])
        if forms is None:
            return None
        if decision["action"] == "turn" and playing is not None and decision["player"] != playing:
            forms = TEXT.their_answer
        one, many = forms
        spoken.append(page.translator.ngettext(one, many, players))
    spoken = list(dict.fromkeys(spoken))
    return spoken[0] if len(spoken) == 1 else page.t(TEXT.either, names=", ".join(spoken[:-1]), last=spoken[-1])


def action_label(game: str, action: str) -> str:
    """A decision's words, as said to its decider (a msgid: "your ballot")."""
    label: str = faces.of(game).action_labels.get(action, action)
    return label


def title_of(page: Page, action: str, player: str | None, given: str | Message | None = None) -> str | Message:
    """A decision's title (a msgid): the game's own for it now where its faces give one
    (`title`: "Who begins?"), else `given` or its ACTION_LABELS'."""
    own = page.faces.title(page.state, action, player) if page.faces.title is not None else None
    if own is not None:
        return own
    return given if given is not None else action_label(page.game, action)


# -- the board ----------------------------------------------------------------------------------

def top(page: Page) -> list[tuple[str, str]]:
    """What the top of a board shows now, as (label, value), from the game's faces."""
    shown = [(page.t(label), value(page.state)) for label, value in page.faces.top]
    return [(label, page.word(value)) for label, value in shown if value is not None]


class Fact(TypedDict):
    """One number or word of a player's record, as a board lists it (facts)."""

    label: str
    value: str
    secret: bool
    limit: int | None
    at: int | None
    word: bool          # a word (a status, a card held), not a number


def facts(page: Page, record: dict[str, Any]) -> list[Fact]:
    """A player's record as a board lists it: each number or word (not what is held as a
    list or a mapping, not what is not held yet), a bar against its limit where the game
    has one, the seat's own secrets marked (hidden with "Hide my secrets")."""
    secret = rules.of(page.game).secret_fields
    shown: list[Fact] = []
    for key, value in record.items():
        if isinstance(value, (dict, list)) or value is None:   # None: nothing held (no Poste yet)
            continue
        limit = page.faces.limit(page.state, key)
        shown.append({"label": page.word(key), "value": page.fact(value), "secret": key in secret,
                      "limit": limit if limit and isinstance(value, int) and not isinstance(value, bool) else None,
                      "at": min(value, limit) if limit and isinstance(value, int) else None,
                      "word": not isinstance(value, int) or isinstance(value, bool)})
    return shown


def players_table(page: Page) -> tuple[list[str], list[tuple[str, list[Fact | None]]], list[tuple[str, str]]]:
    """The players' records as a seat's page lists them, within a phone's width: their
    names, the seat's own first; each number a row of one table (its label, each player's
    fact as `facts` gives it, None where a player's record lacks it), in the order the
    records give them; and each word after the table, a line naming who holds each value
    ("État — en jeu : Ana, Ben · burn-out : Cléo"): a column a quarter of a phone wide
    broke « Tournée de croissants » into « Tour/née/de/crois/sant/s ». A word the seat
    alone may see stays in the table, where its secret is hidden with the others."""
    players = page.state["players"]
    names = [page.seat] * (page.seat in players) + [name for name in players if name != page.seat]
    rows: dict[str, list[Fact | None]] = {}
    for place, name in enumerate(names):
        for fact in facts(page, players[name]):
            rows.setdefault(fact["label"], [None] * len(names))[place] = fact
    numbers: list[tuple[str, list[Fact | None]]] = []
    words: list[tuple[str, str]] = []
    for label, row in rows.items():
        held = [(name, fact) for name, fact in zip(names, row) if fact is not None]
        if not all(fact["word"] and not fact["secret"] for _name, fact in held):
            numbers.append((label, row))
            continue
        holders: dict[str, list[str]] = {}
        for name, fact in held:
            holders.setdefault(fact["value"], []).append(f"{name} {page.t(TEXT.you)}" if name == page.seat else name)
        words.append((label, " · ".join(page.t(TEXT.holders, label=value, value=", ".join(who))
                                        for value, who in holders.items())))
    return names, numbers, words


def revealed(page: Page) -> Told | None:
    """The latest entry of the actions the game reveals apart on the table page (Hoc
    Censeo's vote), while the game goes on (the end tells it as its why)."""
    if page.state.get("over") or not page.faces.reveal:
        return None
    return next((t for t in reversed(page.story or ()) if t.action in page.faces.reveal and t.undone_by is None), None)


def last_told(page: Page) -> Told | None:
    """The latest entry in effect (the end's why)."""
    return next((t for t in reversed(page.story or ()) if t.undone_by is None and t.undoes is None), None)


# -- forms --------------------------------------------------------------------------------------

class FormsView:
    """What the forms' templates ask of the page's decisions (kit/serve/forms.py)."""

    def __init__(self, page: Page):
        self.page = page

    def seat(self) -> list[plan.Form]:
        """The seat's forms allowed at any time (its decision now is `page.screen`)."""
        page = self.page
        return [form for form in plan.seat_forms(page.game, page.state, page.seated) if form.anytime]

    def host(self) -> list[plan.Form]:
        return plan.host_forms(self.page.game, self.page.state)

    def title(self, form: plan.Form) -> str:
        """A decision's title standing alone (the game's words run on in "Your turn: …"),
        on the host's page said on its player's behalf."""
        page = self.page
        title = self._named(form)
        if page.seat is None and form.player is not None:
            title = page.t(TEXT.on_behalf, player=form.player, what=title)
        return title[:1].upper() + title[1:]

    def headline(self, form: plan.Form) -> str:
        title = self._named(form)
        return title[:1].upper() + title[1:]

    def sending(self, form: plan.Form) -> str:
        """The words of the one button that sends a decision whose every answer is settled:
        its headline, but « I begin » where a seat answers who begins (it names only itself)."""
        page = self.page
        if page.seat is not None and title_of(page, form.action, form.player, form.title) == faces.WHO_BEGINS:
            return page.t(faces.I_BEGIN)
        return self.headline(form)

    def _named(self, form: plan.Form) -> str:
        """A decision's words, and the one card the rules settle in it where they settle one
        ("Answer with a Trahison — Mérite volé"): the tap plays it, and no field says which."""
        page = self.page
        title = page.t(title_of(page, form.action, form.player, form.title))
        cards = [card for spec in form.inputs if spec.kind == "one" and len(spec.options) == 1
                 and (card := page.card(spec.options[0])) is not None]
        if len(cards) == 1:
            title = page.t(TEXT.card_settled, what=title, card=str(cards[0]["title"]))
        return title

    def choice_heading(self, offered: list[plan.Form]) -> str:
        """What the choice among decisions offered at once asks: their one title where they
        share it (« Recherche », its buttons then saying each way), else « What do you do? »."""
        titles = {self.headline(form) for form in offered}
        return titles.pop() if len(titles) == 1 else self.page.t(N_("What do you do?"))

    def choice_groups(self, offered: list[plan.Form]) -> list[tuple[str | None, list[int]]]:
        """The decisions offered at once, in their order, each run sharing a title grouped
        under it where others have their own (PHD's seven ways of a Recherche, then « Submit
        a chapter »): (the run's title, None for one decision alone, or when all share one
        title or none does; the places of its decisions)."""
        titles = [self.headline(form) for form in offered]
        runs: list[tuple[str | None, list[int]]] = []
        for place, title in enumerate(titles):
            if runs and titles[runs[-1][1][-1]] == title:
                runs[-1][1].append(place)
            else:
                runs.append((title, [place]))
        if len(runs) == 1 or all(len(places) == 1 for _title, places in runs):   # one list: nothing to group
            return [(None, list(range(len(offered))))]
        return [(title if len(places) > 1 else None, places) for title, places in runs]

    def choice_labels(self, offered: list[plan.Form]) -> list[str]:
        """The decisions offered at once, as their buttons say them: each one's title, or,
        where others share it (said once above them, `choice_groups`), the values the rules
        already settle (« Draw 2 Event cards »); two still alike, the fields one asks besides
        (a Coopération played with another player)."""
        titles = [self.headline(form) for form in offered]
        labels = []
        for form, title in zip(offered, titles):
            settled = ", ".join(self.page.value(spec.options[0]) for spec in form.inputs
                                if spec.kind == "one" and len(spec.options) == 1)
            labels.append(settled if titles.count(title) > 1 and settled else title)
        for place, form in enumerate(offered):
            alike = [other for other, label in zip(offered, labels) if label == labels[place] and other is not form]
            asked = {spec.field for other in alike for spec in other.inputs}
            besides = [self.label(spec) for spec in form.inputs if spec.field not in asked]
            if alike and besides:
                labels[place] += " — " + ", ".join(besides)
        return labels

    def budget(self, form: plan.Form) -> str:
        budget = faces.of(self.page.game).budgets.get(form.action)
        return " ".join(budget) if budget else ""

    def label(self, spec: plan.Input) -> str:
        return spec.label if spec.verbatim and isinstance(spec.label, str) else self.page.t(spec.label)

    def drops(self, form: plan.Form) -> str:
        """A whole form's drops (plan.with_drops) as its page reads them: JSON of
        field -> value -> the fields left out when that value is chosen; "" where none."""
        found: dict[str, dict[str, list[str]]] = {}
        for name, value, gone in form.drops:
            found.setdefault(name, {})[value] = list(gone)
        return json.dumps(found, ensure_ascii=False) if found else ""

    def options(self, spec: plan.Input) -> list[tuple[str, str, str]]:
        """A choice's options: (value sent, words shown, data-kind)."""
        words = all(isinstance(o, str) for o in spec.options)
        return [(o if words else json.dumps(o), self.page.value(o), "text" if words else "json") for o in spec.options]

    def cards(self, spec: plan.Input) -> list[tuple[str, str, str]]:
        """A cards input's cards, strongest first: (id sent, printed title, the number it
        counts, signed as printed: « +2 », « −3 »)."""
        ranked = sorted(zip(spec.options, spec.counts), key=lambda card: -card[1])
        return [(key, self.page.value(key), _signed(n)) for key, n in ranked]

    @staticmethod
    def laid_numbers(specs: list[plan.Input]) -> list[str]:
        """The numbers the cards of `specs` count, strongest first, each once, as their
        chips print them: the buttons that show the cards counting each."""
        return [_signed(n) for n in sorted({n for spec in specs for n in spec.counts}, reverse=True)]

    def key_label(self, spec: plan.Input, key: str) -> str:
        return key if spec.verbatim else self.page.word(key)

    @staticmethod
    def blocks(form: plan.Form) -> list[list[plan.Input]]:
        """A form's inputs as its page draws them: alone, or together where they would
        stack two or three times as tall: groups in a row asking the same keys (a Challenge's
        success and failure, each a Pression and a Crédit) as one grid, a row each and a
        column a key; lists of cards in a row (a controversy's arguments, support and
        opposition) as one picker, a tab each."""
        blocks: list[list[plan.Input]] = []
        for spec in form.inputs:
            last = blocks[-1][-1] if blocks else None
            if last is not None and ((spec.kind == last.kind == "group"
                                      and [key for key, _ in spec.keys] == [key for key, _ in last.keys])
                                     or spec.kind == last.kind == "cards"):
                blocks[-1].append(spec)
            else:
                blocks.append([spec])
        return blocks

    @staticmethod
    def numbers_only(spec: plan.Input) -> bool:
        """A group whose every key asks a whole number: its pairs go side by side."""
        return spec.kind == "group" and all(sub.kind == "number" for _key, sub in spec.keys)

    def quick(self, low: int, high: int) -> list[tuple[str, str, int]]:
        """A stepper's quick amounts: the least, half, all."""
        return [("low", "", low), ("half", self.page.t(N_("Half")), (low + high) // 2),
                ("all", self.page.t(N_("All")), high)]

    def answers_form(self) -> dict[str, Any] | None:
        """A seat's own answers, given ahead, to what the game may ask of it later (its
        faces' `open_seat_questions`, e.g. Hoc Censeo's bonus and calamity for the coming resolve)."""
        page = self.page
        words = faces.of(page.game)
        ask = words.open_seat_questions
        questions = ask(page.state, page.seat) if ask is not None and page.seat is not None else []
        if not questions:
            return None
        rows = []
        for question in questions:
            label, values = words.seat_questions[question]
            rows.append({"field": question, "label": page.t(label), "chosen": page.answers.get(question),
                         "options": [(o, page.value(o)) for o in values]})
        return {"rows": rows, "help": page.t(words.seat_questions_help),
                "post": page.posts_to.rsplit("/", 1)[0] + "/choose"}

    def confirm(self, form: plan.Form, ending: bool, confirm: str | None,
                answers: tuple[str, str]) -> dict[str, Any] | None:
        """What a form asks before sending: when it ends the game (`ending`), when `confirm`
        says so, and when its answer is secret: no one else at the table can catch a slip."""
        page = self.page
        if ending:
            return {"confirm": page.t(TEXT.ends_game), "yes": page.t(TEXT.end_yes), "no": page.t(TEXT.confirm_no)}
        if confirm:
            return {"confirm": confirm, "yes": page.t(answers[0]), "no": page.t(answers[1])}
        if (page.seat is not None and form.player is None
                and title_of(page, form.action, form.player, form.title) != faces.WHO_BEGINS):
            # the table's decision, entered from the current player's phone (rules.as_entered_by)
            return {"confirm": page.t(TEXT.for_the_table), "yes": page.t(answers[0]), "no": page.t(answers[1])}
        if form.secret and page.seat is not None:
            return {"confirm": page.t(TEXT.confirm_what), "empty": page.t(TEXT.confirm_empty),
                    "and": page.t(TEXT.confirm_and), "yes": page.t(answers[0]), "no": page.t(answers[1])}
        return None

    def undo(self, screen: form_specs.SeatScreen | None) -> dict[str, Any]:
        """Undo, naming the entry it takes back, and asking before it does."""
        page = self.page
        title = None
        if screen is not None and screen.undo:
            entry = page.render(screen.undo[0])
            question, told = page.t(TEXT.undo_this, entry=entry.rstrip(".")), entry
            title = page.t(TEXT.undo_named, entry=entry.rstrip("."))
        else:
            question, told = page.t(TEXT.undo_latest), None
        secret = screen.undo_secret if screen is not None else False
        return {"form": replace(form_specs.UNDO, secret=secret), "confirm": question, "help": told,
                "answers": (TEXT.undo_yes, TEXT.undo_no), "title": title}

    def answered(self, screen: form_specs.SeatScreen) -> tuple[list[dict[str, Any]], list[str]]:
        """The answers so far as the form's hidden fields, and as the lines a person reads."""
        page = self.page
        hidden: list[dict[str, Any]] = []
        told: list[str] = []
        assert screen.main is not None, "the answers of the decision asked now"
        labels = {spec.field: spec for spec in screen.main.inputs}
        for name, value in screen.answers.items():
            spec = labels.get(name)
            if spec is None:
                continue
            if isinstance(value, list):
                hidden += [{"field": name, "kind": "item", "value": v} for v in value]
                if value:
                    told.append(page.t(TEXT.answered, question=recap_label(page, spec), answer=", ".join(value)))
            elif isinstance(value, dict):
                for key, chosen in value.items():
                    if chosen is None:
                        continue
                    hidden.append({"field": name, "key": key, "kind": "text" if isinstance(chosen, str) else "json",
                                   "value": plan.value_text(chosen)})
                    told.append(page.t(TEXT.answered, question=f"{recap_label(page, spec)} · {key}",
                                       answer=page.value(chosen)))
            elif value is not None:
                hidden.append({"field": name, "kind": "text" if isinstance(value, str) else "json",
                               "value": plan.value_text(value)})
                if len(spec.options) > 1:
                    told.append(page.t(TEXT.answered, question=recap_label(page, spec), answer=page.value(value)))
        return hidden, told

    def step(self, screen: form_specs.SeatScreen) -> dict[str, Any]:
        """The field asked now as big buttons: a tap that completes the decision sends it, any
        other leads to the next field (the answers so far carried in the address)."""
        page = self.page
        step, form = screen.step, screen.main
        assert step is not None, "a field is asked now"
        assert form is not None, "of the decision asked now"
        spec = step.spec
        label = page.t(spec.label)
        if spec.kind == "order":
            question = page.t(TEXT.order_first if not step.done.get(spec.field) else TEXT.order_next)
            param = form_specs.ANSWER_PREFIX + spec.field
        else:
            param = form_specs.ANSWER_PREFIX + spec.field + ("" if step.key is None else "." + step.key)
            question = step.key if step.key is not None else ""
        options: list[tuple[object, str]] = [
            (value, page.value(value) if not isinstance(value, str) or spec.kind != "order" else value)
            for value in step.options]
        if step.left_to_player:
            options.append((None, page.t(TEXT.left_to_player)))
        buttons = [_step_button(page, screen, param, value, shown) for value, shown in options]
        return {"label": label, "question": question, "buttons": buttons}


def _step_button(page: Page, screen: form_specs.SeatScreen, param: str, value: object, shown: str) -> dict[str, Any]:
    """One button of the field asked now: a tap that completes the decision sends it (an
    order whole, the last name after it), any other links to the next field with this answer
    carried in the address; a card's button carries the card's text."""
    step = screen.step
    assert step is not None, "a field is asked now"
    spec = step.spec
    card = page.card(value)
    text = form_specs.LEFT_TO_PLAYER if value is None else plan.value_text(value)
    button: dict[str, Any] = {"shown": shown, "card_text": str(card["text"]) if card and card.get("text") else None}
    if text in step.completes:
        kind = "text" if value is None or isinstance(value, str) else "json"
        if spec.kind == "order":   # the tap that completes an order sends it whole, the last name after it
            kind, text = "json", json.dumps([*step.done.get(spec.field, []), value,
                                             *(o for o in step.options if o != value)], ensure_ascii=False)
        filled = dict(step.fills).get(text)
        button.update(sends=True, field=None if value is None else spec.field, key=step.key, kind=kind,
                      value=text, drop=" ".join(dict(step.drops).get(text, ())),
                      fill=json.dumps(dict(filled), ensure_ascii=False) if filled else None)
    else:
        button.update(sends=False, link="?" + urlencode(screen.asked + [(param, text)]))
    return button


def _signed(n: int) -> str:
    """A card's number as printed: « +2 », « −3 »."""
    return f"+{n}" if n > 0 else f"−{-n}"


def recap_label(page: Page, spec: plan.Input) -> str:
    """A field's label before its answer: a question's mark dropped ("Quelle carte : Sabotage")."""
    return re.sub(r"[\s\u202f\xa0]*\?$", "", page.t(spec.label))


def draw_form(page: Page, form: plan.Form, opened: bool = False, *, boxed: bool = True,
              ending: bool = False, confirm: str | None = None, help_text: str | None = None,
              answers: tuple[str, str] = (TEXT.confirm_yes, TEXT.confirm_no)) -> str:
    """One decision's form: folded under its title (`boxed`) or drawn open as the decision of
    the screen (forms.html's `draw_form`)."""
    return fragment(page, "forms_html.draw_form(form, opened, boxed, ending, confirm, help_text, answers)",
                    form=form, opened=opened, boxed=boxed, ending=ending, confirm=confirm, help_text=help_text,
                    answers=answers)


# -- names and codes ----------------------------------------------------------------------------

# Where a page's text may not hold markup: a <bdi> there would be shown as typed (a title) or
# dropped (an option of a select, whose words stay as they are).
_TEXT_ONLY = ("title", "option", "textarea", "script", "style")


@functools.lru_cache(maxsize=64)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """One search through a page: a text-only element whole (`kept`, left as it is), or a
    name (as the templates escape it) in the text, not in a tag: the next angle bracket
    after it does not close a tag (autoescape writes a > in an attribute as &gt;)."""
    spelled = sorted({str(escape(name)) for name in names}, key=len, reverse=True)
    kept = "|".join(_TEXT_ONLY)
    # where a match may begin, looked at first: the search through a page twice as fast
    starts = "".join(sorted({re.escape(name[0]) for name in spelled}))
    return re.compile(rf"(?=[<{starts}])(?:(?P<kept>(?i:<(?P<tag>{kept})\b[^>]*>.*?</(?P=tag)\s*>))"
                      r"|(?<!\w)(?:" + "|".join(re.escape(name) for name in spelled) + r")(?!\w)(?![^<>]*>))", re.S)


# A button and a folded form's title lay their content out as flex items (centred): a name's
# <bdi> there would be an item of its own, cut from the words around it; so their words go in
# one <span>.
_FLEX_WORDS = re.compile(r"(<(button|summary)\b[^>]*>)((?:(?!</\2>).)*?<bdi>.*?)(</\2>)", re.S)


def _isolate(found: re.Match[str]) -> str:
    return found[0] if found["kept"] else f"<bdi>{found[0]}</bdi>"


def isolated(html: str, names: tuple[str, ...]) -> str:
    """`html` with each player's name in its text isolated in a <bdi>: a name written right to
    left (or one ending in a mark that turns the text) stays within itself, and the sentence
    around it reads in the page's own direction. Never inside a tag or an attribute. (One
    search: a loop over a page's thousand tags cost twice as much under the tests' coverage.)"""
    if not names:
        return html
    html = _names_pattern(names).sub(_isolate, html)
    return _FLEX_WORDS.sub(lambda found: f"{found[1]}<span>{found[3]}</span>{found[4]}", html)


@functools.lru_cache(maxsize=64)
def qr_svg(link: str) -> Markup:
    """A link's QR code as inline SVG (made once: the host page is drawn again at every change)."""
    return Markup(segno.make(link, error="m").svg_inline(scale=4, border=2, omitsize=True))
