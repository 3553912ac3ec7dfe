"""What the pages show of Promotion (kit/faces.py): its words, whose turn it is, the target
and the reshuffles, each player's PI against the target."""
from __future__ import annotations

from kit.faces import Faces, View, field_of
from kit.i18n import N_, N_plural


def whose_turn(view: View) -> str | None:
    """The player whose turn is being played; none once it has ended (the next one's begins)."""
    turn = view.get("turn")
    return turn["player"] if isinstance(turn, dict) and turn.get("step") != "end" and not view["over"] else None


FACES = Faces(
    words={"pi": N_("PI"), "poste": N_("Poste"), "shielded": N_("Out of the Attaques' reach"),
           "hand": N_("Cards in hand")},
    top=((N_("Turn"), whose_turn), (N_("Target"), field_of("target")), (N_("Reshuffles"), field_of("reshuffles"))),
    tracks={"pi": lambda view: view.get("target")},
    awaited={"turn": N_plural("their turn", "their turns")},
)
