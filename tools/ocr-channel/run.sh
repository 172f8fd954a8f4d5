#!/usr/bin/env bash
# Measure the OCR channel on the real prints of ../shared/corpus/mrz and regenerate
# Sources/MRZ/MeasuredOCRChannelData.swift (the table the simulator and
# `idreader generate mrz --mutate` draw from).  Run from anywhere; needs a release build
# of idreader-bench (built here when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product idreader-bench >&2
out=${TMPDIR:-/tmp}/idreader-ocr-channel
mkdir -p "$out"
ls ../shared/corpus/mrz/*.jpg ../shared/corpus/mrz/*.png > "$out/list.txt"
.build/release/idreader-bench ocr-channel "$out/list.txt" > "$out/observations.jsonl"
python3 tools/ocr-channel/measure.py "$out/observations.jsonl" --swift Sources/MRZ/MeasuredOCRChannelData.swift
