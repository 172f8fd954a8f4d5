#!/usr/bin/env python3
"""Which MRZ readings two builds mark valid, image by image (issue 17's recall cost).

    python3 bench/mrz_validity_diff.py OLD NEW [SET ...]

OLD and NEW are idreader-bench binaries (e.g. a build of an older commit copied aside);
SETs are bench/mrz_read.py's sets (default: the real corpus, the project's five sets and
idphoto-gen's three tiers at IDPHOTO_SEED, default 11).  Per set: how many images each
build reads exactly and marks valid, valid-but-wrong counts, and of the images both builds
read exactly and OLD marks valid, how many NEW leaves uncertain (the cost of new doubt
rules) or newly marks valid.  Each image whose validity or exactness changed is listed.
Run from the repo root.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mrz_read  # noqa: E402  (the sets and their truths)

DEFAULT_SETS = ["corpus", "clean", "mild", "hard", "turned", "skewed", "idphoto-clean", "idphoto-mild", "idphoto-hard"]


def read(binary, items):
    listfile = os.path.join(mrz_read.OUT, "validity-list.txt")
    open(listfile, "w").write("\n".join(p for p, _ in items))
    out = subprocess.run([binary, "read-images", listfile], capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new = sys.argv[1], sys.argv[2]
    wanted = sys.argv[3:] or DEFAULT_SETS
    mrz_read.generate()
    if any(w.startswith("idphoto") for w in wanted):
        mrz_read.generate_idphoto()
    totals = {"both exact, old valid": 0, "now uncertain": 0}
    print("| set | images | exact old / new | valid old / new | valid but wrong old / new | both exact, old valid | now uncertain | newly valid |")
    print("|---|---|---|---|---|---|---|---|")
    changed = []
    for name, items in mrz_read.cases().items():
        if name not in wanted or not items:
            continue
        a, b = read(old, items), read(new, items)
        exact = [(x["lines"] == e, y["lines"] == e) for (_, e), x, y in zip(items, a, b)]
        valid = [(x["valid"] and ex, y["valid"] and ey) for x, y, (ex, ey) in zip(a, b, exact)]
        wrong = [(x["valid"] and not ex, y["valid"] and not ey) for x, y, (ex, ey) in zip(a, b, exact)]
        both = [(va, vb) for (ea, eb), (va, vb) in zip(exact, valid) if ea and eb]
        was = [vb for va, vb in both if va]
        lost, gained = sum(not v for v in was), sum(vb and not va for va, vb in both)
        if not name == "corpus":
            totals["both exact, old valid"] += len(was)
            totals["now uncertain"] += lost
        print(f"| {name} | {len(items)} | {sum(e for e, _ in exact)} / {sum(e for _, e in exact)} | "
              f"{sum(v for v, _ in valid)} / {sum(v for _, v in valid)} | {sum(w for w, _ in wrong)} / {sum(w for _, w in wrong)} | "
              f"{len(was)} | {lost} | {gained} |", flush=True)
        for (path, _), (ea, eb), (va, vb) in zip(items, exact, valid):
            if (ea, va) != (eb, vb):
                changed.append(f"- {name} {os.path.basename(path)}: exact {ea} → {eb}, valid {va} → {vb}")
    n, lost = totals["both exact, old valid"], totals["now uncertain"]
    print(f"\nGenerated sets (all but the corpus): {lost} of {n} readings both builds read exactly and the old one marked valid"
          f" are uncertain now ({100 * lost / max(n, 1):.1f} %).")
    if changed:
        print("\nChanged:\n" + "\n".join(changed))


if __name__ == "__main__":
    main()
