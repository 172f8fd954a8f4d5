#!/usr/bin/env python3
"""A frame's state at 1920×1080: CPU time per row, and the states of two builds compared.

    python3 bench/frame_states.py [--runs N] [--seeds S ...] BENCH [BENCH ...]

Every frame (5 a case) of bench/frames_consensus.py's mild and hard cases at each seed
(default 31 32 33; generated as that script does) is brought to 1920×1080 as it brings
them (grey, bilinear) into bench/out/frames/hd-all/SEED/.  Each BENCH (an
`idreader-bench` build) runs `frame-states` on them N times (default 3), the builds
alternating, so a load on the machine falls on all of them alike.  Printed: per build,
family (MRZ, licence) and tier, the median and p90 of each frame's least CPU ms over the
runs at the first seed; and how many frames' states differ from the first build's at
every seed (each such frame listed).  Run from the repo root.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import frames_consensus as fc  # noqa: E402


def hd_frames(seed):
    """Paths of every mild and hard frame at `seed`, resized to 1920×1080 once."""
    from PIL import Image
    d = os.path.join(fc.OUT, "hd-all", str(seed))
    os.makedirs(d, exist_ok=True)
    paths = []
    for _, frames in fc.cases(fc.generate(seed)):
        for frame in frames:
            out = os.path.join(d, os.path.basename(frame).rsplit(".", 1)[0] + ".png")
            if not os.path.exists(out):
                Image.open(frame).convert("L").resize((1920, 1080), Image.BILINEAR).save(out)
            paths.append(out)
    return paths


def row(path):
    name = os.path.basename(path)
    return ("MRZ" if name.startswith("mrz_") else "licence", "hard" if "_hard_" in name else "mild")


def run(bench, listfile):
    out = subprocess.run([bench, "frame-states", listfile], capture_output=True, text=True, check=True).stdout
    return {r["path"]: r for r in map(json.loads, out.splitlines())}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seeds", type=int, nargs="+", default=[31, 32, 33])
    parser.add_argument("benches", nargs="+")
    args = parser.parse_args()
    states = {b: {} for b in args.benches}
    cpu = {b: {} for b in args.benches}
    for i, seed in enumerate(args.seeds):
        listfile = os.path.join(fc.OUT, f"hd-all-{seed}.txt")
        open(listfile, "w").write("\n".join(hd_frames(seed)))
        for _ in range(args.runs if i == 0 else 1):
            for bench in args.benches:
                for path, r in run(bench, listfile).items():
                    states[bench][path] = r["state"]
                    if i == 0:
                        cpu[bench][path] = min(cpu[bench].get(path, float("inf")), r["cpuMs"])
    print(f"{len(states[args.benches[0]])} frames at 1920×1080, seeds {args.seeds}; CPU ms at seed {args.seeds[0]}, "
          f"each frame's least of {args.runs} alternating runs: median / p90")
    rows = sorted({row(p) for p in cpu[args.benches[0]]})
    print("| build | " + " | ".join(f"{f} {t}" for f, t in rows) + " |")
    print("|---|" + "---|" * len(rows))
    for bench in args.benches:
        cells = []
        for r in rows:
            ms = sorted(v for p, v in cpu[bench].items() if row(p) == r)
            cells.append(f"{statistics.median(ms):.1f} / {ms[int(0.9 * len(ms))]:.1f}")
        print(f"| {bench} | " + " | ".join(cells) + " |")
    base = states[args.benches[0]]
    for bench in args.benches[1:]:
        changed = [(p, base[p], states[bench].get(p)) for p in base if states[bench].get(p) != base[p]]
        print(f"{bench}: {len(changed)} of {len(base)} frames' states differ from {args.benches[0]}'s")
        for c in changed:
            print("  ", *c)


if __name__ == "__main__":
    main()
