"""Start or complete a language's overlays of a game (kit.overlay): every text the game's kit
prints and the overlay lacks, with the French beside it as a comment.

    python tools/overlay.py phd en        # writes layouts/phd/en/<file>.yaml for each file
                                          # without an overlay; prints what is missing from
                                          # the overlays that exist, to paste into them

Each missing text is written empty (`title:`), its French in the comment above it: a
translator writes the English after the colon. Until every one is written, `kit build --lang
en` stops at the first empty one, naming the file, the entry and the field.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tree(found: list[tuple[tuple, object]]) -> dict:
    """The overlay's shape from the paths of its missing texts: mappings, lists as {index: ...}."""
    from kit.overlay import EMPTY
    root: dict = {}
    for path, french in found:
        node = root
        for key in path[:-1]:
            node = node.setdefault(key, {})
        if french is EMPTY:
            node.setdefault(path[-1], {})
        else:
            node[path[-1]] = french
    return root


def emit(node: dict, indent: int = 0) -> list[str]:
    pad = " " * indent
    lines = []
    for key, value in node.items():
        head = f"{pad}- " if isinstance(key, int) else f"{pad}{key}:"
        if isinstance(value, dict) and not value:
            lines.append(f"{pad}- {{}}" if isinstance(key, int) else f"{pad}{key}: {{}}")
        elif isinstance(value, dict):
            if isinstance(key, int):
                inner = emit(value, indent + 2)
                lines.append(head + inner[0].lstrip() if not inner[0].lstrip().startswith("#") else head.rstrip())
                lines.extend(inner[1:] if not inner[0].lstrip().startswith("#") else inner)
            else:
                lines.append(head)
                lines.extend(emit(value, indent + 2))
        else:
            french = " ".join(str(value).split())
            lines.append(f"{pad}# fr: {french}")
            lines.append(head.rstrip())
    return lines


def main(game: str, lang: str) -> int:
    sys.path.insert(0, str(ROOT))
    from kit.build import BuildOptions, draw_document, load_kits, plan
    from kit.i18n import printing
    from kit.overlay import collecting
    from kit.surface import make_surface

    layouts = ROOT / "layouts"
    with printing(lang), collecting() as found:
        for game_kit in load_kits([game], layouts):
            # the whole document drawn, so every file it reads is read
            draw_document(make_surface("pdf", greyscale=False), plan(game_kit, BuildOptions(lang=lang), layouts))
    if not found:
        print(f"{game}: every printed text has its {lang} overlay")
    for file, missing in found.items():
        lines = emit(tree(missing))
        if file.exists():
            print(f"# {file.relative_to(ROOT)} lacks (paste under the same keys):")
            print("\n".join(lines))
        else:
            file.parent.mkdir(parents=True, exist_ok=True)
            header = [f"# {game}: the {lang} texts of ../{file.name} (kit.overlay; see layouts/TRANSLATING.md)."]
            file.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
            print(f"wrote {file.relative_to(ROOT)} ({len(missing)} texts to translate)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
