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
                    [--candidates mlp128 mlp256e24 ...] [--augment cut|photo] [--clean] [--model M.bin]
      every candidate's accuracy on the real glyphs by folds (trained on the synthetic
      sources and the other folds), and on each --test set (trained on everything), with
      how sure it is where right and where wrong (all cells, and the cuts the reader uses);
      --model scores a weights file as it is (the shipped one)
  glyphs.py export own=... [real=R.jsonl] --out Sources/MRZScanning/mrz-glyphs.bin
      the chosen candidate (an MLP) trained on the sources named, written for the reader
  glyphs.py train own=... --candidate mlp128 [--augment photo] [--clean] --score R.jsonl T.jsonl [--out M.bin]
      one candidate trained once and scored on every set (tools/train-glyphs/sureness.sh)
  glyphs.py folds real=R.jsonl own=... --out DIR [--folds 5]
      the shipped recipe (MLP 128, `cut` variants) trained on the synthetic sources and the
      real glyphs of every document fold but F, written as DIR/fold-F.bin, and on all of
      them as DIR/all.bin; then the real cells scored by folds, each read by the written
      model that did not train on it (the reader's benches read the corpus the same way:
      bench/mrz_recall.py --glyph-folds DIR)
  glyphs.py channel R.jsonl (--model M.bin | --folds DIR)
      the model's misreadings of the real cells as MeasuredGlyphChannel's Swift tables
      (--folds: each cell read by the model of DIR that did not train on its fold)
  glyphs.py pages SEED DIR [--tiers hard] [--first 20] [--count 20]
      idphoto-gen's MRZ pages of SEED, only those tiers and case numbers, with truths
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
from typing import NamedTuple

import numpy as np

CHARSET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"
WIDTH, HEIGHT = 16, 24


class Cells(NamedTuple):
    """One source's cells: ink 0..1 (n, 384) float32, labels (n,), document keys (n,), the
    LSTM's character at each cell ('' where its reading had another length), and each
    cell's neighbours on its line (indices into the same arrays, -1 at a line's ends)."""
    x: np.ndarray
    y: np.ndarray
    docs: np.ndarray
    reads: np.ndarray
    left: np.ndarray
    right: np.ndarray


def load(path):
    """The cells of one `idreader-bench glyph-cells` file (lines of the layout's length only)."""
    xs, ys, docs, reads, left, right = [], [], [], [], [], []
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
        first = len(ys)
        for i, (cell, character) in enumerate(zip(cells, expected)):
            xs.append(cell.astype(np.float32) / 255)
            ys.append(CHARSET.index(character))
            docs.append(key)
            reads.append(read[i] if read else "")
            left.append(first + i - 1 if i > 0 else -1)
            right.append(first + i + 1 if i + 1 < len(expected) else -1)
    return Cells(np.array(xs, np.float32).reshape(-1, WIDTH * HEIGHT), np.array(ys, int), np.array(docs), np.array(reads),
                 np.array(left, int), np.array(right, int))


FOLDS = 5


def fold_of(document, k=FOLDS):
    """A document's fold: a hash of its expected lines, joined by newlines (as
    tools/train-ocrb/real_lines.py)."""
    return int(hashlib.sha256(document.encode()).hexdigest(), 16) % k


def fold_model(directory, fold):
    """The weights file of the model that did not train on `fold` (`folds` writes it)."""
    return os.path.join(directory, f"fold-{fold}.bin")


def scores_by_folds(directory, real, k=FOLDS):
    """Each real cell's scores from the model of `directory` that did not train on its fold."""
    folds = np.array([fold_of(d, k) for d in real.docs])
    scores = np.zeros((len(real.y), len(CHARSET)), np.float32)
    for f in range(k):
        held = folds == f
        if held.any():
            scores[held] = MLP.read(fold_model(directory, f)).scores(real.x[held])
    return scores


def augment(cells, rng, copies, style="cut", chunk=8192):
    """The cells as cut, then `copies` variants of each; returns (glyphs, labels).

    `cut` (the shipped model's): shifted up to 1.5 px, scaled ±8 %, ink bolder or thinner,
    blurred, noise: how a cut and a print differ from the cells seen.

    `photo`: as a photo and a cut vary them (idphoto-gen's hard tier: blur σ 0.6–1.3 px and
    motion, JPEG quality 35–50, glare and shadow): the window moved up to 3 px along the
    line (a fifth of a pitch: the neighbours' ink comes in, as in an off-centre cut) and
    1.5 px across, scaled ±8 %, sheared, ink bolder or thinner, blurred unevenly in x and
    y, a contrast lost or a paper darkened with a gradient across the cell, JPEG'd at a
    smaller scale, noise."""
    out = [cells.x]
    for _ in range(copies):
        if style == "cut":
            out.append(vary_cut(cells.x, rng))
            continue
        for start in range(0, len(cells.y), chunk):
            out.append(vary(cells, np.arange(start, min(start + chunk, len(cells.y))), rng))
    return np.concatenate(out), np.tile(cells.y, copies + 1)


def vary_cut(x, rng):
    """One `cut` variant of each cell (see `augment`)."""
    cells = x.reshape(-1, HEIGHT, WIDTH)
    ys_idx = np.arange(HEIGHT, dtype=np.float32)
    xs_idx = np.arange(WIDTH, dtype=np.float32)
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
    return np.clip(varied, 0, 1).reshape(n, -1)


def strips(cells, idx):
    """Each cell with its line neighbours either side ((n, HEIGHT, 3 WIDTH); paper past a
    line's end)."""
    def side(neighbour):
        found = neighbour[idx] >= 0
        part = np.zeros((len(idx), WIDTH * HEIGHT), np.float32)
        part[found] = cells.x[neighbour[idx][found]]
        return part.reshape(-1, HEIGHT, WIDTH)
    return np.concatenate([side(cells.left), cells.x[idx].reshape(-1, HEIGHT, WIDTH), side(cells.right)], axis=2)


def vary(cells, idx, rng):
    """One variant of each of the cells `idx` (see `augment`)."""
    n = len(idx)
    strip = strips(cells, idx)
    u = lambda lo, hi, shape=(n,): rng.uniform(lo, hi, shape).astype(np.float32)
    dx, dy, scale, shear = u(-3, 3), u(-1.5, 1.5), u(0.92, 1.08), u(-0.12, 0.12)
    yy = np.arange(HEIGHT, dtype=np.float32)[None, :, None] - HEIGHT / 2 + 0.5
    xx = np.arange(WIDTH, dtype=np.float32)[None, None, :] - WIDTH / 2 + 0.5
    sy = np.broadcast_to(yy * scale[:, None, None] + HEIGHT / 2 - 0.5 + dy[:, None, None], (n, HEIGHT, WIDTH))
    sx = xx * scale[:, None, None] + shear[:, None, None] * yy + WIDTH * 1.5 - 0.5 + dx[:, None, None]
    sy, sx = np.clip(sy, 0, HEIGHT - 1), np.clip(sx, 0, 3 * WIDTH - 1)
    y0, x0 = np.floor(sy).astype(int), np.floor(sx).astype(int)
    y1, x1 = np.minimum(y0 + 1, HEIGHT - 1), np.minimum(x0 + 1, 3 * WIDTH - 1)
    fy, fx = sy - y0, sx - x0
    i = np.arange(n)[:, None, None]
    v = (strip[i, y0, x0] * (1 - fy) * (1 - fx) + strip[i, y0, x1] * (1 - fy) * fx
         + strip[i, y1, x0] * fy * (1 - fx) + strip[i, y1, x1] * fy * fx)
    v = np.clip(v, 0, 1) ** u(0.7, 1.4)[:, None, None]
    blurred = rng.random(n) < 0.6
    v[blurred] = gaussian_blur(v[blurred], u(0.2, 1.1, blurred.sum()), u(0.2, 1.1, blurred.sum()))
    light = rng.random(n) < 0.35
    if light.any():
        m = light.sum()
        paper = u(-0.2, 0.15, m)[:, None, None] + u(-0.1, 0.1, m)[:, None, None] * xx / WIDTH
        ink = u(0.6, 1.0, m)[:, None, None]
        v[light] = paper + (ink - paper) * v[light]
    v = np.clip(v, 0, 1)
    jpeg = rng.random(n) < 0.4
    if jpeg.any():
        v[jpeg] = jpeg_round_trip(v[jpeg], rng)
    v += rng.normal(0, 1, v.shape).astype(np.float32) * u(0.01, 0.05)[:, None, None]
    return np.clip(v, 0, 1).reshape(n, -1)


def gaussian_blur(v, sigma_x, sigma_y, radius=3):
    """Each image blurred by its own Gaussian, σ per axis (a motion smears one way)."""
    taps = np.arange(-radius, radius + 1, dtype=np.float32)
    for axis, sigma in ((2, sigma_x), (1, sigma_y)):
        weights = np.exp(-0.5 * (taps[None, :] / sigma[:, None]) ** 2)
        weights /= weights.sum(1, keepdims=True)
        pad = [(0, 0)] * 3
        pad[axis] = (radius, radius)
        padded = np.pad(v, pad, mode="edge")
        size = v.shape[axis]
        out = np.zeros_like(v)
        for k in range(2 * radius + 1):
            part = padded[:, k:k + size, :] if axis == 1 else padded[:, :, k:k + size]
            out += weights[:, k, None, None] * part
        v = out
    return v


def jpeg_round_trip(v, rng, per_mosaic=256):
    """The cells through JPEG (quality 30–60) at 50–90 % of their size, as the photo's
    pixels were before the reader resampled them: tiled in mosaics, one quality and
    scale per mosaic."""
    from io import BytesIO
    from PIL import Image
    out = np.empty_like(v)
    columns = 16
    for start in range(0, len(v), per_mosaic):
        part = v[start:start + per_mosaic]
        m = len(part)
        rows = -(-m // columns)
        mosaic = np.zeros((rows * HEIGHT, columns * WIDTH), np.float32)
        for k in range(m):
            r, c = divmod(k, columns)
            mosaic[r * HEIGHT:(r + 1) * HEIGHT, c * WIDTH:(c + 1) * WIDTH] = part[k]
        image = Image.fromarray((255 - mosaic * 255).astype(np.uint8))
        factor = rng.uniform(0.6, 0.95)
        small = image.resize((max(1, round(image.width * factor)), max(1, round(image.height * factor))), Image.BILINEAR)
        buffer = BytesIO()
        small.save(buffer, "JPEG", quality=int(rng.integers(35, 61)))
        back = Image.open(BytesIO(buffer.getvalue())).resize(image.size, Image.BILINEAR)
        restored = 1 - np.asarray(back, np.float32) / 255
        for k in range(m):
            r, c = divmod(k, columns)
            out[start + k] = restored[r * HEIGHT:(r + 1) * HEIGHT, c * WIDTH:(c + 1) * WIDTH]
    return out


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
        self.name = f"mlp{hidden}" + (f"e{epochs}" if epochs != 12 else "")

    @staticmethod
    def read(path):
        """A model from its weights file (as `write` writes it), its weights as the reader
        runs them (int8 times the layer's scale)."""
        with open(path, "rb") as f:
            data = f.read()
        magic, version, width, height, d, hidden, k = struct.unpack("<4s6I", data[:28])
        assert magic == b"MRZG" and version == 1 and (width, height) == (WIDTH, HEIGHT), path
        offset = 28 + k
        model = MLP(hidden)
        model.mean = np.frombuffer(data, "<f4", d, offset).astype(np.float32)
        offset += 4 * d
        model.params = []
        for n_in, n_out in ((d, hidden), (hidden, k)):
            (scale,) = struct.unpack("<f", data[offset:offset + 4])
            weights = np.frombuffer(data, np.int8, n_in * n_out, offset + 4).reshape(n_in, n_out).astype(np.float32) * scale
            offset += 4 + n_in * n_out
            model.params += [weights, np.frombuffer(data, "<f4", n_out, offset).astype(np.float32)]
            offset += 4 * n_out
        return model

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
            rate = self.rate * (0.5 ** (epoch // max(1, self.epochs // 3)))
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


def candidate(name):
    """`prototypes`, or `mlpH` (H hidden ReLUs, 12 epochs) / `mlpHeE` (E epochs)."""
    if name == "prototypes":
        return Prototypes()
    hidden, _, epochs = name.removeprefix("mlp").partition("e")
    return MLP(int(hidden), int(epochs or 12))


def sources(specs):
    real, synthetic = None, []
    for spec in specs:
        name, path = spec.split("=", 1)
        data = load(path)
        print(f"{name}: {len(data.y)} glyphs from {path}", file=sys.stderr)
        if name == "real":
            real = data
        else:
            synthetic.append(data)
    return real, synthetic


def stack(parts):
    """Several sources' cells as one (the neighbours' indices moved with them)."""
    offsets = np.cumsum([0] + [len(p.y) for p in parts[:-1]])
    shift = lambda index, offset: np.where(index >= 0, index + offset, -1)
    return Cells(*(np.concatenate([getattr(p, f) for p in parts]) for f in ("x", "y", "docs", "reads")),
                 np.concatenate([shift(p.left, o) for p, o in zip(parts, offsets)]),
                 np.concatenate([shift(p.right, o) for p, o in zip(parts, offsets)]))


def subset(cells, keep):
    """The cells where `keep` holds (a neighbour left out becomes a line's end)."""
    index = np.full(len(cells.y), -1)
    index[keep] = np.arange(keep.sum())
    relink = lambda neighbour: np.where(neighbour >= 0, index[np.maximum(neighbour, 0)], -1)
    return Cells(cells.x[keep], cells.y[keep], cells.docs[keep], cells.reads[keep], relink(cells.left)[keep], relink(cells.right)[keep])


def report(name, truth, scores, reads=None, cells=None):
    """Accuracy, and how sure the model is where it is right and where it is wrong (the
    reader trusts a cell from 0.9, `CellVote`, and shows it from 0.8); with `cells`, the
    same over the cuts the reader uses (its gate: a cut whose cells its reading agrees
    with in fewer than half is no view)."""
    predicted = scores.argmax(1)
    top = scores.max(1)
    right = predicted == truth

    def sureness(kept):
        r, w = right & kept, ~right & kept
        return (f"right at >=0.9 {(r & (top >= 0.9)).sum()}/{r.sum()} = {(r & (top >= 0.9)).sum() / max(1, r.sum()):.1%}"
                f"; wrong {w.sum()}, at >=0.9 {(w & (top >= 0.9)).sum()}, at >=0.8 {(w & (top >= 0.8)).sum()}")
    line = f"{name}: {right.sum()}/{len(truth)} = {right.mean():.2%}"
    letters = np.array([CHARSET[t] != "<" for t in truth])
    line += f"; without fillers {right[letters].sum()}/{letters.sum()} = {right[letters].mean():.2%}"
    line += "; " + sureness(np.ones(len(truth), bool))
    if cells is not None:
        used = ~refused_cuts(cells, predicted)
        line += f"; in the {used.sum()} cells of cuts the reader uses: " + sureness(used)
        r, w = right & used, ~right & used
        line += "; there, right sure / wrong sure from " + ", ".join(
            f"{t}: {(r & (top >= t)).sum() / max(1, r.sum()):.1%} / {(w & (top >= t)).sum()}" for t in SWEEP)
        unsure = np.unique(cells.docs[r & (top < 0.9)], return_counts=True)[1]
        line += (f"; right cells under 0.9 in {len(unsure)} of {len(np.unique(cells.docs))} documents, "
                 f"most first {sorted(unsure.tolist(), reverse=True)[:8]}")
    if reads is not None:
        known = reads != ""
        lstm = np.array([r == CHARSET[t] for r, t in zip(reads, truth)])
        both_wrong = known & ~lstm & ~right
        line += (f"; LSTM (first reading) {lstm[known].mean():.2%} on {known.sum()} cells of lines read at length, "
                 f"LSTM wrong {(known & ~lstm).sum()}, classifier right there {(known & ~lstm & right).sum()}, both wrong {both_wrong.sum()}")
    print(line, flush=True)
    return right


SWEEP = (0.9, 0.95, 0.98, 0.99, 0.995, 0.999)


def refused_cuts(cells, predicted):
    """The cells of each line whose classifier reading agrees with the reader's in fewer
    than half its cells (or that the reader read at another length)."""
    line = np.cumsum(cells.left == -1) - 1
    agree = np.array([r != "" and CHARSET[p] == r for p, r in zip(predicted, cells.reads)])
    share = np.bincount(line, agree) / np.bincount(line)
    return (share < 0.5)[line]


def trained(make, cells, rng, copies, clean=False, style="cut", as_run=True):
    """A candidate trained on `cells` and their variants, as the reader would run it (int8
    weights; `as_run=False`: the float weights, which `MLP.write` quantises itself).
    With `clean`, trained twice: the second time without the lines the first model
    misreads in more than half the cells (`misaligned_lines`)."""
    def fit(cells):
        x, y = augment(cells, rng, copies, style)
        fitted = make().fit(x, y, rng)
        return fitted.quantised() if as_run and hasattr(fitted, "quantised") else fitted
    fitted = fit(cells)
    if not clean:
        return fitted
    dropped = misaligned_lines(cells, fitted.scores(cells.x).argmax(1))
    print(f"cleaning: {dropped.sum()} of {len(cells.y)} cells in lines cut off by a cell left out", file=sys.stderr)
    return fit(subset(cells, ~dropped))


def misaligned_lines(cells, read, limit=0.5):
    """The cells of each line read otherwise than its truth in more than `limit` of its
    cells: a cut a cell off (the reader's own gate refuses a cut its reading agrees with
    in fewer than half the cells, `CellVote`), whose labels are not its glyphs."""
    wrong = read != cells.y
    line = np.cumsum(cells.left == -1) - 1
    share = np.bincount(line, wrong) / np.bincount(line)
    return share[line] > limit


def compare(args):
    rng = np.random.default_rng(args.seed)
    real, synthetic = sources(args.sources)
    tests = [(path, load(path)) for path in args.test]
    if args.model:
        shipped = MLP.read(args.model)
        for path, data in ([("real", real)] if real is not None else []) + tests:
            report(f"{args.model} {os.path.basename(path)}", data.y, shipped.scores(data.x), data.reads, data)
    for name in args.candidates:
        make = lambda: candidate(name)
        if real is not None:
            folds = np.array([fold_of(d, args.folds) for d in real.docs])
            scores = np.zeros((len(real.y), len(CHARSET)), np.float32)
            # without the real glyphs, one model reads every fold
            for f in range(args.folds if args.with_real else 1):
                train = [subset(real, folds != f)] if args.with_real else []
                fitted = trained(make, stack(synthetic + train), rng, args.copies, args.clean, args.augment)
                held = folds == f if args.with_real else np.ones(len(folds), bool)
                scores[held] = fitted.scores(real.x[held])
            report(f"{name} real by {args.folds} document folds"
                   + (" (synthetic + other folds)" if args.with_real else " (synthetic only)"), real.y, scores, real.reads, real)
        if tests:
            fitted = trained(make, stack(synthetic + ([real] if real is not None and args.with_real else [])), rng, args.copies, args.clean, args.augment)
            for path, data in tests:
                report(f"{name} {os.path.basename(path)}", data.y, fitted.scores(data.x), data.reads, data)
            if args.keep:
                fitted.write(os.path.join(args.keep, f"{name}.bin"))


def train(args):
    """One candidate trained on the sources named (in their order), written to --out, and
    scored on every --score set: one model for all, unlike `compare`."""
    rng = np.random.default_rng(args.seed)
    real, synthetic = sources(args.sources)
    assert real is None, "train takes synthetic sources only: score the real cells with --score"
    fitted = trained(lambda: candidate(args.candidate), stack(synthetic), rng, args.copies, args.clean, args.augment)
    if args.out:
        fitted.write(args.out)
    label = f"{args.candidate} {args.augment}" + (" clean" if args.clean else "")
    for path in args.score:
        data = load(path)
        report(f"{label} {os.path.basename(path)}", data.y, fitted.scores(data.x), data.reads, data)


def export(args):
    rng = np.random.default_rng(args.seed)
    real, synthetic = sources(args.sources)
    cells = stack(synthetic + ([real] if real is not None else []))
    model = trained(lambda: MLP(args.hidden, args.epochs), cells, rng, args.copies, args.clean, args.augment, as_run=False)
    model.write(args.out)
    print(f"wrote {args.out}: {os.path.getsize(args.out)} bytes, {len(cells.y)} glyphs before augmentation and cleaning")


def folds(args):
    """The fold models and the all-data model, written; the real cells scored by folds."""
    rng = np.random.default_rng(args.seed)
    real, synthetic = sources(args.sources)
    assert real is not None, "folds needs the real cells (real=R.jsonl)"
    os.makedirs(args.out, exist_ok=True)
    fold = np.array([fold_of(d, args.folds) for d in real.docs])
    make = lambda: MLP(args.hidden, args.epochs)
    for f in list(range(args.folds)) + [None]:
        kept = [subset(real, fold != f)] if f is not None else [real]
        path = fold_model(args.out, f) if f is not None else os.path.join(args.out, "all.bin")
        trained(make, stack(synthetic + kept), rng, args.copies, style=args.augment, as_run=False).write(path)
        print(f"wrote {path}: real glyphs of {'every fold' if f is None else f'every fold but {f}'}", file=sys.stderr, flush=True)
    report(f"mlp{args.hidden} real by {args.folds} document folds (the written fold models)", real.y,
           scores_by_folds(args.out, real, args.folds), real.reads, real)


def channel(args):
    """The model's reading of the real cells as `MeasuredGlyphChannel`'s tables (Swift
    literals): the cells by true character, and every misreading with whether it was
    confident (0.9 or more)."""
    data = load(args.cells)
    scores = MLP.read(args.model).scores(data.x) if args.model else scores_by_folds(args.folds, data)
    read, top = scores.argmax(1), scores.max(1)
    observed = {c: int((data.y == i).sum()) for i, c in enumerate(CHARSET)}
    print("    static let observed: [Character: Int] = [")
    entries = [f'"{c}": {observed[c]}' for c in CHARSET]
    for start in range(0, len(entries), 10):
        print("        " + ", ".join(entries[start:start + 10]) + ",")
    print("    ]")
    wrong = sorted((CHARSET[t], CHARSET[r], bool(p >= 0.9)) for t, r, p in zip(data.y, read, top) if t != r)
    print(f"    // {len(wrong)} of {len(data.y)} cells read wrong, {sum(w[2] for w in wrong)} at 0.9 or more")
    print("    static let misreadings: [Misreading] = [")
    entries = [f'.init("{t}", "{r}", {str(c).lower()})' for t, r, c in wrong]
    for start in range(0, len(entries), 5):
        print("        " + ", ".join(entries[start:start + 5]) + ",")
    print("    ]")


def truths(args):
    import glob
    for js in sorted(glob.glob(os.path.join(args.directory, "mrz", "mrz_*.json"))):
        case = json.load(open(js))
        image = os.path.join(os.path.dirname(js), case["image"])
        with open(os.path.splitext(image)[0] + ".txt", "w") as f:
            f.write("\n".join(case["mrz_lines"]) + "\n")
        print(os.path.abspath(image))


def pages(args):
    """idphoto-gen's MRZ pages of one seed, only the tiers and case numbers asked (each case
    is a function of seed, format, tier and number alone, so these are the very pages
    `gen.py --seed S --mrz-per N` draws), with their expected lines beside each (.txt);
    prints the pictures' paths."""
    sys.path.insert(0, args.generator)
    import gen
    os.makedirs(args.out, exist_ok=True)
    for tier in args.tiers:
        for number in range(args.first, args.first + args.count):
            for fmt in gen.MRZ_FORMATS:
                case = "mrz_%s_%s_%04d" % (fmt.lower(), tier, number)
                js = os.path.join(args.out, case + ".json")
                if not os.path.exists(js):
                    gen.gen_mrz_case(args.seed, fmt, tier, number, args.out)
                truth = json.load(open(js))
                image = os.path.join(args.out, truth["image"])
                with open(os.path.splitext(image)[0] + ".txt", "w") as f:
                    f.write("\n".join(truth["mrz_lines"]) + "\n")
                print(os.path.abspath(image), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compare")
    c.add_argument("sources", nargs="+")
    c.add_argument("--folds", type=int, default=FOLDS)
    c.add_argument("--test", nargs="*", default=[])
    c.add_argument("--candidates", nargs="*", default=["prototypes", "mlp96", "mlp128"], help="prototypes, mlpH or mlpHeE")
    c.add_argument("--model", help="a weights file to score as it is (e.g. the shipped one)")
    c.add_argument("--keep", help="a folder to write each MLP candidate trained for the --test sets")
    c.add_argument("--with-real", action="store_true", help="train on the other folds' real glyphs too")
    c.add_argument("--copies", type=int, default=2)
    c.add_argument("--augment", choices=["cut", "photo"], default="cut", help="the variants trained on (see augment)")
    c.add_argument("--clean", action="store_true", help="train again without the lines the first model finds cut off by a cell")
    c.add_argument("--seed", type=int, default=1)
    e = sub.add_parser("export")
    e.add_argument("sources", nargs="+")
    e.add_argument("--out", required=True)
    e.add_argument("--hidden", type=int, default=128)
    e.add_argument("--epochs", type=int, default=12)
    e.add_argument("--copies", type=int, default=2)
    e.add_argument("--augment", choices=["cut", "photo"], default="cut", help="the variants trained on (see augment)")
    e.add_argument("--clean", action="store_true", help="as compare --clean")
    e.add_argument("--seed", type=int, default=1)
    r = sub.add_parser("train")
    r.add_argument("sources", nargs="+")
    r.add_argument("--candidate", default="mlp128")
    r.add_argument("--augment", choices=["cut", "photo"], default="cut")
    r.add_argument("--clean", action="store_true")
    r.add_argument("--copies", type=int, default=2)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--score", nargs="*", default=[])
    r.add_argument("--out")
    f = sub.add_parser("folds")
    f.add_argument("sources", nargs="+")
    f.add_argument("--out", required=True, help="the folder for fold-F.bin and all.bin")
    f.add_argument("--folds", type=int, default=FOLDS)
    f.add_argument("--hidden", type=int, default=128)
    f.add_argument("--epochs", type=int, default=12)
    f.add_argument("--copies", type=int, default=2)
    f.add_argument("--augment", choices=["cut", "photo"], default="cut")
    f.add_argument("--seed", type=int, default=1)
    m = sub.add_parser("channel")
    m.add_argument("cells", help="the real corpus's cells (glyph-cells JSONL)")
    which = m.add_mutually_exclusive_group(required=True)
    which.add_argument("--model")
    which.add_argument("--folds", help="a folder of fold models (glyphs.py folds): each cell read by the one not trained on it")
    g = sub.add_parser("pages")
    g.add_argument("seed", type=int)
    g.add_argument("out")
    g.add_argument("--tiers", nargs="+", default=["clean", "mild", "hard"])
    g.add_argument("--first", type=int, default=0)
    g.add_argument("--count", type=int, default=20)
    g.add_argument("--generator", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "tools", "idphoto-gen"))
    t = sub.add_parser("truths")
    t.add_argument("directory")
    args = parser.parse_args()
    {"compare": compare, "train": train, "export": export, "folds": folds, "channel": channel, "pages": pages,
     "truths": truths}[args.command](args)


if __name__ == "__main__":
    main()
