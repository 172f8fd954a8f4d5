#!/usr/bin/env python3
"""Draws the real corpus's portraits on contact sheets, to be judged by eye (issue 47).

Reads every picture of ../shared/corpus/mrz with `idreader read --only mrz --crop DIR`,
then lays out, per document read, its straightened page with the portrait's box drawn
(violet) or "no portrait", a dozen documents a sheet, and prints one line per document:
its name, format and whether a portrait was reported.  Compare the sheets with the
verdicts of bench/portrait_corpus_by_eye.txt (right / wrong / missed / none on this side).

    IDREADER=.build/release/idreader python3 bench/portrait_sheet.py OUTDIR

Writes OUTDIR/crops/ and OUTDIR/sheet-N.png; nothing into the repository.  SHEET_REUSE=1
draws the sheets again from the last read (OUTDIR/crops/read.json).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
CORPUS = (ROOT / ".." / "shared" / "corpus" / "mrz").resolve()
TILE = 480  # width of one page on a sheet, px
PER_SHEET = 12


def read(idreader: str, crops: Path) -> list:
    """The read's JSON, kept as crops/read.json; SHEET_REUSE=1 draws again from it."""
    kept = crops / "read.json"
    if os.environ.get("SHEET_REUSE") == "1" and kept.exists():
        return json.loads(kept.read_text())
    pictures = sorted(str(p) for p in CORPUS.iterdir() if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    run = subprocess.run(
        [idreader, "read", "--only", "mrz", "--crop", str(crops), *pictures], capture_output=True, text=True, check=False
    )
    kept.write_text(run.stdout)
    return json.loads(run.stdout)


def portrait_box(location: dict, page: Image.Image) -> tuple | None:
    """The portrait's box in the straightened page's pixels, from the page's outline (a
    homography fitted to its four corners) and the portrait's corners in the picture."""
    outline, portrait = location.get("outline"), location.get("portrait")
    if not outline or not portrait:
        return None
    src = np.array(outline["corners"], dtype=float)
    dst = np.array([[0, 0], [page.width, 0], [page.width, page.height], [0, page.height]], dtype=float)
    rows = []
    for (x, y), (u, v) in zip(src, dst):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    h = np.linalg.svd(np.array(rows))[2][-1].reshape(3, 3)
    points = []
    for x, y in portrait["corners"] if isinstance(portrait, dict) else portrait:
        p = h @ np.array([x, y, 1.0])
        points.append((p[0] / p[2], p[1] / p[2]))
    return points


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/portrait-sheet")
    crops = out / "crops"
    crops.mkdir(parents=True, exist_ok=True)
    idreader = os.environ.get("IDREADER", str(ROOT / ".build" / "release" / "idreader"))
    tiles = []
    for entry in read(idreader, crops):
        name = Path(entry["input"]).name
        for document in entry.get("documents", []):
            location = document.get("location") or {}
            path = (location.get("crops") or {}).get("document")
            fmt = (document.get("mrz") or {}).get("format", "?")
            found = location.get("portrait") is not None
            print(f"{name}\t{fmt}\t{'portrait' if found else '-'}")
            if not path:
                continue
            page = Image.open(path).convert("RGB")
            draw = ImageDraw.Draw(page)
            box = portrait_box(location, page)
            if box:
                draw.polygon(box, outline=(160, 40, 220), width=6)
            scale = TILE / page.width
            tile = page.resize((TILE, int(page.height * scale)))
            label = ImageDraw.Draw(tile)
            label.rectangle([0, 0, TILE, 14], fill=(255, 255, 160))
            label.text((3, 1), f"{name} {fmt} {'portrait' if found else 'no portrait'}", fill=(0, 0, 0))
            tiles.append(tile)
    for start in range(0, len(tiles), PER_SHEET):
        group = tiles[start : start + PER_SHEET]
        height = max(t.height for t in group)
        sheet = Image.new("RGB", (3 * TILE, ((len(group) + 2) // 3) * height), "white")
        for i, tile in enumerate(group):
            sheet.paste(tile, ((i % 3) * TILE, (i // 3) * height))
        sheet.save(out / f"sheet-{start // PER_SHEET + 1}.png")


if __name__ == "__main__":
    main()
