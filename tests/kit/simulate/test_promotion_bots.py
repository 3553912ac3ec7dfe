"""Promotion's bots play the rules' turn: each drift of issue 22 at a table dealt by hand.

Each test deals the hands, lets scripted bots say which card they play, whom they aim at
and which Trahison they answer with, and checks what the table ends with. The bots choose
among what the rules offer; the table (kit/games/promotion/bots.py) must offer it as the
cards say."""
from __future__ import annotations

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


def dealt(hands: dict[str, list[str]], bots: dict[str, Scripted]):
    """A table of len(hands) seats, the given hands, a deck of Heures sup (played by nobody)."""
    # (the Directeur's and Stagiaire's numbers, which the old table read from the layouts, are the engine's now)
    table = sim.Table({"deck": ("heures_sup",) * 80, "directeur_draw": 2, "stagiaire_play": 3},
                      ["random"] * len(hands), {}, Random(1))
    for name, hand in hands.items():
        table.hands[name] = list(hand)
        table.bots[name] = bots.get(name, Scripted())
    return table


def test_teletravail_keeps_its_player_out_of_nouvel_organigramme():
    table = dealt({"P1": ["directeur", "teletravail"], "P2": ["stagiaire", "organigramme"], "P3": ["chef"]},
                  {"P1": Scripted(plays=["directeur"], answers=["teletravail"]),
                   "P2": Scripted(plays=["stagiaire"]), "P3": Scripted(plays=["chef"])})
    for seat in ("P1", "P2", "P3"):
        table.turn(seat)
    table.bots["P1"].plays, table.bots["P2"].plays = [], ["organigramme"]
    table.turn("P1")
    held = len(table.hands["P1"])
    table.turn("P2")
    # the Télétravail is spent, and it protected: P1 keeps the Directeur and draws nothing
    assert "teletravail" not in table.hands["P1"]
    assert len(table.hands["P1"]) == held - 1
    assert table.postes == {"P1": "directeur", "P2": None, "P3": None}


def test_after_three_redirections_the_accusation_lands_whatever_its_target_holds():
    table = dealt({"P1": ["accusation"], "P2": ["pas_moi", "serveur"], "P3": ["pas_moi"], "P4": ["pas_moi", "maladie"]},
                  {"P1": Scripted(plays=["accusation"], aims=["P2"]),
                   "P2": Scripted(aims=["P3"], answers=["pas_moi", "serveur"]),
                   "P3": Scripted(aims=["P4"], answers=["pas_moi"]),
                   "P4": Scripted(aims=["P2"], answers=["pas_moi"])})
    table.turn("P1")
    # P2, P3, P4 redirect it; back on P2 it lands « sans autre parade »: the Serveur en panne stays in hand
    assert table.hands["P2"][:1] == ["serveur"]
    assert table.counts["answered"] == 3
    assert table.pi() == {"P1": 2, "P2": 0, "P3": 1, "P4": 1}


def test_merite_vole_is_offered_from_the_author_s_right():
    table = dealt({"P1": ["merite"], "P2": [], "P3": ["flatterie"], "P4": ["merite"]},
                  {"P1": Scripted(answers=["merite"]), "P3": Scripted(plays=["flatterie"]),
                   "P4": Scripted(answers=["merite"])})
    for seat in ("P1", "P2", "P3"):
        table.turn(seat)
    # P4 sits on P3's right: asked first, P4 takes the merit; P1 keeps the card
    assert table.pi() == {"P1": 1, "P2": 1, "P3": 1, "P4": 2}
    assert "merite" in table.hands["P1"]
    assert "merite" not in table.hands["P4"]


def test_a_step_the_rules_do_not_wait_for_is_a_bot_error():
    table = dealt({"P1": ["flatterie"], "P2": []}, {})
    table.turn("P1")
    with pytest.raises(BotError):
        table.turn("P1")           # P2's turn now


def test_the_engine_knows_every_design_of_the_default_deck_by_its_printed_title_and_type():
    from pathlib import Path

    from kit.games.promotion import layout
    from scorekeeper.rules import promotion as rules

    kit = layout.load(Path(__file__).resolve().parents[3] / "layouts")
    printed = {sim._plain(d.title): d.type.name for d in kit.designs}
    assert printed == rules.CARDS
    assert set(sim.EFFECTS) == set(rules.CARDS)
    assert (kit.values["directeur_draw_per_turn"], kit.values["stagiaire_play_per_turn"]) == (rules.DIRECTEUR_DRAW, rules.STAGIAIRE_PLAY)
