"""Issue 46, item 4: a colleague who may answer an Avantage with a Trahison lets it pass with
one tap (it showed one button, and no way to let the card pass). Debian's Chromium, a phone
at 390x844."""
from __future__ import annotations

from serve_helpers import Server
from test_serve_browser import browser, phone  # noqa: F401 (the fixture)

from kit.deck import for_session
from scorekeeper import session as sessions


def test_a_colleague_lets_an_avantage_pass_with_one_tap(browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    path = tmp_path / "office.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", "Ben", "Cléo")],
                    deck=for_session("promotion", None))
    for step in ("start", "draw"):
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "play", "card": "flatterie"})
    server = Server(path)
    try:
        ben = phone(browser, server.links["Ben"], "fr-FR")
        decision = ben.locator("section.decision[data-form=turn]")
        expect(decision).to_contain_text("Ana joue Flatterie.")
        decision.get_by_role("button", name="Laisser passer", exact=True).tap()
        expect(ben.locator("#told")).to_contain_text("Ben laisse passer Flatterie.")
        expect(ben.locator("section.decision")).to_have_count(0)
        assert sessions.load(path).entries[-1].action == {"action": "turn", "player": "Ben", "step": "pass"}
    finally:
        assert server.stop() == 0
