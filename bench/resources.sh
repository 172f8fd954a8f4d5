#!/usr/bin/env bash
# Memory over a long batch: RSS of `idreader read --jobs 2` sampled every 0.5 s over N
# images (the sample licence backs and passport pages repeated), printed as start / end / peak.
#   bench/resources.sh [N] [extra idreader options...]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}; shift || true
swift build -c release --product idreader >&2
files=(samples/licences/*.png samples/licences/*.jpg samples/passports/*.png samples/passports/*.jpg)
args=()
while [ ${#args[@]} -lt "$n" ]; do args+=("${files[@]}"); done
args=("${args[@]:0:$n}")
.build/release/idreader read --format jsonl --jobs 2 "$@" "${args[@]}" > /tmp/idreader-rss.out &
pid=$!
samples=()
while kill -0 $pid 2>/dev/null; do
  rss=$(awk '/VmRSS/{print $2}' /proc/$pid/status 2>/dev/null || true)
  [ -n "$rss" ] && samples+=("$rss")
  sleep 0.5
done
wait $pid || true
count=${#samples[@]}
peak=$(printf "%s\n" "${samples[@]}" | sort -n | tail -1)
echo "images: $n, results: $(wc -l < /tmp/idreader-rss.out), RSS samples: $count"
echo "RSS first 5 samples (KB): ${samples[*]:0:5}"
echo "RSS last 5 samples (KB):  ${samples[*]: -5}"
echo "RSS peak (KB): $peak"
# mean RSS per tenth of the run, to see whether it grows
printf "%s\n" "${samples[@]}" | awk -v n="$count" '{ d = int(10 * (NR - 1) / n); s[d] += $1; c[d]++ }
  END { printf "RSS mean per tenth of the run (MB):"; for (d = 0; d < 10; d++) if (c[d]) printf " %.0f", s[d] / c[d] / 1024; print "" }' 
