#!/usr/bin/env python3
"""MRZ from images: idreader vs PassportEye, in one run.

Also "scale-<N>MP": four idphoto-gen clean pages (SCALE_PAGES) resized to 0.5, 2, 4, 8 and
12 MP, so that a row per size shows whether a picture's size changes the reading or its cost.

Sets: ../shared/corpus/mrz (real specimen photos) and generated pages
(tools/mrz-samples: TD3 passports, TD1 cards, MRV-A visas) at three levels, plus
"turned": mild pages at 90/180/270° (and a few degrees off), "skewed": mild pages 12–15°
off one of the four orientations.
Reports exact-MRZ rate (all lines equal), per-field accuracy (issuing state, names, document
number, nationality, birth and expiry dates, sex), valid-but-wrong count (marked valid, lines
wrong: the number that must be 0), and median / p90 ms per image.
Also pages of another generator, ../shared/tools/idphoto-gen (sets idphoto-clean,
idphoto-mild, idphoto-hard: all five formats, IDPHOTO_PER pages per format and tier,
default 20, at seed IDPHOTO_SEED, default 11), so that no number comes from one renderer
alone.  "valid" counts readings marked valid (and right): a true reading that the doubt
rules leave uncertain is exact but not valid.
Run from the repo root after `swift build -c release` (`make bench-mrz-images`);
optional arguments choose sets: bench/mrz_read.py corpus clean idphoto-hard.
IDREADER_BENCH=path/to/idreader-bench measures another build (e.g. an older commit's)
--ours-only leaves PassportEye out, --read-only the `--only mrz` rows.
"""
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

OUT = "bench/out/mrz"
CORPUS = "../shared/corpus/mrz"
IDPHOTO = "../shared/tools/idphoto-gen/gen.py"
IDPHOTO_SEED = int(os.environ.get("IDPHOTO_SEED", "11"))
IDPHOTO_PER = int(os.environ.get("IDPHOTO_PER", "20"))
BENCH = os.environ.get("IDREADER_BENCH", ".build/release/idreader-bench")


def idphoto_dir():
    return os.path.join(OUT, f"idphoto-seed{IDPHOTO_SEED}-per{IDPHOTO_PER}")


def generate_idphoto():
    d = idphoto_dir()
    if not os.path.exists(os.path.join(d, "mrz", "manifest.jsonl")):
        subprocess.run([sys.executable, IDPHOTO, "--seed", str(IDPHOTO_SEED), "--out", d, "--only", "mrz",
                        "--mrz-per", str(IDPHOTO_PER)], check=True, stdout=subprocess.DEVNULL)


def idphoto_cases(tier):
    """(image, expected lines) of one idphoto-gen tier; the JSON beside each image is its truth."""
    out = []
    for js in sorted(glob.glob(os.path.join(idphoto_dir(), "mrz", f"mrz_*_{tier}_*.json"))):
        case = json.load(open(js))
        out.append((os.path.join(os.path.dirname(js), case["image"]), case["mrz_lines"]))
    return out


SCALE_PAGES = ("td3_clean_0000", "td3_clean_0017", "td1_clean_0000", "td2_clean_0000")
SCALE_MEGAPIXELS = (0.5, 2, 4, 8, 12)


def scale_dir():
    return os.path.join(OUT, f"scale-seed{IDPHOTO_SEED}")


def generate_scale():
    """The same idphoto-gen pages at 0.5 to 12 MP (a phone photo is 12): read exactly at
    every size, in about the same time."""
    from PIL import Image
    d = scale_dir()
    os.makedirs(d, exist_ok=True)
    for page in SCALE_PAGES:
        case = json.load(open(os.path.join(idphoto_dir(), "mrz", f"mrz_{page}.json")))
        source = Image.open(os.path.join(idphoto_dir(), "mrz", case["image"])).convert("RGB")
        for mp in SCALE_MEGAPIXELS:
            out = os.path.join(d, f"{page}-{mp}MP.jpg")
            if os.path.exists(out):
                continue
            f = (mp * 1e6 / (source.width * source.height)) ** 0.5
            source.resize((round(source.width * f), round(source.height * f)), Image.LANCZOS).save(out, quality=92)
            open(os.path.splitext(out)[0] + ".txt", "w").write("\n".join(case["mrz_lines"]) + "\n")


def generate():
    sets = (("clean", "clean", ["0"], 201), ("mild", "mild", ["0", "5", "-5"], 202), ("hard", "hard", ["0", "4", "-4"], 203),
            ("turned", "mild", ["90", "180", "270", "93", "184", "266"], 204),
            ("skewed", "mild", ["15", "-15", "12", "-12", "105", "-75", "195", "165", "285", "255"], 205))
    for name, level, rotations, seed in sets:
        d = os.path.join(OUT, name)
        if not glob.glob(d + "/*.txt"):
            subprocess.run([sys.executable, "tools/mrz-samples/make_mrz_images.py", d, "--count", "8", "--seed", str(seed),
                            "--level", level, "--rotate", *rotations], check=True)


def prepare(wanted):
    """Makes the generated sets among `wanted` that are not made yet (the project's own and idphoto-gen's)."""
    if any(w in ("clean", "mild", "hard", "turned", "skewed") for w in wanted):
        generate()
    if any(w.startswith("idphoto") for w in wanted):
        generate_idphoto()


def cases():
    sets = {"corpus": sorted(p for p in glob.glob(CORPUS + "/*") if p.endswith((".jpg", ".png")))}
    for name in ("clean", "mild", "hard", "turned", "skewed"):
        sets[name] = sorted(p for p in glob.glob(os.path.join(OUT, name, "*")) if p.endswith((".jpg", ".png")))
    out = {k: [(p, open(os.path.splitext(p)[0] + ".txt").read().split()) for p in v] for k, v in sets.items()}
    for tier in ("clean", "mild", "hard"):
        out["idphoto-" + tier] = idphoto_cases(tier)
    # pictures with no MRZ (the shared PDF417 images), read with `--only mrz`: what the
    # whole MRZ search costs when it finds nothing, and whether it makes one up
    out["no-mrz"] = [(p, []) for p in sorted(glob.glob("../shared/corpus/pdf417/*.png") + glob.glob("../shared/corpus/pdf417/*.jpg"))]
    for mp in SCALE_MEGAPIXELS:
        paths = sorted(glob.glob(os.path.join(scale_dir(), f"*-{mp}MP.jpg")))
        out[f"scale-{mp}MP"] = [(p, open(os.path.splitext(p)[0] + ".txt").read().split()) for p in paths]
    return out


# `--glyph-folds DIR` (bench/mrz_recall.py, bench/mrz_doubts.py): the glyph classifier's
# models of tools/train-glyphs/glyphs.py folds.  Each real corpus picture is read with the
# model of the document fold that did not train on it (DIR/fold-F.bin), every generated
# picture with the model of all the data (DIR/all.bin).
GLYPH_FOLDS = None


def glyph_folds_option(argv):
    """`argv` without `--glyph-folds DIR`, which it sets as GLYPH_FOLDS."""
    global GLYPH_FOLDS
    if "--glyph-folds" not in argv:
        return argv
    at = argv.index("--glyph-folds")
    if at + 1 >= len(argv) or not os.path.isfile(os.path.join(argv[at + 1], "all.bin")):
        sys.exit("--glyph-folds needs a folder glyphs.py folds wrote (fold-0.bin … and all.bin)")
    GLYPH_FOLDS = argv[at + 1]
    return argv[:at] + argv[at + 2:]


def wanted_sets(argv):
    """The sets `argv` names (default: the real corpus; `--glyph-folds DIR` taken out and
    set), generated where needed, as (name, items) pairs in `cases`'s order, empty sets left out."""
    wanted = glyph_folds_option(argv) or ["corpus"]
    prepare(wanted)
    sets = cases()
    unknown = [w for w in wanted if w not in sets]
    if unknown:
        sys.exit(f"no set named {', '.join(unknown)}; the sets are {', '.join(sets)}")
    return [(name, items) for name, items in sets.items() if name in wanted and items]


def glyph_weights(path, expected):
    """The weights file GLYPH_FOLDS reads the picture at `path` with (None: the shipped model)."""
    if GLYPH_FOLDS is None:
        return None
    if os.path.abspath(path).startswith(os.path.abspath(CORPUS) + os.sep):
        sys.path.insert(0, "tools/train-glyphs")
        import glyphs  # the folds the models were trained by
        return glyphs.fold_model(GLYPH_FOLDS, glyphs.fold_of("\n".join(expected)))
    return os.path.join(GLYPH_FOLDS, "all.bin")


def bench_rows(items, mode):
    """`idreader-bench MODE` over the items' images: one JSON object per image, in order
    (one run per glyph weights file, `--glyph-folds`)."""
    groups = {}
    for i, (path, expected) in enumerate(items):
        groups.setdefault(glyph_weights(path, expected), []).append(i)
    rows = [None] * len(items)
    for weights, indices in groups.items():
        for i, row in zip(indices, bench_output([items[i][0] for i in indices], mode, weights)):
            rows[i] = row
    return rows


def bench_output(paths, mode, weights=None):
    """`idreader-bench MODE` over `paths` (the glyph classifier's `weights`, None: the
    shipped model): the JSON objects it prints, one a line.  The list goes to a temporary
    file of its own, so benches may run side by side."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as listfile:
        listfile.write("\n".join(paths))
        listfile.flush()
        extra = ["--glyph-weights", weights] if weights else []
        out = subprocess.run([BENCH, mode, listfile.name, *extra], capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def ours(items, mode):
    """mode "read-images": a full `idreader read` (MRZ and licences); "mrz-images": `--only mrz`."""
    return [(r["lines"], r["valid"], r["ms"], r["cpuMs"]) for r in bench_rows(items, mode)]


def passporteye(items):
    import warnings
    warnings.filterwarnings("ignore", category=FutureWarning)  # skimage deprecations inside PassportEye
    from passporteye import read_mrz
    res = []
    def cpu():
        # PassportEye runs Tesseract in child processes: count their CPU time too
        t = os.times()
        return t.user + t.system + t.children_user + t.children_system
    for p, _ in items:
        start, cpu_start = time.perf_counter(), cpu()
        try:
            mrz = read_mrz(p)
        except Exception:
            mrz = None
        ms, cpu_ms = 1000 * (time.perf_counter() - start), 1000 * (cpu() - cpu_start)
        if mrz is None:
            res.append(([], False, ms, cpu_ms))
        else:
            d = mrz.to_dict()
            res.append((d.get("raw_text", "").split(), bool(d.get("valid_score", 0) == 100), ms, cpu_ms))
    return res


# ICAO 9303 field positions (line, start, end) by layout, for per-field accuracy.
FIELDS = {
    (2, 44): {"issuing": (0, 2, 5), "names": (0, 5, 44), "number": (1, 0, 9), "nationality": (1, 10, 13),
              "birth": (1, 13, 19), "sex": (1, 20, 21), "expiry": (1, 21, 27)},
    (2, 36): {"issuing": (0, 2, 5), "names": (0, 5, 36), "number": (1, 0, 9), "nationality": (1, 10, 13),
              "birth": (1, 13, 19), "sex": (1, 20, 21), "expiry": (1, 21, 27)},
    (3, 30): {"issuing": (0, 2, 5), "names": (2, 0, 30), "number": (0, 5, 14), "nationality": (1, 15, 18),
              "birth": (1, 0, 6), "sex": (1, 7, 8), "expiry": (1, 8, 14)},
}


def corpus_groups(items):
    """The corpus's images by format (MANIFEST.tsv) and by kind: "scan" (scanners and
    document readers), "photo" (a camera), "web" (specimen figures from the web)."""
    import csv
    manifest = {row["file"]: row for row in csv.DictReader(open(os.path.join(CORPUS, "MANIFEST.tsv")), delimiter="\t")}
    groups = {}
    for index, (path, _) in enumerate(items):
        row = manifest.get(os.path.basename(path), {})
        notes = row.get("notes", "").lower()
        kind = "scan" if notes.startswith("scan") else "photo" if "photo" in notes else "web"
        for key in (row.get("format", "?"), kind):
            groups.setdefault(key, []).append(index)
    return groups


def field_accuracy(items, results):
    """Fraction of (image, field) pairs read exactly; a missing reading gets every field wrong."""
    if all(not e for _, e in items):
        return float("nan")
    right = total = 0
    for r, (_, expected) in zip(results, items):
        layout = FIELDS.get((len(expected), len(expected[0]) if expected else 0))
        if not layout:
            continue
        for line, start, end in layout.values():
            total += 1
            got = r[0]
            right += len(got) == len(expected) and len(got[line]) == len(expected[line]) and got[line][start:end] == expected[line][start:end]
    return right / total if total else float("nan")


def row(name, label, items, results):
    exact = sum(r[0] == e for r, (_, e) in zip(results, items))
    valid = sum(r[1] and r[0] == e for r, (_, e) in zip(results, items))
    wrong_valid = sum(r[1] and r[0] != e for r, (_, e) in zip(results, items))
    ms = sorted(r[2] for r in results)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    cpu = statistics.median(r[3] for r in results)
    print(f"| {name} | {label} | {len(items)} | {exact / len(items):.0%} | {valid} | {field_accuracy(items, results):.1%} | {wrong_valid} | "
          f"{statistics.median(ms):.0f} | {p90:.0f} | {cpu:.0f} |")


def main():
    ours_only = "--ours-only" in sys.argv
    wanted = [a for a in sys.argv[1:] if not a.startswith("--")] or [
        "corpus", "clean", "mild", "hard", "turned", "skewed", "idphoto-clean", "idphoto-mild", "idphoto-hard", "no-mrz"] + [
        f"scale-{mp}MP" for mp in SCALE_MEGAPIXELS]
    generate()
    if any(w.startswith(("idphoto", "scale")) for w in wanted):
        generate_idphoto()
    if any(w.startswith("scale") for w in wanted):
        generate_scale()
    # wall-clock ms, and CPU ms of the reading process and its children (steadier on a
    # shared machine)
    print(f"idphoto-gen seed {IDPHOTO_SEED}, {IDPHOTO_PER} pages per format and tier; reader {BENCH}")
    print("| set | reader | images | exact MRZ | valid (and right) | fields right | valid but wrong | median ms | p90 ms | median CPU ms |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, items in cases().items():
        if not items or name not in wanted:
            continue
        if name == "no-mrz":
            row(name, "idreader read --only mrz", items, ours(items, "mrz-images"))
            continue
        results = ours(items, "read-images")
        row(name, "idreader read", items, results)
        if name == "corpus":
            for group, indices in sorted(corpus_groups(items).items()):
                row(f"corpus {group}", "idreader read", [items[i] for i in indices], [results[i] for i in indices])
        if "--read-only" not in sys.argv:
            row(name, "idreader read --only mrz", items, ours(items, "mrz-images"))
        if ours_only:
            continue
        try:
            theirs = passporteye(items)
            row(name, "PassportEye", items, theirs)
            if name == "corpus":
                for group, indices in sorted(corpus_groups(items).items()):
                    row(f"corpus {group}", "PassportEye", [items[i] for i in indices], [theirs[i] for i in indices])
        except ImportError:
            print(f"| {name} | PassportEye | not installed (pip install passporteye) | | | | | | |")


if __name__ == "__main__":
    main()
