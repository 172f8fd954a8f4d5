#!/usr/bin/env bash
# The README's first command: set up, build, and read everything in samples/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product idreader >&2
bin=.build/release/idreader
status=0
run() {
  # exit codes 0, 1 and 3 are answers (valid / no valid document / unreadable); anything else is a failure
  set +e; "$@"; local rc=$?; set -e
  if [ $rc -gt 3 ] || [ $rc -eq 2 ]; then echo "FAILED ($rc): $*" >&2; status=1; fi
}
for f in samples/mrz/*.txt; do
  echo "== $f"
  run "$bin" mrz --format text - < "$f"
done
for f in samples/aamva/*.txt; do
  echo "== $f"
  run "$bin" aamva --format text "$f"
done
echo "== samples/passports (images)"
run "$bin" read --format text samples/passports
echo "== samples/licences (images)"
run "$bin" read --format text samples/licences
# what the reader saw: one annotated picture per image and a contact sheet (not committed)
annotated=.build/samples-annotated
echo "== annotated pictures of samples/passports and samples/licences: $annotated/index.html"
run "$bin" read --format jsonl --annotate "$annotated" samples/passports samples/licences > /dev/null
exit $status
