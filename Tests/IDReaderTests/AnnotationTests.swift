import Foundation
import IDCommon
import XCTest

@testable import IDReader
@testable import Imaging
@testable import idreader

/// Issue 15, "See what the reader saw": the annotated pictures of `read --annotate` and
/// `ReadResult.annotated(on:)`, checked against ground truth that does not come from the
/// reader (../shared/tools/idphoto-gen's `mrz_quad` and `barcode_quad`), and the contact
/// sheet checked in a real browser.
final class AnnotationTests: XCTestCase {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = package.appendingPathComponent("samples")
    static let corpus = package.appendingPathComponent("../shared/corpus/mrz").standardizedFileURL
    static let generator = package.appendingPathComponent("../shared/tools/idphoto-gen/gen.py").standardizedFileURL

    /// The reader doubts this photo's name (the `N` of SPECIMEN has an `H` close behind);
    /// it is also stored turned, with an EXIF orientation.
    static let doubtedName = corpus.appendingPathComponent("db_pass-cze-orient2.jpg").path

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("idreader-annotate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    // MARK: ground truth from another generator

    /// One idphoto-gen set (one case per MRZ format and tier, one licence per tier),
    /// generated once per test run into a temporary folder (never committed).
    static let generated = generate("annotate", ["--mrz-per", "1", "--dl-per", "1"])

    /// An idphoto-gen set at seed 3 with `arguments`, in a temporary folder named after `name`.
    static func generate(_ name: String, _ arguments: [String]) -> Result<URL, GeneratorUnavailable> {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("idreader-\(name)-idphoto-\(getpid())")
        try? FileManager.default.removeItem(at: out)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", generator.path, "--seed", "3", "--out", out.path, "--workers", "2"] + arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { return .failure(GeneratorUnavailable(reason: "python3 cannot be run")) }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(GeneratorUnavailable(reason: "idphoto-gen failed (\(message.split(separator: "\n").last ?? "")); run scripts/setup.sh --photo-gen"))
        }
        return .success(out)
    }

    override class func tearDown() {
        if case .success(let url) = generated { try? FileManager.default.removeItem(at: url) }
        super.tearDown()
    }

    struct GeneratorUnavailable: Error, CustomStringConvertible {
        let reason: String
        var description: String { "idphoto-gen is not usable here: \(reason)." }
    }
    struct LaunchFailed: Error { let program: String, status: Int32 }

    func generatedCases(_ family: String) throws -> [(image: String, truth: [String: Any])] { try Self.cases(family, of: Self.generated) }

    /// The cases of one family (`mrz`, `dl`) of a generated set, with their ground truth.
    static func cases(_ family: String, of set: Result<URL, GeneratorUnavailable>) throws -> [(image: String, truth: [String: Any])] {
        let root: URL
        switch set {
        case .success(let url): root = url.appendingPathComponent(family)
        // make test installs what idphoto-gen needs (scripts/setup.sh --photo-gen): a failure, not a skip
        case .failure(let problem): throw problem
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { file in
            let truth = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent(file))) as? [String: Any])
            return (root.appendingPathComponent(try XCTUnwrap(truth["image"] as? String)).path, truth)
        }
    }

    static func points(_ value: Any?) -> [ReadDiagnostics.Point]? {
        (value as? [[Double]])?.map { ReadDiagnostics.Point(x: $0[0], y: $0[1]) }
    }

    static func distance(_ a: ReadDiagnostics.Point, _ b: ReadDiagnostics.Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The MRZ outline drawn (the first line's top corners, the last line's bottom ones)
    /// sits on the generator's MRZ quadrilateral, corner by corner, on every page the reader
    /// reads right; the clean pages must all be read.  Measured in the document's frame:
    /// along the lines within half a character pitch, across them within a quarter of a
    /// character height (plus 2 px of rounding).  The outline is the ink; the generator's
    /// quadrilateral is the layout box (gen.py: a tenth of a pitch before the first glyph's
    /// cell, the last glyph's full advance, a tenth of a character height above and below),
    /// so a perfect outline lies a few pixels inside it.
    func testMRZOutlineSitsOnTheGeneratorsQuadrilateral() throws {
        let reader = DocumentReader()
        var checked: [String] = [], worst = (along: 0.0, across: 0.0, pixels: 0.0)
        for (image, truth) in try generatedCases("mrz") {
            let lines = try XCTUnwrap(truth["mrz_lines"] as? [String])
            let quad = try XCTUnwrap(Self.points(truth["mrz_quad"]))
            let render = try XCTUnwrap(truth["render"] as? [String: Any])
            let height = try XCTUnwrap(render["mrz_char_height_px"] as? Double), pitch = try XCTUnwrap(render["mrz_char_pitch_px"] as? Double)
            let result = reader.read(imageAt: image)
            let name = (image as NSString).lastPathComponent
            guard let index = result.documents.firstIndex(where: { $0.mrz?.lines == lines }) else {
                XCTAssertFalse(name.contains("clean"), "\(name): a clean page is read right")
                continue
            }
            let diagnostics = try XCTUnwrap(result.diagnostics)
            XCTAssertEqual(diagnostics.imageWidth, try Canvas(imageData: Array(Data(contentsOf: URL(fileURLWithPath: image)))).width)
            let band = try XCTUnwrap(diagnostics.mrz.first { $0.documentIndex == index }, name)
            XCTAssertEqual(band.lines.count, lines.count, name)
            let first = try XCTUnwrap(band.lines.first), last = try XCTUnwrap(band.lines.last)
            let outline = [first.topLeft, first.topRight, last.bottomRight, last.bottomLeft]
            // the document's frame: along its top edge, and across it (downwards as it reads)
            let top = (x: quad[1].x - quad[0].x, y: quad[1].y - quad[0].y), length = Self.distance(quad[0], quad[1])
            let along = (x: top.x / length, y: top.y / length), across = (x: -along.y, y: along.x)
            var report: [String] = []
            for (corner, (mine, theirs)) in zip(["top-left", "top-right", "bottom-right", "bottom-left"], zip(outline, quad)) {
                let d = (x: mine.x - theirs.x, y: mine.y - theirs.y)
                let a = d.x * along.x + d.y * along.y, c = d.x * across.x + d.y * across.y
                worst = (max(worst.along, abs(a) / pitch), max(worst.across, abs(c) / height), max(worst.pixels, Self.distance(mine, theirs)))
                report.append(String(format: "%+.1f/%+.1f", a, c))
                XCTAssertLessThan(abs(a), pitch / 2, "\(name): the \(corner) corner is \(a) px along the line from the truth")
                XCTAssertLessThan(abs(c), height / 4 + 2, "\(name): the \(corner) corner is \(c) px across the line from the truth")
            }
            print("annotation: \(name) corners along/across (px) \(report.joined(separator: " ")), pitch \(pitch) px, character height \(height) px")
            checked.append(name)
        }
        XCTAssertGreaterThanOrEqual(checked.filter { $0.contains("clean") }.count, 5, "one clean page per format: \(checked)")
        print(
            "annotation: \(checked.count) pages; worst corner \(String(format: "%.1f", worst.pixels)) px, \(String(format: "%.2f", worst.along)) pitch along, \(String(format: "%.2f", worst.across)) character heights across"
        )
    }

    /// A page turned by quarter turns is outlined where its MRZ went: the upright page's
    /// outline corners, turned the same way (a clockwise quarter turn of a W × H picture
    /// sends (x, y) to (H − y, x)), within 3 px, and still in the lines' reading order.
    func testTurnedPagesAreOutlinedWhereTheirMRZWent() throws {
        let upright = try ImageLoader().load(path: Self.samples.appendingPathComponent("passports/td1-clean-001-r0.png").path)
        let reader = DocumentReader()
        func outline(_ image: GrayImage) throws -> [ReadDiagnostics.Point] {
            let png = try XCTUnwrap(Canvas(gray: image)?.pngData())
            let band = try XCTUnwrap(reader.read(imageData: png, name: "turned.png").diagnostics?.mrz.first)
            return [band.lines[0].topLeft, band.lines[0].topRight, band.lines.last!.bottomRight, band.lines.last!.bottomLeft]
        }
        let expected0 = try outline(upright)
        for quarter in 1...3 {
            var expected = expected0, w = Double(upright.width), h = Double(upright.height)
            for _ in 0..<quarter {
                expected = expected.map { ReadDiagnostics.Point(x: h - $0.y, y: $0.x) }
                swap(&w, &h)
            }
            let found = try outline(upright.rotatedOrthogonally(quarter))
            let distances = zip(found, expected).map(Self.distance)
            print(
                "annotation: quarter \(quarter) corners \(distances.map { String(format: "%.1f", $0) }.joined(separator: " ")) px from the turned upright outline"
            )
            for d in distances { XCTAssertLessThan(d, 3, "quarter \(quarter)") }
        }
    }

    /// Each licence's barcode outline sits on the generator's symbol quadrilateral (within
    /// a tenth of the symbol's height), whichever pass decoded it.
    func testBarcodeOutlineSitsOnTheGeneratorsQuadrilateral() throws {
        let reader = DocumentReader()
        var checked = 0
        for (image, truth) in try generatedCases("dl") {
            let quad = try XCTUnwrap(Self.points(truth["barcode_quad"]))
            let name = (image as NSString).lastPathComponent
            let result = reader.read(imageAt: image)
            guard let outline = result.diagnostics?.barcodes.first(where: { $0.format == .pdf417 }) else {
                XCTAssertFalse(name.contains("clean"), "\(name): a clean licence is read")
                continue
            }
            let corners = try XCTUnwrap(outline.corners?.corners, name)
            let symbolHeight = (Self.distance(quad[0], quad[3]) + Self.distance(quad[1], quad[2])) / 2
            // zxing-cpp's corners may start at any corner when it read the symbol turned; match the nearest
            let distances = quad.map { q in corners.map { Self.distance($0, q) }.min()! }
            print(
                "annotation: \(name) pass \(outline.pass)\(outline.estimated ? " (estimated)" : "") corners \(distances.map { String(format: "%.1f", $0) }.joined(separator: " ")) px, symbol \(Int(symbolHeight)) px high"
            )
            for d in distances { XCTAssertLessThan(d, symbolHeight / 10, "\(name): a barcode corner is \(d) px from the truth") }
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 1)
    }

    // MARK: the pictures

    /// Every pixel that differs from the input lies inside a mark of the plan, the marks
    /// cover a small part of the picture, and the picture has the input's size.
    func assertDrawnOnlyInMarks(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> (ReadResult, Canvas) {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let result = DocumentReader().read(imageData: bytes, name: path)
        let input = try Canvas(imageData: bytes)
        let png = try XCTUnwrap(result.annotated(on: bytes), file: file, line: line)
        let picture = try Canvas(imageData: png)
        XCTAssertEqual(picture.width, input.width, file: file, line: line)
        XCTAssertEqual(picture.height, input.height, file: file, line: line)
        let plan = AnnotationPlan(result: result, width: input.width, height: input.height)
        let metrics = plan.metrics
        let bounds = plan.marks.map { $0.bounds(fontHeights: metrics) }
        let w = input.width, h = input.height
        var allowed = [Bool](repeating: false, count: w * h)
        for b in bounds {
            for y in max(0, b.y0)...max(0, min(h - 1, b.y1)) where b.y0 <= b.y1 {
                for x in max(0, b.x0)...max(0, min(w - 1, b.x1)) where b.x0 <= b.x1 { allowed[y * w + x] = true }
            }
        }
        let before = input.rgbPixels(), after = picture.rgbPixels()
        var changed = 0, outside = 0
        for i in 0..<(w * h) where before[3 * i] != after[3 * i] || before[3 * i + 1] != after[3 * i + 1] || before[3 * i + 2] != after[3 * i + 2] {
            changed += 1
            if !allowed[i] { outside += 1 }
        }
        let markArea = allowed.filter { $0 }.count
        XCTAssertEqual(outside, 0, "\(path): \(outside) pixels changed outside the marks", file: file, line: line)
        XCTAssertGreaterThan(changed, 0, "\(path): something is drawn", file: file, line: line)
        XCTAssertLessThan(Double(markArea), 0.6 * Double(w * h), "\(path): the marks leave most of the picture as it was", file: file, line: line)
        return (result, picture)
    }

    /// Where a colour is on a picture, inside a rectangle.
    func count(_ picture: Canvas, near color: RGB, in region: (x0: Int, y0: Int, x1: Int, y1: Int)) -> Int {
        let rgb = picture.rgbPixels()
        var n = 0
        for y in max(0, region.y0)..<min(picture.height, region.y1) {
            for x in max(0, region.x0)..<min(picture.width, region.x1) {
                let i = 3 * (y * picture.width + x)
                if abs(Int(rgb[i]) - Int(color.red)) < 30, abs(Int(rgb[i + 1]) - Int(color.green)) < 30, abs(Int(rgb[i + 2]) - Int(color.blue)) < 30 { n += 1 }
            }
        }
        return n
    }

    static func box(_ quad: [ReadDiagnostics.Point], pad: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        (Int(quad.map(\.x).min()!) - pad, Int(quad.map(\.y).min()!) - pad, Int(quad.map(\.x).max()!) + pad, Int(quad.map(\.y).max()!) + pad)
    }

    func testPassportPicture() throws {
        let (result, picture) = try assertDrawnOnlyInMarks(Self.samples.appendingPathComponent("passports/td3-clean-000-r0.png").path)
        XCTAssertTrue(result.hasValidDocument)
        let band = try XCTUnwrap(result.diagnostics?.mrz.first)
        // a valid MRZ is outlined in green along its lines
        for quad in band.lines { XCTAssertGreaterThan(count(picture, near: AnnotationPlan.green, in: Self.box(quad.corners, pad: 3)), 200) }
        XCTAssertTrue(result.captionLines.first?.hasSuffix("valid") == true, "\(result.captionLines)")
    }

    /// A read asked for the outline (`ReadOptions.locatesOutline`) has the page's outline
    /// drawn in teal along its edges, and the portrait's box in violet; a read not asked
    /// draws neither.
    func testOutlineAndPortraitDrawnWhenFound() throws {
        // the TD1 sample: its card prints a portrait on the MRZ side, and the whole card is in the picture
        let bytes = [UInt8](try Data(contentsOf: Self.samples.appendingPathComponent("passports/td1-clean-001-r0.png")))
        let asked = DocumentReader().read(imageData: bytes, name: "page", options: ReadOptions(locatesOutline: true))
        let location = try XCTUnwrap(asked.documents.first?.location)
        let outline = try XCTUnwrap(location.outline).corners.quadrilateral
        let portrait = try XCTUnwrap(location.portrait, "the sample's portrait").quadrilateral
        let drawn = try Canvas(imageData: try XCTUnwrap(asked.annotated(on: bytes)))
        let plain = try Canvas(imageData: try XCTUnwrap(DocumentReader().read(imageData: bytes, name: "page").annotated(on: bytes)))
        let page = Self.box(outline.corners, pad: 4)
        let portraitBox = Self.box(portrait.corners, pad: 4)
        XCTAssertGreaterThan(count(drawn, near: AnnotationPlan.documentOutline, in: page), 0)
        XCTAssertGreaterThan(count(drawn, near: AnnotationPlan.portrait, in: portraitBox), 300)
        XCTAssertEqual(count(plain, near: AnnotationPlan.documentOutline, in: page), 0)
        XCTAssertEqual(count(plain, near: AnnotationPlan.portrait, in: portraitBox), 0)
    }

    func testLicencePicture() throws {
        let (result, picture) = try assertDrawnOnlyInMarks(Self.samples.appendingPathComponent("licences/licence-mild-000-r8.jpg").path)
        XCTAssertEqual(result.documents.first?.source, .pdf417)
        let outline = try XCTUnwrap(result.diagnostics?.barcodes.first)
        let corners = try XCTUnwrap(outline.corners?.corners)
        XCTAssertGreaterThan(count(picture, near: AnnotationPlan.barcode, in: Self.box(corners, pad: 4)), 300)
    }

    /// A page with no document: the picture is still made, and its caption says why.
    func testPageWithNoDocument() throws {
        let directory = try temporaryDirectory()
        var page = GrayImage(width: 900, height: 640, pixels: Array(repeating: 235, count: 900 * 640))
        for y in 100..<140 { for x in 80..<700 { page.pixels[y * 900 + x] = 60 } }
        let path = directory.appendingPathComponent("blank.png").path
        try Data(try XCTUnwrap(Canvas(gray: page)?.pngData())).write(to: URL(fileURLWithPath: path))
        let (result, picture) = try assertDrawnOnlyInMarks(path)
        XCTAssertEqual(result.error?.code, .noDocumentFound)
        let message = try XCTUnwrap(result.error?.message)
        XCTAssertTrue(result.captionLines.contains { $0.contains(message) }, "\(result.captionLines)")
        // and the cause, for a person comparing pictures (issue 36): a bar is no document
        XCTAssertEqual(result.error?.cause, .noDocument)
        XCTAssertTrue(result.captionLines.contains { $0.contains("noDocumentFound (noDocument) - ") }, "\(result.captionLines)")
        // the caption strip at the top is darkened
        XCTAssertGreaterThan(count(picture, near: RGB(70, 70, 70), in: (0, 0, 900, 12)), 900 * 6)
    }

    /// The doubted name: the character in doubt is boxed in red on the first line, with the
    /// other reading as its label; the MRZ is outlined in red (`ocrConfidence` failed).
    func testDoubtedNameIsBoxed() throws {
        let (result, picture) = try assertDrawnOnlyInMarks(Self.doubtedName)
        let document = try XCTUnwrap(result.documents.first)
        XCTAssertTrue(document.quality?.uncertainFields.contains("name") == true, "the fixture's name is in doubt")
        let band = try XCTUnwrap(result.diagnostics?.mrz.first)
        let doubts = band.characters.filter { $0.kind == "doubted" && $0.line == 0 && (5..<44).contains($0.column) }
        XCTAssertFalse(doubts.isEmpty, "a character of the name is pointed at")
        let line = band.lines[0]
        for doubt in doubts {
            XCTAssertNotNil(doubt.alternative)
            let cell = AnnotationPlan.cell(line.corners, from: doubt.column, to: doubt.column + 1, of: 44)
            XCTAssertGreaterThan(count(picture, near: AnnotationPlan.red, in: Self.box(cell, pad: 2)), 20)
        }
        // the photo is stored turned: the picture is upright like the reading (the MRZ at the bottom)
        XCTAssertGreaterThan(line.topLeft.y, Double(picture.height) / 2)
        XCTAssertGreaterThan(picture.width, picture.height)
    }

    /// Unreadable bytes, empty bytes, no bytes: a caption-only picture with the error.
    func testUnreadableInputGetsACaptionOnlyPicture() throws {
        for bytes in [[UInt8](repeating: 7, count: 300), [], [0x89, 0x50, 0x4E, 0x47]] {
            let result = DocumentReader().read(imageData: bytes, name: "broken.png")
            let picture = try Canvas(imageData: try XCTUnwrap(result.annotated(on: bytes)))
            XCTAssertGreaterThan(picture.width, 100)
            XCTAssertTrue(result.captionLines.first?.contains(result.error?.message ?? "?") == true)
        }
        XCTAssertNotNil(ReadResult(input: "-", documents: []).annotated(on: nil))
    }

    // MARK: the CLI and the contact sheet

    func run(_ args: [String]) -> (Int32, String, String) {
        let console = RecordingConsole()
        let code = CLI(console: console).run(args)
        return (code, console.stdout, console.stderr)
    }

    /// `--annotate` leaves the JSON byte for byte and the exit code as they are, writes
    /// one picture per input (same-name inputs from other folders numbered in input order)
    /// and the contact sheet with the right summary.
    func testAnnotateWritesPicturesAndTheSheet() throws {
        let directory = try temporaryDirectory()
        let out = directory.appendingPathComponent("out")
        let other = directory.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let passport = Self.samples.appendingPathComponent("passports/td3-clean-000-r0.png").path
        try FileManager.default.copyItem(atPath: passport, toPath: other.appendingPathComponent("td3-clean-000-r0.png").path)
        let missing = directory.appendingPathComponent("missing.png").path
        let inputs = [Self.samples.appendingPathComponent("passports").path, other.path, Self.samples.appendingPathComponent("licences").path, missing]
        let plain = run(["read"] + inputs)
        let annotated = run(["read", "--annotate", out.path] + inputs)
        XCTAssertEqual(annotated.1, plain.1, "the JSON is the same byte for byte")
        XCTAssertEqual(annotated.0, plain.0)
        XCTAssertEqual(annotated.0, 3, "a missing file")
        let results = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(plain.1.utf8)) as? [[String: Any]])
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path)
        XCTAssertTrue(written.contains("td3-clean-000-r0.png"))
        XCTAssertTrue(written.contains("td3-clean-000-r0-2.png"), "\(written)")
        XCTAssertTrue(written.contains("missing.png"), "a missing input gets a caption-only picture")
        XCTAssertEqual(written.filter { $0.hasSuffix(".png") }.count, results.count)
        XCTAssertTrue(written.contains("index.html"))
        for file in written where file.hasSuffix(".png") {
            XCTAssertNoThrow(try Canvas(imageData: Array(Data(contentsOf: out.appendingPathComponent(file)))), file)
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("thumbnails/" + file).path), file)
        }
        // the pictures of the two copies are the same picture
        XCTAssertEqual(
            try Data(contentsOf: out.appendingPathComponent("td3-clean-000-r0.png")),
            try Data(contentsOf: out.appendingPathComponent("td3-clean-000-r0-2.png")))
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let documents = results.reduce(0) { $0 + (($1["documents"] as? [Any])?.count ?? 0) }
        let valid = results.filter { (($0["documents"] as? [[String: Any]]) ?? []).contains { $0["valid"] as? Bool == true } }.count
        var errors: [String: Int] = [:]
        for r in results { if let code = (r["error"] as? [String: Any])?["code"] as? String { errors[code, default: 0] += 1 } }
        XCTAssertEqual(errors["fileNotFound"], 1)
        let errorText = errors.keys.sorted().map { "\($0) \(errors[$0]!)" }.joined(separator: ", ")
        XCTAssertTrue(html.contains("\(results.count) inputs, \(documents) documents, \(valid) valid, errors: \(errorText)"), html)
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "no outside assets")
        // failures first: the missing file's row comes before every valid one
        let missingRow = try XCTUnwrap(html.range(of: "missing.png\"")), validRow = try XCTUnwrap(html.range(of: "class=\"verdict\">valid<"))
        XCTAssertLessThan(missingRow.lowerBound, validRow.lowerBound)
        XCTAssertTrue(run(["read", "--help"]).1.contains("NAME-2.png"))
        XCTAssertEqual(run(["barcodes", "--annotate", out.path, passport]).0, 2, "an option of read only")
        XCTAssertEqual(run(["read", "--annotate"]).0, 2)
    }

    /// The contact sheet's verdict for a read that found nothing names the cause before the
    /// message; an error without one keeps its code alone.
    func testContactSheetVerdictShowsTheCause() {
        let glare = ReadResult(input: "a.jpg", documents: [], error: ReadError(.noDocumentFound, "Glare covers the MRZ.", cause: .glare))
        XCTAssertEqual(ContactSheet.verdict(glare), "noDocumentFound (glare): Glare covers the MRZ.")
        let missing = ReadResult(input: "b.jpg", documents: [], error: ReadError(.fileNotFound, "No file."))
        XCTAssertEqual(ContactSheet.verdict(missing), "fileNotFound: No file.")
    }

    func testAnnotationNames() {
        let names = AnnotationNames(["a/x.png", "b/x.png", "a/x.png", "c/x-2.jpg", "-", "d/index.png", "e/.png"])
        XCTAssertEqual(
            ["a/x.png", "b/x.png", "a/x.png", "c/x-2.jpg", "-", "d/index.png", "e/.png"].map(names.file(for:)),
            ["x.png", "x-2.png", "x.png", "x-2-2.png", "stdin.png", "index-2.png", "png.png"])
    }

    /// The contact sheet in headless Chromium: the screenshot is not blank, and the page
    /// as the browser built it holds the summary.
    func testContactSheetRendersInChromium() throws {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first(where: FileManager.default.isExecutableFile)
        else {
            XCTFail("Chromium is not installed; scripts/setup.sh --browser installs it (make test does).")
            return
        }
        let directory = try temporaryDirectory()
        let out = directory.appendingPathComponent("sheet")
        let (_, json, _) = run(["read", "--format", "jsonl", "--annotate", out.path, Self.samples.appendingPathComponent("passports").path, Self.doubtedName])
        let count = json.split(separator: "\n").count
        XCTAssertEqual(count, 5)
        let page = out.appendingPathComponent("index.html").path
        let screenshot = directory.appendingPathComponent("shot.png").path
        let profile = directory.appendingPathComponent("profile").path
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)", "--allow-file-access-from-files"]
        let dom = try Self.launch(chromium, common + ["--dump-dom", "file://" + page])
        XCTAssertTrue(dom.contains("\(count) inputs, "), "the summary is on the page as the browser built it")
        XCTAssertEqual(dom.components(separatedBy: "<tr class=").count - 1, count, "one row per input")
        _ = try Self.launch(chromium, common + ["--window-size=1200,900", "--hide-scrollbars", "--screenshot=\(screenshot)", "file://" + page])
        let shot = try Canvas(imageData: Array(Data(contentsOf: URL(fileURLWithPath: screenshot))))
        XCTAssertEqual(shot.width, 1200)
        let rgb = shot.rgbPixels()
        var dark = 0, colours = Set<UInt32>()
        for i in stride(from: 0, to: rgb.count, by: 3) {
            if Int(rgb[i]) + Int(rgb[i + 1]) + Int(rgb[i + 2]) < 300 { dark += 1 }
            colours.insert(UInt32(rgb[i]) << 16 | UInt32(rgb[i + 1]) << 8 | UInt32(rgb[i + 2]))
        }
        print("annotation: Chromium screenshot \(shot.width) x \(shot.height), \(dark) dark pixels, \(colours.count) colours")
        XCTAssertGreaterThan(dark, 2_000, "text and thumbnails are drawn")
        XCTAssertGreaterThan(colours.count, 500, "the thumbnails show (photos have many colours)")
    }

    /// Runs a program, returns its standard output; fails on a non-zero exit.
    static func launch(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw LaunchFailed(program: program, status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }
}
