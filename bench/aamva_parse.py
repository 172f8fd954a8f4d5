#!/usr/bin/env python3
"""AAMVA payloads: field accuracy on ../shared/corpus/aamva and parse throughput, idreader vs
the Python `aamva-parser` package, in one run.  From the repo root after
`swift build -c release` (`make bench-aamva` does both)."""
import glob
import json
import statistics
import os
import subprocess
import tempfile
import time

import aamva_parser

CORPUS = "../shared/corpus/aamva"
BIN = ".build/release/idreader"


def ours(path):
    out = subprocess.run([BIN, "aamva", "--format", "jsonl", path], capture_output=True, text=True).stdout
    docs = json.loads(out)["documents"] if out.strip() else []
    if not docs:
        return {}
    d = docs[0]
    f, a = d["fields"], d["aamva"]
    addr = f.get("address") or {}
    pc = (addr.get("postalCode") or "").replace(" ", "")
    return {"iin": a["iin"], "aamva_version": a["version"], "jurisdiction_version": a["jurisdictionVersion"],
            "jurisdiction": a["jurisdiction"], "country": f["issuingCountry"], "document_type": f["documentCode"],
            "first_name": f["givenNames"], "middle_name": f["middleNames"], "last_name": f["surname"], "suffix": f["nameSuffix"],
            "given_names": a["elements"].get("DCT"), "dob": f["birthDate"], "issue_date": f["issueDate"],
            "expiry_date": f["expiryDate"], "document_number": f["documentNumber"], "sex": f["sex"],
            "street": addr.get("street"), "street2": addr.get("street2"), "city": addr.get("city"), "state": addr.get("region"),
            "postal_code": pc[:6] if f["issuingCountry"] == "CAN" else pc[:5], "postal_code_raw": a["elements"].get("DAK"),
            "height_cm": f["heightCm"], "height_in": round(f["heightCm"] / 2.54) if f["heightCm"] else None,
            "eye_color": f["eyeColor"], "weight_lb": int(a["elements"]["DAW"]) if a["elements"].get("DAW", "").isdigit() else None}


SEX = {"Male": "M", "Female": "F"}


def peer(text):
    try:
        r = aamva_parser.parse(text)
    except Exception:
        return {}
    def iso(d):
        return d.strftime("%Y-%m-%d") if d else None
    pc = (r.postal_code or "").replace(" ", "")
    eye = {"Brown": "BRO", "Blue": "BLU", "Green": "GRN", "Hazel": "HAZ", "Gray": "GRY", "Black": "BLK"}.get(getattr(r.eye_color, "value", None))
    return {"aamva_version": int(r.version) if r.version and str(r.version).isdigit() else None,
            "first_name": r.first_name, "middle_name": r.middle_name, "last_name": r.last_name,
            "dob": iso(r.date_of_birth), "issue_date": iso(r.issue_date), "expiry_date": iso(r.expiration_date),
            "document_number": r.drivers_license_id, "sex": SEX.get(getattr(r.gender, "value", None)),
            "street": r.street_address, "city": r.city, "state": r.state, "postal_code": pc[:5] if pc[:1].isdigit() else pc[:6],
            "height_in": round(r.height) if r.height else None, "eye_color": eye,
            "suffix": {"Junior": "JR", "Senior": "SR"}.get(getattr(r.suffix, "value", None), None)}


def score(results):
    right = total = 0
    for expected, got in results:
        for k, v in expected.items():
            if k in ("postal_code_raw", "given_names", "not_aamva_pdf417"):
                continue
            total += 1
            g = got.get(k)
            if isinstance(v, str) and isinstance(g, str):
                right += v.strip() == g.strip()
            else:
                right += v == g
    return right, total


cases = sorted(glob.glob(os.path.join(CORPUS, "*.json")))
ours_results, peer_results, payloads = [], [], []
for c in cases:
    expected = json.load(open(c)).get("expected", {})
    txt = c[:-5] + ".txt"
    raw = open(txt, "rb").read()
    payloads.append(raw)
    ours_results.append((expected, ours(txt)))
    peer_results.append((expected, peer(raw.decode("utf-8", "replace"))))
o_right, total = score(ours_results)
p_right, _ = score(peer_results)

gen = subprocess.run([BIN, "generate", "aamva", "--count", "2000", "--seed", "11"], capture_output=True, text=True, check=True).stdout
generated = [json.loads(l)["text"].encode("latin-1") for l in gen.splitlines()]
mix = generated + payloads
with tempfile.NamedTemporaryFile("wb", delete=False) as f:
    f.write(b"\0".join(mix))
    path = f.name


def swift_rate(mode):
    """Median of three 2-second runs, per second of CPU time (one core), so that other
    processes on the machine do not count against it."""
    runs = [json.loads(subprocess.run([".build/release/idreader-bench", mode, path], capture_output=True, text=True,
                                      check=True).stdout)["perCPUSecond"] for _ in range(3)]
    return {"perSecond": statistics.median(runs), "runs": runs}


swift = swift_rate("aamva")
swift_fields = swift_rate("aamva-fields")
texts = [m.decode("latin-1") for m in mix]
n = 0
start, cpu_start = time.perf_counter(), time.process_time()
while time.perf_counter() - start < 2:
    for t in texts:
        try:
            aamva_parser.parse(t)
        except Exception:
            pass
        n += 1
py_rate = n / (time.process_time() - cpu_start)  # per CPU-second, like ours

print(f"Corpus: {len(cases)} payloads, {total} expected fields (postal_code_raw/given_names not counted)")
print(f"{'parser':<26}{'fields right':>16}{'parse+check/s':>15}{'+all fields/s':>15}")
print(f"{'idreader (Swift)':<26}{o_right:>8} / {total:<5}{swift['perSecond']:>15,.0f}{swift_fields['perSecond']:>15,.0f}")
print(f"{'aamva-parser (Python)':<26}{p_right:>8} / {total:<5}{'':>15}{py_rate:>15,.0f}")
print(f"idreader parse+check runs (payloads per CPU-second): {', '.join(f'{r:,.0f}' for r in swift['runs'])}")
print(f"throughput ratio: {swift['perSecond'] / py_rate:,.0f}x parse+check, {swift_fields['perSecond'] / py_rate:,.0f}x with all fields"
      f"  (mix of {len(generated)} generated + {len(payloads)} corpus payloads)")
