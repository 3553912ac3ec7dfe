"""Fixtures shared with the scorekeeper tests; helpers in tests/helpers/score_cli.py."""
from score_cli import hoc, kit, new_session  # noqa: F401  (fixtures)
