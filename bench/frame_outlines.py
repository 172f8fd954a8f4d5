#!/usr/bin/env python3
"""The frame view's outline (`DocumentReader.frameView`) against idphoto-gen's `document_quad`,
with the frame state's CPU ms, per tier.

Input: the JSON lines `idreader-bench frame-states LIST` prints for idphoto-gen pictures (each
case's JSON lies beside its picture).  For each tier: the frames, the CPU ms median and p90,
how many have an outline, and how many of those lie within 5 % and 1.5 % of the diagonal
(mean corner distance) and how many frames are `good`.

    ls /tmp/gen/seed-1/dl/*.{png,jpg} > /tmp/frames.txt
    .build/release/idreader-bench frame-states /tmp/frames.txt > /tmp/fs.jsonl
    python3 bench/frame_outlines.py /tmp/fs.jsonl
"""
import json
import sys


def distance(a, b):
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def main(path):
    tiers = {}
    for line in open(path):
        row = json.loads(line)
        with open(row["path"].rsplit(".", 1)[0] + ".json") as f:
            truth = json.load(f)
        quad = truth["document_quad"]
        diagonal = (distance(quad[0], quad[2]) + distance(quad[1], quad[3])) / 2
        error = None if row["outline"] is None else sum(distance(a, b) for a, b in zip(row["outline"], quad)) / 4 / diagonal
        tiers.setdefault(truth["tier"], []).append((row["cpuMs"], error, row["state"]))
    for tier, frames in sorted(tiers.items()):
        ms = sorted(f[0] for f in frames)
        n = len(frames)
        outlined = [f[1] for f in frames if f[1] is not None]
        print(f"{tier}: {n} frames, CPU ms median {ms[n // 2]:.1f} p90 {ms[int(n * 0.9)]:.1f}; outlined {len(outlined)}, "
              f"within 5 % {sum(e <= 0.05 for e in outlined)}, within 1.5 % {sum(e <= 0.015 for e in outlined)}; "
              f"good {sum(f[2] == 'good' for f in frames)}")


if __name__ == "__main__":
    main(sys.argv[1])
