"""The scorekeeper's languages: French first, English too, through gettext catalogues.

The catalogues are kit/locale/<lang>/LC_MESSAGES/kit.po, extracted from the code by Babel
and compiled to kit.mo beside them by `python tools/catalogues.py`, with click.mo, click's
own words alone (CLICK_DOMAIN); the .mo files are committed, so `pip install .` needs no
build step, and a test checks they match the .po. A catalogue is read as it is asked
(`Catalogue`): a command decodes the few messages it says, not all of them.
Message ids are the English sentences; placeholders are named: "{player} wins.".

Two ways in:
- `translator(lang)`: an object with gettext/ngettext/refusal/join for one language, for a
  caller serving several languages at once (the table server, one per browser);
- `activate(lang)` then the module-level `_`, `ngettext`, `refusal`, `join`: the one
  language of a CLI process, chosen once from --lang or the locale.

`choose_language(explicit, environ, accept_language)` is the one rule that picks the language,
for every command and page: an explicit choice (--lang, or a page's switch), else a browser's
Accept-Language, else the KIT_LANG variable, else LC_ALL, LC_MESSAGES, LANG (the first one set
decides); French whenever what they say is unusable (unset, C, POSIX, another language).

French output gets French typography (kit.typography.typeset_message: no-break spaces before
: ; ! ? and inside « », typographic apostrophes), so translators type ordinary spaces. Code
quoted in straight quotes ('count', 'PHD') is left as written.
"""
from __future__ import annotations

import functools
import gettext as _gettext
import os
import re
import struct
import threading
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from scorekeeper.errors import ScorekeeperError

LANGUAGES = ("fr", "en")
DEFAULT = "fr"
DOMAIN = "kit"
# Click's own words (tools/catalogues.py CLICK_WORDS), compiled apart from the kit's catalogue
# into click.mo beside it: click reads them through the standard library's gettext, which
# decodes a whole catalogue when it opens one, and the kit's holds some 1,800 messages.
CLICK_DOMAIN = "click"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def language_of(text: str | None) -> str | None:
    """"fr_FR.UTF-8", "fr-CA", "EN" -> "fr", "fr", "en"; None for C, POSIX or a language we lack."""
    if not text:
        return None
    code = re.split(r"[_.@-]", text.strip(), maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def choose_language(explicit: str | None = None, environ: Mapping[str, str] | None = None,
                    accept_language: str | None = None) -> str:
    """The language to speak (see the module docstring for the order)."""
    chosen = language_of(explicit)
    if chosen:
        return chosen
    if accept_language:
        return _from_accept_language(accept_language) or DEFAULT
    environ = os.environ if environ is None else environ
    chosen = language_of(environ.get("KIT_LANG"))
    if chosen:
        return chosen
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable)
        if value:   # the first variable set decides, as in the C library
            return language_of(value) or DEFAULT
    return DEFAULT


def _from_accept_language(header: str) -> str | None:
    """The best of our languages in an HTTP Accept-Language header ("en-US,en;q=0.9,fr;q=0.8")."""
    ranked = []
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                quality = float(match.group(1))
            except ValueError:
                quality = 0.0
        language = language_of(tag)
        if language and quality > 0:
            ranked.append((-quality, position, language))
    return min(ranked)[2] if ranked else None


# A template cannot know the name that fills « de {name} » or « que {name} »: « de Ana » must
# read « d’Ana », « que Hélène » « qu’Hélène ». A name (a value filled in, one word) elides
# before a vowel or an h (« d’Hélène », « d’Hugo »: names take the mute h); any other text
# before a vowel only, since before an h the elision depends on the word (« de hasard »), and
# a translator's own words are already right.
_ELIDED_BEFORE_VOWEL = re.compile(r"\b(d|qu)e (?=[AEIOUÀÂÉÈÊÎÔÛaeiouàâéèêîôû])")
_BEFORE_A_FIELD = re.compile(r"\b(d|qu)e \{(\w+)\}")


def elides(word: str) -> bool:
    """Whether « de » and « que » elide before `word`, a name: before a vowel or an h.

    >>> elides("Hélène"), elides("Ana"), elides("Zoé"), elides("Hoc Censeo")
    (True, True, False, False)
    """
    return bool(word) and " " not in word.strip() and folded(word)[:1] in tuple("aeiouyh")


class _French(str):
    """A French message: filling it in typesets the result, so the names, numbers and lists
    put into it get their no-break spaces too ("1 or" -> "1\u00a0or", "POUR 0 ; CONTRE 10"),
    and « de » or « que » before a name elides (`elides`)."""

    def format(self, *args: object, **kwargs: object) -> str:
        from kit.typography import typeset_message

        def elided(found: re.Match[str]) -> str:
            value = kwargs.get(found.group(2))
            return f"{found.group(1)}’{{{found.group(2)}}}" if isinstance(value, str) and elides(value) else found.group(0)
        template = _BEFORE_A_FIELD.sub(elided, self)
        return typeset_message(_ELIDED_BEFORE_VOWEL.sub(r"\1’", str.format(template, *args, **kwargs)))


# Each game carries its own words' translations, beside its code: <its package>/locale/<lang>/
# LC_MESSAGES/game.mo (kit/faces.py adds a game's folder as it loads its faces), so a game added
# to the kit translates without editing the kit's catalogues; a message the kit's catalogue
# lacks is looked up there.
GAME_DOMAIN = "game"
_game_locales: list[Path] = []


def add_game_catalogues(folder: Path) -> None:
    """A game's own catalogues, in `folder` (<lang>/LC_MESSAGES/game.mo), where it has one."""
    if folder not in _game_locales and folder.is_dir():
        _game_locales.append(folder)


class Catalogue(_gettext.GNUTranslations):
    """A compiled catalogue (.mo) read as it is asked. The standard library's class decodes
    every message of the file when it opens it: the kit's 1,800, 4.5 ms of every command's
    start, where `kit score show` asks some forty. A .mo lists its message ids sorted (msgfmt
    and Babel write them so), so one is found by bisection among them, decoded when first
    asked and kept. Only `gettext` and `ngettext` are asked of it (the kit has no contexts)."""

    def _parse(self, fp: Any) -> None:
        data = fp.read()
        magic = struct.unpack("<I", data[:4])[0]
        order = "<" if magic == self.LE_MAGIC else ">" if magic == self.BE_MAGIC else None
        if order is None:
            raise OSError(0, "Bad magic number", getattr(fp, "name", ""))
        version, count, ids, texts = struct.unpack(order + "4I", data[4:20])
        if version >> 16 not in self.VERSIONS:
            raise OSError(0, "Bad version number " + str(version >> 16), getattr(fp, "name", ""))
        self._data, self._entry, self._count, self._ids, self._texts = data, order + "2I", count, ids, texts
        self._catalog: dict[Any, str] = {}          # each message asked so far, translated
        self._plurals: dict[str, list[str]] = {}     # each plural asked so far: its forms
        self._info: dict[str, str] = {}
        self._charset: str | None = None
        self.plural: Any = lambda n: int(n != 1)
        if count and self._bytes(ids, 0) == b"":
            self._read_header(self._bytes(texts, 0).decode("ascii", "replace"))

    def _bytes(self, table: int, index: int) -> bytes:
        length, offset = struct.unpack_from(self._entry, self._data, table + 8 * index)
        return bytes(self._data[offset:offset + length])

    def _read_header(self, header: str) -> None:
        """The catalogue's charset and plural forms, read as the standard library reads them."""
        for line in header.split("\n"):
            key, colon, value = line.partition(":")
            if not colon:
                continue
            key, value = key.strip().lower(), value.strip()
            self._info[key] = value
            if key == "content-type":
                self._charset = value.split("charset=")[1]
            elif key == "plural-forms":
                self.plural = _gettext.c2py(value.split(";")[1].split("plural=")[1])

    def _find(self, key: bytes) -> int:
        """The index of the first message id not below `key` (bisection: the ids are sorted)."""
        low, high = 0, self._count
        while low < high:
            middle = (low + high) // 2
            if self._bytes(self._ids, middle) < key:
                low = middle + 1
            else:
                high = middle
        return low

    def _text(self, message: str, plural: str | None = None) -> list[str] | None:
        """The translation(s) of `message` (with `plural`: each plural form), None if absent."""
        charset = self._charset or "ascii"
        key = message.encode(charset) + (b"\0" if plural is not None else b"")
        index = self._find(key)
        if index >= self._count:
            return None
        found = self._bytes(self._ids, index)
        if found != key and not (plural is not None and found.startswith(key)):
            return None
        text = self._bytes(self._texts, index).decode(charset)
        return text.split("\0") if plural is not None else [text]

    def gettext(self, message: str) -> str:
        text = self._catalog.get(message)
        if text is None:
            found = self._text(message)
            if found is None:
                fallback: _gettext.NullTranslations | None = getattr(self, "_fallback", None)
                return fallback.gettext(message) if fallback else message
            text = self._catalog[message] = found[0]
        return text

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        forms = self._plurals.get(msgid1)
        if forms is None:
            found = self._text(msgid1, msgid2)
            if found is None:
                fallback: _gettext.NullTranslations | None = getattr(self, "_fallback", None)
                return fallback.ngettext(msgid1, msgid2, n) if fallback else msgid1 if n == 1 else msgid2
            forms = self._plurals[msgid1] = found
        index = self.plural(n)
        return forms[index] if index < len(forms) else msgid1 if n == 1 else msgid2


class Translator:
    """One language's catalogue: gettext and ngettext with the typography of that language,
    the kit's catalogue first, then the games' own (`add_game_catalogues`)."""

    def __init__(self, lang: str):
        if lang not in LANGUAGES:
            raise ValueError(f"no catalogue for {lang!r}; the languages are {', '.join(LANGUAGES)}")
        self.lang = lang
        self._catalogue = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True, class_=Catalogue)
        self._set: dict[str, str] = {}   # each of the catalogue's texts as typeset, once
        self._games: list[_gettext.NullTranslations] = []   # the games' catalogues read so far, in order

    def _game_catalogues(self) -> list[_gettext.NullTranslations]:
        for folder in _game_locales[len(self._games):]:
            self._games.append(_gettext.translation(GAME_DOMAIN, folder, languages=[self.lang], fallback=True,
                                                    class_=Catalogue))
        return self._games

    def _typeset(self, text: str) -> str:
        if self.lang != "fr":
            return text
        if text not in self._set:
            from kit.typography import typeset_message
            self._set[text] = _French(typeset_message(text))
        return self._set[text]

    def gettext(self, message: str) -> str:
        text = self._catalogue.gettext(message)
        for game in self._game_catalogues() if text is message else ():
            text = game.gettext(message)
            if text is not message:
                break
        # A message no catalogue holds (an English-only one) is left exactly as written.
        return self._typeset(text) if text is not message else text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        text = self._catalogue.ngettext(singular, plural, n)
        for game in self._game_catalogues() if text is singular or text is plural else ():
            text = game.ngettext(singular, plural, n)
            if text is not singular and text is not plural:
                break
        return self._typeset(text) if text is not singular and text is not plural else text

    def join(self, names: Iterable[str]) -> str:
        """"Ana", "Ana and Ben" / "Ana et Ben", "Ana, Ben and Cléo" / "Ana, Ben et Cléo"."""
        names = [str(n) for n in names]
        if len(names) <= 1:
            return "".join(names)
        return self.gettext("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])

    def join_of(self, names: Iterable[str]) -> str:
        """Names as they follow "for"/"de" ("Waiting for {names}"): "Bob and Chloé" in English;
        in French each name takes its own "de", elided before a vowel or an h ("de Bob et
        d’Alice"), so the sentence reads "En attente de Bob et d’Alice".

        >>> translator("fr").join_of(["Bob", "Alice", "Hugo"])
        'de Bob, d’Alice et d’Hugo'
        >>> translator("en").join_of(["Bob", "Alice"])
        'Bob and Alice'
        """
        names = [str(n) for n in names]
        if self.lang == "fr":
            names = [("d’" if elides(n) else "de ") + n for n in names]
        return self.join(names)

    def refusal(self, error: Exception, *, reveal: bool = True) -> str:
        """A refusal in this language; reveal=False keeps a secret value off a shared screen."""
        if isinstance(error, ScorekeeperError):
            return error.render(self.gettext, self.ngettext, self.join, reveal=reveal)
        return self.gettext(str(error))


@functools.cache
def translator(lang: str) -> Translator:
    """The (cached) translator of one of LANGUAGES."""
    return Translator(lang)


# -- the one language of a command-line process ------------------------------------------

_active: Translator | None = None


def activate(lang: str) -> Translator:
    """Make `lang` the language of `_`, `ngettext`, `refusal` and `join` in this process.

    Click's own words ("Usage:", "Options", "Show this message and exit.", its usage errors)
    go through the standard library's global gettext: the process's text domain becomes
    click.mo's, those words of the kit's catalogues compiled apart (CLICK_DOMAIN), in the
    same language.
    """
    global _active
    _active = translator(lang)
    _gettext.bindtextdomain(CLICK_DOMAIN, str(LOCALE_DIR))
    _gettext.textdomain(CLICK_DOMAIN)
    os.environ["LANGUAGE"] = lang
    return _active


_speaking = threading.Lock()


@contextmanager
def speaking(lang: str) -> Iterator[Translator]:
    """`lang` as the language of `_` and `ngettext` for a block, then the one before: for the
    table server, which says the log's lines (worded by the games through `_`) to browsers in
    different languages. One block at a time; nothing else in the server reads `_`."""
    global _active
    with _speaking:
        before, _active = _active, translator(lang)
        try:
            yield _active
        finally:
            _active = before


def active() -> Translator:
    """The process's translator; chosen from the locale the first time when none was activated."""
    return _active or activate(choose_language())


def _(message: str) -> str:
    return active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return active().ngettext(singular, plural, n)


def refusal(error: Exception, *, reveal: bool = True) -> str:
    return active().refusal(error, reveal=reveal)


def join(names: Iterable[str]) -> str:
    return active().join(names)


# -- the printed language: the edition a build prints ---------------------------------------
# What a kit prints (its pieces, contents page, labels, rules) speaks the edition's language,
# chosen by the same rule as the interface (`kit build --lang en`, KIT_LANG, the locale) and
# set for the duration of a build or an export with `printing(lang)`. French, the language
# the games are designed in, when nothing sets it: a layout loaded outside a build (the
# table's deck, the tests) is the French deck. The layouts' own texts come from their
# overlays (kit.overlay); the texts the code prints go through `P_`, whose message ids are
# English sentences in the same catalogues as the interface's, translated into French there.
_printed: ContextVar[str] = ContextVar("printed_language", default=DEFAULT)


def printed_language() -> str:
    """The language of what is being printed (see `printing`)."""
    return _printed.get()


@contextmanager
def printing(lang: str) -> Iterator[Translator]:
    """Print in `lang` for the block: layouts read their `lang` overlays, `P_` speaks `lang`,
    printed texts get `lang`'s typography."""
    token = _printed.set(translator(lang).lang)
    try:
        yield translator(lang)
    finally:
        _printed.reset(token)


def default_edition() -> str:
    """The edition `kit build` and `kit export` print when --edition does not say: the language
    the usual rule chose for the interface (--lang, KIT_LANG, the locale; French otherwise)."""
    return active().lang


def edition_name(name: str, lang: str) -> str:
    """A file's name in an edition: `phd` in French, the games' own language, `phd-en` in
    English, so both editions built into one folder sit side by side (README.md)."""
    return name if lang == DEFAULT else f"{name}-{lang}"


def printed() -> Translator:
    """The translator of the printed language, for a printed text with a count (ngettext)."""
    return translator(printed_language())


def P_(message: str) -> str:
    """A text the code prints on a piece or a page, in the printed language (its message id
    is the English; the French is the catalogue's, with French typography)."""
    return printed().gettext(message)


def os_reason(error: OSError) -> str:
    """Why the system refused a file, in the active language (the C library's own words,
    strerror, are English whatever the locale says: the other languages get the kit's)."""
    import errno
    if active().lang == "en" and error.strerror:
        return error.strerror
    reasons = {errno.EACCES: N_("permission denied"), errno.EPERM: N_("permission denied"),
               errno.ENOENT: N_("no such file or folder"), errno.ENOTDIR: N_("a part of the path is not a folder"),
               errno.EISDIR: N_("it is a folder"), errno.ENOSPC: N_("no space left on the disk"),
               errno.EROFS: N_("the disk is read-only"), errno.EEXIST: N_("it already exists"),
               errno.ENAMETOOLONG: N_("the name is too long")}
    if error.errno in reasons:
        return _(reasons[error.errno])
    return error.strerror or type(error).__name__


def number(value: float, digits: int | None = None, *, decimals: int | None = None) -> str:
    """A number as the active language writes it: "0,945" in French, "0.945" in English
    (`digits` significant digits, or `decimals` places, when given)."""
    text = f"{value:.{decimals}f}" if decimals is not None else f"{value:.{digits}g}" if digits else f"{value:g}"
    return text.replace(".", ",") if active().lang == "fr" else text


def whole(n: int) -> str:
    """A whole number with its thousands apart: "1 000 000" in French, "1,000,000" in English."""
    return f"{n:,}".replace(",", "\u202f") if active().lang == "fr" else f"{n:,}"


def N_(message: str) -> str:
    """Mark a message for extraction where it is defined, translated later with `_`."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message's two English forms for extraction, one of them chosen by a count where
    it is shown (ngettext)."""
    return singular, plural


# -- matching what people type ------------------------------------------------------------

def folded(text: str) -> str:
    """Text compared the way people type it: case, accents and outer spaces ignored."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def identifier(text: str) -> str:
    """A name as people write it, folded to the form of an id: "Hoc Censeo", "hoc_censeo",
    "Amphithéâtre" -> "hoc-censeo", "hoc-censeo", "amphitheatre"."""
    return re.sub(r"[\s_]+", "-", folded(text))


# The games' option names as French players may write them (folded, see `identifier`).
_OPTION_NAMES = {"chapitres": "chapters", "chapitre": "chapters", "chrono": "timed", "chronometre": "timed",
                 "cible": "target", "objectifs": "objectives"}


def option_name(text: str) -> str:
    """A game option's name as the rules know it, from the way people write it: `Timed`,
    `CHAPITRES`, `chronométré` -> timed, chapters, timed. An unknown name is returned folded,
    for the rules to refuse with the list of the game's options."""
    key = identifier(text)
    return _OPTION_NAMES.get(key, key)


def match_id(text: str, ids: Iterable[str]) -> str | None:
    """The id among ids that text names, however it is written (see `identifier`); None if none."""
    wanted = identifier(text)
    return next((known for known in ids if identifier(known) == wanted), None)
