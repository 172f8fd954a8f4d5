#!/usr/bin/env python3
"""Training pages from the reader's crops of real MRZ lines, and the folds that keep the
evaluation honest.

The crops come from `idreader-bench mrz-lines LIST DIR` (NAME-K.pgm + NAME-K.gt.txt: line K
of image NAME, in the reader's view at the model's input height).  A model trained on a
real line cannot be measured on it, so the documents are split into folds: a model
trained on the other folds' lines reads a fold's lines.  A document is the set of its
expected lines, so that copies of one document (one photo with three EXIF orientations,
a scan and a photo of one specimen) fall into one fold.

  real_lines.py folds DIR K
      prints each document's fold (0..K-1), one `NAME FOLD` per line
  real_lines.py pages DIR OUTDIR --folds K --exclude F [--variants N] [--seed S]
      N augmented copies of every line outside fold F (all lines if F is -1), stacked 100
      to a page with WordStr boxes (render.py's page format) for `tesseract ... lstm.train`
  real_lines.py holdout DIR OUTDIR --folds K --fold F
      links fold F's crops into OUTDIR (to read with evaluate.py --corpus-lines)
  real_lines.py score DIR MODEL_DIR... [--folds K --fold F]
      each model's character errors and exact lines on DIR's crops (fold F's only, if given)

The augmentation varies what differs between prints and photos of one document: the ink's
weight (a grey erosion or dilation blended in), the character size (reduced and enlarged
again), blur, contrast and light, noise, JPEG, a slight tilt and stretch, and a dark line
in a side margin (a card's edge or a frame).  (The crops'
sides are not cut: some crops end close to their first or last glyph.)
"""
import argparse
import hashlib
import io
import os
import random
import sys
import tempfile

import cv2
import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evaluate  # noqa: E402  (Tesseract's reading and the edit distance, as the model card measures)
import render  # noqa: E402  (the page and box format tesseract training reads)


def crops(directory):
    """{image name: [(line index, crop path, expected text)]}, sorted."""
    found = {}
    for f in sorted(os.listdir(directory)):
        if not f.endswith(".pgm"):
            continue
        stem = f[:-4]
        name, _, index = stem.rpartition("-")
        text = open(os.path.join(directory, stem + ".gt.txt")).read().strip()
        found.setdefault(name, []).append((int(index), os.path.join(directory, f), text))
    return {name: sorted(lines) for name, lines in found.items()}


def folds(directory, k):
    """{image name: fold}: by a hash of the document's expected lines, so one document's
    copies share a fold; stable across runs and machines."""
    result = {}
    for name, lines in crops(directory).items():
        document = "\n".join(text for _, _, text in lines)
        result[name] = int(hashlib.sha256(document.encode()).hexdigest(), 16) % k
    return result


def augment(gray, rng):
    """One variant of a crop (uint8 array, the model's input height kept)."""
    height, width = gray.shape
    img = gray.astype(np.float32)
    # ink weight: a print's strokes are bolder (bleed) or thinner (worn, laser) than ours
    if rng.random() < 0.6:
        kernel = np.ones((2, 2), np.uint8)
        other = cv2.erode(gray, kernel) if rng.random() < 0.5 else cv2.dilate(gray, kernel)
        alpha = rng.uniform(0.2, 0.7)
        img = (1 - alpha) * img + alpha * other.astype(np.float32)
    # smaller characters: reduced and enlarged again
    if rng.random() < 0.4:
        factor = rng.uniform(0.55, 0.9)
        small = cv2.resize(img, (max(8, int(width * factor)), max(8, int(height * factor))), interpolation=cv2.INTER_AREA)
        img = cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)
    if rng.random() < 0.4:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 0.9))
    # a slight tilt, stretch and shift.  What comes in at the edges is paper: a replicated
    # edge smears a glyph that stands close to it into a second one (the model then learns
    # to read the first and last characters twice)
    if rng.random() < 0.6:
        paper = float(np.percentile(gray, 90))
        stretch = rng.uniform(0.94, 1.06)
        matrix = cv2.getRotationMatrix2D((width / 2, height / 2), rng.uniform(-0.8, 0.8), 1.0)
        matrix[0, :] *= stretch
        matrix[1, 2] += rng.uniform(-1, 1)
        img = cv2.warpAffine(img, matrix, (int(round(width * stretch)), height), borderMode=cv2.BORDER_CONSTANT, borderValue=paper)
    # clutter in the margin at a side: a card's edge, a frame or a ruled line beside the text,
    # which the reader's crops of real prints hold and which is no character
    if rng.random() < 0.2:
        img = img.copy()
        room = max(2, int(0.3 * img.shape[0]))
        column = rng.randrange(0, room) if rng.random() < 0.5 else img.shape[1] - 1 - rng.randrange(0, room)
        thickness = rng.randint(1, 2)
        top, bottom = (0, img.shape[0]) if rng.random() < 0.6 else sorted(rng.sample(range(img.shape[0]), 2))
        img[top:bottom, max(0, column - thickness + 1):column + 1] = rng.uniform(0, 90)
    # contrast and light: dark ink grey, paper not white, a gradient across the line
    low, high = rng.uniform(0, 90), rng.uniform(160, 255)
    gamma = rng.uniform(0.7, 1.4)
    img = low + (high - low) * (np.clip(img, 0, 255) / 255.0) ** gamma
    if rng.random() < 0.3:
        img = img * np.linspace(rng.uniform(0.75, 1.0), rng.uniform(0.75, 1.0), img.shape[1])[None, :]
    if rng.random() < 0.5:
        img = img + np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(2, 10), img.shape)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        buffer = io.BytesIO()
        Image.fromarray(out).save(buffer, "JPEG", quality=rng.randint(30, 90))
        out = np.array(Image.open(io.BytesIO(buffer.getvalue())).convert("L"))
    return out


def write_pages(directory, outdir, k, exclude, variants, seed, per_page=100):
    rng = random.Random(seed)
    fold = folds(directory, k)
    samples = []
    for name, lines in crops(directory).items():
        if exclude >= 0 and fold[name] == exclude:
            continue
        for _, path, text in lines:
            gray = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
            samples.append((text, Image.fromarray(gray)))
            samples += [(text, Image.fromarray(augment(gray, rng))) for _ in range(variants)]
    rng.shuffle(samples)
    os.makedirs(outdir, exist_ok=True)
    for start in range(0, len(samples), per_page):
        render.write_page(os.path.join(outdir, f"real-{start // per_page:04d}"), samples[start:start + per_page])
    return len(samples)


def score(directory, model_dir, k, only_fold):
    """(character errors, characters, exact lines, lines) of the model in `model_dir` on the
    crops of `directory` (fold `only_fold`'s only, unless None), read as evaluate.py reads."""
    fold = folds(directory, k)
    items = [(path, text) for name, lines in crops(directory).items() if only_fold is None or fold[name] == only_fold
             for _, path, text in lines]
    with tempfile.TemporaryDirectory() as work:
        texts, _ = evaluate.recognise([p for p, _ in items], "ocrb", model_dir, work, "real", "13")
    errors = sum(evaluate.edit_distance(t, g) for t, (_, g) in zip(texts, items))
    return errors, sum(len(g) for _, g in items), sum(t == g for t, (_, g) in zip(texts, items)), len(items)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["folds", "pages", "holdout", "score"])
    ap.add_argument("args", nargs="+")
    ap.add_argument("--folds", type=int, default=2)
    ap.add_argument("--exclude", type=int, default=-1, help="pages: the fold left out (-1: none)")
    ap.add_argument("--fold", type=int, default=None, help="holdout, score: the fold read")
    ap.add_argument("--variants", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    if a.mode == "folds":
        for name, f in sorted(folds(a.args[0], int(a.args[1])).items()):
            print(name, f)
    elif a.mode == "pages":
        print(write_pages(a.args[0], a.args[1], a.folds, a.exclude, a.variants, a.seed), "lines")
    elif a.mode == "score":
        for model in a.args[1:]:
            errors, chars, exact, lines = score(a.args[0], model, a.folds, a.fold)
            print(f"{model}: {errors} errors in {chars} characters ({100 * errors / max(chars, 1):.3f} %), {exact} / {lines} lines exact")
    else:
        os.makedirs(a.args[1], exist_ok=True)
        fold = folds(a.args[0], a.folds)
        for name, lines in crops(a.args[0]).items():
            if fold[name] != a.fold:
                continue
            for _, path, _ in lines:
                stem = os.path.basename(path)[:-4]
                for ext in (".pgm", ".gt.txt"):
                    target = os.path.join(a.args[1], stem + ext)
                    if not os.path.exists(target):
                        os.symlink(os.path.join(os.path.abspath(a.args[0]), stem + ext), target)


if __name__ == "__main__":
    main()
