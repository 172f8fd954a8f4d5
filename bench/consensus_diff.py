#!/usr/bin/env python3
"""Which scenes two builds' consensus reads differently, scene by scene.

    python3 bench/consensus_diff.py OLD NEW [SEED ...]

OLD and NEW are idreader-bench binaries.  For each SEED (default 31 32 33) the scenes of
bench/frames_consensus.py (generated as it does) are fed to `idreader-bench consensus` by
both builds.  Printed per seed, family and tier, after 3 and after 5 frames: the shown
consensus documents read exactly, stable, and valid but wrong (any consensus document) by
OLD and NEW; then every scene whose shown document after 3 or 5 frames differs between
the builds (its lines, exactness, validity or stability).  Run from the repo root.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import frames_consensus as fc  # noqa: E402


def run(bench, listfile):
    out = subprocess.run([bench, "consensus", listfile], capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def summary(case, steps, k):
    shown = fc.shown(steps[k - 1]["documents"])
    expected = fc.truth(case)
    exact = bool(shown and fc.matches(shown, expected))
    wrong = sum(1 for d in steps[k - 1]["documents"] if d["valid"] and not fc.matches(d, expected))
    return {"exact": exact, "stable": bool(exact and shown["stable"]), "wrong": wrong,
            "shown": shown and (shown["lines"] or shown["payload"]), "valid": bool(shown and shown["valid"])}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new = sys.argv[1], sys.argv[2]
    seeds = [int(a) for a in sys.argv[3:]] or [31, 32, 33]
    print("| seed | family | tier | cases | 3 exact old / new | 3 stable | 3 valid but wrong | 5 exact old / new | 5 stable | 5 valid but wrong |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    changed = []
    for seed in seeds:
        items = fc.cases(fc.generate(seed))
        listfile = os.path.join(fc.OUT, f"scenes-{seed}.txt")
        open(listfile, "w").write("\n".join("|".join(paths) for _, paths in items))
        results = {bench: run(bench, listfile) for bench in (old, new)}
        groups = {}
        for i, (case, _) in enumerate(items):
            family = "MRZ" if "mrz_lines" in case else "licence"
            row = {}
            for k in (3, 5):
                a, b = (summary(case, results[bench][i]["steps"], k) for bench in (old, new))
                row[k] = (a, b)
                if a != b:
                    changed.append((seed, case.get("case_id", i), k, a, b))
            groups.setdefault((family, case["tier"]), []).append(row)
        for (family, tier), rows in sorted(groups.items()):
            cells = []
            for k in (3, 5):
                for key in ("exact", "stable", "wrong"):
                    cells.append(f"{sum(r[k][0][key] for r in rows)} / {sum(r[k][1][key] for r in rows)}")
            print(f"| {seed} | {family} | {tier} | {len(rows)} | " + " | ".join(cells) + " |", flush=True)
    print(f"\n{len(changed)} scene readings differ (seed, case, frames, old, new):")
    for seed, case, k, a, b in changed:
        print(f"  {seed} {case} after {k}: {a} -> {b}")


if __name__ == "__main__":
    main()
