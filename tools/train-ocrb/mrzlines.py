#!/usr/bin/env python3
"""Synthetic MRZ lines with the statistics of real ones (ICAO 9303 parts 4-7).

Used only to make OCR training and evaluation text; the library's own generator
lives in Swift (MRZ module).

  mrzlines.py COUNT SEED [CONFUSABLE_WEIGHT] > lines.txt

CONFUSABLE_WEIGHT (default 0: the text of earlier seeds is unchanged) adds documents
whose names and document numbers are drawn from look-alike characters (CONFUSABLE), the
pairs the model mixed up on real photos, so that each pair is seen side by side in context.
"""
import random
import sys

ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
CHARSET = ALPHA + DIGITS + "<"
COUNTRIES = ["UTO", "D<<", "FRA", "GBR", "USA", "CAN", "NLD", "BEL", "CHE", "ITA", "ESP",
             "POL", "CZE", "SWE", "NOR", "FIN", "DNK", "AUT", "PRT", "IRL", "LTU", "LUX",
             "ROU", "MLT", "QAT", "AUS", "NZL", "JPN", "CHN", "IND", "BRA", "MEX", "ZAF",
             "GBD", "UNO", "XXA", "EUE", "TWN", "KOR", "GRC"]
SYLLABLES = ["AN", "NA", "MA", "RI", "ER", "IK", "SS", "ON", "JO", "HA", "NN", "ES",
             "MU", "LL", "ER", "SCH", "MI", "DT", "VAN", "DE", "BER", "GQ", "XY", "ZW",
             "KO", "WA", "LSKI", "OV", "IC", "PE", "TR", "UF", "OZ", "QU", "EZ", "Y"]


# Look-alike pairs: the usual OCR-B ones (0/O, 1/I, 8/B, 5/S, 2/Z, 6/G) and those the
# model misread on real photos (U/J, E/F, D/O, P/F, H/N, D/E, L/I, I/T, S/0, N/M, K/X).
CONFUSABLE = ["0O", "1I", "8B", "5S", "2Z", "UJ", "EF", "DO", "PF", "6G", "HN",
              "DE", "LI", "IT", "S0", "NM", "KX"]
CONFUSABLE_LETTERS = sorted({c for pair in CONFUSABLE for c in pair if c.isalpha()})
CONFUSABLE_ALL = sorted({c for pair in CONFUSABLE for c in pair})


def value(c):
    if c.isdigit():
        return int(c)
    if c == "<":
        return 0
    return ord(c) - 55


def check(s):
    return str(sum(value(c) * (7, 3, 1)[i % 3] for i, c in enumerate(s)) % 10)


def word(rng, confusable=False):
    if confusable:  # letters of the look-alike pairs, often one pair's two letters in a row
        out = ""
        while len(out) < rng.randint(3, 12):
            pair = rng.choice([p for p in CONFUSABLE if p.isalpha()])
            out += pair if rng.random() < 0.4 else rng.choice(CONFUSABLE_LETTERS)
        return out[:14]
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4)))[:14]


def name_field(rng, width, confusable=False):
    primary = "<".join(word(rng, confusable) for _ in range(rng.choice([1, 1, 1, 2])))
    given = "<".join(word(rng, confusable) for _ in range(rng.choice([1, 2, 2, 3])))
    text = primary + "<<" + given
    return (text + "<" * width)[:width]


def doc_number(rng, length=9, confusable=False):
    if confusable:  # letters and digits that look alike, mixed as in real numbers
        n = "".join(rng.choice(CONFUSABLE_ALL) for _ in range(rng.randint(6, length)))
        return (n + "<" * length)[:length]
    n = "".join(rng.choice(ALPHA + DIGITS * 3) for _ in range(rng.randint(6, length)))
    return (n + "<" * length)[:length]


def date(rng):
    return "%02d%02d%02d" % (rng.randint(0, 99), rng.randint(1, 12), rng.randint(1, 28))


def optional(rng, width):
    if rng.random() < 0.5:
        return "<" * width
    n = "".join(rng.choice(ALPHA + DIGITS) for _ in range(rng.randint(1, width)))
    return (n + "<" * width)[:width]


def td3(rng, confusable=False):
    code = rng.choice(["P<", "P<", "PD", "PO", "V<"])
    line1 = code + rng.choice(COUNTRIES) + name_field(rng, 39, confusable)
    num, birth, expiry, opt = doc_number(rng, 9, confusable), date(rng), date(rng), optional(rng, 14)
    body = num + check(num) + rng.choice(COUNTRIES) + birth + check(birth) + rng.choice("MF<") + expiry + check(expiry) + opt + check(opt)
    composite = body[0:10] + body[13:20] + body[21:43]
    return [line1, body + check(composite)]


def td2(rng, confusable=False):
    line1 = rng.choice(["I<", "ID", "AC", "V<", "IR"]) + rng.choice(COUNTRIES) + name_field(rng, 31, confusable)
    num, birth, expiry, opt = doc_number(rng, 9, confusable), date(rng), date(rng), optional(rng, 7)
    body = num + check(num) + rng.choice(COUNTRIES) + birth + check(birth) + rng.choice("MF<") + expiry + check(expiry) + opt
    return [line1, body + check(body[0:10] + body[13:20] + body[21:35])]


def td1(rng, confusable=False):
    num = doc_number(rng, 9, confusable)
    line1 = rng.choice(["I<", "ID", "AC", "IR", "C<"]) + rng.choice(COUNTRIES) + num + check(num) + optional(rng, 15)
    birth, expiry = date(rng), date(rng)
    line2 = birth + check(birth) + rng.choice("MF<") + expiry + check(expiry) + rng.choice(COUNTRIES) + optional(rng, 11)
    line2 += check(line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29])
    return [line1, line2, name_field(rng, 30, confusable)]


def noise_line(rng):
    """Uniform random characters so that every character is seen in every context."""
    length = rng.choice([30, 36, 44])
    return ["".join(rng.choice(CHARSET) for _ in range(length))]


def confusable_document(rng):
    """A TD3, TD2 or TD1 document whose names and number are look-alike characters."""
    return rng.choice([td3, td2, td1])(rng, confusable=True)


def lines(count, seed, confusable=0):
    """COUNT lines; `confusable` is the weight of confusable_document against 4 / 2 / 3 / 2
    for TD3 / TD2 / TD1 / random lines (0: the same text as before it existed)."""
    rng = random.Random(seed)
    makers, weights = [td3, td2, td1, noise_line], [4, 2, 3, 2]
    if confusable:
        makers, weights = makers + [confusable_document], weights + [confusable]
    out = []
    while len(out) < count:
        maker = rng.choices(makers, weights=weights)[0]
        out.extend(maker(rng))
    return out[:count]


if __name__ == "__main__":
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    weight = float(sys.argv[3]) if len(sys.argv) > 3 else 0
    print("\n".join(lines(count, seed, weight)))
