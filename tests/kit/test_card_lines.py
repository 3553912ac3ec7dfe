"""A card played is told in one line, its title from the session's deck and what the engine
applied (« Ana joue Flatterie : +1 PI »), the same in `kit score log` and in the table's
story on the phones; the corrections typed by hand are told as corrections."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from score_cli import Kit
from test_designer_deck import flattery_of

from kit.serve import story
from scorekeeper import session as sessions


def turn(player: str, step: str, **fields) -> dict:
    return {"action": "turn", "player": player, "step": step, **fields}


PROMOTION = [
    turn("Ana", "start"), turn("Ana", "draw"), turn("Ana", "play", card="Flatterie"),
    turn("Ana", "resolve"),                                                     # line 5
    {"action": "gain", "player": "Ben", "amount": 2},
    turn("Ana", "play", card="accusation", target="Ben"), turn("Ben", "land"),  # line 8
    turn("Ana", "end"), {"action": "gain", "player": "Cléo", "amount": 4},
    turn("Ben", "start"), turn("Ben", "draw"), turn("Ben", "play", card="Audit"),
    turn("Ben", "resolve"),                                                     # line 14
]
LINES = {"en": {5: "Ana plays Flatterie: +1 IP.", 8: "Ana plays Accusation against Ben: Ana +2 IP and Ben −2 IP.",
                14: "Ben plays Audit: Cléo −2 IP."},
         # French spacing: a no-break space before the colon and after a number
         "fr": {5: "Ana joue Flatterie\u00a0: +1\u00a0PI.",
                8: "Ana joue Accusation contre Ben\u00a0: Ana +2\u00a0PI et Ben −2\u00a0PI.",
                14: "Ben joue Audit\u00a0: Cléo −2\u00a0PI."}}
CORRECTION = {"en": "6. Correction: Ben gains 2 IP.", "fr": "6. Correction\u00a0: Ben gagne 2\u00a0PI."}
# a turn line naming its event card: its step is the card's type
PHD = [turn("Ana", "start"), {"action": "turn", "player": "Ana", "card": "Pot de thèse d'un collègue"}]
PHD_LINES = {"en": {3: "Ana plays Pot de thèse d’un collègue: Pressure −2 and Credit +1."},
             "fr": {3: "Ana joue Pot de thèse d’un collègue\u00a0: Pression −2\u00a0et Crédit +1."}}


def played(tmp_path: Path, game: str, players: list[str], actions: list[dict], *options: str) -> Path:
    path = tmp_path / f"{game}.jsonl"
    kit = Kit()
    assert kit("score", "new", path, game, *(a for p in players for a in ("--player", p)), *options).exit_code == 0
    for action in actions:
        result = kit("score", "act", path, json.dumps(action))
        assert result.exit_code == 0, (action, result.output)
    return path


def logged(path: Path, lang: str) -> list[str]:
    result = Kit()("score", "log", path, "--lang", lang)
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def told_in_one_line(path: Path, lines: dict[int, str], lang: str) -> None:
    """Each card's line is its entry's whole telling: in the log the next line is the next
    entry's, and the table's story tells nothing under it."""
    log = logged(path, lang)
    for number, text in lines.items():
        at = log.index(f"{number}. {text}")
        assert at + 1 == len(log) or log[at + 1].startswith(f"{number + 1}. "), log[at:at + 3]
    told = {t.line: t for t in story.tell(sessions.load(path), lang)}
    for number, text in lines.items():
        assert (told[number].entry, told[number].events, told[number].correction) == (text, (), False)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_promotion_card_is_one_line_with_what_it_did(lang, tmp_path):
    path = played(tmp_path, "promotion", ["Ana", "Ben", "Cléo"], PROMOTION)
    told_in_one_line(path, LINES[lang], lang)
    assert CORRECTION[lang] in logged(path, lang)           # typed by hand: told as what it is
    assert next(t for t in story.tell(sessions.load(path), lang) if t.line == 6).correction


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_phd_card_is_one_line_with_what_it_applied(lang, tmp_path):
    path = played(tmp_path, "phd", ["Ana", "Ben"], PHD)
    told_in_one_line(path, PHD_LINES[lang], lang)


def test_the_line_holds_the_number_of_the_deck_the_session_recorded(tmp_path):
    path = played(tmp_path, "promotion", ["Ana", "Ben", "Cléo"], PROMOTION[:4], "--layouts", str(flattery_of(3, tmp_path)))
    assert "5. Ana plays Flatterie: +3 IP." in logged(path, "en")
    assert [t.entry for t in story.tell(sessions.load(path), "en")][-1] == "Ana plays Flatterie: +3 IP."


def test_the_story_after_the_first_entry_undone_still_plays_the_header_deck(tmp_path):
    path = played(tmp_path, "promotion", ["Ana", "Ben"], PROMOTION[:1])
    assert Kit()("score", "undo", path).exit_code == 0
    for action in PROMOTION[:4]:
        sessions.append(path, action)
    assert story.tell(sessions.load(path), "en")[-1].entry == "Ana plays Flatterie: +1 IP."


def test_a_cooperation_revealed_in_vivre_is_told_as_it_is_played_at_its_moment(tmp_path):
    path = played(tmp_path, "phd", ["Ana", "Ben"], [
        turn("Ana", "start"), {"action": "turn", "player": "Ana", "card": "Pause café solidaire"},   # to the hand
        {"action": "cooperate", "player": "Ana", "card": "Pause café solidaire", "other": "Ben"}])
    log = logged(path, "en")
    assert not any(line.startswith("3. Ana plays") for line in log), log
    assert "4. Ana plays Pause café solidaire: Ana and Ben Pressure −2." in log
