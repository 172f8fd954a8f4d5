#!/usr/bin/env python3
"""MRZ line images cut from idphoto-gen's photos (../shared/tools/idphoto-gen), framed the
way IDReader's line reader frames a line, for training and for held-out evaluation.

idphoto-gen draws whole documents as a phone or a scanner would see them (perspective,
uneven light, shadows, glare, blur, motion, JPEG): another renderer than ours, closer to
real captures.  Its case JSON gives the MRZ's corners (`mrz_quad`), the exact lines, the
character height and pitch; from these each line's text box is found in the document's own
(rectified) coordinates, and the crop is cut by one perspective transform.

  idphoto_lines.py generate SEED GENDIR [--per N]
      run idphoto-gen for SEED (MRZ only, all tiers, N cases per format per tier) into
      GENDIR, unless GENDIR/gen_report.json shows it done
  idphoto_lines.py pages GENDIR OUTDIR [--crops K] [--height H] [--seed S]
      training pages: K crops of every line, each with its own frame (margin above and
      below 0.25-0.6 of the text height, sides 0.7-1.3 heights or in a quarter of them
      0.05-0.5, the box jittered and turned by up to 1 degree: the reader's boxes are not
      exact and its crop stops at the image's edge), scaled to H px, stacked 100 to a
      page with WordStr boxes (as render.py writes its pages) for `tesseract ... lstm.train`
  idphoto_lines.py lines GENDIR OUTDIR [--height H]
      evaluation lines: each line in the reader's primary frame (0.4 above and below, one
      text height at each side), CASE-K.png + CASE-K.gt.txt; the tier is in CASE's name

Hard-tier cases whose glare over the MRZ is >= 0.8 (render.glare.max_over_target) are
left out: a person cannot read them either.
"""
import argparse
import glob
import json
import math
import os
import random
import subprocess
import sys

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

import render  # this folder: the page and box format tesseract training reads

GEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "tools", "idphoto-gen", "gen.py")
OCRB = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
OCRB_CAP = 0.72  # gen.py: font size = character height / 0.72
GLARE_LIMIT = 0.8
PRIMARY = dict(margin=0.4, sides=1.0)  # LineReader.View.primary, LineReader.lineImage


def generate(seed, gendir, per):
    if os.path.exists(os.path.join(gendir, "gen_report.json")):
        return
    gen = os.environ.get("IDPHOTO_GEN", GEN)
    subprocess.run([sys.executable, gen, "--seed", str(seed), "--out", gendir, "--only", "mrz",
                    "--mrz-per", str(per), "--workers", os.environ.get("JOBS", "1")], check=True,
                   env=dict(os.environ, OMP_THREAD_LIMIT="1"), stdout=subprocess.DEVNULL)


_ink = {}


def ink_box(c):
    """A character's ink (left, top, right, bottom) per unit of font size, from the pen's
    x and the cap top of `A` (OCR-B's digits stand about 0.1 character height taller).
    Measured on the drawn glyph: the font's bbox spans the advance, not the ink."""
    if c not in _ink:
        font = ImageFont.truetype(OCRB, 200)

        def drawn(ch):
            canvas = Image.new("L", (400, 400), 0)
            ImageDraw.Draw(canvas).text((100, 100), ch, font=font, fill=255)
            left, top, right, bottom = canvas.point(lambda v: 255 if v > 128 else 0).getbbox()
            return left - 100, top - 100, right - 100, bottom - 100
        cap_top = drawn("A")[1]
        left, top, right, bottom = drawn(c)
        _ink[c] = (left / 200, (top - cap_top) / 200, right / 200, (bottom - cap_top) / 200)
    return _ink[c]


def usable(case):
    glare = case["render"].get("glare") or {}
    return not (case["tier"] == "hard" and glare.get("max_over_target", 0) >= GLARE_LIMIT)


def line_boxes(case, gray=None):
    """The MRZ rectangle's size (width, height) in the document's pixels and each line's
    text box (left, top, right, bottom) in it.  gen.py's quad is the box from 0.1 pitch left
    of the first character and 0.1 character height above the first line's cap top to the
    last character's cell end and 0.1 height below the last baseline.  The lines' pitch
    (1.55-1.85 character heights) is not in the JSON, and the quad's shape does not tell it
    (gen.py's perspective moves each corner on its own): it is the one whose line bands
    hold the most ink in the rectified MRZ of `gray` (without `gray`, from the quad's shape)."""
    lines = case["mrz_lines"]
    ch, pitch = case["render"]["mrz_char_height_px"], case["render"]["mrz_char_pitch_px"]
    n, chars = len(lines), len(lines[0])
    q = np.array(case["mrz_quad"], np.float64)  # TL, TR, BR, BL
    width = (chars + 0.1) * pitch
    across = (np.linalg.norm(q[0] - q[1]) + np.linalg.norm(q[3] - q[2])) / 2
    down = (np.linalg.norm(q[0] - q[3]) + np.linalg.norm(q[1] - q[2])) / 2
    height = width * down / across
    size = ch / OCRB_CAP
    # each line's ink above and below its cap band (the reader's box is around the ink)
    spans = [(min(ink_box(c)[1] for c in text) * size, max(ink_box(c)[3] for c in text) * size) for text in lines]
    line_pitch = 0.0
    if n > 1:
        line_pitch = min(1.85 * ch, max(1.55 * ch, (height - 1.2 * ch) / (n - 1)))
        if gray is not None:
            line_pitch = fitted_line_pitch(gray, q, width, height, ch, spans)
        height = (n - 1) * line_pitch + 1.2 * ch
    boxes = []
    for k, (text, (above, below)) in enumerate(zip(lines, spans)):
        cap_top = 0.1 * ch + k * line_pitch
        left = 0.1 * pitch + ink_box(text[0])[0] * size
        right = 0.1 * pitch + (chars - 1) * pitch + ink_box(text[-1])[2] * size
        boxes.append((left, cap_top + above, right, cap_top + below))
    return (width, height), boxes


def fitted_line_pitch(gray, quad, width, height, ch, spans):
    """The line pitch (in 1.5-1.9 character heights) whose lines' ink bands (`spans`: each
    line's ink from its cap top), mapped onto the MRZ rectified at `height`, best match its
    rows' darkness.  Any pitch maps the quad onto the same image: only the rows' scale
    changes."""
    w, h = int(round(width)), max(8, int(round(height)))
    to_image = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), np.float32(quad))
    rect = cv2.warpPerspective(gray, to_image, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
    profile = 255 - rect[:, w // 20:w - w // 20].astype(np.float64).mean(axis=1)
    rows = np.arange(h) + 0.5
    n = len(spans)
    best, best_score = None, None
    for lp in np.arange(1.5, 1.9001, 0.005) * ch:
        y = rows * ((n - 1) * lp + 1.2 * ch) / h  # this row in the document's pixels
        inside = np.zeros(h, bool)
        for k, (above, below) in enumerate(spans):
            inside |= (y >= 0.1 * ch + k * lp + above) & (y < 0.1 * ch + k * lp + below)
        if inside.all() or not inside.any():
            continue
        # correlation, not a difference of means: that one prefers narrow gaps
        score = np.corrcoef(profile, inside.astype(np.float64))[0, 1]
        if best_score is None or score > best_score:
            best, best_score = lp, score
    return best if best is not None else 1.7 * ch


def reader_scale(img, height):
    """To `height` px the way the reader does (Leptonica's pixScale: area-like reduction
    below 0.7, linear above, a light unsharp mask when reducing)."""
    factor = height / img.height
    width = max(1, round(img.width * factor))
    if factor < 0.7:
        return img.resize((width, height), Image.BOX).filter(ImageFilter.UnsharpMask(1, 20, 0))
    out = img.resize((width, height), Image.BILINEAR)
    return out.filter(ImageFilter.UnsharpMask(2, 40, 0)) if factor < 1 else out


def cut(gray, case, rect, box, height, margin, sides, jitter=None, turn=0.0):
    """One line's crop: `box` (in the rectified MRZ of size `rect`) grown by `margin` of its
    height + 2 px above and below and `sides` heights at each side, cut from `gray` through
    the quad's perspective, scaled to `height`.  `jitter` (a random.Random) moves each edge
    of the box a little; `turn` tilts the crop by that many degrees."""
    left, top, right, bottom = box
    h = bottom - top
    if jitter:
        top += jitter.uniform(-0.08, 0.08) * h
        bottom += jitter.uniform(-0.08, 0.08) * h
        left += jitter.uniform(-0.3, 0.3) * h
        right += jitter.uniform(-0.3, 0.3) * h
        h = bottom - top
    pad_y, pad_x = int(h * margin) + 2, sides * h
    x0, y0 = left - pad_x, top - pad_y
    out_w, out_h = int(round(right - left + 2 * pad_x)), int(round(h + 2 * pad_y))
    w, hh = rect
    to_image = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, hh], [0, hh]]),
                                           np.float32(case["mrz_quad"]))
    # output pixel -> rectified MRZ (shifted to the crop, turned about its centre) -> image
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    cx, cy = out_w / 2, out_h / 2
    turned = np.array([[c, -s, cx - c * cx + s * cy], [s, c, cy - s * cx - c * cy], [0, 0, 1]])
    shift = np.array([[1, 0, x0], [0, 1, y0], [0, 0, 1]], np.float64)
    matrix = to_image @ shift @ turned
    crop = cv2.warpPerspective(gray, matrix, (out_w, out_h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
    return reader_scale(Image.fromarray(crop), height)


def cases(gendir):
    for path in sorted(glob.glob(os.path.join(gendir, "mrz", "*.json"))):
        case = json.load(open(path))
        if usable(case):
            yield case, cv2.imread(os.path.join(gendir, "mrz", case["image"]), cv2.IMREAD_GRAYSCALE)


def write_pages(gendir, outdir, crops, height, seed, per_page=100):
    rng = random.Random(seed)
    os.makedirs(outdir, exist_ok=True)
    samples = []
    for case, gray in cases(gendir):
        rect, boxes = line_boxes(case, gray)
        for text, box in zip(case["mrz_lines"], boxes):
            for _ in range(crops):
                # sides: mostly about one text height; sometimes little, as where the reader's
                # crop is cut off by the image's edge (many real photos end close to the MRZ)
                sides = rng.uniform(0.7, 1.3) if rng.random() < 0.75 else rng.uniform(0.05, 0.5)
                img = cut(gray, case, rect, box, height, rng.uniform(0.25, 0.6), sides,
                          jitter=rng, turn=rng.uniform(-1, 1))
                samples.append((text, img))
    rng.shuffle(samples)  # a page mixes tiers and formats
    stem = os.path.basename(os.path.normpath(gendir))
    for start in range(0, len(samples), per_page):
        chunk = samples[start:start + per_page]
        render.write_page(os.path.join(outdir, f"idp-{stem}-{start // per_page:04d}"), chunk)
    return len(samples)


def write_lines(gendir, outdir, height):
    os.makedirs(outdir, exist_ok=True)
    count = 0
    for case, gray in cases(gendir):
        rect, boxes = line_boxes(case, gray)
        for k, (text, box) in enumerate(zip(case["mrz_lines"], boxes)):
            name = os.path.join(outdir, f"{case['case_id']}-{k}")
            cut(gray, case, rect, box, height, **PRIMARY).save(name + ".png")
            with open(name + ".gt.txt", "w") as f:
                f.write(text + "\n")
            count += 1
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["generate", "pages", "lines"])
    ap.add_argument("args", nargs="+")
    ap.add_argument("--per", type=int, default=12, help="generate: cases per format per tier")
    ap.add_argument("--crops", type=int, default=2, help="pages: crops of each line, each framed anew")
    ap.add_argument("--height", type=int, default=24, help="the model's input height")
    ap.add_argument("--seed", type=int, default=1, help="pages: seed of the frames' randomness")
    a = ap.parse_args()
    if a.mode == "generate":
        generate(int(a.args[0]), a.args[1], a.per)
    elif a.mode == "pages":
        print(write_pages(a.args[0], a.args[1], a.crops, a.height, a.seed), "training lines")
    else:
        print(write_lines(a.args[0], a.args[1], a.height), "lines")


if __name__ == "__main__":
    main()
