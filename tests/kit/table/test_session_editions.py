"""The table follows the session (issue 48, item 4): a session made in English records the
English edition's deck and says so in its header; guided play, the log and the phones then
name the cards by the header's titles, and a card typed in either language is recognised.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from refusals import refused
from score_cli import Kit, lines
from serve_helpers import hold_seat, page_text
from starlette.testclient import TestClient

from kit.deck import for_session
from kit.serve.app import create_app
from scorekeeper import session as sessions

PLAYERS = ("Ana", "Ben", "Cléo")


@pytest.fixture(autouse=True)
def usual_rule(monkeypatch):
    """The edition as a user's `kit` chooses it: the interface's language (tests/conftest.py
    keeps the tests' sessions and builds French whatever language they read)."""
    from kit import i18n

    monkeypatch.setattr(i18n, "default_edition", lambda: i18n.active().lang)


def made(tmp_path: Path, game: str, *how: str, env: dict | None = None) -> Path:
    """A session `kit score new` made, with `how` (--lang, --edition) and `env`."""
    path = tmp_path / f"{game}.jsonl"
    players = [a for name in PLAYERS for a in ("--player", name)]
    result = Kit(env)("score", "new", path, game, *players, *how)
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.parametrize("game", ["promotion", "phd"])
def test_an_english_session_records_the_english_deck_with_the_french_ids(game, tmp_path):
    english = lines(made(tmp_path, game, "--lang", "en"))[0]
    french = for_session(game, None)
    assert french is not None
    assert english["lang"] == "en"
    cards = english["deck"]["cards"]
    assert list(cards) == list(french["cards"])            # the ids: the French ones, in both
    for key, card in cards.items():
        assert card["titles"] == {"fr": french["cards"][key]["title"], "en": card["title"]}
        # the rule data stay once: only the texts differ
        assert {f: v for f, v in card.items() if f not in ("title", "titles", "text", "effect", "when", "postit",
                                                           "success", "failure")} == \
               {f: v for f, v in french["cards"][key].items() if f not in ("title", "titles", "text", "effect",
                                                                           "when", "postit", "success", "failure")}
    titles = {card["title"] for card in cards.values()}
    assert {"Hard drive failure", "Trick question"} <= titles or {"Flattery", "Stolen credit"} <= titles
    assert cards[next(iter(cards))]["text"] != french["cards"][next(iter(cards))]["text"]   # its text in English


def test_the_edition_follows_the_usual_language_rule(tmp_path):
    def header(*how: str, env: dict | None = None) -> dict:
        folder = tmp_path / str(len(list(tmp_path.iterdir())))
        folder.mkdir()
        return lines(made(folder, "promotion", *how, env=env))[0]

    assert header(env={"LC_ALL": None, "LC_MESSAGES": None, "LANG": None, "KIT_LANG": None})["lang"] == "fr"
    assert header("--lang", "fr")["deck"]["cards"]["flatterie"]["title"] == "Flatterie"
    assert header(env={"LC_ALL": None, "LC_MESSAGES": None, "LANG": "fr_FR.UTF-8", "KIT_LANG": "en"})["lang"] == "en"
    by_edition = header("--lang", "fr", "--edition", "en")      # French words, the English kit on the table
    assert (by_edition["lang"], by_edition["deck"]["cards"]["flatterie"]["title"]) == ("en", "Flattery")
    assert header("--lang", "en")["deck"]["cards"]["flatterie"]["titles"] == {"fr": "Flatterie", "en": "Flattery"}


def test_a_card_typed_in_either_language_is_recognised_whatever_the_session(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "fr").mkdir()
    english, french = made(tmp_path / "en", "promotion", "--lang", "en"), made(tmp_path / "fr", "promotion")
    for path, typed in ((english, "mérite VOLÉ"), (french, "stolen credit")):
        for step in ("start", "draw"):
            sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
        flattery = "Flatterie" if path == english else "Flattery"         # the other edition's title
        sessions.append(path, {"action": "turn", "player": "Ana", "step": "play", "card": flattery})
        assert lines(path)[-1]["card"] == "flatterie"                      # stored as its id
        sessions.append(path, {"action": "turn", "player": "Ben", "step": "react", "card": typed})
        assert lines(path)[-1]["card"] == "merite-vole"
    # « did you mean » names the closest title in the language typed
    with refused("{game} has no card called {card}; did you mean {title}?", title="Flattery"):
        sessions.append(french, {"action": "turn", "player": "Ana", "step": "play", "card": "Flatery"})
    with refused("{game} has no card called {card}; did you mean {title}?", title="Flatterie"):
        sessions.append(english, {"action": "turn", "player": "Ana", "step": "play", "card": "Flaterie"})
    # a name close to no title in any edition: the session's own, never the other edition's
    for path in (english, french):
        with refused("{game} has no card called {card}; did you mean {title}?") as caught:
            sessions.append(path, {"action": "turn", "player": "Ana", "step": "play", "card": "plop"})
        titles = {card["title"] for card in lines(path)[0]["deck"]["cards"].values()}
        assert caught.value.params["title"] in titles


def test_guided_play_takes_a_french_title_and_says_the_english_one(tmp_path):
    path = made(tmp_path, "promotion", "--lang", "en")
    played = Kit()("score", "play", path, "--lang", "en", input="Ana\n?\nplagiat\nBen\narret maladi\nquit\n")
    said = played.output
    assert "Ana plays Plagiarism against Ben." in said, said
    assert "Ben answers with Sick leave." in said
    assert "Flattery" in said
    assert "Flatterie" not in said
    assert [line.get("card") for line in lines(path)[1:] if "card" in line] == ["plagiat", "arret-maladie"]


def test_an_english_sessions_log_names_its_cards_in_english_in_either_language(tmp_path):
    path = made(tmp_path, "phd", "--lang", "en")
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "start"})
    sessions.append(path, {"action": "turn", "player": "Ana", "step": "vie", "card": "Disque dur en panne"})
    for lang in ("en", "fr"):
        told = Kit()("score", "log", path, "--lang", lang)
        assert told.exit_code == 0, told.output
        assert re.search(r"Ana (plays|joue) Hard drive failure", told.output), told.output
        assert "Disque dur" not in told.output


def test_a_phone_shows_an_english_sessions_cards_by_their_english_titles(tmp_path):
    path = tmp_path / "office.jsonl"
    sessions.create(path, "promotion", [{"name": n} for n in PLAYERS], deck=for_session("promotion", None, "en"),
                    lang="en")
    for step in ("start", "draw"):
        sessions.append(path, {"action": "turn", "player": "Ana", "step": step})
    with TestClient(create_app(path)) as client:
        hold_seat(client, "Ana")
        page = client.get("/me?lang=en&f.step=play").text
        assert 'value="flatterie">Flattery<small class="card-text" aria-hidden="true">' in page
        assert "Flatterie" not in page
        assert "Mérite volé" not in page
        sent = client.post("/api/me/act", json={"action": "turn", "step": "play", "card": "flatterie"})
        assert sent.status_code == 200, sent.text
        hold_seat(client, "Ben")
        answering = page_text(client.get("/me?lang=fr").text)   # French words, the session's titles
        assert "Stolen credit" in answering
        assert "Ana joue Flattery" in answering
        table = page_text(client.get("/?lang=en").text)                 # the table's story
        assert "Ana plays Flattery." in table
        assert "Flatterie" not in table


def test_a_designers_layouts_without_an_english_edition_make_french_sessions_only(tmp_path):
    import shutil

    from kit.build import default_layouts
    from kit.errors import LayoutError

    layouts = tmp_path / "layouts"
    shutil.copytree(default_layouts() / "promotion", layouts / "promotion", ignore=shutil.ignore_patterns("en"))
    french = for_session("promotion", layouts)
    assert french is not None
    assert french["cards"]["flatterie"]["titles"] == {"fr": "Flatterie"}     # known by its one title
    with pytest.raises(LayoutError, match="promotion/en/"):
        for_session("promotion", layouts, "en")
