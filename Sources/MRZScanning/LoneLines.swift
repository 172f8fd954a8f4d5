import Foundation
import IDCommon
import Imaging

/// What a second look at a failed read's picture shows of an MRZ the search made out no
/// band of (`MRZScanner.secondLook`): the cause, and whether lines of MRZ length stand
/// stacked as an MRZ's do or one stands alone (weaker evidence).
public struct UnreadLines: Sendable, Equatable {
    public var cause: MRZScanFailure
    /// Two or three lines of MRZ length stacked as an MRZ's (else one line alone).
    public var stacked: Bool
    /// The lines' outlines in input pixels.
    public var lines: [Quadrilateral]

    public init(_ cause: MRZScanFailure, stacked: Bool, lines: [Quadrilateral] = []) {
        self.cause = cause
        self.stacked = stacked
        self.lines = lines
    }
}

extension MRZScanner {
    /// A second look, after a search that saw no MRZ band (`noMRZ`), for MRZ lines it
    /// could not make out: its glyph chains of MRZ length, stacked as an MRZ's lines or
    /// alone, straightened and measured as a band's lines are (`BandMeasures`).  Lines
    /// count only when their measures give a cause (too small, blurred, glared, too dark):
    /// that cause lost the search its band.  Looked for in the search's working copy and,
    /// for a small picture, in one enlarged further (`enlargedLook`), where MRZ characters
    /// of 3–5 px chain; stacked lines before lone ones.  `nil`: no such lines.
    public static func secondLook(_ image: GrayImage) -> UnreadLines? { secondLook(image, searchFinders: nil) }

    /// `secondLook(_:)` taking the search's finders of its working copy
    /// (`BandSearch.chainFinders`, one per pass) instead of making them again: the same
    /// chains, a third to a half of the look's cost on a picture without a document.
    static func secondLook(_ image: GrayImage, searchFinders: [ChainBandFinder]?) -> UnreadLines? {
        let usual = searchFinders ?? chainFinders(image, ChainBandFinder.workingCopy(of: image))
        let finders = usual + (enlargedCopy(of: image, usualScale: usual[0].scale).map { chainFinders(image, $0) } ?? [])
        // every line seen, in every copy and pass (`amongPrint`)
        let seen = finders.flatMap { finder in finder.chains.map { (chain: $0, scale: finder.scale) } }
        for finder in finders {
            for group in finder.groups().prefix(BandSearch.maximumChainBands) where !amongPrint(group[0], scale: finder.scale, seen) {
                if let (cause, lines) = causeOfLines(group, finder: finder, in: image) { return UnreadLines(cause, stacked: true, lines: lines) }
            }
        }
        for finder in finders {
            for chain in finder.chains.prefix(maximumLoneLines) where !amongPrint(chain, scale: finder.scale, seen) {
                guard let (cause, lines) = causeOfLines([chain], finder: finder, in: image) else { continue }
                // small print stands in lines of many lengths; an MRZ's lines are one length
                if cause == .tooSmall && besidePrint(chain, scale: finder.scale, seen) { continue }
                return UnreadLines(cause, stacked: false, lines: lines)
            }
        }
        return nil
    }

    /// Whether more lines than an MRZ has run parallel to `chain` (itself counted), with
    /// glyphs of about its height, among `lines` (the chains of every copy and pass, with
    /// their scales): lines of a page of print.
    static func amongPrint(_ chain: GlyphChain, scale: Double, _ lines: [(chain: GlyphChain, scale: Double)]) -> Bool {
        let alike = lines.filter { isAlike($0, chain, scale: scale) }
        // each line's offset across `chain`'s direction and glyph height, in input pixels
        let across = alike.map { line in
            let sameWay = line.chain.direction.x * chain.direction.x + line.chain.direction.y * chain.direction.y > 0
            return (offset: (sameWay ? 1 : -1) * line.chain.offset / line.scale, height: line.chain.glyphHeight / line.scale)
        }
        // the same line found by several passes counts once
        var distinct: [(offset: Double, height: Double)] = []
        for line in across.sorted(by: { $0.offset < $1.offset }) {
            let seen = distinct.contains { abs($0.offset - line.offset) < 0.5 * max($0.height, line.height) }
            if !seen { distinct.append(line) }
        }
        return distinct.count > 3
    }

    /// Whether `line` (a chain and its copy's scale) runs parallel to `chain` with glyphs of
    /// about its height: a line of the same print.
    static func isAlike(_ line: (chain: GlyphChain, scale: Double), _ chain: GlyphChain, scale: Double) -> Bool {
        let height = chain.glyphHeight / scale, other = line.chain.glyphHeight / line.scale
        return line.chain.direction.sine(to: chain.direction) < 0.07 && min(height, other) > 0.72 * max(height, other)
    }

    /// Whether a line of print stands beside `chain` as an MRZ's next line would (parallel,
    /// with glyphs of about its height, 1.1–`ChainBandFinder.maximumLineSpacing` glyph
    /// heights off it, alongside it) but of another length, among `lines` (the chains of
    /// every copy and pass, with their scales): an MRZ's lines are all one length, so a
    /// lone line too small beside it is more of the same small print (a licence's two
    /// lines of 44 and 35 characters, each found in another copy, gave an MRZ too small,
    /// idphoto-gen seed 38).  Not for a lone line blurred or glared: there the MRZ's
    /// other line is often seen only in part (idphoto-gen seed 37).
    static func besidePrint(_ chain: GlyphChain, scale: Double, _ lines: [(chain: GlyphChain, scale: Double)]) -> Bool {
        let height = chain.glyphHeight / scale, normal = chain.direction.normal
        let length = (chain.end - chain.start) / scale
        let from = chain.start / scale, to = chain.end / scale
        return lines.contains { line in
            guard isAlike(line, chain, scale: scale) else { return false }
            // the other line's ends and middle, in input pixels, along and across `chain`'s line
            let ends = [line.chain.start, line.chain.end].map { chain.direction.dot(line.chain.point(at: $0)) / line.scale }
            let middle = line.chain.point(at: (line.chain.start + line.chain.end) / 2)
            let across = abs(normal.dot(middle) / line.scale - chain.offset / scale)
            let otherLength = (line.chain.end - line.chain.start) / line.scale
            let alongside = min(to, ends.max()!) > max(from, ends.min()!)
            return alongside && across > 1.1 * height && across < ChainBandFinder.maximumLineSpacing * height
                && min(length, otherLength) < 0.85 * max(length, otherLength)
        }
    }

    /// Chains looked at per pass and copy: bounds the time a picture full of print costs.
    static let maximumLoneLines = 6

    /// The chain finders of `working`, one per pass (`ChainBandFinder.passes`).
    static func chainFinders(_ image: GrayImage, _ working: (image: GrayImage, scale: Double)) -> [ChainBandFinder] {
        ChainBandFinder.passes.map { ChainBandFinder(input: image, working: working, pass: $0) }
    }

    /// The picture enlarged up to `enlargedLook`, when that enlarges it more than the
    /// search's working copy (scaled by `usualScale`) does; else `nil`.
    static func enlargedCopy(of image: GrayImage, usualScale: Double) -> (image: GrayImage, scale: Double)? {
        let longest = Double(max(image.width, image.height))
        let scale = min(enlargedLook, ChainBandFinder.workingSize / max(longest, 1))
        guard scale > 1.5 * usualScale else { return nil }
        return (image.scaledPlain(by: scale), scale)
    }

    /// The most the second look enlarges a small picture by: 3.5 px characters become 14 px.
    static let enlargedLook = 4.0

    /// The cause the chains' lines, straightened together, show by their measures, with
    /// the lines' outlines; `nil` when they show none.
    static func causeOfLines(_ chains: [GlyphChain], finder: ChainBandFinder, in image: GrayImage) -> (MRZScanFailure, [Quadrilateral])? {
        guard let band = finder.rectify(chains), let m = BandMeasures(lines: band.outlines, in: image), let cause = cause(shownBy: m, cutOff: false) else {
            return nil
        }
        // characters the search chains into bands are no reason it saw none
        guard cause != .tooSmall || m.glyphHeight < largestUnchained else { return nil }
        return (cause, band.outlines)
    }

    /// Lines of characters this tall (input pixels) or taller are not too small for the
    /// search's chains: the real corpus's MRZs shrunk to 5 px characters are still found
    /// and mostly read (bench/failure_causes.py); a lone line of 5–10 px characters the
    /// search made out no band of is other print (a licence's lines at 5.7–5.9 px were
    /// taken for an MRZ's, idphoto-gen seed 37).
    static let largestUnchained = 5.0
}
