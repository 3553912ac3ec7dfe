"""What the pages show of PHD (kit/faces.py): its words, whose turn it is, the two tracks."""
from __future__ import annotations

from kit.faces import Faces, View
from kit.i18n import N_, N_plural
from scorekeeper.rules import phd


def whose_turn(view: View) -> str | None:
    """The player whose turn is being played; none once it has ended (the next one's begins)."""
    turn = view.get("turn")
    return turn["player"] if isinstance(turn, dict) and turn.get("stage") != "end" and not view["over"] else None


FACES = Faces(
    words={"pression": N_("Pression"), "credit": N_("Credit"), "pending": N_("Pending"), "approved": N_("Approved"),
           "status": N_("Status"), "playing": N_("playing"), "burnout": N_("burn-out"), "bingo": N_("bingo"),
           "doctor": N_("doctor"), "hand": N_("Cards in hand")},
    top=((N_("Turn"), whose_turn),),
    tracks={"pression": phd.RESOURCE_MAX, "credit": phd.RESOURCE_MAX},
    awaited={"turn": N_plural("their turn", "their turns"), "challenge": N_plural("their Challenge", "their Challenges"),
             "defend": N_plural("their thesis defence", "their thesis defences")},
)
