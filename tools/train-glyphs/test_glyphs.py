#!/usr/bin/env python3
"""Tests of the glyph classifier's training tool (run by `make test`): the weights file
the reader reads, the document folds, the augmentation and the cells' loading.

  python3 -m unittest discover -s tools/train-glyphs -p 'test_*.py'
"""
import base64
import json
import os
import struct
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import glyphs  # noqa: E402

SHIPPED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "MRZScanning", "mrz-glyphs.bin")


def read_weights(path):
    """The file as GlyphClassifier.swift reads it: header, mean, then per layer scale,
    int8 weights and float32 biases; nothing after."""
    data = open(path, "rb").read()
    magic, version, width, height, inputs, hidden, classes = struct.unpack("<4s6I", data[:28])
    offset = 28
    charset = data[offset:offset + classes].decode("ascii")
    offset += classes + 4 * inputs
    sizes = []
    for n_in, n_out in ((inputs, hidden), (hidden, classes)):
        offset += 4 + n_in * n_out + 4 * n_out
        sizes.append((n_in, n_out))
    return dict(magic=magic, version=version, width=width, height=height, charset=charset, sizes=sizes, end=offset, length=len(data))


class WeightsFileTests(unittest.TestCase):
    def test_a_written_model_has_the_layout_the_reader_reads(self):
        rng = np.random.default_rng(3)
        x = rng.random((200, glyphs.WIDTH * glyphs.HEIGHT)).astype(np.float32)
        y = rng.integers(0, len(glyphs.CHARSET), 200)
        model = glyphs.MLP(hidden=8, epochs=1).fit(x, y, rng)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "m.bin")
            model.write(path)
            w = read_weights(path)
        self.assertEqual(w["magic"], b"MRZG")
        self.assertEqual((w["version"], w["width"], w["height"]), (1, 16, 24))
        self.assertEqual(w["charset"], glyphs.CHARSET)
        self.assertEqual(w["sizes"], [(384, 8), (8, 37)])
        self.assertEqual(w["end"], w["length"], "no bytes after the last layer")

    def test_the_shipped_model_is_one_the_reader_reads_and_small(self):
        w = read_weights(SHIPPED)
        self.assertEqual(w["charset"], "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")
        self.assertEqual(w["end"], w["length"])
        self.assertLessEqual(w["length"], 1_000_000, "the issue's budget: 1 MB of weights")

    def test_quantised_scores_stay_near_the_float_ones(self):
        rng = np.random.default_rng(5)
        x = rng.random((300, glyphs.WIDTH * glyphs.HEIGHT)).astype(np.float32)
        y = rng.integers(0, len(glyphs.CHARSET), 300)
        model = glyphs.MLP(hidden=16, epochs=2).fit(x, y, rng)
        exact, quantised = model.scores(x), model.quantised().scores(x)
        self.assertLess(np.abs(exact - quantised).max(), 0.05)


class FoldTests(unittest.TestCase):
    def test_a_documents_copies_share_a_fold_and_folds_are_stable(self):
        document = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10"
        self.assertEqual(glyphs.fold_of(document, 5), glyphs.fold_of(document, 5))
        folds = {glyphs.fold_of(f"document {n}", 5) for n in range(50)}
        self.assertEqual(folds, set(range(5)), "fifty documents reach every fold")

    def test_each_real_cell_is_scored_by_the_model_that_did_not_train_on_its_fold(self):
        # fold model F reads every cell as the F-th character, so a cell's reading names
        # the model that scored it
        def constant(character):
            model = glyphs.MLP(hidden=1)
            d, k = glyphs.WIDTH * glyphs.HEIGHT, len(glyphs.CHARSET)
            biases = np.zeros(k, np.float32)
            biases[glyphs.CHARSET.index(character)] = 10
            model.mean = np.zeros(d, np.float32)
            model.params = [np.zeros((d, 1), np.float32), np.ones(1, np.float32), np.zeros((1, k), np.float32), biases]
            return model
        documents = [f"document {n}" for n in range(20)]
        n = len(documents)
        real = glyphs.Cells(np.zeros((n, 384), np.float32), np.zeros(n, int), np.array(documents), np.array([""] * n),
                            np.full(n, -1), np.full(n, -1))
        with tempfile.TemporaryDirectory() as d:
            for f in range(glyphs.FOLDS):
                constant(glyphs.CHARSET[f]).write(glyphs.fold_model(d, f))
            read = glyphs.scores_by_folds(d, real).argmax(1)
        self.assertEqual(read.tolist(), [glyphs.fold_of(doc) for doc in documents])
        self.assertGreater(len(set(read.tolist())), 1, "the documents fall in several folds")


class CellsTests(unittest.TestCase):
    def test_cells_load_with_their_labels_and_documents(self):
        cells = np.zeros((3, glyphs.WIDTH * glyphs.HEIGHT), np.uint8)
        cells[1, :] = 255
        rows = [
            {"path": "a.png", "line": 0, "expected": "AB<", "read": "AB<", "cells": base64.b64encode(cells.tobytes()).decode()},
            {"path": "a.png", "line": 1, "expected": "XYZ", "read": "XY", "cells": None},
        ]
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "c.jsonl")
            open(path, "w").write("\n".join(json.dumps(r) for r in rows))
            x, y, docs, reads, left, right = glyphs.load(path)
        self.assertEqual(x.shape, (3, 384))
        self.assertEqual([glyphs.CHARSET[i] for i in y], ["A", "B", "<"])
        self.assertEqual(float(x[1].min()), 1.0)
        self.assertEqual(set(docs), {"AB<\nXYZ"}, "a document is all its expected lines")
        self.assertEqual(list(reads), ["A", "B", "<"])
        self.assertEqual((list(left), list(right)), ([-1, 0, 1], [1, 2, -1]), "each cell's neighbours on its line")

    def test_augmented_copies_keep_shape_and_range(self):
        rng = np.random.default_rng(1)
        x = rng.random((10, glyphs.WIDTH * glyphs.HEIGHT)).astype(np.float32)
        cells = line_of(x)
        out, labels = glyphs.augment(cells, rng, 2, "photo")
        self.assertEqual(out.shape, (30, 384))
        self.assertTrue(np.array_equal(out[:10], x), "the originals come first")
        self.assertEqual(list(labels), list(cells.y) * 3)
        self.assertGreaterEqual(float(out.min()), 0.0)
        self.assertLessEqual(float(out.max()), 1.0)

    def test_an_off_centre_variant_takes_its_neighbours_ink(self):
        # a line of three cells: ink only in the right one; the middle cell moved right
        # shows that ink at its right edge, never paper past the line's end
        x = np.zeros((3, glyphs.HEIGHT, glyphs.WIDTH), np.float32)
        x[2] = 1
        cells = line_of(x.reshape(3, -1))
        strip = glyphs.strips(cells, np.array([1]))
        self.assertEqual(strip.shape, (1, glyphs.HEIGHT, 3 * glyphs.WIDTH))
        self.assertEqual(float(strip[0, :, :2 * glyphs.WIDTH].max()), 0.0)
        self.assertEqual(float(strip[0, :, 2 * glyphs.WIDTH:].min()), 1.0)
        self.assertEqual(float(glyphs.strips(cells, np.array([2]))[0, :, 2 * glyphs.WIDTH:].max()), 0.0, "paper past the end")

    def test_a_subset_relinks_neighbours_left_out(self):
        cells = line_of(np.zeros((4, glyphs.WIDTH * glyphs.HEIGHT), np.float32))
        kept = glyphs.subset(cells, np.array([True, False, True, True]))
        self.assertEqual((list(kept.left), list(kept.right)), ([-1, -1, 1], [-1, 2, -1]))
        both = glyphs.stack([cells, cells])
        self.assertEqual(list(both.left), [-1, 0, 1, 2, -1, 4, 5, 6])

    def test_jpeg_and_blur_keep_a_glyph_recognisable(self):
        rng = np.random.default_rng(2)
        v = np.zeros((4, glyphs.HEIGHT, glyphs.WIDTH), np.float32)
        v[:, 4:20, 6:10] = 1  # a bar
        for out in (glyphs.jpeg_round_trip(v, rng), glyphs.gaussian_blur(v, np.full(4, 1.0, np.float32), np.full(4, 1.0, np.float32))):
            self.assertEqual(out.shape, v.shape)
            self.assertGreater(float(out[:, 8:16, 7:9].mean()), 0.6, "the bar stays ink")
            self.assertLess(float(out[:, :, 13:].mean()), 0.15, "the paper stays paper")


class CleaningTests(unittest.TestCase):
    def test_a_line_misread_in_more_than_half_its_cells_is_left_out(self):
        # two lines of four cells: the first read wrong in three cells (a cut a cell off),
        # the second in one
        left = np.array([-1, 0, 1, 2, -1, 4, 5, 6])
        cells = glyphs.Cells(np.zeros((8, 384), np.float32), np.zeros(8, int), np.array(["d"] * 8), np.array([""] * 8),
                             left, np.array([1, 2, 3, -1, 5, 6, 7, -1]))
        read = np.array([1, 1, 0, 1, 0, 0, 1, 0])
        self.assertEqual(list(glyphs.misaligned_lines(cells, read)), [True] * 4 + [False] * 4)


    def test_a_cut_the_reading_disagrees_with_in_most_cells_is_refused(self):
        # the classifier reads line one as the reader did in one cell of four, line two
        # in all four
        left = np.array([-1, 0, 1, 2, -1, 4, 5, 6])
        reads = np.array(list("ABCDABCD"))
        cells = glyphs.Cells(np.zeros((8, 384), np.float32), np.zeros(8, int), np.array(["d"] * 8), reads,
                             left, np.array([1, 2, 3, -1, 5, 6, 7, -1]))
        predicted = np.array([glyphs.CHARSET.index(c) for c in "AXYZABCD"])
        self.assertEqual(list(glyphs.refused_cuts(cells, predicted)), [True] * 4 + [False] * 4)


class ShippedModelTests(unittest.TestCase):
    def test_a_written_model_reads_back_as_its_quantised_self(self):
        rng = np.random.default_rng(4)
        x = rng.random((100, glyphs.WIDTH * glyphs.HEIGHT)).astype(np.float32)
        model = glyphs.MLP(hidden=8, epochs=1).fit(x, rng.integers(0, len(glyphs.CHARSET), 100), rng)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "m.bin")
            model.write(path)
            back = glyphs.MLP.read(path)
        self.assertLess(np.abs(back.scores(x) - model.quantised().scores(x)).max(), 1e-5)


def line_of(x):
    """Cells of one line, labelled A, B, C …"""
    n = len(x)
    return glyphs.Cells(x, np.arange(n) % len(glyphs.CHARSET), np.array(["doc"] * n), np.array([""] * n),
                        np.array([i - 1 for i in range(n)]), np.array([i + 1 if i + 1 < n else -1 for i in range(n)]))


if __name__ == "__main__":
    unittest.main()
