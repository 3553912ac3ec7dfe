"""`kit score play` in a real terminal (a pty): what the table sees on the shared screen.

The transcript is everything the terminal shows, the echo of visible answers included, so
"nothing typed appears" is checked where it matters. Two guided plays, or an undo beside a
play, on one file: no action is ever written for a state the file no longer has.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from score_cli import REPO, Terminal, kit_env, spawn_play

PLAYERS = ["--player", "Alice:titienses", "--player", "Bob:ramnes", "--player", "Chloé:luceres"]


def _kit(*args: str, lang: str = "en_US.UTF-8") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kit", *args], capture_output=True, text=True,
                          env=kit_env(lang), cwd=REPO, check=False)


@pytest.fixture
def senate(tmp_path: Path) -> Path:
    path = tmp_path / "senate.jsonl"
    assert _kit("score", "new", str(path), "hoc-censeo", *PLAYERS).returncode == 0
    return path


def _play(path: Path, lang: str = "en_US.UTF-8") -> Terminal:
    child = spawn_play(path, lang=lang)
    child.transcript = []
    child.logfile_read = _Collect(child.transcript)
    return child


class _Collect:
    def __init__(self, parts: list[str]):
        self.parts = parts

    def write(self, text: str) -> None:
        self.parts.append(text)

    def flush(self) -> None:
        pass


def _answer(child: pexpect.spawn, prompt: str, *answers: str) -> None:
    for answer in answers:
        child.expect_exact(prompt)
        child.sendline(answer)


CLEARED = "\x1b[H\x1b[2J\x1b[3J"


def _after_clearing(transcript: str) -> str:
    """What stays on the screen: each ballot's read-back is wiped (screen and scrollback)
    once its player answered it; the read-back must be the only thing wiped."""
    parts = transcript.split(CLEARED)
    for part in parts[:-1]:
        assert "send FOR" in part.splitlines()[-1], part
    return "".join(part.rstrip("\r\n").rsplit("\n", 1)[0] for part in parts[:-1]) + parts[-1]


def _actions(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def test_nothing_typed_or_held_reaches_the_screen(senate: Path):
    child = _play(senate)
    # over the senators, a typo, negative, 61 + 53 more than Alice has
    _answer(child, "Alice, secret ballot", "110", "2O", "-3", "61 53", "61 7")
    _answer(child, "Alice, send FOR 61, AGAINST 7?", "")     # read back to Alice, then cleared
    _answer(child, "Bob, secret ballot", "c 44")
    _answer(child, "Bob, send FOR 0, AGAINST 44?", "")
    _answer(child, "Chloé, secret ballot", "13")
    _answer(child, "Chloé, send FOR 13, AGAINST 0?", "")
    child.expect_exact("Alice: resolve the vote")
    _answer(child, "The motion's colour", "bleu")
    child.expect_exact("FOR wins 74 to 51.")
    _answer(child, "Alice, secret ballot", "quit")
    child.expect(pexpect.EOF)
    screen = _after_clearing("".join(child.transcript)).replace(str(senate), "FILE")
    assert "Alice cannot vote more senators than they have left." in screen
    assert "Type FOR then AGAINST as whole numbers, such as 12, 12 3 or a 5." in screen
    assert "Alice's FOR vote must be at least 0." in screen
    for secret in ("110", "2O", "-3", "61", "53", "44", "13", "100", "senators left"):
        assert secret not in screen, (secret, screen)
    assert [a["action"] for a in _actions(senate)] == ["ballot", "ballot", "ballot", "resolve"]
    # what the log and show print afterwards: totals and ranks, no one's amount
    log, show = _kit("score", "log", str(senate)).stdout, _kit("score", "show", str(senate)).stdout
    for secret in ("61", "44", "13", "Titienses", "Ramnes", "Luceres"):
        assert secret not in log + show, secret
    assert "2. Alice casts a ballot: FOR 61, AGAINST 7." in _kit("score", "log", str(senate), "--reveal").stdout
    mine = _kit("score", "log", str(senate), "--as", "alice").stdout
    assert "FOR 61, AGAINST 7" in mine
    assert "44" not in mine


def test_an_undo_beside_a_play_never_lets_it_write_for_the_old_state(senate: Path):
    child = _play(senate)
    _answer(child, "Alice, secret ballot", "20")
    _answer(child, "Alice, send FOR 20", "")
    # Bob's question is on the screen; another terminal undoes Alice's ballot meanwhile
    child.expect_exact("Bob, secret ballot")
    assert _kit("score", "undo", str(senate)).returncode == 0
    child.sendline("5")
    # checked before the next question: play reloads, says so, and starts the step again
    child.expect_exact("The session file changed in another window")
    _answer(child, "Alice, secret ballot", "9")
    _answer(child, "Alice, send FOR 9", "")
    _answer(child, "Bob, secret ballot", "c 8")
    # the last question is answered after another write: the write itself is refused as stale
    child.expect_exact("Bob, send FOR 0, AGAINST 8?")
    assert _kit("score", "buy-senators", str(senate), "Chloé", "--gold", "1").returncode == 2   # refused: no gold
    assert _kit("score", "act", str(senate), '{"action": "ballot", "player": "Chloé", "pour": 1}').returncode == 0
    child.sendline("")
    child.expect_exact("The session file changed in another window")
    # the rules now wait for Bob alone: nobody else to take the keyboard
    child.expect_exact("Bob: secret ballot (the others look away).\r\nBob, secret ballot")
    child.sendline("c 8")
    _answer(child, "Bob, send FOR 0, AGAINST 8?", "")
    _answer(child, "The motion's colour", "quit")
    child.expect(pexpect.EOF)
    ballots = [(a["player"], a.get("pour"), a.get("contre")) for a in _actions(senate) if a["action"] == "ballot"]
    # Bob's 5 (typed against the undone ballot) and his first 8 (typed before Chloé's) were never written
    assert ballots == [("Alice", 20, 0), ("Alice", 9, 0), ("Chloé", 1, None), ("Bob", 0, 8)]


def test_two_plays_on_one_file_never_write_twice_for_one_seat(senate: Path):
    first, second = _play(senate), _play(senate)
    first.expect_exact("Alice, secret ballot")
    second.expect_exact("Alice, secret ballot")
    first.sendline("30")
    _answer(first, "Alice, send FOR 30", "")
    first.expect_exact("Bob, secret ballot")
    second.sendline("4")
    # the second play had asked Alice from the old file: it reloads before writing anything
    second.expect_exact("The session file changed in another window")
    second.expect_exact("Bob, secret ballot")
    for child in (first, second):
        child.sendline("quit")
        child.expect(pexpect.EOF)
    assert [(a["action"], a.get("player")) for a in _actions(senate)] == [("ballot", "Alice")]


def test_a_colour_for_seals_is_typed_unseen_and_refused_without_naming_it(senate: Path):
    # Alice (Titienses) holds 4 seals and 1 vert of the 1 her circle takes. Circles are on
    # the table: a shared screen saying her circle takes no vert names her tribe.
    for colour in ("bleu", "vert"):
        assert _kit("score", "vote", str(senate), "--pour", "Alice=5", "--colour", colour).returncode == 0
    child = _play(senate)
    _answer(child, "Alice, secret ballot: FOR AGAINST (12, 12 3, a 5; Enter: 0 each) or seals", "seals")
    _answer(child, "Alice: spend seals on a portion\r\nColour (blue/mauve/yellow/green)", "vert")
    child.expect_exact("Alice's circle does not take that portion")
    _answer(child, "Colour (blue/mauve/yellow/green)", "jaune")
    _answer(child, "Alice, secret ballot", "quit")
    child.expect(pexpect.EOF)
    screen = "".join(child.transcript)
    refusal = screen[screen.index("Alice's circle does not"):screen.index("the seals stay.")]
    assert "vert" not in refusal, screen
    assert "1" not in refusal, screen
    assert "vert): vert" not in screen, screen
    assert "vert): jaune" not in screen, screen   # no answer echoed
    assert _actions(senate)[-1] == {"action": "spend_seals", "player": "Alice", "colour": "jaune"}


def test_the_locale_decides_the_language_and_both_answer_sets_work(senate: Path):
    child = _play(senate, lang="fr_FR.UTF-8")
    _answer(child, "Alice, déposer un bulletin secret", "10")
    _answer(child, "Alice, envoyer POUR 10, CONTRE 0", "o")
    _answer(child, "Bob, déposer un bulletin secret", "chloe")                     # a name without its accent
    _answer(child, "Chloé, déposer un bulletin secret", "")
    _answer(child, "Chloé, envoyer POUR 0, CONTRE 0", "yes")        # an English yes
    _answer(child, "Bob, déposer un bulletin secret", "")
    _answer(child, "Bob, envoyer POUR 0, CONTRE 0", "")
    child.expect("Alice.?: dépouiller le vote")   # the French colon after a no-break space
    _answer(child, "La couleur de la motion", "BLUE")                   # an English colour in French
    _answer(child, "Alice, déposer un bulletin secret", "seals")                  # and an English word
    _answer(child, "Couleur (bleu/mauve/jaune/vert)", "green")
    _answer(child, "Alice, déposer un bulletin secret", "quitter")
    child.expect(pexpect.EOF)
    screen = "".join(child.transcript)
    assert "POUR l’emporte par 10\u00a0à 0." in screen
    assert "Round" not in screen
    assert "Ensuite\u00a0: tour 2\u00a0sur 9, présidé par Bob." in screen
    assert [a for a in _actions(senate) if a["action"] in ("resolve", "spend_seals")] == [
        {"action": "resolve", "colour": "bleu"}, {"action": "spend_seals", "player": "Alice", "colour": "vert"}]
