"""What every game's score commands share: opening sessions, appending, printing, asking.

A game's module kit/games/<game>/table.py builds an action dict from options a person can type
and hands it to `submit`, which goes through exactly the same path as `kit score act`
(scorekeeper.session.append: lock, validate, one write, fsync). Guided play
(`play_pending`) walks what the rules wait for with the `ask*` helpers, which re-ask until
an entry is accepted (a refusal naming a field asks only that field's question again: each
question says which field it gives, `field=`), and `guided` so Ctrl-C or a closed terminal stops cleanly with
everything accepted already saved. What an accepted entry did is the rules' outcome events.

The contract for kit/games/<game>/table.py (`render` and `describe` required):
- friendly commands as plain `@click.command(...)` functions, named in the game's
  TABLE_COMMANDS (kit/games/<game>/__init__.py); each builds an action and calls
  `submit(path, action)`;
- `render(state: GameState) -> str`: a readable table with standings for `show`, in the active
  language (kit.i18n), from a state whose secrets rules.public_view may have removed;
- `describe(action: dict, reveal: bool | str, before: GameState | None) -> str`: one line of the
  log in the active language, without a secret amount unless reveal (True: everyone's;
  a name: that player's own); `before` is the state the action met, when known.

The rest, optional, is declared once in the game's faces (kit/faces.py `Faces`, its
faces.py's FACES), typed and with its default there: `describe_turn`, `prepare_options`,
`prepare_players`, `deal`, `deck_empty_action`, the words of what its rules wait for
(`action_labels`, `field_labels`, `value_labels`, `defaults`: what Enter answers, `field_kinds`:
"several" | "all" | "order" | "numbers", where a choice alone cannot say that a field takes
several of its values, names in order, or numbers from the table); this package reads them
there, never off table.py. No game has questions of its own: guided play asks every game
through the question plan its phones ask (kit/plan.py).

The package, each module importing only those listed before it (a reader may go top to bottom):
- parsing.py: what people type, read: option values (JSON, a YAML file, NAME=VALUE pairs,
  players, names), whole numbers, a choice in either language's words (`label`,
  `match_word`), a player's name (`match_name`);
- showing.py: a plain text table (`text_table`), a msgid in the reader's language (`said`);
- commands.py: what the friendly commands share on the command line: --help `examples`,
  FILE and PLAYER, the option types Number, Word and Spelled;
- log.py: a session read (`open_session`) and told: each entry's line (`describe`), what it
  did (`told`, `event_lines`, `report`), what an undo took back (`undo_lines`);
- guiding.py: the Guide guided play works from, and `guided`, which sets it;
- writing.py: `submit`, `try_submit`, `undo`: the one way to the session file;
- prompts.py: one prompt (`ask`) and the words every prompt takes, the asks of a number, a
  choice, yes or no, a player, what a step's questions also take (`also_answers`,
  `offering`, `enter_elsewhere`), and guided play's undo (`undo_latest`, `writes_unasked`);
- cards.py: a card of the session's deck typed by its printed title (`ask_card`, `read_laid`);
- questions.py: one question of the question plan (`ask_question`, `ask_counts`);
- walk.py: one decision's plan walked a question at a time (`ask_plan`), with what each
  question takes besides its own answers (`ask_plan_step`);
- at_once.py: the decisions offered one player at once: which comes first (`ask_offered`,
  `ask_among`, `ask_or_nothing`);
- at_any_time.py: what is allowed at any time, offered at the step's questions
  (`with_anytime`, `with_offers`), and the table's words (`with_table_words`);
- play.py: guided play from what the rules wait for (`play_pending`, `next_entry`).

The package's state lives in one module each, assigned there alone: the Guide under way in
guiding.py (`_guide`), what the questions of a step also take in prompts.py (`_also`,
`_offered_words`, ...), every game's words merged in parsing.py (`_answers`). The other
modules read it through its module (`guiding._guide`), never as a name of their own, which
would keep the value it had when they were imported. One name is given from above: play.py
gives prompts.py play's own step (`prompts.play_step`), which guided play's undo runs.

The names imported below are those of the one module kit/table.py was, for `from kit import
table` and `table.submit(...)`.
"""
from __future__ import annotations

from kit.table.at_any_time import (
    ANYTIME_OFFERED,
    ANYTIME_SAID,
    anytime_offers,
    say_offers,
    table_words,
    with_anytime,
    with_offers,
    with_table_words,
)
from kit.table.at_once import ask_among, ask_offered, ask_or_nothing, ask_which, refused_action
from kit.table.cards import (
    CARDS_LISTED,
    all_cards,
    ask_card,
    card_titles,
    deck_of,
    laid_cards,
    read_laid,
    session_cards,
    typed_card,
    typed_deck_card,
)
from kit.table.commands import FILE, NUMBER, PLAYER, Number, Spelled, Word, examples, spelled
from kit.table.guiding import Answer, Guide, Quit, Restart, guided
from kit.table.log import (
    cancelled_by_last,
    describe,
    describe_fields,
    describe_hand,
    event_lines,
    game_module,
    game_over_line,
    hands_line,
    open_session,
    outcome_lines,
    repair_hint,
    report,
    states_before,
    this_turn,
    told,
    undo_lines,
)
from kit.table.parsing import (
    ANSWERS,
    MAX_NUMBER,
    answers,
    label,
    match_name,
    match_word,
    parse_json_action,
    parse_names,
    parse_pairs,
    parse_players,
    parse_value,
    read_option_file,
    split_pair,
    whole_number,
)
from kit.table.play import (
    AT_KEYBOARD,
    ask_in_secret,
    ask_optional_answers,
    next_entry,
    optional_answers,
    plan_actor,
    play_pending,
    read_back,
)
from kit.table.prompts import (
    BACK_WORDS,
    HELP_WORDS,
    QUIT_WORDS,
    UNDO_WORDS,
    AnsweredElsewhere,
    also_answers,
    ask,
    ask_choice,
    ask_number,
    ask_player,
    ask_yes_no,
    clear_screen,
    enter_elsewhere,
    entries_to_undo,
    offering,
    play_memo,
    shared_screen,
    undo_latest,
    writes_unasked,
)
from kit.table.questions import ask_counts, ask_question, ask_several, asks, counts_on_one_line
from kit.table.showing import said, text_table
from kit.table.walk import (
    ask_plan,
    ask_plan_step,
    ask_shared_bound,
    asked_whatever,
    cards_ahead,
    enter_means,
    read_numbers,
    refused_as_typed,
    rules_refusal,
    title_of,
)
from kit.table.writing import submit, try_submit, undo, with_names_matched

__all__ = [
    # parsing.py
    "parse_value", "read_option_file", "parse_json_action", "split_pair", "parse_pairs", "parse_players",
    "parse_names", "MAX_NUMBER", "whole_number", "ANSWERS", "answers", "label", "match_word", "match_name",
    # showing.py
    "text_table", "said",
    # commands.py
    "examples", "FILE", "PLAYER", "Number", "NUMBER", "Word", "Spelled", "spelled",
    # log.py
    "open_session", "repair_hint", "cancelled_by_last", "this_turn", "states_before", "undo_lines", "report",
    "outcome_lines", "event_lines", "told", "game_over_line", "describe", "describe_fields", "describe_hand",
    "hands_line", "game_module",
    # guiding.py
    "Restart", "Quit", "Answer", "Guide", "guided",
    # writing.py
    "with_names_matched", "submit", "undo", "try_submit",
    # prompts.py
    "UNDO_WORDS", "BACK_WORDS", "HELP_WORDS", "QUIT_WORDS", "play_memo", "ask", "AnsweredElsewhere", "also_answers",
    "enter_elsewhere", "offering", "undo_latest", "entries_to_undo", "writes_unasked", "ask_number", "ask_choice",
    "shared_screen", "clear_screen", "ask_yes_no", "ask_player",
    # cards.py
    "deck_of", "typed_deck_card", "card_titles", "CARDS_LISTED", "session_cards", "all_cards", "typed_card",
    "ask_card", "laid_cards", "read_laid",
    # questions.py
    "asks", "ask_question", "ask_several", "counts_on_one_line", "ask_counts",
    # walk.py
    "title_of", "ask_plan", "ask_shared_bound", "read_numbers", "refused_as_typed", "enter_means", "asked_whatever",
    "cards_ahead", "rules_refusal", "ask_plan_step",
    # at_once.py
    "ask_offered", "ask_which", "ask_or_nothing", "ask_among", "refused_action",
    # at_any_time.py
    "ANYTIME_OFFERED", "with_anytime", "ANYTIME_SAID", "anytime_offers", "say_offers", "with_offers", "table_words",
    "with_table_words",
    # play.py
    "play_pending", "next_entry", "AT_KEYBOARD", "ask_in_secret", "read_back", "optional_answers",
    "ask_optional_answers", "plan_actor",
]
