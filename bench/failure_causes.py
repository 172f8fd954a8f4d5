#!/usr/bin/env python3
"""Why nothing was read: the cause `idreader read` names (the error's `cause`) against the
cause a labelled failure was made with, as a confusion table.

The labelled set (made in bench/out/causes/, a folder per seed, never committed):
- idphoto-gen pages (../shared/tools/idphoto-gen, seed CAUSES_SEED, default 36): those the
  generator glared (`render.glare.max_over_target` >= 0.8) and that are not read: glare;
  clean and mild pages that are read, then degraded here by one known cause each, step by
  step until they are no longer read (`LADDERS`): blurred (Gaussian blur of 0.15 to 0.4
  character heights or 0.6 to 1.3 modules), tooSmall (shrunk to 8 to 4.5 px characters or
  0.9 to 0.5 px modules), cutOff (cropped through the MRZ or the symbol, 70 to 40 % of it
  kept), tooDark (levels x 0.1 to 0.03), glare (a washed-out patch, of growing strength,
  over the middle of the MRZ or the symbol);
- the real corpus (../shared/corpus/mrz) shrunk until it fails: tooSmall;
- pictures without a document (scikit-image's sample images): noDocument.
Each degraded picture counts only when it fails (a picture still read is no failure).

Reports the table (rows: the cause made, columns: the cause named), the share named
right, and the checks of issue 36: every picture without a document says noDocument, no
MRZ cause where no MRZ is, no licence cause where no symbol is, every message's wording
matches its cause.  Run from the repo root after `swift build -c release --product
idreader` (`make bench-causes`); IDREADER=path/to/idreader measures another build.
"""
import glob
import json
import os
import subprocess
import sys

OUT = "bench/out/causes"
IDPHOTO = "../shared/tools/idphoto-gen/gen.py"
CORPUS = "../shared/corpus/mrz"
SEED = int(os.environ.get("CAUSES_SEED", "36"))
IDREADER = os.environ.get("IDREADER", ".build/release/idreader")
CAUSES = ["noDocument", "tooSmall", "blurred", "glare", "cutOff", "tooDark", "undecodable"]
# the words each cause's messages carry (README: the error object)
WORDING = {
    "noDocument": ["no machine-readable zone", "no licence barcode", "no mrz or licence barcode"],
    "tooSmall": ["too small"],
    "blurred": ["blurred"],
    "glare": ["glare"],
    "cutOff": ["runs off the edge"],
    "tooDark": ["too dark"],
    "undecodable": ["could not be"],
}


def generate():
    gen = os.path.join(OUT, f"gen-{SEED}")
    if not os.path.exists(os.path.join(gen, "manifest.jsonl")):
        subprocess.run([sys.executable, IDPHOTO, "--seed", str(SEED), "--out", gen, "--mrz-per", "3", "--dl-per", "10", "--workers", "2"],
                       check=True, stdout=subprocess.DEVNULL)
    cases = []
    for path in sorted(glob.glob(os.path.join(gen, "*", "*.json"))):
        with open(path) as f:
            truth = json.load(f)
        truth["path"] = os.path.join(os.path.dirname(path), truth["image"])
        cases.append(truth)
    return cases


def read(paths, only=None):
    """idreader's result for each path, by path."""
    results = {}
    for start in range(0, len(paths), 200):
        command = [IDREADER, "read", "--format", "jsonl", "--jobs", "2"] + (["--only", only] if only else []) + paths[start:start + 200]
        run = subprocess.run(command, capture_output=True, text=True)
        for line in run.stdout.splitlines():
            result = json.loads(line)
            results[result["input"]] = result
    return results


def target(truth):
    """The MRZ's or symbol's quadrilateral and its size unit (character height or module)."""
    if truth["kind"] == "mrz":
        return truth["mrz_quad"], truth["render"]["mrz_char_height_px"]
    return truth["barcode_quad"], truth["barcode"]["module_px"]


# per cause, the degrees tried in turn until the page is no longer read: blur sigma in
# character heights (MRZ) or modules (licences), the character height or module size
# shrunk to, the share of the MRZ or symbol kept by the crop, the factor on the levels,
# the strength of the washed-out patch
LADDERS = {
    "blurred": {"mrz": [0.15, 0.2, 0.25, 0.3, 0.4], "dl": [0.6, 0.8, 1.0, 1.3]},
    "tooSmall": {"mrz": [8, 6, 4.5], "dl": [0.9, 0.7, 0.5]},
    "cutOff": {"mrz": [0.7, 0.55, 0.4], "dl": [0.7, 0.55, 0.4]},
    "tooDark": {"mrz": [0.1, 0.05, 0.03], "dl": [0.1, 0.05, 0.03]},
    "glare": {"mrz": [0.8, 1.2, 1.6], "dl": [0.8, 1.2, 1.6]},
}


def degrade(truth, cause, degree, folder):
    """The page made to fail by `cause` to `degree` (see LADDERS); its path."""
    from PIL import Image, ImageFilter
    import numpy as np
    image = Image.open(truth["path"]).convert("L")
    quad, unit = target(truth)
    xs, ys = [p[0] for p in quad], [p[1] for p in quad]
    if cause == "blurred":
        image = image.filter(ImageFilter.GaussianBlur(degree * unit))
    elif cause == "tooSmall":
        scale = degree / unit
        image = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.LANCZOS)
    elif cause == "cutOff":
        image = image.crop((0, 0, int(min(xs) + degree * (max(xs) - min(xs))), image.height))
    elif cause == "tooDark":
        image = Image.fromarray((np.asarray(image, dtype=np.float32) * degree).astype(np.uint8))
    elif cause == "glare":
        a = np.asarray(image, dtype=np.float32)
        yy, xx = np.mgrid[0:a.shape[0], 0:a.shape[1]]
        cx, cy = sum(xs) / 4, sum(ys) / 4
        rx, ry = 0.2 * (max(xs) - min(xs)), 0.9 * (max(ys) - min(ys))
        weight = np.clip(degree - ((xx - cx) / rx) ** 2 - ((yy - cy) / ry) ** 2, 0, 1)
        image = Image.fromarray((a * (1 - weight) + 255 * weight).astype(np.uint8))
    path = os.path.join(folder, f"{truth['case_id']}-{cause}-{degree}.png")
    image.save(path)
    return path


def degraded_failures(cases, folder):
    """(path, cause, kind) of each read page degraded by each cause: the first degree of
    its ladder that is not read."""
    pending = [(c, cause, 0) for c in cases for cause in LADDERS]
    failures = []
    while pending:
        made = [(degrade(c, cause, LADDERS[cause][c["kind"]][step], folder), c, cause, step) for c, cause, step in pending]
        results = read([path for path, _, _, _ in made])
        pending = []
        for path, c, cause, step in made:
            if not results.get(path, {}).get("documents"):
                failures.append((path, cause, c["kind"]))
            elif step + 1 < len(LADDERS[cause][c["kind"]]):
                pending.append((c, cause, step + 1))
    return failures


def no_document_pictures(folder):
    from PIL import Image
    import numpy as np
    import skimage.data
    names = ["astronaut", "camera", "coffee", "chelsea", "rocket", "coins", "page", "text", "brick", "grass", "gravel", "moon",
             "horse", "hubble_deep_field", "immunohistochemistry", "retina", "clock", "checkerboard", "logo", "cat", "colorwheel",
             "microaneurysms", "binary_blobs", "cell", "shepp_logan_phantom"]
    paths = []
    for name in names:
        array = np.asarray(getattr(skimage.data, name)())
        if array.dtype != np.uint8:
            array = array.astype(np.float64)
            array = (255 * (array - array.min()) / max(1e-9, float(array.max() - array.min()))).astype(np.uint8)
        if array.ndim == 3:
            array = array[..., :3]
        path = os.path.join(folder, f"skimage-{name}.png")
        Image.fromarray(array).save(path)
        paths.append(path)
    return paths


def shrunk_corpus(folder):
    """Each corpus picture that is read, shrunk to 6, 5, 4, then 3.5 px characters
    until it is not read: (path, "tooSmall", "mrz") of the first that is not."""
    from PIL import Image
    pictures = sorted(p for p in glob.glob(os.path.join(CORPUS, "*")) if p.rsplit(".", 1)[-1].lower() in ("png", "jpg", "jpeg"))
    base = read(pictures, only="mrz")
    heights = {}
    for path in pictures:
        docs = base.get(path, {}).get("documents", [])
        height = next((d["quality"]["characterHeight"] for d in docs if (d.get("quality") or {}).get("characterHeight")), None)
        if height:
            heights[path] = height
    pending, failures = list(heights), []
    for target_height in (6, 5, 4, 3.5):
        made = {}
        for path in pending:
            scale = target_height / heights[path]
            if scale >= 1:
                continue
            image = Image.open(path)
            image = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.LANCZOS)
            out = os.path.join(folder, f"corpus-{os.path.basename(path).rsplit('.', 1)[0]}-{target_height}px.png")
            image.convert("RGB").save(out)
            made[path] = out
        results = read(list(made.values()))
        pending = [path for path, out in made.items() if results.get(out, {}).get("documents")]
        failures += [(out, "tooSmall", "mrz") for path, out in made.items() if not results.get(out, {}).get("documents")]
    return failures


def main():
    folder = os.path.join(OUT, f"set-{SEED}")
    os.makedirs(folder, exist_ok=True)
    cases = generate()
    base = read([c["path"] for c in cases])
    labelled = []  # (path, cause made, kind: mrz/dl/none)
    for c in cases:
        r = base.get(c["path"], {})
        glare = (c["render"].get("glare") or {}).get("max_over_target", 0)
        if not r.get("documents"):
            if glare >= 0.8:
                labelled.append((c["path"], "glare", c["kind"]))
            continue
    read_pages = [c for c in cases if c["tier"] != "hard" and base.get(c["path"], {}).get("documents")]
    labelled += degraded_failures(read_pages, folder)
    labelled += shrunk_corpus(folder)
    labelled += [(p, "noDocument", "none") for p in no_document_pictures(folder)]

    results = read([p for p, _, _ in labelled])
    table = {made: {named: 0 for named in CAUSES + ["read"]} for made in CAUSES}
    failures = right = 0
    problems = []
    for path, made, kind in labelled:
        r = results.get(path)
        if r is None:
            problems.append(f"{path}: no result")
            continue
        if r["documents"]:
            table[made]["read"] += 1
            continue
        error = r["error"] or {}
        named = error.get("cause")
        if named not in CAUSES:
            problems.append(f"{os.path.basename(path)}: cause {named!r}")
            continue
        failures += 1
        right += named == made
        table[made][named] += 1
        message = error.get("message", "").lower()
        if not any(w in message for w in WORDING[named]):
            problems.append(f"{os.path.basename(path)}: message does not say {named}: {error.get('message')}")
        # an MRZ's cause only where an MRZ is, a licence's only where a symbol is
        wrong_kind = named != "noDocument" and (kind == "none" or (kind == "dl" and "mrz" in message) or (kind == "mrz" and "barcode" in message))
        if wrong_kind:
            problems.append(f"{os.path.basename(path)} ({kind}): {named}: {error.get('message')}")
        if named != made and os.environ.get("CAUSES_VERBOSE"):
            print(f"  {os.path.basename(path)}: made {made}, named {named}")

    width = 12
    print(f"failure causes: idreader {IDREADER}, {len(labelled)} labelled pictures, seed {SEED}")
    print("made \\ named".ljust(width) + "".join(n[:width - 1].rjust(width) for n in CAUSES + ["read"]))
    for made in CAUSES:
        row = table[made]
        print(made.ljust(width) + "".join(str(row[n]).rjust(width) for n in CAUSES + ["read"]))
    share = 100 * right / max(1, failures)
    print(f"right cause: {right} of {failures} failures ({share:.1f} %; target >= 90 %)")
    no_doc = table["noDocument"]
    print(f"pictures without a document named noDocument: {no_doc['noDocument']} of {sum(no_doc.values())}")
    print(f"problems (wrong kind of cause, wording, missing cause): {len(problems)}")
    for p in problems:
        print("  " + p)


if __name__ == "__main__":
    main()
