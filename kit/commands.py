"""Attach the command families to the `kit` group: the print side and the score side."""
from __future__ import annotations

import kit.build_cli  # noqa: F401  `kit list`, `kit build`
import kit.score.cli  # noqa: F401  the `kit score` group
