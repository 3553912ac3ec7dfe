"""Fixtures for the surface tests (the sample drawing is in tests/helpers/surface_samples.py)."""
from __future__ import annotations

import pytest
from surface_samples import draw_sample  # noqa: F401

from kit.fonts import FILES  # noqa: F401  (the sample fixture below may use it)


@pytest.fixture
def sample():
    return draw_sample
