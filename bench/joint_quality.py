#!/usr/bin/env python3
"""How often the LSTM's first view and the glyph classifier misread one cell alike, by the
band's quality: its glyph height in input pixels and its edge width (blur).

    python3 bench/joint_quality.py [SET ...] [--with-shifted] [--glyph-folds DIR]

SETs are bench/mrz_read.py's (default: the real corpus; idphoto-hard at IDPHOTO_SEED).
Reads with `idreader-bench joint-cells` (IDREADER_BENCH: another build; it must print
the band's `glyphHeight` and `edgeWidth`, session 30 on) through bench/joint_misreads.py's
`joint_rows`.  Per bucket: pictures and lines measured, cells, the first view's
misreadings, the classifier's, both, both to the same character (alike), what two
independent readers of those rates would give both (first view misreads × classifier
misreads / cells), the share of the first view's misreadings the classifier reads alike
(the rate `GlyphChannelSimulator` draws) and how many pictures those alike cells come
from.  Lines whose first view's cells are shifted against the truth's somewhere (a glyph
dropped or doubled before them: both recognisers then read a neighbour's glyph, which
counts as alike) are counted apart (`--with-shifted` counts them in, as
bench/joint_misreads.py does), with whether the reader could see it: whether the first view
read another number of glyphs than the layout's (`refitted`).  Prints counts and picture names only: never a line or a
field's value.  Run from the repo root.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import joint_misreads  # noqa: E402  (the bench's rows)
import mrz_read  # noqa: E402  (the sets and their truths)

# glyph height buckets, input pixels: (lowest, name)
HEIGHTS = [(0, "< 12 px"), (12, "12-15 px"), (16, "16-19 px"), (20, "20-27 px"), (28, ">= 28 px")]
# edge width buckets, glyph heights (`BandMeasures.edgeWidth`: about 0.1 when sharp)
EDGES = [(0.0, "< 0.12"), (0.12, "0.12-0.15"), (0.15, "0.15-0.20"), (0.20, ">= 0.20")]
# the classifier's probability from which its reading is confident (`CellVote.opinion`)
CONFIDENT = joint_misreads.CONFIDENT


def bucket(value, buckets):
    if value is None:
        return "not measured"
    name = buckets[0][1]
    for lowest, label in buckets:
        if value >= lowest:
            name = label
    return name


def counts(lines):
    """The cell counts of `lines` (rows with cells)."""
    cells = sum(r["cells"] for r in lines)
    lstm = [(r["path"], c) for r in lines for c in r["misread"] if c[1] != c[0]]
    clf = [c for r in lines for c in r["misread"] if c[4] != c[0]]
    both = [(p, c) for p, c in lstm if c[4] != c[0]]
    alike = [(p, c) for p, c in both if c[4] == c[1]]
    return {
        "pictures": len({r["path"] for r in lines}), "lines": len(lines), "cells": cells, "lstm": len(lstm), "clf": len(clf),
        "both": len(both), "alike": len(alike), "alike_sure": sum(c[5] >= CONFIDENT for _, c in alike),
        "independent": len(lstm) * len(clf) / cells if cells else 0.0,
        "alike_pictures": collections.Counter(os.path.basename(p) for p, _ in alike),
    }


def table(name, rows, key, buckets):
    lines = [r for r in rows if r["cells"] is not None]
    print(f"### {name}, by {key}")
    print("| bucket | pictures | lines | cells | first view misreads | classifier misreads | both | alike (>= 0.9) "
          "| independence gives both | alike / first view misreads | pictures with an alike cell |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    order = [label for _, label in buckets] + ["not measured"]
    groups = collections.defaultdict(list)
    for r in lines:
        groups[bucket(r.get(key), buckets)].append(r)
    for label in order + ["all"]:
        group = lines if label == "all" else groups.get(label, [])
        if not group:
            continue
        c = counts(group)
        share = f"{c['alike']}/{c['lstm']} = {c['alike'] / c['lstm']:.3f}" if c["lstm"] else "-"
        top = ", ".join(f"{p} {n}" for p, n in c["alike_pictures"].most_common(3)) if label != "all" else ""
        more = len(c["alike_pictures"]) - 3
        if label != "all" and more > 0:
            top += f" and {more} more"
        print(f"| {label} | {c['pictures']} | {c['lines']} | {c['cells']} | {c['lstm']} | {c['clf']} | {c['both']} | "
              f"{c['alike']} ({c['alike_sure']}) | {c['independent']:.2f} | {share} | {len(c['alike_pictures'])}: {top} |")
    print()


def main():
    with_shifted = "--with-shifted" in sys.argv
    for name, items in mrz_read.wanted_sets([a for a in sys.argv[1:] if a != "--with-shifted"]):
        rows = joint_misreads.joint_rows_by_weights(items)
        unmeasured = len({r["path"] for r in rows if r["cells"] is None})
        shifted = [r for r in rows if r.get("shifted")]
        print(f"## {name}: {len(items)} pictures, {unmeasured} with a line or reading not measured")
        if shifted:
            c = counts(shifted)
            pictures = ", ".join(f"{p} {n}" for p, n in c["alike_pictures"].most_common())
            print(f"lines whose first view is shifted against the truth: {c['lines']} in {c['pictures']} pictures, "
                  f"first view misreads {c['lstm']}, alike {c['alike']} ({pictures}); "
                  + ("counted in below" if with_shifted else "left out below"))
            print()
        print(f"### {name}, by the first view's cells shifted and its length refitted")
        print("| lines | count | cells | first view misreads | classifier misreads | both | alike (>= 0.9) "
              "| independence gives both | pictures with an alike cell |")
        print("|---|---|---|---|---|---|---|---|---|")
        measured = [r for r in rows if r["cells"] is not None]
        for label, keep in (("shifted, refitted", lambda r: r.get("shifted") and r.get("refitted")),
                            ("shifted, of the layout's length", lambda r: r.get("shifted") and not r.get("refitted")),
                            ("aligned, refitted", lambda r: not r.get("shifted") and r.get("refitted")),
                            ("aligned, of the layout's length", lambda r: not r.get("shifted") and not r.get("refitted"))):
            group = [r for r in measured if keep(r)]
            if group:
                c = counts(group)
                print(f"| {label} | {c['lines']} | {c['cells']} | {c['lstm']} | {c['clf']} | {c['both']} | {c['alike']} ({c['alike_sure']}) "
                      f"| {c['independent']:.2f} | {len(c['alike_pictures'])} |")
        print()
        if not with_shifted:
            rows = [r for r in rows if not r.get("shifted")]
        table(name, rows, "glyphHeight", HEIGHTS)
        table(name, rows, "edgeWidth", EDGES)


if __name__ == "__main__":
    main()
