#!/usr/bin/env python3
"""Several frames of one document: the single frame against the consensus of 3 and of 5.

    python3 bench/frames_consensus.py [SEED ...]

For each SEED (default 31 32 33: seeds the consensus rules were not tuned on),
../shared/tools/idphoto-gen renders FRAMES_MRZ_PER cases per MRZ format and tier and
FRAMES_DL_PER licences per tier (defaults 4 and 10), each as 5 captures of the same
document (`--frames 5`), into bench/out/frames/.  `idreader-bench consensus` feeds each
case's frames to `FrameConsensus` one by one.  Per seed, family (MRZ, licence) and tier
(mild, hard): documents read exactly by frame 0 alone, by the consensus of the first 3
and of all 5 frames (the consensus document seen in most frames), how many of those the
consensus proves (stable), valid-but-wrong consensus documents (the number that must be
0), the cases where 3 or more frames carry glare >= 0.8 over the MRZ or symbol, and after
how many frames the consensus became stable (median, p90), then each frame's state time
(`DocumentReader.frameState`, no OCR) and full read time.
Run from the repo root after `swift build -c release --product idreader-bench`.
IDREADER_BENCH=PATH measures another build.
"""
import base64
import glob
import json
import os
import statistics
import subprocess
import sys

OUT = "bench/out/frames"
GEN = "../shared/tools/idphoto-gen/gen.py"
BENCH = os.environ.get("IDREADER_BENCH", ".build/release/idreader-bench")
MRZ_PER = int(os.environ.get("FRAMES_MRZ_PER", "4"))
DL_PER = int(os.environ.get("FRAMES_DL_PER", "10"))
FRAMES = 5


def generate(seed):
    d = os.path.join(OUT, f"seed{seed}-mrz{MRZ_PER}-dl{DL_PER}")
    if not os.path.exists(os.path.join(d, "manifest.jsonl")) and not glob.glob(os.path.join(d, "*", "manifest.jsonl")):
        subprocess.run([sys.executable, GEN, "--seed", str(seed), "--out", d, "--mrz-per", str(MRZ_PER), "--dl-per", str(DL_PER),
                        "--frames", str(FRAMES)], check=True, stdout=subprocess.DEVNULL)
    return d


def cases(d):
    """(case json, frame image paths) of the mild and hard tiers."""
    out = []
    for js in sorted(glob.glob(os.path.join(d, "**", "*.json"), recursive=True)):
        if os.path.basename(js) in ("gen_report.json",):
            continue
        case = json.load(open(js))
        if case.get("tier") not in ("mild", "hard") or "frames" not in case:
            continue
        folder = os.path.dirname(js)
        out.append((case, [os.path.join(folder, f["image"]) for f in case["frames"]]))
    return out


def glared(case):
    return sum((f.get("render", {}).get("glare") or {}).get("max_over_target", 0) >= 0.8 for f in case["frames"]) >= 3


def truth(case):
    if "mrz_lines" in case:
        return ("mrz", case["mrz_lines"])
    return ("dl", base64.b64encode(case["payload"].encode("utf-8")).decode())


def shown(documents):
    """The consensus document seen in most frames (the first of equals)."""
    return max(documents, key=lambda d: len(d["frames"]), default=None)


def matches(document, expected):
    kind, value = expected
    return document["lines"] == value if kind == "mrz" else document["payload"] == value


def main():
    seeds = [int(a) for a in sys.argv[1:]] or [31, 32, 33]
    print(f"idphoto-gen --frames {FRAMES}, {MRZ_PER} MRZ cases per format and tier, {DL_PER} licences per tier; reader {BENCH}")
    print("| seed | family | tier | cases | frame 0 exact | consensus 3 exact (stable) | consensus 5 exact (stable) |"
          " 5 exact, glare >= 0.8 on 3+ frames left out | valid but wrong (1 / 3 / 5) | stable after frames (median, p90) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    times, state_times = [], []
    for seed in seeds:
        items = cases(generate(seed))
        listfile = os.path.join(OUT, f"scenes-{seed}.txt")
        open(listfile, "w").write("\n".join("|".join(paths) for _, paths in items))
        out = subprocess.run([BENCH, "consensus", listfile], capture_output=True, text=True, check=True).stdout
        results = [json.loads(line) for line in out.splitlines()]
        groups = {}
        for (case, _), result in zip(items, results):
            family = "MRZ" if "mrz_lines" in case else "licence"
            groups.setdefault((family, case["tier"]), []).append((case, result["steps"]))
            times += [s["ms"] for s in result["steps"]]
            state_times += [s["stateMs"] for s in result["steps"]]
        for (family, tier), group in sorted(groups.items()):
            def exact(k):
                return sum(1 for case, steps in group if shown(steps[k - 1]["documents"]) and matches(shown(steps[k - 1]["documents"]), truth(case)))

            def stable(k):
                return sum(1 for case, steps in group
                           if shown(steps[k - 1]["documents"]) and matches(shown(steps[k - 1]["documents"]), truth(case))
                           and shown(steps[k - 1]["documents"])["stable"])

            def wrong(k):
                return sum(1 for case, steps in group for d in steps[k - 1]["documents"] if d["valid"] and not matches(d, truth(case)))
            unglared = [(c, s) for c, s in group if not glared(c)]
            exact5_unglared = sum(1 for case, steps in unglared
                                  if shown(steps[-1]["documents"]) and matches(shown(steps[-1]["documents"]), truth(case)))
            became = [next((i + 1 for i, s in enumerate(steps) if any(d["stable"] for d in s["documents"])), None) for _, steps in group]
            became = sorted(b for b in became if b)
            n = len(group)
            after = f"{statistics.median(became):.0f}, {became[min(len(became) - 1, int(0.9 * len(became)))]}" if became else "–"
            print(f"| {seed} | {family} | {tier} | {n} | {exact(1)} ({exact(1) / n:.0%}) | {exact(3)} ({stable(3)}) | "
                  f"{exact(5)} ({exact(5) / n:.0%}, {stable(5)}) | {exact5_unglared} of {len(unglared)} | {wrong(1)} / {wrong(3)} / {wrong(5)} | "
                  f"{after} |", flush=True)
    times.sort()
    state_times.sort()
    print(f"\nOne frame's state alone (`DocumentReader.frameState`, no OCR): median {statistics.median(state_times):.0f} ms, "
          f"p90 {state_times[int(0.9 * len(state_times))]:.0f} ms; its full read: median {statistics.median(times):.0f} ms, "
          f"p90 {times[int(0.9 * len(times))]:.0f} ms (wall, {len(times)} frames).")
    hd, hd_cpu = hd_state_times(seeds[0])
    print(f"A frame's state at 1920×1080 ({len(hd)} frames of seed {seeds[0]} resized): median {statistics.median(hd_cpu):.0f} ms CPU, "
          f"p90 {hd_cpu[int(0.9 * len(hd_cpu))]:.0f} ms CPU (budget: 40; wall median {statistics.median(hd):.0f}, p90 {hd[int(0.9 * len(hd))]:.0f}).")


def hd_state_times(seed, count=40):
    """`frameState` on frames brought to 1920×1080 (a camera's video frame): wall ms and
    CPU ms, each sorted (CPU time holds when the machine is shared)."""
    from PIL import Image
    d = os.path.join(OUT, "hd")
    os.makedirs(d, exist_ok=True)
    paths = []
    for case, frames in cases(generate(seed))[:count]:
        out = os.path.join(d, os.path.basename(frames[1]).rsplit(".", 1)[0] + ".png")
        if not os.path.exists(out):
            Image.open(frames[1]).convert("L").resize((1920, 1080), Image.BILINEAR).save(out)
        paths.append(out)
    listfile = os.path.join(OUT, "hd-list.txt")
    open(listfile, "w").write("\n".join(paths))
    out = subprocess.run([BENCH, "frame-states", listfile], capture_output=True, text=True, check=True).stdout
    rows = [json.loads(line) for line in out.splitlines()]
    return sorted(r["ms"] for r in rows), sorted(r["cpuMs"] for r in rows)


if __name__ == "__main__":
    main()
