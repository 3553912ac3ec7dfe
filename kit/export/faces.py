"""The distinct faces and backs of a component, each with its file name.

A design printed in several copies is one image: the copies go in the manifest. A back
shared by the whole component is one image too (`<component>/back.png`); a design
with a back of its own gets `<NNN>-<slug>-back.png` beside its face.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from kit.model import Component, Draw

Side = Literal["face", "back"]


@dataclass(frozen=True)
class Face:
    """One image to draw: a design's face, its own back, or the component's shared back."""

    component: Component
    number: int          # the design's number from 1; 0 for the shared back
    side: Side
    draw: Draw
    label: str           # the layout entry, for error messages
    name: str            # what a player calls it: the card's title
    copies: int          # how many of it the game holds

    @property
    def path(self) -> str:
        """The file's path inside the game's target folder."""
        if self.number == 0:
            return f"{self.component.id}/back.png"
        if self.component.secret:   # its address is in the public object: it names nobody
            return f"{self.component.id}/{self.number:03d}-{self.side}.png"
        return f"{self.component.id}/{self.number:03d}-{slug(self.name)}-{self.side}.png"


_TITLE = re.compile(r"«\s*(.+?)\s*»")


def title(label: str) -> str:
    """The name in a piece's label: the text inside « », else the label itself.

    >>> title("cards[1] « Disque dur en panne »"), title("pi-tokens: 5 PI")
    ('Disque dur en panne', 'pi-tokens: 5 PI')
    """
    match = _TITLE.search(label)
    return match.group(1) if match else label.strip()


def slug(text: str, limit: int = 40) -> str:
    """A file-name-safe ASCII form of a title.

    >>> slug("Pot de thèse d’un collègue"), slug("« Œil » !")
    ('pot-de-these-d-un-collegue', 'oeil')
    """
    text = text.replace("’", " ").replace("'", " ").replace("œ", "oe").replace("Œ", "Oe").replace("æ", "ae").replace("Æ", "Ae")
    ascii_ = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = re.sub(r"[^a-z0-9]+", "-", ascii_.lower()).strip("-")
    return (words[:limit].rstrip("-") or "piece")


def faces(component: Component, *, backs: bool = True) -> list[Face]:
    """Every distinct image of a component in print order: each design's face (and its own
    back), then the shared back. Designs with 0 copies are left out."""
    out: list[Face] = []
    shared_copies = 0
    for number, piece in enumerate(component.pieces, start=1):
        if piece.copies <= 0:
            continue
        name = title(piece.label).removeprefix(f"{component.id}: ")
        out.append(Face(component, number, "face", piece.front, piece.label, name, piece.copies))
        if not backs:
            continue
        if piece.back is not None:
            out.append(Face(component, number, "back", piece.back, piece.label, name, piece.copies))
        elif component.back is not None:
            shared_copies += piece.copies
    if shared_copies and component.back is not None:
        out.append(Face(component, 0, "back", component.back, f"{component.id}: back", "back", shared_copies))
    return out
