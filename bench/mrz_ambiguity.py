#!/usr/bin/env python3
"""The `ambiguous` rule's evidence (issue 45): for every MRZ picture whose first reading's
checks hold and that has other readings of its doubtful characters passing every check too,
each character such a reading changes, with what the views give it there — the LSTM first
view's confidence for the other character (its own or a candidate's), whether the
confirming view reads it, and the glyph classifier's probability for the other character
and for the one read.

    python3 bench/mrz_ambiguity.py [SET ...]

SETs are bench/mrz_read.py's (default: the real corpus).  Right readings (equal to the
truth) show what a rule that drops weightless other readings would free; wrong readings
whose checks hold show what it must keep (the other reading that is the truth marked
`TRUTH`).  Then, per weight rule tried (`RULES`), how many right readings' `ambiguous`
fields it frees, how many pictures become valid by it (their only rule `ambiguous`), and
how many wrong readings lose their truth reading (would become valid but wrong where
`ambiguous` held them alone).  Prints one character and its look-alike per change, field
names and numbers: never a field's value or an MRZ line.  Reads with `idreader-bench
mrz-doubts` (IDREADER_BENCH: another build).  Run from the repo root.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mrz_read  # noqa: E402  (the sets and their truths)


def weighted(floor_first, sure=None, pair_any=True, confirming=True):
    """A weight rule: an other character counts where the first view gives it `floor_first`
    or more (its own reading, or a candidate; the `O`/`0` pair at any confidence where
    `pair_any`), or the confirming view reads it (`confirming`); and, with `sure`, wherever
    the classifier does not read the cell as read with `sure` or more (only a sure
    classifier vouches for the character read)."""
    def rule(c):
        if sure is not None and not (c["classifierForRead"] is not None and c["classifierForRead"] >= sure):
            return True
        first = c["firstView"]
        if first is not None and (first >= floor_first or (pair_any and {c["read"], c["to"]} == {"O", "0"})):
            return True
        return confirming and c["confirmingView"]
    return rule


RULES = {
    "every other reading (main)": lambda c: True,
    "A: listed at all or confirming": weighted(0),
    "B: lstm >= 20 (pair any) or confirming": weighted(20),
    "C (taken): classifier sure 0.9: lstm >= 40 (pair any) or confirming": weighted(40, 0.9),
    "D: classifier sure 0.9: lstm >= 60 (pair any) or confirming": weighted(60, 0.9),
    "E: classifier sure 0.9: lstm >= 40, no pair rule, or confirming": weighted(40, 0.9, pair_any=False),
    "F: classifier sure 0.9: lstm >= 101 (only confirming, pair any)": weighted(101, 0.9),
    "G: classifier sure 0.9: nothing counts": weighted(101, 0.9, pair_any=False, confirming=False),
}


def describe(c):
    first = "-" if c["firstView"] is None else f"{c['firstView']:.0f}"
    to = "-" if c["classifierForTo"] is None else f"{c['classifierForTo']:.3f}"
    read = "-" if c["classifierForRead"] is None else f"{c['classifierForRead']:.3f}"
    where = "digit" if c["checkDigit"] else "cell"
    return (f"{c['field']} {where} {c['read']}->{c['to']} lstm {first} "
            f"{'confirming reads it' if c['confirmingView'] else 'confirming: no'} clf(to) {to} clf(read) {read}")


def apply(lines, changes):
    out = [list(line) for line in lines]
    for c in changes:
        out[c["line"]][c["column"]] = c["to"]
    return ["".join(line) for line in out]


def main():
    wanted = sys.argv[1:] or ["corpus"]
    mrz_read.prepare(wanted)
    for name, items in mrz_read.cases().items():
        if name not in wanted or not items:
            continue
        rows = mrz_read.bench_rows(items, "mrz-doubts")
        print(f"## {name}")
        tally = {rule: {"freed fields": 0, "valid": 0, "wrong kept": 0, "wrong lost truth": 0, "wrong valid": 0, "pictures": []} for rule in RULES}
        for (path, truth), d in zip(items, rows):
            others = d.get("otherReadings") or []
            if not d.get("checksHold") or not others:
                continue
            right = d["lines"] == truth
            rules = {f["field"]: f["rules"] for f in d["fields"]}
            ambiguous = [f for f, r in rules.items() if "ambiguous" in r]
            print(f"  {os.path.basename(path)}: {'right' if right else 'WRONG'}, ambiguous fields {ambiguous}, "
                  f"uncertain {sorted(rules)}, {len(others)} other readings pass")
            for changes in others[:6]:
                mark = " TRUTH" if not right and apply(d["lines"], changes) == truth else ""
                print(f"    reading{mark}: " + "; ".join(describe(c) for c in changes))
            for rule, counts in tally.items():
                still = {c["field"] for changes in others if all(RULES[rule](c) for c in changes) for c in changes}
                freed = [f for f in ambiguous if f not in still]
                only = all(r == ["ambiguous"] and f in freed for f, r in rules.items() if r)
                if right:
                    counts["freed fields"] += len(freed)
                    counts["valid"] += bool(freed) and only and bool(rules)
                    if bool(freed) and only and bool(rules):
                        counts["pictures"].append(os.path.basename(path))
                else:
                    keeps_truth = any(apply(d["lines"], ch) == truth and all(RULES[rule](c) for c in ch) for ch in others)
                    counts["wrong kept" if keeps_truth else "wrong lost truth"] += 1
                    counts["wrong valid"] += bool(freed) and only and bool(rules)
                    if bool(freed) and only and bool(rules):
                        counts["pictures"].append("WRONG " + os.path.basename(path))
        print()
        for rule, counts in tally.items():
            print(f"  {rule}: {counts}")
        print()


if __name__ == "__main__":
    main()
