"""A phone does not redraw while its entry is on its way (found playing whole games on
phones, test_phones_whole_game). Another seat's move, redrawn into the page then, put the
next question's buttons, enabled, where the tapped ones waited to be answered: a second tap
sent a second entry; or it drew the question just answered again, its address not yet left.
The redraw is held back until the entry is answered, then shows the page as it is.

Here Alice's ballot is held on its way (the browser's route keeps the request), Bob casts
his meanwhile, and Alice's page stays as it was, its buttons disabled, until her ballot is
answered; then it shows both. Debian's Chromium; every wait is for a state of a page, but
one second given to what must not happen (Alice's redraw, which nothing on her page would
announce)."""
from __future__ import annotations

from serve_helpers import Server, new_hoc
from test_serve_browser import browser, phone  # noqa: F401 (the fixture)


def test_a_phone_holds_back_its_redraw_while_its_entry_is_on_its_way(browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    server = Server(new_hoc(tmp_path / "senate.jsonl"))
    try:
        table = phone(browser, server.links["Table"])
        alice, bob = phone(browser, server.links["Alice"]), phone(browser, server.links["Bob"])
        held = []
        alice.route("**/act", lambda route: held.append(route))   # Alice's entry leaves the page and waits there
        form = alice.locator("form[data-action=ballot]")
        form.locator("[data-field=pour]").fill("12")
        form.locator("button.send").tap()
        form.locator("button.yes").tap()
        expect(form.locator(".answer")).to_have_text("…")
        line = alice.locator("body").get_attribute("data-line")

        ballot = bob.locator("form[data-action=ballot]")
        ballot.locator("[data-field=contre]").fill("5")
        ballot.locator("button.send").tap()
        ballot.locator("button.yes").tap()
        expect(table.locator("ul.ballots li.cast", has_text="Bob")).to_be_visible()
        expect(bob.locator("form[data-action=ballot]")).to_have_count(0)
        # Bob's ballot is told to every page; Alice's, still waiting for her own, is not redrawn
        alice.wait_for_timeout(1000)
        assert len(held) == 1
        assert alice.locator("body").get_attribute("data-line") == line
        expect(form.locator("button.yes")).to_be_disabled()
        expect(form.locator(".answer")).to_have_text("…")

        held[0].continue_()
        expect(alice.locator("form[data-action=ballot]")).to_have_count(0)
        expect(alice.locator("body")).to_have_attribute("data-line", str(int(line) + 2))   # hers and Bob's
        expect(table.locator("ul.ballots li.cast", has_text="Alice")).to_be_visible()
    finally:
        assert server.stop() == 0
