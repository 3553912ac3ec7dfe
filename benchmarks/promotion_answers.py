"""Count the answers `kit score play` takes for whole Promotion games the bots play.

    python benchmarks/promotion_answers.py TREE SEED...   (seeds 1 to 8 when none is given)

Each seed's game (three random bots, target 5, cards only: no correction, no deck running
out) is recorded, then typed into `kit score play` in a pty by TREE's own scripted player
(tests/kit/table/test_promotion_three_ways.py `drive_play`, which answers each prompt it
knows from the next line the game needs): the answers it sent are counted, and the session
it leaves must be the bots' game, line for line. TREE is a checkout of the project (run
with PYTHONPATH=TREE), so the same games measure two versions of guided play. Issue 46's
last item, on seeds 1-8 (460 entries): 321 answers on 2e028d6 (Promotion's own `ask`), 280
through the question plan. Not part of the tests.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from random import Random
from typing import Any


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("tree", type=Path, help="a checkout of the project, run with PYTHONPATH=TREE")
    parser.add_argument("seeds", type=int, nargs="*", default=list(range(1, 9)), help="the bots' games to type")
    return parser.parse_args(argv)


def main(args: argparse.Namespace) -> None:
    root, seeds = args.tree.resolve(), args.seeds
    sys.path[:0] = [str(root / "tests/helpers"), str(root / "tests/kit/table")]
    import test_promotion_three_ways as scripted  # TREE's own scripted player

    from kit.games.promotion import bots
    from scorekeeper import rules

    spawn = scripted.spawn_play
    answers = entries = 0
    for seed in seeds:
        game: list[dict[str, Any]] = []

        def take(state: Any, action: dict[str, Any], game: list[dict[str, Any]] = game) -> Any:
            game.append(action)
            return rules.module("promotion").apply(state, action)
        table = bots.Table(scripted.DATA, ["random"] * 3, scripted.OPTIONS, Random(seed), take=take)
        bots.run(table, cap=60)
        if any(a["action"] != "turn" for a in game) or not table.state["over"]:
            print(f"seed {seed}: skipped (a correction or the deck running out, or unfinished)")
            continue
        sent = [0]

        def counting(*args: Any, sent: list[int] = sent, **kwargs: Any) -> Any:
            child = spawn(*args, **kwargs)
            send = child.sendline

            def sendline(text: str = "") -> int:
                sent[0] += 1
                return int(send(text))
            child.sendline = sendline
            return child
        scripted.GAME, scripted.spawn_play = game, counting
        with tempfile.TemporaryDirectory() as folder:
            path = scripted.new_session(Path(folder) / "bureau.jsonl")
            scripted.drive_play(path)
            assert scripted.session_lines(path)[1:] == game, f"seed {seed}: play wrote another game"
        print(f"seed {seed}: {len(game)} entries, {sent[0]} answers")
        answers, entries = answers + sent[0], entries + len(game)
    print(f"total: {entries} entries, {answers} answers")


if __name__ == "__main__":
    main(parse())
