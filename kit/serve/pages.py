"""The HTML pages: the table (public), a seat (one player's secrets and forms), the host.

Pages are rendered whole on the server. The parts that change as the game goes carry
`data-live`: static/serve.js fetches the page again after each change event and swaps
those parts (keeping what a player is typing), so there is one way to draw a page.
Everything shown is escaped; every word goes through the page's gettext translation.
"""
from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass, field, replace
from html import escape, unescape
from urllib.parse import urlencode

import segno

from kit import faces
from kit.i18n import LANGUAGES, N_, translator
from kit.serve import forms as form_specs
from kit.serve.story import Told
from scorekeeper import rules
from scorekeeper.rules import hoc_censeo as hoc

# The Hoc Censeo entries that resolve a vote (an open vote, the ballots' resolve): the reveal.
HOC_VOTES = ("vote", "resolve")


class TEXT:
    """The pages' sentences (marked here: the message extractor does not read inside f-strings)."""

    turn = N_("Turn")
    if_it_comes = N_("If it comes to it")
    save_answers = N_("Save my answers")
    hide_my_secrets = N_('Hide my secrets')
    show_my_secrets = N_('Show my secrets')
    saved = N_('Saved.')
    offline = N_('Connection lost; reconnecting…')
    language = N_('Language')
    score = N_('Score')
    player = N_('Player')
    has_voted = N_('has voted')
    not_yet = N_('not yet')
    rome_grey = N_('Rome: {grey} of {n} portions grey')
    calamity_at = N_('calamity at {at}')
    magistrate = N_('Magistrate')
    ballots_this_round = N_('Ballots this round')
    senators = N_('Senators')
    yes = N_('yes')
    votes_so_far = N_('Votes so far')
    my_game = N_('My game')
    senators_left = N_('Senators left')
    my_ballot = N_('My ballot this round: {pour} POUR, {contre} CONTRE.')
    my_objectives = N_('My objectives')
    circle = N_('Circle')
    secondary = N_('Secondary')
    my_seat = N_('My seat')
    secrets_hidden = N_('Secrets hidden. Tap “Show my secrets” to see them again.')
    nothing_to_do = N_('Nothing to do right now.')
    no = N_('no')
    join_codes = N_('Join codes: one phone per player')
    join_help = N_('Each code opens that player’s private page: show it to that player only.')
    join_room = N_('Join the game')
    room_help = N_('Scan the code, or open {link} and type the room code; then tap your name.')
    room_code = N_('Room code')
    pick_seat = N_('Who are you? Tap your name.')
    seat_taken = N_('taken')
    taken_help = N_('A taken seat is another phone’s: the host can free it.')
    continue_as = N_('Continue as {name}')
    free_seat = N_('Free this seat')
    seat_bound = N_('joined')
    seat_free = N_('free')
    close_doors = N_('Everyone is here')
    open_doors = N_('Open the table again')
    doors_open_help = N_('Once every player has joined, close the table: no other phone can join with the room code.')
    doors_closed = N_('Everyone is here: no new phone can join. The host can open the table again.')
    your_turn = N_("Your turn: {what}")
    # {names} is a list of names after "for", as the language says it ("de Bob et d'Alice")
    waiting_for = N_("Waiting for {names}")
    table_turn = N_("Up to the table: {what}")
    on_behalf = N_("{player}: {what}")
    last_vote = N_("The last vote")
    story = N_("The story so far")
    taken_back_at = N_("taken back at line {line}")
    taken_back = N_("Line {line} taken back: {entry}")
    taken_back_after_count = N_("Line {line} taken back after the totals were shown: {entry}")
    correction = N_("Correction: {entry}")
    choose_one = N_("What do you do?")
    either = N_("{names} or {last}")
    answered = N_("{question}: {answer}")
    also_possible = N_("Also possible")
    start_again = N_("Start this decision again")
    order_first = N_("Who comes first?")
    order_next = N_("Who comes next?")
    left_to_player = N_("Leave it to the player's own answer")
    undo_this = N_("Take back “{entry}”?")
    undo_latest = N_("Take back your latest entry?")
    ends_game = N_("This ends the game. Send it all the same?")
    confirm_what = N_("Send {what}?")
    confirm_empty = N_("Nothing is entered: every number is 0. Send it all the same?")
    confirm_yes = N_("Yes, send it")
    confirm_no = N_("No, change it")
    undo_yes = N_("Yes, take it back")
    undo_no = N_("No, keep it")
    end_yes = N_("Yes, end the game")
    half = N_("Half")
    all_of_them = N_("All")
    one_less = N_("One less")
    one_more = N_("One more")


@dataclass
class Page:
    """What every page needs to draw itself."""

    lang: str
    game: str
    state: dict            # already the view this reader may see
    line: int              # the session's latest line
    path: str              # this page's own path, for the language switch
    post: str | None = None        # where its forms post, None on the table page
    seat: str | None = None        # the seat's player
    host: bool = False
    can_undo: bool = False         # the seat's own entry is the latest in effect
    answers: dict = field(default_factory=dict)   # the seat's own answers for this resolve
    story: list[Told] | None = None   # the table page's: the story so far (kit/serve/story.py)
    screen: form_specs.SeatScreen | None = None   # a seat's decision now (kit/serve/forms.py)
    doors: int = 0                 # how many times the seats or the room changed (a live page follows)
    open: bool = True              # whether a new phone may join with the room code

    def __post_init__(self) -> None:
        self.translator = translator(self.lang)
        self._ = self.translator.gettext

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

    def t(self, message: str, **values: object) -> str:
        """The message translated, its {names} filled (values escaped by the caller)."""
        text = self._(message)
        return text.format(**values) if values else text

    def word(self, value: object) -> str:
        words = faces.of(self.game).words
        return escape(self._(words[value]) if isinstance(value, str) and value in words else str(value))

    def card(self, value: object) -> dict | None:
        """The card of the session's deck `value` names (a game with cards keeps the header's
        deck in its state as `cards`: scorekeeper.rules), or None."""
        cards = self.state.get("cards")
        return cards.get(value) if isinstance(cards, dict) and isinstance(value, str) else None

    def fact(self, value: object) -> str:
        """A player's number or word as a board shows it: yes or no for a flag, never True."""
        return escape(self._(TEXT.yes if value else TEXT.no)) if isinstance(value, bool) else self.word(value)

    def value(self, value: object) -> str:
        """A choice's value as a form offers it: a card of the session's deck by its printed
        title, the game's words for it (its VALUE_LABELS), else a word, yes or no, a number,
        a name."""
        card = self.card(value)
        if card is not None:
            return escape(str(card["title"]))
        for known, msgid in getattr(form_specs.table_words(self.game), "VALUE_LABELS", {}).items():
            if known == value and type(known) is type(value):   # True is not 1
                return escape(self._(msgid))
        if isinstance(value, bool):
            return escape(self._(TEXT.yes if value else TEXT.no))
        return self.word(value)


# -- the three pages ------------------------------------------------------------------------

def table_page(page: Page, room: str, join_link: str) -> str:
    """The public table: what the game waits for (or who won and why), the board, the story
    so far (`page.story`), and the room code with its QR code (the one way in: no seat's
    own code is ever on the shared screen)."""
    body = (f'<section id="now" class="now" data-live>{now(page)}</section>'
            f'<section id="board" class="board" data-live>{board(page, large=True)}</section>'
            f'<section id="story" class="story" data-live>{story(page)}</section>'
            f'<section id="room" class="room" data-live>{room_code(page, room, join_link)}</section>')
    return document(page, page.t(N_("Table")), body, "table")


def room_code(page: Page, room: str, join_link: str) -> str:
    """The way in, on the table screen: the room code and its QR code; once the host said
    everyone is here, only that (no code left to read off the screen)."""
    if not page.open:
        return f'<h2>{escape(page.t(TEXT.join_room))}</h2><p class="help">{escape(page.t(TEXT.doors_closed))}</p>'
    return (f'<h2>{escape(page.t(TEXT.join_room))}</h2>'
            f'<figure class="join">{qr_svg(join_link)}<figcaption>{escape(page.t(TEXT.room_code))}'
            f' <strong class="code">{escape(room)}</strong></figcaption></figure>'
            f'<p class="help">{escape(page.t(TEXT.room_help, link=join_link.rsplit("/", 1)[0]))}</p>')


def room_page(page: Page) -> str:
    """Where a phone types the room code read on the table screen."""
    body = (f'<section class="joining"><form method="get" action="/join"><label>{escape(page.t(TEXT.room_code))}'
            f'<input name="code" class="code" autocomplete="off" autocapitalize="characters" maxlength="12" required>'
            f'</label><button type="submit" class="big">{escape(page.t(TEXT.join_room))}</button></form></section>')
    return document(page, page.t(TEXT.join_room), body, "join")


def join_page(page: Page, room: str, bound: list[str], mine: str | None) -> str:
    """A phone joining with the room code: the players' names, the taken ones greyed."""
    names = list(page.state["players"])
    buttons = "".join(
        f'<li><button type="submit" name="seat" value="{escape(name)}" class="big"'
        + (f' disabled aria-describedby="taken-help">{escape(name)} <small>({escape(page.t(TEXT.seat_taken))})</small>'
           if name in bound else f">{escape(name)}")
        + "</button></li>" for name in names)
    again = (f'<p><a class="button big" href="/me">{escape(page.t(TEXT.continue_as, name=mine))}</a></p>'
             if mine else "")
    if not page.open:   # everyone is here: no name to tap
        return document(page, page.t(TEXT.join_room), f'<section class="joining">{again}'
                        f'<p class="over">{escape(page.t(TEXT.doors_closed))}</p></section>', "join")
    body = (f'<section class="joining">{again}<h2>{escape(page.t(TEXT.pick_seat))}</h2>'
            f'<form method="post" action="/join/{escape(room)}"><ul class="names">{buttons}</ul></form>'
            f'<p id="taken-help" class="help">{escape(page.t(TEXT.taken_help))}</p></section>')
    return document(page, page.t(TEXT.join_room), body, "join")


def seat_page(page: Page) -> str:
    name = escape(page.seated)
    # the decision asked now comes first: the phone is picked up to answer it
    body = (f'<section id="actions" data-live>{seat_forms(page)}</section>'
            f'<section id="mine" class="mine" data-live>{own_state(page)}</section>'
            f'<section id="board" class="board" data-live>{board(page)}</section>')
    secret = bool(getattr(rules.module(page.game), "SECRET_FIELDS", ()))
    return document(page, name, body, "seat", secrets=secret)


def host_page(page: Page, join: list[tuple[str, str]], bound: list[str], free: str, doors: str) -> str:
    """Every form, the board, and each seat's own link (this device only), with a button to
    free a seat a phone has taken (`free`: where that form posts), and the one that closes
    the table to new phones or opens it again (`doors`)."""
    body = (f'<section id="actions" data-live>{host_forms(page)}</section>'
            f'<section id="board" class="board" data-live>{board(page)}</section>'
            f'<section id="joins" class="joins" data-live>{join_codes(page, join, bound, free, doors)}</section>')
    return document(page, page.t(N_("Host")), body, "host")


def error_page(lang: str, status: int, sentence: str, back: tuple[str, str] | None = None) -> str:
    """A page's refusal (an unknown link): the sentence, in the reader's language, and the
    way back where there is one (`back`: its address and its words, translated)."""
    way = f'<p><a class="button big" href="{escape(back[0])}">{escape(back[1])}</a></p>' if back else ""
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{status}</title><link rel="stylesheet" href="/static/serve.css"></head>'
            f'<body><main><p class="over">{escape(sentence)}</p>{way}</main></body></html>')


# Where a page's text may not hold markup: a <bdi> there would be shown as typed (a title) or
# dropped (an option of a select, whose words stay as they are).
_TEXT_ONLY = ("title", "option", "textarea", "script", "style")
_TAG = re.compile(r"(<[^>]*>)")


@functools.lru_cache(maxsize=64)
def _names_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    spelled = sorted({escape(name) for name in names}, key=len, reverse=True)   # "Ana-Lou" before "Ana"
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(name) for name in spelled) + r")(?!\w)")


# A button and a folded form's title lay their content out as flex items (centred): a name's
# <bdi> there would be an item of its own, cut from the words around it; so their words go in
# one <span>.
_FLEX_WORDS = re.compile(r"(<(button|summary)\b[^>]*>)((?:(?!</\2>).)*?<bdi>.*?)(</\2>)", re.S)


def isolated(html: str, names: tuple[str, ...]) -> str:
    """`html` with each player's name in its text isolated in a <bdi>: a name written right to
    left (or one ending in a mark that turns the text) stays within itself, and the sentence
    around it reads in the page's own direction. Never inside a tag or an attribute."""
    if not names:
        return html
    pattern = _names_pattern(names)
    parts = _TAG.split(html)
    plain = 0   # how deep inside a text-only element
    for index, part in enumerate(parts):
        if index % 2:   # a tag
            tag = part[1:].lstrip("/").split(None, 1)[0].rstrip(">").lower() if len(part) > 2 else ""
            if tag in _TEXT_ONLY:
                plain += -1 if part.startswith("</") else 1
        elif part and not plain:
            parts[index] = pattern.sub(lambda found: f"<bdi>{found[0]}</bdi>", part)
    return _FLEX_WORDS.sub(lambda found: f"{found[1]}<span>{found[3]}</span>{found[4]}", "".join(parts))


def document(page: Page, who: str, body: str, kind: str, secrets: bool = False) -> str:
    title = f"{escape(rules.module(page.game).TITLE)} · {who}"
    switch = " ".join(
        f'<a href="{escape(page.path)}?lang={code}" lang="{code}" hreflang="{code}"'
        + (' aria-current="true"' if code == page.lang else "") + f">{code.upper()}</a>"
        for code in LANGUAGES)
    hide = (f'<button type="button" id="hide" class="hide" aria-pressed="false">'
            f'{page.t(TEXT.hide_my_secrets)}</button>') if secrets else ""
    names = tuple(page.state.get("players", ()))
    return f"""<!doctype html>
<html lang="{page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="/static/serve.css">
<script src="/static/serve.js" defer></script>
</head>
<body class="page-{kind}" data-line="{page.line}" data-doors="{page.doors}" data-shown="{escape(page.t(TEXT.show_my_secrets))}"
 data-hidden="{escape(page.t(TEXT.hide_my_secrets))}" data-saved="{escape(page.t(TEXT.saved))}"
 data-offline="{escape(page.t(TEXT.offline))}">
<header class="bar">
<h1>{isolated(title, names)}</h1>
<nav class="tools" aria-label="{escape(page.t(TEXT.language))}">{switch}{hide}</nav>
</header>
<p id="offline" class="offline" role="status" hidden></p>
<main>
{isolated(body, names)}
</main>
</body>
</html>
"""


# -- the board: the public state --------------------------------------------------------

def labelled(page: Page, label: str) -> str:
    """A label and its colon as the page's language writes them ("Préside :", "Magistrate:")."""
    return page.t(N_("{label}:"), label=escape(page.t(label)))


def game_over(page: Page) -> str:
    """Who won, said once the game is over (plain text: the caller escapes it)."""
    winners = page.state.get("winners") or []
    if not winners:
        return page.t(N_("Game over: nobody won."))
    return page.t(N_("Game over: {names} won."), names=page.translator.join(winners))


def board(page: Page, large: bool = False) -> str:
    state = page.state
    parts = []
    if state.get("over") and page.story is None:   # the table page says it with its why (`now`)
        parts.append(f'<p class="over" role="status">{escape(game_over(page))}</p>')
    parts.append((hoc_board if page.game == hoc.GAME_ID else plain_board)(page, large))
    return "".join(parts)


def plain_board(page: Page, large: bool) -> str:
    """PHD, Amphithéâtre, Promotion: the top numbers, then a card per player (the current
    standing of each track drawn as a bar against its limit from the rules)."""
    state = page.state
    declared = faces.of(page.game)
    shown = [(label, value(state)) for label, value in declared.top]
    top = "".join(f"<div><dt>{escape(page.t(label))}</dt><dd>{page.word(value)}</dd></div>"
                  for label, value in shown if value is not None)
    scores = state.get("scores") or {}
    cards = []
    for name, record in state["players"].items():
        facts = []
        for key, value in record.items():
            if isinstance(value, (dict, list)) or value is None:   # None: nothing held (no Poste yet)
                continue
            limit = declared.limit(state, key)
            bar = (f'<meter class="gauge" min="0" max="{limit}" value="{min(value, limit)}" aria-hidden="true"></meter>'
                   if limit and isinstance(value, int) else "")
            facts.append(f'<div{" class=track" if bar else ""}><dt>{page.word(key)}</dt>'
                         f"<dd>{page.fact(value)}{bar}</dd></div>")
        if name in scores:
            facts.append(f"<div><dt>{escape(page.t(TEXT.score))}</dt><dd>{scores[name]}</dd></div>")
        cards.append(f'<article class="card{" me" if name == page.seat else ""}"><h3>{escape(name)}</h3>'
                     f'<dl class="facts">{"".join(facts)}</dl></article>')
    return (f'<dl class="top">{top}</dl>' if top else "") + (
        f'<div class="cards{" large" if large else ""}">{"".join(cards)}</div>')


def hoc_board(page: Page, large: bool) -> str:
    """Hoc Censeo's public state: round, magistrate, Rome's circle, ballots, circles, history."""
    state = page.state
    t = page.t
    round_text = (t(N_("All {n} rounds played."), n=hoc.ROUNDS) if state["round"] >= hoc.ROUNDS else
                  t(N_("Game over after round {r} of {n}."), r=state["round"], n=hoc.ROUNDS) if state["over"] else
                  t(N_("Round {r} of {n}"), r=state["round"] + 1, n=hoc.ROUNDS))
    cast = state.get("ballots_cast", [])
    ballots = "".join(
        f'<li class="{"cast" if n in cast else "waiting"}"><span class="who">{escape(n)}</span> '
        f'<span class="mark">{escape(t(TEXT.has_voted) if n in cast else t(TEXT.not_yet))}</span></li>'
        for n in state["seating"])
    players = "".join(hoc_player_card(page, name) for name in state["seating"])
    chaos = state["chaos"]
    rome = (f'<figure class="rome">{circle_svg({}, chaos, t(TEXT.rome_grey, grey=chaos, n=hoc.ROME_PORTIONS), rome=True)}'
            f'<figcaption>{escape(t(TEXT.rome_grey, grey=chaos, n=hoc.ROME_PORTIONS))}'
            f'<br><small>{escape(t(TEXT.calamity_at, at=" & ".join(map(str, hoc.CALAMITY_AT))))}</small>'
            f'</figcaption></figure>')
    return (f'<div class="round"><p class="big">{escape(round_text)}</p>'
            f'<p>{labelled(page, TEXT.magistrate)} <strong>{escape(state["magistrate"])}</strong></p>{rome}</div>'
            + (f'<h2>{escape(t(TEXT.ballots_this_round))}</h2><ul class="ballots">{ballots}</ul>'
               if not state.get("over") else "")
            + last_vote(page)
            + f'<h2>{escape(t(TEXT.senators))}</h2><div class="cards">{players}</div>'
            + (history(page) if page.story is None else ""))


def hoc_player_card(page: Page, name: str) -> str:
    record = page.state["players"][name]
    facts = [(N_("Gold"), record["gold"]), (N_("Seals"), record["seals"]), (N_("Votes won"), record["wins"])]
    if "senators" in record:
        facts.insert(0, (N_("Senators left"), record["senators"]))
    # What only this card's owner sees (their senators, their tribe) goes with "Hide my secrets".
    mine = ' class="mine-secret"' if name == page.seat and not page.state["over"] else ""
    items = "".join(f"<div{mine if label == N_('Senators left') else ''}><dt>{escape(page.t(label))}</dt>"
                    f"<dd>{value}</dd></div>" for label, value in facts)
    label = page.t(N_("{name}'s circle"), name=name)
    legend = ", ".join(f"{page.word(c)} {record['circle'][c]}" for c in hoc.COLOURS)
    # A tribe is a secret (RULES.md §4.14): a card names it for its owner, or once the game is over.
    tribe = (f"<span{mine}>{page.word(record['tribe'])}</span>"
             if "tribe" in record and (name == page.seat or page.state["over"]) else "")
    return (f'<article class="card{" me" if name == page.seat else ""}"><h3>{escape(name)} '
            f'<small>{tribe}</small></h3>'
            f'<div class="row">{circle_svg(record["circle"], 0, label)}<dl>{items}</dl></div>'
            f'<p class="legend">{legend}</p></article>')


def history(page: Page) -> str:
    """The votes so far by their totals, latest first (four columns: fits a phone)."""
    votes = page.state["votes"]
    if not votes:
        return ""
    t = page.t
    rows = "".join(
        f"<tr><td>{v['round']}<br><small>{escape(v['magistrate'])}</small></td>"
        f"<td>{v['pour']} : {v['contre']}</td>"
        f"<td>{page.word(v['result'])}{'<br><small>' + page.word(v['colour']) + '</small>' if v['colour'] else ''}</td>"
        f"<td>{escape(t(TEXT.yes)) if v['calamity'] else '—'}</td></tr>" for v in reversed(votes))
    head = "".join(f'<th scope="col">{escape(t(h))}</th>' for h in (
        N_("Round"), N_("POUR : CONTRE"), N_("Result"), N_("Calamity")))
    return (f'<h2>{escape(t(TEXT.votes_so_far))}</h2><div class="scroll"><table class="history">'
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>")


def last_vote(page: Page) -> str:
    """The table page's reveal of the latest vote resolved: its totals and side, then who
    coloured, gained or lost what, in the rules' words."""
    told = next((t for t in reversed(page.story or ()) if t.action in HOC_VOTES and t.undone_by is None), None)
    if told is None or page.state.get("over"):   # the end tells the last vote as its why
        return ""
    return (f'<section class="reveal" aria-live="polite"><h2>{escape(page.t(TEXT.last_vote))}</h2>'
            f'{told_list(page, told)}</section>')


def told_list(page: Page, told: Told) -> str:
    """An entry of the story: its line, then each thing it did; an undo names the entry it
    took back (and says when that was after the totals were shown); an entry taken back
    says so, struck through; a correction says it is one."""
    t = page.t
    if told.undoes is not None:
        words = TEXT.taken_back_after_count if told.after_count else TEXT.taken_back
        return (f'<p class="entry undo{" counted" if told.after_count else ""}"><span class="line">{told.line}.</span> '
                f'{escape(t(words, line=told.undoes, entry=told.entry))}</p>')
    entry = t(TEXT.correction, entry=told.entry) if told.correction else told.entry
    if told.undone_by is not None:
        return (f'<p class="entry undone"><span class="line">{told.line}.</span> <s>{escape(entry)}</s> '
                f'<span class="mark">({escape(t(TEXT.taken_back_at, line=told.undone_by))})</span></p>')
    events = "".join(f"<li>{escape(e)}</li>" for e in told.events)
    return (f'<p class="entry{" correction" if told.correction else ""}"><span class="line">{told.line}.</span> '
            f'{escape(entry)}</p>' + (f'<ul class="did">{events}</ul>' if events else ""))


def now(page: Page) -> str:
    """What the table waits for (whose turn, which decision), or who won and why: the end
    as the last entry told it."""
    state = page.state
    if not state.get("over"):
        return turn_line(page)
    last = next((t for t in reversed(page.story or ()) if t.undone_by is None and t.undoes is None), None)
    why = told_list(page, last) if last is not None else ""
    return f'<div class="over" role="status"><p class="big">{escape(game_over(page))}</p>{why}</div>'


def story(page: Page) -> str:
    """The story so far, latest entry first."""
    if not page.story:
        return ""
    entries = "".join(f'<li>{told_list(page, told)}</li>' for told in reversed(page.story))
    return f'<h2>{escape(page.t(TEXT.story))}</h2><ol class="feed">{entries}</ol>'


def circle_svg(circle: dict, grey: int, label: str, rome: bool = False) -> str:
    """A circle of 8 portions: the coloured ones first (each with its letter), then `grey`
    grey ones (Rome's chaos), the rest blank."""
    fills: list[tuple[str, str]] = []
    for colour in hoc.COLOURS:
        fills += [faces.of(hoc.GAME_ID).colours[colour]] * circle.get(colour, 0)
    fills += [("#777", "")] * grey
    total = hoc.ROME_PORTIONS if rome else hoc.CIRCLE_PORTIONS
    fills += [("#fff", "")] * (total - len(fills))
    shapes = []
    for index, (fill, mark) in enumerate(fills[:total]):
        a0, a1 = 2 * math.pi * index / total - math.pi / 2, 2 * math.pi * (index + 1) / total - math.pi / 2
        x0, y0, x1, y1 = 50 + 46 * math.cos(a0), 50 + 46 * math.sin(a0), 50 + 46 * math.cos(a1), 50 + 46 * math.sin(a1)
        shapes.append(f'<path d="M50 50 L{x0:.1f} {y0:.1f} A46 46 0 0 1 {x1:.1f} {y1:.1f} Z" fill="{fill}"/>')
        if mark:
            mid = (a0 + a1) / 2
            shapes.append(f'<text x="{50 + 30 * math.cos(mid):.1f}" y="{50 + 30 * math.sin(mid) + 5:.1f}">{mark}</text>')
        if rome and index + 1 in hoc.CALAMITY_AT:
            shapes.append(f'<circle cx="{50 + 38 * math.cos(a1 - 0.2):.1f}" cy="{50 + 38 * math.sin(a1 - 0.2):.1f}" r="4" class="calamity"/>')
    return (f'<svg class="circle" viewBox="0 0 100 100" role="img" aria-label="{escape(label)}">'
            f'<g stroke="#222" stroke-width="1.5">{"".join(shapes)}</g></svg>')


# -- a seat's own state -------------------------------------------------------------------

def own_state(page: Page) -> str:
    record = page.state["players"][page.seat]
    t = page.t
    if page.game != hoc.GAME_ID:
        items = "".join(f"<div><dt>{page.word(f)}</dt><dd>{page.fact(v)}</dd></div>"
                        for f, v in record.items() if not isinstance(v, (dict, list)) and v is not None)
        return f'<h2>{escape(t(TEXT.my_game))}</h2><dl class="facts big">{items}</dl>'
    secrets = []
    if "senators" in record:
        secrets.append(f'<p class="big">{labelled(page, TEXT.senators_left)} <strong>{record["senators"]}</strong></p>')
    ballot = (page.state.get("ballots") or {}).get(page.seat)
    if ballot:
        secrets.append(f'<p>{escape(t(TEXT.my_ballot, pour=ballot["pour"], contre=ballot["contre"]))}</p>')
    goal = record.get("goal")
    if goal:
        rows = "".join(f"<li>{labelled(page, faces.of(hoc.GAME_ID).words[c])} {record['circle'][c]} / {goal['circle'][c]}</li>" for c in hoc.COLOURS)
        words = page.translator
        second = hoc.secondary_goal(goal).render(words.gettext, words.ngettext, words.join)
        met = record.get("objectives", {})
        secrets.append(
            f'<h3>{escape(t(TEXT.my_objectives))}</h3>'
            f'<p>{escape(t(TEXT.circle))}{" ✓" if met.get("circle") else ""}</p><ul class="goal">{rows}</ul>'
            f'<p>{labelled(page, TEXT.secondary)} {escape(second)}{" ✓" if met.get("secondary") else ""}</p>')
    tribe = page.word(record.get("tribe", ""))
    return (f'<h2>{escape(t(TEXT.my_seat))} <small class="mine-secret">{tribe}</small></h2>'
            f'<div class="secret" id="secret">{"".join(secrets)}</div>'
            f'<p class="hidden-note">{escape(t(TEXT.secrets_hidden))}</p>')


# -- forms ------------------------------------------------------------------------------------

def seat_forms(page: Page) -> str:
    """A seat's screen: whose move it is, the one decision asked of it now (or, when the rules
    offer several at once, the choice among them), then, clearly apart, what it may also do:
    its answers for a coming resolve, what is allowed at any time, its undo."""
    if page.state.get("over"):
        return ""
    screen = page.screen or form_specs.SeatScreen()
    t = page.t
    parts = [turn_line(page)]
    if screen.main is not None:
        parts.append(decision_box(page, screen))
    elif len(screen.offered) > 1:
        titles = [headline(page, form) for form in screen.offered]
        links = "".join(f'<li><a class="button big" href="?{escape(urlencode([(form_specs.CHOSEN, place)]))}">'
                        f'{choice_label(page, form, titles.count(title) > 1)}</a></li>'
                        for place, (form, title) in enumerate(zip(screen.offered, titles)))
        parts.append(f'<section class="decision"><h2>{escape(t(TEXT.choose_one))}</h2>'
                     f'<ul class="choices">{links}</ul></section>')
    also = [answers_form(page)] + [
        draw_form(page, form, ending=form.action in screen.ending)
        for form in form_specs.seat_forms(page.game, page.state, page.seated) if form.anytime]
    if page.can_undo:
        also.append(undo_form(page, screen))
    also = [part for part in also if part]
    if also:
        parts.append(f'<section class="also"><h2>{escape(t(TEXT.also_possible))}</h2>{"".join(also)}</section>')
    elif screen.main is None and len(screen.offered) <= 1 and len(parts) == 1:
        parts.append(f'<p>{escape(t(TEXT.nothing_to_do))}</p>')
    return "".join(parts)


def choice_label(page: Page, form: form_specs.Form, alike: bool) -> str:
    """A decision offered among others, as its button says it (escaped): its title, and when
    another has the same title, the values the rules already settle ("Apply the card")."""
    title = escape(headline(page, form))
    settled = [page.value(spec.options[0]) for spec in form.inputs if spec.kind == "one" and len(spec.options) == 1]
    return title + (" — " + ", ".join(settled) if alike and settled else "")


def headline(page: Page, form: form_specs.Form) -> str:
    """A decision's title standing alone (the game's words run on in "Your turn: …")."""
    title = page.t(form.title)
    return title[:1].upper() + title[1:]


def decision_box(page: Page, screen: form_specs.SeatScreen) -> str:
    """The one decision asked now: what its decider reads first (the magistrate's totals),
    then its fields, one at a time as buttons when each is a choice, else one form."""
    form = screen.main
    assert form is not None, "drawn for the decision asked now"
    t = page.t
    words = page.translator
    facts = "".join(f'<p class="fact">{escape(m.render(words.gettext, words.ngettext, words.join))}</p>'
                    for m in screen.facts)
    back = (f'<p class="again"><a href="?">{escape(t(TEXT.start_again))}</a></p>'
            if screen.started else "")
    if screen.step is None and form_specs.by_buttons(form):
        body = step_done(page, screen)
    elif screen.step is not None:
        body = step_buttons(page, screen)
    else:
        body = draw_form(page, form, boxed=False, ending=form.action in screen.ending)
    secret = " secret" if form.secret else ""
    return (f'<section class="decision{secret}" data-form="{escape(form.action)}"><h2>{escape(headline(page, form))}</h2>'
            f'{facts}{body}{back}</section>')


def answered_inputs(page: Page, screen: form_specs.SeatScreen) -> tuple[str, str]:
    """The answers so far as the form's hidden fields, and as the list a person reads."""
    hidden, told = [], []
    assert screen.main is not None, "the answers of the decision asked now"
    labels = {spec.field: spec for spec in screen.main.inputs}
    for name, value in screen.answers.items():
        spec = labels.get(name)
        if spec is None:
            continue
        if isinstance(value, list):
            hidden += [f'<input type="hidden" data-field="{escape(name)}" data-kind="item" value="{escape(v)}">'
                       for v in value]
            if value:
                told.append(f"<li>{escape(page.t(TEXT.answered, question=recap_label(page, spec), answer=', '.join(value)))}</li>")
        elif isinstance(value, dict):
            for key, chosen in value.items():
                if chosen is None:
                    continue
                hidden.append(f'<input type="hidden" data-field="{escape(name)}" data-key="{escape(key)}" '
                              f'data-kind="{"text" if isinstance(chosen, str) else "json"}" '
                              f'value="{escape(form_specs.value_text(chosen))}">')
                told.append(f"<li>{escape(page.t(TEXT.answered, question=f'{recap_label(page, spec)} · {key}', answer=unescape(page.value(chosen))))}</li>")
        elif value is not None:
            hidden.append(f'<input type="hidden" data-field="{escape(name)}" '
                          f'data-kind="{"text" if isinstance(value, str) else "json"}" '
                          f'value="{escape(form_specs.value_text(value))}">')
            if len(spec.options) > 1:
                told.append(f"<li>{escape(page.t(TEXT.answered, question=recap_label(page, spec), answer=unescape(page.value(value))))}</li>")
    return "".join(hidden), (f'<ul class="so-far">{"".join(told)}</ul>' if told else "")


def recap_label(page: Page, spec: form_specs.Input) -> str:
    """A field's label before its answer: a question's mark dropped ("Quelle carte : Sabotage")."""
    return re.sub(r"[\s\u202f\xa0]*\?$", "", page.t(spec.label))


def step_buttons(page: Page, screen: form_specs.SeatScreen) -> str:
    """The field asked now as big buttons: a tap that completes the decision sends it, any
    other leads to the next field (the answers so far carried in the address)."""
    t = page.t
    step, form = screen.step, screen.main
    assert step is not None, "a field is asked now"
    assert form is not None, "of the decision asked now"
    spec = step.spec
    hidden, told = answered_inputs(page, screen)
    if spec.kind == "order":
        question = t(TEXT.order_first if not step.done.get(spec.field) else TEXT.order_next)
        param = form_specs.ANSWER_PREFIX + spec.field
        label = t(spec.label)
    else:
        param = form_specs.ANSWER_PREFIX + spec.field + ("" if step.key is None else "." + step.key)
        label = t(spec.label)
        question = step.key if step.key is not None else ""
    options = [(value, page.value(value) if not isinstance(value, str) or spec.kind != "order" else escape(value))
               for value in step.options]
    if step.left_to_player:
        options.append((None, escape(t(TEXT.left_to_player))))
    buttons = []
    for value, shown in options:
        card = page.card(value)
        described = ""
        if card is not None and card.get("text"):      # a card is tapped by its title, read by its text
            shown += f'<small class="card-text" aria-hidden="true">{escape(str(card["text"]))}</small>'
            described = f' title="{escape(str(card["text"]))}"'      # its description, its name the title
        text = form_specs.LEFT_TO_PLAYER if value is None else form_specs.value_text(value)
        if text in step.completes:
            kind = "text" if value is None or isinstance(value, str) else "json"
            if spec.kind == "order":   # the tap that completes an order sends it whole, the last name after it
                kind, text = "json", json.dumps([*step.done.get(spec.field, []), value,
                                                 *(o for o in step.options if o != value)], ensure_ascii=False)
            key = f' data-key="{escape(step.key)}"' if step.key is not None else ""
            field_attr = "" if value is None else f' data-field="{escape(spec.field)}"{key} data-kind="{kind}"'
            buttons.append(f'<li><button type="submit" class="big"{field_attr}{described} value="{escape(text)}">{shown}'
                           '</button></li>')
        else:
            link = urlencode(screen.asked + [(param, text)])
            buttons.append(f'<li><a class="button big" href="?{escape(link)}"{described}>{shown}</a></li>')
    return (f'{told}<form class="act" data-action="{escape(form.action)}" data-post="{escape(page.posts_to)}" novalidate>'
            f'<p class="question">{escape(label)}{"<br><strong>" + escape(question) + "</strong>" if question else ""}</p>'
            f'{hidden}<ul class="choices">{"".join(buttons)}</ul>'
            f'<p class="answer" role="status" aria-live="polite"></p></form>')


def step_done(page: Page, screen: form_specs.SeatScreen) -> str:
    """Every field answered (or filled by the rules): what will be sent, and the button."""
    hidden, told = answered_inputs(page, screen)
    assert screen.main is not None, "the decision asked now"
    title = headline(page, screen.main)
    return (f'{told}<form class="act" data-action="{escape(screen.main.action)}" data-post="{escape(page.posts_to)}" '
            f'novalidate>{hidden}<button type="submit" class="big">{escape(title)}</button>'
            f'<p class="answer" role="status" aria-live="polite"></p></form>')


def undo_form(page: Page, screen: form_specs.SeatScreen) -> str:
    """Undo, naming the entry it takes back, and asking before it does."""
    words = page.translator
    if screen.undo:
        entry = screen.undo[0].render(words.gettext, words.ngettext, words.join)
        question, told = page.t(TEXT.undo_this, entry=entry.rstrip(".")), entry
    else:
        question, told = page.t(TEXT.undo_latest), None
    return draw_form(page, replace(form_specs.UNDO, secret=screen.undo_secret), confirm=question, help_text=told,
                     answers=(TEXT.undo_yes, TEXT.undo_no))


def host_forms(page: Page) -> str:
    """Every decision the game waits for, for the host to enter on anyone's behalf."""
    if page.state.get("over"):
        return draw_form(page, form_specs.UNDO)
    shown = [draw_form(page, form, opened=not form.anytime) for form in form_specs.host_forms(page.game, page.state)]
    return turn_line(page) + "".join(shown) + draw_form(page, form_specs.UNDO)


def turn_line(page: Page) -> str:
    """Whose move it is, from what the rules wait for: "Your turn: your ballot" on the
    seat's page, "Waiting for Bob and Chloé" elsewhere."""
    if page.state.get("over"):
        return ""
    mine, others, table = form_specs.waiting_for(page.state, page.seat)
    def what(decisions: list[dict]) -> str:   # the moves offered at once are alternatives: "A, B or C"
        moves = list(dict.fromkeys(page.t(action_label(page.game, d["action"])) for d in decisions))
        return moves[0] if len(moves) == 1 else page.t(TEXT.either, names=", ".join(moves[:-1]), last=moves[-1])
    if mine:
        text = page.t(TEXT.your_turn, what=what(mine))
    elif others:
        text = page.t(TEXT.waiting_for, names=page.translator.join_of(others))
    elif table:
        text = page.t(TEXT.table_turn, what=what([d for d in page.state["pending"] if d["player"] is None]))
    else:
        return ""
    return f'<p class="turn" role="status"{" data-mine" if mine else ""}>{escape(text)}</p>'


def action_label(game: str, action: str) -> str:
    return getattr(form_specs.table_words(game), "ACTION_LABELS", {}).get(action, action)


def answers_form(page: Page) -> str:
    """A seat's own answers, given ahead, to what the game may ask of it later (its table.py's
    `seat_questions`, e.g. Hoc Censeo's bonus and calamity for the coming resolve)."""
    words = form_specs.table_words(page.game)
    questions = words.seat_questions(page.state, page.seat) if hasattr(words, "seat_questions") else []
    if not questions:
        return ""
    t = page.t
    rows = []
    for question in questions:
        chosen = page.answers.get(question)
        label, values = words.SEAT_QUESTIONS[question]
        options = "".join(f'<option value="{o}"{" selected" if o == chosen else ""}>{page.value(o)}</option>'
                          for o in values)
        rows.append(f'<label class="field">{escape(t(label))} <select data-field="{question}" data-kind="text">'
                    f'<option value=""{"" if chosen else " selected"}>—</option>{options}</select></label>')
    post = page.posts_to.rsplit("/", 1)[0] + "/choose"
    return (f'<details class="box secret" open data-form="choose"><summary>{escape(t(TEXT.if_it_comes))}</summary>'
            f'<form class="act" data-action="choose" data-post="{escape(post)}" novalidate>'
            f'<p class="help">{escape(t(words.SEAT_QUESTIONS_HELP))}</p>{"".join(rows)}'
            f'<button type="submit">{escape(t(TEXT.save_answers))}</button>'
            f'<p class="answer" role="status" aria-live="polite"></p></form></details>')


def draw_form(page: Page, form: form_specs.Form, opened: bool = False, *, boxed: bool = True,
              ending: bool = False, confirm: str | None = None, help_text: str | None = None,
              answers: tuple[str, str] = (TEXT.confirm_yes, TEXT.confirm_no)) -> str:
    """One decision's form: folded under its title (`boxed`) or drawn open as the decision of
    the screen. It asks before sending when it ends the game (`ending`), when `confirm` says
    so, and when its answer is secret: no one else at the table can catch a slip in it."""
    t = page.t
    title = t(form.title)
    if page.seat is None and form.player is not None:   # the host enters it on that player's behalf
        title = t(TEXT.on_behalf, player=form.player, what=title)
    title = title[:1].upper() + title[1:]   # the game's words run on in "Your turn: …"; a title stands alone
    inputs = [draw_input(page, spec) for spec in form.inputs]
    if page.seat is None and form.player is not None and form.actor is not None:
        inputs.insert(0, f'<input type="hidden" data-field="{escape(form.actor)}" data-kind="text" '
                         f'value="{escape(form.player)}">')
    budget = getattr(form_specs.table_words(page.game), "BUDGETS", {}).get(form.action)
    asks = ""
    if ending:
        asks = f' data-confirm="{escape(t(TEXT.ends_game))}"'
        answers = (TEXT.end_yes, TEXT.confirm_no)
    elif confirm:
        asks = f' data-confirm="{escape(confirm)}"'
    elif form.secret and page.seat is not None:
        asks = (f' data-confirm="{escape(t(TEXT.confirm_what))}" data-empty="{escape(t(TEXT.confirm_empty))}"'
                f' data-and="{escape(t(N_("{names} and {last}")))}"')
    if asks:
        inputs.append(f'<div class="confirm" hidden><p class="question" role="alert"></p>'
                      f'<button type="submit" class="yes">{escape(t(answers[0]))}</button>'
                      f'<button type="button" class="no">{escape(t(answers[1]))}</button></div>')
    help_line = f'<p class="help">{escape(help_text)}</p>' if help_text else ""
    form_html = (f'<form class="act{" danger" if form.danger else ""}" data-action="{form.action}" '
                 f'data-post="{escape(page.posts_to)}"{asks}'
                 + (f' data-budget="{escape(" ".join(budget))}"' if budget else "")
                 + f' novalidate>{help_line}{"".join(inputs)}'
                 f'<button type="submit" class="send{" big" if not boxed else ""}">{escape(title)}</button>'
                 f'<p class="answer" role="status" aria-live="polite"></p></form>')
    if not boxed:
        return form_html
    secret = " secret" if form.secret and page.seat is not None else ""
    return (f'<details class="box{secret}"{" open" if opened else ""} data-form="{form.action}">'
            f'<summary>{escape(title)}</summary>{form_html}</details>')


def draw_input(page: Page, spec: form_specs.Input, key: str | None = None) -> str:
    """One field's input, by its kind (kit/serve/forms.py); inside a group, one key's."""
    t = page.t
    label = escape(spec.label) if spec.verbatim else escape(t(spec.label))
    attrs = f'data-field="{escape(spec.field)}"' + (f' data-key="{escape(key)}"' if key is not None else "")
    kind = spec.kind
    if kind == "number":
        bounds = (f' min="{spec.low}"' if spec.low is not None else "") + (
            f' max="{spec.high}"' if spec.high is not None else "")
        control = (f'<input type="number" inputmode="numeric" step="1"{bounds} {attrs} data-kind="int" '
                   f'aria-label="{label}"')
        if spec.low is not None and spec.high is not None and key is None:
            return stepper(page, control, label, spec.low, spec.high)
        control += ">"
    elif kind == "one":
        words = all(isinstance(o, str) for o in spec.options)
        shown = [(escape(o if words else json.dumps(o)), page.value(o)) for o in spec.options]
        if len(shown) == 1 and key is None:   # the rules leave no choice (the one accused): said, and sent
            return (f'<p class="field">{label} <strong>{shown[0][1]}</strong><input type="hidden" {attrs} '
                    f'data-kind="{"text" if words else "json"}" value="{shown[0][0]}"></p>')
        options = "".join(f'<option value="{value}">{text}</option>' for value, text in shown)
        control = (f'<select {attrs} data-kind="{"text" if words else "json"}" aria-label="{label}">'
                   f'<option value="">—</option>{options}</select>')
    elif kind in ("several", "all"):
        ticked = " checked" if kind == "all" else ""
        boxes = "".join(f'<label class="check"><input type="checkbox" {attrs} data-kind="list" '
                        f'value="{escape(str(o))}"{ticked}> {page.value(o)}</label>' for o in spec.options)
        return f'<fieldset class="group" data-group="{escape(spec.field)}"><legend>{label}</legend>{boxes}</fieldset>'
    elif kind == "order":   # names picked in order, one place after another: nothing typed to match
        options = "".join(f'<option value="{escape(o)}">{escape(o)}</option>' for o in spec.options)
        places = "".join(
            f'<label class="pair"><span>{place}.</span><select {attrs} data-kind="item" data-index="{place}" '
            f'aria-label="{label} {place}"><option value="">—</option>{options}</select></label>'
            for place in range(1, len(spec.options) + 1))
        return f'<fieldset class="group"><legend>{label}</legend>{places}</fieldset>'
    elif kind == "numbers":
        control = (f'<input type="text" {attrs} data-kind="ints" autocomplete="off" aria-label="{label}">')
    else:   # a group: one input per key
        rows = "".join(f'<label class="pair"><span>{escape(k) if sub.verbatim else page.word(k)}</span> '
                       f'{draw_input(page, sub, k)}</label>' for k, sub in spec.keys)
        return f'<fieldset class="group"><legend>{label}</legend>{rows}</fieldset>'
    if key is not None:
        return control
    return f'<label class="field">{label} {control}</label>'


def stepper(page: Page, control: str, label: str, low: int, high: int) -> str:
    """A bounded whole number as a big stepper: − and +, the number (typed too), and quick
    amounts (the least, half, all); static/serve.js keeps them within the bounds, and within
    what a shared budget leaves (a ballot's POUR and CONTRE share the senators left)."""
    t = page.t
    quick = "".join(
        f'<button type="button" class="quick" data-set="{how}">{escape(t(word)) if word else ""}<span class="n">{n}</span></button>'
        for how, word, n in (("low", "", low), ("half", TEXT.half, (low + high) // 2),
                             ("all", TEXT.all_of_them, high)))
    return (f'<div class="stepper"><span class="label">{label}</span>'
            f'<button type="button" class="step" data-by="-1" aria-label="{escape(t(TEXT.one_less))}">−</button>'
            f'{control} value="{low}" data-label="{label}">'
            f'<button type="button" class="step" data-by="1" aria-label="{escape(t(TEXT.one_more))}">+</button>'
            f'<div class="quicks">{quick}</div></div>')


# -- join codes ------------------------------------------------------------------------------

def join_codes(page: Page, join: list[tuple[str, str]], bound: list[str], free: str, doors: str) -> str:
    """Each seat's link and its QR code (SVG), whether a phone has taken it, and the button
    that frees it (a new link: the phone that held it can no longer act; a new room code);
    then the button closing the table to new phones, or opening it again."""
    cards = []
    for label, link in join:
        taken = label in bound
        state = escape(page.t(TEXT.seat_bound if taken else TEXT.seat_free))
        button = (f'<form method="post" action="{escape(free)}"><button type="submit" name="seat" '
                  f'value="{escape(label)}">{escape(page.t(TEXT.free_seat))}</button></form>' if taken else "")
        cards.append(f'<figure class="join">{qr_svg(link)}<figcaption><strong>{escape(label)}</strong> ({state})<br>'
                     f'<a href="{escape(link)}">{escape(link)}</a>{button}</figcaption></figure>')
    door = (f'<form method="post" action="{escape(doors)}" class="doors"><p class="help">'
            f'{escape(page.t(TEXT.doors_open_help if page.open else TEXT.doors_closed))}</p>'
            f'<button type="submit" name="open" value="{0 if page.open else 1}" class="big">'
            f'{escape(page.t(TEXT.close_doors if page.open else TEXT.open_doors))}</button></form>')
    return (f'<h2>{escape(page.t(TEXT.join_codes))}</h2>{door}'
            f'<p class="help">{escape(page.t(TEXT.join_help))}</p>'
            f'<div class="codes">{"".join(cards)}</div>')


@functools.lru_cache(maxsize=64)
def qr_svg(link: str) -> str:
    """A link's QR code as inline SVG (made once: the host page is drawn again at every change)."""
    return segno.make(link, error="m").svg_inline(scale=4, border=2, omitsize=True)

