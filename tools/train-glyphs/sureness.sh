#!/usr/bin/env bash
# How sure each glyph-classifier candidate is where it is right and where it is wrong, on
# the real corpus's cells and idphoto-gen's unseen seeds (issue 45; the model card's "How
# sure it is").  Every candidate is trained once on the same cells:
#   - the project's generator: the bench's five sets (seeds 201–205) and seed 311;
#   - idphoto-gen seeds 11 and 23 (the tuning seeds), mild and hard pages 0–19;
# and scored on ../shared/corpus/mrz and idphoto-gen seeds 404 and 505 (pages 0–5 of every
# tier), never trained on.
#
#   tools/train-glyphs/sureness.sh        (WORK=/tmp/idreader-sureness; cells are kept)
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK=${WORK:-/tmp/idreader-sureness}
mkdir -p "$WORK"
export OPENBLAS_NUM_THREADS=1  # a shared machine: threads of the BLAS spin against each other
swift build -c release --product idreader-bench --product idreader
BENCH=.build/release/idreader-bench
GLYPHS="python3 tools/train-glyphs/glyphs.py"
# the project's own pictures, listed into $WORK (own-bench.list, own311.list)
source tools/train-glyphs/own-lists.sh
for seed in 11 23; do
  for tier in hard mild; do
    $GLYPHS pages $seed "$WORK/p$seed-$tier" --tiers $tier > "$WORK/p$seed-$tier.list"
  done
done
for seed in 404 505; do $GLYPHS pages $seed "$WORK/p$seed" --count 6 > "$WORK/p$seed.list"; done
ls ../shared/corpus/mrz/* | grep -E '\.(png|jpg)$' | xargs -I{} realpath {} > "$WORK/corpus.list"
for source in own-bench own311 p11-hard p23-hard p11-mild p23-mild p404 p505 corpus; do
  [ -s "$WORK/$source.jsonl" ] || "$BENCH" glyph-cells "$WORK/$source.list" > "$WORK/$source.jsonl" 2>/dev/null
done

cd "$WORK"
SOURCES=(own=own-bench.jsonl own311=own311.jsonl a=p11-hard.jsonl b=p23-hard.jsonl c=p11-mild.jsonl d=p23-mild.jsonl)
SCORE=(--score corpus.jsonl p404.jsonl p505.jsonl)
G="python3 $OLDPWD/tools/train-glyphs/glyphs.py"
{
  $G compare real=corpus.jsonl --candidates --model "$OLDPWD/Sources/MRZScanning/mrz-glyphs.bin" --test p404.jsonl p505.jsonl
  $G train "${SOURCES[@]}" --candidate mlp128 "${SCORE[@]}"
  $G train "${SOURCES[@]}" --candidate mlp256 "${SCORE[@]}"
  $G train "${SOURCES[@]}" --candidate mlp128e24 "${SCORE[@]}"
  $G train "${SOURCES[@]}" --candidate mlp128 --augment photo "${SCORE[@]}"
  $G train "${SOURCES[@]}" --candidate mlp128 --clean "${SCORE[@]}"
  $G train a=p11-hard.jsonl b=p23-hard.jsonl c=p11-mild.jsonl d=p23-mild.jsonl --candidate mlp128 --augment photo --clean "${SCORE[@]}"
  $G compare real=corpus.jsonl "${SOURCES[@]}" --with-real --candidates mlp128
  $G compare real=corpus.jsonl "${SOURCES[@]}" --with-real --clean --candidates mlp128
} 2>/dev/null | tee sureness.txt
