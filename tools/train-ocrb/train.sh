#!/usr/bin/env bash
# Train tessdata/ocrb.traineddata from scratch, end to end, resumably.
#
#   tools/train-ocrb/train.sh            # everything: data, training, model, evaluation
#   WORK=/tmp/x ITERATIONS=60000 tools/train-ocrb/train.sh
#
# Phase 1 trains from scratch on a broad mixture of lines; phase 2 goes on from phase 1's
# best checkpoint at a lower learning rate with lines framed as the reader crops them.
# Each stage leaves a marker in $WORK and is skipped when re-run; training resumes from
# its last checkpoint.  Nothing generated here goes into git except the final model.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
WORK=${WORK:-/tmp/ocrb-train}
PIL_LINES=${PIL_LINES:-24000}        # lines drawn by our renderer (render.py)
T2I_LINES=${T2I_LINES:-12000}        # lines drawn by text2image (Pango/Cairo)
ITERATIONS=${ITERATIONS:-90000}       # phase 1, from scratch
READER_LINES=${READER_LINES:-16000}  # phase 2: lines in the reader's frame (render.py)
ITERATIONS2=${ITERATIONS2:-20000}     # phase 2, from phase 1's chosen checkpoint
LEARNING_RATE2=${LEARNING_RATE2:-0.001}
STEP2=${STEP2:-5000}
# Input height 24: half the recognition time of height 36 per MRZ line, the reader's main
# cost (measured: tessdata/README.md).
NET_SPEC=${NET_SPEC:-'[1,24,0,1 Ct3,3,16 Mp3,3 Lfys48 Lbx96 O1c1]'}
JOBS=${JOBS:-2}
FONT_DIR=/usr/share/fonts/opentype/ocr-b
ENG=/usr/share/tesseract-ocr/5/tessdata/eng.traineddata
mkdir -p "$WORK"
cd "$WORK"
log() { echo "[$(date +%T)] $*"; }
# Our renderer's pages: TEXT split in chunks of 2 000 lines, chunk k rendered with seed
# FIRST_SEED + k in mixture LEVEL (render.py), $JOBS at a time.
render_pages() {  # TEXT DIR LEVEL FIRST_SEED
  split -d -a 4 -l 2000 "$1" "$2/chunk."
  ls "$2"/chunk.* | awk -v first="$4" '{print first + NR, $0}' | DIR=$2 LEVEL=$3 xargs -P "$JOBS" -n 2 sh -c \
    'python3 "$0/render.py" pages "$2" "$DIR" "$1" "$LEVEL" 100' "$here"
  rm -f "$2"/chunk.*
}
# Tesseract's training records (.lstmf) for every page image given, made once.
make_lstmf() {  # TIF...
  printf '%s\n' "$@" | xargs -P "$JOBS" -I{} sh -c \
    'b="${1%.tif}"; [ -f "$b.lstmf" ] || tesseract "$1" "$b" --psm 6 lstm.train >/dev/null 2>&1 || true' _ {}
}

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
  render_pages pil.txt pil train 0
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
  rm -f t2i/chunk.*
  touch stage.render
fi

if [ ! -f stage.lstmf ]; then
  log "lstmf"
  make_lstmf pil/*.tif t2i/*.tif
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

# Phase 1: from scratch on the broad mixture.
mkdir -p ckpt
resume=()
[ -f ckpt/ocrb_checkpoint ] && resume=(--continue_from ckpt/ocrb_checkpoint)
if [ ! -f stage.trained ]; then
  log "phase 1: lstmtraining to $ITERATIONS iterations ${resume[*]:-from scratch}"
  OMP_THREAD_LIMIT=1 lstmtraining "${resume[@]}" --net_spec "$NET_SPEC" \
    --model_output ckpt/ocrb --traineddata lang/ocrb/ocrb.traineddata \
    --train_listfile list.train --eval_listfile list.eval \
    --learning_rate 0.002 --max_iterations "$ITERATIONS" --target_error_rate 0.0002 \
    --debug_interval 0 >> training.log 2>&1
  touch stage.trained
fi

# Which checkpoint: lstmtraining keeps every "best" one (named ocrb_<BCER>_<n>_<iteration>),
# but its training error says little about lines from another renderer (held-out clean CER
# varies from 0 to 0.4 % between checkpoints a few hundred iterations apart).  Each
# candidate is converted and read on a validation set (seed 808, 100 lines per level, not
# the reported seed-909 test set); the one with the lowest 10 x clean + mild + hard
# character errors wins (the targets are 0.1 % clean, 1 % degraded).  Integer weights: 7x
# smaller, ~25 % less OCR time, as accurate (tessdata/README.md).  Scores are kept in val/.
validation_score() {  # CHECKPOINT -> prints its score
  local name; name="$(basename "$(dirname "$1")")-$(basename "$1" .checkpoint)"
  if [ ! -f "val/$name.md" ]; then
    mkdir -p "val/$name"
    lstmtraining --stop_training --convert_to_int --continue_from "$1" \
      --traineddata lang/ocrb/ocrb.traineddata --model_output "val/$name/ocrb.traineddata" >/dev/null 2>&1
    python3 "$here/evaluate.py" --work "val/$name" --sets val/sets --model "val/$name" --seed 808 --lines 100 --ours-only > "val/$name.md.part"
    mv "val/$name.md.part" "val/$name.md"
  fi
  awk -F'|' '$3 ~ /normalised/ { split($6, e, "/"); w = ($2 ~ /clean/) ? 10 : 1; s += w * e[1] } END { print s }' "val/$name.md"
}
choose() {  # FROM_ITERATION CHECKPOINT... -> prints the best-scoring checkpoint
  local from=$1 best="" best_score="" checkpoint iteration score; shift
  for checkpoint in "$@"; do
    [ -f "$checkpoint" ] || continue
    iteration=$(basename "$checkpoint" .checkpoint | awk -F_ 'NF == 4 { print $4 } NF != 4 { print 999999999 }')
    [ "$iteration" -ge "$from" ] || continue
    score=$(validation_score "$checkpoint")
    log "$checkpoint: validation score $score" >&2
    if [ -z "$best_score" ] || [ "$score" -lt "$best_score" ]; then best=$checkpoint best_score=$score; fi
  done
  echo "$best"
}
mkdir -p val
if [ ! -f phase1.choice ]; then
  log "phase 1: choosing the checkpoint on the validation set"
  choose $((ITERATIONS / 3)) ckpt/ocrb_[0-9]*.checkpoint ckpt/ocrb_checkpoint > phase1.choice
fi
phase1=$(cat phase1.choice)
log "phase 1 chose $phase1"

# Phase 2: the chosen checkpoint goes on at a lower learning rate, on the phase-1 lines plus
# lines framed the way the reader crops them (a side margin of about one text height, often
# padded flat) and weighted toward the hard level (render.py: MIXTURES, READER_FRAME).
# Phase 1's lines had side margins of 4-20 px, narrower than the reader's crop, and the hard
# level had the most errors.
if [ ! -f stage.render2 ]; then
  log "phase 2: lines in the reader's frame"
  python3 "$here/mrzlines.py" "$READER_LINES" 404 > reader.txt
  rm -rf reader && mkdir -p reader
  render_pages reader.txt reader reader 500
  make_lstmf reader/*.tif
  cat list.train <(ls "$WORK"/reader/*.lstmf) | shuf --random-source=<(yes) > list2.train
  touch stage.render2
fi
mkdir -p ckpt2
if [ ! -f stage.trained2 ]; then
  # Run in steps of $STEP2 iterations, each step's end kept as a candidate
  # (ckpt2/ocrb_step_0_<iteration>): at the lower rate lstmtraining's best-so-far
  # checkpoints are few, and the training error does not choose anyway.
  # --continue_from starts the count at 0 and, with --reset_learning_rate, takes the new
  # rate; every later step resumes from ckpt2/ocrb_checkpoint (lstmtraining looks there first).
  for ((end = STEP2; end <= ITERATIONS2; end += STEP2)); do
    [ -f "ckpt2/ocrb_step_0_$end.checkpoint" ] && continue
    log "phase 2: lstmtraining from $phase1 to iteration $end"
    OMP_THREAD_LIMIT=1 lstmtraining --continue_from "$phase1" --reset_learning_rate \
      --model_output ckpt2/ocrb --traineddata lang/ocrb/ocrb.traineddata \
      --train_listfile list2.train --eval_listfile list.eval \
      --learning_rate "$LEARNING_RATE2" --max_iterations "$end" \
      --target_error_rate 0.0002 --debug_interval 0 >> training2.log 2>&1
    cp ckpt2/ocrb_checkpoint "ckpt2/ocrb_step_0_$end.checkpoint"
  done
  touch stage.trained2
fi
log "phase 2: choosing the checkpoint on the validation set (phase 1's choice competes)"
# (ckpt2/ocrb_checkpoint is the last step's copy: not read twice)
best=$(choose 0 "$(cat phase1.choice)" ckpt2/ocrb_[0-9]*.checkpoint ckpt2/ocrb_step_*.checkpoint)
log "final model from $best"
lstmtraining --stop_training --convert_to_int --continue_from "$best" \
  --traineddata lang/ocrb/ocrb.traineddata --model_output "$repo/tessdata/ocrb.traineddata"
ls -l "$repo/tessdata/ocrb.traineddata"
log "evaluation"
python3 "$here/evaluate.py" --work "$WORK" --model "$repo/tessdata" | tee evaluation.md
