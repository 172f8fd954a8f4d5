#!/usr/bin/env bash
# The glyph classifier trained on the real glyphs too (issue 45), scored by document folds.
#
#   tools/train-glyphs/folds.sh            the fold models and the all-data model in $WORK/models
#   INSTALL=1 tools/train-glyphs/folds.sh  … and all.bin copied over the shipped model
#
# Trained as train.sh's shipped recipe (MLP 128, `cut` variants, 12 epochs, seed 1) on the
# project's own pictures (own-lists.sh), idphoto-gen seeds 11 and 23 (the tuning seeds, 20
# pages per format and tier) and the real corpus's cells (../shared/corpus/mrz):
#   - $WORK/models/fold-F.bin (F = 0…4): without the real glyphs of document fold F
#     (glyphs.py fold_of: a hash of a picture's expected lines, so one specimen's photos
#     share a fold); the benches read each corpus picture with the model of its fold
#     (python3 bench/mrz_recall.py corpus --glyph-folds $WORK/models);
#   - $WORK/models/all.bin: with every real glyph (the model to install).
# Also written: $WORK/folds.txt (the real cells scored by folds), $WORK/channel.txt
# (MeasuredGlyphChannel's tables by folds) and $WORK/held-out.txt (all.bin on idphoto-gen
# seed 23's pages 20–25, which no model trained on).
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK=${WORK:-/tmp/idreader-folds}
mkdir -p "$WORK"
export OPENBLAS_NUM_THREADS=1  # a shared machine: threads of the BLAS spin against each other
swift build -c release --product idreader-bench
swift build -c release --product idreader  # own-lists.sh generates the project's pictures with it
BENCH=.build/release/idreader-bench
GLYPHS="python3 $PWD/tools/train-glyphs/glyphs.py"
# the project's own pictures, listed into $WORK (own-bench.list, own311.list)
source tools/train-glyphs/own-lists.sh
for seed in 11 23; do
  out="$WORK/idphoto-$seed"
  [ -f "$out/mrz/manifest.jsonl" ] || python3 ../shared/tools/idphoto-gen/gen.py --seed $seed --out "$out" --only mrz --mrz-per 20 > /dev/null
  $GLYPHS truths "$out" > "$WORK/idphoto-$seed.list"
done
$GLYPHS pages 23 "$WORK/held-out-23" --first 20 --count 6 > "$WORK/held-out-23.list"
ls ../shared/corpus/mrz/* | grep -E '\.(png|jpg)$' | xargs -I{} realpath {} > "$WORK/corpus.list"
for source in own-bench own311 idphoto-11 idphoto-23 held-out-23 corpus; do
  [ -s "$WORK/$source.jsonl" ] || "$BENCH" glyph-cells "$WORK/$source.list" > "$WORK/$source.jsonl" 2>/dev/null
done

cd "$WORK"
$GLYPHS folds real=corpus.jsonl own=own-bench.jsonl own311=own311.jsonl id11=idphoto-11.jsonl id23=idphoto-23.jsonl \
  --out models | tee folds.txt
$GLYPHS channel corpus.jsonl --folds models > channel.txt
$GLYPHS compare held=held-out-23.jsonl --candidates --model models/all.bin --test held-out-23.jsonl | tee held-out.txt
if [ "${INSTALL:-0}" = 1 ]; then cp models/all.bin "$OLDPWD/Sources/MRZScanning/mrz-glyphs.bin"; fi
