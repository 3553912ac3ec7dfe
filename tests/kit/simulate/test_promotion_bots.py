"""Promotion's bots play the rules' turn: each drift of issue 22 at a table dealt by hand.

Each test deals the hands, lets scripted bots say which card they play, whom they aim at
and which Trahison they answer with, and checks what the table ends with. The bots choose
among what the rules offer; the table (kit/games/promotion/bots.py) must offer it as the
cards say."""
from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from kit.simulate import BotError, module

sim = module("promotion")


class Scripted:
    """Plays the cards of `plays` in order when offered, aims at `aims[me]`, answers with the
    first of `answers` it may play, discards its first card."""

    def __init__(self, plays=(), aims=(), answers=()):
        self.plays, self.aims, self.answers = list(plays), list(aims), list(answers)

    def burnout(self, table, me):
        return False

    def play(self, table, me, playable):
        if self.plays and self.plays[0] in playable:
            return self.plays.pop(0)
        return None

    def target(self, table, me, card, targets):
        assert self.aims, (me, card, targets)
        assert self.aims[0] in targets, (me, card, targets)
        return self.aims.pop(0)

    def answer(self, table, me, options):
        return next((a for a in self.answers if a in options), None)

    def give_up(self, table, me):
        return 0


DATA = sim.load(Path(__file__).resolve().parents[3] / "layouts")


def dealt(hands: dict[str, list[str]], bots: dict[str, Scripted]):
    """A table of len(hands) seats, the given hands (the engine's counts put right to them),
    a deck of Heures sup (played by nobody)."""
    table = sim.Table({**DATA, "cards": ("heures-sup",) * 80}, ["random"] * len(hands), {}, Random(1))
    for name, hand in hands.items():
        table.hands[name] = list(hand)
        table.act({"action": "hand", "player": name, "cards": len(hand)})
        table.bots[name] = bots.get(name, Scripted())
    return table


def test_teletravail_keeps_its_player_out_of_nouvel_organigramme():
    table = dealt({"P1": ["directeur", "teletravail"], "P2": ["stagiaire", "nouvel-organigramme"], "P3": ["chef-de-projet"]},
                  {"P1": Scripted(plays=["directeur"], answers=["teletravail"]),
                   "P2": Scripted(plays=["stagiaire"]), "P3": Scripted(plays=["chef-de-projet"])})
    for seat in ("P1", "P2", "P3"):
        table.turn(seat)
    table.bots["P1"].plays, table.bots["P2"].plays = [], ["nouvel-organigramme"]
    table.turn("P1")
    held = len(table.hands["P1"])
    table.turn("P2")
    # the Télétravail is spent, and it protected: P1 keeps the Directeur and draws nothing
    assert "teletravail" not in table.hands["P1"]
    assert len(table.hands["P1"]) == held - 1
    assert table.postes == {"P1": "directeur", "P2": None, "P3": None}


def test_after_three_redirections_the_accusation_lands_whatever_its_target_holds():
    table = dealt({"P1": ["accusation"], "P2": ["c-est-pas-moi-c-est-lui", "serveur-en-panne"], "P3": ["c-est-pas-moi-c-est-lui"], "P4": ["c-est-pas-moi-c-est-lui", "arret-maladie"]},
                  {"P1": Scripted(plays=["accusation"], aims=["P2"]),
                   "P2": Scripted(aims=["P3"], answers=["c-est-pas-moi-c-est-lui", "serveur-en-panne"]),
                   "P3": Scripted(aims=["P4"], answers=["c-est-pas-moi-c-est-lui"]),
                   "P4": Scripted(aims=["P2"], answers=["c-est-pas-moi-c-est-lui"])})
    table.turn("P1")
    # P2, P3, P4 redirect it; back on P2 it lands « sans autre parade »: the Serveur en panne stays in hand
    assert table.hands["P2"][:1] == ["serveur-en-panne"]
    assert table.counts["answered"] == 3
    assert table.pi() == {"P1": 2, "P2": 0, "P3": 1, "P4": 1}


def test_merite_vole_is_offered_from_the_author_s_right():
    table = dealt({"P1": ["merite-vole"], "P2": [], "P3": ["flatterie"], "P4": ["merite-vole"]},
                  {"P1": Scripted(answers=["merite-vole"]), "P3": Scripted(plays=["flatterie"]),
                   "P4": Scripted(answers=["merite-vole"])})
    for seat in ("P1", "P2", "P3"):
        table.turn(seat)
    # P4 sits on P3's right: asked first, P4 takes the merit; P1 keeps the card
    assert table.pi() == {"P1": 1, "P2": 1, "P3": 1, "P4": 2}
    assert "merite-vole" in table.hands["P1"]
    assert "merite-vole" not in table.hands["P4"]


def test_a_step_the_rules_do_not_wait_for_is_a_bot_error():
    table = dealt({"P1": ["flatterie"], "P2": []}, {})
    table.turn("P1")
    with pytest.raises(BotError):
        table.turn("P1")           # P2's turn now


def test_the_bots_play_the_deck_a_session_records_by_its_ids():
    from kit.games.promotion import layout

    deck = layout.deck(Path(__file__).resolve().parents[3] / "layouts")
    assert DATA["deck"] == deck
    assert sorted(set(DATA["cards"])) == sorted(deck["cards"])
    assert len(DATA["cards"]) == sum(card["copies"] for card in deck["cards"].values())
    assert set(DATA["worth"]) == set(deck["cards"])


def test_the_engine_counts_every_hand_the_bots_hold():
    for bot in ("random", "greedy"):
        for seed in range(40):
            table = sim.Table(DATA, [bot] * 4, {}, Random(seed))
            turn = table.turn

            def counted(me, table=table, turn=turn):
                turn(me)
                assert {n: p["hand"] for n, p in table.state["players"].items()} == {
                    n: len(h) for n, h in table.hands.items()}
            table.turn = counted
            sim.run(table)
