"""Copy the game-icons.net icons the kits use into kit/parts/icons.json, with each one's author.

    npm pack @iconify-json/game-icons            # into a scratch folder, e.g. /tmp
    tar xzf iconify-json-game-icons-*.tgz        # gives package/icons.json
    python tools/icons.py package/icons.json [--authors PATH]

The icons are chosen in layouts/<game>/icons.yaml, where a designer names them as
game-icons.net does (https://game-icons.net, the name at the end of an icon's address):
every icon named there, and only those, is written to kit/parts/icons.json as path data
the surface draws (absolute M, L, C and Z only, in the set's 512-unit square), so the
kit never needs the npm package, only this small file.

The icons are CC BY 3.0, and their authors must be named; the iconify package names only
the set ("GameIcons"). game-icons.net keeps each author's icons in a folder of their own
(https://github.com/game-icons/icons: lorc/gavel.svg, delapouite/coffee-cup.svg), and
--authors PATH reads the authors from a checkout of that repository (a work tree or a
bare git folder): an icon's author is its folder, written as the repository's license.txt
writes the name, and an icon name two authors share is told apart by its path data.
Without --authors, the authors already in kit/parts/icons.json are kept, and an icon new
to the file without an author is an error.
"""
from __future__ import annotations

import argparse
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "kit" / "parts" / "icons.json"
LAYOUTS = ROOT / "layouts"
SIZE = 512
LICENCE = {"name": "CC BY 3.0", "url": "https://creativecommons.org/licenses/by/3.0/"}
SOURCE = "game-icons.net, from the npm package @iconify-json/game-icons"
NOT_AUTHORS = {"badges"}  # folders of the repository that hold variants, not an author's icons


# --- which icons --------------------------------------------------------------------------
def chosen(layouts: Path = LAYOUTS) -> dict[str, list[str]]:
    """Icon name -> the games whose layouts/<game>/icons.yaml names it."""
    found: dict[str, list[str]] = {}

    def walk(value, game: str) -> None:
        if isinstance(value, str):
            found.setdefault(value, [])
            if game not in found[value]:
                found[value].append(game)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v, game)
        elif isinstance(value, list):
            for v in value:
                walk(v, game)

    for path in sorted(layouts.glob("*/icons.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")) or {}, path.parent.name)
    return dict(sorted(found.items()))


# --- SVG path data to M, L, C, Z ----------------------------------------------------------
_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _arc(x1, y1, rx, ry, phi, large, sweep, x2, y2) -> list[tuple[float, ...]]:
    """An SVG elliptical arc as cubic Beziers (each at most 90 degrees), per the SVG spec's
    endpoint-to-centre conversion (F.6.5)."""
    if rx == 0 or ry == 0 or (x1 == x2 and y1 == y2):
        return [(x1, y1, x2, y2, x2, y2)]
    rx, ry = abs(rx), abs(ry)
    c, s = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = c * dx + s * dy, -s * dx + c * dy
    lam = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    k = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    cx, cy = c * cxp - s * cyp + (x1 + x2) / 2, s * cxp + c * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy) -> float:
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    dt = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / n
    t = 4 / 3 * math.tan(step / 4)
    out = []

    def point(a: float) -> tuple[float, float]:
        return (cx + rx * math.cos(a) * c - ry * math.sin(a) * s, cy + rx * math.cos(a) * s + ry * math.sin(a) * c)

    def deriv(a: float) -> tuple[float, float]:
        return (-rx * math.sin(a) * c - ry * math.cos(a) * s, -rx * math.sin(a) * s + ry * math.cos(a) * c)

    a0 = t1
    for _ in range(n):
        a1 = a0 + step
        p0, p1 = point(a0), point(a1)
        d0, d1 = deriv(a0), deriv(a1)
        out.append((p0[0] + t * d0[0], p0[1] + t * d0[1], p1[0] - t * d1[0], p1[1] - t * d1[1], p1[0], p1[1]))
        a0 = a1
    out[-1] = out[-1][:4] + (x2, y2)
    return out


def normalise(d: str) -> list[tuple[str, tuple[float, ...]]]:
    """SVG path data -> absolute ("M"|"L"|"C"|"Z", numbers) segments."""
    tokens = _TOKEN.findall(d)
    out: list[tuple[str, tuple[float, ...]]] = []
    i, command = 0, ""
    x = y = sx = sy = 0.0
    last_c: tuple[float, float] | None = None  # the previous cubic's second control point
    last_q: tuple[float, float] | None = None
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                out.append(("Z", ()))
                x, y = sx, sy
                last_c = last_q = None
                continue
        elif not command:
            raise ValueError(f"path data starts with a number: {d[:40]!r}")
        upper = command.upper()
        n = _ARGS[upper]
        args = [float(v) for v in tokens[i:i + n]]
        if len(args) < n:
            raise ValueError(f"path data ends in the middle of a {command}: {d[-40:]!r}")
        i += n
        rel = command.islower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if upper == "M":
            x, y = args[0] + ox, args[1] + oy
            sx, sy = x, y
            out.append(("M", (x, y)))
            command = "l" if rel else "L"  # further pairs are lines
            last_c = last_q = None
            continue
        if upper in "LHV":
            if upper == "L":
                x, y = args[0] + ox, args[1] + oy
            elif upper == "H":
                x = args[0] + ox
            else:
                y = args[0] + oy
            out.append(("L", (x, y)))
            last_c = last_q = None
        elif upper in "CS":
            if upper == "C":
                c1 = (args[0] + ox, args[1] + oy)
                c2, end = (args[2] + ox, args[3] + oy), (args[4] + ox, args[5] + oy)
            else:
                c1 = (2 * x - last_c[0], 2 * y - last_c[1]) if last_c else (x, y)
                c2, end = (args[0] + ox, args[1] + oy), (args[2] + ox, args[3] + oy)
            out.append(("C", (*c1, *c2, *end)))
            last_c, last_q = c2, None
            x, y = end
        elif upper in "QT":
            if upper == "Q":
                q, end = (args[0] + ox, args[1] + oy), (args[2] + ox, args[3] + oy)
            else:
                q = (2 * x - last_q[0], 2 * y - last_q[1]) if last_q else (x, y)
                end = (args[0] + ox, args[1] + oy)
            c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))
            c2 = (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]))
            out.append(("C", (*c1, *c2, *end)))
            last_q, last_c = q, None
            x, y = end
        else:  # A
            end = (args[5] + ox, args[6] + oy)
            for curve in _arc(x, y, args[0], args[1], args[2], int(args[3]), int(args[4]), *end):
                out.append(("C", curve))
            x, y = end
            last_c = last_q = None
    return out


def compact(segments: list[tuple[str, tuple[float, ...]]]) -> str:
    """Segments as path data of M, L, C, Z with 0.1-unit numbers (0.004 mm on a 20 mm icon)."""
    def n(v: float) -> str:
        text = f"{v:.1f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return "".join(command + " ".join(n(v) for v in values) for command, values in segments)


def body_path(body: str) -> str:
    """The path data of an iconify icon body (one or more <path d="...">)."""
    paths = re.findall(r'<path[^>]*\sd="([^"]+)"', body)
    if not paths or re.search(r"<(?!path|/path)(\w+)", body):
        raise ValueError(f"an icon body this script does not read: {body[:80]!r}")
    return " ".join(paths)


# --- authors ------------------------------------------------------------------------------
class Authors:
    """An icon's author from a checkout of github.com/game-icons/icons (work tree or bare)."""

    def __init__(self, path: Path):
        self.path = path
        self.bare = not (path / "license.txt").exists()
        files = self._files()
        self.folders: dict[str, list[str]] = {}
        for file in files:
            parts = file.split("/")
            if file.endswith(".svg") and len(parts) == 2 and parts[0] not in NOT_AUTHORS:
                self.folders.setdefault(parts[1][:-4], []).append(parts[0])
        self.names = self._names(self._read("license.txt"))

    def _files(self) -> list[str]:
        if self.bare:
            out = subprocess.run(["git", "--git-dir", str(self.path), "ls-tree", "-r", "--name-only", "HEAD"],
                                 check=True, capture_output=True, text=True).stdout
            return out.splitlines()
        return [p.relative_to(self.path).as_posix() for p in self.path.rglob("*.svg")]

    def _read(self, name: str) -> str:
        if self.bare:
            return subprocess.run(["git", "--git-dir", str(self.path), "show", f"HEAD:{name}"],
                                  check=True, capture_output=True, text=True).stdout
        return (self.path / name).read_text(encoding="utf-8")

    @staticmethod
    def _names(licence: str) -> dict[str, str]:
        """folder -> the author's name as license.txt writes it ("- Lord Berandas, http://...")."""
        names = {}
        for line in licence.splitlines():
            m = re.match(r"-\s+([^,]+?)(?:,|\s+-\s+CC0|$)", line.strip())
            if m:
                names[re.sub(r"[^a-z0-9]", "", m.group(1).lower())] = m.group(1).strip()
        return names

    def _icon_path(self, name: str) -> str:
        """The path data of one of the repository's SVGs, without its black background square."""
        paths = re.findall(r'<path[^>]*\sd="([^"]+)"', self._read(name))
        return " ".join(d for d in paths if d != "M0 0h512v512H0z")

    def author(self, icon: str, path_data: str) -> str:
        folders = self.folders.get(icon, [])
        if len(folders) > 1:
            def start(data: str) -> str:
                return " ".join(_TOKEN.findall(data)[:3])
            folders = [f for f in folders if start(self._icon_path(f"{f}/{icon}.svg")) == start(path_data)] or folders
        if len(folders) != 1:
            raise SystemExit(f"icon {icon!r}: authors {folders or 'none'} in {self.path}; name it in kit/parts/icons.json")
        folder = folders[0]
        return self.names.get(folder.replace("-", ""), folder.replace("-", " ").title())


# --- main ---------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("icons_json", type=Path, help="the icons.json of @iconify-json/game-icons")
    parser.add_argument("--authors", type=Path, help="a checkout of github.com/game-icons/icons")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)

    package = json.loads(args.icons_json.read_text(encoding="utf-8"))
    if package.get("prefix") != "game-icons":
        raise SystemExit(f"{args.icons_json} is not the game-icons set (prefix {package.get('prefix')!r})")
    size = package.get("width", 16)
    if size != SIZE or package.get("height", 16) != SIZE:
        raise SystemExit(f"the set's icons are {size} units wide; this script expects {SIZE}")
    aliases = package.get("aliases", {})
    old = json.loads(args.out.read_text(encoding="utf-8"))["icons"] if args.out.exists() else {}
    authors = Authors(args.authors) if args.authors else None

    icons = {}
    for name, games in chosen().items():
        found = package["icons"].get(name) or package["icons"].get(aliases.get(name, {}).get("parent", ""))
        if found is None:
            raise SystemExit(f"icon {name!r} (layouts/{games[0]}/icons.yaml) is not in the game-icons set")
        original = body_path(found["body"])
        if authors:
            author = authors.author(name, original)
        elif name in old:
            author = old[name]["author"]
        else:
            raise SystemExit(f"icon {name!r} is new: give --authors, a checkout of github.com/game-icons/icons")
        icons[name] = {"author": author, "path": compact(normalise(original))}

    data = {
        "source": SOURCE,
        "licence": LICENCE,
        "size": SIZE,
        "icons": icons,
    }
    args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(icons)} icons written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
