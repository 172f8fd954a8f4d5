#!/usr/bin/env bash
# Fine-tune the OCR-B model on augmented crops of real MRZ lines, measured by folds.
#
#   REAL_LINES=DIR FROM=CHECKPOINT TRAIN_WORK=DIR tools/train-ocrb/finetune_real.sh
#
# REAL_LINES: the reader's crops of the corpus photos (`idreader-bench mrz-lines LIST DIR`).
# FROM: a float checkpoint (lstmtraining's), e.g. train.sh's phase-2 choice.
# TRAIN_WORK: train.sh's WORK (its lang/ starter, list2.train and list.eval are used).
# A real line read by a model trained on it says nothing, so for each fold F of FOLDS
# (real_lines.py: by document) a model is trained on the other folds' lines and reads fold
# F's; the folds' sum is the recipe's error on real lines it never saw, against the model
# the repo has on the same lines.  Then the model on every real line ($WORK/all) is made;
# its own corpus numbers are not a measurement.
# Each run's lines: VARIANTS augmented copies of every real line (real_lines.py) and
# SYNTH_PAGES pages (100 lines each) of train.sh's phase-2 lines, so that what the model
# reads well stays read well.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
: "${REAL_LINES:?the reader's crops of real lines}" "${FROM:?a float checkpoint}" "${TRAIN_WORK:?train.sh's WORK}"
WORK=${WORK:-/tmp/ocrb-finetune}
FOLDS=${FOLDS:-2}
VARIANTS=${VARIANTS:-40}
SYNTH_PAGES=${SYNTH_PAGES:-60}
ITERATIONS=${ITERATIONS:-6000}
LEARNING_RATE=${LEARNING_RATE:-0.0005}
FINAL=${FINAL:-1}                    # 0: the folds only (to compare recipes)
mkdir -p "$WORK"
log() { echo "[$(date +%T)] $*"; }

run() {  # NAME EXCLUDED_FOLD: pages, records, training, integer model in $WORK/NAME
  local dir="$WORK/$1"
  mkdir -p "$dir"
  if [ ! -f "$dir/list.train" ]; then
    python3 "$here/real_lines.py" pages "$REAL_LINES" "$dir/pages" --folds "$FOLDS" --exclude "$2" \
      --variants "$VARIANTS" --seed $((20 + $2))
    ls "$dir"/pages/*.tif | xargs -I{} sh -c 'b="${1%.tif}"; [ -f "$b.lstmf" ] || tesseract "$1" "$b" --psm 6 lstm.train >/dev/null 2>&1 || true' _ {}
    cat <(ls "$dir"/pages/*.lstmf) <(shuf -n "$SYNTH_PAGES" --random-source=<(yes) "$TRAIN_WORK/list2.train") \
      | shuf --random-source=<(yes) > "$dir/list.train"
  fi
  if [ ! -f "$dir/ocrb.traineddata" ]; then
    log "$1: lstmtraining from $FROM, $ITERATIONS iterations"
    OMP_THREAD_LIMIT=1 lstmtraining --continue_from "$FROM" --reset_learning_rate \
      --model_output "$dir/ocrb" --traineddata "$TRAIN_WORK/lang/ocrb/ocrb.traineddata" \
      --train_listfile "$dir/list.train" --eval_listfile "$TRAIN_WORK/list.eval" \
      --learning_rate "$LEARNING_RATE" --max_iterations "$ITERATIONS" --debug_interval 0 >> "$dir/training.log" 2>&1
    lstmtraining --stop_training --convert_to_int --continue_from "$dir/ocrb_checkpoint" \
      --traineddata "$TRAIN_WORK/lang/ocrb/ocrb.traineddata" --model_output "$dir/ocrb.traineddata" >/dev/null 2>&1
  fi
}

for ((fold = 0; fold < FOLDS; fold++)); do
  run "fold$fold" "$fold"
  log "fold $fold (read by the model trained without it; the repo's model beside it):"
  python3 "$here/real_lines.py" score "$REAL_LINES" "$WORK/fold$fold" "$repo/tessdata" --folds "$FOLDS" --fold "$fold" | tee "$WORK/fold$fold.score"
done
[ "$FINAL" = 1 ] || exit 0
run all -1
log "the model on every real line: $WORK/all/ocrb.traineddata"
