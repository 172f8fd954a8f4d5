#!/usr/bin/env python3
"""Render MRZ text lines as degraded line images, our own renderer (FreeType via Pillow).

Each line is drawn glyph by glyph at 4x scale (so spacing and stroke width can vary),
scaled down to a target character height, put on a security-print-like background and
degraded like a real capture.  Levels: clean, mild, hard; training mixtures train and reader (MIXTURES).

  render.py pages LINES.txt OUTDIR SEED LEVEL [LINES_PER_PAGE]
      tall page images + WordStr box files for `tesseract ... lstm.train`
  render.py lines LINES.txt OUTDIR SEED LEVEL
      one PNG per line (NNNNN.png) + NNNNN.gt.txt, for evaluation
"""
import io
import math
import os
import random
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_DIR = "/usr/share/fonts/opentype/ocr-b"
FONTS = ["OCRB.otf", "OCRBS.otf"]
SCALE = 4

# level -> parameter ranges
LEVELS = {
    "clean": dict(height=(22, 60), blur=(0, 0.3), noise=(0, 2), jpeg=None, angle=0.0,
                  bg=0.0, stroke=(-0.02, 0.04), light=0.0, contrast=(0.85, 1.0)),
    "mild": dict(height=(15, 40), blur=(0.4, 1.0), noise=(3, 9), jpeg=(55, 90), angle=1.0,
                 bg=0.5, stroke=(-0.05, 0.06), light=0.25, contrast=(0.6, 0.9)),
    "hard": dict(height=(12, 24), blur=(0.9, 1.6), noise=(8, 18), jpeg=(25, 55), angle=2.0,
                 bg=0.9, stroke=(-0.07, 0.09), light=0.45, contrast=(0.4, 0.7)),
}
# Training mixtures: level -> weight of clean, mild, hard.  "train" is the first phase;
# "reader" (the second phase) leans on the hard level and frames each line the way
# IDReader's line reader crops it: a side margin of about one text height, its outer part
# often flat paper tone (where a line runs to the image's edge, the crop is padded).
MIXTURES = {"train": (3, 4, 3), "reader": (2, 3, 5)}
READER_FRAME = dict(margin=(0.3, 1.4), flat=0.5)


def pick(rng, span):
    return rng.uniform(*span) if isinstance(span, tuple) else span


def background(rng, w, h, amount):
    """Paper tone, guilloche-like sine lines, a light gradient."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    base = rng.uniform(205, 250)
    img = np.full((h, w), base, np.float32)
    if amount > 0:
        for _ in range(rng.randint(1, 3)):
            period = rng.uniform(4, 25)
            phase = rng.uniform(0, 6.3)
            tilt = rng.uniform(-1, 1)
            wave = np.sin((x + tilt * y + 6 * np.sin(y / rng.uniform(5, 30))) / period * 6.28 + phase)
            img -= amount * rng.uniform(5, 30) * (wave > 0.7)
    return img


def draw_text(text, rng, font_file, stroke_rel, spacing_rel):
    size = 40 * SCALE
    font = ImageFont.truetype(os.path.join(FONT_DIR, font_file), size)
    advance = font.getlength("0")
    step = advance * (1 + spacing_rel)
    width = int(step * len(text) + size)
    canvas = Image.new("L", (width, int(size * 1.6)), 0)
    draw = ImageDraw.Draw(canvas)
    stroke = max(0, int(round(stroke_rel * size)))
    for i, ch in enumerate(text):
        draw.text((size * 0.5 + i * step, size * 0.3), ch, fill=255, font=font, stroke_width=stroke, stroke_fill=255)
    if stroke_rel < 0:
        canvas = canvas.filter(ImageFilter.MinFilter(3 if stroke_rel > -0.04 else 5))
    return canvas.crop(canvas.getbbox())


def render_line(text, rng, level):
    if level in MIXTURES:
        p = LEVELS[rng.choices(["clean", "mild", "hard"], MIXTURES[level])[0]]
        if level == "reader":
            p = dict(p, **READER_FRAME)
    else:
        p = LEVELS[level]
    mask = draw_text(text, rng, rng.choice(FONTS), pick(rng, p["stroke"]), rng.uniform(-0.06, 0.12))
    return compose(mask, rng, p)


def compose(mask, rng, p, with_box=False):
    """Puts a glyph mask (white ink on black, any renderer) on a background and degrades it.
    with_box: also return the text's box in the result and its height before turning,
    (left, top, right, bottom, text_height), for cropping the line the way IDReader's line
    reader does: its box encloses the glyphs, so a tilted line's box is the upright box
    around the turned text."""
    cap_height = pick(rng, p["height"])
    scale = cap_height / mask.height
    mask = mask.resize((max(1, int(mask.width * scale)), max(1, int(round(cap_height)))), Image.LANCZOS)
    pad_x, pad_y = rng.randint(4, 20), int(cap_height * rng.uniform(0.25, 0.6)) + 2
    if "margin" in p:  # (the draw above stays: the evaluation's sets must not change)
        pad_x = int(cap_height * rng.uniform(*p["margin"])) + 2
    w, h = mask.width + 2 * pad_x, mask.height + 2 * pad_y
    page = background(rng, w, h, p["bg"])
    ink = rng.uniform(0, 60)
    alpha = np.zeros((h, w), np.float32)
    alpha[pad_y:pad_y + mask.height, pad_x:pad_x + mask.width] = np.asarray(mask, np.float32) / 255
    page = page * (1 - alpha) + ink * alpha
    if p["light"]:
        y, x = np.mgrid[0:h, 0:w].astype(np.float32)
        page *= 1 - p["light"] * rng.random() * (x / w if rng.random() < 0.5 else 1 - x / w)
        if rng.random() < 0.3:  # a glare spot
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            page += 80 * p["light"] * np.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * (h * 0.8) ** 2))
    contrast = pick(rng, p["contrast"])
    page = 128 + (page - 128) * contrast
    img = Image.fromarray(np.clip(page, 0, 255).astype(np.uint8))
    angle = rng.uniform(-p["angle"], p["angle"])
    left, top, right, bottom = pad_x, pad_y, pad_x + mask.width, pad_y + mask.height
    if angle:
        img = img.rotate(angle, resample=Image.BILINEAR, expand=True, fillcolor=int(np.median(page)))
        dx, dy = (img.width - w) // 2, (img.height - h) // 2
        text_box = turned_box((left, top, right, bottom), angle, (w, h), img.size)
        left, top, right, bottom = left + dx, top + dy, right + dx, bottom + dy
    else:
        text_box = (left, top, right, bottom)
    blur = pick(rng, p["blur"])
    if blur > 0.05:
        img = img.filter(ImageFilter.GaussianBlur(blur))
    noise = pick(rng, p["noise"])
    if noise > 0:
        arr = np.asarray(img, np.float32) + np.random.default_rng(rng.getrandbits(32)).normal(0, noise, (img.height, img.width))
        img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    if p["jpeg"]:
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=int(pick(rng, p["jpeg"])))
        img = Image.open(io.BytesIO(buf.getvalue())).convert("L")
    if "flat" in p and rng.random() < p["flat"]:  # (margins measured from the untilted text)
        img = flatten_sides(img, left, img.width - right, rng)
    return (img, (*text_box, mask.height)) if with_box else img


def turned_box(box, angle, size, turned_size):
    """The upright box around `box` after Image.rotate(angle, expand=True) turned an image of
    `size` about its centre into one of `turned_size` (counter-clockwise on screen)."""
    left, top, right, bottom = box
    (w, h), (tw, th) = size, turned_size
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    xs, ys = [], []
    for x, y in ((left, top), (right, top), (left, bottom), (right, bottom)):
        dx, dy = x - w / 2, y - h / 2
        xs.append(tw / 2 + dx * c + dy * s)
        ys.append(th / 2 - dx * s + dy * c)
    return int(math.floor(min(xs))), int(math.floor(min(ys))), int(math.ceil(max(xs))), int(math.ceil(max(ys)))


def flatten_sides(img, room_left, room_right, rng):
    """Replaces the outer part of each side margin with the line's median tone."""
    arr = np.asarray(img).copy()
    tone = int(np.median(arr))
    cut_left = int(room_left * rng.uniform(0.2, 0.8))
    cut_right = int(room_right * rng.uniform(0.2, 0.8))
    arr[:, :cut_left] = tone
    if cut_right:
        arr[:, -cut_right:] = tone
    return Image.fromarray(arr)


def write_pages(lines, outdir, seed, level, per_page):
    rng = random.Random(seed)
    os.makedirs(outdir, exist_ok=True)
    for start in range(0, len(lines), per_page):
        chunk = lines[start:start + per_page]
        write_page(os.path.join(outdir, f"pil-{seed}-{start // per_page:04d}"), [(t, render_line(t, rng, level)) for t in chunk])


def write_page(base, items, gap=12):
    """Line images stacked on one white page, `base`.tif, with its `base`.box of WordStr
    boxes (one per line, and the end-of-line tab box) for tesseract's lstm.train."""
    width = max(img.width for _, img in items) + 2 * gap
    height = sum(img.height + gap for _, img in items) + gap
    page = Image.new("L", (width, height), 255)
    boxes, y = [], gap
    for text, img in items:
        page.paste(img, (gap, y))
        left, right = gap, gap + img.width
        bottom, top = height - (y + img.height), height - y  # box origin is bottom-left
        boxes.append(f"WordStr {left} {bottom} {right} {top} 0 #{text}")
        boxes.append(f"\t {right} {bottom} {right + 1} {top} 0")
        y += img.height + gap
    page.save(base + ".tif")
    with open(base + ".box", "w") as f:
        f.write("\n".join(boxes) + "\n")


def write_lines(lines, outdir, seed, level):
    rng = random.Random(seed)
    os.makedirs(outdir, exist_ok=True)
    for n, text in enumerate(lines):
        render_line(text, rng, level).save(os.path.join(outdir, f"{n:05d}.png"))
        with open(os.path.join(outdir, f"{n:05d}.gt.txt"), "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    mode, src, outdir, seed, level = sys.argv[1:6]
    text = [l.strip() for l in open(src) if l.strip()]
    if mode == "pages":
        write_pages(text, outdir, int(seed), level, int(sys.argv[6]) if len(sys.argv) > 6 else 100)
    else:
        write_lines(text, outdir, int(seed), level)
