"""Issue 46: a PHD turn played from a phone alone, asking only what the cards leave open.
Ana's phone (Debian's Chromium at 390x844, French) begins her turn, reveals a Challenge
picked among the Challenges alone, rolls the die that wins it, then makes her two Recherches
by drawing (a draw the table only records: one tap, no card asked). Every tap is counted
(the issue's goal: at most 8 for this turn), and no page the phone shows on the way is
taller than two screens. The host's page is never opened."""
from __future__ import annotations

from serve_helpers import Server, picture
from test_serve_browser import TIMEOUT, browser  # noqa: F401 (the fixture)

from kit.deck import for_session
from scorekeeper import session as sessions

SCREEN = {"width": 390, "height": 844}
CHALLENGE = "colloque-international"   # Crédit, difficulty 9: Ana's 4 Crédit and a 6 win it


class Phone:
    """One seat's phone, which counts the taps made on it and measures each page it shows."""

    def __init__(self, chromium, url: str, locale: str):
        context = chromium.new_context(viewport=SCREEN, locale=locale, has_touch=True, is_mobile=True)
        context.set_default_timeout(TIMEOUT)
        self.page = context.new_page()
        self.page.goto(url)
        self.taps = 0
        self.heights: list[int] = []     # each page's whole height
        self.asked: list[int] = []       # its decision's

    def measure(self) -> None:
        self.page.wait_for_load_state()
        self.heights.append(self.page.evaluate("document.documentElement.scrollHeight"))
        self.asked.append(self.page.evaluate(
            "Math.round(document.querySelector('#actions section.decision')?.getBoundingClientRect().height || 0)"))

    def tap(self, locator) -> None:
        self.measure()
        locator.tap()
        self.taps += 1

    def choose(self, locator, value: str) -> None:
        """A select's value picked: one tap on a phone (the list opens on the tap, the value is the choice)."""
        self.measure()
        locator.select_option(value)
        self.taps += 1

    @property
    def decision(self):
        return self.page.locator("#actions section.decision")


def test_a_phd_turn_with_a_challenge_and_two_draws_takes_few_taps_on_a_phone(browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    path = tmp_path / "these.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben", "Cléo")], deck=for_session("phd", None))
    server = Server(path)
    try:
        ana = Phone(browser, server.links["Ana"], "fr-FR")
        ana.tap(ana.decision.locator("button.big"))                                # « Je commence »
        expect(ana.decision.get_by_role("link", name="Challenge")).to_be_visible()
        picture(ana.page, tmp_path / "phd-1-vivre-Ana-fr.png")
        ana.tap(ana.decision.get_by_role("link", name="Challenge"))                # the card's type first
        cards = ana.decision.locator('[data-field="card"]')
        expect(cards.first).to_be_visible()
        deck = sessions.load(path).state["cards"]
        offered = cards.evaluate_all("es => es.map(e => e.value || new URL(e.href).searchParams.get('f.card'))")
        assert offered
        assert all(deck[key]["type"] == "challenge" for key in offered), offered
        picture(ana.page, tmp_path / "phd-2-challenges-Ana-fr.png")
        ana.tap(ana.decision.locator(f'[data-field="card"][value="{CHALLENGE}"], a[href*="f.card={CHALLENGE}"]'))
        expect(ana.decision.locator('[data-field="die"]')).to_be_visible()
        picture(ana.page, tmp_path / "phd-3-die-Ana-fr.png")
        ana.choose(ana.decision.locator('[data-field="die"]'), "6")
        ana.tap(ana.decision.locator("button.send"))
        draw = ana.decision.get_by_role("button", name="Piocher 2 cartes Événement")
        expect(draw).to_be_visible()
        picture(ana.page, tmp_path / "phd-4-recherche-Ana-fr.png")
        ana.tap(draw)
        expect(ana.decision.get_by_role("button", name="Piocher 1 carte Argument")).to_be_visible()
        ana.tap(ana.decision.get_by_role("button", name="Piocher 1 carte Argument"))
        expect(ana.page.locator("#actions section.decision")).to_have_count(0)
        ana.measure()

        steps = [(e.action.get("step"), e.action.get("card")) for e in sessions.load(path).entries]
        assert steps == [("start", None), ("challenge", CHALLENGE), (None, None), ("draw-events", None),
                         ("draw-argument", None)], steps
        state = sessions.load(path).state
        assert (state["turn"]["player"], state["turn"]["stage"]) == ("Ana", "end")
        assert ana.taps <= 8, ana.taps
        print(f"taps: {ana.taps}; page heights: {ana.heights}; decisions: {ana.asked}")
        assert max(ana.asked) <= 2 * SCREEN["height"], ana.asked
    finally:
        assert server.stop() == 0
