"""Issue 24's proof: a whole Hoc Censeo game on three phones and the table page only.

Debian's Chromium, phones at 360x740 in separate browser contexts (no shared cookies). The
tribes are dealt in secret (`kit score new --deal`); the three players join by the room code
read on the table page, each sees only their own tribe, and they play to the end: secret
ballots on big steppers, each asked before it is sent (an empty one too), the magistrate
reading the totals and tapping the colour, the tie-break, the order of equal voters and the
bonus left to the voter's own answer. The table shows whose turn it is and the outcome of
every vote, live. Mid-game the server is restarted on the same port: the ballots and the
answer given before it are kept, and the open pages carry on. An 8th tab of the table's
browser loads and follows the game. Every wait is for a state of a page, never a sleep.

The plan, by tribe (dealt at random, read from the file's header by the test only):
Titienses (T) holds 5 seals at once to win; each POUR win with blue (or mauve and a blue
bonus) gives its largest POUR voter 2 seals, so T wins at the third vote.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from serve_helpers import REPO, Server, picture
from test_serve_browser import TIMEOUT, browser, no_horizontal_scroll, phone  # noqa: F401 (the fixture)

from scorekeeper import session as sessions

NAMES = {"Alice": "fr-FR", "Bob": "en-GB", "Chloé": "fr-FR"}   # seating order: Alice presides round 1
SHOWN = {"titienses": "Titienses", "ramnes": "Ramnes", "luceres": "Luceres"}
COLOUR = {"fr-FR": {"bleu": "bleu", "mauve": "mauve"}, "en-GB": {"bleu": "blue", "mauve": "mauve"}}
WAITING = {"fr-FR": "En attente", "en-GB": "Waiting for"}
SIDES = {"fr-FR": {"pour": "POUR", "contre": "CONTRE"}, "en-GB": {"pour": "FOR", "contre": "AGAINST"}}
YOURS = {"fr-FR": "À vous", "en-GB": "Your turn"}
# navigator.vibrate where a test can count it (headless Chromium has no motor)
COUNT_BUZZES = "window.buzzed = 0; navigator.vibrate = function () { window.buzzed += 1; return true; };"


def test_three_phones_play_a_whole_dealt_game_by_the_room_code_through_a_restart(browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    path = tmp_path / "senate.jsonl"
    made = subprocess.run([sys.executable, "-m", "kit", "score", "new", str(path), "hoc-censeo", "--deal",
                           *[a for name in NAMES for a in ("--player", name)]], cwd=REPO, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    tribe = {p["name"]: p["role"] for p in json.loads(path.read_text(encoding="utf-8").splitlines()[0])["players"]}
    by_tribe = {role: name for name, role in tribe.items()}
    t, r, lu = by_tribe["titienses"], by_tribe["ramnes"], by_tribe["luceres"]
    server = Server(path)
    try:
        table = browser.new_context(viewport={"width": 1024, "height": 768}, locale="en-GB").new_page()
        table.context.set_default_timeout(TIMEOUT)
        table.goto(server.links["Table"])
        table.evaluate("window.openedOnce = true")   # gone if the page ever reloads
        code = table.locator(".room .code").inner_text()

        phones = {}
        for name, locale in NAMES.items():   # the room code, typed; then a tap on one's name
            page = phone(browser, server.base + "/join", locale)
            page.context.add_init_script(COUNT_BUZZES)
            page.locator("input[name=code]").fill(code.lower())
            page.locator("input[name=code]").press("Enter")
            page.locator("ul.names button", has_text=name).tap()
            page.wait_for_url("**/me")
            phones[name] = page
        for name, page in phones.items():   # each sees their own tribe, and no one else's
            text = page.inner_text("body")
            assert SHOWN[tribe[name]] in text, name
            assert not any(SHOWN[tribe[other]] in text for other in NAMES if other != name), name
            expect(page.locator(".turn[data-mine]")).to_contain_text(YOURS[NAMES[name]])
            no_horizontal_scroll(page)
            picture(page, tmp_path / f"1-ballot-{name}-{NAMES[name]}.png")
        assert not any(word in table.inner_text("body") for word in SHOWN.values())

        def cast(name: str, pour: int = 0, contre: int = 0, *, how: str = "type") -> None:
            """`name` casts a ballot on their phone: the amounts, the question, yes."""
            page = phones[name]
            form = page.locator("section.decision[data-form=ballot] form")
            for side, amount in (("pour", pour), ("contre", contre)):
                row = form.locator(".stepper", has=page.locator(f"[data-field={side}]"))
                if how == "half" and amount:
                    row.locator("[data-set=half]").tap()
                elif how == "steps":
                    for _ in range(amount):
                        row.locator("[data-by='1']").tap()
                elif amount:
                    row.locator("input").fill(str(amount))
                expect(row.locator("input")).to_have_value(str(amount))
            form.locator("button.send").tap()
            question = form.locator(".confirm .question")
            if pour or contre:   # "Envoyer 50 POUR ?", "Send 50 FOR?": the amounts read back before they are sent
                expect(question).to_contain_text(f"{pour or contre} {SIDES[NAMES[name]]['pour' if pour else 'contre']}")
            else:                # an empty ballot is never cast in one tap
                expect(question).to_contain_text({"fr-FR": "Rien d", "en-GB": "Nothing is entered"}[NAMES[name]])
            picture(page, tmp_path / f"2-confirm-{name}.png")
            form.locator("button.yes").tap()
            expect(page.locator("section.decision[data-form=ballot]")).to_have_count(0)
            page.evaluate("window.buzzed = 0")
            expect(table.locator("ul.ballots li.cast", has_text=name)).to_be_visible()

        def waiting_on_table(*names: str) -> None:
            now = table.locator("#now .turn")
            expect(now).to_contain_text("Waiting for")
            for name in names:
                expect(now).to_contain_text(name)

        def presides(name: str, totals: str, last: str) -> object:
            """The magistrate reads the totals first; their phone buzzes unless it cast the
            last ballot itself (it was in hand, and the game never left it)."""
            page = phones[name]
            decision = page.locator("section.decision[data-form=resolve]")
            expect(decision).to_be_visible()
            expect(decision.locator(".fact").first).to_contain_text(totals)
            if name != last:
                page.wait_for_function("() => window.buzzed > 0")   # since its own ballot
            expect(page.locator(".turn[data-mine]")).to_be_visible()
            return decision

        def revealed(words: list[str], round_shown: str) -> None:
            reveal = table.locator("#board")
            for said in words:
                expect(reveal).to_contain_text(said)
            expect(table.locator(".round .big")).to_contain_text(round_shown)

        # Round 1, Alice presides: T half their senators POUR, R 5 CONTRE by steps, L nothing.
        cast(t, pour=50, how="half")
        waiting_on_table(*(n for n in NAMES if n != t))
        expect(phones[t].locator(".turn")).to_contain_text(WAITING[NAMES[t]])
        cast(r, contre=5, how="steps")
        cast(lu)
        waiting_on_table("Alice")
        decision = presides("Alice", "POUR 50, CONTRE 5", last=lu)
        picture(phones["Alice"], tmp_path / "3-resolve-Alice-fr-FR.png")
        decision.get_by_role("button", name=COLOUR["fr-FR"]["bleu"], exact=True).tap()   # the one field: sends
        revealed(["FOR wins 50 to 5.", f"{t} gains"], "Round 2 of 9")     # the table page reads English
        expect(table.locator("#story")).to_contain_text("FOR wins 50 to 5.")

        # Round 2, Bob presides: T and L tie on POUR, so Bob taps the colour, then the order.
        cast(t, pour=10)
        cast(lu, pour=10)
        cast(r, contre=5)
        decision = presides("Bob", "FOR 20, AGAINST 5", last=r)
        decision.get_by_role("link", name=COLOUR["en-GB"]["bleu"], exact=True).tap()
        expect(decision.locator(".question")).to_contain_text("Who comes first?")
        picture(phones["Bob"], tmp_path / "4-order-Bob-en-GB.png")
        assert decision.locator("input[type=text]").count() == 0     # names tapped, never typed
        decision.get_by_role("button", name=t, exact=True).tap()
        revealed(["FOR wins 20 to 5.", f"{t} gains"], "Round 3 of 9")
        assert sessions.load(path).state["players"][t]["seals"] == 4

        # Round 3, Chloé presides: T and R cast; T says ahead which bonus a mauve motion gives.
        cast(t, pour=10)
        cast(r, contre=10)
        answers = phones[t].locator("form[data-action=choose]")
        answers.locator("[data-field=bonus]").select_option("bleu")
        answers.locator("button").tap()
        expect(answers.locator(".answer.ok")).to_be_visible()

        # The server restarts on the same port: the ballots and T's answer are kept, and the
        # pages left open carry on without a reload.
        port = server.port
        assert server.stop() == 0
        server = Server(path, port)
        for page in (table, *phones.values()):
            expect(page.locator("#offline")).to_be_hidden()
        phones[t].reload()
        expect(phones[t].locator("form[data-action=choose] [data-field=bonus]")).to_have_value("bleu")
        for name in (t, r):
            expect(table.locator("ul.ballots li.cast", has_text=name)).to_be_visible()
        waiting_on_table(lu)

        tabs = [table.context.new_page() for _ in range(7)]   # 8 tabs of one browser, one stream
        for tab in tabs:
            tab.goto(server.links["Table"])
            expect(tab.locator("#now .turn")).to_contain_text(lu)

        cast(lu)
        decision = presides("Chloé", "POUR 10, CONTRE 10", last=lu)
        expect(decision).to_contain_text("Égalité des totaux")
        decision.get_by_role("link", name="POUR", exact=True).tap()
        decision.get_by_role("link", name=COLOUR["fr-FR"]["mauve"], exact=True).tap()
        picture(phones["Chloé"], tmp_path / "5-bonus-Chloé-fr-FR.png")
        decision.get_by_role("button", name="Laisser la réponse de la personne concernée").tap()

        # T holds 6 seals: the game is over, and the table and every phone say who won.
        expect(table.locator("#now")).to_contain_text(f"Game over: {t} won.")
        expect(table.locator("#now")).to_contain_text("10 to 10")   # why: the last vote, told
        for tab in tabs:
            expect(tab.locator("#now")).to_contain_text(f"Game over: {t} won.")
        for name, page in phones.items():
            expect(page.locator(".over").first).to_contain_text(t)
            expect(page.locator("section.decision")).to_have_count(0)
            no_horizontal_scroll(page)
            picture(page, tmp_path / f"6-over-{name}-{NAMES[name]}.png")
        assert table.evaluate("window.openedOnce") is True
        picture(table, tmp_path / "7-table-over.png")
        state = sessions.load(path).state
        assert state["over"]
        assert state["winners"] == [t]
        assert state["players"][t]["seals"] == 6   # bleu bonus: T's own answer, given before the restart
        keep = os.environ.get("KIT_SCREENSHOTS")   # a folder to copy them to, to look at
        if keep:
            for shot in tmp_path.glob("*.png"):
                shutil.copy(shot, Path(keep) / shot.name)
    finally:
        assert server.stop() == 0
