#!/usr/bin/env bash
# Builds the libFuzzer harnesses and runs each for a while.
#   fuzz/run.sh [SECONDS_PER_HARNESS] [HARNESS...]     (default 20 s, all harnesses)
# Parser harnesses are compiled into one module with the code they test (-sanitize=fuzzer,address);
# `image` (decoding + full read on arbitrary bytes) is built by SwiftPM, see build().
# Corpora live in .build/fuzz/corpus-NAME (seeded from the tests' generators); crashes are
# written to .build/fuzz/crash-*; a crash fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}; shift || true
harnesses=("$@"); [ ${#harnesses[@]} -gt 0 ] || harnesses=(mrz_parse aamva_parse aamva_roundtrip cli_arguments vds_parse image)
out=.build/fuzz; mkdir -p "$out"
sources() {
  case "$1" in
    mrz_parse) ls Sources/IDCommon/*.swift Sources/MRZ/*.swift ;;
    aamva_parse|aamva_roundtrip) ls Sources/IDCommon/*.swift Sources/AAMVA/*.swift ;;
    cli_arguments) ls Sources/CommandLineDeclarations/*.swift; echo Sources/IDReaderServer/ServeOptions.swift Sources/idreader/Arguments.swift ;;
    vds_parse) ls Sources/IDCommon/*.swift Sources/VDS/*.swift ;;
  esac
}
seed() {
  local dir="$out/corpus-$1"; mkdir -p "$dir"
  [ -n "$(ls -A "$dir")" ] && return
  case "$1" in
    mrz_parse) cp samples/mrz/*.txt "$dir"/ ;;
    aamva_parse) cp samples/aamva/*.txt "$dir"/; cp ../shared/corpus/aamva/*.txt "$dir"/ 2>/dev/null || true ;;
    aamva_roundtrip) for i in 1 2 3 4; do printf "seed%04d\000" $i > "$dir/s$i"; printf "seed%04d\200xyzw" $i > "$dir/m$i"; done ;;
    cli_arguments) printf 'read\0--jobs\0002\0-' > "$dir/a"; printf 'generate\0mrz\0--count\0005' > "$dir/b" ;;
    vds_parse) cp ../shared/corpus/vds/*.bin "$dir"/ 2>/dev/null || true
               for i in 1 2 3; do printf '\xdc\x03\x6a\xbc\xd9\xc5\x04' > "$dir/h$i"; done ;;
    image) cp Tests/IDReaderTests/Fixtures/* "$dir"/ ;;  # small: a full page costs ~1 s per run under ASan
  esac
}
# The image harness needs the C libraries, so it is built by SwiftPM (its own scratch
# path, every module with the sanitizers); the parser harnesses compile their sources alone.
build() {
  if [ "$1" = image ]; then
    swift build -c release --scratch-path "$out/spm" --product idreader-fuzz-image -Xswiftc -sanitize=fuzzer,address \
      -Xswiftc -DFUZZING -Xswiftc -parse-as-library 2>&1 | grep -E "error" || true
    cp "$out/spm/release/idreader-fuzz-image" "$out/image"
  else
    # the MRZ (BAC keys) and seal harnesses link OpenSSL's libcrypto through the COpenSSL module map
    local c=(); case "$1" in mrz_parse | vds_parse) c=(-I Sources/COpenSSL -lcrypto) ;; esac
    # shellcheck disable=SC2046
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name Fuzz$1 "${c[@]}" $(sources "$1") "fuzz/$1.swift" -o "$out/$1" 2>&1 | grep -v warning || true
  fi
}
status=0
for h in "${harnesses[@]}"; do
  build "$h"
  seed "$h"
  maxlen=4096; [ "$h" = image ] && maxlen=65536
  echo "== $h: ${seconds}s"
  if ! "$out/$h" -max_total_time="$seconds" -max_len=$maxlen -rss_limit_mb=4096 -artifact_prefix="$out/crash-$h-" "$out/corpus-$h" 2>"$out/$h.log"; then
    echo "CRASH in $h: see $out/$h.log"; status=1
  fi
  grep -E "^#[0-9]+ +DONE|Done [0-9]+ runs" "$out/$h.log" | tail -1 || tail -3 "$out/$h.log"
done
exit $status
