#!/usr/bin/env bash
# The valid-means-right property (issue 17) at CI scale: COUNT generated MRZs of every
# format read through the OCR channel measured on real prints (MeasuredOCRChannel) and the
# reader's whole correction and doubt logic, in release mode (idreader-bench channel).
#   scripts/channel-property.sh [COUNT]     default 100000; the long run: 1000000
# Fails when a reading the OCR signalled (the true character among the candidates, or a
# confirming view that does not repeat the misreading) comes out valid and wrong more
# often than the ratchet allows, or when every measured misreading does.  The ratchets
# are the counts measured at seed 7 for 100 000 MRZs; they may only go down.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100000}
swift build -c release --product idreader-bench >&2
for channel in signalled all; do
  .build/release/idreader-bench channel "$count" 7 1 "$channel" | head -1
done | python3 scripts/channel_property_check.py "$count"
