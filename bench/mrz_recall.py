#!/usr/bin/env python3
"""The recall of `valid`: of the pictures read exactly whose printed check digits hold, how
many are marked valid; and how many are valid but wrong.

    python3 bench/mrz_recall.py [SET ...] [--glyph-folds DIR]

SETs are bench/mrz_read.py's (default: the real corpus).  Reads with `idreader-bench
mrz-images` (IDREADER_BENCH: another build; --glyph-folds DIR: the glyph classifier's fold
models, each corpus picture read by the one not trained on it, bench/mrz_read.py).  A
reading that equals the expected lines and fails no check but `ocrConfidence` is one a
reader could prove; those left uncertain are the recall cost.  Images are named only by file (no MRZ text is printed).
Run from the repo root.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mrz_read  # noqa: E402  (the sets and their truths)


def main():
    sets = mrz_read.wanted_sets(sys.argv[1:])
    print("| set | images | exact | exact, checks hold | of those valid | valid but wrong |")
    print("|---|---|---|---|---|---|")
    for name, items in sets:
        rows = mrz_read.bench_rows(items, "mrz-images")
        exact = [r["lines"] == e for (_, e), r in zip(items, rows)]
        # every check holds but the reader's own doubt (`ocrConfidence`)
        provable = [x and set(r["failedChecks"]) <= {"ocrConfidence"} for x, r in zip(exact, rows)]
        valid = [p and r["valid"] for p, r in zip(provable, rows)]
        wrong = sum(r["valid"] and not x for x, r in zip(exact, rows))
        print(f"| {name} | {len(items)} | {sum(exact)} | {sum(provable)} | {sum(valid)} | {wrong} |")
        for (path, _), p, v in zip(items, provable, valid):
            if p and not v:
                print(f"  uncertain: {os.path.basename(path)}")


if __name__ == "__main__":
    main()
