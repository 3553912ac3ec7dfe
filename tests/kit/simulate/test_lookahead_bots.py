"""The lookahead bots of PHD, Amphithéâtre and Promotion: one search (kit.simulate.mcts) for
the four games, worlds dealt from what the bot may see, legal and reproducible games; and
Amphithéâtre's greedy bot plays the game's arc (hypotheses, debates, accusations)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from random import Random

import pytest

from kit.simulate import BotError, mcts, module, runner

LAYOUTS = Path(__file__).resolve().parents[3] / "layouts"
GAMES = ("phd", "amphitheatre", "promotion")


def test_the_search_finds_the_best_answer_and_spends_its_budget():
    played = Counter()

    def playout(i: int) -> float:
        played[i] += 1
        return 1.0 if i == 2 else 0.25

    best, total = mcts.search(4, playout, 40, None)
    assert best == 2
    assert total == 40
    assert min(played.values()) >= 1          # every answer tried
    assert played[2] == max(played.values())  # the best one tried most


def test_the_search_tries_every_answer_even_on_a_small_budget():
    best, total = mcts.search(5, lambda i: float(i == 4), 2, None)
    assert (best, total) == (4, 5)


@pytest.mark.parametrize("game", GAMES)
def test_a_lookahead_game_is_legal_and_the_same_for_the_same_seed(game):
    sim = module(game)
    data = sim.load(LAYOUTS)
    bots = ["lookahead", "greedy", "random"] + ["greedy"] * (sim.PLAYERS - 3)
    first = sim.play(data, bots, {"playouts": 2}, runner.game_rng(5, 0))
    again = sim.play(data, bots, {"playouts": 2}, runner.game_rng(5, 0))
    assert first == again
    assert first["choices"]["lookahead"]       # it was asked, and it chose
    with pytest.raises(BotError, match="playouts"):
        sim.play(data, bots, {"playouts": -1}, runner.game_rng(5, 0))


def _hidden(table, game: str, me: str) -> tuple[Counter, dict]:
    """Every card `me` cannot see, and how many each other place holds."""
    others = [n for n in table.seats if n != me]
    if game == "promotion":
        return Counter(table.deck + [c for n in others for c in table.hands[n]]), {n: len(table.hands[n]) for n in others}
    if game == "phd":
        cards = Counter(c["title"] if "title" in c else repr(c) for pile in ("events", "arguments")
                        for c in table.decks[pile] + [c for n in others for c in table.hands[n][pile]])
        return cards, {(n, p): len(table.hands[n][p]) for n in others for p in ("events", "arguments")}
    cards = Counter(c for cat in table.piles for c in table.piles[cat] + table.discards[cat] + [table.cards[n][cat] for n in others])
    return cards, {(n, cat): 1 for n in others for cat in table.cards[n]}


@pytest.mark.parametrize("game", GAMES)
def test_a_world_deals_again_only_what_the_bot_cannot_see(game):
    sim = module(game)
    data = sim.load(LAYOUTS)
    seats = ["greedy"] * sim.PLAYERS
    table = sim.Table(data, seats, Random(3)) if game == "amphitheatre" else sim.Table(data, seats, {}, Random(3))
    me = table.seats[0]
    world = table.world(me, Random(4))
    held = (lambda t: t.cards) if game == "amphitheatre" else (lambda t: t.hands)
    assert held(world)[me] == held(table)[me]
    assert world.state is table.state
    assert _hidden(world, game, me) == _hidden(table, game, me)
    assert any(held(world)[n] != held(table)[n] for n in table.seats[1:])     # dealt again, not copied


def test_amphitheatre_greedy_bots_debate_accuse_and_shake_hands():
    sim = module("amphitheatre")
    data = sim.load(LAYOUTS)
    records = [sim.play(data, ["greedy"] * 5, {}, runner.game_rng(1, i)) for i in range(30)]
    total = Counter()
    for r in records:
        total.update({k: r["numbers"][k] for k in ("debates", "handshakes", "accusations")})
    assert total["debates"] >= 30
    assert total["handshakes"] >= 30
    assert total["accusations"] >= 10
    assert sum(r["rounds"] for r in records) / len(records) > 6      # no more 3-round games
