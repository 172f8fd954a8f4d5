#!/usr/bin/env python3
"""Cut Tesseract's eng lstm-unicharset down to the 37 MRZ characters.

combine_lang_model needs a unicharset with full character properties, which the
stock `eng` model carries.  We keep the three special entries and A-Z, 0-9, '<',
renumber them, and point each entry's other_case and mirror at itself (the MRZ has
no lower case and nothing mirrors).  Usage: make_unicharset.py ENG_UNICHARSET OUT
"""
import sys

KEEP = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<")

src, dst = sys.argv[1], sys.argv[2]
rows = open(src, encoding="utf-8").read().splitlines()[1:]
specials, chars = rows[:3], []
for row in rows[3:]:
    if row.split(" ", 1)[0] in KEEP:
        chars.append(row)
assert len(chars) == len(KEEP), f"expected {len(KEEP)} characters, found {len(chars)}"
out = []
for index, row in enumerate(specials + chars):
    body, _, comment = row.partition("\t")
    fields = body.split(" ")
    if index >= 3:
        # char props metrics script other_case direction mirror normed
        fields[4] = str(index)
        fields[6] = str(index)
    out.append(" ".join(fields) + ("\t" + comment if comment else ""))
with open(dst, "w", encoding="utf-8") as f:
    f.write(f"{len(out)}\n" + "\n".join(out) + "\n")
