import Imaging

/// One image's PDF417 search, in the project's one order of passes — used by
/// `BarcodeScanner.pdf417`, by the read plan of an image read, by the tests and by the bench:
///
/// 1. the first passes: the located symbol regions (images of 0.3 MP and more), then the
///    whole image; tens of milliseconds;
/// 2. only when they found no acceptable symbol and the picture shows something of one
///    (`SymbolDiagnosis.examine`'s evidence), the rescue passes (`BarcodeScanner.rescuePasses`),
///    up to the first acceptable decode; hundreds of milliseconds when nothing is found.
///
/// Where no pass yields a decode that `acceptPDF417` takes, the first unacceptable decode
/// is kept (the first passes' before the rescue passes'): a damaged payload is still worth
/// reporting, with its failing checks.  Each step runs at most once.
public final class PDF417Passes {
    /// How far the search went.
    public enum Progress: Sendable, Equatable {
        /// Nothing has run.
        case notStarted
        /// Only the located symbol regions were read (`lookInLocatedRegionsOnly`).
        case locatedRegionsOnly
        /// The first passes ran.
        case firstPasses
        /// The first passes and then the rescue passes ran.
        case rescuePasses
    }

    public let scanner: BarcodeScanner
    public let image: GrayImage
    public private(set) var progress = Progress.notStarted
    /// The symbols found so far: acceptable decodes, or else the first unacceptable one(s).
    public private(set) var found: [Barcode] = []
    /// Whether `found` holds decodes `acceptPDF417` takes.
    public private(set) var foundAcceptable = false
    /// Whether the rescue passes ran (they do not when the first passes found an acceptable
    /// symbol, nor where nothing in the picture looks like one).
    public private(set) var rescuePassesRan = false

    public init(scanner: BarcodeScanner, image: GrayImage) {
        self.scanner = scanner
        self.image = image
    }

    /// Both steps, as the policy orders them.
    public func runAll() -> [Barcode] {
        runFirstPasses()
        runRescuePasses()
        return found
    }

    /// Step 1; nothing when any step ran already.
    public func runFirstPasses() {
        guard progress == .notStarted else { return }
        progress = .firstPasses
        take(scanner.pdf417FirstPasses(image))
    }

    /// Step 2, only after step 1, only when it found nothing acceptable and only where the
    /// picture shows something of a symbol (`examine()`: a located region, start or stop
    /// patterns).  Every picture the rescue passes read shows one (63 of the PDF417 corpus
    /// and idphoto-gen seed 36's 181 degraded licences); scikit-image's 25 pictures
    /// without a document show none, and each paid ~30 ms for the passes.
    public func runRescuePasses() {
        guard progress == .firstPasses else { return }
        progress = .rescuePasses
        guard !foundAcceptable, examine().evidence != SymbolEvidence.none else { return }
        rescuePassesRan = true
        take(scanner.pdf417RescuePasses(rescueInput))
    }

    /// What the rescue passes work on, made once: the diagnosis of a failed search
    /// (`examine`) looks at the same located region, symbol edges and patterns.
    private lazy var rescueInput = BarcodeScanner.RescueInput(image)

    /// `SymbolDiagnosis.examine(image)`, made once, taking what the rescue passes found of
    /// the symbol's region, edges and patterns rather than finding it again.
    public func examine() -> SymbolFinding { finding }
    private lazy var finding = SymbolDiagnosis.examine(rescueInput, sparsely: false)

    /// Instead of both steps: only the located symbol regions, keeping every acceptable
    /// decode — the cheapest look, for an image already known to hold another document
    /// (a passport page photographed beside a licence).
    public func lookInLocatedRegionsOnly() {
        guard progress == .notStarted else { return }
        progress = .locatedRegionsOnly
        found = scanner.pdf417InLocatedRegions(image)
        foundAcceptable = !found.isEmpty
    }

    /// Acceptable decodes replace what was found; an unacceptable one is kept only while
    /// nothing else was.
    private func take(_ search: BarcodeScanner.PDF417Search) {
        if !search.accepted.isEmpty {
            found = search.accepted
            foundAcceptable = true
        } else if found.isEmpty {
            found = search.unaccepted
        }
    }
}
