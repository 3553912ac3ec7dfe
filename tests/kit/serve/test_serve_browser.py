"""A real browser at the table: Debian's Chromium driven by Playwright, phone-sized.

Three seats in three browser contexts (three phones, no shared cookies) vote a whole Hoc
Censeo round by their secret ballots; the magistrate's page offers the resolve once all are
in; the table page, opened once and never reloaded, follows every step live. Screenshots of
the table and of a seat go to the test's temporary folder.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from serve_helpers import Server, new_hoc

CHROMIUM = os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 360, "height": 740}
TIMEOUT = 15_000   # ms: generous for a loaded CI machine; every wait is for a condition, never a sleep
# In voting order: Alice, the magistrate, last (she then reads the totals, and her ballot is final).
BALLOTS = {"Bob": ("", "23"), "Chloé": ("19", ""), "Alice": ("37", "")}
# A phone's own request, as a page's script sends it: its status and its sentence.
POST_FROM_PAGE = """async ([url, body]) => {
    const reply = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                    body: JSON.stringify(body)});
    return [reply.status, (await reply.json()).error];
}"""


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing; .ci/run installs Debian's chromium")
        pytest.skip(f"no browser at {CHROMIUM} (apt-get install chromium)")
    playwright_api = pytest.importorskip("playwright.sync_api")
    # expect() has its own 5 s default, which set_default_timeout does not touch: every
    # browser test's assertions get the same generous wait, whichever file runs first.
    playwright_api.expect.set_options(timeout=TIMEOUT)
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"])
        yield browser
        browser.close()


def phone(browser, url: str, locale: str = "en-GB"):
    context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True, is_mobile=True)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(url)
    return page


def no_horizontal_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], page.url
    # Nor inside a box: a table that scrolls sideways hides its last column on a phone.
    wider = page.evaluate("[...document.querySelectorAll('.scroll')]"
                          ".filter(box => box.scrollWidth > box.clientWidth + 1).length")
    assert wider == 0, page.url


def test_three_phones_vote_a_round_and_the_table_follows_live(browser, tmp_path):
    from playwright.sync_api import expect

    server = Server(new_hoc(tmp_path / "senate.jsonl"))
    try:
        table = phone(browser, server.links["Table"])
        table.evaluate("window.openedOnce = true")   # gone if the page ever reloads
        seats = {name: phone(browser, server.links[name], "fr-FR" if name == "Bob" else "en-GB")
                 for name in BALLOTS}
        for page in (table, *seats.values()):
            no_horizontal_scroll(page)
        expect(seats["Bob"].locator("form[data-action=ballot] button.send")).to_have_text("Déposer un bulletin secret")

        for name, (pour, contre) in BALLOTS.items():
            page = seats[name]
            form = page.locator("form[data-action=ballot]")
            if pour:
                form.locator("[data-field=pour]").fill(pour)
            if contre:
                form.locator("[data-field=contre]").fill(contre)
            if name == "Chloé":   # without a mouse: Enter in the field asks, Enter again sends
                form.locator("[data-field=pour]").press("Enter")
                expect(form.locator(".confirm .question")).to_contain_text(f"{pour} FOR")
                form.locator("button.yes").press("Enter")
            else:   # a secret ballot is asked before it is sent, in the seat's words: "37 FOR?", "23 CONTRE ?"
                form.locator("button.send").tap()
                side = ("POUR" if pour else "CONTRE") if name == "Bob" else ("FOR" if pour else "AGAINST")
                expect(form.locator(".confirm .question")).to_contain_text(f"{pour or contre} {side}")
                form.locator("button.yes").tap()
            expect(table.locator("ul.ballots li.cast", has_text=name)).to_be_visible()
            expect(page.locator("form[data-action=ballot]")).to_have_count(0)
            expect(page.locator("#secret")).to_contain_text(pour or contre)
            # All the page but the way to join, whose address holds a random port (37455).
            shown_on_table = table.inner_text("body").replace(table.inner_text(".room"), "")
            for amount in (pour, contre):   # each typed amount, checked on its own
                if amount:
                    assert amount not in shown_on_table, f"{name}'s ballot ({amount}) is on the table page"

        seats["Alice"].screenshot(path=str(tmp_path / "seat-alice-before-resolve.png"), full_page=True)
        resolve = seats["Alice"].locator("section.decision[data-form=resolve]")   # the magistrate's, shown live
        expect(resolve).to_be_visible()
        expect(resolve.locator(".fact").first).to_contain_text("FOR 56, AGAINST 23")   # the totals first
        # Having read them, the magistrate cannot take her ballot back: no undo, and one sent is refused.
        expect(seats["Alice"].locator("form[data-action=undo]")).to_have_count(0)
        status, sentence = seats["Alice"].evaluate(POST_FROM_PAGE, [server.links["Alice"].replace("/seat/", "/api/seat/")
                                                                    + "/act", {"action": "undo"}])
        assert status == 403
        assert "final" in sentence
        expect(seats["Bob"].locator("[data-form=resolve]")).to_have_count(0)
        resolve.get_by_role("button", name="blue").tap()   # the only field needed: the tap sends it

        # the table tells the vote: its totals, then who coloured and gained what
        expect(table.locator(".reveal")).to_contain_text("FOR wins 56 to 23.")
        expect(table.locator(".reveal")).to_contain_text("The motion is")
        expect(table.locator("#story .feed > li")).to_have_count(4)
        expect(table.locator(".round .big")).to_contain_text("Round 2 of 9")
        expect(table.locator(".round")).to_contain_text("Bob")
        assert table.evaluate("window.openedOnce") is True
        expect(seats["Alice"].locator("#secret")).to_contain_text("63")
        expect(seats["Bob"].locator("#secret")).to_contain_text("77")
        for page in (table, *seats.values()):
            no_horizontal_scroll(page)

        table.screenshot(path=str(tmp_path / "table.png"), full_page=True)
        seats["Alice"].screenshot(path=str(tmp_path / "seat-alice.png"), full_page=True)
        hide = seats["Alice"].locator("#hide")
        hide.tap()
        expect(seats["Alice"].locator("#secret")).to_be_hidden()
        seats["Alice"].screenshot(path=str(tmp_path / "seat-alice-hidden.png"), full_page=True)
        hide.tap()
        expect(seats["Alice"].locator("#secret")).to_be_visible()
        keep = os.environ.get("KIT_SCREENSHOTS")   # a folder to copy them to, to look at
        if keep:
            for shot in tmp_path.glob("*.png"):
                shutil.copy(shot, Path(keep) / shot.name)
        assert all((tmp_path / name).stat().st_size > 5000 for name in ("table.png", "seat-alice.png"))
    finally:
        assert server.stop() == 0


# Per game: the seat's form to open (one of what the rules offer it now), what to enter
# (field -> value; a select's option), the part of the table to watch, what it then reads, and
# whether the entry is allowed at any time (still offered once made, saying it was saved) or
# answers the decision asked now (which then gives way to the next one).
OTHER_GAMES = {
    "phd": (["Ana", "Ben", "Cléo"], "turn", {"player": "Ana"}, "#now", "Ana", False),
    "amphitheatre": (["Ana", "Ben", "Cléo", "Dan"], "turn", {"player": "Ana"}, "dl.top", "Ana", False),
    "promotion": (["Ana", "Ben", "Cléo", "Dan", "Eve", "Fred", "Gina", "Hugo"], "turn",
                  {"player": "Ana"}, "#now", "Ana", False),
}
# Per game, a correction (the host's): what Ana's phone sends itself, refused; what the host's
# page then enters (field -> value), and what Ana's card on the table reads after it.
CORRECTIONS = {
    "phd": ({"action": "adjust", "player": "Ana", "credit": 9}, "adjust", {"player": "Ana", "pression": "3"}, "7"),
    "promotion": ({"action": "gain", "player": "Ana", "amount": 7}, "gain", {"player": "Ana", "amount": "4"}, "5"),
}


def fill(box, entries: dict) -> bool:
    """Fill a form's fields; whether a tap on a choice's button already sent it."""
    for field, value in entries.items():
        control = box.locator(f"[data-field={field}]:not(button)")
        if not control.count():   # a choice asked as buttons: the tap that completes it sends it
            box.locator(f"button[data-field={field}][value='{value}']").tap()
            return True
        if control.get_attribute("type") == "hidden":   # settled by the rules for this seat (who begins: itself)
            assert control.input_value() == value
            continue
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    return False


@pytest.mark.parametrize("game", OTHER_GAMES)
def test_the_other_games_fit_a_phone_and_take_an_entry_from_a_seat(browser, tmp_path, game):
    from playwright.sync_api import expect

    from scorekeeper import session as sessions

    players, action, entries, watch, shows, anytime = OTHER_GAMES[game]
    path = tmp_path / f"{game}.jsonl"
    sessions.create(path, game, [{"name": n} for n in players])
    server = Server(path)
    try:
        table = phone(browser, server.links["Table"])
        host = phone(browser, server.links["Host"], "fr-FR")
        seat = phone(browser, server.links["Ana"])
        for page in (table, host, seat):
            no_horizontal_scroll(page)
        ana = table.locator(watch)
        before = ana.inner_text() if ana.count() else ""
        # the decision asked now, drawn open; or what is allowed at any time, folded under its title
        box = seat.locator(f"details[data-form={action}], section.decision[data-form={action}]")
        if box.evaluate("box => box.tagName") == "DETAILS" and not box.evaluate("box => box.open"):
            box.locator("summary").tap()
        if not fill(box, entries):   # its send button, or the one button of a decision the rules settle whole
            box.locator("button.send, form.act > button.big[type=submit]").first.tap()
        expect(ana).not_to_have_text(before)   # the table followed, live
        expect(ana).to_contain_text(shows)
        # what the entry did, said above the forms (kept when the next decision takes the form's place)
        expect(seat.locator("#told")).to_contain_text(shows)
        if not anytime:   # answered: the page moved on to what the rules ask next
            expect(box.locator(f"[data-field={next(iter(entries))}]")).to_have_count(0)
        assert len(sessions.load(path).entries) == 1
        if game in CORRECTIONS:   # a correction: not on Ana's phone, refused from it; the host's page enters it
            sent, correction, fields, reads = CORRECTIONS[game]
            expect(seat.locator(f"[data-form={correction}]")).to_have_count(0)
            status, sentence = seat.evaluate(POST_FROM_PAGE, [server.links["Ana"].replace("/seat/", "/api/seat/") + "/act", sent])
            assert status == 403
            assert "host" in sentence
            assert len(sessions.load(path).entries) == 1
            card = table.locator('article.card:has-text("Ana")')
            box = host.locator(f"details[data-form={correction}]")
            box.locator("summary").tap()
            fill(box, fields)
            box.locator("button.send").tap()
            expect(card).to_contain_text(reads)
            expect(table.locator("#story")).to_contain_text("Correction")
        no_horizontal_scroll(seat)
        table.screenshot(path=str(tmp_path / f"{game}-table.png"), full_page=True)
        host.screenshot(path=str(tmp_path / f"{game}-host.png"), full_page=True)
        keep = os.environ.get("KIT_SCREENSHOTS")
        if keep:
            for shot in tmp_path.glob("*.png"):
                shutil.copy(shot, Path(keep) / shot.name)
    finally:
        assert server.stop() == 0
