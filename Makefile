# The two commands of the README, plus helpers.
.PHONY: samples test docs fuzz fuzz-serve bench-serve bench-serve-oversized bench-mrz bench-mrz-images bench-mrz-profile bench-mrz-misses bench-aamva bench-vds bench-vds-pictures bench-pdf417 bench-causes bench-frames bench-location train-ocrb train-glyphs train-glyph-folds

samples:            ## set up, build, read samples/
	scripts/run-samples.sh

# The tests run on an optimised build (`-enable-testing` lets them reach internal API): the
# image tests decode PDF417s and read MRZs far faster than in a debug build (the whole run
# 365 s against 2 441 s, bench/README.md), and the property and the service's fuzz smoke
# take the same build's binaries.
TEST_BUILD = -c release -Xswiftc -enable-testing

test:               ## set up, lint (swift format, .swift-format), build, run every test (the library's, the training tools', the valid-means-right property over 100 000 MRZs), then a short smoke of each fuzzer
	scripts/setup.sh --tool-tests --browser --photo-gen --serve
	swift format lint --strict -r Package.swift Sources Tests bench/swift fuzz
	swift build $(TEST_BUILD) --build-tests
	swift test $(TEST_BUILD) --skip-build
	python3 -m unittest discover -s tools/train-ocrb -p 'test_*.py'
	python3 -m unittest discover -s tools/train-glyphs -p 'test_*.py'
	SWIFT_BUILD_FLAGS="$(TEST_BUILD)" scripts/channel-property.sh 100000
	fuzz/run.sh 15
	IDREADER_BIN=.build/release/idreader fuzz/serve.sh 15

docs:               ## the API reference from the doc comments: symbol graphs by swift build, DocC archives (static sites) in .build/docs; no SwiftPM plugin
	scripts/build-docs.sh

fuzz-serve:         ## schemathesis against idreader serve's /openapi.json, and the image corpus posted to /v1/read
	swift build -j 1 --product idreader
	fuzz/serve.sh $${EXAMPLES:-40}

bench-serve:        ## idreader serve under load (1, 2, 8, 32 clients) beside spawning the CLI per image
	scripts/setup.sh --serve
	swift build -c release --product idreader
	python3 bench/serve.py

bench-serve-oversized: ## 50 concurrent 64 MiB uploads beside 8 readers (every upload 413, every read 200, RSS growth < 50 MB), a slowloris of 100 cut at the drain bounds, a flood past --max-drains
	scripts/setup.sh --serve
	swift build -c release --product idreader
	python3 bench/serve_oversized.py

fuzz:               ## long fuzzing run: make fuzz SECONDS=1800
	fuzz/run.sh $${SECONDS:-300}

bench-mrz:          ## MRZ parse throughput vs the Python `mrz` package
	scripts/setup.sh --bench
	swift build -c release --product idreader-bench && swift build -c release --product idreader
	python3 bench/mrz_parse.py

train-ocrb:         ## retrain the OCR-B model and compare it with tessdata/ocrb.traineddata (an hour or more, resumable; INSTALL=1 replaces it)
	tools/train-ocrb/train.sh

train-glyphs:       ## retrain the MRZ glyph classifier from cells the reader cuts (generated pages; the real corpus by document folds) and compare the candidates (INSTALL=1 replaces Sources/MRZScanning/mrz-glyphs.bin)
	scripts/setup.sh --bench
	tools/train-glyphs/train.sh

train-glyph-folds:  ## train the MRZ glyph classifier on the real glyphs too: a model per document fold (the benches' --glyph-folds) and one of all the data (INSTALL=1 installs it)
	scripts/setup.sh --bench
	tools/train-glyphs/folds.sh

bench-aamva:        ## AAMVA accuracy + throughput vs the Python `aamva-parser` package
	scripts/setup.sh --bench
	swift build -c release --product idreader-bench && swift build -c release --product idreader
	python3 bench/aamva_parse.py

bench-vds:          ## seal parse and parse + verify, CPU ms per seal of ../shared/corpus/vds (target <= 1 ms)
	swift build -c release --product idreader-bench
	ls ../shared/corpus/vds/*.bin > .build/vds-seals.txt
	.build/release/idreader-bench vds .build/vds-seals.txt ../shared/corpus/vds/certs

# idphoto-gen seeds of bench-pdf417: 11 and 23 tuned on (issue 35's line redraw), 101 and 11
# (its row redraw); 202 and 303 not; 444, 555 and 666 first run after every change
IDPHOTO_SEEDS ?= 11 23 101 202 303 444 555 666

bench-pdf417:       ## PDF417 success rate and time vs zxing-cpp (Python) and zbarimg
	scripts/setup.sh --bench
	swift build -c release --product idreader-bench && swift build -c release --product idreader
	IDPHOTO_SEEDS="$(IDPHOTO_SEEDS)" python3 bench/pdf417_read.py

# seal-picture seeds: 1 and 2 tuned on (and 101, 202: the crop+contrast pass), 505 and 606 not
VDS_SEEDS ?= 1 2 505 606

bench-vds-pictures: ## visible digital seals photographed (mild, hard): decoded exactly, wrong payloads, ms vs zxing-cpp (Python)
	scripts/setup.sh --bench
	swift build -c release --product idreader-bench && swift build -c release --product idreader
	VDS_SEEDS="$(VDS_SEEDS)" python3 bench/vds_pictures.py

bench-mrz-images:   ## MRZ from images vs PassportEye
	scripts/setup.sh --bench
	swift build -c release --product idreader-bench
	python3 bench/mrz_read.py

bench-mrz-profile:  ## where an MRZ read's CPU time goes, step by step (corpus, idphoto-gen hard, 12 MP), and one CLI call per picture
	scripts/setup.sh --bench
	swift build -c release --product idreader-bench && swift build -c release --product idreader
	python3 bench/mrz_profile.py corpus idphoto-hard scale-12MP --cli

bench-mrz-misses:   ## what the MRZ pictures not read exactly miss: no reading, a line shifted, characters misread (corpus, idphoto-gen hard at IDPHOTO_SEED)
	scripts/setup.sh --bench
	swift build -c release --product idreader-bench
	python3 bench/mrz_misses.py

bench-frames:       ## several frames of one document: frame 0 alone vs the consensus of 3 and 5 (idphoto-gen --frames 5, unseen seeds), state and read times
	scripts/setup.sh --bench
	swift build -c release --product idreader-bench
	python3 bench/frames_consensus.py

bench-location:     ## where the document is: location.outline and portrait vs idphoto-gen's document_quad and portrait_quad (LOCATION_SEEDS; 1, 2 tuned on), outlines on the real corpus, the CPU ms of finding locations
	scripts/setup.sh --bench
	swift build --product idreader && swift build -c release --product idreader-bench
	python3 bench/document_location.py

bench-causes:       ## why nothing was read: the cause named vs the cause made, over labelled failures (generated, the real corpus shrunk, pictures without a document)
	scripts/setup.sh --bench
	swift build -c release --product idreader
	python3 bench/failure_causes.py
