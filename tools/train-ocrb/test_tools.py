#!/usr/bin/env python3
"""Tests of the training and evaluation tools themselves (run by `make test`):
the text generator's check digits and its look-alike documents, the turned text's box, the
reader's crop geometry, the cut of idphoto-gen's lines, the edit distance and the model's
input height.

  python3 -m unittest discover -s tools/train-ocrb -p 'test_*.py'
"""
import math
import os
import random
import sys
import tempfile
import unittest

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cv2  # noqa: E402
import evaluate  # noqa: E402
import idphoto_lines  # noqa: E402
import mrzlines  # noqa: E402
import render  # noqa: E402
import real_lines  # noqa: E402
import resize_input  # noqa: E402

MODEL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tessdata", "ocrb.traineddata")


class CheckDigitTests(unittest.TestCase):
    def test_icao_specimen_check_digits(self):
        # ICAO 9303 part 4, the specimen TD3 passport of Utopia:
        # L898902C36UTO7408122F1204159ZE184226B<<<<<10
        self.assertEqual(mrzlines.check("L898902C3"), "6")
        self.assertEqual(mrzlines.check("740812"), "2")
        self.assertEqual(mrzlines.check("120415"), "9")
        self.assertEqual(mrzlines.check("ZE184226B<<<<<"), "1")
        self.assertEqual(mrzlines.check("L898902C36" + "7408122" + "1204159ZE184226B<<<<<1"), "0")

    def test_td3_lines_carry_their_check_digits(self):
        rng = random.Random(1)
        for _ in range(200):
            line1, line2 = mrzlines.td3(rng)
            self.assertEqual((len(line1), len(line2)), (44, 44))
            for start, end in ((0, 9), (13, 19), (21, 27), (28, 42)):
                self.assertEqual(line2[end], mrzlines.check(line2[start:end]), line2)
            self.assertEqual(line2[43], mrzlines.check(line2[0:10] + line2[13:20] + line2[21:43]), line2)

    def test_td2_lines_carry_their_check_digits(self):
        rng = random.Random(2)
        for _ in range(200):
            line1, line2 = mrzlines.td2(rng)
            self.assertEqual((len(line1), len(line2)), (36, 36))
            for start, end in ((0, 9), (13, 19), (21, 27)):
                self.assertEqual(line2[end], mrzlines.check(line2[start:end]), line2)
            self.assertEqual(line2[35], mrzlines.check(line2[0:10] + line2[13:20] + line2[21:35]), line2)

    def test_td1_lines_carry_their_check_digits(self):
        rng = random.Random(3)
        for _ in range(200):
            line1, line2, line3 = mrzlines.td1(rng)
            self.assertEqual((len(line1), len(line2), len(line3)), (30, 30, 30))
            self.assertEqual(line1[14], mrzlines.check(line1[5:14]), line1)
            self.assertEqual(line2[6], mrzlines.check(line2[0:6]), line2)
            self.assertEqual(line2[14], mrzlines.check(line2[8:14]), line2)
            self.assertEqual(line2[29], mrzlines.check(line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29]))

    def test_lines_are_reproducible_and_hold_only_mrz_characters(self):
        lines = mrzlines.lines(500, 909)
        self.assertEqual(lines, mrzlines.lines(500, 909))
        self.assertNotEqual(lines, mrzlines.lines(500, 808))
        self.assertEqual(len(lines), 500)
        for line in lines:
            self.assertIn(len(line), (30, 36, 44), line)
            self.assertTrue(set(line) <= set(mrzlines.CHARSET), line)


class ConfusableTextTests(unittest.TestCase):
    def test_without_a_weight_the_text_is_as_before(self):
        self.assertEqual(mrzlines.lines(300, 101), mrzlines.lines(300, 101, 0))

    def test_look_alike_documents_keep_their_check_digits(self):
        rng = random.Random(4)
        for _ in range(100):
            line1, line2 = mrzlines.td3(rng, confusable=True)
            self.assertEqual((len(line1), len(line2)), (44, 44))
            for start, end in ((0, 9), (13, 19), (21, 27), (28, 42)):
                self.assertEqual(line2[end], mrzlines.check(line2[start:end]), line2)
            self.assertTrue(set(line1[5:]) <= set(mrzlines.CONFUSABLE_LETTERS + ["<"]), line1)
            self.assertTrue(set(line2[:9]) <= set(mrzlines.CONFUSABLE_ALL + ["<"]), line2)

    def test_the_weight_brings_look_alikes_side_by_side(self):
        def near_pairs(lines):  # look-alike pairs whose two characters stand within 5 places
            return sum(sum(a in line and b in line and abs(line.index(a) - line.index(b)) < 6
                           for a, b in mrzlines.CONFUSABLE) for line in lines) / len(lines)
        rng = random.Random(5)
        documents = [line for _ in range(300) for line in mrzlines.confusable_document(rng)]
        # (every document also has its dates and check digits, as the plain ones)
        self.assertGreater(near_pairs(documents), 1.8 * near_pairs(mrzlines.lines(len(documents), 7)))
        for line in mrzlines.lines(500, 7, 3):
            self.assertIn(len(line), (30, 36, 44), line)
            self.assertTrue(set(line) <= set(mrzlines.CHARSET), line)


class IdphotoLinesTests(unittest.TestCase):
    """A document drawn with idphoto-gen's MRZ geometry (gen.py render_mrz_doc), turned and
    put in perspective; the cut must find each line where it is."""
    LINES = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    def photo(self, ch=20.0, pitch_factor=1.03, line_pitch=1.7):
        from PIL import ImageDraw, ImageFont
        size = ch / idphoto_lines.OCRB_CAP
        font = ImageFont.truetype(idphoto_lines.OCRB, round(size))
        pitch = 0.723 * size * pitch_factor
        w, h = int(46 * pitch + 80), int(ch * 5 + 80)
        doc = Image.new("L", (w, h), 235)
        draw = ImageDraw.Draw(doc)
        left, first_top, lp = 40.0, 40.0, line_pitch * ch
        cap_off = font.getbbox("A")[1]
        for k, line in enumerate(self.LINES):
            for i, c in enumerate(line):
                draw.text((left + i * pitch, first_top + k * lp - cap_off), c, font=font, fill=20)
        quad = np.float64([[left - 0.1 * pitch, first_top - 0.1 * ch], [left + 44 * pitch, first_top - 0.1 * ch],
                           [left + 44 * pitch, first_top + lp + 1.1 * ch], [left - 0.1 * pitch, first_top + lp + 1.1 * ch]])
        # a turn of 6 degrees and some perspective, as idphoto-gen's mild and hard tiers
        corners = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        moved = np.float32([[30, 60], [w + 20, 10], [w + 40, h + 30], [10, h + 70]])
        matrix = cv2.getPerspectiveTransform(corners, moved)
        photo = cv2.warpPerspective(np.asarray(doc), matrix, (w + 80, h + 120), borderValue=235)
        q = np.hstack([quad, np.ones((4, 1))]) @ matrix.T
        case = dict(mrz_lines=self.LINES, mrz_quad=(q[:, :2] / q[:, 2:3]).tolist(), tier="mild",
                    render=dict(mrz_char_height_px=ch, mrz_char_pitch_px=pitch))
        return photo, case

    def test_each_line_is_cut_in_the_readers_frame(self):
        photo, case = self.photo()
        rect, boxes = idphoto_lines.line_boxes(case, photo)
        for box in boxes:
            view = np.asarray(idphoto_lines.cut(photo, case, rect, box, 48, margin=0.4, sides=1.0))
            self.assertEqual(view.shape[0], 48)
            ink = np.argwhere(view < 128)
            top, left = ink.min(axis=0)
            bottom, right = ink.max(axis=0) + 1
            height = box[3] - box[1]
            pad = int(0.4 * height) + 2
            scale = 48 / round(height + 2 * pad)  # view height / crop height
            self.assertAlmostEqual(top, pad * scale, delta=2)
            self.assertAlmostEqual(bottom, 48 - pad * scale, delta=2)
            self.assertAlmostEqual(left, height * scale, delta=2.5)
            self.assertAlmostEqual(view.shape[1] - right, height * scale, delta=2.5)

    def test_the_line_pitch_is_found_from_the_quad(self):
        for line_pitch in (1.55, 1.85):
            photo, case = self.photo(line_pitch=line_pitch)
            _, boxes = idphoto_lines.line_boxes(case, photo)
            cap_tops = [box[1] - min(idphoto_lines.ink_box(c)[1] for c in line) * 20 / idphoto_lines.OCRB_CAP
                        for box, line in zip(boxes, self.LINES)]
            self.assertAlmostEqual((cap_tops[1] - cap_tops[0]) / 20, line_pitch, delta=0.04)

    def test_glare_over_a_hard_mrz_leaves_it_out(self):
        case = dict(tier="hard", render=dict(glare=dict(max_over_target=0.85)))
        self.assertFalse(idphoto_lines.usable(case))
        self.assertTrue(idphoto_lines.usable(dict(case, render=dict(glare=dict(max_over_target=0.5)))))
        self.assertTrue(idphoto_lines.usable(dict(tier="mild", render={})))


class TurnedBoxTests(unittest.TestCase):
    def test_box_encloses_the_turned_ink(self):
        """The box compose() returns for a tilted line is the upright box around its ink
        (the evaluation crops by it, as the reader crops by its glyph boxes)."""
        plain = dict(height=(30, 30), blur=0, noise=0, jpeg=None, angle=15.0, bg=0.0,
                     stroke=(0, 0), light=0.0, contrast=1.0)
        rng = random.Random(7)
        for n in range(12):
            mask = render.draw_text("P<UTOERIKSSON<<ANNA<MARIA", rng, render.FONTS[n % 2], 0.0, 0.0)
            img, box = render.compose(mask, rng, plain, with_box=True)
            ink = np.argwhere(np.asarray(img) < 150)  # paper 205-250, ink 0-60
            top, left = ink.min(axis=0)
            bottom, right = ink.max(axis=0) + 1
            # encloses the ink (to a pixel of resampling), and exceeds it by no more than
            # the turned corners of the glyph box, where a glyph need not have ink
            slack = 30 * math.sin(math.radians(15)) + 2
            self.assertTrue(-1 <= left - box[0] <= slack and -1 <= top - box[1] <= slack,
                            (box, (left, top, right, bottom)))
            self.assertTrue(-1 <= box[2] - right <= slack and -1 <= box[3] - bottom <= slack,
                            (box, (left, top, right, bottom)))
            self.assertEqual(box[4], 30)

    def test_untilted_box_is_the_text_box(self):
        self.assertEqual(render.turned_box((10, 20, 110, 40), 0.0, (120, 60), (120, 60)), (10, 20, 110, 40))


class ReaderViewTests(unittest.TestCase):
    @staticmethod
    def dark_span(values):
        dark = np.flatnonzero(values < 128)
        return dark.min(), dark.max() + 1

    def test_view_has_the_models_height_and_the_readers_margins(self):
        page = np.full((100, 400), 255, np.uint8)
        page[30:60, 100:300] = 0  # a "text" box 30 px tall
        view = evaluate.reader_view_image(Image.fromarray(page), (100, 30, 300, 60, 30), 24)
        self.assertEqual(view.height, 24)
        column = np.asarray(view)[:, view.width // 2]
        top, bottom = self.dark_span(column)
        # 0.4 of the box height + 2 px above and below: the text is 30 / 58 of the view
        self.assertAlmostEqual((bottom - top) / 24, 30 / 58, delta=0.06)

    def test_narrow_side_room_is_padded_to_one_box_height(self):
        page = np.full((100, 300), 255, np.uint8)
        page[30:60, 5:295] = 0  # only 5 px of paper at each side
        view = evaluate.reader_view_image(Image.fromarray(page), (5, 30, 295, 60, 30), 24)
        row = np.asarray(view)[12]
        left, right = self.dark_span(row)
        scale = 24 / 58
        self.assertGreaterEqual(left, round(30 * scale) - 1)
        self.assertGreaterEqual(view.width - right, round(30 * scale) - 1)


class EvaluationHelperTests(unittest.TestCase):
    def test_edit_distance(self):
        self.assertEqual(evaluate.edit_distance("", "ABC"), 3)
        self.assertEqual(evaluate.edit_distance("KITTEN", "SITTING"), 3)
        self.assertEqual(evaluate.edit_distance("<<2", "<<22"), 1)
        self.assertEqual(evaluate.edit_distance("P<UTO", "P<UTO"), 0)

    def test_input_height_is_read_from_the_model(self):
        with tempfile.NamedTemporaryFile(suffix=".traineddata") as f:
            f.write(b"\x00\x01[1,48,0,1 Ct3,3,16 Mp3,3 Lfys48 Lbx96 O1c1]\x00")
            f.flush()
            self.assertEqual(evaluate.network_input_height(f.name), 48)

    def test_a_model_without_a_spec_is_shown_lines_at_engs_height(self):
        with tempfile.NamedTemporaryFile(suffix=".traineddata") as f:
            f.write(b"\x00legacy model, no network spec\x00")
            f.flush()
            self.assertEqual(evaluate.network_input_height(f.name), 36)


class ResizeInputTests(unittest.TestCase):
    def test_the_committed_model_takes_another_input_height_and_back(self):
        with open(MODEL, "rb") as f:
            original = f.read()
        height = evaluate.network_input_height(MODEL)
        taller, places = resize_input.resized(original, height, height + 12)
        self.assertEqual(places, 4)  # one copy of the network: Series, Input, shape, spec
        self.assertEqual(len(taller), len(original))
        with tempfile.NamedTemporaryFile(suffix=".traineddata") as f:
            f.write(taller)
            f.flush()
            self.assertEqual(evaluate.network_input_height(f.name), height + 12)
        self.assertEqual(resize_input.resized(taller, height + 12, height)[0], original)

    def test_bytes_without_the_height_in_place_are_refused(self):
        with self.assertRaises(ValueError):
            resize_input.resized(bytes(range(256)) * 4, 24, 36)


class TrainingPageTests(unittest.TestCase):
    """render.write_page: the one page and box writer of both training-line sources."""

    def test_lines_are_stacked_with_one_box_each_and_an_end_of_line_box(self):
        items = [("P<UTO", Image.new("L", (50, 10), 0)), ("L898", Image.new("L", (40, 20), 0))]
        with tempfile.TemporaryDirectory() as d:
            base = os.path.join(d, "page")
            render.write_page(base, items)
            page = Image.open(base + ".tif")
            self.assertEqual(page.size, (50 + 24, 10 + 20 + 3 * 12))
            boxes = open(base + ".box").read().splitlines()
        # origin bottom-left: the first line is the top one
        self.assertEqual(boxes[0], "WordStr 12 44 62 54 0 #P<UTO")
        self.assertEqual(boxes[1], "\t 62 44 63 54 0")
        self.assertEqual(boxes[2], "WordStr 12 12 52 32 0 #L898")
        self.assertEqual(len(boxes), 4)



class RealLineTests(unittest.TestCase):
    def crops(self, directory, documents):
        for name, lines in documents.items():
            for k, text in enumerate(lines):
                cv2.imwrite(os.path.join(directory, f"{name}-{k}.pgm"), np.full((24, 200), 200, np.uint8))
                with open(os.path.join(directory, f"{name}-{k}.gt.txt"), "w") as f:
                    f.write(text + "\n")

    def test_copies_of_one_document_share_a_fold(self):
        # one photo under two EXIF orientations, and a scan and a photo of one specimen
        documents = {f"doc{n}": [f"P<UTO{n:03d}", f"L{n:05d}"] for n in range(12)}
        documents["doc3-orient6"] = documents["doc3"]
        with tempfile.TemporaryDirectory() as d:
            self.crops(d, documents)
            folds = real_lines.folds(d, 2)
        self.assertEqual(folds["doc3"], folds["doc3-orient6"])
        self.assertEqual(set(folds.values()), {0, 1}, "twelve documents fall into both folds")

    def test_an_augmented_crop_keeps_its_height_and_brings_in_only_paper(self):
        gray = np.full((24, 120), 210, np.uint8)
        gray[4:20, 114:] = 20  # a glyph 6 px wide touching the crop's right edge
        rng = random.Random(3)
        for _ in range(60):
            out = real_lines.augment(gray, rng)
            self.assertEqual(out.shape[0], 24)
            self.assertTrue(110 <= out.shape[1] <= 130)
            # a replicated edge would widen the glyph into two (the model learnt to read
            # the last character twice); blur and ink weight widen it by a pixel or two
            profile = out[6:18].astype(float).mean(axis=0)
            ink, paper = profile.min(), np.median(profile)
            dark = int((profile < (ink + paper) / 2).sum())
            self.assertLessEqual(dark, 10)

if __name__ == "__main__":
    unittest.main()
