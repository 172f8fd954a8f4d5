#!/usr/bin/env python3
"""Where the document is: `location.outline` and `location.portrait` of `idreader read`
against idphoto-gen's `document_quad` and `portrait_quad` (../shared/tools/idphoto-gen).

Pages are generated into bench/out/location/seed-N (never committed) at the clean, mild and
hard tiers: MRZ pages of every format and licence backs.  For each read page (a document
whose MRZ lines or payload are the generator's) it measures:
- the outline's mean corner error over the document's diagonal (target: <= 1.5 % on >= 97 %
  of read clean and mild pages, >= 90 % of read hard pages; licence backs the same);
- the portrait's intersection over union with the generator's (target: >= 0.8 on >= 95 %
  of read pages that have one);
and, over the real corpus (../shared/corpus/mrz, ../shared/corpus/pdf417), how many read
documents have an outline (target: all); and the CPU ms per document that finding the
locations takes in process (`idreader-bench locations`, a release build): the free ones of
every read, and the outline, portrait and crop that only `--outline`/`--crop` ask for
(target <= 20 ms).  idreader is run with `--outline`.

LOCATION_SEEDS lists the seeds (default "1 2 3 4"), LOCATION_TUNED those tuned on (default "1 2";
the outline was measured once at 31-33, the portrait, tuned on 1 only, at 5, 6 and 7);
LOCATION_MRZ_PER and LOCATION_DL_PER the pages per format and tier (default 6 and 15);
LOCATION_CORPUS=0 leaves the real corpus out; LOCATION_OUT=DIR generates into DIR (default bench/out/location); LOCATION_DRAW=DIR draws every page over 1.5 % into
DIR (the picture with the truth in green, the outline in red, the MRZ or symbol read in blue), to
see why.
Run from the repo root after `swift build --product idreader` (`make bench-location`);
IDREADER=path/to/idreader measures another build.
"""
import glob
import json
import os
import subprocess
import sys

OUT = os.environ.get("LOCATION_OUT", "bench/out/location")
IDPHOTO = "../shared/tools/idphoto-gen/gen.py"
CORPORA = ["../shared/corpus/mrz", "../shared/corpus/pdf417"]
SEEDS = [int(s) for s in os.environ.get("LOCATION_SEEDS", "1 2 3 4").split()]
TUNED = {int(s) for s in os.environ.get("LOCATION_TUNED", "1 2").split()}
MRZ_PER = os.environ.get("LOCATION_MRZ_PER", "6")
DL_PER = os.environ.get("LOCATION_DL_PER", "15")
IDREADER = os.environ.get("IDREADER", ".build/debug/idreader")
BENCH = os.environ.get("IDREADER_BENCH", ".build/release/idreader-bench")
IMAGE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".bmp", ".pnm", ".webp")


def generate(seed):
    out = os.path.join(OUT, f"seed-{seed}")
    if not os.path.exists(os.path.join(out, "gen_report.json")):
        subprocess.run([sys.executable, IDPHOTO, "--seed", str(seed), "--out", out, "--mrz-per", MRZ_PER, "--dl-per", DL_PER,
                        "--workers", "2"], check=True, stdout=subprocess.DEVNULL)
    cases = []
    for path in sorted(glob.glob(os.path.join(out, "*", "*.json"))):
        with open(path) as f:
            truth = json.load(f)
        if "image" in truth:
            truth["path"] = os.path.join(os.path.dirname(path), truth["image"])
            cases.append(truth)
    return cases


def read(paths):
    """idreader's results by input path, one process over all pictures."""
    results = {}
    for start in range(0, len(paths), 200):
        done = subprocess.run([IDREADER, "read", "--outline", "--format", "jsonl", *paths[start:start + 200]], capture_output=True, text=True)
        for line in done.stdout.splitlines():
            result = json.loads(line)
            results[result["input"]] = result
    return results


def distance(a, b):
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def corner_error(found, truth):
    """Mean corner distance over the truth's diagonal."""
    diagonal = (distance(truth[0], truth[2]) + distance(truth[1], truth[3])) / 2
    return sum(distance(f, t) for f, t in zip(found, truth)) / 4 / diagonal


def polygon_area(points):
    return abs(sum(points[i][0] * points[i - 1][1] - points[i - 1][0] * points[i][1] for i in range(len(points)))) / 2


def clip(subject, clipper):
    """Sutherland–Hodgman: the part of convex `subject` inside convex `clipper` (both clockwise in image axes or both not)."""
    def inside(p, a, b, sign):
        return sign * ((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) >= 0

    def meet(p, q, a, b):
        x1, y1, x2, y2 = p[0], p[1], q[0], q[1]
        x3, y3, x4, y4 = a[0], a[1], b[0], b[1]
        d = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
        if abs(d) < 1e-12:
            return q
        t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / d
        return (x1 + t * (x2 - x1), y1 + t * (y2 - y1))

    area = sum(clipper[i][0] * clipper[i - 1][1] - clipper[i - 1][0] * clipper[i][1] for i in range(len(clipper)))
    sign = -1 if area > 0 else 1
    output = list(subject)
    for i in range(len(clipper)):
        a, b = clipper[i - 1], clipper[i]
        points, output = output, []
        for j in range(len(points)):
            p, q = points[j - 1], points[j]
            if inside(q, a, b, sign):
                if not inside(p, a, b, sign):
                    output.append(meet(p, q, a, b))
                output.append(q)
            elif inside(p, a, b, sign):
                output.append(meet(p, q, a, b))
        if not output:
            return []
    return output


def iou(a, b):
    common = clip(a, b)
    shared = polygon_area(common) if len(common) >= 3 else 0
    union = polygon_area(a) + polygon_area(b) - shared
    return shared / union if union > 0 else 0


def matching_document(result, truth):
    for document in result.get("documents", []):
        if "mrz_lines" in truth and (document.get("mrz") or {}).get("lines") == truth["mrz_lines"]:
            return document
        if "payload" in truth and (document.get("barcode") or {}).get("text") == truth["payload"]:
            return document
    return None


def draw(case, document, error):
    """The picture with the truth (green), the outline (red) and the zone read (blue), into LOCATION_DRAW."""
    folder = os.environ.get("LOCATION_DRAW")
    if not folder:
        return
    from PIL import Image, ImageDraw
    os.makedirs(folder, exist_ok=True)
    picture = Image.open(case["path"]).convert("RGB")
    pen = ImageDraw.Draw(picture)
    width = max(2, picture.width // 400)
    location = document.get("location") or {}
    zone = (location.get("mrz") or location.get("barcode") or {}).get("corners")
    for quad, colour in ((case["document_quad"], (0, 200, 0)), ((location.get("outline") or {}).get("corners"), (230, 0, 0)),
                         (zone, (0, 80, 255))):
        if quad:
            pen.line([tuple(p) for p in quad] + [tuple(quad[0])], fill=colour, width=width)
            pen.ellipse([quad[0][0] - 3 * width, quad[0][1] - 3 * width, quad[0][0] + 3 * width, quad[0][1] + 3 * width], outline=colour, width=width)
    name = os.path.splitext(os.path.basename(case["path"]))[0]
    picture.save(os.path.join(folder, f"{name}-{100 * error:.1f}.png"))


def share(values, limit, above=False):
    hits = [v for v in values if (v >= limit if above else v <= limit)]
    return f"{len(hits)}/{len(values)} = {100 * len(hits) / len(values):.1f} %" if values else "-"


def measure(seed):
    cases = generate(seed)
    results = read([c["path"] for c in cases])
    rows = {}
    misses = []
    for case in cases:
        document = matching_document(results.get(case["path"], {}), case)
        if document is None:
            continue
        family = "licence" if "payload" in case else "mrz"
        tier = case["tier"] if case["tier"] == "hard" else "clean+mild"
        row = rows.setdefault((family, tier), {"errors": [], "ious": [], "sources": {}})
        outline = ((document.get("location") or {}).get("outline") or {})
        if outline.get("corners"):
            error = corner_error(outline["corners"], case["document_quad"])
            row["errors"].append(error)
            row["sources"][outline["source"]] = row["sources"].get(outline["source"], 0) + 1
            if error > 0.015:
                misses.append((os.path.basename(case["path"]), round(100 * error, 2), outline["source"]))
                draw(case, document, error)
        else:
            row["errors"].append(float("inf"))
        if case.get("portrait_quad"):
            portrait = (document.get("location") or {}).get("portrait")
            row["ious"].append(iou(portrait, case["portrait_quad"]) if portrait else 0.0)
    print(f"seed {seed}{' (tuned on)' if seed in TUNED else ' (unseen)'}")
    for (family, tier), row in sorted(rows.items()):
        print(f"  {family:8} {tier:11} outline error <= 1.5 %: {share(row['errors'], 0.015):22} sources {row['sources']}"
              f"   portrait IoU >= 0.8: {share(row['ious'], 0.8, above=True)}")
    for miss in misses[:12]:
        print("    over 1.5 %:", *miss)
    return rows


def corpus():
    paths = [p for folder in CORPORA for p in sorted(glob.glob(os.path.join(folder, "**", "*"), recursive=True))
             if p.lower().endswith(IMAGE_EXTENSIONS)]
    results = read(paths)
    documents = [d for r in results.values() for d in r.get("documents", [])]
    outlined = [d for d in documents if ((d.get("location") or {}).get("outline") or {}).get("corners")]
    print(f"real corpus: {len(outlined)}/{len(documents)} read documents have an outline ({len(paths)} pictures)")


def cost(paths):
    listing = os.path.join(OUT, "cost-paths.txt")
    with open(listing, "w") as f:
        f.write("\n".join(paths))
    done = subprocess.run([BENCH, "locations", listing], capture_output=True, text=True)
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    for key, what in (("freeMs", "locations of every read (MRZ, symbol)"), ("cpuMs", "outline and portrait (when asked)"),
                      ("cropMs", "straightening the document and portrait (--crop, before PNG)"),
                      (None, "outline, portrait and crop together")):
        per_document = sorted((r[key] if key else r["cpuMs"] + r["cropMs"]) / r["documents"] for r in rows if key is None or key in r)
        if per_document:
            n = len(per_document)
            print(f"{what}: CPU ms per document over {n} pictures read ({BENCH}): median {per_document[n // 2]:.2f}, "
                  f"p90 {per_document[int(n * 0.9)]:.2f}, max {per_document[-1]:.2f}")


def main():
    paths = []
    for seed in SEEDS:
        measure(seed)
        paths += [c["path"] for c in generate(seed)]
    if os.environ.get("LOCATION_CORPUS", "1") != "0":
        corpus()
    if os.path.exists(BENCH):
        cost(paths[::4])


if __name__ == "__main__":
    main()
