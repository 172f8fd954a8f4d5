# Sourced by train.sh and sureness.sh (in the package's root, WORK set): the project's own
# generated pictures the glyph cells are cut from, listed into $WORK — the bench's five sets
# (seeds 201–205) as own-bench.list, and seed 311 (clean, mild and hard at 0° and ±3°) as
# own311.list.  Each picture has its expected lines in a .txt beside it.
python3 -c "import sys; sys.path.insert(0, 'bench'); import mrz_read; mrz_read.generate()"
list_own() { ls "$@" | grep -E '\.(png|jpg)$' | xargs -I{} realpath {}; }
list_own bench/out/mrz/{clean,mild,hard,turned,skewed}/* > "$WORK/own-bench.list"
for level in clean mild hard; do
  ls "$WORK/own311-$level"/*.txt > /dev/null 2>&1 || python3 tools/mrz-samples/make_mrz_images.py "$WORK/own311-$level" --count 16 --seed 311 --level $level --rotate 0 3 -3 > /dev/null
done
list_own "$WORK"/own311-*/* > "$WORK/own311.list"
