"""Issue 46's proof: whole games of PHD, Promotion and Amphithéâtre played on phones alone.

The bots choose every move (kit/games/<game>/bots.py, their table taking each move through
`take`); each move is then made as a person makes it: on the page of the one seat whose
move it is, tapping what that page shows (the decision among those offered, the answers
one button at a time, the cards laid ticked by their number's chip, a question asked before
sending answered yes), in Chromium, phones of 360×740 in French and English. (Hoc Censeo's
whole game on phones is test_serve_whole_game's.) Nothing is posted by the test, and the host's page would
serve only what no seat's page offers: it never does. The session the phones wrote is the
bots' game, move for move, and the games take each move the issue names (Challenges with
cards laid, Coopérations, a controversy, a chapter submitted; attacks answered with a
Trahison or taken, a burnout; debates and accusations). A move no page offers, a tap that leads nowhere, a page that
shows another decision than the one tapped, fails here with the move and the page's words.

Found by it: a decision chosen among several was carried in the address by its place in the
list, which the next redraw could give to another decision (kit/serve/forms.py
`decision_keys`), a redraw fetched for an address the page had just left was shown
(static/serve.js `refresh`), and a debate's sides were boxes to untick (templates/forms.html).
"""
from __future__ import annotations

import json
import time
from collections import Counter
from random import Random
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from serve_helpers import Server
from test_phones_alone import takes
from test_serve_browser import browser, phone  # noqa: F401 (the fixture)

from kit import plan
from kit.build import default_layouts
from kit.deck import for_session
from kit.simulate import module as bots_of
from scorekeeper import rules
from scorekeeper import session as sessions

LOCALES = ("fr-FR", "en-GB")         # the phones' languages, seat after seat
PATIENCE = 45   # seconds any one wait may take: each is for a state of a page, never a sleep


def seat_of(game: str, state: dict[str, Any], action: dict[str, Any]) -> tuple[str | None, bool]:
    """The seat whose page offers `action` now (None: no seat's, the host's), and whether it
    is among what the seat may do at any time (a box of its own) rather than its decision."""
    for seat in state["players"]:
        view = rules.view(game, state, seat)
        for decision, anytime in plan.seat_decisions(game, view, seat):
            form = plan.form_of(game, decision, view, seat, anytime=anytime)
            if decision["action"] == action["action"] and (form.actor is None or action.get(form.actor) == seat):
                return seat, anytime
    return None, False


def wanted(action: dict[str, Any], field: str, key: str | None, done: int) -> str | None:
    """The text of the value `action` gives the question of `field` (its `key`, or the
    `done`-th name of an order), as the page carries it; None: the action leaves it out."""
    value = action.get(field)
    if key is not None:
        value = value.get(key) if isinstance(value, dict) else None
    elif isinstance(value, list):
        value = value[done] if done < len(value) else None
    return None if value is None else plan.value_text(value)


# What a seat's decision shows, read in one go: the decisions offered at once (each a link,
# or a form its button sends), the buttons and links of the question asked, the inputs of a
# whole form.
SCREEN = """section => ({
  offered: Array.from(section.querySelectorAll(":scope > ul.choices > li")).map(li => ({
    href: li.querySelector("a") ? li.querySelector("a").getAttribute("href") : null,
    hidden: Object.fromEntries(Array.from(li.querySelectorAll("input[type=hidden]")).map(
      input => [input.dataset.field, input.value]))})),
  buttons: Array.from(section.querySelectorAll("form ul.choices button[type=submit]")).map(
    button => [button.dataset.field || null, button.dataset.key || null, button.value]),
  links: Array.from(section.querySelectorAll("form ul.choices a")).map(a => a.getAttribute("href")),
  inputs: section.querySelectorAll("form.act [data-field]:not([type=hidden]):not(button)").length})"""


def takes_all(game: str, view: dict[str, Any], seat: str, decision: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether `decision`'s form can give every value of `action`."""
    form = plan.form_of(game, decision, view, seat)
    inputs = {spec.field: spec for spec in form.inputs}
    return decision["action"] == action["action"] and all(
        takes(inputs[field], value) for field, value in action.items()
        if field not in ("action", form.actor) and field in inputs)


class Phones:
    """The four phones and the host's page, each a Chromium page; `make` plays one move."""

    def __init__(self, browser, game: str, path, server: Server):  # noqa: F811
        self.game, self.path = game, path
        seats = sessions.load(path).state["players"]
        self.pages = {seat: phone(browser, server.links[seat], LOCALES[place % 2]) for place, seat in enumerate(seats)}
        self.host = phone(browser, server.links["Host"])
        for page in (*self.pages.values(), self.host):   # some 400 waits in a row: room for a loaded machine
            page.context.set_default_timeout(PATIENCE * 1000)
        self.lines = len(sessions.load(path).entries)
        self.taps = 0
        self.made: Counter[str] = Counter()   # the moves made, by kind ("turn challenge", "host deck_empty")

    def make(self, state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        """`action` made on the page of the seat that offers it; the session's state after it."""
        from playwright.sync_api import expect

        seat, anytime = seat_of(self.game, state, action)
        page = self.host if seat is None else self.pages[seat]
        self.made[" ".join(["host"] * (seat is None) + [action["action"], action.get("step", "")]).strip()] += 1
        expect(page.locator("body")).to_have_attribute("data-line", str(self.lines + 1),   # the header is line 1
                                                       timeout=PATIENCE * 1000)
        if seat is None or anytime:
            self.fill(page, page.locator(f'form.act[data-action="{action["action"]}"]').first, action)
        else:
            self.answer(page, action)
        self.lines += 1
        deadline = time.monotonic() + PATIENCE
        while True:
            session = sessions.load(self.path)
            if len(session.entries) >= self.lines or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        assert len(session.entries) == self.lines, (action, self.said(page))
        sent = session.entries[-1].action
        assert {k: v for k, v in sent.items() if v not in (None, [], {})} == \
            {k: v for k, v in action.items() if v not in (None, [], {})}, (sent, action)
        return session.state

    def said(self, page) -> str:
        """What the page shows where a move went wrong: its address, each form's answer (a
        refusal, « … » for an entry still on its way), then its decision."""
        answers = [text for text in page.locator("form.act .answer").all_inner_texts() if text.strip()]
        decision = page.locator("section.decision")
        shown = decision.first.inner_text() if decision.count() else page.locator("main").inner_text()
        return f"{page.url} answers {answers}: {shown[:1200]}"

    def answer(self, page, action: dict[str, Any]) -> None:
        """The seat's decision: the one among those offered, then each question asked. What
        the page shows is read in one go (SCREEN) and tapped by what it is (its value, its
        link), never by its place: a page may be redrawn, alike, between a look and a tap."""
        for _tap in range(30):
            screen = page.locator("section.decision").first.evaluate(SCREEN)
            if screen["offered"]:
                if self.choose(page, screen["offered"], action):
                    return
            elif screen["buttons"] or screen["links"]:
                if self.tap_answer(page, screen, action):
                    return
            else:
                form = page.locator("section.decision form.act").first
                if screen["inputs"]:
                    self.fill(page, form, action)
                else:
                    self.send(form)
                return
        raise AssertionError(f"no end to the questions of {action}: {self.said(page)}")

    def choose(self, page, offered: list[dict[str, Any]], action: dict[str, Any]) -> bool:
        """The decision among those the rules offer at once: its button sends it (True), or
        its link asks the rest."""
        seat = next(s for s, p in self.pages.items() if p is page)
        view = rules.view(self.game, sessions.load(self.path).state, seat)
        decisions = [d for d, _ in plan.seat_decisions(self.game, view, seat, anytime=False)]
        assert len(decisions) == len(offered), (offered, decisions)
        for place, (item, decision) in enumerate(zip(offered, decisions)):
            if not takes_all(self.game, view, seat, decision, action):
                continue
            if item["href"] is not None:
                with page.expect_navigation():
                    self.tap(page.locator(f'section.decision > ul.choices a[href="{item["href"]}"]'))
                return False
            if all(wanted(action, f, None, 0) == v for f, v in item["hidden"].items()):
                self.tap(page.locator("section.decision > ul.choices > li").nth(place).locator("button"))
                return True
        raise AssertionError(f"{action} among {offered}: {view.get('pending')}")

    def tap_answer(self, page, screen: dict[str, Any], action: dict[str, Any]) -> bool:
        """One question asked by buttons: the button of the action's value, which sends it
        (True), or its link, which asks the next question."""
        for field, key, value in screen["buttons"]:
            if field is None or wanted(action, field, key, 0) == value:
                chosen = f'[data-field="{field}"]' if field is not None else ":not([data-field])"
                self.tap(page.locator(f"section.decision ul.choices button[type=submit]{chosen}"
                                      f"[value={json.dumps(value)}]").first)
                return True
        asked = parse_qsl(urlsplit(page.url).query)
        for href in screen["links"]:
            pairs = parse_qsl(urlsplit(href).query)
            name, value = ([pair for pair in pairs if pair not in asked] or pairs[-1:])[-1]
            field, _, key = name.removeprefix("f.").partition(".")
            done = sum(1 for n, _v in asked if n == name)
            if name.startswith("f.") and wanted(action, field, key or None, done) == value:
                with page.expect_navigation():
                    self.tap(page.locator(f'section.decision ul.choices a[href="{href}"]'))
                return False
        raise AssertionError(f"{action}: no button for it in {screen}")

    def fill(self, page, form, action: dict[str, Any]) -> None:
        """A whole form: each input set to what the action gives, then sent (a question
        asked before sending answered yes)."""
        folded = form.locator("xpath=ancestor::details[1]")
        if folded.count() and not folded.evaluate("box => box.open"):
            self.tap(folded.locator("summary"))
        for field in form.locator("[data-field]:not([type=hidden]):not(button)").all():
            name, key = field.get_attribute("data-field"), field.get_attribute("data-key")
            kind = field.get_attribute("data-kind")
            value = action.get(name)
            if kind == "list":
                ticked = isinstance(value, list) and field.get_attribute("value") in map(plan.value_text, value)
                if ticked != field.is_checked():
                    self.side(field, name)
                    if not field.is_visible():   # a card laid: its number's chip shows the cards counting it
                        counts = field.locator("xpath=ancestor::label[1]").get_attribute("data-n")
                        self.tap(field.locator(f'xpath=ancestor::fieldset[1]//button[@data-n="{counts}"]'))
                    self.tap(field)
            elif kind == "more":
                numbers = [v for v in value or [] if isinstance(v, int)]
                if numbers:
                    self.side(field, name)
                    if not field.is_visible():   # typed once « ✎ Other » is tapped
                        self.tap(field.locator('xpath=ancestor::fieldset[1]//button[contains(@class, "write")]'))
                    field.fill(", ".join(map(str, numbers)))
            elif kind == "item":
                index = int(field.get_attribute("data-index")) - 1
                if isinstance(value, list) and index < len(value):
                    field.select_option(plan.value_text(value[index]))
            elif kind == "ints":
                field.fill(", ".join(map(str, value or [])))
            else:
                text = wanted(action, name, key, 0)
                if text is None:
                    continue
                if field.evaluate("e => e.tagName") == "SELECT":
                    field.select_option(text)
                else:
                    field.fill(text)
        self.send(form)

    def side(self, field, name: str) -> None:
        """The tab of a list of cards laid (a controversy's support), where one picker holds
        several lists and shows one at a time."""
        tab = field.locator(f'xpath=ancestor::fieldset[1]//button[contains(@class, "side")][@data-side="{name}"]')
        if tab.count() and tab.get_attribute("aria-pressed") != "true":
            self.tap(tab)

    def send(self, form) -> None:
        """A form's button, and yes when it asks before sending (what is entered for the whole
        table, what ends the game)."""
        self.tap(form.locator("button[type=submit]:visible").first)
        yes = form.locator(".confirm button.yes")
        if yes.count() and yes.is_visible():
            self.tap(yes)

    def tap(self, target) -> None:
        self.taps += 1
        target.tap()


# Each game's seed plays every kind of move below (a seed's game is the same on any machine).
MOVES = {
    "promotion": {"turn start", "turn draw", "turn burnout", "turn play", "turn react", "turn land", "turn resolve",
                  "turn end"},
    "phd": {"turn start", "turn vie", "turn draw-events", "turn draw-argument", "turn challenge", "challenge",
            "turn cooperation", "turn superviseur", "controversy", "submit"},
    "amphitheatre": {"turn start", "hypothesis", "revolution", "draw", "handshake", "counter", "join", "debate",
                     "accuse"},
}


def play_promotion(bots, data: Any, rng: Random, phones: Phones) -> None:
    table = bots.Table(data, ["random"] * len(phones.pages), {}, rng, take=phones.make)
    bots.run(table)


def play_phd(bots, data: Any, rng: Random, phones: Phones) -> None:
    table = bots.Table(data, ["random"] * len(phones.pages), {}, rng)

    def act(action):       # the bots' move (one the rules wait for: their own check), made on the phones
        bots.legal_apply(table.state, action)
        table.state = phones.make(table.state, action)
        if table.state["over"]:
            raise bots.GameOver
        return table.state
    table.act = act
    bots.run(table)


def play_amphitheatre(bots, data: Any, rng: Random, phones: Phones) -> None:
    bots.play_game(bots.Table(data, ["random"] * len(phones.pages), rng), phones.make)


PLAY = {"promotion": play_promotion, "phd": play_phd, "amphitheatre": play_amphitheatre}


@pytest.mark.parametrize(("game", "seed"), [("promotion", 0), ("phd", 15), ("amphitheatre", 1)])
def test_a_whole_game_on_phones_alone(browser, tmp_path, game, seed):  # noqa: F811
    bots = bots_of(game)
    seats = [f"P{i}" for i in range(1, bots.PLAYERS + 1)]      # the bots' own names for their seats
    path = tmp_path / f"{game}.jsonl"
    sessions.create(path, game, [{"name": n} for n in seats], deck=for_session(game, None))
    server = Server(path)
    try:
        phones = Phones(browser, game, path, server)
        PLAY[game](bots, bots.load(default_layouts()), Random(seed), phones)
        assert sessions.load(path).state["over"], "the game did not end"
        print(f"{game}: {phones.lines} entries, {phones.taps} taps, {dict(phones.made)}")
        assert MOVES[game] <= set(phones.made), MOVES[game] - set(phones.made)
        assert not [kind for kind in phones.made if kind.startswith("host")], phones.made
    finally:
        assert server.stop() == 0
