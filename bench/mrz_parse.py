#!/usr/bin/env python3
"""TD3 parse + validate throughput: idreader's MRZ engine vs the Python `mrz` package.

Both parse the same generated TD3 MRZs (from `idreader generate mrz`), on one core, in one
run.  Prints a table and the ratio.  Usage: bench/mrz_parse.py [COUNT]   (from the repo root,
after `swift build -c release`; `make bench-mrz` does both).
"""
import json
import subprocess
import sys
import tempfile
import time

from mrz.checker.td3 import TD3CodeChecker

count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
gen = subprocess.run([".build/release/idreader", "generate", "mrz", "--count", str(count), "--seed", "2026", "--type", "TD3"],
                     check=True, capture_output=True, text=True).stdout
mrzs = [json.loads(line)["text"] for line in gen.splitlines()]

with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write("\n".join(m.replace("\n", "|") for m in mrzs))
    path = f.name
def swift(mode):
    return json.loads(subprocess.run([".build/release/idreader-bench", mode, path],
                                     check=True, capture_output=True, text=True).stdout)


ours, ours_fields = swift("mrz"), swift("mrz-fields")

def python(fields):
    valid = parses = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2:
        for m in mrzs:
            checker = TD3CodeChecker(m)
            if bool(checker):
                valid += 1
            if fields:
                checker.fields()
            parses += 1
    return parses / (time.perf_counter() - start), valid / parses


py_rate, py_valid = python(False)
py_fields_rate, _ = python(True)

print(f"TD3 MRZs: {len(mrzs)} distinct, generated with seed 2026")
print(f"{'parser':<30}{'validate/s':>14}{'+fields/s':>14}{'marked valid':>14}")
print(f"{'idreader (Swift, release)':<30}{ours['perSecond']:>14,.0f}{ours_fields['perSecond']:>14,.0f}{ours['valid'] / ours['parses']:>14.1%}")
print(f"{'mrz (Python ' + sys.version.split()[0] + ')':<30}{py_rate:>14,.0f}{py_fields_rate:>14,.0f}{py_valid:>14.1%}")
print(f"ratio: {ours['perSecond'] / py_rate:,.0f}x (validate), {ours_fields['perSecond'] / py_fields_rate:,.0f}x (with fields)")
