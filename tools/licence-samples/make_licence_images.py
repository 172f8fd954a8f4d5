#!/usr/bin/env python3
"""Synthetic licence backs: AAMVA payloads from `idreader generate aamva` (our builder),
PDF417 and Code 128 drawn by zxing-cpp's writer, put on a card with some text, then
photographed-looking degradations.

  make_licence_images.py OUTDIR --count N --seed S --level clean|mild|hard [--rotate DEG ...]

Writes OUTDIR/NAME.png|jpg and OUTDIR/NAME.bin (the exact payload bytes).
Needs: the built idreader (.build/release or .build/debug), pillow, numpy, zxing-cpp (PyPI).
"""
import argparse
import io
import json
import os
import random
import subprocess

import sys

import numpy as np
import zxingcpp
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from photo import photograph  # noqa: E402

LEVELS = {
    # module size in px, blur radius, JPEG quality, noise sigma, random extra rotation, on a table photo?
    "clean": dict(module=(3.0, 3.5), blur=0.0, jpeg=None, noise=0, jitter=0.0, photo=False),
    "mild": dict(module=(2.4, 3.0), blur=0.6, jpeg=80, noise=4, jitter=3.0, photo=True),
    "hard": dict(module=(1.9, 2.3), blur=1.1, jpeg=55, noise=8, jitter=6.0, photo=True),
}


def idreader():
    for p in (".build/release/idreader", ".build/debug/idreader"):
        if os.path.exists(p):
            return p
    raise SystemExit("build idreader first (swift build -c release)")


def payloads(count, seed):
    out = subprocess.run([idreader(), "generate", "aamva", "--count", str(count), "--seed", str(seed)],
                         check=True, capture_output=True, text=True).stdout
    return [(json.loads(l)["text"].encode("latin-1"), json.loads(l)["fields"]) for l in out.splitlines()]


def font(size):
    for path in ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"):
        if os.path.exists(path):
            return ImageFont.truetype(path, size)
    return ImageFont.load_default()


def card(payload, fields, rng, p):
    module = rng.uniform(*p["module"])
    symbol = np.array(zxingcpp.write_barcode(zxingcpp.BarcodeFormat.PDF417, payload, quiet_zone=2))
    sym = Image.fromarray(symbol).convert("L")
    sym = sym.resize((int(sym.width * module), int(sym.height * module)), Image.NEAREST)
    width = max(1012, sym.width + 80)
    height = int(width * 0.63)
    base = Image.new("L", (width, height), 0)
    arr = np.full((height, width), rng.uniform(215, 245), np.float32)
    y, x = np.mgrid[0:height, 0:width]
    arr -= 12 * (np.sin(x / rng.uniform(9, 30) + np.sin(y / 17.0)) > 0.8)  # security-print lines
    base = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    d = ImageDraw.Draw(base)
    d.text((40, 24), "DRIVER LICENSE", fill=40, font=font(34))
    d.text((40, 70), f"{fields.get('lastName', '')}, {fields.get('firstName', '')}  DOB {fields.get('birthDate', '')}", fill=60, font=font(22))
    code128 = Image.fromarray(np.array(zxingcpp.write_barcode(zxingcpp.BarcodeFormat.Code128, fields.get("documentNumber", "0"), quiet_zone=4))).convert("L")
    code128 = code128.resize((code128.width * 2, 60), Image.NEAREST)
    base.paste(code128, (width - code128.width - 40, 24))
    top = max(110, height - sym.height - 30)
    base.paste(sym, ((width - sym.width) // 2, top))
    return base


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", choices=LEVELS, default="clean")
    ap.add_argument("--rotate", type=float, nargs="*", default=[0.0])
    ap.add_argument("--prefix", default="licence")
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    rng = random.Random(args.seed)
    p = LEVELS[args.level]
    for n, (payload, fields) in enumerate(payloads(args.count, args.seed)):
        rotation = args.rotate[n % len(args.rotate)]
        img = photograph(card(payload, fields, rng, p), rng, p, rotation)
        name = f"{args.prefix}-{args.level}-{n:03d}-r{int(rotation)}"
        if p["jpeg"]:
            img.save(os.path.join(args.outdir, name + ".jpg"), quality=p["jpeg"])
        else:
            img.save(os.path.join(args.outdir, name + ".png"), optimize=True)
        with open(os.path.join(args.outdir, name + ".bin"), "wb") as f:
            f.write(payload)


if __name__ == "__main__":
    main()
