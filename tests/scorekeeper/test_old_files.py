"""Session files written before the session header recorded a deck keep loading, showing,
logging and serving their pages, scored as the code that wrote them scored them.

tests/fixtures/old-sessions/ holds files that code wrote (commit c7c6ea3, the parent of the
deck's first commit): games typed through `kit score act` (Promotion's with every one of its
20 cards by title, its PI typed as `gain`, `lose` and `steal`; PHD's typed entry by entry,
timed) and the bots' games its simulator played, whose `turn` lines are what its guided play
and phones wrote. Beside each, NAME.show.json is that code's `kit score show --json` of it.
"""
from __future__ import annotations

import json

import pytest
from refusals import refused
from score_cli import Kit, pages_answer
from written_before import FIXTURES, as_decided_now, copied

from scorekeeper import rules
from scorekeeper import session as sessions

OLD = FIXTURES / "old-sessions"
FILES = sorted(path.stem for path in OLD.glob("*.jsonl"))


def test_the_fixtures_hold_every_game():
    assert {json.loads((OLD / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()[0])["game"]
            for name in FILES} == set(rules.GAME_IDS)
    assert "deck" not in "".join((OLD / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()[0] for name in FILES)


@pytest.mark.parametrize("name", FILES)
def test_an_old_file_scores_as_the_code_that_wrote_it(name, tmp_path):
    old = json.loads((OLD / f"{name}.show.json").read_text(encoding="utf-8"))
    session = sessions.load(copied(OLD, name, tmp_path))
    state = rules.whole_state(session.game, session.state)      # what `show --json` prints
    for key, value in old.items():
        if key in ("players", "anytime"):     # anytime: Promotion offers no `hand` to a file without a deck
            continue
        assert state[key] == (as_decided_now(value) if key == "pending" else value), key
    for player, record in old["players"].items():
        for key, value in record.items():
            # Promotion's shield was a flag; it is now the card that shields (its title here)
            now = bool(state["players"][player][key]) if isinstance(value, bool) else state["players"][player][key]
            assert now == value, (player, key)
    assert {d["action"] for d in rules.anytime(session.game, state)} <= {d["action"] for d in old["anytime"]}


@pytest.mark.parametrize("name", FILES)
def test_an_old_file_shows_logs_and_serves_its_pages(name, tmp_path):
    from starlette.testclient import TestClient

    from kit.serve.app import create_app

    path = copied(OLD, name, tmp_path)
    names = [p["name"] for p in sessions.load(path).players]
    kit = Kit()
    lines = len(path.read_text(encoding="utf-8").splitlines())
    for lang in ("en", "fr"):
        for command in (("show",), ("log",), ("log", "--reveal"), *(("show", "--as", n) for n in names)):
            shown = kit("score", *command, path, "--lang", lang)
            assert shown.exit_code == 0, (command, shown.output)
        told = kit("score", "log", path)
        assert told.exit_code == 0
        assert f"\n{lines}. " in told.output            # every line of the file told, the last one too
    with TestClient(create_app(path)) as client:
        pages_answer(client, path)


def test_an_old_promotion_game_goes_on_with_its_cards_by_title_and_its_pi_typed(tmp_path):
    path = copied(OLD, "promotion-under-way", tmp_path)     # Ana's Flatterie awaits Mérite volé
    session = sessions.append(path, {"action": "turn", "player": "Ben", "step": "react", "card": "merite vole"})
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[-1])["card"] == "Mérite volé"   # as it wrote
    assert {n: p["pi"] for n, p in session.state["players"].items()} == {"Ana": 1, "Ben": 1}   # the table types them
    session = sessions.append(path, {"action": "gain", "player": "Ben", "amount": 2})
    assert session.state["players"]["Ben"]["pi"] == 3
    assert rules.pending("promotion", session.state)[0]["choices"]["step"] == ["play", "end"]
    with refused("This session's header records no deck: the table keeps the hands itself, and the engine holds "
                 "no count of them to correct."):
        sessions.append(path, {"action": "hand", "player": "Ana", "cards": 3})


def test_guided_play_on_an_old_promotion_file_asks_the_pi_typed_and_no_count_of_cards(tmp_path):
    path = copied(OLD, "promotion-under-way", tmp_path)
    played = Kit()("score", "play", path, input="\n?\n")          # nobody takes Flatterie's PI; then help
    assert "This session's header records no deck: type the IP the cards move with gain, lose and steal" \
        in played.output                                              # said where a card may be played
    helped = next(line for line in played.output.splitlines() if "also takes:" in line and "gain" in line)
    assert "hand" not in helped                                       # the table keeps the hands
    assert "Nobody takes the merit of Flatterie: its IP go to Ana." in played.output
