#!/usr/bin/env bash
# Train tessdata/ocrb.traineddata from scratch, end to end, resumably.
#
#   tools/train-ocrb/train.sh            # everything: data, training, model, evaluation
#   WORK=/tmp/x ITERATIONS=60000 tools/train-ocrb/train.sh
#
# Each stage leaves a marker in $WORK and is skipped when re-run; training resumes from
# its last checkpoint.  Nothing generated here goes into git except the final model.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
WORK=${WORK:-/tmp/ocrb-train}
PIL_LINES=${PIL_LINES:-24000}        # lines drawn by our renderer (render.py)
T2I_LINES=${T2I_LINES:-12000}        # lines drawn by text2image (Pango/Cairo)
ITERATIONS=${ITERATIONS:-90000}
# Input height 24: half the recognition time of height 36 per MRZ line, the reader's main
# cost (measured: tessdata/README.md).
NET_SPEC=${NET_SPEC:-'[1,24,0,1 Ct3,3,16 Mp3,3 Lfys48 Lbx96 O1c1]'}
JOBS=${JOBS:-2}
FONT_DIR=/usr/share/fonts/opentype/ocr-b
ENG=/usr/share/tesseract-ocr/5/tessdata/eng.traineddata
mkdir -p "$WORK"
cd "$WORK"
log() { echo "[$(date +%T)] $*"; }

"$repo/scripts/setup.sh" --training

if [ ! -f stage.text ]; then
  log "text"
  python3 "$here/mrzlines.py" "$PIL_LINES" 101 > pil.txt
  python3 "$here/mrzlines.py" "$T2I_LINES" 202 > t2i.txt
  python3 "$here/mrzlines.py" 400 303 > eval.txt
  touch stage.text
fi

if [ ! -f stage.render ]; then
  log "render: our renderer"
  rm -rf pil t2i && mkdir -p pil t2i
  split -d -a 4 -l 2000 pil.txt pil/chunk.
  ls pil/chunk.* | awk '{print NR, $0}' | xargs -P "$JOBS" -n 2 sh -c \
    'python3 "$0/render.py" pages "$2" pil "$1" train 100' "$here"
  log "render: text2image"
  split -d -a 4 -l 40 t2i.txt t2i/chunk.
  n=0
  for chunk in t2i/chunk.*; do
    n=$((n + 1))
    # vary size, resolution, ink and spacing; text2image adds its own degradation
    pt=$((8 + n % 9)); res=$((150 + (n * 37) % 200)); exposure=$(( (n % 5) - 2 ))
    spacing=$(awk -v n=$n 'BEGIN{printf "%.2f", (n % 7) * 0.05}')
    distort=$([ $((n % 3)) -eq 0 ] && echo true || echo false)
    text2image --text "$chunk" --outputbase "t2i/t2i-$n" --font "OCR B" --fonts_dir "$FONT_DIR" \
      --ptsize $pt --resolution $res --exposure $exposure --char_spacing $spacing \
      --xsize 4000 --ysize 6000 --margin 30 --ligatures false --degrade_image true \
      --rotate_image true --distort_image $distort --white_noise $distort --blur $distort \
      >/dev/null 2>&1
  done
  rm -f pil/chunk.* t2i/chunk.*
  touch stage.render
fi

if [ ! -f stage.lstmf ]; then
  log "lstmf"
  ls pil/*.tif t2i/*.tif | xargs -P "$JOBS" -I{} sh -c \
    'b="${1%.tif}"; [ -f "$b.lstmf" ] || tesseract "$1" "$b" --psm 6 lstm.train >/dev/null 2>&1 || true' _ {}
  ls "$WORK"/pil/*.lstmf "$WORK"/t2i/*.lstmf | shuf --random-source=<(yes) > all.list
  head -n 8 all.list > list.eval
  tail -n +9 all.list > list.train
  touch stage.lstmf
fi

if [ ! -f stage.starter ]; then
  log "starter traineddata"
  combine_tessdata -u "$ENG" eng. >/dev/null
  python3 "$here/make_unicharset.py" eng.lstm-unicharset ocrb.unicharset
  mkdir -p script lang && echo "# no radicals in this charset" > script/radical-stroke.txt
  combine_lang_model --input_unicharset ocrb.unicharset --script_dir script \
    --lang ocrb --output_dir lang --pass_through_recoder >/dev/null 2>&1
  touch stage.starter
fi

mkdir -p ckpt
resume=()
[ -f ckpt/ocrb_checkpoint ] && resume=(--continue_from ckpt/ocrb_checkpoint)
if [ ! -f stage.trained ]; then
  log "lstmtraining to $ITERATIONS iterations ${resume[*]:-from scratch}"
  OMP_THREAD_LIMIT=1 lstmtraining "${resume[@]}" --net_spec "$NET_SPEC" \
    --model_output ckpt/ocrb --traineddata lang/ocrb/ocrb.traineddata \
    --train_listfile list.train --eval_listfile list.eval \
    --learning_rate 0.002 --max_iterations "$ITERATIONS" --target_error_rate 0.0002 \
    --debug_interval 0 >> training.log 2>&1
  touch stage.trained
fi

# Which checkpoint: lstmtraining keeps every "best" one (named ocrb_<BCER>_<n>_<iteration>),
# but its training error says little about lines from another renderer (held-out clean CER
# varies from 0 to 0.4 % between checkpoints a few hundred iterations apart).  Each best
# checkpoint from the last two thirds of training, and the last one, is converted and read on
# a validation set (seed 808, 100 lines per level, not the reported seed-909 test set);
# the one with the lowest 10 x clean + mild + hard character errors wins (the targets are
# 0.1 % clean, 1 % degraded).  Integer weights: 7x smaller, ~25 % less OCR time, as
# accurate (tessdata/README.md).  A fine-tuning phase at a quarter of the learning rate
# was tried in an earlier run: lower training error, worse on held-out clean lines; it is
# not part of the recipe.
log "choosing the checkpoint on the validation set"
mkdir -p val
best="" best_score=""
for checkpoint in ckpt/ocrb_[0-9]*.checkpoint ckpt/ocrb_checkpoint; do
  iteration=$(basename "$checkpoint" .checkpoint | awk -F_ 'NF == 4 { print $4 } NF != 4 { print 999999999 }')
  [ "$iteration" -ge $((ITERATIONS / 3)) ] || continue
  name=$(basename "$checkpoint" .checkpoint)
  mkdir -p "val/$name"
  lstmtraining --stop_training --convert_to_int --continue_from "$checkpoint" \
    --traineddata lang/ocrb/ocrb.traineddata --model_output "val/$name/ocrb.traineddata" >/dev/null 2>&1
  python3 "$here/evaluate.py" --work "val/$name" --model "val/$name" --seed 808 --lines 100 --ours-only > "val/$name.md"
  score=$(awk -F'|' '$3 ~ /normalised/ { split($6, e, "/"); w = ($2 ~ /clean/) ? 10 : 1; s += w * e[1] } END { print s }' "val/$name.md")
  log "$name: validation score $score"
  if [ -z "$best_score" ] || [ "$score" -lt "$best_score" ]; then best=$checkpoint best_score=$score; fi
done
log "final model from $best (validation score $best_score)"
lstmtraining --stop_training --convert_to_int --continue_from "$best" \
  --traineddata lang/ocrb/ocrb.traineddata --model_output "$repo/tessdata/ocrb.traineddata"
ls -l "$repo/tessdata/ocrb.traineddata"
log "evaluation"
python3 "$here/evaluate.py" --work "$WORK" --model "$repo/tessdata" | tee evaluation.md
