#!/usr/bin/env python3
"""Seal pictures: how many visible digital seals idreader reads from photos, vs zxing-cpp.

The pictures: every corpus seal (../shared/corpus/vds/*.bin) drawn as its DataMatrix (QR
for VDS-NC) on a label and photographed at idphoto-gen's mild and hard tiers, and on a
page of print (A5 at 200-300 dpi, 2-4 MP) at the mild tier (bench/vds_picture_gen.py),
for each seed of VDS_SEEDS (default: 1 and 2, tuned on; 505 and 606, not), plus the
corpus's own pictures (bsi-sic-annexD.png and .jpg).

idreader is timed in-process (`idreader-bench seals`: load + `BarcodeScanner.seals`, release
build, one core); the peer is zxing-cpp's Python package (load + read_barcodes for
DataMatrix and QR, its defaults).  Per level: decoded exactly (a seal with exactly the .bin
bytes), wrong payloads (a seal reported with other bytes: must be 0), ms per picture (mean,
95th percentile), wall clock and CPU (the CPU time does not grow when other work shares
the core).  The corpus pictures are also read with `idreader barcodes --format jsonl`:
the contract's output must carry their exact bytes.  Last, every picture is read by the
CLI as a user would, `idreader read --only vds`, one process each: seal documents found
and the whole process's CPU ms (the issue's "a seal picture read").

    make bench-vds-pictures
    VDS_SEEDS="1 2" python3 bench/vds_pictures.py
"""
import base64
import json
import os
import resource
import statistics
import subprocess
import sys
import time

import cv2
import zxingcpp

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import vds_picture_gen  # noqa: E402

BENCH = os.environ.get("IDREADER_BENCH", os.path.join(ROOT, ".build/release/idreader-bench"))
CLI = os.environ.get("IDREADER", os.path.join(ROOT, ".build/release/idreader"))
SEEDS = [int(s) for s in os.environ.get("VDS_SEEDS", "1 2 505 606").split()]
TUNED = {1, 2, 101, 202}
LEVELS = ("mild", "hard", "page")
WORK = os.environ.get("VDS_PICTURES_DIR", "/tmp/idreader-vds-pictures")
CORPUS_PICTURES = [("bsi-sic-annexD.png", "bsi-sic-annexD.bin"), ("bsi-sic-annexD.jpg", "bsi-sic-annexD.bin")]


def cases():
    """(group, image path, expected bytes) for every picture, generating missing seeds."""
    out = []
    for png, binary in CORPUS_PICTURES:
        with open(os.path.join(vds_picture_gen.CORPUS, binary), "rb") as f:
            out.append(("corpus", os.path.join(vds_picture_gen.CORPUS, png), f.read()))
    for seed in SEEDS:
        folder = os.path.join(WORK, f"seed-{seed}")
        manifest = os.path.join(folder, "manifest.jsonl")
        levels = set()
        if os.path.exists(manifest):
            levels = {json.loads(line)["level"] for line in open(manifest)}
        if levels != set(LEVELS):
            vds_picture_gen.generate(seed, folder, LEVELS)
        for line in open(manifest):
            row = json.loads(line)
            group = f"{row['level']} ({'tuned' if seed in TUNED else 'unseen'})"
            out.append((group, os.path.join(folder, row["image"]), base64.b64decode(row["payload_b64"])))
    return out


def idreader(paths):
    """Per path: (list of seal bytes, ms, CPU ms: None from a bench that does not report it)."""
    listing = os.path.join(WORK, "paths.txt")
    with open(listing, "w") as f:
        f.write("\n".join(paths) + "\n")
    run = subprocess.run(["taskset", "-c", "0", BENCH, "seals", listing], capture_output=True, text=True, check=True)
    found = {}
    for line in run.stdout.splitlines():
        row = json.loads(line)
        found[row["path"]] = ([base64.b64decode(s["bytes"]) for s in row["seals"]], row["ms"], row.get("cpuMs"))
    return found


def zxing_peer(path):
    start, cpu_start = time.perf_counter(), time.process_time()
    image = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    results = zxingcpp.read_barcodes(image, formats=(zxingcpp.BarcodeFormat.DataMatrix, zxingcpp.BarcodeFormat.QRCode))
    ms, cpu_ms = (time.perf_counter() - start) * 1000, (time.process_time() - cpu_start) * 1000
    return [r.bytes for r in results], ms, cpu_ms


def is_seal(payload):
    if payload[:1] == b"\xdc":
        return True
    try:
        obj = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return False
    return isinstance(obj, dict) and "data" in obj and "sig" in obj


def summarize(rows):
    n = len(rows)
    exact = sum(1 for payloads, _, _, expected in rows if expected in payloads)
    wrong = sum(1 for payloads, _, _, expected in rows for p in payloads if is_seal(p) and p != expected)

    def mean_p95(times):
        if any(t is None for t in times):
            return "     -        -  "
        times = sorted(times)
        return f"{statistics.mean(times):6.1f}  {times[min(n - 1, int(0.95 * n))]:6.1f}"

    return (f"{100 * exact / n:6.1f} % ({exact}/{n})  wrong {wrong}  {mean_p95([r[1] for r in rows])}"
            f"  {mean_p95([r[2] for r in rows])}")


def cli_check(corpus_cases):
    """Whether `idreader barcodes --format jsonl` prints each corpus picture's exact bytes."""
    run = subprocess.run([CLI, "barcodes", "--format", "jsonl"] + [p for _, p, _ in corpus_cases],
                         capture_output=True, text=True)
    results = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    ok = 0
    for (_, path, expected), result in zip(corpus_cases, results):
        if any(b["format"] == "DataMatrix" and base64.b64decode(b["bytes"]) == expected for b in result["barcodes"]):
            ok += 1
    return ok, len(corpus_cases)


def read_calls(group_cases):
    """One `idreader read --only vds` process per picture: pictures that gave a seal document,
    and the process's CPU ms (start, decode, search, parse, map, JSON) median and p95."""
    found, cpu = 0, []
    for _, path, _ in group_cases:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        run = subprocess.run(["taskset", "-c", "0", CLI, "read", "--only", "vds", path], capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
        try:
            found += any(d.get("source") == "vds" for d in json.loads(run.stdout)["documents"])
        except (ValueError, KeyError):
            pass
    cpu.sort()
    return found, statistics.median(cpu), cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]


def main():
    all_cases = cases()
    ours = idreader([p for _, p, _ in all_cases])
    groups = {}
    for group, path, expected in all_cases:
        peer = zxing_peer(path)
        groups.setdefault(group, {"idreader": [], "zxing-cpp": []})
        groups[group]["idreader"].append((*ours[path], expected))
        groups[group]["zxing-cpp"].append((*peer, expected))
    print(f"seal pictures, seeds {' '.join(map(str, SEEDS))} (tuned on: {' '.join(map(str, sorted(TUNED)))})")
    print(f"{'level':<16} {'reader':<9}  decoded exactly       wrong     ms    p95  CPU ms  p95")
    for group in sorted(groups, key=lambda g: (g != "corpus", g)):
        for reader, rows in groups[group].items():
            print(f"{group:<16} {reader:<9}  {summarize(rows)}")
    ok, n = cli_check([c for c in all_cases if c[0] == "corpus"])
    print(f"idreader barcodes (CLI, JSON contract): corpus pictures with their exact bytes {ok}/{n}")
    print(f"{'level':<16} `idreader read --only vds`, one process a picture: seal documents, CPU ms median  p95")
    for group in sorted({c[0] for c in all_cases}, key=lambda g: (g != "corpus", g)):
        found, median, p95 = read_calls([c for c in all_cases if c[0] == group])
        total = sum(1 for c in all_cases if c[0] == group)
        print(f"{group:<16} {found}/{total}  {median:6.1f}  {p95:6.1f}")


if __name__ == "__main__":
    main()
