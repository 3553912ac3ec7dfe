"""The pages as players saw them, mended (issue 34, item 6): each finding a test."""
from __future__ import annotations

from pathlib import Path

import pytest
from serve_helpers import new_hoc
from starlette.testclient import TestClient

from kit.serve.app import create_app


@pytest.fixture
def client(tmp_path: Path):
    with TestClient(create_app(new_hoc(tmp_path / "senate.jsonl"))) as client:
        yield client


def test_the_icon_every_browser_asks_for_is_served(client):
    # every page's first visit asked for /favicon.ico and logged a 404
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"] == "image/x-icon"
    assert icon.content.startswith(b"\x00\x00\x01\x00")     # an ICO file's header
    assert icon.headers["cache-control"] == "no-store"       # the same headers as every answer
