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
        assert max(ana.heights) <= 2 * SCREEN["height"], ana.heights
    finally:
        assert server.stop() == 0


def test_the_cards_laid_on_a_challenge_are_picked_as_cards_on_a_phone(browser, tmp_path):  # noqa: F811
    """Ana lays Données solides (+2) and Ben's Nuit blanche post-it (−1) on her Challenge: a
    tap on the number a card counts shows the cards counting it, a tap on the card ticks it;
    the session records the cards by their ids, Ben's one as his. The page says which
    Challenge it is and what the die must make, and stays within two screens."""
    from playwright.sync_api import expect

    path = tmp_path / "these.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben", "Cléo")], deck=for_session("phd", None))
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "challenge", "card": CHALLENGE})
    server = Server(path)
    try:
        ana = Phone(browser, server.links["Ana"], "fr-FR")
        decision = ana.decision
        expect(decision.locator(".fact").first).to_have_text("Colloque international : Crédit, difficulté 9")
        chips = decision.locator(".laid .chip")
        expect(chips.first).to_be_hidden()          # dozens of cards: none shown before a number is tapped
        ana.tap(decision.get_by_role("button", name="+2", exact=True))
        expect(decision.locator(".laid .chip:visible")).not_to_have_count(0)
        assert all(n == "+2" for n in decision.locator(".laid .chip:visible .n").all_inner_texts())
        ana.tap(decision.locator(".chip", has_text="Données solides"))
        ana.tap(decision.get_by_role("button", name="−1", exact=True))
        expect(decision.locator(".chip", has_text="Données solides")).to_be_visible()   # ticked: still shown
        ana.tap(decision.locator(".chip", has_text="Nuit blanche"))
        ana.choose(decision.locator('[data-field="die"]'), "2")
        decision.locator('input[data-key="Ben"]').fill("1")
        picture(ana.page, tmp_path / "phd-5-cards-laid-Ana-fr.png")
        ana.tap(decision.locator("button.send"))
        expect(ana.page.locator("#told")).to_contain_text("Colloque international")
        ana.measure()
        line = sessions.load(path).entries[-1].action
        assert line == {"action": "challenge", "player": "Ana", "die": 2,
                        "modifiers": ["donnees-solides", "nuit-blanche"], "laid_by": {"Ben": 1}}, line
        state = sessions.load(path).state
        assert state["last_test"]["total"] == 4 + 2 + 2 - 1
        # the page as it opens, and the decision with a number's cards shown, within two screens
        assert ana.heights[0] <= 2 * SCREEN["height"], ana.heights
        assert max(ana.asked) <= 2 * SCREEN["height"], ana.asked
    finally:
        assert server.stop() == 0


def test_a_challenge_written_by_hand_fits_two_screens_on_a_phone(browser, tmp_path):  # noqa: F811
    """A Challenge the deck does not hold (a blank card filled in by hand) asks its whole
    text besides the cards laid and the die: its success and failure read as one grid (a
    row each, a column per resource), the others' counts side by side, and the page as it
    opens stays within two screens. What Ana fills in is the line written."""
    from playwright.sync_api import expect

    path = tmp_path / "these.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben", "Cléo")], deck=for_session("phd", None))
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "challenge"})
    server = Server(path)
    try:
        ana = Phone(browser, server.links["Ana"], "fr-FR")
        decision = ana.decision
        grid = decision.locator("table.grid")
        assert grid.locator("thead th").all_inner_texts() == ["Pression", "Crédit"]
        assert grid.locator("tbody th").all_inner_texts() == ["Effet d’une réussite", "Effet d’un échec"]
        success = grid.get_by_label("Effet d’une réussite : Crédit")
        expect(success).to_be_visible()
        # the others' counts: side by side, one row
        counts = decision.locator('fieldset.numbers input[data-field="laid_by"]')
        tops = {round(box["y"]) for box in (counts.nth(n).bounding_box() for n in range(counts.count()))}
        assert len(tops) == 1, tops
        ana.choose(decision.locator('[data-field="resource"]'), "credit")
        decision.locator('[data-field="difficulty"]').fill("8")
        success.fill("2")
        grid.get_by_label("Effet d’un échec : Pression").fill("1")
        ana.tap(decision.get_by_role("button", name="+2", exact=True))
        ana.tap(decision.locator(".chip", has_text="Données solides"))
        decision.locator('input[data-key="Ben"]').fill("1")
        ana.choose(decision.locator('[data-field="die"]'), "2")
        picture(ana.page, tmp_path / "phd-6-challenge-by-hand-Ana-fr.png")
        ana.tap(decision.locator("button.send"))
        expect(ana.page.locator("#told")).to_contain_text("Challenge")
        line = sessions.load(path).entries[-1].action
        assert line == {"action": "challenge", "player": "Ana", "resource": "credit", "difficulty": 8,
                        "success": {"credit": 2}, "failure": {"pression": 1}, "modifiers": ["donnees-solides"],
                        "laid_by": {"Ben": 1}, "die": 2}, line
        assert sessions.load(path).state["players"]["Ana"]["credit"] == 4 + 2    # 4 + 2 + 2 >= 8: won
        # the page as it opens, and the decision with a number's cards shown, within two screens
        assert ana.heights[0] <= 2 * SCREEN["height"], ana.heights
        assert max(ana.asked) <= 2 * SCREEN["height"], ana.asked
    finally:
        assert server.stop() == 0


def superviseur_revealed(tmp_path, card: str, options: dict | None = None):
    """A session where Ana, her chapter submitted, has just turned over the Superviseur `card`."""
    path = tmp_path / "these.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben", "Cléo")], options or {},
                    deck=for_session("phd", None))
    for action in ({"action": "turn", "player": "Ana", "step": "start"},
                   {"action": "turn", "player": "Ana", "step": "none"},
                   {"action": "adjust", "player": "Ana", "pression": 1, "credit": 1},
                   {"action": "submit", "player": "Ana"},
                   *({"action": "turn", "player": name, "step": step}
                     for name in ("Ben", "Cléo") for step in ("start", "none", "draw-events")),
                   {"action": "turn", "player": "Ana", "step": "start"},
                   {"action": "turn", "player": "Ana", "step": "superviseur", "card": card}):
        sessions.append(path, action)
    return path


def test_a_controversy_lays_its_three_lists_in_one_picker_on_a_phone(browser, tmp_path):  # noqa: F811
    """A controversy's arguments, support and opposition are one picker: a tab per list,
    each saying how many cards it holds, and the numbers shown once for the three. The
    headline names the move chosen, not the moves offered. Each card goes in its own list
    of the line written, and the page as it opens stays within two screens (three lists
    stacked took 2,645 px)."""
    from playwright.sync_api import expect

    path = superviseur_revealed(tmp_path, "stylo-rouge")     # its chapter goes to a controversy
    server = Server(path)
    try:
        ana = Phone(browser, server.links["Ana"], "fr-FR")
        with ana.page.expect_navigation():
            ana.tap(ana.decision.get_by_role("link", name="Controverse"))
        expect(ana.page.locator(".turn")).to_have_text("À vous : Controverse")
        decision = ana.decision
        tabs = decision.locator(".side-tabs .side")
        expect(tabs).to_have_text(["Arguments posés", "Soutiens posés", "Opposition posée"])
        assert decision.locator(".by-number .number").all_inner_texts() == \
            ["+5", "+4", "+3", "+2", "+1", "−1", "−2", "−3", "−4"]

        def lay(side: str, number: str, title: str) -> None:
            ana.tap(tabs.filter(has_text=side))
            expect(tabs.filter(has_text=side)).to_have_attribute("aria-pressed", "true")
            button = decision.get_by_role("button", name=number, exact=True)
            if button.get_attribute("aria-pressed") != "true":
                ana.tap(button)
            ana.tap(decision.locator(".side-part.active .chip", has_text=title))

        lay("Arguments", "+2", "Données solides")
        expect(tabs.first).to_have_text("Arguments posés (1)")
        lay("Soutiens", "+2", "Figure limpide")
        lay("Opposition", "−2", "Biais de sélection")
        more = decision.locator('.side-part.active input[data-kind="more"]')
        expect(more).to_be_hidden()                  # a card written by hand: typed once asked for
        ana.tap(decision.get_by_role("button", name="✎ Autre"))
        more.fill("1")
        expect(tabs).to_have_text(["Arguments posés (1)", "Soutiens posés (1)", "Opposition posée (2)"])
        expect(decision.locator(".side-part:not(.active) .chip:visible")).to_have_count(0)
        decision.locator('input[data-field="laid_by"][data-key="Ben"]').fill("1")
        decision.locator('input[data-field="laid_by"][data-key="Cléo"]').fill("1")
        picture(ana.page, tmp_path / "phd-7-controversy-Ana-fr.png")
        ana.tap(decision.locator("button.send"))
        expect(ana.page.locator("#told")).to_be_visible()
        line = sessions.load(path).entries[-1].action
        assert line == {"action": "controversy", "player": "Ana", "arguments": ["donnees-solides"],
                        "support": ["figure-limpide"], "opposition": ["biais-de-selection", 1],
                        "laid_by": {"Ben": 1, "Cléo": 1}}, line
        # the page as the controversy opens, and the decision with a number's cards shown, within two screens
        assert ana.heights[1] <= 2 * SCREEN["height"], ana.heights
        assert max(ana.asked) <= 2 * SCREEN["height"], ana.asked
    finally:
        assert server.stop() == 0


def test_the_thesis_defence_fits_two_screens_on_a_phone(browser, tmp_path):  # noqa: F811
    """The thesis defence asks the die besides a controversy's three lists: chosen among the
    moves offered, its page stays within two screens (it took 2,674 px)."""
    from playwright.sync_api import expect

    path = superviseur_revealed(tmp_path, "relecture-dans-le-train", {"chapters": 1})   # approved: the defence
    server = Server(path)
    try:
        ana = Phone(browser, server.links["Ana"], "fr-FR")
        with ana.page.expect_navigation():
            ana.tap(ana.decision.get_by_role("link", name="Soutenance de thèse"))
        expect(ana.decision.locator(".side-tabs .side")).to_have_count(3)
        ana.measure()
        picture(ana.page, tmp_path / "phd-8-defence-Ana-fr.png")
        assert ana.heights[-1] <= 2 * SCREEN["height"], ana.heights
    finally:
        assert server.stop() == 0
