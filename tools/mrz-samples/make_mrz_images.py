#!/usr/bin/env python3
"""Synthetic passport data pages (TD3), ID card backs (TD1) and visas (MRV-A): a face
placeholder, printed fields, a guilloche-like background and the MRZ in OCR-B, from MRZs
made by `idreader generate mrz`; then photo-like degradations.

  make_mrz_images.py OUTDIR --count N --seed S --level clean|mild|hard [--types TD3 TD1 MRVA] [--rotate DEG ...]

Writes OUTDIR/NAME.png|jpg and OUTDIR/NAME.txt (the exact MRZ lines).
"""
import argparse
import json
import os
import random
import subprocess

import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from photo import photograph  # noqa: E402

OCRB = "/usr/share/fonts/opentype/ocr-b/OCRB.otf"
SANS = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
LEVELS = {
    "clean": dict(scale=1.0, blur=0.0, jpeg=None, noise=0, jitter=0.0, photo=False),
    "mild": dict(scale=0.8, blur=0.6, jpeg=80, noise=4, jitter=3.0, photo=True),
    "hard": dict(scale=0.55, blur=1.0, jpeg=55, noise=8, jitter=6.0, photo=True),
}
# page size (px at ~300 dpi) and MRZ font size per format
GEOMETRY = {"TD3": ((1500, 1050), 44), "MRVA": ((1500, 1000), 44), "TD1": ((1012, 638), 40)}


def idreader():
    for p in (".build/release/idreader", ".build/debug/idreader"):
        if os.path.exists(p):
            return p
    raise SystemExit("build idreader first")


def mrzs(kind, count, seed):
    out = subprocess.run([idreader(), "generate", "mrz", "--count", str(count), "--seed", str(seed), "--type", kind],
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(l) for l in out.splitlines()]


def font(path, size):
    return ImageFont.truetype(path, size) if os.path.exists(path) else ImageFont.load_default()


def page(record, kind, rng):
    (w, h), size = GEOMETRY[kind]
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    arr = np.full((h, w), rng.uniform(225, 245), np.float32)
    arr -= 14 * (np.sin(x / rng.uniform(8, 20) + 3 * np.sin(y / 40.0)) > 0.85)
    img = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    d = ImageDraw.Draw(img)
    f = record["fields"]
    # face placeholder and printed fields
    d.ellipse((60, 120, 60 + w // 5, 120 + int(w / 5 * 1.3)), fill=150)
    d.text((60, 40), {"TD3": "PASSPORT", "MRVA": "VISA", "TD1": "IDENTITY CARD"}[kind], fill=40, font=font(SANS, 36))
    tx = 100 + w // 5
    for i, (label, value) in enumerate([("Surname", f["surname"]), ("Given names", f["givenNames"]),
                                        ("Nationality", f.get("nationality") or ""), ("Date of birth", f["birthDate"]),
                                        ("Document no.", f["documentNumber"])]):
        d.text((tx, 130 + i * 60), label, fill=90, font=font(SANS, 18))
        d.text((tx, 152 + i * 60), value, fill=30, font=font(SANS, 26))
    lines = record["fields"]["lines"]
    mrz_font = font(OCRB, size)
    line_h = int(size * 1.35)
    top = h - line_h * len(lines) - 40
    d.rectangle((0, top - 20, w, h), fill=int(rng.uniform(235, 250)))
    for i, line in enumerate(lines):
        d.text((40, top + i * line_h), line, fill=15, font=mrz_font)
    return img


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--count", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", choices=LEVELS, default="clean")
    ap.add_argument("--types", nargs="*", default=["TD3", "TD1", "MRVA"])
    ap.add_argument("--rotate", type=float, nargs="*", default=[0.0])
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    rng = random.Random(args.seed)
    p = LEVELS[args.level]
    n = 0
    for kind in args.types:
        for record in mrzs(kind, args.count, args.seed + len(kind)):
            rotation = args.rotate[n % len(args.rotate)]
            img = photograph(page(record, kind, rng), rng, p, rotation)
            name = f"{kind.lower()}-{args.level}-{n:03d}-r{int(rotation)}"
            if p["jpeg"]:
                img.save(os.path.join(args.outdir, name + ".jpg"), quality=p["jpeg"])
            else:
                img.save(os.path.join(args.outdir, name + ".png"), optimize=True)
            with open(os.path.join(args.outdir, name + ".txt"), "w") as f:
                f.write("\n".join(record["fields"]["lines"]) + "\n")
            n += 1


if __name__ == "__main__":
    main()
