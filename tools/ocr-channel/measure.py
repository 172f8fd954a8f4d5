#!/usr/bin/env python3
"""The OCR channel measured on real prints: how the reader's OCR reads each MRZ character.

Reads the JSON lines of `idreader-bench ocr-channel LIST` (per MRZ line the reader found:
the truth and, per character, both views' readings with the decoder's candidates) and
writes the table the simulator and `generate mrz --mutate` draw from:

    python3 tools/ocr-channel/measure.py OBSERVATIONS.jsonl [--swift Sources/MRZ/MeasuredOCRChannelData.swift]

Without --swift it prints the summary only (the confusion table with confidences and
runner-ups, and the second view's agreement).  Run by tools/ocr-channel/run.sh.
"""
import argparse
import collections
import json
import sys

CLOSE = 40  # ReadingJudge.closeRunnerUp
UNSURE = 85  # ReadingJudge.minimumConfidence

LOOKALIKES = None  # filled from the Swift table so that both agree


def load_lookalikes(path="Sources/MRZ/OCRConfusions.swift"):
    import re
    table = {}
    text = open(path).read()
    body = text[text.index("table: [Character: [Character]] = ["):]
    body = body[:body.index("]\n")]
    for key, values in re.findall(r'"(.)": \[([^\]]*)\]', body):
        table[key] = re.findall(r'"(.)"', values)
    return table


def align(truth, read):
    """Levenshtein alignment: (truth index or None, read index or None) pairs."""
    n, m = len(truth), len(read)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (truth[i - 1] != read[j - 1]))
    pairs, i, j = [], n, m
    while i > 0 or j > 0:
        if i > 0 and j > 0 and d[i][j] == d[i - 1][j - 1] + (truth[i - 1] != read[j - 1]):
            pairs.append((i - 1, j - 1)); i -= 1; j -= 1
        elif i > 0 and d[i][j] == d[i - 1][j] + 1:
            pairs.append((i - 1, None)); i -= 1
        else:
            pairs.append((None, j - 1)); j -= 1
    return pairs[::-1]


def confusable(a, b):
    return b in LOOKALIKES.get(a, []) or a in LOOKALIKES.get(b, [])


def conf(x):
    return 101.0 if x < 0 else x  # a non-finite confidence (-1 in the JSON) counts as the strongest


def main():
    global LOOKALIKES
    ap = argparse.ArgumentParser()
    ap.add_argument("observations")
    ap.add_argument("--swift")
    args = ap.parse_args()
    LOOKALIKES = load_lookalikes()
    lines = [json.loads(l) for l in open(args.observations) if l.strip()]
    images = sorted({l["image"] for l in lines})
    total = collections.Counter()           # truth character -> count (first view)
    misreadings = []                        # records
    correct = collections.defaultdict(lambda: [0, 0, 0, 0, 0])  # none, lookalike low, lookalike close, other low, other close
    unsure = collections.Counter()
    second = collections.Counter()          # first ok/err x second outcome
    unfitted = collections.Counter()
    shifted = [0, 0]                        # lines with insertions / deletions, and their count
    for rec in lines:
        truth = rec["truth"]
        first, sec = rec["first"], rec["second"]
        if first is None:
            unfitted["first"] += 1
            continue
        if sec is None:
            unfitted["second"] += 1
        read = "".join(g[0] for g in first)
        pairs = align(truth, read)
        # the second view's character for each true character (aligned on its own)
        second_of = {}
        if sec is not None:
            second_of = {ti: sec[si][0] for ti, si in align(truth, "".join(g[0] for g in sec)) if ti is not None and si is not None}
        indels = [p for p in pairs if p[0] is None or p[1] is None]
        if indels:
            shifted[0] += 1
            shifted[1] += len(indels)
        for ti, ri in pairs:
            if ti is None or ri is None:
                continue
            t = truth[ti]
            ch, c, cands = first[ri]
            total[t] += 1
            s = second_of.get(ti) if sec is not None else None
            if ch != t:
                truth_conf = next((conf(cc) for cch, cc in cands if cch == t), None)
                misreadings.append(dict(truth=t, read=ch, confidence=conf(c), candidates=[(cch, conf(cc)) for cch, cc in cands[:3]],
                                        truthConfidence=truth_conf, second=s))
                second["err-" + ("none" if s is None else "same" if s == ch else "truth" if s == t else "other")] += 1
            else:
                if conf(c) < UNSURE:
                    unsure[t] += 1
                if cands:
                    rch, rc = cands[0][0], conf(cands[0][1])
                    k = (1 if rc < CLOSE else 2) if confusable(rch, t) else (3 if rc < CLOSE else 4)
                else:
                    k = 0
                correct[t][k] += 1
                second["ok-" + ("none" if s is None else "same" if s == t else "err")] += 1
    n = sum(total.values())
    print(f"images {len(images)}, lines {len(lines)}, characters {n}, misread {len(misreadings)} ({100 * len(misreadings) / max(n, 1):.2f} %), lines not fitted: {dict(unfitted)}")
    print(f"lines with an inserted or dropped character (not substitutions; the reader fits lengths): {shifted[0]} lines, {shifted[1]} characters")
    print("misreadings (truth -> read, confidence, runner-up, truth's confidence among the candidates, second view):")
    for m in sorted(misreadings, key=lambda m: (m["truth"], m["read"])):
        ru = m["candidates"][0] if m["candidates"] else ("-", 0)
        tc = "absent" if m["truthConfidence"] is None else f'{m["truthConfidence"]:.0f}'
        print(f'  {m["truth"]} -> {m["read"]}  conf {m["confidence"]:.0f}  runner-up {ru[0]} {ru[1]:.0f}  truth {tc}  second {m["second"]}')
    print("second view:", dict(second))
    la = sum(v[1] + v[2] for v in correct.values()); close = sum(v[2] for v in correct.values())
    print(f"correct readings with a look-alike runner-up: {la} (close, >= {CLOSE}: {close}); unsure (< {UNSURE}): {sum(unsure.values())}")
    if args.swift:
        write_swift(args.swift, images, total, misreadings, correct, unsure, second, len(lines) - unfitted["first"], unfitted["second"])


def swift_char(c):
    return '"' + c + '"'


def write_swift(path, images, total, misreadings, correct, unsure, second, fitted_lines, second_unfitted):
    out = ["// Generated by tools/ocr-channel/measure.py from `idreader-bench ocr-channel` on the",
           f"// {len(images)} images of ../shared/corpus/mrz whose MRZ the reader found; do not edit.",
           "// Re-measure: tools/ocr-channel/run.sh",
           "",
           "extension MeasuredOCRChannel {",
           "    /// Characters read in the reader's first view, per true character.",
           "    public static let observed: [Character: Int] = [",
           ]
    out += [f"        {swift_char(c)}: {total[c]}," for c in sorted(total)]
    out += ["    ]", "", "    /// Every misreading seen in the first view.", "    public static let misreadings: [Misreading] = ["]
    for m in misreadings:
        cands = ", ".join(f'.init(character: {swift_char(ch)}, confidence: {cc:.0f})' for ch, cc in m["candidates"])
        sec = "nil" if m["second"] is None else swift_char(m["second"])
        out.append(f'        .init(truth: {swift_char(m["truth"])}, read: {swift_char(m["read"])}, confidence: {m["confidence"]:.0f}, '
                   f'candidates: [{cands}], secondView: {sec}),')
    out += ["    ]", "", "    /// Correct first-view readings per true character: how many had no runner-up, a",
            f"    /// look-alike runner-up below {CLOSE} / at or above it, another runner-up below / at or above it,",
            f"    /// and how many came with a confidence under {UNSURE}.",
            "    public static let correctReadings: [Character: CorrectReadings] = ["]
    for c in sorted(correct):
        v = correct[c]
        out.append(f"        {swift_char(c)}: .init(noRunnerUp: {v[0]}, lookAlikeBelowClose: {v[1]}, lookAlikeClose: {v[2]}, "
                   f"otherBelowClose: {v[3]}, otherClose: {v[4]}, unsure: {unsure[c]}),")
    out += ["    ]", "", "    /// The confirming view's reading: after a correct first reading (agrees / misreads / not",
            "    /// fitted) and after a misreading (repeats it / reads the truth / reads another / not fitted).",
            f'    public static let secondView = SecondView(afterCorrect: ({second["ok-same"]}, {second["ok-err"]}, {second["ok-none"]}), '
            f'afterMisreading: ({second["err-same"]}, {second["err-truth"]}, {second["err-other"]}, {second["err-none"]}))',
            "",
            "    /// Lines read in the first view, and how many of them the confirming view could not",
            "    /// read to the same length.",
            f"    public static let lines = (observed: {fitted_lines}, secondViewUnfitted: {second_unfitted})",
            "}", ""]
    open(path, "w").write("\n".join(out))
    print("wrote", path)


if __name__ == "__main__":
    main()
