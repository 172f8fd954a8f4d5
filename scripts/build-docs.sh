#!/usr/bin/env bash
# `make docs`: the API reference of the public library modules, rendered by DocC from their
# doc comments, without the SwiftPM plugin.  swift build emits the symbol graphs, in a build
# folder of its own so that the extra flags do not rebuild the main one; docc (shipped with
# the toolchain) converts each module into .build/docs/MODULE.doccarchive, a static site.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(IDCommon MRZ AAMVA DocumentModel IDReader)
scratch=.build/docs-build
graphs=$PWD/$scratch/symbol-graphs
out=.build/docs
docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")

# IDReader depends on the four other modules, so one target builds all five.  A module's
# graph is written when the module compiles, so an up-to-date module keeps the one it has;
# when one is missing, the docs build starts over.
build() {
  mkdir -p "$graphs"
  swift build --scratch-path "$scratch" --target IDReader \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >&2
}
build
for module in "${modules[@]}"; do
  if [ ! -f "$graphs/$module.symbols.json" ]; then
    rm -rf "$scratch"
    build
    break
  fi
done
rm -rf "$out"
mkdir -p "$out"
for module in "${modules[@]}"; do
  dir=$scratch/graphs/$module
  rm -rf "$dir" && mkdir -p "$dir"
  cp "$graphs/$module.symbols.json" "$dir/"
  # the module's extensions of other modules' types
  find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$dir/" \;
  catalog=()
  if [ -d "Sources/$module/$module.docc" ]; then catalog=("Sources/$module/$module.docc"); fi
  "$docc" convert "${catalog[@]}" --additional-symbol-graph-dir "$dir" \
    --fallback-display-name "$module" --fallback-bundle-identifier "idreader.$module" \
    --output-path "$out/$module.doccarchive" --transform-for-static-hosting >&2
done
echo "API reference: $out/MODULE.doccarchive for ${modules[*]}."
echo "Browse one: python3 -m http.server -d $out/IDReader.doccarchive 8000, then http://localhost:8000/documentation/idreader"
