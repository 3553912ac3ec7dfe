"""The table tells the story, in Debian's Chromium (issue 24): a few turns of PHD, of
Amphithéâtre (an accusation made on a phone after a side was joined) and of Promotion,
played on four phones at 360x740 in separate contexts (one of them French), each entry
made by tapping the phone's one decision; the table page, opened once and never reloaded,
follows whose turn it is and tells what each entry did, in its public words. Screenshots
of the table in both languages go to the test's temporary folder."""
from __future__ import annotations

from urllib.parse import quote_plus

from serve_helpers import Server, picture
from test_serve_browser import browser, no_horizontal_scroll, phone  # noqa: F401 (the fixture)

from kit.deck import for_session
from scorekeeper import session as sessions

NAMES = {"Ana": "en-GB", "Ben": "fr-FR", "Cléo": "en-GB", "Dan": "en-GB"}


def send_folded(box, fields: dict) -> None:
    """Open a folded form (what a page may also do), fill its fields and send it."""
    box.locator("summary").tap()
    for field, value in fields.items():
        control = box.locator(f'[data-field="{field}"]')
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    box.locator("button.send").tap()


class Table:
    """The phones and the table page of one game."""

    def __init__(self, chromium, server: Server):
        self.table = phone(chromium, server.links["Table"])
        self.table.evaluate("window.openedOnce = true")   # gone if the page ever reloads
        self.phones = {name: phone(chromium, server.links[name], locale) for name, locale in NAMES.items()}
        self.host_link = server.links["Host"]
        self.host = None   # the host's page, opened when a correction is entered

    def tap(self, name: str, field: str, value: str) -> None:
        """`name`'s phone taps the button giving `field` that value, in its one decision (a link
        to the next question while more are asked, the button that sends it for the last)."""
        decision = "#actions .decision "
        self.phones[name].locator(f'{decision}button[data-field="{field}"][value="{value}"], '
                                  f'{decision}a[href*="f.{field}={quote_plus(value)}"]').tap()

    def go_on(self, name: str) -> None:
        """`name`'s phone taps its one decision that leaves nothing to choose (a turn begins)."""
        self.phones[name].locator("#actions .decision button.big").tap()

    def send(self, name: str, **fields: str) -> None:
        """`name`'s phone fills its decision's inputs and sends it."""
        page = self.phones[name]
        for field, value in fields.items():
            box = page.locator(f'#actions .decision [data-field="{field}"]')
            if box.evaluate("e => e.tagName") == "SELECT":
                box.select_option(value)
            else:
                box.fill(value)
        page.locator("#actions .decision button.send").tap()

    def also(self, name: str, action: str, **fields: str) -> None:
        """`name`'s phone opens what it may also do (`action`), fills it and sends it."""
        page = self.phones[name]
        box = page.locator(f'#actions .also details[data-form="{action}"]')
        send_folded(box, fields)

    def correct(self, action: str, **fields: str) -> None:
        """The host's page enters a correction (`action`): opened, filled and sent."""
        if self.host is None:
            self.host = phone(self.table.context.browser, self.host_link)
        box = self.host.locator(f'details[data-form="{action}"]')
        send_folded(box, fields)

    def told(self, *sentences: str) -> None:
        """The table's story tells each of `sentences` (in its latest entries)."""
        from playwright.sync_api import expect

        for sentence in sentences:
            expect(self.table.locator("#story")).to_contain_text(sentence)

    def now(self, text: str) -> None:
        from playwright.sync_api import expect

        expect(self.table.locator("#now")).to_contain_text(text)

    def check(self, tmp_path, game: str) -> None:
        assert self.table.evaluate("window.openedOnce") is True
        for page in (self.table, *self.phones.values()):
            no_horizontal_scroll(page)
        picture(self.table, tmp_path / f"table-{game}-en.png")
        self.table.goto(self.table.url.split("?")[0] + "?lang=fr")
        picture(self.table, tmp_path / f"table-{game}-fr.png")


def four(tmp_path, game: str, *, deck: bool = False) -> Server:
    """Four seats; with `deck`, the deck `kit score new` records (the table plays the cards)."""
    path = tmp_path / f"{game}.jsonl"
    sessions.create(path, game, [{"name": n} for n in NAMES], deck=for_session(game, None) if deck else None)
    return Server(path)


def test_phd_turns_told_on_the_table(browser, tmp_path):  # noqa: F811
    server = four(tmp_path, "phd")
    try:
        game = Table(browser, server)
        game.go_on("Ana")                              # who begins: Ana's own phone says « I begin »
        game.now("Waiting for Ana")
        game.told("Ana's turn begins.")
        game.tap("Ana", "step", "challenge")
        game.send("Ana", resource="credit", die="5", difficulty="8")
        game.told("Ana's challenge: total 9, needed 8: success.",
                  "Ana won the Challenge while Living: two Research phases this turn.")
        game.tap("Ana", "step", "draw-argument")
        game.tap("Ana", "step", "draw-argument")
        game.now("Waiting for Ben")
        game.go_on("Ben")                              # Ben's phone reads French; the table English
        game.tap("Ben", "step", "challenge")
        game.send("Ben", resource="pression", die="1", difficulty="9")
        game.told("Ben's challenge: total 5, needed 9: failure.")
        game.check(tmp_path, "phd")
    finally:
        assert server.stop() == 0


def test_amphitheatre_an_accusation_made_on_a_phone_after_a_side_was_joined(browser, tmp_path):  # noqa: F811
    server = four(tmp_path, "amphitheatre")
    try:
        game = Table(browser, server)
        game.go_on("Ana")                              # who begins: Ana's own phone says « I begin »
        game.now("Waiting for Ana")
        # moves offered at once: hypothesis, revolution, draw; then handshake, counter
        game.phones["Ana"].locator('#actions .decision a[href="?do=hypothesis%2Bcategory%2Btarget"]').tap()
        game.tap("Ana", "target", "Ben")
        game.tap("Ana", "category", "cause")
        game.told("Ana states a hypothesis")
        # no handshake: a debate, sent by its one tap (it asks nothing more)
        game.phones["Ben"].locator('#actions .decision form[data-action="counter"] button').tap()
        game.now("Ana plays — waiting for Cléo")   # her hypothesis, answered in her turn
        game.tap("Cléo", "side", "a")
        game.now("Ana plays — waiting for Dan")
        game.told("Cléo")
        game.also("Dan", "accuse", accused="Ben", truthful="false")
        game.told("Ben's card differs from the hypothesis: Dan wins the accusation.",
                  "Ben is discounted from this debate.")
        game.check(tmp_path, "amphitheatre")
    finally:
        assert server.stop() == 0


def test_promotion_turns_told_on_the_table(browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    server = four(tmp_path, "promotion", deck=True)
    try:
        game = Table(browser, server)
        game.go_on("Ana")                              # who begins: Ana's own phone says « I begin »
        expect(game.phones["Ana"].locator(".turn[data-mine]")).to_be_visible()   # Ana's page has turned
        game.go_on("Ana")                              # the draw: Ana holds cards, no burnout to choose
        game.told("Ana draws 1 card.")
        game.tap("Ana", "step", "play")
        game.tap("Ana", "card", "heures-sup")          # no target to ask: the tap sends it
        game.told("Ana plays Heures sup: +2 cards.")   # the card and its effect, applied by the engine, in one line
        game.correct("gain", player="Ana", amount="2")   # a correction, the host's
        game.told("Ana gains 2 IP and has 3.")
        game.tap("Ana", "step", "play")
        game.tap("Ana", "card", "sabotage")
        game.tap("Ana", "target", "Dan")               # an Attaque: whom it aims at is asked
        game.told("Ana plays Sabotage against Dan.")
        game.now("Ana plays — waiting for Dan: their answer")   # in her turn
        game.tap("Dan", "step", "land")
        game.told("Ana plays Sabotage against Dan: Dan −2 cards.")
        game.go_on("Ana")                              # two cards played: the turn can only end
        game.now("Waiting for Ben")
        game.go_on("Ben")
        game.told("Ben's turn begins.")
        game.check(tmp_path, "promotion")
    finally:
        assert server.stop() == 0
