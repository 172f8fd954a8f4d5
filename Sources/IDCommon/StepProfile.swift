import Foundation

/// A step of a read whose CPU time the bench reports (`idreader-bench mrz-stages`).
public enum ProfiledStep: String, Sendable, CaseIterable, Codable {
    /// The working copy: the picture reduced or enlarged for the glyph search.
    case workingCopy
    /// Ink told from paper (Sauvola, or Otsu after background normalisation).
    case binarise
    /// Connected components of the binarised picture (their boxes).
    case components
    /// Glyph blobs chained into lines.
    case chains
    /// Chains stacked into bands, each straightened by its homography.
    case bands
    /// A line's crop made for the OCR: cut, painted, scaled, evened, sharpened.
    case lineCrop
    /// The LSTM's reading of a line in the first view of a band.
    case ocrFirstView
    /// The LSTM's reading of a line in a confirming view (the judge's second opinion).
    case ocrConfirmingView
    /// The LSTM's reading of a line in a view tried because a length did not fit.
    case ocrRefitView
    /// A line cut into its cells and each cell read by the glyph classifier.
    case glyphCells
    /// What the views read weighed: length fitting, correction, the doubt rules.
    case judge
    /// The morphology stage's band candidates in the four orientations.
    case morphology
    /// Tesseract's layout analysis.
    case layoutAnalysis
    /// A read's PDF417 first passes (located regions and the whole picture).
    case pdf417
    /// A read's PDF417 rescue passes.
    case pdf417Rescue
    /// A read's seal passes, first and rescue.
    case seals
    /// A read's look for licence payloads in other barcode formats.
    case otherBarcodes
    /// A failed read's second look for MRZ lines (`MRZScanner.secondLook`).
    case secondLook
    /// A failed read's look at the print stripes (`MRZScanner.stripeLook`).
    case stripeLook
    /// A failed read's look at the line energy at the characters' scale (`MRZScanner.energyLook`).
    case energyLook
    /// A failed read's look for a licence symbol (`SymbolDiagnosis.examine`).
    case symbolDiagnosis
    /// A failed read's measures of the whole picture (darkness, blur).
    case pictureMeasures
    /// Everything not inside a named step.
    case other
}

/// CPU time per step of one thread's work, recorded only inside `recording(_:)` (no cost
/// beyond a thread-dictionary look-up per step otherwise).  Times are exclusive: a step
/// inside another counts only in the inner one, so the steps add up to the whole.
public final class StepProfile: @unchecked Sendable {
    /// Milliseconds of CPU time per step.
    public private(set) var milliseconds: [ProfiledStep: Double] = [:]
    /// How often each step ran.
    public private(set) var counts: [ProfiledStep: Int] = [:]

    private var stack: [ProfiledStep] = [.other]
    private var lastMark: Double

    private init() { lastMark = Self.threadCPUSeconds() }

    private static let key = "IDCommon.StepProfile"

    /// Runs `body` on this thread with a profile recording its steps.
    public static func recording<T>(_ body: () throws -> T) rethrows -> (result: T, profile: StepProfile) {
        let profile = StepProfile()
        let dictionary = Thread.current.threadDictionary
        let outer = dictionary[key]
        dictionary[key] = profile
        defer { dictionary[key] = outer }
        let result = try body()
        profile.charge()
        return (result, profile)
    }

    /// Runs `body` as `step` of the profile this thread records, if any.
    @inline(__always)
    public static func measure<T>(_ step: ProfiledStep, _ body: () throws -> T) rethrows -> T {
        guard let profile = Thread.current.threadDictionary[key] as? StepProfile else { return try body() }
        profile.enter(step)
        defer { profile.leave() }
        return try body()
    }

    private func enter(_ step: ProfiledStep) {
        charge()
        stack.append(step)
        counts[step, default: 0] += 1
    }

    private func leave() {
        charge()
        if stack.count > 1 { stack.removeLast() }
    }

    /// The CPU time since the last mark, to the step on top.
    private func charge() {
        let now = Self.threadCPUSeconds()
        milliseconds[stack.last ?? .other, default: 0] += (now - lastMark) * 1000
        lastMark = now
    }

    private static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
