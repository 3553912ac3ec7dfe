"""Issue 46, item 3: « one decision per screen (no seat page taller than two screens) », at
the issue's phone, 390×844 in Debian's Chromium.

The bots play a whole game of PHD, Promotion and Amphithéâtre (the seeds of
test_phones_whole_game, which play every kind of move); the session is kept as it stands
before the first move of each kind. At each, every seat's page is opened as it shows its
decision, and, where the rules offer a seat several moves at once, as it shows each of
them once chosen. None may be taller than two screens. (The questions asked after a first
tap, and the cards a number's chip shows, are measured by test_serve_phd_phone_turn.)
"""
from __future__ import annotations

import shutil
from random import Random
from typing import Any
from urllib.parse import urlencode

import pytest
from serve_helpers import Server
from test_phones_whole_game import PLAY
from test_serve_browser import TIMEOUT, browser  # noqa: F401 (the fixture)

from kit import plan
from kit.build import default_layouts
from kit.deck import for_session
from kit.serve.forms import CHOSEN, decision_keys
from kit.simulate import module as bots_of
from scorekeeper import rules
from scorekeeper import session as sessions

PHONE = {"width": 390, "height": 844}
SEEDS = {"phd": 15, "promotion": 0, "amphitheatre": 1}


class Kept:
    """Stands in for the phones of test_phones_whole_game: each move the bots make is
    written to the session, and the session is kept as it stands before the first move of
    each kind."""

    def __init__(self, game: str, path, folder):
        self.game, self.path, self.folder = game, path, folder
        self.pages = dict.fromkeys(sessions.load(path).state["players"])
        self.kept: list[tuple[str, Any]] = []

    def make(self, state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        kind = " ".join([action["action"], action.get("step", "")]).strip()
        if kind not in [k for k, _ in self.kept]:
            copy = self.folder / f"{len(self.kept):02d}.jsonl"
            shutil.copy(self.path, copy)
            self.kept.append((kind, copy))
        sessions.append(self.path, action)
        return sessions.load(self.path).state


def addresses(game: str, path) -> list[tuple[str, str]]:
    """Each seat's page as it shows its decision, and as it shows each move offered at once."""
    state = sessions.load(path).state
    found = []
    for seat in state["players"]:
        view = rules.view(game, state, seat)
        mine = [d for d, _ in plan.seat_decisions(game, view, seat, anytime=False)]
        found.append((seat, ""))
        if len(mine) > 1:
            found += [(seat, "?" + urlencode({CHOSEN: key})) for key in decision_keys(mine)]
    return found


@pytest.mark.parametrize("game", ["phd", "promotion", "amphitheatre"])
def test_no_seat_page_is_taller_than_two_screens(browser, tmp_path, game):  # noqa: F811
    bots = bots_of(game)
    path = tmp_path / f"{game}.jsonl"
    sessions.create(path, game, [{"name": f"P{i}"} for i in range(1, bots.PLAYERS + 1)],
                    deck=for_session(game, None))
    kept = Kept(game, path, tmp_path)
    PLAY[game](bots, bots.load(default_layouts()), Random(SEEDS[game]), kept)
    context = browser.new_context(viewport=PHONE, locale="fr-FR", has_touch=True, is_mobile=True)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    taller, measured = [], 0
    for kind, copy in kept.kept:
        server = Server(copy)
        try:
            for seat, address in addresses(game, copy):
                page.goto(server.links[seat] + address)
                page.wait_for_load_state()
                height = page.evaluate("document.documentElement.scrollHeight")
                measured += 1
                if height > 2 * PHONE["height"]:
                    taller.append((kind, seat, address, height))
        finally:
            assert server.stop() == 0
    context.close()
    assert measured > len(kept.kept)
    assert not taller, taller
