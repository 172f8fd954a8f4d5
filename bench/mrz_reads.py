#!/usr/bin/env python3
"""LSTM line reads per picture of the MRZ search (issue 45): first, confirming and refit
views, per picture and on average, with whether the reading is exact and valid.

    [IDREADER_BENCH=BIN] [IDPHOTO_SEED=N] python3 bench/mrz_reads.py [SET ...]   (default: corpus)

One `idreader-bench mrz-stages` (the search's `StepProfile`: `ocrFirstView`,
`ocrConfirmingView`, `ocrRefitView` counts; the layout analysis only where nothing was
read, as the read plan runs it) and one `idreader-bench mrz-images` (the reading) over the
set's pictures (bench/mrz_read.py's sets).  Prints picture names and counts only, never a
reading's lines.  Run from the repo root after `swift build -c release`; from the lead's
/tmp/s32/reads.py (session 32).
"""
import collections
import json
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mrz_read  # noqa: E402  (the sets and their truths)

VIEWS = (("first", "ocrFirstView"), ("confirming", "ocrConfirmingView"), ("refit", "ocrRefitView"))


def bench(command, paths):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(paths) + "\n")
    try:
        out = subprocess.run([mrz_read.BENCH, command, f.name], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def main():
    wanted = sys.argv[1:] or ["corpus"]
    mrz_read.prepare(wanted)
    sets = mrz_read.cases()
    for name in wanted:
        items = sets[name]
        paths = [p for p, _ in items]
        stages, images = bench("mrz-stages", paths), bench("mrz-images", paths)
        totals, reads = collections.Counter(), []
        for (path, truth), stage, image in zip(items, stages, images):
            counts = {view: stage["steps"].get(step, [0, 0])[1] for view, step in VIEWS}
            totals.update(counts)
            reads.append(sum(counts.values()))
            print(f"{os.path.basename(path):32s} " + " ".join(f"{v} {counts[v]:2d}" for v, _ in VIEWS)
                  + f"  exact {int(image['lines'] == truth)} valid {int(bool(image['valid']))}")
        n = max(1, len(items))
        print(f"{name}: {len(items)} pictures, LSTM line reads a picture: mean {sum(reads) / n:.2f} ("
              + " + ".join(f"{v} {totals[v] / n:.2f}" for v, _ in VIEWS)
              + f"), median {statistics.median(reads) if reads else 0}")


if __name__ == "__main__":
    main()
