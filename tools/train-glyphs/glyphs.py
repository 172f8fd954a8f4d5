#!/usr/bin/env python3
"""The MRZ glyph classifier: its training data, its document folds, its candidates, and
the weights file the reader embeds (Sources/MRZScanning/GlyphClassifier.swift).

Glyphs come from `idreader-bench glyph-cells LIST` (JSON lines: one MRZ line each, its
expected text and its cells cut by LineCells, 16 x 24 bytes of ink a cell).  Every cell is
cut by the reader's own code from a picture, so the classifier sees what it will see.
Sources, each a JSONL file named on the command line as NAME=PATH:

  real=...      cells of the real pictures (../shared/corpus/mrz): scored by document folds
                only (a document is the set of its expected lines; no fold's glyphs are
                read by a model trained on that fold)
  any other     synthetic cells (the project's generator, idphoto-gen's tuning seeds):
                always training data

  glyphs.py compare real=R.jsonl own=O.jsonl idphoto=I.jsonl [--folds 5] [--test T.jsonl ...]
      every candidate's accuracy on the real glyphs by folds (trained on the synthetic
      sources and the other folds), and on each --test set (trained on everything)
  glyphs.py export own=... [real=R.jsonl] --out Sources/MRZScanning/mrz-glyphs.bin
      the chosen candidate (an MLP) trained on the sources named, written for the reader
  glyphs.py truths DIR
      idphoto-gen's MRZ pages in DIR with their expected lines written beside each (.txt,
      as glyph-cells reads them); prints the pictures' paths

tools/train-glyphs/train.sh runs it all (`make train-glyphs`).
"""
import argparse
import base64
import hashlib
import json
import os
import struct
import sys

import numpy as np

CHARSET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"
WIDTH, HEIGHT = 16, 24


def load(path):
    """(cells (n, 384) float32 ink 0..1, labels (n,), document keys (n,), line texts as read
    (n,) with the LSTM's character at each cell or '' when its reading had another length)."""
    xs, ys, docs, reads = [], [], [], []
    rows = [json.loads(line) for line in open(path)]
    documents = {}
    for row in rows:
        documents.setdefault(row["path"], []).append(row["expected"])
    for row in rows:
        if row["cells"] is None:
            continue
        cells = np.frombuffer(base64.b64decode(row["cells"]), np.uint8).reshape(-1, WIDTH * HEIGHT)
        expected = row["expected"]
        if len(cells) != len(expected):
            continue
        key = "\n".join(documents[row["path"]])
        read = row["read"] if len(row["read"]) == len(expected) else ""
        for i, (cell, character) in enumerate(zip(cells, expected)):
            xs.append(cell.astype(np.float32) / 255)
            ys.append(CHARSET.index(character))
            docs.append(key)
            reads.append(read[i] if read else "")
    return np.array(xs, np.float32).reshape(-1, WIDTH * HEIGHT), np.array(ys), np.array(docs), np.array(reads)


def fold_of(document, k):
    """A document's fold: a hash of its expected lines (as tools/train-ocrb/real_lines.py)."""
    return int(hashlib.sha256(document.encode()).hexdigest(), 16) % k


def augment(x, rng, copies):
    """`copies` variants of each cell: shifted up to 1.5 px, scaled ±8 %, ink bolder or
    thinner, blurred, noise: how a cut and a print differ from the cells seen."""
    cells = x.reshape(-1, HEIGHT, WIDTH)
    out = [x]
    ys_idx = np.arange(HEIGHT, dtype=np.float32)
    xs_idx = np.arange(WIDTH, dtype=np.float32)
    for _ in range(copies):
        n = len(cells)
        dx = rng.uniform(-1.5, 1.5, n).astype(np.float32)
        dy = rng.uniform(-1.5, 1.5, n).astype(np.float32)
        s = rng.uniform(0.92, 1.08, n).astype(np.float32)
        varied = np.empty_like(cells)
        for i in range(n):
            sy = np.clip((ys_idx - HEIGHT / 2) * s[i] + HEIGHT / 2 + dy[i], 0, HEIGHT - 1)
            sx = np.clip((xs_idx - WIDTH / 2) * s[i] + WIDTH / 2 + dx[i], 0, WIDTH - 1)
            y0 = np.floor(sy).astype(int); x0 = np.floor(sx).astype(int)
            y1 = np.minimum(y0 + 1, HEIGHT - 1); x1 = np.minimum(x0 + 1, WIDTH - 1)
            fy = (sy - y0)[:, None]; fx = (sx - x0)[None, :]
            c = cells[i]
            varied[i] = (c[y0][:, x0] * (1 - fy) * (1 - fx) + c[y0][:, x1] * (1 - fy) * fx
                         + c[y1][:, x0] * fy * (1 - fx) + c[y1][:, x1] * fy * fx)
        gamma = rng.uniform(0.6, 1.6, (n, 1, 1)).astype(np.float32)
        varied = np.clip(varied, 0, 1) ** gamma
        blur = rng.random(n) < 0.3
        if blur.any():
            v = varied[blur]
            v = (v + np.roll(v, 1, 1) + np.roll(v, -1, 1) + np.roll(v, 1, 2) + np.roll(v, -1, 2)) / 5
            varied[blur] = v
        varied += rng.normal(0, 0.05, varied.shape).astype(np.float32)
        out.append(np.clip(varied, 0, 1).reshape(n, -1))
    return np.concatenate(out)


class Prototypes:
    """Nearest class mean of the cells, each normalised to unit length."""

    name = "prototypes"

    def fit(self, x, y, rng):
        xn = x / (np.linalg.norm(x, axis=1, keepdims=True) + 1e-6)
        self.means = np.stack([xn[y == c].mean(0) if (y == c).any() else np.zeros(x.shape[1]) for c in range(len(CHARSET))])
        return self

    def scores(self, x):
        xn = x / (np.linalg.norm(x, axis=1, keepdims=True) + 1e-6)
        return xn @ self.means.T


class MLP:
    """One hidden layer of ReLUs and a softmax, trained by Adam on cross-entropy."""

    def __init__(self, hidden=96, epochs=12, rate=2e-3, batch=128):
        self.hidden, self.epochs, self.rate, self.batch = hidden, epochs, rate, batch
        self.name = f"mlp{hidden}"

    def fit(self, x, y, rng):
        n, d = x.shape
        k = len(CHARSET)
        self.mean = x.mean(0)
        params = [rng.normal(0, np.sqrt(2 / d), (d, self.hidden)).astype(np.float32), np.zeros(self.hidden, np.float32),
                  rng.normal(0, np.sqrt(2 / self.hidden), (self.hidden, k)).astype(np.float32), np.zeros(k, np.float32)]
        m = [np.zeros_like(p) for p in params]
        v = [np.zeros_like(p) for p in params]
        t = 0
        for epoch in range(self.epochs):
            order = rng.permutation(n)
            rate = self.rate * (0.5 ** (epoch // 4))
            for start in range(0, n, self.batch):
                idx = order[start:start + self.batch]
                xb = x[idx] - self.mean
                h = np.maximum(0, xb @ params[0] + params[1])
                logits = h @ params[2] + params[3]
                logits -= logits.max(1, keepdims=True)
                p = np.exp(logits)
                p /= p.sum(1, keepdims=True)
                p[np.arange(len(idx)), y[idx]] -= 1
                g = p / len(idx)
                grads = [None, None, h.T @ g, g.sum(0)]
                gh = (g @ params[2].T) * (h > 0)
                grads[0], grads[1] = xb.T @ gh, gh.sum(0)
                grads[0] += 1e-4 * params[0]
                t += 1
                for i in range(4):
                    m[i] = 0.9 * m[i] + 0.1 * grads[i]
                    v[i] = 0.999 * v[i] + 0.001 * grads[i] ** 2
                    params[i] -= rate * (m[i] / (1 - 0.9 ** t)) / (np.sqrt(v[i] / (1 - 0.999 ** t)) + 1e-8)
        self.params = params
        return self

    def scores(self, x):
        w1, b1, w2, b2 = self.params
        h = np.maximum(0, (x - self.mean) @ w1 + b1)
        logits = h @ w2 + b2
        logits -= logits.max(1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(1, keepdims=True)

    def quantised(self):
        """The model with int8 weights (one scale per layer), as the reader runs it."""
        q = MLP(self.hidden)
        q.mean = self.mean
        w1, b1, w2, b2 = self.params
        q.params = [quantise(w1)[2], b1, quantise(w2)[2], b2]
        return q

    def write(self, path):
        """Little-endian: b'MRZG', version 1, width, height, input, hidden, classes, the
        charset (ASCII), then the input mean (float32), per layer its scale (float32),
        int8 weights row-major (input x output) and float32 biases."""
        w1, b1, w2, b2 = self.params
        d, hidden = w1.shape
        with open(path, "wb") as f:
            f.write(b"MRZG" + struct.pack("<6I", 1, WIDTH, HEIGHT, d, hidden, len(CHARSET)) + CHARSET.encode())
            f.write(self.mean.astype("<f4").tobytes())
            for w, b in ((w1, b1), (w2, b2)):
                scale, q, _ = quantise(w)
                f.write(struct.pack("<f", scale) + q.tobytes() + b.astype("<f4").tobytes())


def quantise(w):
    scale = float(np.abs(w).max() / 127) or 1.0
    q = np.clip(np.round(w / scale), -127, 127).astype(np.int8)
    return scale, q, q.astype(np.float32) * scale


CANDIDATES = {"prototypes": Prototypes, "mlp96": lambda: MLP(96), "mlp128": lambda: MLP(128)}


def sources(specs):
    real, synthetic = None, []
    for spec in specs:
        name, path = spec.split("=", 1)
        data = load(path)
        print(f"{name}: {len(data[1])} glyphs from {path}", file=sys.stderr)
        if name == "real":
            real = data
        else:
            synthetic.append(data)
    return real, synthetic


def stack(parts):
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def report(name, truth, scores, reads=None):
    predicted = scores.argmax(1)
    right = predicted == truth
    line = f"{name}: {right.sum()}/{len(truth)} = {right.mean():.2%}"
    letters = np.array([CHARSET[t] != "<" for t in truth])
    line += f"; without fillers {right[letters].sum()}/{letters.sum()} = {right[letters].mean():.2%}"
    if reads is not None:
        known = reads != ""
        lstm = np.array([r == CHARSET[t] for r, t in zip(reads, truth)])
        both_wrong = known & ~lstm & ~right
        line += (f"; LSTM (first reading) {lstm[known].mean():.2%} on {known.sum()} cells of lines read at length, "
                 f"LSTM wrong {(known & ~lstm).sum()}, classifier right there {(known & ~lstm & right).sum()}, both wrong {both_wrong.sum()}")
    print(line)
    return right


def compare(args):
    rng = np.random.default_rng(args.seed)
    real, synthetic = sources(args.sources)
    tests = [(path, load(path)) for path in args.test]
    for make in [CANDIDATES[c] for c in args.candidates]:
        model = make()
        if real is not None:
            folds = np.array([fold_of(d, args.folds) for d in real[2]])
            scores = np.zeros((len(real[1]), len(CHARSET)), np.float32)
            # without the real glyphs, one model reads every fold
            for f in range(args.folds if args.with_real else 1):
                train = [(real[0][folds != f], real[1][folds != f])] if args.with_real else []
                x, y = stack(synthetic + train)
                x = augment(x, rng, args.copies)
                y = np.tile(y, args.copies + 1)
                fitted = make().fit(x, y, rng)
                if hasattr(fitted, "quantised"):
                    fitted = fitted.quantised()
                held = folds == f if args.with_real else np.ones(len(folds), bool)
                scores[held] = fitted.scores(real[0][held])
            report(f"{model.name} real by {args.folds} document folds"
                   + (" (synthetic + other folds)" if args.with_real else " (synthetic only)"), real[1], scores, real[3])
        if tests:
            x, y = stack(synthetic + ([real[:2]] if real is not None and args.with_real else []))
            fitted = make().fit(augment(x, rng, args.copies), np.tile(y, args.copies + 1), rng)
            if hasattr(fitted, "quantised"):
                fitted = fitted.quantised()
            for path, data in tests:
                report(f"{model.name} {os.path.basename(path)}", data[1], fitted.scores(data[0]), data[3])


def export(args):
    rng = np.random.default_rng(args.seed)
    real, synthetic = sources(args.sources)
    x, y = stack(synthetic + ([real[:2]] if real is not None else []))
    model = MLP(args.hidden).fit(augment(x, rng, args.copies), np.tile(y, args.copies + 1), rng)
    model.write(args.out)
    print(f"wrote {args.out}: {os.path.getsize(args.out)} bytes, {len(y)} glyphs before augmentation")


def truths(args):
    import glob
    for js in sorted(glob.glob(os.path.join(args.directory, "mrz", "mrz_*.json"))):
        case = json.load(open(js))
        image = os.path.join(os.path.dirname(js), case["image"])
        with open(os.path.splitext(image)[0] + ".txt", "w") as f:
            f.write("\n".join(case["mrz_lines"]) + "\n")
        print(os.path.abspath(image))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compare")
    c.add_argument("sources", nargs="+")
    c.add_argument("--folds", type=int, default=5)
    c.add_argument("--test", nargs="*", default=[])
    c.add_argument("--candidates", nargs="*", default=list(CANDIDATES))
    c.add_argument("--with-real", action="store_true", help="train on the other folds' real glyphs too")
    c.add_argument("--copies", type=int, default=2)
    c.add_argument("--seed", type=int, default=1)
    e = sub.add_parser("export")
    e.add_argument("sources", nargs="+")
    e.add_argument("--out", required=True)
    e.add_argument("--hidden", type=int, default=128)
    e.add_argument("--copies", type=int, default=2)
    e.add_argument("--seed", type=int, default=1)
    t = sub.add_parser("truths")
    t.add_argument("directory")
    args = parser.parse_args()
    {"compare": compare, "export": export, "truths": truths}[args.command](args)


if __name__ == "__main__":
    main()
