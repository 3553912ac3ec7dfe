"""The pages as players saw them (issue 34, item 6), in Debian's Chromium: a phone keeps the
verdict of its entry when the next decision takes the form's place (a Challenge, a seal
spend: only the table said « réussite »), and the table screen at 1280 x 720 holds the room
code, its QR code and the latest of the story above the fold. Screenshots at the phone's
390 x 844 and the screen's 1280 x 720 go to the test's temporary folder."""
from __future__ import annotations

from serve_helpers import Server, new_hoc, picture
from test_serve_browser import TIMEOUT, browser  # noqa: F401 (the fixture)
from test_serve_story_browser import Table, four

from scorekeeper import session as sessions

PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1280, "height": 720}


def open_page(chromium, url: str, viewport: dict, locale: str = "en-GB", *, touch: bool = True):
    context = chromium.new_context(viewport=viewport, locale=locale, has_touch=touch, is_mobile=touch)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(url)
    return page


def test_a_phone_keeps_its_challenges_verdict_when_the_next_decision_takes_its_place(browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    server = four(tmp_path, "phd")
    try:
        game = Table(browser, server)
        ana = game.phones["Ana"]
        ana.set_viewport_size(PHONE)
        game.go_on("Ana")   # who begins: Ana's own phone says « I begin »
        game.tap("Ana", "step", "challenge")
        game.send("Ana", resource="credit", die="5", difficulty="8")
        game.told("Ana's challenge: total 9, needed 8: success.")
        expect(ana.locator('#actions [data-form="challenge"]')).to_have_count(0)   # the next decision is shown
        expect(ana.locator("#told")).to_contain_text("Ana's challenge: total 9, needed 8: success.")
        expect(ana.locator("#told")).to_be_in_viewport()
        picture(ana, tmp_path / "challenge-verdict-390.png")
        game.tap("Ana", "step", "draw-argument")   # the next entry: its own words take the verdict's place
        expect(ana.locator("#told")).not_to_contain_text("challenge")
    finally:
        assert server.stop() == 0


def test_a_phone_keeps_what_its_seal_spend_did_when_the_form_goes(browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    path = new_hoc(tmp_path / "senate.jsonl")
    sessions.append(path, {"action": "vote", "pour": {"Alice": 1}, "colour": "bleu"})   # Alice's 2 seals
    server = Server(path)
    try:
        alice = open_page(browser, server.links["Alice"], PHONE)
        box = alice.locator('details[data-form="spend_seals"]')
        box.locator("summary").tap()
        box.locator('[data-field="colour"]').select_option("vert")
        box.locator("button.send").tap()
        box.locator(".confirm button.yes").tap()   # a secret entry is asked again before it is sent
        expect(alice.locator("#told")).to_contain_text("Alice colours a green portion with 2 seals.")
        expect(alice.locator('[data-form="spend_seals"]')).to_have_count(0)   # no seals left to spend
        picture(alice, tmp_path / "seal-spend-390.png")
    finally:
        assert server.stop() == 0


def test_the_table_screen_shows_the_way_in_and_the_latest_story_above_the_fold(browser, tmp_path):  # noqa: F811
    path = new_hoc(tmp_path / "senate.jsonl")
    for colour in ("bleu", "vert", "jaune"):
        sessions.append(path, {"action": "vote", "pour": {"Alice": 7, "Chloé": 4}, "contre": {"Bob": 3}, "colour": colour})
    sessions.append(path, {"action": "ballot", "player": "Bob", "pour": 12})
    server = Server(path)
    try:
        for lang in ("fr", "en"):
            table = open_page(browser, server.links["Table"] + f"?lang={lang}", SCREEN, touch=False)
            box = table.evaluate("""() => Object.fromEntries(['#room .code', '#room svg', '#story h2',
                '#story .feed > li:nth-child(1)', '#story .feed > li:nth-child(2) .entry', '#now .turn']
                .map(s => [s, document.querySelector(s).getBoundingClientRect().bottom]))""")
            picture(table, tmp_path / f"table-1280-{lang}.png")
            assert all(bottom <= SCREEN["height"] for bottom in box.values()), (lang, box)
            assert table.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
            table.context.close()
    finally:
        assert server.stop() == 0
