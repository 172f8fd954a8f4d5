#!/usr/bin/env python3
"""A real corpus card under drawn glare, swept over where it sits and how strong it is:
how often each build reads the MRZ exactly, gives no reading, and reads it valid but
wrong (never allowed).

    python3 bench/glare_sweep.py BENCH [BENCH ...]

Germany's 1987 identity card of ../shared/corpus/mrz (its MRZ's outline from (78, 551) to
(926, 554), 85 px tall, the figures GlareCutBandTests uses) gets a Gaussian of light
centred a third down its MRZ at 0.2–0.9 of its length, of strength 0.7–0.97, spreading
0.15–0.4 of its length along and 0.9 or 1.5 of its height across (210 pictures, written
to a temporary folder).  Each BENCH is an `idreader-bench` binary (`mrz-images`).  Prints
counts only: never an MRZ line.  Run from the repo root.
"""
import itertools
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

CARD = "../shared/corpus/mrz/sa_id-deu-1987"
TOP_LEFT, TOP_RIGHT, HEIGHT = (78, 551), (926, 554), 85.0
POSITIONS = [0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
STRENGTHS = [0.7, 0.8, 0.85, 0.92, 0.97]
ACROSS = [0.9, 1.5]
ALONG = [0.15, 0.25, 0.4]


def glared_pictures(folder):
    """The card under each glare of the sweep, as PNGs in `folder`; their paths."""
    image = np.asarray(Image.open(CARD + ".png").convert("L")).astype(float)
    length = math.hypot(TOP_RIGHT[0] - TOP_LEFT[0], TOP_RIGHT[1] - TOP_LEFT[1])
    ux, uy = (TOP_RIGHT[0] - TOP_LEFT[0]) / length, (TOP_RIGHT[1] - TOP_LEFT[1]) / length
    ys, xs = np.mgrid[0:image.shape[0], 0:image.shape[1]].astype(float)
    paths = []
    for position, strength, across, along in itertools.product(POSITIONS, STRENGTHS, ACROSS, ALONG):
        cx = TOP_LEFT[0] + ux * position * length - uy * 0.3 * HEIGHT
        cy = TOP_LEFT[1] + uy * position * length + ux * 0.3 * HEIGHT
        a = (xs - cx) * ux + (ys - cy) * uy
        b = -(xs - cx) * uy + (ys - cy) * ux
        light = np.exp(-0.5 * ((a / (along * length)) ** 2 + (b / (across * HEIGHT)) ** 2))
        out = np.minimum(255, image + (255 - image) * strength * light).astype(np.uint8)
        path = os.path.join(folder, f"glare-{position}-{strength}-{across}-{along}.png")
        Image.fromarray(out).save(path)
        paths.append(path)
    return paths


def main(benches):
    if not benches:
        sys.exit("usage: python3 bench/glare_sweep.py BENCH [BENCH ...] (idreader-bench binaries)")
    truth = open(CARD + ".txt").read().split()
    with tempfile.TemporaryDirectory() as folder:
        paths = glared_pictures(folder)
        listing = os.path.join(folder, "list.txt")
        with open(listing, "w") as f:
            f.write("\n".join(paths))
        print("| build | pictures | exact | no reading | checks hold, not exact | valid but wrong |")
        print("|---|---|---|---|---|---|")
        for bench in benches:
            out = subprocess.run([bench, "mrz-images", listing], capture_output=True, text=True, check=True).stdout
            rows = [json.loads(line) for line in out.splitlines()]
            exact = sum(r["lines"] == truth for r in rows)
            none = sum(not r["lines"] for r in rows)
            hold = sum(bool(r["lines"]) and r["lines"] != truth and set(r["failedChecks"]) <= {"ocrConfidence"} for r in rows)
            wrong = sum(r["valid"] and r["lines"] != truth for r in rows)
            print(f"| {bench} | {len(rows)} | {exact} | {none} | {hold} | {wrong} |")


if __name__ == "__main__":
    main(sys.argv[1:])
