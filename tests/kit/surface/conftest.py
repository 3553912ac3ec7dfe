"""Fixtures for the surface tests (the sample drawing is in tests/helpers/surface_samples.py)."""
from __future__ import annotations

import pytest

from kit.fonts import FILES  # noqa: F401  (the sample fixture below may use it)
from surface_samples import draw_sample  # noqa: F401

@pytest.fixture
def sample():
    return draw_sample
