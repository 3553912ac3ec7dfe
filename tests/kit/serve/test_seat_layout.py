"""A seat's page laid out within a phone's width. Its board: the players' numbers in one table, a column each,
and the words they hold (a Poste, the card that shields them, a PHD status) after it, a line
per word naming who holds each value. In a column a quarter of a phone wide, a card's title
broke inside its words (« Tour/née/de/crois/sant/s »: seen playing a whole Promotion game
on four phones). Its choices: evenly spaced, their words centred."""
from __future__ import annotations

import re
from html import unescape

from serve_helpers import Server, hold_seat
from starlette.testclient import TestClient
from test_serve_browser import browser, phone  # noqa: F401 (the fixture)

from kit.deck import for_session
from kit.serve.app import create_app
from scorekeeper import session as sessions


def board(client: TestClient, name: str, lang: str) -> tuple[list[str], list[str]]:
    """The cells of `name`'s players table, and its lines of words, as read."""
    hold_seat(client, name)
    html = client.get(f"/me?lang={lang}").text
    table = html.split('class="players-table')[1].split("</table>")[0]
    cells = [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", table)]
    words = html.split('<dl class="words">')[1].split("</dl>")[0] if '<dl class="words">' in html else ""
    lines = [unescape(re.sub(r"<[^>]+>", "", line.replace("</dt>", " "))) for line in re.findall(r"<div>(.*?)</div>", words)]
    return cells, lines


def test_promotion_postes_and_shields_are_lines_after_the_numbers(tmp_path):
    path = tmp_path / "office.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in ("Ana", "Ben", "Cléo", "Dan")],
                    deck=for_session("promotion", None))
    for step in ({"step": "start"}, {"step": "draw"}, {"step": "play", "card": "tournee-de-croissants"},
                 {"step": "play", "card": "stagiaire"}):
        sessions.append(path, {"action": "turn", "player": "Ana", **step})
    with TestClient(create_app(path)) as client:
        cells, lines = board(client, "Ben", "fr")
        assert all(re.fullmatch(r"\d+", cell) for cell in cells), cells    # numbers only: no title in a column
        assert lines == ["Poste Stagiaire\xa0: Ana", "À l’abri des Attaques Tournée de croissants\xa0: Ana"], lines
        cells, lines = board(client, "Ana", "en")
        assert all(re.fullmatch(r"\d+", cell) for cell in cells), cells
        assert lines[0] == "Position Stagiaire: Ana (you)", lines    # the French session's titles, the reader's words


def test_a_phd_status_names_who_holds_each(tmp_path):
    path = tmp_path / "thesis.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben", "Cléo")])
    with TestClient(create_app(path)) as client:
        cells, lines = board(client, "Ben", "fr")
        assert all(re.fullmatch(r"\d+", cell) for cell in cells), cells
        assert lines == ["État en jeu\xa0: Ben (vous), Ana, Cléo"], lines



def test_the_choices_of_a_decision_are_evenly_spaced_and_centred(browser, tmp_path):  # noqa: F811
    """PHD's Recherche offers seven ways, two of which its button sends at once: each of
    those kept room for its answer below it, and the list's gaps were uneven (9 px and 41 px);
    a way written on two lines was aligned left, the others centred."""
    path = tmp_path / "thesis.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben", "Cléo")], deck=for_session("phd", None))
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "vie", "card": "repas-de-famille"})
    server = Server(path)
    try:
        ana = phone(browser, server.links["Ana"])
        ways = ana.locator("section.decision > ul.choices > li")
        assert ways.count() == 7
        boxes = [ways.nth(i).locator("a, button").first.bounding_box() for i in range(ways.count())]
        gaps = [round(below["y"] - (above["y"] + above["height"])) for above, below in zip(boxes, boxes[1:])]
        assert max(gaps) - min(gaps) <= 1, gaps
        aligned = {ways.nth(i).locator("a, button").first.evaluate("e => getComputedStyle(e).textAlign")
                   for i in range(ways.count())}
        assert aligned == {"center"}, aligned
    finally:
        assert server.stop() == 0


# The words of the elements `selector` finds that the page breaks across two lines
# (« Enthousiasm/e »): each word's range has one box per line it is drawn on.
BROKEN_WORDS = """elements => elements.flatMap(element => {
  const broken = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.textContent.matchAll(/[^\\s\\u00a0\\u202f]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set(Array.from(range.getClientRects()).map(box => Math.round(box.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
})"""


def test_no_word_is_broken_in_a_list_of_cards_nor_on_the_board(browser, tmp_path):  # noqa: F811
    """The Supervisor cards a turned-over event may be, two a row: « Enthousiasme débordant »
    read « Enthousiasm/e », « Co-encadrants » « Co-/encadrants »; the board's statuses
    « playi/ng »."""
    path = tmp_path / "thesis.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben", "Cléo", "Dan")], deck=for_session("phd", None))
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    server = Server(path)
    try:
        ana = phone(browser, server.links["Ana"] + "?do=turn.superviseur%2Bcard")
        for lang in ("fr", "en"):
            ana.goto(f"{server.links['Ana']}?do=turn.superviseur%2Bcard&lang={lang}")
            assert ana.locator("section.decision ul.choices button").count() > 6
            assert ana.locator("section.decision ul.choices button, #board td, #board dd").evaluate_all(
                BROKEN_WORDS) == []
    finally:
        assert server.stop() == 0


def test_ways_sharing_a_title_are_grouped_under_it_beside_another_decision(tmp_path):
    """A Recherche when a chapter can be submitted: seven ways of one Recherche, then
    « Submit a chapter ». Each of the seven buttons repeated the Recherche's whole title
    before its way (a page of 2,668 px at 360 px wide); the title now heads them once
    (1,770 px)."""
    path = tmp_path / "thesis.jsonl"
    sessions.create(path, "phd", [{"name": n} for n in ("Ana", "Ben", "Cléo")], deck=for_session("phd", None))
    sessions.append(path, {"action": "adjust", "player": "Ana", "pression": 2, "credit": 2})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "vie", "card": "repas-de-famille"})
    with TestClient(create_app(path)) as client:
        hold_seat(client, "Ana")
        html = unescape(client.get("/me?lang=en").text)
        decision = html.split('<section class="decision">')[1].split("</section>")[0]
        buttons = [re.sub(r"<[^>]+>", "", b).strip() for b in re.findall(r'class="(?:button )?big"[^>]*>(.*?)</(?:a|button)>', decision)]
        assert buttons == ["Draw 2 event cards", "Draw 1 Argument card", "That's Life card", "Challenge card",
                           "Cooperation card", "Cooperation card — with another player", "Supervisor card",
                           "Submit a chapter"], buttons
        assert re.findall(r"<h3>(.*?)</h3>", decision) == ["Research (draw, or play an event card from the hand)"]


def test_what_the_rules_decided_is_said_not_offered_as_boxes_to_untick(tmp_path):
    """A debate's settlement: its sides are the players as they joined, which the rules keep;
    the page ticked a box for each, inviting an untick the rules would refuse. It says them,
    and its one button sends them as they stand."""
    path = tmp_path / "theatre.jsonl"
    sessions.create(path, "amphitheatre", [{"name": n} for n in ("Ana", "Ben", "Cléo", "Dan")])
    for action in ({"action": "turn", "player": "Ana", "step": "start"},
                   {"action": "hypothesis", "speaker": "Ana", "target": "Ben", "category": "cause"},
                   {"action": "counter", "player": "Ben"},
                   {"action": "join", "player": "Cléo", "side": "a"},
                   {"action": "join", "player": "Dan", "side": "b"}):
        sessions.append(path, action)
    with TestClient(create_app(path)) as client:
        hold_seat(client, "Ana")
        html = unescape(client.get("/me?lang=en").text)
        decision = html.split('<section class="decision"')[1].split("</section>")[0]
        assert 'type="checkbox"' not in decision
        said = [re.sub(r"<[^>]+>", "", line) for line in re.findall(r'<p class="field">(.*?)</p>', decision)]
        assert said == ["Side A Ana, Cléo", "Side B Ben, Dan"], said
        sent = re.findall(r'data-field="(side_[ab])" data-kind="item" value="([^"]+)"', decision)
        assert sent == [("side_a", "Ana"), ("side_a", "Cléo"), ("side_b", "Ben"), ("side_b", "Dan")], sent
