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
# SWIFT_BUILD_FLAGS: make test's flags, so that its release build of the tests is taken
# rather than the package built again without them
# shellcheck disable=SC2086
swift build ${SWIFT_BUILD_FLAGS:--c release} --product idreader-bench >&2
# the two channels side by side (each runs on one thread); the check fails when either
# printed no result
{
  .build/release/idreader-bench channel "$count" 7 1 signalled | head -1 &
  .build/release/idreader-bench channel "$count" 7 1 all | head -1
  wait
} | python3 scripts/channel_property_check.py "$count"
