#!/usr/bin/env python3
"""Evaluate tessdata/ocrb.traineddata against Tesseract's `eng` + whitelist, in one run.

Held-out lines come from a different seed AND a different renderer than the training
lines: glyphs are rasterised by ImageMagick (its own FreeType path), then put on the same
kinds of backgrounds and degraded at three levels (clean / mild / hard) by render.compose.
Prints a Markdown table: character error rate, exact-line rate and ms per line.

Each set is read twice: as rendered ("raw", line images 20–130 px tall, page segmentation
as a single line), and as IDReader's line reader hands lines to Tesseract ("normalised":
scaled to the model's network input height, text about half of it, read as one raw
line with no layout analysis; Sources/MRZScanning/LineReader.swift).  Each model gets
the lines at its own input height (stored in the model: ours 24 px, eng 36 px).

Real photos: `--corpus-lines DIR` adds the MRZ line images IDReader's reader cut from
../shared/corpus/mrz (`idreader-bench mrz-lines LIST DIR` writes them, with the expected
line from the corpus) at our model's input height; both models read those images
(Tesseract rescales them to eng's height).

idphoto-gen's photos: `--idphoto-lines DIR` adds the MRZ lines idphoto_lines.py cut from
them in the reader's frame (CASE-K.png + CASE-K.gt.txt, already at our model's input
height), one row per tier.  `--baseline DIR` also reads every set with the model in DIR
(another ocrb.traineddata, e.g. the one before a retraining), in the same run.

  evaluate.py [--work DIR] [--model DIR] [--baseline DIR] [--lines N] [--fixtures DIR]
              [--corpus-lines DIR] [--idphoto-lines DIR]
  --fixtures DIR  also (re)write a small committed fixture set there (used by the tests)
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys
import time

import numpy as np
from PIL import Image, ImageFilter, ImageOps

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import mrzlines  # noqa: E402
import render  # noqa: E402

CHARSET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"


ENG = "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata"


def network_input_height(model_file):
    """A model's input height: its network spec, stored as text in the model, starts
    `[1,<height>,0,1`.  LineReader scales every line to it (OCREngine.inputHeight); each
    model here is shown the lines at its own height (eng's is 36)."""
    with open(model_file, "rb") as f:
        match = re.search(rb"\[1,(\d{1,3}),0,1", f.read())
    return int(match.group(1)) if match else 36
CONVERT = "/usr/bin/convert-im6.q16" if os.path.exists("/usr/bin/convert-im6.q16") else "convert"


def imagemagick_mask(text, size, font):
    """White glyphs on black, drawn by ImageMagick."""
    out = subprocess.run([CONVERT, "-font", font, "-pointsize", str(size), "-background", "black", "-fill", "white",
                          "label:" + text, "png:-"], check=True, capture_output=True).stdout
    import io
    img = Image.open(io.BytesIO(out)).convert("L")
    return img.crop(img.getbbox())


def edit_distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def recognise(paths, lang, tessdata, workdir, tag, psm="7"):
    """One Tesseract process per set: reads a list of images, returns texts and seconds."""
    listfile = os.path.join(workdir, f"{tag}.list")
    with open(listfile, "w") as f:
        f.write("\n".join(paths) + "\n")
    outbase = os.path.join(workdir, f"{tag}.out")
    cmd = ["tesseract", listfile, outbase, "--psm", psm, "-l", lang, "-c", "tessedit_char_whitelist=" + CHARSET]
    if tessdata:
        cmd[1:1] = ["--tessdata-dir", tessdata]
    start = time.perf_counter()
    # one thread: OpenMP spinning costs more than it gains on a line
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    if subprocess.run(cmd, capture_output=True, env=env).returncode == 0:
        pages = open(outbase + ".txt").read().split("\f")
        texts = [p.strip().replace(" ", "") for p in pages][: len(paths)]
    else:
        # The tesseract CLI traps floating-point exceptions; a line whose word certainty
        # comes out non-finite kills the whole batch.  Read one by one; such a line reads
        # as nothing (all its characters count as errors).  IDReader's own process does not
        # trap them.
        texts = []
        for path in paths:
            single = cmd[:]
            single[single.index(listfile)] = path
            done = subprocess.run(single, capture_output=True, env=env)
            texts.append(open(outbase + ".txt").read().strip().replace(" ", "") if done.returncode == 0 else "")
    seconds = time.perf_counter() - start
    return texts, seconds


def errors_by_height(level, texts, truth, text_boxes, spans=((12, 15), (16, 19), (20, 29), (30, 60))):
    """(level, span, lines, errors, characters, exact) per character-height span."""
    out = []
    for low, high in spans:
        picked = [(t, g) for t, g, box in zip(texts, truth, text_boxes) if low <= box[4] <= high]
        if picked:
            out.append((level, f"{low}–{high}", len(picked), sum(edit_distance(t, g) for t, g in picked),
                        sum(len(g) for _, g in picked), sum(t == g for t, g in picked)))
    return out


def reader_view_image(img, text_box, height, margin=0.4, sides=1.0, smooth=None):
    """The reader's crop of a rendered line: the text's box (for a tilted line, the upright box
    around the turned text, as the reader's glyph boxes are) plus `margin` of its height + 2 px
    above and below and `sides` box heights at each side (LineReader.View.primary,
    LineReader.lineImage: 0.4 and 1), scaled to `height`.  Where the rendered line has less
    room at its sides, the line's paper tone (its border's median) fills the rest.  `smooth`
    ("median" or a Gaussian sigma) filters the crop before scaling; the reader does not."""
    left, top, right, bottom = text_box[:4]
    pad = int(margin * (bottom - top)) + 2
    img = img.crop((0, max(0, top - pad), img.width, min(img.height, bottom + pad)))
    room = int(sides * (bottom - top)) - min(left, img.width - right)
    if room > 0:
        paper = int(np.median(np.concatenate([np.asarray(img)[:, 0], np.asarray(img)[:, -1]])))
        img = ImageOps.expand(img, border=(room, 0), fill=paper)
    if smooth:
        img = img.filter(ImageFilter.MedianFilter(3) if smooth == "median" else ImageFilter.GaussianBlur(float(smooth)))
    factor = height / img.height
    return img.resize((max(1, round(img.width * factor)), height), Image.LANCZOS)


def smoothing(value):
    """--smooth's value: "median" or a positive Gaussian sigma."""
    if value == "median":
        return value
    try:
        if float(value) > 0:
            return value
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"'{value}' is neither 'median' nor a positive Gaussian sigma")


def rendered_set(level, lines, seed, directory, fonts, reuse):
    """The level's line images (ImageMagick glyphs, composed and degraded) and each one's
    text box.  With `reuse`, a set already in `directory` (with its box list) is taken."""
    stem = os.path.join(directory, f"{level}-s{seed}-n{len(lines)}")
    paths = [f"{stem}-{n:04d}.png" for n in range(len(lines))]
    box_file = stem + ".boxes"
    if reuse and os.path.exists(box_file):
        boxes = [tuple(map(int, row.split())) for row in open(box_file)]
        if len(boxes) == len(lines) and all(len(box) == 5 for box in boxes):
            return paths, boxes  # (an older set's list without text heights is made again)
    os.makedirs(directory, exist_ok=True)
    for stale in glob.glob(stem + "-*-n*.png"):  # reader's views cut from an earlier set
        os.remove(stale)
    rng = random.Random({"clean": 11, "mild": 12, "hard": 13}[level] + (seed - 909) * 100)
    text_boxes = []
    for n, text in enumerate(lines):
        mask = imagemagick_mask(text, 48, fonts[n % len(fonts)])
        img, text_box = render.compose(mask, rng, render.LEVELS[level], with_box=True)
        img.save(paths[n])
        text_boxes.append(text_box)
    with open(box_file + ".part", "w") as f:
        f.write("".join(" ".join(map(str, box)) + "\n" for box in text_boxes))
    os.replace(box_file + ".part", box_file)  # written last: a set without it is re-rendered
    return paths, text_boxes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default="/tmp/ocrb-train")
    ap.add_argument("--model", default=os.path.join(here, "..", "..", "tessdata"))
    ap.add_argument("--lines", type=int, default=200)
    ap.add_argument("--fixtures")
    ap.add_argument("--corpus-lines")
    ap.add_argument("--idphoto-lines", help="lines cut by idphoto_lines.py ... lines")
    ap.add_argument("--baseline", help="a folder with another ocrb.traineddata, read on every set too")
    ap.add_argument("--seed", type=int, default=909,
                    help="text and degradation seed; 909 is the reported test set, 808 the "
                         "validation set that chooses among checkpoints")
    ap.add_argument("--sets", help="keep the rendered line images here and reuse them (train.sh reads "
                                   "many checkpoints on the same validation set)")
    ap.add_argument("--ours-only", action="store_true", help="only our model, only the reader's view (fast)")
    ap.add_argument("--view-margin", type=float, default=0.4, help="room above and below the text in the "
                    "reader's view, in text heights (the reader's: 0.4)")
    ap.add_argument("--view-sides", type=float, default=1.0, help="room at each side, in text heights (the reader's: 1)")
    ap.add_argument("--smooth", type=smoothing, help="filter each view before scaling: 'median' (3 x 3) or a Gaussian sigma")
    args = ap.parse_args()
    evaldir = os.path.join(args.work, "eval")
    os.makedirs(evaldir, exist_ok=True)
    lines = mrzlines.lines(args.lines, args.seed)
    fonts = [os.path.join(render.FONT_DIR, f) for f in render.FONTS]
    # (label, Tesseract language, tessdata folder, input height); ours first
    models = [("ocrb", "ocrb", os.path.abspath(args.model), network_input_height(os.path.join(args.model, "ocrb.traineddata")))]
    if args.baseline:
        models.append(("ocrb-old", "ocrb", os.path.abspath(args.baseline),
                       network_input_height(os.path.join(args.baseline, "ocrb.traineddata"))))
    models.append(("eng", "eng", None, network_input_height(ENG)))
    ours = [m for m in models if m[1] == "ocrb"]
    rows, by_height = [], []
    # a view other than the reader's is kept under its own name in --sets
    variant = "" if (args.view_margin, args.view_sides, args.smooth) == (0.4, 1.0, None) else \
        f"-m{args.view_margin}-s{args.view_sides}-f{args.smooth}"
    for level in ["clean", "mild", "hard"]:
        paths, text_boxes = rendered_set(level, lines, args.seed, args.sets or evaldir, fonts, reuse=bool(args.sets))
        def reader_view(height):
            out = []
            for path, text_box in zip(paths, text_boxes):
                small = path[:-4] + f"-n{height}{variant}.png"
                if not (args.sets and os.path.exists(small)):
                    reader_view_image(Image.open(path), text_box, height, args.view_margin, args.view_sides,
                                      args.smooth).save(small)
                out.append(small)
            return out
        for view in ["normalised"] if args.ours_only else ["raw", "normalised"]:
            for label, lang, tessdata, height in ours if args.ours_only else models:
                files = paths if view == "raw" else reader_view(height)
                texts, seconds = recognise(files, lang, tessdata, evaldir, f"{level}-{view}-{label}", "7" if view == "raw" else "13")
                errors = sum(edit_distance(t, g) for t, g in zip(texts, lines))
                chars = sum(len(g) for g in lines)
                exact = sum(t == g for t, g in zip(texts, lines))
                rows.append((level, view, label, errors, chars, exact, len(lines), 1000 * seconds / len(lines)))
                if view == "normalised" and label == "ocrb":
                    by_height += errors_by_height(level, texts, lines, text_boxes)
        if args.fixtures and level in ("clean", "mild"):
            os.makedirs(args.fixtures, exist_ok=True)
            for n in range(0, 10):
                Image.open(paths[n]).save(os.path.join(args.fixtures, f"{level}-{n:02d}.png"), optimize=True)
                with open(os.path.join(args.fixtures, f"{level}-{n:02d}.gt.txt"), "w") as f:
                    f.write(lines[n] + "\n")
    def line_images(directory, ext):  # (name, image path, expected line), sorted by name
        names = sorted(f[:-len(ext)] for f in os.listdir(directory) if f.endswith(ext))
        return [(n, os.path.join(directory, n + ext), open(os.path.join(directory, n + ".gt.txt")).read().strip())
                for n in names]

    def read_set(name, view, items, tag, chosen):
        for label, lang, tessdata, _ in chosen:
            texts, seconds = recognise([path for _, path, _ in items], lang, tessdata, evaldir, f"{tag}-{label}", "13")
            truth = [g for _, _, g in items]
            errors = sum(edit_distance(t, g) for t, g in zip(texts, truth))
            rows.append((name, view, label, errors, sum(len(g) for g in truth),
                         sum(t == g for t, g in zip(texts, truth)), len(truth), 1000 * seconds / len(truth)))
    if args.corpus_lines:
        read_set("corpus photos", "as read", line_images(args.corpus_lines, ".pgm"), "corpus",
                 ours if args.ours_only else models)
    if args.idphoto_lines:
        items = line_images(args.idphoto_lines, ".png")
        for tier in ["clean", "mild", "hard"]:  # case names: mrz_<format>_<tier>_<n>-<line>
            picked = [item for item in items if f"_{tier}_" in item[0]]
            if picked:
                read_set(f"idphoto {tier}", "idphoto-gen", picked, f"idphoto-{tier}", ours if args.ours_only else models)
    print(f"Held-out set: {args.lines} lines per level (seed {args.seed}), glyphs by ImageMagick, fonts {', '.join(render.FONTS)}.\n")
    print("| level | lines | model | CER | character errors | exact lines | ms/line (incl. load) |")
    print("|---|---|---|---|---|---|---|")
    for level, view, label, errors, chars, exact, total, ms in rows:
        name = {"ocrb": "ocrb (ours)", "ocrb-old": "ocrb (baseline)"}.get(label, "eng + whitelist")
        print(f"| {level} | {view} | {name} | {100 * errors / chars:.3f} % | {errors} / {chars} | {exact} / {total} | {ms:.1f} |")
    print("\nReader's view, ocrb, by character height in the rendered line (where the errors are):\n")
    print("| level | character height | lines | CER | exact lines |")
    print("|---|---|---|---|---|")
    for level, span, count, errors, chars, exact in by_height:
        print(f"| {level} | {span} px | {count} | {100 * errors / max(chars, 1):.3f} % | {exact} / {count} |")


if __name__ == "__main__":
    main()
