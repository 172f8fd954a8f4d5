#!/usr/bin/env python3
"""What a picture with no document costs (issue 44): the CPU of a whole read, in process
and through the CLI, and where it goes.

Usage: bench/no_document_cost.py [LIST]   (LIST: image paths, one a line; default the
pictures without a document of `bench/failure_causes.py`, bench/out/causes/set-36/skimage-*)

Prints, over the pictures:
- in process (`idreader-bench read-steps`, the picture decoded, the OCR model loaded):
  median and p90 CPU ms of `read(image:name:)` (the read and, as nothing is found, the
  failure's diagnosis), and the median of each `StepProfile` step (this thread's CPU);
- through the CLI (`idreader read FILE`, one process per picture, as a user runs it):
  median and p90 CPU ms (user + system), and the start-up alone (the same on a 1 × 1
  picture: process start, the OCR model, decoding).
Run from the repo root after `swift build -c release --product idreader --product
idreader-bench`; IDREADER and IDREADER_BENCH measure other builds.
"""
import glob
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

IDREADER = os.environ.get("IDREADER", ".build/release/idreader")
BENCH = os.environ.get("IDREADER_BENCH", ".build/release/idreader-bench")


def percentile(values, share):
    values = sorted(values)
    return values[min(len(values) - 1, int(share * len(values)))]


def cli_cpu_ms(path):
    """User + system CPU ms of `idreader read path` in a process of its own."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([IDREADER, "read", "--format", "jsonl", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as f:
            paths = [line.strip() for line in f if line.strip()]
    else:
        paths = sorted(glob.glob("bench/out/causes/set-36/skimage-*.png"))
    if not paths:
        sys.exit("no pictures: run bench/failure_causes.py first, or give a list")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(paths) + "\n")
        listing = f.name
    run = subprocess.run([BENCH, "read-steps", listing], capture_output=True, text=True, check=True)
    rows = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    os.unlink(listing)
    read = [r["cpuMs"] for r in rows]
    print(f"{len(rows)} pictures, {sum(r['read'] for r in rows)} read; causes: "
          + ", ".join(f"{c} {sum(r['cause'] == c for r in rows)}" for c in sorted({r['cause'] for r in rows})))
    print(f"in process: read(image:name:) CPU median {statistics.median(read):.0f} ms, p90 {percentile(read, 0.9):.0f} ms")
    steps = sorted({s for r in rows for s in r["steps"]})
    medians = {s: statistics.median(r["steps"].get(s, [0, 0])[0] for r in rows) for s in steps}
    for step, ms in sorted(medians.items(), key=lambda x: -x[1]):
        print(f"  {step:18} median {ms:6.1f} ms")
    cli = [cli_cpu_ms(p) for p in paths]
    with tempfile.TemporaryDirectory() as folder:
        from PIL import Image
        tiny = os.path.join(folder, "tiny.png")
        Image.new("L", (1, 1), 255).save(tiny)
        start = statistics.median(cli_cpu_ms(tiny) for _ in range(5))
    print(f"CLI: CPU median {statistics.median(cli):.0f} ms, p90 {percentile(cli, 0.9):.0f} ms; start-up alone (1 x 1 picture) {start:.0f} ms")


if __name__ == "__main__":
    main()
