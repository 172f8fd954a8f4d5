#!/usr/bin/env bash
# Leaks over a long batch: `idreader read` built with AddressSanitizer (LeakSanitizer on)
# over N reads of the mixed samples (licence backs and passport pages, repeated).
#   bench/leaks.sh [N]
# LeakSanitizer runs at exit and prints every allocation no longer reachable; the summary
# line says how many bytes leaked (none: no report at all).  No suppressions are used.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
swift build -c release --scratch-path .build/asan --product idreader -Xswiftc -sanitize=address >&2
files=(samples/licences/*.png samples/licences/*.jpg samples/passports/*.png samples/passports/*.jpg)
args=()
while [ ${#args[@]} -lt "$n" ]; do args+=("${files[@]}"); done
args=("${args[@]:0:$n}")
status=0
ASAN_OPTIONS=detect_leaks=1 .build/asan/release/idreader read --format jsonl --jobs 2 "${args[@]}" \
  > /tmp/idreader-leaks.out 2> /tmp/idreader-leaks.err || status=$?
echo "reads: $n, results: $(wc -l < /tmp/idreader-leaks.out), documents found: $(grep -c '"documents":\[{' /tmp/idreader-leaks.out || true), exit: $status"
if grep -q "LeakSanitizer" /tmp/idreader-leaks.err; then
  grep -E "SUMMARY|Direct leak|Indirect leak" /tmp/idreader-leaks.err | head -20
  exit 1
fi
echo "LeakSanitizer: no leaks reported"
