"""The PHD layout files: loading checks each card against the rules and names what is wrong;
the kit builds from the project's files. (Glyphs: tests/engine/test_glyphs.py; own words:
tests/test_own_words.py.)

Each mistake test copies layouts/phd into tmp_path, changes one thing as a designer might,
and expects a LayoutError naming the file, the card and the field.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from refusals import problem_of
from yaml_files import yaml_file

from kit.build import default_layouts
from kit.cli import cli
from kit.errors import LayoutError
from kit.games.phd import layout as game
from scorekeeper.rules import phd as rules

FOLDER = default_layouts() / "phd"


def raw(name: str, folder: Path = FOLDER) -> dict:
    return yaml_file(folder / name)


def write(folder: Path, name: str, data: dict) -> None:
    (folder / name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.fixture
def copy(tmp_path):
    """A designer's copy of the layouts: returns (root, phd folder)."""
    root = tmp_path / "layouts"
    shutil.copytree(FOLDER, root / "phd")
    return root, root / "phd"


def change_event(copy, change, *, kind: str | None = None, holding: str | None = None) -> tuple[Path, int, dict]:
    """Apply change to the first event card of a type (or holding a key) in the designer's
    copy; returns (layouts root, 1-based position, the changed card)."""
    root, folder = copy
    data = raw("events.yaml", folder)
    index, card = next((i, c) for i, c in enumerate(data["cards"], start=1)
                       if (kind is None or c["type"] == kind) and (holding is None or holding in c))
    change(card)
    write(folder, "events.yaml", data)
    return root, index, card


def expect(root: Path, file: str, entry: str | None, field: str) -> LayoutError:
    with pytest.raises(LayoutError) as caught:
        game.load(root)
    error = caught.value
    assert Path(error.file).name == file
    if entry is not None:
        assert error.entry is not None
        assert entry in error.entry
    assert error.field == field
    message = str(error)
    assert file in message
    assert f"'{field}'" in message
    return error


# --- the project's own files load -------------------------------------------------------------
def test_the_project_layouts_load_and_build():
    layout = game.load(default_layouts())
    assert len(layout.characters) == rules.MAX_PLAYERS
    kit = game.build(default_layouts())
    assert kit.id == rules.GAME_ID == game.GAME_ID
    assert kit.players == f"{rules.MIN_PLAYERS} à {rules.MAX_PLAYERS} personnes"
    assert kit.bring
    assert kit.summary
    assert all(c.instructions for c in kit.components)
    assert any("trombone" in item for item in kit.bring)
    assert any("dé" in item for item in kit.bring)


# --- rule checks at load ----------------------------------------------------------------------
def test_a_challenge_without_difficulty_names_file_card_and_field(copy):
    root, index, card = change_event(copy, lambda card: card.pop("difficulty"), kind="challenge")
    error = expect(root, "events.yaml", f"cards[{index}] « {card['title']} »", "difficulty")
    assert error.problem == "a card of the type 'challenge' needs 'difficulty'"


def test_a_post_it_on_a_challenge_is_refused(copy):
    postit = {"text": "Bonne chance", "value": 2, "resource": "credit"}
    root, index, card = change_event(copy, lambda card: card.update(postit=postit), kind="challenge")
    error = expect(root, "events.yaml", f"cards[{index}]", "postit")
    assert error.problem == ("a card of the type 'challenge' has no sticky note modifier; its fields are id, type, "
                             "title, text, count, resource, difficulty, success, failure")


def test_a_modifier_on_a_c_est_la_vie_card_is_refused(copy):
    root, index, card = change_event(copy, lambda card: card.update(modifier=2), kind="vie")
    expect(root, "events.yaml", f"cards[{index}]", "modifier")


@pytest.mark.parametrize(("kind", "field", "value", "bound"), [
    ("vie", "pression", rules.RESOURCE_MAX - rules.RESOURCE_MIN + 1, f"at most {rules.RESOURCE_MAX - rules.RESOURCE_MIN}"),
    ("challenge", "difficulty", rules.RESOURCE_MAX + rules.DIE_MAX + 1, f"at most {rules.RESOURCE_MAX + rules.DIE_MAX}"),
    ("challenge", "difficulty", rules.RESOURCE_MIN + rules.DIE_MIN, f"at least {rules.RESOURCE_MIN + rules.DIE_MIN + 1}"),
])
def test_a_number_outside_the_engines_bounds_is_refused(copy, kind, field, value, bound):
    root, index, card = change_event(copy, lambda card: card.update({field: value}), kind=kind)
    error = expect(root, "events.yaml", f"cards[{index}]", field)
    assert problem_of(error) == f"must be {bound}, got {value}"


def test_a_post_it_larger_than_the_die_is_refused(copy):
    root, index, card = change_event(copy, lambda card: card["postit"].update(value=-(rules.DIE_MAX + 1)),
                                     kind="superviseur")
    expect(root, "events.yaml", f"cards[{index}]", "postit.value")


def test_an_argument_outside_bounds_or_zero_is_refused(copy):
    root, folder = copy
    data = raw("arguments.yaml", folder)
    data["cards"][2]["value"] = 0
    write(folder, "arguments.yaml", data)
    expect(root, "arguments.yaml", f"cards[3] « {data['cards'][2]['title']} »", "value")
    data["cards"][2]["value"] = rules.DIE_MAX + 1
    write(folder, "arguments.yaml", data)
    expect(root, "arguments.yaml", "cards[3]", "value")


def test_an_unknown_key_lists_the_accepted_ones(copy):
    root, folder = copy
    data = raw("events.yaml", folder)
    data["cards"][0]["difficulte"] = 9
    write(folder, "events.yaml", data)
    error = expect(root, "events.yaml", f"cards[1] « {data['cards'][0]['title']} »", "difficulte")
    assert problem_of(error) == ("unknown key 'difficulte'; accepted keys: id, type, title, text, count, pression, "
                                 "credit, effect, postit, chapter, roll, when, moment, you, other, modifier, draw_arguments, "
                                 "passes_challenge, cancels_failure, resource, difficulty, "
                                 "success, failure")


def test_a_die_roll_must_cover_each_face_once(copy):
    def stop_short(card):
        card["roll"][-1]["faces"][1] = rules.DIE_MAX - 1
    root, index, card = change_event(copy, stop_short, holding="roll")
    expect(root, "events.yaml", f"cards[{index}]", "roll")


def test_a_superviseur_says_what_happens_to_the_chapter(copy):
    root, index, card = change_event(copy, lambda card: card.pop("chapter"), holding="chapter")
    expect(root, "events.yaml", f"cards[{index}]", "chapter")


def test_two_cards_alike_are_refused(copy):
    root, folder = copy
    data = raw("arguments.yaml", folder)
    data["cards"][5]["text"] = data["cards"][1]["text"]
    write(folder, "arguments.yaml", data)
    error = expect(root, "arguments.yaml", "cards[6]", "text")
    assert error.problem.endswith("' is already the 'text' of cards[2]; use 'count' for copies")


def test_too_few_events_is_refused(copy):
    root, folder = copy
    data = raw("events.yaml", folder)
    data["cards"] = data["cards"][:20]
    write(folder, "events.yaml", data)
    error = expect(root, "events.yaml", None, "cards")
    assert error.problem.endswith(f" cards; it needs at least {rules.MIN_EVENT_CARDS}")


def test_an_unknown_placeholder_is_named(copy):
    root, folder = copy
    data = raw("aids.yaml", folder)
    data["turn_aid"][0]["sections"][0]["text"] += " {main_max}"
    write(folder, "aids.yaml", data)
    with pytest.raises(LayoutError) as caught:
        game.build(root)
    error = caught.value
    assert (Path(error.file).name, error.entry, error.field) == ("aids.yaml", "turn_aid[1] « Le tour de jeu »",
                                                                 "sections[1].text")
    assert error.problem.startswith("unknown placeholder {main_max}; known ones: {min_players}, ")
    assert "{hand_limit}" in error.problem.split("; known ones: ")[1].split(", ")


def test_the_cli_reports_a_layout_error_in_one_sentence_with_exit_2(copy, tmp_path):
    root, index, card = change_event(copy, lambda card: card.pop("difficulty"), kind="challenge")
    result = CliRunner().invoke(cli, ["build", "phd", "--layouts", str(root), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.output == (f"Error: {root / 'phd' / 'events.yaml'}, entry cards[{index}] « {card['title']} », field "
                             "'difficulty': a card of the type 'challenge' needs 'difficulty'\n")
    assert "Traceback" not in result.output


def test_a_character_card_too_short_for_clip_steps_is_refused(copy):
    root, folder = copy
    data = raw("kit.yaml", folder)
    data["components"]["character-cards"]["track_margin"] = 12   # 96 mm of track for 21 values
    write(folder, "kit.yaml", data)
    with pytest.raises(LayoutError) as caught:
        game.build(root)
    assert caught.value.field == "size"
    assert caught.value.problem == ("21 values along 96 mm give steps of 4.80 mm; a paper clip needs 5 mm (use a "
                                    "taller card or a smaller track_margin)")


@pytest.mark.parametrize(("symbol", "meaning"), [("triangle", "resource pression"), ("pentagon", "card type challenge"),
                                             ("star", "chapter approved"), ("bolt", "deck argument-cards")])
def test_a_symbol_with_two_meanings_is_refused(copy, symbol, meaning):
    """One meaning per symbol across the kit: a character may not wear the Pression
    triangle, the Challenge pentagon, the approved star or the Argument bolt."""
    root, folder = copy
    data = raw("characters.yaml", folder)
    data["characters"][0]["symbol"] = symbol
    write(folder, "characters.yaml", data)
    error = expect(root, "characters.yaml", None, "characters[1].symbol")
    assert error.problem.startswith(f"'{symbol}' already stands for {meaning} (kit.yaml: ")
    assert error.problem.endswith("); give each meaning its own symbol")


def test_the_project_kit_gives_each_symbol_one_meaning():
    layout = game.load(default_layouts())
    kit = layout.kit
    marks = [kit["resources"][r]["symbol"] for r in kit["resources"]]
    marks += [t["symbol"] for t in kit["event_types"].values()]
    marks += [kit["components"][c]["back_symbol"] for c in ("event-cards", "argument-cards")]
    marks += [c["symbol"] for c in layout.characters]
    marks += [o["symbol"] for k, o in kit["chapter_outcomes"].items() if k != "approve"]
    marks += [m["symbol"] for m in layout.aids["markers"].values()]
    assert len(marks) == len(set(marks)), marks


# --- the Coopérations whose effect the table applies ------------------------------------------
def test_journal_club_prints_the_arguments_its_data_draws(copy):
    """The number of Argument cards Journal club draws is its data's: typed by hand in its
    effect, it is refused and the placeholder that holds it is named."""
    deck = game.deck(default_layouts())
    assert deck["cards"]["journal-club"]["draw_arguments"] == 1
    assert "1\u00a0carte Argument" in deck["cards"]["journal-club"]["effect"]
    root, index, card = change_event(copy, lambda card: card.update(effect=card["effect"].replace(
        "{draw_arguments}", "1")), holding="draw_arguments")
    error = expect(root, "events.yaml", "Journal club", "effect")
    assert "{draw_arguments}" in error.problem


@pytest.mark.parametrize(("holding", "moment"), [("passes_challenge", "any"), ("cancels_failure", "submit")])
def test_a_cooperation_effect_away_from_its_moment_is_refused(copy, holding, moment):
    root, index, card = change_event(copy, lambda card: card.update(moment={"kind": moment}), holding=holding)
    error = expect(root, "events.yaml", card["title"], holding)
    assert moment in error.problem


# --- cards that move cards in hand (issue 46, item 5) -------------------------------------------
# Words that, in a card's text, draw or discard cards: the table counts each hand from what it
# applies, so such a text needs its data (a Challenge result's `hand`, a Coopération's
# draw_arguments), or the count drifts from what the players hold.
HAND_WORDS = re.compile(r"\bpioch\w*|\bdéfauss\w*|\bcartes?\b[^.]*\bmain\b|\bmain\b[^.]*\bcartes?\b", re.IGNORECASE)


def _texts(card: dict) -> list[tuple[str, str, bool]]:
    """Each text of a card: (field, text, whether the card's data move cards in hand for it)."""
    card_level = bool(card.get("draw_arguments"))
    texts = [(key, card[key], card_level) for key in ("title", "text", "effect", "when") if card.get(key)]
    if card.get("postit"):
        texts.append(("postit.text", card["postit"]["text"], card_level))
    texts += [(f"{key}.text", card[key]["text"], bool(card[key].get("hand")))
              for key in ("success", "failure") if (card.get(key) or {}).get("text")]
    return texts


def scan(folder: Path = FOLDER) -> tuple[list[str], set[str]]:
    """The texts that move cards in hand without their data, one line each naming the file,
    the card and the field; and the titles of every card whose text moves cards in hand."""
    missing, found = [], set()
    for name in ("events.yaml", "arguments.yaml"):
        for i, card in enumerate(raw(name, folder)["cards"], start=1):
            for field, text, declared in _texts(card):
                if HAND_WORDS.search(text):
                    found.add(card["title"])
                    if not declared:
                        missing.append(f"{name}: cards[{i}] « {card['title']} »: {field} « {text} » moves cards in "
                                       "hand; give the card its data (a result's hand, a Coopération's draw_arguments)")
    return missing, found


def test_every_card_whose_text_draws_or_discards_declares_it_in_its_data():
    missing, found = scan()
    assert not missing, "\n".join(missing)
    # the scan sees the cards that do: Journal club, Réseautage au buffet, Serveur de calcul saturé
    assert found == {"Journal club", "Réseautage au buffet", "Serveur de calcul saturé"}


def test_the_scan_tells_a_designer_who_forgets_the_data(copy):
    """« piochez 2 cartes » written in a new card's text without the data is named."""
    data = raw("events.yaml", copy[1])
    index, card = next((i, c) for i, c in enumerate(data["cards"], start=1) if c["title"] == "Colloque international")
    card["success"]["text"] = "Piochez 2 cartes Événement."
    data["cards"].append({**data["cards"][0], "title": "Carte neuve", "text": "Nouvelle.",
                          "effect": "Chacun défausse une carte."})
    write(copy[1], "events.yaml", data)
    missing, _ = scan(copy[1])
    assert [line.split(" »: ")[0] + " » " + line.split(" »: ")[1].split(" ")[0] for line in missing] == [
        f"events.yaml: cards[{index}] « Colloque international » success.text",
        f"events.yaml: cards[{len(data['cards'])}] « Carte neuve » effect"]


def test_the_project_hand_changes_print_their_counts():
    deck = game.deck(default_layouts())["cards"]
    assert deck["reseautage-au-buffet"]["success"] == {"credit": 2, "hand": {"draw_arguments": 1},
                                                       "text": "Piochez 1\u00a0carte Argument."}
    assert deck["serveur-de-calcul-sature"]["failure"] == {"pression": 2, "credit": -1, "hand": {"discard": 1},
                                                           "text": "Défaussez 1\u00a0carte de votre main."}


def _change_titled(copy, title: str, change) -> tuple[Path, int, dict]:
    root, folder = copy
    data = raw("events.yaml", folder)
    index, card = next((i, c) for i, c in enumerate(data["cards"], start=1) if c["title"] == title)
    change(card["failure"])
    write(folder, "events.yaml", data)
    return root, index, card


@pytest.mark.parametrize(("change", "field"), [
    (lambda result: result.update(hand={"discards": 1}), "failure.hand.discards"),
    (lambda result: result.update(hand={"discard": 1, "who": "other"}), "failure.hand.who"),
    (lambda result: result.update(hand={"discard": rules.HAND_LIMIT + 1}), "failure.hand.discard"),
    (lambda result: result.update(hand={"discard": 0}), "failure.hand"),
    (lambda result: result.update(text="Défaussez une carte de votre main."), "failure.hand.discard"),
    (lambda result: result.update(hand={"discard": 1, "draw_events": 2}), "failure.hand.draw_events"),
])
def test_a_mistake_in_a_hand_change_names_file_card_and_field(copy, change, field):
    root, index, card = _change_titled(copy, "Serveur de calcul saturé", change)
    error = expect(root, "events.yaml", f"cards[{index}] « Serveur de calcul saturé »", field)
    assert "\n" not in str(error)
