#!/usr/bin/env python3
"""Why right readings are left uncertain: for each picture read exactly whose checks hold
but that is not valid (bench/mrz_recall.py's "uncertain" pictures), the fields left
uncertain, the rules that doubted them (`DoubtRule`) and what the glyph classifier says in
those fields' cells (every cell read as shown, and the least probability); per code rule
(`codeCloseRunnerUp`, `codeOtherReading`), the held code fields the classifier reads as read
with 0.9 or more at every cell (what `CodeFields.classifierVouches` frees); and on the wrong
readings, the misread cells the classifier reads as misread with 0.9 or more; and the most
a rule of two agreeing views could free, by the classifier's margin (`two_view_frontier`).

    python3 bench/mrz_doubts.py [SET ...] [--glyph-folds DIR]

SETs are bench/mrz_read.py's (default: the real corpus).  Reads with `idreader-bench
mrz-images` and `mrz-doubts` (IDREADER_BENCH: another build; --glyph-folds DIR: the glyph
classifier's fold models, each corpus picture read by the one not trained on it,
bench/mrz_read.py).  Prints field and rule names and numbers only: never a field's value
or an MRZ line.  Run from the repo root.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mrz_read  # noqa: E402  (the sets and their truths)


def uncertain_right_readings(items):
    """The items read exactly, every check holding but `ocrConfidence`, not valid."""
    rows = mrz_read.bench_rows(items, "mrz-images")
    return [
        item for item, r in zip(items, rows)
        if r["lines"] == item[1] and set(r["failedChecks"]) <= {"ocrConfidence"} and not r["valid"]
    ]


def classifier_margins(items, rows):
    """On the readings that equal the truth: how many cells the glyph classifier reads
    otherwise than the truth, and from which probability (the margin a two-view rule
    needs: a misreading it is that sure of would stand where the LSTM misreads alike)."""
    cells, wrong = 0, []
    for (_, truth), d in zip(items, rows):
        if d.get("lines") != truth:
            continue
        for line in d["classifierLines"]:
            if line is None:
                continue
            cells += len(line["agrees"])
            wrong += [p for a, p in zip(line["agrees"], line["probabilities"]) if not a]
    wrong.sort()
    print(f"classifier on the exact readings' cells: {cells} cells, {len(wrong)} read otherwise")
    for margin in (0.5, 0.8, 0.9, 0.95, 0.97, 0.99, 0.995):
        print(f"  misread with probability >= {margin}: {sum(p >= margin for p in wrong)}")
    print(f"  the most probable misreadings: {[round(p, 4) for p in wrong[-8:]]}\n")


def sure_misreadings(items, rows):
    """On the readings that differ from the truth (the same length): each misread cell,
    and whether the glyph classifier reads it as misread with `TwoViewAgreement.margin`
    (0.9) or more — where it does, a rule that lets the classifier vouch for a code
    (`CodeFields.classifierVouches`) could prove a misread code.  Prints counts only."""
    cells, sure = 0, 0
    for (_, truth), d in zip(items, rows):
        lines = d.get("lines")
        if not lines or lines == truth or [len(x) for x in lines] != [len(x) for x in truth]:
            continue
        for read, true, clf in zip(lines, truth, d["classifierLines"]):
            for column, (a, b) in enumerate(zip(read, true)):
                if a == b:
                    continue
                cells += 1
                sure += clf is not None and clf["agrees"][column] and clf["probabilities"][column] >= 0.9
    print(f"misread cells of wrong readings: {cells}, the classifier reading {sure} of them as misread with >= 0.9\n")


def held_codes(rows):
    """Per code rule (`codeCloseRunnerUp`, `codeOtherReading`): the uncertain right
    readings' fields it holds, how many of them the classifier reads as read with 0.9 or
    more at every cell, and how many of those no other rule holds."""
    for rule in ("codeCloseRunnerUp", "codeOtherReading"):
        held = [f for d in rows for f in d["fields"] if rule in f["rules"]]
        sure = [f for f in held if f["classifierAgrees"] and f["classifierMinimum"] >= 0.9]
        alone = [f for f in sure if set(f["rules"]) <= {"codeCloseRunnerUp", "codeOtherReading"}]
        print(f"{rule}: {len(held)} fields, classifier agrees >= 0.9 on {len(sure)}, held by code rules alone {len(alone)}")
    print()


def two_view_frontier(rows):
    """The most a rule proving a field by two independent views that agree with a margin
    (issue 45's rule) could make valid of the uncertain right readings: those whose every
    uncertain field the glyph classifier reads as shown, at each cell with the margin or
    more (the LSTM's other views share its model: no independent view).  An upper bound:
    it sets aside what the agreement does not settle (a code no table holds, a change the
    corrector made, glyphs off the pitch)."""
    for margin in (0.9, 0.8, 0.5, 0.0):
        freed = sum(all(f["classifierVoted"] and f["classifierAgrees"] and f["classifierMinimum"] >= margin for f in d["fields"]) for d in rows)
        print(f"  the classifier reads every uncertain field as shown with >= {margin}: {freed} of {len(rows)}")
    print()


def main():
    for name, items in mrz_read.wanted_sets(sys.argv[1:]):
        rows = mrz_read.bench_rows(items, "mrz-doubts")
        classifier_margins(items, rows)
        sure_misreadings(items, rows)
        doubted = uncertain_right_readings(items)
        rules, fields, classifier = collections.Counter(), collections.Counter(), collections.Counter()
        print(f"## {name}: {len(doubted)} right readings left uncertain")
        doubted_rows = mrz_read.bench_rows(doubted, "mrz-doubts")
        for (path, truth), d in zip(doubted, doubted_rows):
            if d.get("lines") != truth:
                print(f"  {os.path.basename(path)}: the scan's first reading is another (the read chose another band)")
                continue
            parts = []
            for f in d["fields"]:
                fields[f["field"]] += 1
                for rule in f["rules"] or ["outsideJudge"]:
                    rules[rule] += 1
                if not f["classifierVoted"]:
                    cells = "no classifier"
                    classifier["no classifier"] += 1
                else:
                    agrees = "agrees" if f["classifierAgrees"] else "disagrees"
                    margin = "≥ 0.9" if f["classifierMinimum"] >= 0.9 else "< 0.9"
                    cells = f"classifier {agrees}, min {f['classifierMinimum']:.2f}"
                    classifier[f"{agrees}, min {margin}"] += 1
                parts.append(f"{f['field']} ({'+'.join(f['rules']) or 'outsideJudge'}; {cells})")
            print(f"  {os.path.basename(path)}: " + "; ".join(parts))
        print()
        held_codes([d for (_, truth), d in zip(doubted, doubted_rows) if d.get("lines") == truth])
        print("the most two agreeing views could free (issue 45's rule, an upper bound):")
        two_view_frontier([d for (_, truth), d in zip(doubted, doubted_rows) if d.get("lines") == truth])
        print(f"fields: {dict(fields.most_common())}")
        print(f"rules: {dict(rules.most_common())}")
        print(f"classifier in the uncertain fields' cells: {dict(classifier.most_common())}\n")


if __name__ == "__main__":
    main()
