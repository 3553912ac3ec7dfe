"""Amphithéâtre's bots choose only among what the rules wait for or allow at any time, and
never accuse the player who only agreed in a handshake (RULES.md §2.5; issue 22: the old
bots did, in every greedy game)."""
from __future__ import annotations

from pathlib import Path

import pytest

import kit.simulate as simulate
from kit.simulate import BotError, module, runner
from scorekeeper import rules
from scorekeeper.rules.flow import answering

LAYOUTS = Path(__file__).resolve().parents[3] / "layouts"


@pytest.fixture(scope="module")
def games():
    """Twenty games of mixed bots, each entry with the state it met."""
    sim = module("amphitheatre")
    data = sim.load(LAYOUTS)
    taken: list[tuple[dict, dict]] = []

    def recording(rule_module, state, action):
        taken.append((state, action))
        return simulate.apply(rule_module, state, action)

    patch = pytest.MonkeyPatch()
    patch.setattr(sim, "apply", recording)
    try:
        for seed in range(20):
            sim.play(data, ["greedy", "random", "greedy", "random", "greedy"], {}, runner.game_rng(seed, 0))
    finally:
        patch.undo()
    return taken


def test_every_bot_entry_answers_a_decision_the_rules_offered(games):
    for state, action in games:
        offered = rules.pending("amphitheatre", state) + rules.anytime("amphitheatre", state)
        fields = (rules.module("amphitheatre").ACTOR_FIELDS.get(action["action"], "player"),)
        assert answering(offered, action, fields) is not None, (action, offered)


def test_no_bot_accuses_the_player_who_agreed_in_a_handshake(games):
    actions = [action for _, action in games]
    accusations = 0
    for index, action in enumerate(actions):
        if action["action"] != "accuse":
            continue
        accusations += 1
        # the hypothesis ends at its handshake or debate (a game may end first: the next game's
        # entries follow, after a turn line or, on the old main, after an untold game start)
        settled = next((a for a in actions[index:] if a["action"] in ("handshake", "debate", "turn")), None)
        if settled is not None and settled["action"] == "handshake" and not _game_over_between(games, index, settled):
            assert action["accused"] != settled["target"], action
    assert accusations > 0    # the random bots do accuse: the check saw some


def test_a_choice_outside_the_rules_decisions_is_a_bot_error():
    bots = module("amphitheatre")
    state = rules.module("amphitheatre").setup([{"name": n} for n in ("P1", "P2", "P3")], {})
    with pytest.raises(BotError, match="did not offer"):
        bots.checked(rules.pending("amphitheatre", state),
                     {"action": "accuse", "accuser": "P1", "accused": "P2", "truthful": False})


def _game_over_between(games, index, settled) -> bool:
    """Whether a game ended between entry `index` and the entry `settled`."""
    for state, action in games[index + 1:]:
        if action is settled:
            return False
        if not state["players"] or all(p["seats"] == 0 and p["doubt"] == 0 for p in state["players"].values()):
            return True
    return False
