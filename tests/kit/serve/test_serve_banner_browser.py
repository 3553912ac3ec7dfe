"""Issue 46, item 4: the « what just happened » banner (#told) tells the latest move only.
It stayed on a page until that page sent again: Ana read « Ana joue Sabotage contre Ben »
while the game had moved on to Ben's answer and back. Now the next entry, anyone's, clears
it. Debian's Chromium, phones at 390x844 in separate contexts."""
from __future__ import annotations

import re

from serve_helpers import Server
from test_serve_browser import browser, phone  # noqa: F401 (the fixture)

from kit.deck import for_session
from scorekeeper import session as sessions

I_BEGIN = re.compile(r"^(Je commence|I begin)$")


def test_the_banner_clears_when_another_player_moves(browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    path = tmp_path / "office.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", "Ben", "Cléo")], deck=for_session("promotion", None))
    server = Server(path)
    try:
        ana, ben = phone(browser, server.links["Ana"], "fr-FR"), phone(browser, server.links["Ben"], "fr-FR")
        ana.locator("section.decision").get_by_role("button", name=I_BEGIN).tap()
        ana.locator("section.decision").get_by_role("button", name="Piocher", exact=True).tap()
        expect(ana.locator("#told")).to_contain_text("pioche")
        ana.locator("section.decision").get_by_role("link", name="Poser une carte").tap()
        ana.locator("section.decision").get_by_role("link", name="Sabotage", exact=True).tap()
        ana.locator("section.decision").get_by_role("button", name="Ben", exact=True).tap()
        expect(ana.locator("#told")).to_contain_text("Ben peut y répondre")
        ben.locator("section.decision[data-form=turn]").get_by_role("button", name="Subir l’Attaque").tap()
        expect(ben.locator("#told")).to_be_visible()
        expect(ana.locator("#told")).to_be_hidden()   # Ben's move came after hers: hers is no longer the news
        expect(ana.locator(".turn[data-mine]")).to_be_visible()
    finally:
        assert server.stop() == 0
