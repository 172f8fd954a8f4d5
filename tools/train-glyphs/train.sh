#!/usr/bin/env bash
# Train the MRZ glyph classifier (Sources/MRZScanning/mrz-glyphs.bin) from scratch and score it.
#
#   tools/train-glyphs/train.sh            cells, the candidates compared, a model in $WORK
#   INSTALL=1 tools/train-glyphs/train.sh  … and the model copied over the shipped one
#
# Where the training glyphs come from (every one cut by the reader's own LineCells from
# a whole picture the reader found the MRZ in, labelled by the picture's expected lines):
#   - the project's generator (tools/mrz-samples), seeds 201–205 (the bench's five sets)
#     and 311 (clean, mild and hard at 0° and ±3°);
#   - ../shared/tools/idphoto-gen, seeds 11 and 23 (the tuning seeds; 20 pages per format
#     and tier);
#   - the real corpus (../shared/corpus/mrz): scored by document folds only, and not in
#     the shipped model (the reader is scored on the corpus as on pictures it never saw).
# Seeds 404 and 505 of idphoto-gen are never trained on: `compare` reports them.
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK=${WORK:-/tmp/idreader-glyphs}
mkdir -p "$WORK"
swift build -c release --product idreader-bench
BENCH=.build/release/idreader-bench
# the project's own pictures, listed into $WORK (own-bench.list, own311.list)
source tools/train-glyphs/own-lists.sh
for seed in 11 23 404 505; do
  out="$WORK/idphoto-$seed"
  [ -f "$out/mrz/manifest.jsonl" ] || python3 ../shared/tools/idphoto-gen/gen.py --seed $seed --out "$out" --only mrz --mrz-per 20 > /dev/null
  python3 tools/train-glyphs/glyphs.py truths "$out" > "$WORK/idphoto-$seed.list"
done
ls ../shared/corpus/mrz/* | grep -E '\.(png|jpg)$' | xargs -I{} realpath {} > "$WORK/corpus.list"

for source in own-bench own311 idphoto-11 idphoto-23 idphoto-404 idphoto-505 corpus; do
  [ -s "$WORK/$source.jsonl" ] || "$BENCH" glyph-cells "$WORK/$source.list" > "$WORK/$source.jsonl" 2>/dev/null
done

cd "$WORK"
SYNTHETIC=(own=own-bench.jsonl own311=own311.jsonl id11=idphoto-11.jsonl id23=idphoto-23.jsonl)
python3 "$OLDPWD/tools/train-glyphs/glyphs.py" compare real=corpus.jsonl "${SYNTHETIC[@]}" --test idphoto-404.jsonl idphoto-505.jsonl | tee compare.txt
python3 "$OLDPWD/tools/train-glyphs/glyphs.py" compare real=corpus.jsonl "${SYNTHETIC[@]}" --with-real --candidates mlp128 | tee -a compare.txt
python3 "$OLDPWD/tools/train-glyphs/glyphs.py" export "${SYNTHETIC[@]}" --hidden 128 --out "$WORK/mrz-glyphs.bin"
if [ "${INSTALL:-0}" = 1 ]; then cp "$WORK/mrz-glyphs.bin" "$OLDPWD/Sources/MRZScanning/mrz-glyphs.bin"; fi
