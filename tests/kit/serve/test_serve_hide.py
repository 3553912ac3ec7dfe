"""« Cacher mes secrets » hides every secret: on a seat's page, each of the player's own
secrets (tribe, senators left, ballot, objectives) sits inside a part the button hides
(serve.css: .secrets-hidden hides .secret and .mine-secret)."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest
from serve_helpers import PENDING, ROUND_ONE, SECRETS, new_hoc, numbers_in
from starlette.testclient import TestClient

from kit.serve.app import create_app
from scorekeeper import session as sessions

HIDDEN = {"secret", "mine-secret"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Shown(HTMLParser):
    """The text a page still shows once its secrets are hidden (no SVG drawing, no script)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.stack: list[bool] = []   # per open element: whether it (or an ancestor) is hidden or not read

    def handle_starttag(self, tag, attrs):
        classes = set((dict(attrs).get("class") or "").split())
        quiet = (bool(self.stack) and self.stack[-1]) or bool(classes & HIDDEN) or tag in ("svg", "script", "style")
        if not quiet:
            self.parts += [v for k, v in attrs if k in ("aria-label", "title", "value", "alt") and v]
        if tag not in VOID:
            self.stack.append(quiet)

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]):
            self.parts.append(data)


def shown_when_hidden(html: str) -> str:
    parser = Shown()
    parser.feed(html)
    return " ".join(parser.parts)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name", list(SECRETS))
def test_hiding_my_secrets_leaves_none_of_them_shown(tmp_path, name, lang):
    path = new_hoc(tmp_path / "senate.jsonl")
    sessions.append(path, ROUND_ONE)
    for player, amounts in PENDING.items():
        sessions.append(path, {"action": "ballot", "player": player, **{k: v for k, v in amounts.items() if v}})
    with TestClient(create_app(path)) as client:
        html = client.get(f"/seat/{client.app.state.table.tokens['seats'][name]}?lang={lang}").text
    assert 'id="hide"' in html
    everything = shown_when_hidden(html.replace("mine-secret", "x").replace('class="secret', 'class="x'))
    left = shown_when_hidden(html)
    secret = SECRETS[name]
    assert secret["numbers"] & numbers_in(everything)   # the page does show them before the tap
    assert not secret["numbers"] & numbers_in(left), name
    for text in secret["texts"]:
        assert text.lower() not in left.lower(), (name, text)
