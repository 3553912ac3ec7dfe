"""Joining by the room code in Debian's Chromium (issue 24): phones at 360x740 in separate
contexts type the code read on the table page, tap their names, and each sees only the tribe
dealt to them; a second phone asking for a taken seat is told so. Screenshots of every
joining screen, in French and English, go to the test's temporary folder."""
from __future__ import annotations

import json
import subprocess
import sys

from serve_helpers import REPO, Server, picture
from test_serve_browser import browser, no_horizontal_scroll, phone  # noqa: F401 (the fixture)

NAMES = {"Alice": "en-GB", "Bob": "fr-FR", "Chloé": "en-GB"}
# A name in the table's story: how the browser isolates it, where it ends and where the words
# after it begin (left to right, as the page reads).
ISOLATED = """(name) => {
    const named = [...document.querySelectorAll("#story bdi")].find(e => e.textContent === name);
    const rest = document.createRange();
    rest.selectNodeContents(named.nextSibling);
    const parts = named.getClientRects(), end = parts[parts.length - 1], after = rest.getClientRects()[0];
    // the words after the name begin where its last line ends, or on a line below
    return [getComputedStyle(named).unicodeBidi, after.left >= end.right - 1 || after.top >= end.bottom - 1];
}"""
SHOWN = {"titienses": "Titienses", "ramnes": "Ramnes", "luceres": "Luceres"}


def test_three_phones_join_by_the_room_code_and_each_sees_only_their_dealt_tribe(browser, tmp_path):  # noqa: F811
    from playwright.sync_api import expect

    path = tmp_path / "senate.jsonl"
    made = subprocess.run([sys.executable, "-m", "kit", "score", "new", str(path), "hoc-censeo", "--deal",
                           *[a for name in NAMES for a in ("--player", name)]], cwd=REPO, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    tribes = {p["name"]: p["role"] for p in json.loads(path.read_text(encoding="utf-8").splitlines()[0])["players"]}
    server = Server(path)
    try:
        table = phone(browser, server.links["Table"])
        code = table.locator(".room .code").inner_text()
        assert len(code) == 6
        picture(table, tmp_path / "table-en.png")
        tables_fr = phone(browser, server.links["Table"], "fr-FR")
        picture(tables_fr, tmp_path / "table-fr.png")
        assert not any(word in table.inner_text("body") for word in SHOWN.values())

        seats = {}
        for name, locale in NAMES.items():
            page = phone(browser, server.base + "/join", locale)
            page.locator("input[name=code]").fill(code.lower())
            page.locator("input[name=code]").press("Enter")
            expect(page.locator("ul.names button")).to_have_count(3 - len(seats))   # the free seats only
            picture(page, tmp_path / f"join-{name}-{locale}.png")
            page.locator("ul.names button", has_text=name).tap()
            page.wait_for_url("**/me")
            seats[name] = page
        for name, page in seats.items():
            text = page.inner_text("body")
            assert SHOWN[tribes[name]] in text
            assert not any(SHOWN[tribes[other]] in text for other in NAMES if other != name), name
            no_horizontal_scroll(page)
            picture(page, tmp_path / f"me-{name}-{NAMES[name]}.png")

        bob = seats["Bob"]   # "Hide my secrets" hides every one: the tribe and the senators too
        bob.locator("#hide").tap()
        hidden = bob.inner_text("body")
        assert SHOWN[tribes["Bob"]] not in hidden, hidden
        assert "100" not in hidden, hidden
        picture(bob, tmp_path / "me-Bob-hidden-fr-FR.png")
        bob.locator("#hide").tap()
        assert SHOWN[tribes["Bob"]] in bob.inner_text("body")

        late = phone(browser, server.base + f"/join/{code}", "fr-FR")
        expect(late.locator("ul.names button")).to_have_count(0)   # every seat held: no name to tap
        expect(late.locator(".joining")).to_contain_text("tenu par un autre appareil")
        picture(late, tmp_path / "join-taken-fr.png")
        host = phone(browser, server.links["Host"], "fr-FR")
        expect(host.locator(".joins figure form button")).to_have_count(3)   # each joined seat can be freed
        host.locator(".joins figure form button").first.tap()
        host.wait_for_url(server.links["Host"])
        picture(host, tmp_path / "host-fr.png")
        # Freeing a seat changed the room code: the table shows the new one, live; the old one
        # leads nowhere but back to typing a code.
        expect(table.locator(".room .code")).not_to_have_text(code)
        new_code = table.locator(".room .code").inner_text()
        late.reload()
        expect(late.locator("main")).to_contain_text("Ce n’est pas le code de salle de cette table")
        picture(late, tmp_path / "join-old-code-fr.png")
        late.get_by_role("link", name="Taper le code de la salle").tap()
        late.locator("input[name=code]").fill(new_code)
        late.locator("input[name=code]").press("Enter")
        late.locator("ul.names button", has_text="Alice").tap()
        late.wait_for_url("**/me")
        assert SHOWN[tribes["Alice"]] in late.inner_text("body")
        # Everyone is here: the host closes the table; its screen shows no code any more.
        host.get_by_role("button", name="Tout le monde est là").tap()
        expect(table.locator(".room")).to_contain_text("Everyone is here")
        expect(table.locator(".room .code")).to_have_count(0)
        picture(host, tmp_path / "host-closed-fr.png")
        picture(table, tmp_path / "table-closed-en.png")
        host.get_by_role("button", name="Rouvrir la table").tap()
        expect(table.locator(".room .code")).to_have_text(new_code)
    finally:
        assert server.stop() == 0


def test_eight_tabs_of_one_browser_load_and_follow_the_game(browser, tmp_path):  # noqa: F811
    """A browser holds 6 connections to a server: with an event stream per tab, a 7th tab
    never loaded. The tabs share one stream now; each follows the game live."""
    import httpx2 as httpx
    from playwright.sync_api import expect
    from serve_helpers import new_hoc

    server = Server(new_hoc(tmp_path / "senate.jsonl"))
    try:
        context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-GB")
        context.set_default_timeout(15_000)
        tabs = []
        for _ in range(8):
            tab = context.new_page()
            tab.goto(server.links["Table"])   # waits for the load: the 7th and 8th too
            tabs.append(tab)
        host = server.links["Host"].replace("/host/", "/api/host/") + "/act"
        sent = httpx.post(host, json={"action": "ballot", "player": "Bob", "pour": 3}, timeout=10)
        assert sent.status_code == 200, sent.text
        for tab in tabs:   # the change reaches every tab, through the one stream
            expect(tab.locator("ul.ballots li.cast", has_text="Bob")).to_be_visible()
        tabs[0].close()    # the tab that may hold the stream goes; the others still follow
        sent = httpx.post(host, json={"action": "ballot", "player": "Chloé", "pour": 4}, timeout=10)
        assert sent.status_code == 200, sent.text
        for tab in tabs[1:]:
            expect(tab.locator("ul.ballots li.cast", has_text="Chloé")).to_be_visible()
        context.close()
    finally:
        assert server.stop() == 0


def test_thirty_character_names_keep_the_table_readable_at_320_px(browser, tmp_path):  # noqa: F811
    """'Round 1 of 9' was drawn one letter per line beside a 30-character magistrate."""
    from scorekeeper import session as sessions

    # the third written right to left: isolated (<bdi>), it turns no sentence around it
    names = ["Maximilienne-Éléonore Dupontel", "Bartholomew Montgomery-Smythes", "نور الهدى بنت عبد الرحمن الشري"]
    assert all(len(name) == 30 for name in names)
    path = tmp_path / "senate.jsonl"
    sessions.create(path, "hoc-censeo", [{"name": n, "role": r} for n, r in zip(names, ["titienses", "ramnes", "luceres"])])
    server = Server(path)
    try:
        import httpx2 as httpx
        ballot = {"action": "ballot", "player": names[2], "pour": 3}
        assert httpx.post(server.links["Host"].replace("/host/", "/api/host/") + "/act", json=ballot).status_code == 200
        device: list = []   # the phone's cookies: the same phone, read in one language then the other
        for locale in ("fr-FR", "en-GB"):
            context = browser.new_context(viewport={"width": 320, "height": 700}, locale=locale)
            context.add_cookies(device)
            for link in (server.links["Table"], server.links[names[0]]):
                page = context.new_page()
                page.goto(link)
                no_horizontal_scroll(page)
                heading = page.locator(".round .big").bounding_box()
                size = float(page.locator(".round .big").evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
                assert heading["height"] < 3 * 1.5 * size, (locale, link, heading)   # two lines at most
                page.screenshot(path=str(tmp_path / f"long-names-{locale}-{len(context.pages)}.png"), full_page=True)
                if link == server.links["Table"]:   # the story's sentence: the name isolated, the rest in order
                    bidi, in_order = page.evaluate(ISOLATED, names[2])
                    assert bidi == "isolate"
                    assert in_order
            device = context.cookies()
            context.close()
    finally:
        assert server.stop() == 0
