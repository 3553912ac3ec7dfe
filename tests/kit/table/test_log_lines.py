"""Every action has a readable log line in both languages, from the game's table module
(the rule engine has no language): names and numbers in place, no secret unless revealed."""
from __future__ import annotations

import pytest

from kit import i18n, table
from scorekeeper import rules

EXAMPLES = {
    "phd": {
        "adjust": {"player": "Ana", "pression": 3, "credit": -2},
        "challenge": {"player": "Ana", "resource": "credit", "die": 4, "difficulty": 7, "modifiers": [-4],
                      "success": {"credit": 3}},
        "submit": {"player": "Ana"}, "approve": {"player": "Ana"}, "revoke": {"player": "Ana"},
        "controversy": {"player": "Ana", "arguments": [3], "support": [1], "opposition": [2]},
        "defend": {"player": "Ana", "die": 5, "arguments": [2]},
        "deck_empty": {},
        "turn": {"player": "Ana", "step": "draw-events"},
        "cooperate": {"player": "Ben", "card": "epaule-solide", "other": "Ana"},
        "hand": {"player": "Ana", "cards": 7},
    },
    "amphitheatre": {
        "handshake": {"speaker": "Ana", "target": "Ben"},
        "debate": {"side_a": ["Ana", "Cléo"], "side_b": ["Ben"], "discounted": ["Dan"]},
        "accuse": {"accuser": "Cléo", "accused": "Ana", "truthful": False},
        "turn": {"player": "Ana", "step": "start"},
        "hypothesis": {"speaker": "Ana", "target": "Ben", "category": "cause"},
        "revolution": {"player": "Ana", "category": "anatomie"},
        "draw": {"player": "Ana", "category": "affliction"},
        "counter": {"player": "Ben"},
        "join": {"player": "Cléo", "side": "b"},
    },
    "promotion": {
        "gain": {"player": "Ana", "amount": 3}, "lose": {"player": "Ana", "amount": 2},
        "steal": {"thief": "Ben", "victim": "Ana", "amount": 2},
        "deck_empty": {"hands": {"Ana": 2, "Ben": 4}},
        "turn": {"player": "Ana", "step": "start"}, "hand": {"player": "Ana", "cards": 3},
    },
    "hoc-censeo": {
        "vote": {"pour": {"Alice": 20}, "contre": {"Bob": 15}, "colour": "bleu"},
        "ballot": {"player": "Alice", "pour": 20},
        "resolve": {"colour": "vert", "order": ["Bob", "Alice"]},
        "spend_seals": {"player": "Alice", "colour": "vert"},
        "buy_senators": {"player": "Bob", "gold": 3},
    },
}


@pytest.fixture(params=["en", "fr"])
def lang(request):
    yield i18n.activate(request.param).lang
    i18n.activate("en")


@pytest.mark.parametrize("game", rules.GAME_IDS)
def test_every_action_has_a_readable_log_line(game, lang):
    examples = EXAMPLES[game]
    assert set(examples) == set(rules.module(game)._ACTIONS if game == "hoc-censeo" else rules.module(game).ACTIONS)
    for kind, fields in examples.items():
        line = table.describe(game, {"action": kind, **fields})
        assert "None" not in line, line
        assert "{" not in line, line
        assert line[0].isupper(), line
        assert line.endswith("."), line
        for name in ("Ana", "Ben", "Cléo", "Dan"):
            if any(name in str(value) for value in fields.values()):
                assert name in line, (kind, line)
        assert "(s)" not in line


def test_the_log_keeps_secret_amounts_unless_revealed():
    i18n.activate("en")
    vote = {"action": "vote", "pour": {"Alice": 20}, "contre": {"Bob": 15}, "colour": "bleu"}
    assert table.describe("hoc-censeo", vote) == "Vote: FOR 20; AGAINST 15; colour blue."
    assert table.describe("hoc-censeo", vote, True) == "Vote: FOR Alice 20; AGAINST Bob 15; colour blue."
    assert table.describe("hoc-censeo", vote, "Bob") == "Vote: FOR 20; AGAINST 15; Bob: AGAINST 15; colour blue."
    ballot = {"action": "ballot", "player": "Alice", "pour": 20}
    assert "20" not in table.describe("hoc-censeo", ballot)
    assert "20" in table.describe("hoc-censeo", ballot, "Alice")
    assert "20" not in table.describe("hoc-censeo", ballot, "Bob")


def test_french_log_lines_agree_and_keep_french_spacing():
    i18n.activate("fr")
    try:
        buy = table.describe("hoc-censeo", {"action": "buy_senators", "player": "Bob", "gold": 1})
        assert buy == "Bob dépense 1\u00a0pièce d’or pour 5\u00a0sénateurs."
        seals = table.describe("hoc-censeo", {"action": "spend_seals", "player": "Alice", "colour": "vert"})
        assert seals == "Alice dépense 2\u00a0sceaux pour colorier une portion en vert."
        steal = table.describe("promotion", {"action": "steal", "thief": "Ben", "victim": "Ana", "amount": 5},
                                before={"players": {"Ana": {"pi": 1}, "Ben": {"pi": 1}}})
        assert steal.startswith("Ben vole 1\u00a0PI à Ana")
    finally:
        i18n.activate("en")
