#!/usr/bin/env python3
"""Give an lstmtraining checkpoint another input height, keeping every weight.

The layers of our network (`Ct3,3,16 Mp3,3 Lfys48 Lbx96 O1c1`) have no weight that
depends on the input height (the convolution is 3 x 3 wherever it runs; `Lfys` sums up
the rows with one LSTM however many there are), so a model trained at 24 px can go on
training at 36 px from its weights instead of from scratch.  lstmtraining cannot change
the input of a network it continues (`--append_index` keeps the layers below the cut),
so this rewrites the four places a checkpoint stores the height, in each copy of the
network it holds: the top Series' and the Input layer's input size, the Input layer's
shape, and the spec text `[1,<height>,0,1 ...`.

  resize_input.py IN.checkpoint OUT.checkpoint OLD_HEIGHT NEW_HEIGHT

Used for the "36 px input" row of tessdata/README.md ("Tried and left out").
"""
import re
import struct
import sys


def resized(data, old, new):
    """`data` (a checkpoint's bytes) with input height `old` rewritten to `new`, and how
    many places were rewritten.  Raises ValueError when the height is not found in the
    layout this was written for (Series with 40 outputs on top of an Input layer)."""
    o, n = struct.pack("<i", old), struct.pack("<i", new)
    places = [
        # Network header: type name, training state, needs-backprop, flags 0xc0, ni, no
        (rb"(Series[\x00-\x02]\x00\xc0\x00\x00\x00)" + re.escape(o) + rb"(\(\x00\x00\x00)", n),  # no = 40
        (rb"(Input[\x00-\x02]\x00\xc0\x00\x00\x00)" + re.escape(o) + rb"(\x01\x00\x00\x00)", n),  # no = 1
        # Input shape after the layer's name: batch 1, height, width 0, depth 1
        (rb"(Input\x01\x00\x00\x00)" + re.escape(o) + rb"(\x00\x00\x00\x00\x01\x00\x00\x00)", n),
        (rb"(\[1,)" + str(old).encode() + rb"(,0,1 )", str(new).encode()),
    ]
    count = 0
    for pattern, replacement in places:
        data, found = re.subn(pattern, lambda m: m.group(1) + replacement + m.group(2), data)
        if found == 0:
            raise ValueError(f"no input height {old} in the expected place ({pattern[:12]!r}...)")
        count += found
    return data, count


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: resize_input.py IN.checkpoint OUT.checkpoint OLD_HEIGHT NEW_HEIGHT")
    src, dst, old, new = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    try:
        with open(src, "rb") as f:
            data, count = resized(f.read(), old, new)
    except (OSError, ValueError) as error:
        sys.exit(f"resize_input.py: {src}: {error}")
    with open(dst, "wb") as f:
        f.write(data)
    print(f"{count} places rewritten: input height {old} -> {new}")
