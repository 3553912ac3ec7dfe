"""yaml_file(path): a YAML file the tests read (a scenario, a layout they inspect or edit), as
yaml.safe_load gives it, parsed by libyaml when PyYAML has it, as the kit's own loader does
(kit.schema). PyYAML's pure-Python parser took some 4 % of the suite's time (under the trace
function coverage used before slipcover) to read the same scenarios again and again.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def yaml_file(path: Path) -> Any:
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=_LOADER)
