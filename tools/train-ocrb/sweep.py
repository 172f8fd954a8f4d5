#!/usr/bin/env python3
"""Where the model stops reading: character error rate over a grid of character height and
blur, every other degradation at the hard level's worst (noise, JPEG, contrast, light,
background, rotation as render.LEVELS["hard"]).  Lines are drawn by ImageMagick (not a
training renderer) and shown to the model in the reader's view, as evaluate.py does.

  sweep.py [--model DIR] [--lines N] [--work DIR]

Prints a Markdown table: one row per character height, one column per blur sigma.
"""
import argparse
import os
import random

import evaluate
import mrzlines
import render

HEIGHTS = (12, 14, 16, 20, 24)
BLURS = (0.0, 0.9, 1.2, 1.6)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default=os.path.join(evaluate.here, "..", "..", "tessdata"))
    ap.add_argument("--lines", type=int, default=60)
    ap.add_argument("--work", default="/tmp/ocrb-sweep")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    model = os.path.abspath(args.model)
    height = evaluate.network_input_height(os.path.join(model, "ocrb.traineddata"))
    fonts = [os.path.join(render.FONT_DIR, f) for f in render.FONTS]
    texts = mrzlines.lines(args.lines, 707)
    masks = [evaluate.imagemagick_mask(t, 48, fonts[n % len(fonts)]) for n, t in enumerate(texts)]
    cells = {}
    for char_height in HEIGHTS:
        for blur in BLURS:
            # the hard level with this one height and blur; noise, JPEG and the rest vary as there
            level = dict(render.LEVELS["hard"], height=float(char_height), blur=blur)
            rng = random.Random(char_height * 100 + int(blur * 10))
            paths = []
            for n, mask in enumerate(masks):
                img, text_box = render.compose(mask, rng, level, with_box=True)
                path = os.path.join(args.work, f"h{char_height}-b{blur}-{n:03d}.png")
                evaluate.reader_view_image(img, text_box, height).save(path)
                paths.append(path)
            read, _ = evaluate.recognise(paths, "ocrb", model, args.work, f"h{char_height}-b{blur}", "13")
            errors = sum(evaluate.edit_distance(t, g) for t, g in zip(read, texts))
            cells[char_height, blur] = 100 * errors / sum(len(g) for g in texts)
    print(f"CER (%) by character height and blur sigma; {args.lines} lines per cell, other degradations "
          "as the hard level (noise 8-18, JPEG 25-55, contrast 0.4-0.7, light, background, rotation).\n")
    print("| character height | " + " | ".join(f"blur {b}" for b in BLURS) + " |")
    print("|---|" + "---|" * len(BLURS))
    for char_height in HEIGHTS:
        print(f"| {char_height} px | " + " | ".join(f"{cells[char_height, b]:.2f}" for b in BLURS) + " |")


if __name__ == "__main__":
    main()
