#!/usr/bin/env python3
"""PDF417 reading: idreader vs the Python zxing-cpp package vs zbarimg, in one run.

Sets: ../shared/corpus/pdf417 (public test images), generated licence backs
(tools/licence-samples) at three levels: clean (rotations 0..15°), mild, hard, and the
licence photos of the external generator ../shared/tools/idphoto-gen (clean, mild, hard;
one row per seed of IDPHOTO_SEEDS, e.g. "11 23 101 202 303", default IDPHOTO_SEED or 11,
and IDPHOTO_DL_PER cases per tier, default 40), the hard tier also without the pages whose
glare over the symbol is 0.8 or more (expected unreadable).  Then, for the hard photos
idreader does not read, the cause its diagnosis names (`idreader-bench pdf417-diagnose`)
against whether glare of 0.8 or more covers the symbol.
Success = the decoded bytes equal the expected payload.  Times include loading the file.
idreader is timed in-process (`idreader-bench pdf417`: load + the PDF417 search, what
`idreader read --only pdf417` and `idreader barcodes` run; a plain `idreader read` also
looks for an MRZ first, ~60–100 ms more on a licence back; see README).
Run from the repo root after `swift build -c release` (`make bench-pdf417` does it all);
IDREADER_BENCH=PATH measures another idreader-bench binary.
"""
import base64
import csv
import glob
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np
import zxingcpp
from PIL import Image

OUT = "bench/out/pdf417"
CORPUS = "../shared/corpus/pdf417"
# the binary measured (a copy, for a long run beside a rebuild)
BENCH_BINARY = os.environ.get("IDREADER_BENCH", ".build/release/idreader-bench")
IDPHOTO_GEN = "../shared/tools/idphoto-gen/gen.py"
IDPHOTO_SEEDS = [int(s) for s in os.environ.get("IDPHOTO_SEEDS", os.environ.get("IDPHOTO_SEED", "11")).split()]
IDPHOTO_DL_PER = int(os.environ.get("IDPHOTO_DL_PER", "40"))
TIERS = ["clean", "mild", "hard"]


def idphoto_out(seed):
    return os.path.join(OUT, f"idphoto-gen-seed{seed}-n{IDPHOTO_DL_PER}")


def generate():
    sets = {"clean": ("clean", ["0", "2", "4", "8", "12", "15", "-5", "-10", "-15"], 45),
            "mild": ("mild", ["0", "5", "-5", "10", "-10", "15", "-15"], 35), "hard": ("hard", ["0", "3", "-3"], 30)}
    for name, (level, rotations, count) in sets.items():
        d = os.path.join(OUT, name)
        if not glob.glob(d + "/*.bin"):
            subprocess.run([sys.executable, "tools/licence-samples/make_licence_images.py", d, "--count", str(count),
                            "--seed", str({"clean": 101, "mild": 102, "hard": 103}[name]), "--level", level, "--rotate", *rotations],
                           check=True, stderr=subprocess.DEVNULL)
    for seed in IDPHOTO_SEEDS:
        if os.path.exists(IDPHOTO_GEN) and not os.path.exists(os.path.join(idphoto_out(seed), "gen_report.json")):
            subprocess.run([sys.executable, IDPHOTO_GEN, "--seed", str(seed), "--out", idphoto_out(seed), "--only", "dl",
                            "--dl-per", str(IDPHOTO_DL_PER)], check=True, stdout=subprocess.DEVNULL)


# the hard photos' paths: their seed and the glare over their symbol
HARD_GLARE = {}


def glare_over_symbol(case):
    return (case["render"].get("glare") or {}).get("max_over_target", 0)


def idphoto_cases():
    """idphoto-gen's licence cases by tier and seed (the seeds of a tier side by side), and the
    hard ones without glare >= 0.8 over the symbol."""
    out = {}
    for seed in IDPHOTO_SEEDS:
        for path in sorted(glob.glob(os.path.join(idphoto_out(seed), "dl", "*.json"))):
            case = json.load(open(path))
            item = (os.path.join(os.path.dirname(path), case["image"]), base64.b64decode(case["payload_b64"]))
            if case["tier"] == "hard":
                HARD_GLARE[item[0]] = (seed, glare_over_symbol(case))
            out.setdefault((TIERS.index(case["tier"]), 0, seed), []).append(item)
            if case["tier"] == "hard" and glare_over_symbol(case) < 0.8:
                out.setdefault((TIERS.index(case["tier"]), 1, seed), []).append(item)
    names = {(t, g, s): f"idphoto-gen {TIERS[t]}{', glare < 0.8' if g else ''} (seed {s})" for t, g, s in out}
    return {names[k]: out[k] for k in sorted(out)}


def cases():
    out = {"corpus": []}
    for row in csv.DictReader(open(os.path.join(CORPUS, "MANIFEST.tsv")), delimiter="\t"):
        if row["kind"] in ("text", "bytes"):
            out["corpus"].append((os.path.join(CORPUS, row["file"]), open(os.path.join(CORPUS, row["expected"]), "rb").read()))
    for name in ("clean", "mild", "hard"):
        out[name] = [(p, open(os.path.splitext(p)[0] + ".bin", "rb").read())
                     for p in sorted(glob.glob(os.path.join(OUT, name, "*.png")) + glob.glob(os.path.join(OUT, name, "*.jpg")))]
    out.update(idphoto_cases())
    return out


def matches(got, expected):
    return got == expected or got.rstrip(b"\n") == expected.rstrip(b"\n")


def ours(items):
    listfile = os.path.join(OUT, "list.txt")
    open(listfile, "w").write("\n".join(p for p, _ in items))
    out = subprocess.run([BENCH_BINARY, "pdf417", listfile], capture_output=True, text=True, check=True).stdout
    rows = [json.loads(l) for l in out.splitlines()]
    return [(matches(base64.b64decode(r["bytes"]), e), r["ms"], r["pass"], r["bytes"] != "") for r, (_, e) in zip(rows, items)]


def diagnoses(paths):
    """The failure cause idreader names for each picture (`idreader-bench pdf417-diagnose`)."""
    listfile = os.path.join(OUT, "list.txt")
    open(listfile, "w").write("\n".join(paths))
    out = subprocess.run([BENCH_BINARY, "pdf417-diagnose", listfile], capture_output=True, text=True, check=True).stdout
    return {r["path"]: r["diagnosis"] for r in map(json.loads, out.splitlines())}


def print_causes(unread):
    """For the hard photos idreader does not read, per seed: the causes named, by whether glare
    of 0.8 or more covers the symbol."""
    if not unread:
        return
    named = diagnoses(unread)
    print("\nhard photos not read: the cause named (glare over the symbol >= 0.8 | < 0.8):")
    for seed in IDPHOTO_SEEDS:
        counts = {}
        for path in unread:
            if HARD_GLARE[path][0] == seed:
                key = (named.get(path, "?"), HARD_GLARE[path][1] >= 0.8)
                counts[key] = counts.get(key, 0) + 1
        causes = sorted({c for c, _ in counts})
        print(f"- seed {seed}: " + ", ".join(f"{c} {counts.get((c, True), 0)} | {counts.get((c, False), 0)}" for c in causes))


def zxing(items):
    res = []
    for p, e in items:
        start = time.perf_counter()
        img = np.asarray(Image.open(p).convert("L"))
        found = zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.PDF417)
        ms = 1000 * (time.perf_counter() - start)
        res.append((any(matches(bytes(b.bytes), e) for b in found), ms))
    return res


def zbar(items):
    res = []
    for p, e in items:
        start = time.perf_counter()
        out = subprocess.run(["zbarimg", "--raw", "-q", p], capture_output=True).stdout
        res.append((matches(out, e), 1000 * (time.perf_counter() - start)))
    return res


def main():
    generate()
    print("| set | images | idreader | zxing-cpp (Python) | zbarimg | idreader wrong payloads | idreader median ms | zxing-cpp median ms "
          "| ms ratio (median, images both read) | ms ratio, photos needing no rescue (n) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    passes, unread = {}, []
    for name, items in cases().items():
        passes[name] = {}
        if not items:
            continue
        o, z, b = ours(items), zxing(items), zbar(items)
        # time on the images the peer reads (where both do the same job)
        both = [(oo[1], zz[1]) for oo, zz in zip(o, z) if zz[0] and oo[0]]
        ratio = statistics.median(a for a, _ in both) / statistics.median(c for _, c in both) if both else float("nan")
        # the speed target: photos our first passes read (no rescue pass), both read
        first = [(oo[1], zz[1]) for oo, zz in zip(o, z) if zz[0] and oo[0] and oo[2] in ("plain", "located")]
        first_ratio = statistics.median(a for a, _ in first) / statistics.median(c for _, c in first) if first else float("nan")
        print(f"| {name} | {len(items)} | {sum(x[0] for x in o) / len(items):.0%} | {sum(x[0] for x in z) / len(items):.0%} | "
              f"{sum(x[0] for x in b) / len(items):.0%} | {sum(x[3] and not x[0] for x in o)} | {statistics.median(x[1] for x in o):.0f} | "
              f"{statistics.median(x[1] for x in z):.0f} | {ratio:.2f} | {first_ratio:.2f} ({len(first)}) |")
        for ok, _, p, _ in o:
            if ok:
                passes[name][p] = passes[name].get(p, 0) + 1
        if "hard (seed" in name:
            unread += [path for (path, _), oo in zip(items, o) if not oo[0]]
    print("\nsuccessful pass counts:")
    for name, counts in passes.items():
        print(f"- {name}: {json.dumps(counts)}")
    print_causes(unread)
    print_first_pass_ratios()


def print_first_pass_ratios():
    """The issue's speed target: for the clean and mild photos the located regions read (no
    rescue needed), a licence read's CPU time over the located-region pass alone, per seed
    (`idreader-bench pdf417-first-pass`, the least of 3 runs each); the default read, which
    also looks for an MRZ first, beside it."""
    print("\nphotos read in their located regions: CPU ms of a read over the located-region pass alone"
          " (median / p90, photos over 1.6x)")
    for seed in IDPHOTO_SEEDS:
        paths = sorted(glob.glob(os.path.join(idphoto_out(seed), "dl", "dl_clean_*")) +
                       glob.glob(os.path.join(idphoto_out(seed), "dl", "dl_mild_*")))
        paths = [p for p in paths if not p.endswith(".json")]
        listfile = os.path.join(OUT, "list.txt")
        open(listfile, "w").write("\n".join(paths))
        out = subprocess.run([BENCH_BINARY, "pdf417-first-pass", listfile], capture_output=True, text=True, check=True).stdout
        rows = [r for r in map(json.loads, out.splitlines()) if r["located"]]
        if not rows:
            continue
        cells = []
        for key in ("licenceMs", "readMs"):
            ratios = sorted(r[key] / r["locatedMs"] for r in rows)
            cells.append(f"{statistics.median(ratios):.2f} / {ratios[int(0.9 * len(ratios))]:.2f}, {sum(x > 1.6 for x in ratios)}")
        print(f"- seed {seed}, {len(rows)} photos: licence read (--only pdf417) {cells[0]}; default read {cells[1]}; "
              f"located-region pass median {statistics.median(r['locatedMs'] for r in rows):.1f} ms")


if __name__ == "__main__":
    main()
