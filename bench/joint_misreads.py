#!/usr/bin/env python3
"""How often the LSTM's first view and the glyph classifier misread one cell, and alike.

    python3 bench/joint_misreads.py [SET ...] [--glyph-folds DIR]

SETs are bench/mrz_read.py's (default: the real corpus; idphoto-clean, idphoto-mild,
idphoto-hard at IDPHOTO_SEED).  Reads with `idreader-bench joint-cells` (IDREADER_BENCH:
another build): the reader's own cells of each line it read to the expected lines' number
and lengths, the first view fitted to the length before the vote, the classifier's cells
as the vote aligned them.  Per set: the cells the LSTM misreads, the classifier misreads,
both, and both TO THE SAME character; of the LSTM's misreadings, the share the classifier
reads alike (the conditional rate `GlyphChannelSimulator` draws,
`MeasuredGlyphChannel.jointMisreadings`), with the LSTM's confidence for the truth and the
classifier's probability there.  Prints counts and character pairs only: never a line or
a field's value.  Run from the repo root.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mrz_read  # noqa: E402  (the sets and their truths)

# the classifier's probability from which its reading is confident (`CellVote.opinion`,
# `TwoViewAgreement.margin`)
CONFIDENT = 0.9
# the LSTM's candidate floor for a look-alike, and its close runner-up
# (`CellEvidence.lookAlikeFloor`, `closeRunnerUp`)
FLOOR, CLOSE = 20, 40


def joint_rows(items, weights=None):
    """`idreader-bench joint-cells` over the items' images: one JSON object per line.  The
    bench reads each image's truth from the `.txt` beside it; idphoto-gen's pages keep
    theirs in JSON, so a generated page without one gets it written (bench/out only)."""
    for path, expected in items:
        truth = os.path.splitext(path)[0] + ".txt"
        if not os.path.exists(truth) and os.path.abspath(path).startswith(os.path.abspath(mrz_read.OUT) + os.sep):
            with open(truth, "w") as f:
                f.write("\n".join(expected) + "\n")
    return mrz_read.bench_output([path for path, _ in items], "joint-cells", weights)


def joint_rows_by_weights(items):
    """`joint_rows` of the items, each read with its glyph weights (`--glyph-folds`)."""
    groups = collections.defaultdict(list)
    for path, expected in items:
        groups[mrz_read.glyph_weights(path, expected)].append((path, expected))
    return [row for weights, group in groups.items() for row in joint_rows(group, weights)]


def truth_band(confidence):
    """Where the LSTM's first view put the true character of a cell it misread."""
    if confidence is None:
        return "not listed"
    if confidence < FLOOR:
        return f"listed < {FLOOR}"
    if confidence < CLOSE:
        return f"listed {FLOOR}-{CLOSE - 1}"
    return f"listed >= {CLOSE}"


def report(name, rows):
    lines = [r for r in rows if r["cells"] is not None]
    cells = sum(r["cells"] for r in lines)
    odd = [c for r in lines for c in r["misread"]]
    lstm = [c for c in odd if c[1] != c[0]]
    clf = [c for c in odd if c[4] != c[0]]
    both = [c for c in lstm if c[4] != c[0]]
    alike = [c for c in both if c[4] == c[1]]
    print(f"## {name}: {len(lines)} lines measured ({len(rows) - len(lines)} pictures or lines not), {cells} cells")
    print(f"  LSTM first view misreads {len(lstm)}, classifier misreads {len(clf)} "
          f"({sum(c[5] >= CONFIDENT for c in clf)} at >= {CONFIDENT}), both {len(both)}, both to the same character {len(alike)}")
    if cells:
        # cells × both rates
        print(f"  both misread as two independent readers of those rates would: {len(lstm) * len(clf) / cells:.2f} cells")
    if lstm:
        print(f"  of the LSTM's misreadings, the classifier reads alike {len(alike)}/{len(lstm)} = {len(alike) / len(lstm):.3f}"
              f" ({sum(c[5] >= CONFIDENT for c in alike)} at >= {CONFIDENT}); reads the truth {sum(c[4] == c[0] for c in lstm)}")
    bands = collections.Counter(truth_band(c[3]) for c in lstm)
    alike_bands = collections.Counter(truth_band(c[3]) for c in alike)
    for band in ("not listed", f"listed < {FLOOR}", f"listed {FLOOR}-{CLOSE - 1}", f"listed >= {CLOSE}"):
        print(f"    LSTM's truth {band}: {bands[band]} misreadings, classifier alike in {alike_bands[band]}")
    for c in sorted(both, key=lambda c: (c[4] != c[1], c[0], c[1])):
        truth_listed = "not listed" if c[3] is None else f"{c[3]:.0f}"
        runner = f", runner-up {c[6]} {c[7]:.3f}" if c[7] > 0 else ""
        print(f"    {'alike' if c[4] == c[1] else 'other'}: {c[0]} read {c[1]} by the LSTM ({c[2]:.0f}; truth {truth_listed}), "
              f"{c[4]} by the classifier ({c[5]:.4f}{runner})")
    print(f"  LSTM misreadings by pair: {dict(collections.Counter(c[0] + '>' + c[1] for c in lstm).most_common(12))}")
    print()


def main():
    for name, items in mrz_read.wanted_sets(sys.argv[1:]):
        report(name, joint_rows_by_weights(items))


if __name__ == "__main__":
    main()
