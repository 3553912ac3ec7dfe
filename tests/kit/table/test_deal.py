"""`kit score new FILE hoc-censeo --deal` (issue 24): the tribes dealt at random, kept in the
header, named on no shared screen; each player reads their own on their seat's page or with
`show --as NAME`, never another's."""
from __future__ import annotations

import json
from pathlib import Path

from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper.rules.hoc_censeo import TRIBES

NAMES = ("Alice", "Bob", "Chloé")
SHOWN = {"titienses": "Titienses", "ramnes": "Ramnes", "luceres": "Luceres"}


def dealt(kit, path: Path):
    return kit("score", "new", path, "hoc-censeo", *[a for n in NAMES for a in ("--player", n)], "--deal")


def roles(path: Path) -> dict[str, str]:
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    return {p["name"]: p["role"] for p in header["players"]}


def test_the_deal_gives_each_player_one_tribe_at_random_and_the_terminal_names_none(kit, tmp_path):
    seen = set()
    for number in range(30):
        path = tmp_path / f"senate-{number}.jsonl"
        result = dealt(kit, path)
        assert result.exit_code == 0, result.output
        assert sorted(roles(path).values()) == sorted(TRIBES)
        assert not any(word in result.output.lower() for word in TRIBES), result.output
        assert f"kit score show {path} --as NAME" in result.output
        seen.add(tuple(roles(path).values()))
    assert len(seen) > 1   # 30 deals all alike: a chance of 6 ** -29


def test_each_player_reads_only_their_own_tribe(kit, tmp_path):
    path = tmp_path / "senate.jsonl"
    assert dealt(kit, path).exit_code == 0
    held = roles(path)
    public = kit("score", "show", path)
    assert not any(SHOWN[t] in public.output for t in TRIBES)
    with TestClient(create_app(path)) as client:
        tokens = client.app.state.table.tokens["seats"]
        assert not any(SHOWN[t] in client.get("/?lang=en").text for t in TRIBES)
        for name in NAMES:
            mine = SHOWN[held[name]]
            others = [SHOWN[held[other]] for other in NAMES if other != name]
            shown = kit("score", "show", path, "--as", name).output
            page = client.get(f"/seat/{tokens[name]}?lang=en").text
            seat = json.dumps(client.get(f"/api/seat/{tokens[name]}").json())
            for text in (shown, page):
                assert mine in text, (name, text)
                assert not any(other in text for other in others), (name, text)
            assert held[name] in seat
            assert not any(held[o] in seat for o in NAMES if o != name)


def test_the_deal_refuses_named_tribes_and_games_without_secret_roles(kit, tmp_path):
    named = kit("score", "new", tmp_path / "a.jsonl", "hoc-censeo", "--player", "Alice:ramnes",
                "--player", "Bob", "--player", "Chloé", "--deal")
    assert named.exit_code == 2
    assert "Alice has one" in named.output
    phd = kit("score", "new", tmp_path / "b.jsonl", "phd", "--player", "Ana", "--player", "Ben", "--deal")
    assert phd.exit_code == 2
    assert "no secret roles to deal" in phd.output
    assert not (tmp_path / "a.jsonl").exists()
    assert not (tmp_path / "b.jsonl").exists()
