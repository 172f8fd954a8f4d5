#!/usr/bin/env python3
"""Where an MRZ read's time goes: CPU ms per step of the search, per set.

    python3 bench/mrz_profile.py [SET ...] [--cli]

Runs `idreader-bench mrz-stages` (the model loaded once, one image after another on one
thread) over bench/mrz_read.py's sets (default: the real corpus, idphoto-gen's hard tier
at IDPHOTO_SEED, default 11, and the 12 MP pages) and prints, per set, each step's CPU
time (`StepProfile`: exclusive, so the steps add up to the read) as median and mean per
image, its share of the whole, and how often it ran per image; then the whole read's
median and p90 against issue 33's budget.  `--cli` also times one `idreader read --only mrz`
process per picture (wall clock, process start included).
IDREADER_BENCH and IDREADER (paths to the binaries) measure another build.
Run from the repo root after `swift build -c release` (`make bench-mrz-profile`).
"""
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mrz_read  # noqa: E402  (the sets)

BENCH = os.environ.get("IDREADER_BENCH", ".build/release/idreader-bench")
IDREADER = os.environ.get("IDREADER", ".build/release/idreader")
DEFAULT_SETS = ["corpus", "idphoto-hard", "scale-12MP"]
# issue 33's budget: the whole read's median (and p90 where set), CPU ms in process
BUDGET = {"corpus": (120, 400), "idphoto-hard": (200, None), "scale-12MP": (300, None)}


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def profile(items):
    listfile = os.path.join(mrz_read.OUT, "profile-list.txt")
    open(listfile, "w").write("\n".join(p for p, _ in items))
    out = subprocess.run([BENCH, "mrz-stages", listfile], capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def report(name, rows):
    print(f"\n### {name}: {len(rows)} images, {sum(r['valid'] for r in rows)} read valid\n")
    print("| step | median ms | mean ms | share | runs per image |")
    print("|---|---|---|---|---|")
    steps = sorted({k for r in rows for k in r["steps"]})
    whole = [sum(ms for ms, _ in r["steps"].values()) for r in rows]
    total = sum(whole)
    by_cost = sorted(steps, key=lambda k: -sum(r["steps"].get(k, [0, 0])[0] for r in rows))
    for step in by_cost:
        ms = [r["steps"].get(step, [0, 0])[0] for r in rows]
        runs = [r["steps"].get(step, [0, 0])[1] for r in rows]
        print(f"| {step} | {statistics.median(ms):.1f} | {statistics.mean(ms):.1f} | {100 * sum(ms) / max(total, 1e-9):.1f} % |"
              f" {statistics.mean(runs):.1f} |")
    load = [r["load"] for r in rows]
    median, p90 = statistics.median(whole), percentile(whole, 0.9)
    budget = BUDGET.get(name)
    against = ""
    if budget:
        against = f" (budget: median ≤ {budget[0]}" + (f", p90 ≤ {budget[1]}" if budget[1] else "") + ")"
    print(f"\nWhole search: median {median:.0f} ms, p90 {p90:.0f} ms, slowest {max(whole):.0f} ms CPU{against}; "
          f"loading the picture: median {statistics.median(load):.0f} ms.")
    return whole


def cli_times(items):
    """Wall ms of one `idreader read --only mrz` process per picture."""
    times = []
    for path, _ in items:
        start = time.perf_counter()
        subprocess.run([IDREADER, "read", "--only", "mrz", path], capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main():
    wanted = [a for a in sys.argv[1:] if not a.startswith("--")] or DEFAULT_SETS
    mrz_read.generate()
    if any(w.startswith(("idphoto", "scale")) for w in wanted):
        mrz_read.generate_idphoto()
    if any(w.startswith("scale") for w in wanted):
        mrz_read.generate_scale()
    print(f"CPU ms per step of the MRZ search (idreader-bench mrz-stages, {BENCH}); idphoto-gen seed {mrz_read.IDPHOTO_SEED}")
    for name, items in mrz_read.cases().items():
        if name not in wanted or not items:
            continue
        report(name, profile(items))
        if "--cli" in sys.argv:
            times = cli_times(items)
            print(f"One `idreader read --only mrz` process per picture: median {statistics.median(times):.0f} ms, "
                  f"p90 {percentile(times, 0.9):.0f} ms wall (budget: median ≤ 170).")


if __name__ == "__main__":
    main()
