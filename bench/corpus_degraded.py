#!/usr/bin/env python3
"""The real MRZ corpus degraded one cause at a time (issue 44): which pictures are then no
longer read, and the cause `idreader read` names for them.

Each picture of ../shared/corpus/mrz that is read exactly (its reading's lines equal the
`.txt` beside it) is degraded by one known cause:
- blur 0.3 h and blur 0.45 h: a Gaussian whose sigma is 0.3 or 0.45 character heights (a
  phone that focused on the background); expected cause `blurred`;
- shrunk so that its characters are 3.5 px high; expected `tooSmall`;
- levels x 0.04 (every grey level scaled down: a picture taken in the dark); expected
  `tooDark`.
A degraded picture counts only when it is no longer read (no document at all). Prints, per
degradation, how many were not read, the causes named, the share named right and how many
were named `noDocument` (target: none); and how many were read, read exactly (the original
picture's lines), read valid, and read valid but wrong (never allowed): counts only. Pictures are made in bench/out/degraded/ (never
committed). Run from the repo root after `swift build -c release --product idreader`;
IDREADER=path/to/idreader measures another build.  `--blur H` (repeatable) adds a blur of H
character heights (e.g. 0.38, a blur the causes were not tuned on); `--only-blur` makes only
the blurred sets.
"""
import argparse
import collections
import glob
import json
import os
import subprocess
import sys

OUT = "bench/out/degraded"
CORPUS = "../shared/corpus/mrz"
IDREADER = os.environ.get("IDREADER", ".build/release/idreader")
DEGRADATIONS = {
    "blur 0.3 h": "blurred",
    "blur 0.45 h": "blurred",
    "shrunk to 3.5 px": "tooSmall",
    "levels x 0.04": "tooDark",
}


def read(paths):
    """idreader's result for each path, by path."""
    results = {}
    for start in range(0, len(paths), 200):
        command = [IDREADER, "read", "--format", "jsonl", "--jobs", "2", "--only", "mrz"] + paths[start:start + 200]
        run = subprocess.run(command, capture_output=True, text=True)
        for line in run.stdout.splitlines():
            result = json.loads(line)
            results[result["input"]] = result
    return results


def expected_lines(picture):
    with open(picture.rsplit(".", 1)[0] + ".txt") as f:
        return [line.strip() for line in f if line.strip()]


def read_exactly(result, picture):
    """The character height of the exact reading of `picture`, or None."""
    for document in result.get("documents", []):
        lines = (document.get("mrz") or {}).get("lines") or []
        if lines == expected_lines(picture):
            return (document.get("quality") or {}).get("characterHeight")
    return None


def reading_counts(results, truths):
    """How many of `results` (by degraded picture) read an MRZ, read it exactly, read it
    valid, and read it valid but not as `truths` (the original picture's lines) has it."""
    counts = collections.Counter()
    for out, result in results.items():
        mrz = [d for d in result.get("documents", []) if d.get("mrz")]
        if not mrz:
            continue
        exact = mrz[0]["mrz"].get("lines") == truths[out]
        counts["read"] += 1
        counts["exact"] += exact
        counts["valid"] += bool(mrz[0].get("valid"))
        counts["wrong"] += bool(mrz[0].get("valid")) and not exact
    return counts


def degrade(image, how, height):
    from PIL import Image, ImageFilter
    image = image.convert("L")
    if how.startswith("blur"):
        sigma = float(how.split()[1]) * height
        return image.filter(ImageFilter.GaussianBlur(sigma))
    if how.startswith("shrunk"):
        scale = 3.5 / height
        if scale >= 1:
            return None
        return image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.LANCZOS)
    return image.point(lambda v: round(v * 0.04))


def character_heights(text):
    """`--blur`'s value: a share of the characters' height, above 0 and at most 2."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 2:
        raise argparse.ArgumentTypeError(f"{text} is no blur in character heights; give a number above 0 and at most 2, e.g. 0.38")
    return value


def main():
    from PIL import Image
    parser = argparse.ArgumentParser(description="The real MRZ corpus degraded one cause at a time: the cause named.")
    parser.add_argument("--blur", type=character_heights, action="append", default=[], help="add a blur of this many character heights")
    parser.add_argument("--only-blur", action="store_true", help="make only the blurred sets")
    arguments = parser.parse_args()
    for height in arguments.blur:
        DEGRADATIONS[f"blur {height:g} h"] = "blurred"
    if arguments.only_blur:
        for how in [h for h in DEGRADATIONS if not h.startswith("blur")]:
            del DEGRADATIONS[how]
    os.makedirs(OUT, exist_ok=True)
    pictures = sorted(p for p in glob.glob(os.path.join(CORPUS, "*")) if p.rsplit(".", 1)[-1].lower() in ("png", "jpg", "jpeg"))
    base = read(pictures)
    heights = {p: h for p in pictures if (h := read_exactly(base.get(p, {}), p))}
    print(f"corpus: {len(heights)}/{len(pictures)} read exactly (the pictures degraded)")
    made = {}
    truths = {}
    for picture, height in heights.items():
        image = Image.open(picture)
        for how in DEGRADATIONS:
            degraded = degrade(image, how, height)
            if degraded is None:
                continue
            name = os.path.basename(picture).rsplit(".", 1)[0] + "-" + how.replace(" ", "").replace(".", "") + ".png"
            out = os.path.join(OUT, name)
            degraded.save(out)
            made[out] = how
            truths[out] = expected_lines(picture)
    results = read(list(made))
    total_right = total_failed = total_no_document = 0
    for how, cause in DEGRADATIONS.items():
        outs = [o for o, h in made.items() if h == how]
        failed = [o for o in outs if not results.get(o, {}).get("documents")]
        named = collections.Counter(((results.get(o, {}).get("error") or {}).get("cause") or "none") for o in failed)
        right = named.get(cause, 0)
        total_right += right
        total_failed += len(failed)
        total_no_document += named.get("noDocument", 0)
        share = f"{100 * right / len(failed):.0f} %" if failed else "-"
        print(f"{how:17} made {len(outs):3}  not read {len(failed):3}  named right {right:3} ({share})  noDocument {named.get('noDocument', 0):3}  "
              + ", ".join(f"{k} {v}" for k, v in sorted(named.items())))
        read_counts = reading_counts({o: results.get(o, {}) for o in outs}, truths)
        print(f"{'':17} read {read_counts['read']:3}  exact {read_counts['exact']:3}  valid {read_counts['valid']:3}  "
              f"valid but wrong {read_counts['wrong']:3}")
    share = f"{100 * total_right / total_failed:.1f} %" if total_failed else "-"
    print(f"all: not read {total_failed}, named right {total_right} ({share}), noDocument {total_no_document}")
    for o, h in sorted(made.items()):
        r = results.get(o, {})
        if not r.get("documents"):
            print(f"  {os.path.basename(o)}: {(r.get('error') or {}).get('cause')}", file=sys.stderr)


if __name__ == "__main__":
    main()
