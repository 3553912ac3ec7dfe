"""What the pages show of Amphithéâtre (kit/faces.py): its words, whose turn it is, the
capacity, each player's seats against it."""
from __future__ import annotations

from kit.faces import Faces, View, field_of
from kit.i18n import N_, N_plural


def whose_turn(view: View) -> str | None:
    """The speaker whose move is being played; none once it is done (the next one's begins)."""
    turn = view.get("turn")
    return turn["player"] if isinstance(turn, dict) and turn.get("step") != "done" and not view["over"] else None


FACES = Faces(
    words={"seats": N_("Seats"), "doubt": N_("Doubt"), "row": N_("Row")},
    top=((N_("Turn"), whose_turn), (N_("Capacity"), field_of("capacity"))),
    tracks={"seats": lambda view: view.get("capacity")},
    awaited={"turn": N_plural("their turn to speak", "their turns to speak"),
             "hypothesis": N_plural("their hypothesis", "their hypotheses"),
             "handshake": N_plural("their answer", "their answers"), "counter": N_plural("their answer", "their answers"),
             "join": N_plural("their side in the debate", "their sides in the debate")},
)
