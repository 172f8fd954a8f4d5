#!/usr/bin/env python3
"""Where the search looked on idphoto-gen pages that give no MRZ reading at all (issue 44).

    IDPHOTO_SEED=N python3 bench/mrz_unread.py [TIER]     (default tier: hard)

For each page of the tier with no reading (`idreader-bench read-images`: no lines), the
bands the MRZ search read or set aside (`idreader-bench mrz-bands`: `MRZScanner.scan`, every
stage) are compared with the page's true MRZ outline (`mrz_quad` in idphoto-gen's truth): a
band is on the MRZ when the centres of its lines lie inside that outline.  Each page is counted once, by the first
that holds of:
  the MRZ's band read     a band read by the OCR has the MRZ's count of lines, all on it
                          (the lines were found; their reading failed)
  part of the MRZ read    a band read by the OCR has a line on the MRZ, not all its lines
                          (a line lost, or a band half on print beside the MRZ)
  MRZ set aside unread    a band on the MRZ was set aside before the OCR (too short, not
                          at one pitch: the chain stops at glare, touching glyphs)
  only print beside read  the OCR read bands, none on the MRZ (the visual zone's lines)
  nothing found           no band at all
Run from the repo root after `swift build -c release --product idreader-bench`.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mrz_read  # noqa: E402  (the sets, their truths and the bench runner)

KINDS = ["the MRZ's band read", "part of the MRZ read", "MRZ set aside unread", "only print beside read", "nothing found"]


def inside(point, quad):
    """Whether `point` lies inside the convex quadrilateral `quad` (corners in order)."""
    signs = []
    for (ax, ay), (bx, by) in zip(quad, quad[1:] + quad[:1]):
        signs.append((bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax) > 0)
    return all(signs) or not any(signs)


def centre(corners):
    return [sum(c[0] for c in corners) / 4, sum(c[1] for c in corners) / 4]


def kind(bands, quad, line_count):
    def on(band):
        return [inside(centre(line), quad) for line in band["lines"]]

    read = [b for b in bands if b["reason"] in ("read", "noValidReading")]
    if any(len(b["lines"]) == line_count and all(on(b)) for b in read):
        return KINDS[0]
    if any(any(on(b)) for b in read):
        return KINDS[1]
    if any(any(on(b)) for b in bands if b not in read):
        return KINDS[2]
    return KINDS[3] if read else KINDS[4]


def main():
    tier = sys.argv[1] if len(sys.argv) > 1 else "hard"
    mrz_read.generate_idphoto()
    items = mrz_read.idphoto_cases(tier)
    unread = [item for item, row in zip(items, mrz_read.bench_rows(items, "read-images")) if not row["lines"]]
    counts = {k: [] for k in KINDS}
    for (path, expected), row in zip(unread, mrz_read.bench_rows(unread, "mrz-bands")):
        truth = json.load(open(os.path.splitext(path)[0] + ".json"))
        counts[kind(row["bands"], truth["mrz_quad"], len(expected))].append(os.path.basename(path))
    print(f"idphoto-gen {tier}, seed {mrz_read.IDPHOTO_SEED}: {len(unread)} of {len(items)} pages give no reading")
    print("| where the search looked | pages | pages (names) |")
    print("|---|---|---|")
    for k in KINDS:
        print(f"| {k} | {len(counts[k])} | {' '.join(n.replace('mrz_', '').replace('.jpg', '') for n in counts[k])} |")


if __name__ == "__main__":
    main()
