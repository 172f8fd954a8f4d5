#!/usr/bin/env python3
"""What the MRZ pictures a build does not read exactly miss, per set (issue 32).

    python3 bench/mrz_misses.py [SET ...]        (IDPHOTO_SEED picks idphoto-gen's seed)

Each picture not read exactly is one of: no reading at all (no band was read: the
recogniser never saw the line), a line whose characters stand a glyph along (its edit
distance to the truth is below its count of differing positions: a glyph dropped, doubled
or outside the band's box), or characters misread in place.  The ceiling is the share a
reader with every character right would read: the pictures with a reading.  SETs are
bench/mrz_read.py's (default: the corpus and idphoto-gen's hard tier).  IDREADER_BENCH
measures another idreader-bench binary.  Run from the repo root after
`swift build -c release --product idreader-bench`.

For idphoto-gen's sets a second table splits the pictures by the glare over their MRZ
(`render.glare.max_over_target` in each case's JSON; idphoto-gen's README expects 0.8 and
more to be unreadable), the cause that most separates read from unread hard pages.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mrz_read  # noqa: E402  (the sets and their truths)


def edit_distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def kind(expected, read):
    """'none', 'shifted' or 'misread' for a picture not read exactly."""
    if not read or len(read) != len(expected):
        return "none"
    for truth, line in zip(expected, read):
        differing = sum(x != y for x, y in zip(truth, line)) + abs(len(truth) - len(line))
        if edit_distance(truth, line) < differing:
            return "shifted"
    return "misread"


GLARE_BINS = ((None, "none"), (0.5, "under 0.5"), (0.7, "0.5-0.7"), (0.8, "0.7-0.8"), (float("inf"), "0.8 or more"))


def glare_over_mrz(image):
    """idphoto-gen's glare over the MRZ of the case drawn as `image`, or None without glare."""
    case = json.load(open(os.path.splitext(image)[0] + ".json"))
    return (case["render"].get("glare") or {}).get("max_over_target")


def glare_bin(glare):
    if glare is None:
        return "none"
    return next(label for limit, label in GLARE_BINS[1:] if glare < limit)


def print_by_glare(label, outcomes):
    """outcomes: (glare over the MRZ, 'exact' / 'none' / 'shifted' / 'misread') per picture."""
    print(f"\n{label} by glare over the MRZ:\n")
    print("| glare over the MRZ | images | exact | no reading |")
    print("|---|---|---|---|")
    for _, name in GLARE_BINS:
        rows = [k for g, k in outcomes if glare_bin(g) == name]
        if rows:
            print(f"| {name} | {len(rows)} | {rows.count('exact')} | {rows.count('none')} |")


def main():
    wanted = sys.argv[1:] or ["corpus", "idphoto-hard"]
    if any(w.startswith("idphoto") for w in wanted):
        mrz_read.generate_idphoto()
    print("| set | images | exact | no reading | a line shifted | misread in place | ceiling with every character right |")
    print("|---|---|---|---|---|---|---|")
    by_glare = []
    for name, items in mrz_read.cases().items():
        if name not in wanted or not items:
            continue
        counts = {"exact": 0, "none": 0, "shifted": 0, "misread": 0}
        outcomes = []
        for (image, expected), row in zip(items, mrz_read.bench_rows(items, "read-images")):
            read = row["lines"]
            outcome = "exact" if read == expected else kind(expected, read)
            counts[outcome] += 1
            if name.startswith("idphoto"):
                outcomes.append((glare_over_mrz(image), outcome))
        n = len(items)
        label = f"{name} (seed {mrz_read.IDPHOTO_SEED})" if name.startswith("idphoto") else name
        print(f"| {label} | {n} | {counts['exact']} | {counts['none']} | {counts['shifted']} | {counts['misread']} | "
              f"{(n - counts['none']) / n:.0%} |", flush=True)
        by_glare.append((label, outcomes))
    for label, outcomes in by_glare:
        if outcomes:
            print_by_glare(label, outcomes)


if __name__ == "__main__":
    main()
