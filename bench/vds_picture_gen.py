#!/usr/bin/env python3
"""Photographs of visible digital seals, for tests and benches (never committed).

Each corpus seal (../shared/corpus/vds/*.bin) is drawn as the symbol that carries it --
a DataMatrix of its bytes, or for a VDS-NC (`*vdsnc*`, JSON text) a QR code -- on a
paper label with some print beside it, then "photographed" with idphoto-gen's scene
(../shared/tools/idphoto-gen: rotation, perspective, background, uneven light, shadow,
glare, blur, motion, noise, JPEG) at its mild or hard tier.

Modules are 0.5-1 mm (issue 46's range), captured at 200-300 dpi (mild: 3.9-11.8 px a
module) or 150-220 dpi (hard: 3.0-8.7 px).

Everything is a pure function of --seed: every picture has its own RNG from
sha256(seed|name|level).  Writes OUT/<name>_<level>.jpg and OUT/manifest.jsonl (one row a
picture: image, seal, level, format, payload_b64, module_px).

    python3 bench/vds_picture_gen.py --seed 1 --out /tmp/vds-pictures
    python3 bench/vds_picture_gen.py --seed 1 --out DIR --only li-visa --levels mild
"""
import argparse
import base64
import glob
import hashlib
import importlib.util
import json
import math
import os
import random
import sys

import cv2
import numpy as np
import zxingcpp
from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(ROOT, "..", "shared", "corpus", "vds")
IDPHOTO = os.path.join(ROOT, "..", "shared", "tools", "idphoto-gen", "gen.py")

# capture resolution (dots per inch over the label) per level; "page" is the mild scene
# of a whole A5 page that carries the label (2-4 MP pictures), for the time of a read
DPI = {"mild": (200, 300), "hard": (150, 220), "page": (200, 300)}
TIER = {"mild": "mild", "hard": "hard", "page": "mild"}
A5_MM = (148, 210)
MODULE_MM = (0.5, 1.0)
S = 2  # the label is drawn at S times its photographed size, as idphoto-gen does


def load_idphoto():
    spec = importlib.util.spec_from_file_location("idphoto_gen", IDPHOTO)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def seal_symbol(payload, name):
    """The symbol's modules (True = dark) and its format name as the project spells it."""
    if "vdsnc" in name:
        barcode = zxingcpp.create_barcode(payload.decode("utf-8"), zxingcpp.BarcodeFormat.QRCode)
        fmt = "QRCode"
    else:
        barcode = zxingcpp.create_barcode(payload, zxingcpp.BarcodeFormat.DataMatrix)
        fmt = "DataMatrix"
    image = np.array(barcode.to_image(scale=1, add_quiet_zones=False))
    return image < 128, fmt


def draw_label(modules, module_px, rng):
    """A paper label at S x the photographed size: the symbol with a quiet zone, and lines
    of print to its right.  Returns the RGB label and the symbol's quad in its pixels."""
    m = module_px * S
    rows, cols = modules.shape
    side_w, side_h = cols * m, rows * m
    quiet = 3 * m
    text_w = max(side_w * 1.2, 240 * S)
    W = int(quiet + side_w + quiet + text_w + quiet)
    H = int(max(side_h + 2 * quiet, 160 * S))
    paper = tuple(rng.randint(236, 252) for _ in range(3))
    label = Image.new("RGB", (W, H), paper)
    # the symbol: drawn at 8 px a module, resized to the exact module size (area averaging)
    big = np.kron((~modules).astype(np.uint8) * 255, np.ones((8, 8), np.uint8))
    size = (int(round(side_w)), int(round(side_h)))
    symbol = cv2.resize(big, size, interpolation=cv2.INTER_AREA)
    ink = rng.randint(10, 45)
    symbol = (ink + (symbol.astype(np.float32) / 255) * (np.array(paper).mean() - ink)).astype(np.uint8)
    x0, y0 = int(quiet), int((H - size[1]) / 2)
    label.paste(Image.fromarray(symbol).convert("RGB"), (x0, y0))
    draw = ImageDraw.Draw(label)
    font_px = int(rng.uniform(9, 13) * S)
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", font_px)
    tx, ty = x0 + size[0] + quiet, quiet
    words = ["Aufenthaltstitel", "VISA", "Name", "MUSTERMANN", "ERIKA", "Gültig bis", "12.03.2031",
             "Nr.", "C01X00T47", "Bundesrepublik", "Deutschland", "Stempel", "Seal", "D<<"]
    while ty + font_px < H - quiet:
        line = " ".join(rng.choice(words) for _ in range(rng.randint(2, 4)))
        draw.text((tx, ty), line, fill=(ink, ink, ink), font=font)
        ty += int(font_px * 1.6)
    quad = np.array([[x0, y0], [x0 + size[0], y0], [x0 + size[0], y0 + size[1]], [x0, y0 + size[1]]], np.float64)
    return np.array(label), quad


def on_page(label, quad, dpi, rng):
    """The label on a page of print, at a random place in its lower half."""
    lh, lw = label.shape[:2]
    # A5, or larger where the label would not fit in its lower half (a VDS-NC's QR code)
    W, H = (int(mm * dpi / 25.4 * S) for mm in A5_MM)
    W, H = max(W, lw), max(H, 2 * lh)
    page = Image.new("RGB", (W, H), tuple(int(c) for c in label[2, 2]))
    draw = ImageDraw.Draw(page)
    font_px = int(rng.uniform(9, 12) / 72 * dpi * S)  # 9-12 pt
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", font_px)
    y = int(0.06 * H)
    while y < H / 2 - font_px:
        draw.text((int(0.08 * W), y), " ".join(rng.choice(["Visum", "VISA", "Name", "MUSTERMANN", "ERIKA",
                  "12.03.2031", "Deutschland", "C01X00T47", "P<D<<"]) for _ in range(rng.randint(2, 4))),
                  fill=(30, 30, 30), font=font)
        y += int(font_px * 1.8)
    x0 = rng.randint(0, max(0, W - lw))
    y0 = rng.randint(H // 2, max(H // 2, H - lh))
    page = np.array(page)
    page[y0:y0 + lh, x0:x0 + lw] = label
    return page, quad + np.array([x0, y0])


def photograph(idp, seed, name, payload, level, outdir):
    key = hashlib.sha256(f"{seed}|{name}|{level}".encode()).digest()
    rng = random.Random(int.from_bytes(key[:8], "big"))
    nrng = np.random.default_rng(int.from_bytes(key[8:16], "big"))
    modules, fmt = seal_symbol(payload, name)
    module_mm = rng.uniform(*MODULE_MM)
    dpi = rng.uniform(*DPI[level])
    module_px = module_mm * dpi / 25.4
    label, quad = draw_label(modules, module_px, rng)
    if level == "page":
        label, quad = on_page(label, quad, dpi, rng)
    img, quads, params = idp.compose_scene(label, {"barcode": quad}, TIER[level], rng, nrng, S)
    path, quality = idp.save_image(img, os.path.join(outdir, f"{name}_{level}"), TIER[level], rng)
    return {
        "image": os.path.basename(path), "seal": name, "level": level, "format": fmt,
        "payload_b64": base64.b64encode(payload).decode(), "module_px": round(module_px, 2),
        "module_mm": round(module_mm, 3), "jpeg_quality": quality,
        "barcode_quad": [[round(float(a), 1), round(float(b), 1)] for a, b in quads["barcode"]],
        "render": {k: v for k, v in params.items() if k != "perspective_corner_offsets_px"},
    }


def corpus_seals(only):
    seals = []
    for path in sorted(glob.glob(os.path.join(CORPUS, "*.bin"))):
        name = os.path.splitext(os.path.basename(path))[0]
        if only and name not in only:
            continue
        with open(path, "rb") as f:
            seals.append((name, f.read()))
    return seals


def generate(seed, outdir, levels=("mild", "hard"), only=None):
    """Writes the pictures and manifest.jsonl; returns the manifest rows."""
    os.makedirs(outdir, exist_ok=True)
    idp = load_idphoto()
    rows = [photograph(idp, seed, name, payload, level, outdir)
            for level in levels for name, payload in corpus_seals(only)]
    with open(os.path.join(outdir, "manifest.jsonl"), "w") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--levels", default="mild,hard", help="comma-separated: mild, hard (idphoto-gen's tiers), page")
    ap.add_argument("--only", default="", help="comma-separated seal names (default: every corpus seal)")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    rows = generate(args.seed, args.out, tuple(args.levels.split(",")), only)
    print(f"{len(rows)} pictures in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
