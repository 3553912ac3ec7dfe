"""Print-and-play kit generator and table scorekeeper for four French paper games."""

__version__ = "0.1.0"
