import AAMVA
@_spi(Evaluation) import BarcodeScanning
import Foundation
import IDCommon
@_spi(Evaluation) import IDReader
import Imaging
import MRZ
@_spi(Evaluation) import MRZScanning
import VDS

// Throughput of the parsers on one core, release mode.
//   idreader-bench mrz FILE          parse + validate; FILE: one MRZ per line, lines joined by '|'
//   idreader-bench mrz-fields FILE   parse + validate + read every field
//   idreader-bench pdf417 FILE       FILE: image paths; per image: decoded bytes, ms, pass
//   idreader-bench pdf417-outline FILE  per image: the start-stop outline (corners), ms
//   idreader-bench pdf417-passes FILE   per image: each rescue pass on its own: bytes, ms
//   idreader-bench seals FILE        FILE: image paths; per image: each seal's format and bytes,
//                                    ms and CPU ms of load + `BarcodeScanner.seals`, the first seal's pass
//   idreader-bench seal-passes FILE  per image: every seal pass and variant in turn, none
//                                    stopping the others: its seals and ms
//   idreader-bench pdf417-upright FILE DIR  per image: the start-stop view, unsharpened, at 3 px
//                                    a module, as DIR/NAME.pgm
//   idreader-bench mrz-images FILE   FILE: image paths; per image: MRZ lines, valid, ms
//                                    (what `idreader read --only mrz` does)
//   … --glyph-weights PATH           (mrz-images, read-images, mrz-doubts) read with that glyph
//                                    classifier instead of the shipped one
//   idreader-bench mrz-doubts FILE   per image: the MRZ reading's uncertain fields, the rules
//                                    that doubted them, the classifier's cells there
//   idreader-bench read-images FILE  the same for a full read (MRZ and licences, as
//                                    `idreader read` does by default)
//   idreader-bench mrz-lines FILE DIR  the MRZ line images the OCR saw, for each image whose
//                                    lines match its expected `.txt`: DIR/NAME-i.pgm + .gt.txt
//   idreader-bench ocr-lines FILE    FILE: line images (.pgm from mrz-lines); per line: text,
//                                    CPU ms of the recognition (model loaded once)
//   idreader-bench chain-blobs FILE DIR  per image: the chain search's working copy with its
//                                    glyph blobs and chains drawn in, per pass
//   idreader-bench chain-lines FILE DIR  per image: the chain band nearest its expected lines,
//                                    each line's read length and edit distance; crops in DIR
//   idreader-bench mrz-bands FILE    per image: the MRZ search's bands read or set aside, their
//                                    lines' corners and why (bench/mrz_unread.py)
//   idreader-bench glyph-cells FILE  per MRZ line read (FILE: images with expected .txt): its
//                                    cells' glyph images (LineCells) for the glyph classifier
//   idreader-bench ocr-channel FILE  per MRZ line found: both views' characters and candidates
//   idreader-bench joint-cells FILE  per MRZ line read (FILE: images with expected .txt): the cells
//                                    the LSTM's first view or the glyph classifier misreads
//   idreader-bench channel COUNT [SEED] [SCALE] [signalled]  the valid-means-right property
//                                    (ChannelProperty; `signalled`: only misreadings the OCR signalled)
//   idreader-bench consensus FILE    FILE: one scene a line, frame paths joined by '|'; per
//                                    scene, the FrameConsensus after each frame
//   idreader-bench frame-states FILE per image: DocumentReader.frameView (state, outline) and its ms
//   idreader-bench layout-evidence FILE  per image: what the chains and morphology saw of text
//                                    lines (LayoutEvidence), whether the layout analysis then read
//   idreader-bench pdf417-rescue-gate FILE  per image the first passes did not read: the symbol
//                                    diagnosis's evidence, whether the rescue passes read, CPU ms
//   idreader-bench aamva FILE        parse + validate; FILE: payloads separated by NUL bytes
//   idreader-bench aamva-fields FILE parse + validate + decode every field
//   idreader-bench seal-stage FILE   FILE: image paths; per image: CPU ms of a default read with
//                                    and without the seal stages, and of the seal first passes
//   idreader-bench vds FILE CERTDIR  FILE: seal paths, one a line; per seal (certificates loaded
//                                    once): ms of parse alone and of parse + verify, CPU time,
//                                    over 2 s of repeats; then the mean over all seals
// Prints JSON: {"parses": N, "seconds": S, "perSecond": R, "valid": V}

/// CPU time used by this process, in seconds.
func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// A proposed band's measures as the stripe and energy benches print them: the line
/// count, its shape, each measure (-1 where missing or not finite) and each line's middle row.
func measuredBandFields(_ band: MeasuredBandEvidence) -> [String: Any] {
    let finite = { (x: Double?) in x.map { $0.isFinite ? $0 : -1 } ?? -1 }
    return [
        "n": band.lines.count, "shaped": band.shaped, "gh": finite(band.glyphHeight), "edge": finite(band.edgeWidth),
        "pitch": finite(band.closestLinePitch), "glare": finite(band.glare), "paper": finite(band.paper),
        "y": band.lines.map { Int(($0.topLeft.y + $0.bottomLeft.y) / 2) },
    ]
}

/// The least CPU milliseconds of three runs of `work`: its cost with the caches warm.
func leastCPUMs(_ work: () -> Void) -> Double {
    (0..<3).map { _ in
        let start = cpuSeconds()
        work()
        return (cpuSeconds() - start) * 1000
    }.min()!
}

/// The output folder named by `path`, made if missing.
func outputFolder(_ path: String) -> URL {
    let url = URL(fileURLWithPath: path)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// `image` as a binary PGM (P5) file at `url`.
func writePGM(_ image: GrayImage, to url: URL) {
    try! Data(Array("P5\n\(image.width) \(image.height)\n255\n".utf8) + image.pixels).write(to: url)
}

func usage() -> Never {
    FileHandle.standardError.write(Data("usage: idreader-bench mrz|mrz-fields|aamva FILE\n".utf8))
    exit(2)
}

/// `--glyph-weights PATH` after the mode's arguments: read with that glyph classifier
/// instead of the shipped one (mrz-images, read-images, mrz-doubts; the document folds'
/// models, `bench/mrz_recall.py --glyph-folds`).
let (args, glyphWeights): ([String], GlyphWeights?) = {
    var args = CommandLine.arguments
    guard let flag = args.firstIndex(of: "--glyph-weights") else { return (args, nil) }
    guard flag + 1 < args.count else { usage() }
    do {
        let weights = try GlyphWeights(contentsOf: args[flag + 1])
        args.removeSubrange(flag...flag + 1)
        return (args, weights)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(2)
    }
}()

/// `body` run with `--glyph-weights`' classifier, or the shipped one.
func withGlyphWeights(_ body: () -> Void) {
    if let glyphWeights { glyphWeights.whileReading(body) } else { body() }
}

guard args.count >= 3, let raw = args[1] == "channel" ? Data() : FileManager.default.contents(atPath: args[2]) else { usage() }
let text = String(decoding: raw, as: UTF8.self)
let inputs = text.split(separator: "\n").map { $0.split(separator: "|").map(String.init) }

switch args[1] {
case "pdf417":
    // FILE: one image path per line.  Prints one JSON line per image: bytes (base64), ms, pass.
    let scanner = BarcodeScanner(includeOtherFormats: false, acceptPDF417: DocumentReader.acceptPDF417)
    for path in text.split(separator: "\n").map(String.init) {
        let start = Date()
        var found: [Barcode] = []
        if let image = try? ImageLoader().load(path: path) { found = scanner.pdf417(image) }
        let ms = Date().timeIntervalSince(start) * 1000
        let b64 = found.first.map { Data($0.bytes).base64EncodedString() } ?? ""
        print("{\"path\": \"\(path)\", \"bytes\": \"\(b64)\", \"ms\": \(ms), \"pass\": \"\(found.first?.pass.rawValue ?? "")\"}")
    }
case "seals":
    // FILE: one image path per line.  Prints one JSON line per image.
    let scanner = BarcodeScanner()
    for path in text.split(separator: "\n").map(String.init) {
        let start = Date(), cpuStart = cpuSeconds()
        var found: [Barcode] = []
        if let image = try? ImageLoader().load(path: path) { found = scanner.seals(image) }
        let ms = Date().timeIntervalSince(start) * 1000, cpuMs = (cpuSeconds() - cpuStart) * 1000
        let seals = found.map { ["format": $0.format.rawValue, "bytes": Data($0.bytes).base64EncodedString()] }
        let line: [String: Any] = ["path": path, "seals": seals, "ms": ms, "cpuMs": cpuMs, "pass": found.first?.pass.rawValue ?? ""]
        print(String(decoding: try! JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
    }
case "pdf417-first-pass":
    // FILE: one image path per line.  Per image, CPU ms (the least of 3 runs, the picture
    // already decoded) of the located-region pass alone and of the whole read of a licence
    // (`read --only pdf417`) and of a default read, and whether the located regions gave an
    // acceptable symbol: the read's cost over the pass that finds the symbol.
    let scanner = BarcodeScanner(includeOtherFormats: false, acceptPDF417: DocumentReader.acceptPDF417)
    let reader = DocumentReader()
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        var located = false
        let locatedMs = leastCPUMs { located = !scanner.pdf417InLocatedRegions(image).isEmpty }
        let licenceMs = leastCPUMs { _ = reader.read(image: image, options: IDReader.ReadOptions(only: .pdf417)) }
        let defaultMs = leastCPUMs { _ = reader.read(image: image) }
        print("{\"path\": \"\(path)\", \"located\": \(located), \"locatedMs\": \(locatedMs), \"licenceMs\": \(licenceMs), \"readMs\": \(defaultMs)}")
    }
case "seal-stage":
    // FILE: one image path per line.  Per image, CPU ms (the least of 3 runs, the picture
    // already decoded) of a default read with the seal stages and without them
    // (`--only mrz,pdf417`), and of the seal first passes alone: what seals cost a read.
    let reader = DocumentReader()
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        var seals = 0
        let withMs = leastCPUMs { seals = reader.read(image: image).filter { $0.source == .vds }.count }
        let withoutMs = leastCPUMs { _ = reader.read(image: image, options: IDReader.ReadOptions(only: [.mrz, .pdf417])) }
        let firstPassesMs = leastCPUMs { _ = BarcodeScanner().sealsByFirstPasses(image) }
        print(
            "{\"path\": \"\(path)\", \"seals\": \(seals), \"withSealsMs\": \(withMs), \"withoutSealsMs\": \(withoutMs), \"sealFirstPassesMs\": \(firstPassesMs)}"
        )
    }
case "pdf417-diagnose":
    // FILE: one image path per line.  Prints one JSON line per image: the symbol region's
    // measures (module px, detail kept, glare) and the diagnosis.
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let m = SymbolDiagnosis.measure(image)
        let measures = m.map { "\"module\": \($0.moduleWidth), \"detail\": \($0.detail), \"glare\": \($0.glare)" } ?? "\"module\": null"
        print("{\"path\": \"\(path)\", \(measures), \"diagnosis\": \"\(SymbolDiagnosis.diagnose(image).rawValue)\"}")
    }
case "pdf417-outline":
    // FILE: one image path per line.  Prints one JSON line per image: the symbol outline the
    // start and stop patterns give (corners in image pixels, or null), and ms.
    for path in text.split(separator: "\n").map(String.init) {
        let start = Date()
        let outline = (try? ImageLoader().load(path: path)).flatMap { BarcodeScanner.startStopOutline($0) }
        let ms = Date().timeIntervalSince(start) * 1000
        let corners = outline.map { "[" + $0.corners.map { "[\($0.x), \($0.y)]" }.joined(separator: ", ") + "]" } ?? "null"
        print("{\"path\": \"\(path)\", \"outline\": \(corners), \"ms\": \(ms)}")
    }
case "pdf417-passes":
    // FILE: one image path per line.  Prints one JSON line per image: for every rescue pass
    // run on its own, the bytes of its first acceptable decode (base64, "" for none) and ms.
    let scanner = BarcodeScanner(includeOtherFormats: false, acceptPDF417: DocumentReader.acceptPDF417)
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let passes = scanner.eachRescuePass(image).map { "\"\($0.pass.rawValue)\": [\"\(Data($0.bytes ?? []).base64EncodedString())\", \($0.ms)]" }
        print("{\"path\": \"\(path)\", " + passes.joined(separator: ", ") + "}")
    }
case "seal-passes":
    // FILE: one image path per line.  Prints one JSON line per image: every seal pass and
    // variant in turn (`BarcodeScanner.eachSealPass`), each with its seals (base64) and ms.
    let scanner = BarcodeScanner(includeOtherFormats: false)
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let steps = scanner.eachSealPass(image).map { step -> [String: Any] in
            ["pass": step.pass.rawValue, "variant": step.variant, "seals": step.seals.map { Data($0).base64EncodedString() }, "ms": step.ms]
        }
        let line: [String: Any] = ["path": path, "size": [image.width, image.height], "steps": steps]
        print(String(decoding: try! JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
    }
case "pdf417-upright":
    // FILE: image paths; DIR: a folder.  The symbol drawn upright from its start and stop
    // patterns at 3 px a module, unsharpened, as DIR/NAME.pgm (none when not outlined).
    guard args.count == 4 else { usage() }
    let out = outputFolder(args[3])
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path), let view = BarcodeScanner.startStopUpright(image, pixelsPerModule: 3) else { continue }
        writePGM(view, to: out.appendingPathComponent(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".pgm"))
    }
case "zxing-plain":
    // FILE: one image path per line.  Per image: ms of Debian's zxing-cpp call alone on the
    // loaded picture (no locating, no rescue), and whether it decoded a PDF417.
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let start = Date()
        let found = BarcodeScanner.plainPDF417(image)
        print("{\"path\": \"\(path)\", \"ms\": \(Date().timeIntervalSince(start) * 1000), \"decoded\": \(!found.isEmpty)}")
    }
case "load":
    // FILE: one image path per line.  Median ms to load (decode, orient, grey) an image.
    var times: [Double] = []
    for path in text.split(separator: "\n").map(String.init) {
        let start = Date()
        _ = try? ImageLoader().load(path: path)
        times.append(Date().timeIntervalSince(start) * 1000)
    }
    print("{\"images\": \(times.count), \"medianMs\": \(times.sorted()[times.count / 2])}")
case "chains":
    // FILE: image paths; OUT: a folder.  The glyph chains and rectified bands the MRZ
    // search finds in each image (bands written as OUT/<name>-<i>.pgm).
    guard args.count == 4 else { usage() }
    let out = outputFolder(args[3])
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let start = Date()
        let found = MRZScanner().chainSearch(of: image)
        let ms = Int(Date().timeIntervalSince(start) * 1000)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let chains = found.chains.map { String(format: "%.0f/%.1f/%.0f°/%d", $0.glyphs, $0.height, $0.degrees, $0.members) }
        print("\(name): \(ms) ms, \(found.bands.count) bands; chains \(chains.joined(separator: " "))")
        for (i, band) in found.bands.enumerated() {
            writePGM(band, to: out.appendingPathComponent("\(name)-\(i).pgm"))
        }
    }
case "chain-blobs":
    // FILE: image paths; OUT: a folder.  Per image and binarisation: the working copy with
    // the glyph blobs (grey boxes) and the chains' members (black boxes), as OUT/<name>-<b>.png.
    guard args.count == 4 else { usage() }
    let out = outputFolder(args[3])
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let found = MRZScanner().chainBlobs(of: image)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        for (b, blobs) in found.blobs.enumerated() {
            guard let picture = Canvas(gray: found.working) else { continue }
            func draw(_ box: PixelBox, _ colour: RGB) {
                picture.strokeRect(x: box.x, y: box.y, width: box.width, height: box.height, color: colour, lineWidth: 1)
            }
            for box in blobs { draw(box, RGB(160, 160, 160)) }
            for chain in found.chains[b] { for box in chain { draw(box, .black) } }
            if let png = picture.pngData() { try! Data(png).write(to: out.appendingPathComponent("\(name)-\(b).png")) }
            print("\(name) pass \(b): \(blobs.count) blobs, \(found.chains[b].count) chains")
        }
    }
case "mrz-lines":
    guard args.count == 4 else { usage() }
    let out = outputFolder(args[3])
    let scanner = MRZScanner()
    var written = 0
    for path in text.split(separator: "\n").map(String.init) {
        let base = URL(fileURLWithPath: path).deletingPathExtension()
        guard let truth = try? String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8),
            let image = try? ImageLoader().load(path: path), let found = scanner.lineImages(of: image)
        else { continue }
        let expected = truth.split(whereSeparator: \.isWhitespace).map(String.init)
        // only bands that are the MRZ: as many lines as expected, of the same lengths
        guard expected.count == found.images.count, zip(expected, found.lines).allSatisfy({ $0.count == $1.count }) else { continue }
        for (i, (line, image)) in zip(expected, found.images).enumerated() {
            let name = out.appendingPathComponent("\(base.lastPathComponent)-\(i)")
            writePGM(image, to: name.appendingPathExtension("pgm"))
            try! (line + "\n").write(to: name.appendingPathExtension("gt.txt"), atomically: true, encoding: .utf8)
            written += 1
        }
    }
    print("{\"lines\": \(written)}")
case "glyph-cells":
    // FILE: image paths with expected `.txt`.  Per line of the MRZ read: the expected and
    // read text and its cells' glyph images (`LineCells`), bytes 0 (paper) … 255 (ink),
    // base64, `null` where the line could not be cut.
    let scanner = MRZScanner()
    for path in text.split(separator: "\n").map(String.init) {
        let base = URL(fileURLWithPath: path).deletingPathExtension()
        guard let truth = try? String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8),
            let image = try? ImageLoader().load(path: path)
        else { continue }
        let expected = truth.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let found = scanner.glyphCells(of: image, lengths: expected.map(\.count)) else { continue }
        for (i, (line, cells)) in zip(expected, found.cells).enumerated() {
            let bytes = cells.map { Data($0.flatMap { $0.map { UInt8(($0 * 255).rounded()) } }).base64EncodedString() }
            let read = i < found.lines.count ? found.lines[i] : ""
            print(
                "{\"path\": \"\(path)\", \"line\": \(i), \"expected\": \"\(line)\", \"read\": \"\(read)\", \"cells\": \(bytes.map { "\"\($0)\"" } ?? "null")}")
        }
    }
case "joint-cells":
    // FILE: image paths with expected `.txt`.  Per MRZ line read (as many lines as expected,
    // of their lengths): how many cells it has, and each cell the LSTM's first view or the
    // glyph classifier misreads as [truth, LSTM character, its confidence, the LSTM's
    // confidence for the truth or null, classifier character, probability, runner-up,
    // probability] (`MRZScanner.jointCells`); `"cells": null` for a line not measured; the
    // band's glyph height in input pixels and edge width in glyph heights (`JointLines`);
    // whether the first view's cells are shifted against the truth's somewhere (`"shifted"`:
    // more cells differ than the edit distance of the two lines, a glyph dropped or doubled
    // before them, so both recognisers read a neighbour's glyph there), and whether the
    // first view read another number of glyphs than the layout's (`"refitted"`).
    // Characters of misread cells only, never a line (bench/joint_misreads.py,
    // bench/joint_quality.py).
    let scanner = MRZScanner()
    for path in text.split(separator: "\n").map(String.init) {
        withGlyphWeights {
            let base = URL(fileURLWithPath: path).deletingPathExtension()
            guard let truth = try? String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8),
                let image = try? ImageLoader().load(path: path)
            else { return }
            let expected = truth.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let joint = scanner.jointCells(of: image, expected: expected) else {
                print("{\"path\": \"\(path)\", \"line\": null, \"cells\": null}")
                return
            }
            for (index, cells) in joint.lines.enumerated() {
                // a non-finite confidence as 101, the strongest (as tools/ocr-channel stores it)
                func number(_ x: Float) -> Double { x.isFinite ? Double(x) : 101 }
                let misread = (cells ?? []).filter { $0.lstm != $0.truth || $0.classifier != $0.truth }.map { c -> [Any] in
                    [
                        String(c.truth), String(c.lstm), number(c.lstmConfidence), c.lstmForTruth.map { number($0) as Any } ?? NSNull(),
                        String(c.classifier), number(c.classifierProbability), String(c.classifierRunnerUp), number(c.classifierRunnerUpProbability),
                    ]
                }
                let first = (cells ?? []).map(\.lstm), truth = (cells ?? []).map(\.truth)
                let shifted = zip(first, truth).filter { $0 != $1 }.count > levenshteinDistance(first, truth)
                let row: [String: Any] = [
                    "path": path, "line": index, "cells": cells.map { $0.count as Any } ?? NSNull(), "misread": misread, "shifted": shifted,
                    "refitted": joint.firstViewLengths[index].map { $0 != expected[index].count } ?? NSNull(),
                    "glyphHeight": joint.glyphHeight.map { $0 as Any } ?? NSNull(), "edgeWidth": joint.edgeWidth.map { $0 as Any } ?? NSNull(),
                ]
                print(String(decoding: try! JSONSerialization.data(withJSONObject: row), as: UTF8.self))
            }
        }
    }
case "ocr-channel":
    // FILE: image paths with expected `.txt`.  Per MRZ line whose reading has the expected
    // length: per character the truth and both views' readings (character, confidence,
    // candidates), as JSON lines; tools/ocr-channel/measure.py turns them into the table.
    let scanner = MRZScanner()
    for path in text.split(separator: "\n").map(String.init) {
        let base = URL(fileURLWithPath: path).deletingPathExtension()
        guard let truth = try? String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8),
            let image = try? ImageLoader().load(path: path), let found = scanner.channelObservations(of: image)
        else { continue }
        let expected = truth.split(whereSeparator: \.isWhitespace).map(String.init)
        guard expected.count == found.lines.count, zip(expected, found.lines).allSatisfy({ $0.count == $1.count }) else { continue }
        func encode(_ glyphs: [ObservedGlyph]?) -> Any {
            guard let glyphs else { return NSNull() }
            return glyphs.map { g -> [Any] in
                [
                    String(g.character), g.confidence.isFinite ? Double(g.confidence) : -1,
                    g.candidates.map { [String($0.character), $0.confidence.isFinite ? Double($0.confidence) : -1] as [Any] },
                ]
            }
        }
        for (i, (line, view)) in zip(expected, found.views).enumerated() {
            let record: [String: Any] = ["image": base.lastPathComponent, "line": i, "truth": line, "first": encode(view.first), "second": encode(view.second)]
            print(String(decoding: try! JSONSerialization.data(withJSONObject: record), as: UTF8.self))
        }
    }
case "channel":
    // idreader-bench channel COUNT [SEED] [ERROR-SCALE] [signalled|all] [lstm-only]: the
    // valid-means-right property over COUNT generated MRZs read through the OCR channel
    // measured on real prints (and the glyph classifier's, unless `lstm-only`).
    guard let count = Int(args[2]) else { usage() }
    let seed = args.count > 3 ? UInt64(args[3]) ?? 1 : 1
    let scale = args.count > 4 ? Double(args[4]) ?? 1 : 1
    let start = Date()
    let signalled = args.count > 5 && args[5] == "signalled"
    // `lstm-only`: without the glyph classifier's vote (the property as before it)
    let cells = !(args.count > 6 && args[6] == "lstm-only")
    let r = ChannelProperty.run(count: count, seed: seed, errorScale: scale, signalledOnly: signalled, glyphClassifier: cells)
    print(
        "{\"mrzs\": \(r.mrzs), \"seed\": \(seed), \"errorScale\": \(scale), \"channel\": \"\(signalled ? "signalled misreadings" : "every measured misreading")\", \"glyphClassifier\": \(cells), \"validButWrong\": \(r.validButWrong), \"inProvenFields\": \(r.validButWrongInProvenFields), \"silent\": \(r.validButWrongSilent), \"trueReadings\": \(r.trueReadings), "
            + "\"trueReadingsNotValid\": \(r.trueReadingsNotValid), \"damaged\": \(r.damaged), \"recovered\": \(r.recovered), \"seconds\": \(Int(Date().timeIntervalSince(start)))}"
    )
    for e in r.examples { print("  valid but wrong\(e.silent ? " (no sign in any view)" : ""): \(e.truth) read \(e.read)") }
case "ocr-lines":
    let scanner = MRZScanner()
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        _ = scanner.recognise(lineImage: image)  // first call loads the model; timed: the second
        let cpuStart = cpuSeconds()
        let read = scanner.recognise(lineImage: image) ?? ""
        let cpuMs = (cpuSeconds() - cpuStart) * 1000
        print("{\"path\": \"\(path)\", \"text\": \"\(read)\", \"cpuMs\": \(cpuMs)}")
    }
case "mrz-stages":
    // FILE: one image path per line.  Per image: CPU ms of loading and of each MRZ search
    // stage the read plan would run (the layout analysis only when nothing was read), and
    // the search's profile (`StepProfile`: CPU ms and count per step).  The OCR engine is
    // made before the first image, so that no image pays for loading the model.
    let scanner = MRZScanner()
    _ = scanner.search(GrayImage(width: 1, height: 1, pixels: [255]))
    for path in text.split(separator: "\n").map(String.init) {
        var t = cpuSeconds()
        func lap() -> Int {
            let now = cpuSeconds()
            defer { t = now }
            return Int((now - t) * 1000)
        }
        guard let image = try? ImageLoader().load(path: path) else { continue }
        var parts = ["\"load\": \(lap())"]
        let (search, profile) = StepProfile.recording {
            let search = scanner.search(image)
            for stage in MRZSearchStage.allCases where stage != .layoutAnalysis || !search.foundAny {
                search.run(stage)
                parts.append("\"\(stage.rawValue)\": \(lap())")
            }
            return search
        }
        // CPU ms per step of the search (exclusive: they add up to the stages), and how
        // often each ran
        let steps = ProfiledStep.allCases.compactMap { step in
            profile.milliseconds[step].map { "\"\(step.rawValue)\": [\(String(format: "%.2f", $0)), \(profile.counts[step] ?? 0)]" }
        }
        print(
            "{\"path\": \"\(path)\", \(parts.joined(separator: ", ")), \"valid\": \(search.foundValid), \"size\": [\(image.width), \(image.height)], "
                + "\"steps\": {\(steps.joined(separator: ", "))}}")
    }
case "layout-evidence":
    // FILE: one image path per line.  Per image: what the glyph chains and the morphology
    // saw of text lines (`LayoutEvidence`), then whether the layout analysis, run when
    // they read nothing, read an MRZ (valid or not), and its CPU ms.
    let scanner = MRZScanner()
    _ = scanner.search(GrayImage(width: 1, height: 1, pixels: [255]))
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let search = scanner.search(image)
        search.run(.glyphChains)
        search.run(.morphology)
        let before = search.foundAny
        let evidence = search.layoutEvidence
        let start = cpuSeconds()
        if !before { search.run(.layoutAnalysis) }
        let layoutMs = (cpuSeconds() - start) * 1000
        let json = try! JSONSerialization.data(
            withJSONObject: [
                "path": path, "readBefore": before, "layoutRead": !before && search.foundAny, "valid": search.foundValid, "layoutMs": layoutMs,
                "evidence": (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(evidence))) ?? [:],
            ] as [String: Any])
        print(String(decoding: json, as: UTF8.self))
    }
case "pdf417-rescue-gate":
    // FILE: one image path per line.  Per image (the PDF417's first passes having found
    // no acceptable symbol): what the symbol diagnosis sees (`PDF417Passes.examine`: the
    // evidence and cause), its CPU ms, then whether the rescue passes read a symbol and
    // their CPU ms (the diagnosis's symbol region, edges and patterns taken by them).
    let scanner = BarcodeScanner(includeOtherFormats: false, acceptPDF417: DocumentReader.acceptPDF417)
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let passes = PDF417Passes(scanner: scanner, image: image)
        passes.runFirstPasses()
        guard !passes.foundAcceptable else {
            print("{\"path\": \"\(path)\", \"firstPasses\": true}")
            continue
        }
        var start = cpuSeconds()
        let finding = passes.examine()
        let examineMs = (cpuSeconds() - start) * 1000
        start = cpuSeconds()
        passes.runRescuePasses()
        let rescueMs = (cpuSeconds() - start) * 1000
        print(
            "{\"path\": \"\(path)\", \"firstPasses\": false, \"evidence\": \"\(finding.evidence)\", \"failure\": \"\(finding.failure)\", "
                + "\"examineMs\": \(examineMs), \"rescueRead\": \(passes.foundAcceptable), \"rescueMs\": \(rescueMs)}")
    }
case "read-steps":
    // FILE: one image path per line.  Per image: the CPU ms of a whole read as the CLI
    // makes it (`read(image:name:)`, the failure's diagnosis included), the picture
    // already decoded, with its profile (`StepProfile`: CPU ms and count per step, this
    // thread's) and the cause named.  The OCR engine is made before the first image.
    let reader = DocumentReader()
    _ = reader.read(image: GrayImage(width: 1, height: 1, pixels: [255]), name: "warm-up")
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let start = cpuSeconds()
        let (result, profile) = StepProfile.recording { reader.read(image: image, name: path) }
        let cpuMs = (cpuSeconds() - start) * 1000
        let steps = Dictionary(uniqueKeysWithValues: profile.milliseconds.map { ($0.key.rawValue, [$0.value, Double(profile.counts[$0.key] ?? 0)]) })
        let json = try! JSONSerialization.data(
            withJSONObject: [
                "path": path, "cpuMs": cpuMs, "read": !result.documents.isEmpty, "cause": result.error?.cause?.rawValue ?? "-", "steps": steps,
            ] as [String: Any])
        print(String(decoding: json, as: UTF8.self))
    }
case "mrz-bands":
    // FILE: one image path per line.  Per image: the bands the MRZ search read or set
    // aside by `MRZScanner.scan` (every stage), each its lines' corners in input pixels
    // and why it was set aside (the reading's own band, valid or the best invalid one, as
    // `read`) — for bench/mrz_unread.py.
    let scanner = MRZScanner()
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let scan = scanner.scan(image)
        func corners(_ lines: [Quadrilateral]) -> [[[Double]]] {
            lines.map { q in [q.topLeft, q.topRight, q.bottomRight, q.bottomLeft].map { [$0.x, $0.y] } }
        }
        let bands =
            scan.readings.map { ["reason": "read", "lines": corners($0.lineQuadrilaterals)] as [String: Any] }
            + scan.rejected.map { ["reason": $0.reason.rawValue, "lines": corners($0.lines)] as [String: Any] }
        let json = try! JSONSerialization.data(
            withJSONObject: ["path": path, "valid": scan.readings.first?.result.isValid ?? false, "bands": bands] as [String: Any])
        print(String(decoding: json, as: UTF8.self))
    }
case "chain-lines":
    // FILE: image paths with their expected lines (`.txt`, or idphoto-gen's `.json`); DIR:
    // where the line crops of the band nearest the truth go.  Per image: for the chain band
    // whose raw OCR is nearest the expected lines, each line's read length and edit distance
    // (no text is printed).
    guard args.count == 4 else { usage() }
    let out = outputFolder(args[3])
    let scanner = MRZScanner()
    for path in text.split(separator: "\n").map(String.init) {
        let base = URL(fileURLWithPath: path).deletingPathExtension()
        var expected: [String] = []
        if let truth = try? String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8) {
            expected = truth.split(whereSeparator: \.isWhitespace).map(String.init)
        } else if let data = try? Data(contentsOf: base.appendingPathExtension("json")),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let lines = json["mrz_lines"] as? [String]
        {
            expected = lines
        }
        guard !expected.isEmpty, let image = try? ImageLoader().load(path: path) else { continue }
        let bands = scanner.chainBandLines(of: image).filter { $0.lines.count == expected.count }
        let scored = bands.map { band in (band, zip(band.lines, expected).map { levenshteinDistance(Array($0), Array($1)) }) }
        guard let best = scored.min(by: { $0.1.reduce(0, +) < $1.1.reduce(0, +) }) else {
            print("{\"image\": \"\(base.lastPathComponent)\", \"bands\": 0}")
            continue
        }
        for (i, crop) in best.0.crops.enumerated() {
            writePGM(crop, to: out.appendingPathComponent("\(base.lastPathComponent)-\(i).pgm"))
        }
        let all = scored.map { $0.1 }
        let lengths = best.0.lines.map(\.count), truthLengths = expected.map(\.count)
        print(
            "{\"image\": \"\(base.lastPathComponent)\", \"bands\": \(bands.count), \"lengths\": \(lengths), \"expected\": \(truthLengths), \"distances\": \(best.1), \"cropHeights\": \(best.0.crops.map(\.height)), \"all\": \(all)}"
        )
    }
case "mrz-images", "read-images":
    // FILE: one image path per line.  Per image: the MRZ lines read, valid, ms.
    let options = args[1] == "mrz-images" ? IDReader.ReadOptions(only: .mrz) : IDReader.ReadOptions()
    let reader = DocumentReader()
    for path in text.split(separator: "\n").map(String.init) {
        withGlyphWeights {
            let start = Date(), cpuStart = cpuSeconds()
            var lines: [String] = [], uncertain: [String] = [], failed: [String] = []
            var valid = false
            if let image = try? ImageLoader().load(path: path) {
                if let doc = reader.read(image: image, options: options).first(where: { $0.mrz != nil }) {
                    lines = doc.mrz?.lines ?? []
                    valid = doc.valid
                    uncertain = doc.quality?.uncertainFields ?? []
                    failed = doc.checks.filter { !$0.valid }.map(\.name)
                }
            }
            let ms = Date().timeIntervalSince(start) * 1000, cpuMs = (cpuSeconds() - cpuStart) * 1000
            let json = try! JSONSerialization.data(
                withJSONObject: ["path": path, "lines": lines, "valid": valid, "ms": ms, "cpuMs": cpuMs, "uncertain": uncertain, "failedChecks": failed]
                    as [String: Any])
            print(String(decoding: json, as: UTF8.self))
        }
    }
case "mrz-doubts":
    // FILE: one image path per line.  Per image, the MRZ scan's first reading: its lines
    // (compared with the truth by bench/mrz_doubts.py, never printed by it), whether every
    // check holds, and per uncertain field the rules that doubted it and the glyph
    // classifier's cells (`MRZReading.doubtDiagnosis`).
    let scanner = MRZScanner()
    for path in text.split(separator: "\n").map(String.init) {
        withGlyphWeights {
            guard let image = try? ImageLoader().load(path: path), let reading = scanner.scan(image).readings.first else {
                print("{\"path\": \"\(path)\"}")
                return
            }
            let diagnosis = reading.doubtDiagnosis
            let fields = reading.result.format.fieldPositions.filter { diagnosis.rules[$0.name.rawValue] != nil }.map { field -> [String: Any] in
                let cells = diagnosis.cells.indices.contains(field.line) ? diagnosis.cells[field.line] : nil
                let inField = cells.map { cells in field.range.filter { $0 < cells.count }.map { cells[$0] } }
                return [
                    "field": field.name.rawValue, "rules": diagnosis.rules[field.name.rawValue] ?? [], "line": field.line,
                    "classifierVoted": inField != nil, "classifierAgrees": inField?.allSatisfy(\.agrees) ?? false,
                    "classifierMinimum": Double(inField?.map(\.probability).min() ?? 0),
                ]
            }
            let json = try! JSONSerialization.data(
                withJSONObject: [
                    "path": path, "lines": reading.result.lines, "checksHold": reading.result.isValid, "fields": fields,
                    // the other readings the `ambiguous` rule found passing, as the characters
                    // each changes with their evidence (bench/mrz_ambiguity.py)
                    "otherReadings": reading.otherReadingsDiagnosis.map { changes in
                        changes.map { change -> [String: Any] in
                            [
                                "field": change.field, "line": change.line, "column": change.column, "checkDigit": change.isCheckDigit,
                                "read": change.read, "to": change.to, "firstView": change.firstView.map { Double($0) as Any } ?? NSNull(),
                                "confirmingView": change.confirmingView, "classifierForTo": change.classifierForTo.map { Double($0) as Any } ?? NSNull(),
                                "classifierForRead": change.classifierForRead.map { Double($0) as Any } ?? NSNull(),
                            ]
                        }
                    },
                    "classifierLines": diagnosis.cells.map { cells -> Any in
                        cells.map { ["agrees": $0.map(\.agrees), "probabilities": $0.map { Double($0.probability) }] } ?? NSNull()
                    },
                ] as [String: Any])
            print(String(decoding: json, as: UTF8.self))
        }
    }
case "locations":
    // FILE: one image path per line.  Per image read: documents, and the ms (CPU) finding
    // their locations takes, median of 5: `freeMs` as every read does (the MRZ's and the
    // symbol's), `cpuMs` with the outline and portrait (`locatesOutline`), `cropMs` straightening
    // the documents and their portraits (`--crop`, before PNG encoding).
    let reader = DocumentReader()
    func medianCPUMs(_ work: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            let cpuStart = cpuSeconds()
            work()
            times.append((cpuSeconds() - cpuStart) * 1000)
        }
        return times.sorted()[2]
    }
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let result = reader.read(image: image, name: path)
        guard let diagnostics = result.diagnostics, !result.documents.isEmpty else { continue }
        let freeMs = medianCPUMs { _ = reader.locate(result.documents, diagnostics: diagnostics, in: image, outline: false) }
        var located = result.documents
        let outlineMs = medianCPUMs { located = reader.locate(result.documents, diagnostics: diagnostics, in: image, outline: true) }
        let cropMs = medianCPUMs {
            for document in located { _ = (DocumentCrop.straightened(document, in: image), DocumentCrop.portrait(document, in: image)) }
        }
        let json = try! JSONSerialization.data(
            withJSONObject: ["path": path, "documents": result.documents.count, "freeMs": freeMs, "cpuMs": outlineMs, "cropMs": cropMs] as [String: Any])
        print(String(decoding: json, as: UTF8.self))
    }
case "consensus":
    // FILE: one scene per line, its frames' image paths joined by '|'.  Per scene: after
    // each frame, the consensus's documents (MRZ lines or the payload as base64, valid,
    // stable, frames), the frame's state and its read's wall ms.
    let reader = DocumentReader()
    for line in text.split(separator: "\n") {
        let consensus = FrameConsensus(reader: reader)
        var steps: [[String: Any]] = []
        for path in line.split(separator: "|").map(String.init) {
            // the frame's state alone first (what a live view shows), then its full read
            var stateMs = 0.0
            if let image = try? ImageLoader().load(path: path) {
                let start = Date()
                _ = reader.frameState(image: image)
                stateMs = Date().timeIntervalSince(start) * 1000
            }
            let start = Date()
            let report = consensus.add(reader.read(imageAt: path))
            let ms = Date().timeIntervalSince(start) * 1000
            let documents: [[String: Any]] = report.consensus.map { voted in
                [
                    "lines": voted.document.mrz?.lines ?? [],
                    "payload": voted.document.barcode.map { Data($0.text.utf8).base64EncodedString() } ?? "",
                    "valid": voted.document.valid, "stable": voted.isStable, "frames": voted.frames,
                ]
            }
            steps.append(["state": report.state.name, "ms": ms, "stateMs": stateMs, "documents": documents])
        }
        let json = try! JSONSerialization.data(withJSONObject: ["scene": String(line), "steps": steps] as [String: Any])
        print(String(decoding: json, as: UTF8.self))
    }
case "picture-edges":
    // FILE: image paths.  Per image: its size and its sharpest edges' width per 1000 px
    // (`PictureMeasures.edgeWidth`, -1 for none), what gates the failure's stripe look.
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let edge = DocumentReader.sharpestEdgeWidth(image) ?? -1
        print("{\"path\": \"\(path)\", \"w\": \(image.width), \"h\": \(image.height), \"pictureEdge\": \(edge)}")
    }
case "stripe-bands":
    // FILE: image paths.  Per image: the cause a read names, the picture's sharpest edges,
    // and each print-stripe band's measures (`MRZScanner.stripeEvidence`).
    let reader = DocumentReader()
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let cpuStart = cpuSeconds()
        let result = reader.read(image: image, name: path)
        let cpuMs = (cpuSeconds() - cpuStart) * 1000
        let bands = MRZScanner.stripeEvidence(image).map { e -> [String: Any] in
            measuredBandFields(e.band).merging([
                "q": e.quarter, "div": e.divisor, "lpp": e.lengthPerPitch, "tpp": e.thicknessPerPitch, "above": e.stackedAbove,
                "below": e.stackedBelow, "bottom": e.bottom,
            ]) { $1 }
        }
        let json = try! JSONSerialization.data(
            withJSONObject: [
                "path": path, "read": !result.documents.isEmpty, "cause": result.error?.cause?.rawValue ?? "-", "cpuMs": cpuMs,
                "pictureEdge": DocumentReader.sharpestEdgeWidth(image) ?? -1, "w": image.width, "h": image.height, "bands": bands,
                "stripes": MRZScanner.stripeSets(image).map { set -> [String: Any] in
                    [
                        "q": set.quarter, "div": set.divisor, "w": set.width, "h": set.height,
                        "boxes": set.stripes.map { [$0.x, $0.y, $0.width, $0.height] },
                    ]
                },
            ] as [String: Any])
        print(String(decoding: json, as: UTF8.self))
    }
case "energy-bands":
    // FILE: image paths.  Per image: the cause a read names, the picture's sharpest edges,
    // and each band the line energy proposes with its measures (`MRZScanner.energyEvidence`;
    // `cause` as the look names it where the picture is blurred as a whole).  No text read.
    let reader = DocumentReader()
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let result = reader.read(image: image, name: path)
        let edge = DocumentReader.sharpestEdgeWidth(image) ?? -1
        let cpuStart = cpuSeconds()
        let evidence = MRZScanner.energyEvidence(image, pictureBlurred: true)
        let cpuMs = (cpuSeconds() - cpuStart) * 1000
        let bands = evidence.map { e -> [String: Any] in
            measuredBandFields(e.band).merging(["q": e.quarter, "across": e.glyphsAcross, "cause": e.cause?.rawValue ?? "-"]) { $1 }
        }
        let json = try! JSONSerialization.data(
            withJSONObject: [
                "path": path, "read": !result.documents.isEmpty, "cause": result.error?.cause?.rawValue ?? "-", "energyMs": cpuMs,
                "pictureEdge": edge, "w": image.width, "h": image.height, "bands": bands,
            ] as [String: Any])
        print(String(decoding: json, as: UTF8.self))
    }
case "frame-states":
    // FILE: one image path per line.  Per image: its size, `frameState` (no OCR, no
    // decoding) and the wall ms and CPU ms it took, the picture already decoded (CPU ms
    // holds on a loaded machine; `frameState` runs on one thread).
    let reader = DocumentReader()
    for path in text.split(separator: "\n").map(String.init) {
        guard let image = try? ImageLoader().load(path: path) else { continue }
        let start = Date(), cpuStart = cpuSeconds()
        let view = reader.frameView(image: image)
        let ms = Date().timeIntervalSince(start) * 1000, cpuMs = (cpuSeconds() - cpuStart) * 1000
        let outline = view.outline.map { "\($0.corners.quadrilateral.corners.map { [$0.x, $0.y] })" } ?? "null"
        print(
            "{\"path\": \"\(path)\", \"size\": [\(image.width), \(image.height)], \"state\": \"\(view.state.name)\", \"ms\": \(ms), \"cpuMs\": \(cpuMs), \"outline\": \(outline)}"
        )
    }
case "vds":
    guard args.count >= 4 else { usage() }
    let verifier = try! SealVerifier(certificateDirectory: args[3])
    var totals: (parse: Double, verify: Double) = (0, 0)
    let paths = text.split(separator: "\n").map(String.init)
    for path in paths {
        let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
        func perRun(_ work: () -> Void) -> Double {
            var runs = 0
            let start = Date(), cpuStart = cpuSeconds()
            repeat {
                work()
                runs += 1
            } while Date().timeIntervalSince(start) < 2.0 / Double(paths.count) || runs < 20
            return (cpuSeconds() - cpuStart) * 1000 / Double(runs)
        }
        var status = ""
        let parse = perRun { _ = try! Seal.parse(bytes) }
        let verify = perRun { status = verifier.verify(try! Seal.parse(bytes)).status.rawValue }
        totals.parse += parse
        totals.verify += verify
        print("{\"path\": \"\(path)\", \"parseMs\": \(parse), \"parseVerifyMs\": \(verify), \"status\": \"\(status)\"}")
    }
    let count = Double(paths.count)
    print("{\"seals\": \(paths.count), \"meanParseMs\": \(totals.parse / count), \"meanParseVerifyMs\": \(totals.verify / count)}")
case "aamva", "aamva-fields":
    // FILE: payloads separated by NUL bytes
    let decode = args[1] == "aamva-fields"
    let payloads = raw.split(separator: 0).map(Array.init)
    let parser = AAMVAParser()
    var valid = 0, parses = 0, fields = 0
    let start = Date(), cpuStart = cpuSeconds()
    repeat {
        for p in payloads {
            if let r = try? parser.parse(p) {
                if r.isValid { valid += 1 }
                if decode, r.fields.lastName != nil { fields += 1 }
            }
            parses += 1
        }
    } while Date().timeIntervalSince(start) < 2
    let seconds = Date().timeIntervalSince(start), cpu = cpuSeconds() - cpuStart
    // perCPUSecond: per second of this process's CPU time, i.e. per core, whatever else runs
    print(
        "{\"parses\": \(parses), \"seconds\": \(seconds), \"perSecond\": \(Double(parses) / seconds), \"perCPUSecond\": \(Double(parses) / cpu), \"valid\": \(valid)}"
    )
case "mrz", "mrz-fields":
    let extract = args[1] == "mrz-fields"
    let parser = MRZParser()
    // pre-split lines as a caller with OCR or scanner output has them
    let byteInputs = inputs.map { $0.map { Array($0.utf8) } }
    var valid = 0
    var parses = 0
    let start = Date()
    repeat {
        for lines in byteInputs {
            if let r = try? parser.parse(lines: lines) {
                if r.isValid { valid += 1 }
                if extract {
                    // what a caller reads: every field of the contract
                    let fields = [
                        r.documentCode, r.issuingCountry, r.surname, r.givenNames, r.documentNumber,
                        r.nationality ?? "", r.birthDate?.iso ?? "", r.sex ?? "", r.expiryDate?.iso ?? "", r.optionalData ?? "",
                    ]
                    if fields.count != 10 { exit(1) }
                }
            }
            parses += 1
        }
    } while Date().timeIntervalSince(start) < 2
    let seconds = Date().timeIntervalSince(start)
    print("{\"parses\": \(parses), \"seconds\": \(seconds), \"perSecond\": \(Double(parses) / seconds), \"valid\": \(valid)}")
default:
    usage()
}
