"""The lookahead bots' one search, shared by the four games: determinised Monte Carlo over a
one-level tree.

At a decision the bot lists its candidate answers; each playout deals again what the bot
cannot see (a world consistent with its own view: the game's determinisation), plays the
candidate in it and the rest of the game with a fixed policy, and scores the bot's share of
the win. UCB1 spreads the playouts among the candidates (each tried once first), and the
candidate with the best mean wins, the most tried on a tie. What a world holds and how a
playout plays it are the game's (its bots module); the budget (`--option playouts=N` or
`think_ms=T`, kit.simulate.bot_options) and the tree are here.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

EXPLORATION = 0.7      # UCB1's constant: the scores are win shares in [0, 1]


def search(candidates: int, playout: Callable[[int], float], playouts: int,
           think_ms: float | None) -> tuple[int, int]:
    """(the index of the best of `candidates` answers, the playouts run). `playout(i)` plays
    answer i out in a freshly determinised world and returns the bot's share of the win.
    With `think_ms` the search runs until that time is spent (each answer tried at least
    once), else `playouts` playouts (at least one per answer)."""
    scores, visits = [0.0] * candidates, [0] * candidates
    deadline = None if think_ms is None else time.perf_counter() + think_ms / 1000
    total = 0
    while True:
        if deadline is None:
            if total >= max(playouts, candidates):
                break
        elif total >= candidates and time.perf_counter() >= deadline:
            break
        if total < candidates:
            pick = total
        else:
            log_total = math.log(total)
            pick = max(range(candidates),
                       key=lambda i: scores[i] / visits[i] + EXPLORATION * math.sqrt(log_total / visits[i]))
        scores[pick] += playout(pick)
        visits[pick] += 1
        total += 1
    best = max(range(candidates), key=lambda i: (scores[i] / visits[i], visits[i]))
    return best, total


def win_share(winners: Sequence[object], me: object) -> float:
    """A playout's score: 1 / (number of winners) when `me` is among them, else 0."""
    return 1 / len(winners) if me in winners else 0.0


def lead_share(lead: float, sure: float) -> float:
    """A playout's score when the game is still on at its horizon: 0.5 for level, rising with
    `me`'s lead over the best other player, a lead of `sure` counting as a sure win (1) and as
    far behind as a sure loss (0)."""
    return max(0.0, min(1.0, 0.5 + lead / (2 * sure)))
