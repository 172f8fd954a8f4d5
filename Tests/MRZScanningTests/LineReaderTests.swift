import MRZ
import XCTest

@testable import MRZScanning

/// The rules that put a field no check digit covers in doubt (the `ocrConfidence` check).
final class DoubtTests: XCTestCase {
    let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
    let sure: [[Float]] = [Array(repeating: 99, count: 44), Array(repeating: 99, count: 44)]

    func testSureReadingOfKnownCodesRaisesNoDoubt() throws {
        let result = try MRZParser().parse(lines: td3)
        XCTAssertTrue(result.isValid)
        XCTAssertEqual(FirstViewDoubts.fields(result, confidences: sure), [])
    }

    func testUnknownCountryCodeIsDoubtedThoughEveryDigitHolds() throws {
        // no check digit covers the issuing state: `MAC` misread `HAC` passes every check
        let result = try MRZParser().parse(lines: [td3[0].replacingOccurrences(of: "P<UTO", with: "P<HAC"), td3[1]])
        XCTAssertTrue(result.isValid)
        XCTAssertEqual(FirstViewDoubts.fields(result, confidences: sure).map(\.rawValue), ["issuingCountry"])
    }

    func testLowConfidenceInTheNamesIsDoubted() throws {
        let result = try MRZParser().parse(lines: td3)
        var unsure = sure
        unsure[0][7] = 40  // a letter of the surname
        XCTAssertEqual(FirstViewDoubts.fields(result, confidences: unsure), [.name])
        unsure = sure
        unsure[0][30] = .nan  // Tesseract's certainty can come out non-finite
        XCTAssertEqual(FirstViewDoubts.fields(result, confidences: unsure), [.name])
        unsure = sure
        unsure[1][5] = 40  // the document number: proven by its digit
        XCTAssertEqual(FirstViewDoubts.fields(result, confidences: unsure), [])
    }

    func testLettersAfterTheNamesFillersAreDoubted() throws {
        // the end of the name field read `<<<<K<<`: a filler misread as a letter
        let line1 = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<K<<<<"
        let result = try MRZParser().parse(lines: [line1, td3[1]])
        XCTAssertTrue(result.isValid)
        XCTAssertEqual(FirstViewDoubts.fields(result, confidences: sure), [.name])
        XCTAssertFalse(FreeText.hasLettersAfterFillerRun("ERIKSSON<<ANNA<MARIA<<<<<<"))
        XCTAssertFalse(FreeText.hasLettersAfterFillerRun("ERIKSSON<<ANNA<MARIA"))
        XCTAssertTrue(FreeText.hasLettersAfterFillerRun("ERIKSSON<<<ANNA"))
    }
}

/// The second reading that must confirm a free-text field no check digit covers.
final class ConfirmationTests: XCTestCase {
    // ICAO 9303 part 7 specimen visa (MRV-A): optional data 28..<44 of line 2, no check digit
    let visa = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX4009078F96121096ZE184226B<<<<<<"]

    func reading(_ text: String, runnerUpAt position: Int? = nil, confidence: Float = 48) -> OCRLine {
        var glyphs = text.map { OCRGlyph(character: $0, confidence: 95) }
        if let position { glyphs[position].candidates = [.init(character: "O", confidence: confidence)] }
        return OCRLine(glyphs: glyphs, box: (0, 0, 0, 0), confidence: 95)
    }

    func field(_ name: MRZFieldName) throws -> MRZFieldPosition {
        let result = try MRZParser().parse(lines: visa)
        return try XCTUnwrap(result.format.fieldPositions.first { $0.name == name })
    }

    func testTheSameCharactersWithoutCloseRunnerUpsConfirm() throws {
        let optional = try field(.optionalData)
        XCTAssertFalse(optional.provenByCheckDigit)
        XCTAssertTrue(FreeText.confirms(optional, first: reading(visa[1]), as: visa[1], second: reading(visa[1])))
        XCTAssertTrue(FreeText.confirms(optional, first: reading(visa[1]), as: visa[1], second: reading(visa[1], runnerUpAt: 30, confidence: 39)))
    }

    func testAnotherReadingOrNoneDoesNotConfirm() throws {
        let optional = try field(.optionalData)
        let other = visa[1].replacingOccurrences(of: "6ZE1", with: "6ZEI")
        XCTAssertFalse(FreeText.confirms(optional, first: reading(visa[1]), as: visa[1], second: reading(other)))
        XCTAssertFalse(FreeText.confirms(optional, first: reading(visa[1]), as: visa[1], second: nil))
    }

    func testACloseRunnerUpInOptionalDataDoesNotConfirm() throws {
        // both readings agree, but one character's runner-up (`O` behind `0`) is close
        let optional = try field(.optionalData)
        XCTAssertFalse(FreeText.confirms(optional, first: reading(visa[1]), as: visa[1], second: reading(visa[1], runnerUpAt: 30)))
        XCTAssertFalse(FreeText.confirms(optional, first: reading(visa[1], runnerUpAt: 30), as: visa[1], second: reading(visa[1])))
        // a close runner-up outside the field does not matter to it
        XCTAssertTrue(FreeText.confirms(optional, first: reading(visa[1]), as: visa[1], second: reading(visa[1], runnerUpAt: 3)))
    }

    func testANonFiniteRunnerUpCountsAsClose() throws {
        let ranked = OCRGlyph.ranked([.init(character: "A", confidence: 12), .init(character: "B", confidence: .nan)])
        XCTAssertEqual(ranked.first?.character, "B")
        XCTAssertTrue(CellEvidence.hasCloseRunnerUp(reading("00", runnerUpAt: 1, confidence: .nan), in: 0..<2))
        XCTAssertFalse(CellEvidence.hasCloseRunnerUp(reading("00", runnerUpAt: 1, confidence: 12), in: 0..<2))
    }

    func testNamesAreConfirmedByTheirCharactersAlone() throws {
        let name = try field(.name)
        XCTAssertTrue(FreeText.confirms(name, first: reading(visa[0]), as: visa[0], second: reading(visa[0], runnerUpAt: 7, confidence: 90)))
    }
}

/// The views a band is read in (`LineReader.readInViews`): the next only when the last
/// reading is not confidently valid, the stretched and deblurred views only when none holds its checks.
final class ReadingViewsTests: XCTestCase {
    let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]

    /// The views asked for when every view reads `lines` with `uncertain` in doubt.
    func viewsAsked(_ lines: [String], uncertain: [MRZFieldName]) throws -> [LineReader.View] {
        let result = try MRZParser().parse(lines: lines)
        var asked: [LineReader.View] = []
        _ = LineReader.readInViews(parser: MRZParser()) { view, _ in
            asked.append(view)
            return MRZReading(result: result, changes: [], uncertainFields: uncertain)
        }
        return asked
    }

    /// The lines each view is asked to keep when every view reads `lines` with `uncertain` in doubt.
    func linesKept(_ lines: [String], uncertain: [MRZFieldName]) throws -> [Set<Int>?] {
        let result = try MRZParser().parse(lines: lines)
        var kept: [Set<Int>?] = []
        _ = LineReader.readInViews(parser: MRZParser()) { view, keeping in
            kept.append(keeping?.lines)
            XCTAssertEqual(keeping?.view, keeping == nil ? nil : .primary)
            XCTAssertEqual(keeping?.lengths, keeping == nil ? nil : [44, 44])
            return MRZReading(result: result, changes: [], uncertainFields: uncertain)
        }
        return kept
    }

    func testALaterViewReadsAgainOnlyTheLinesOfTheFieldsInDoubt() throws {
        // the name in doubt: the sharpened view reads its line, the second line stands
        XCTAssertEqual(try linesKept(td3, uncertain: [.name]), [nil, [1]])
        // a name and a nationality in doubt: both lines are read again
        XCTAssertEqual(try linesKept(td3, uncertain: [.name, .nationality]), [nil, []])
        // no reading holds its checks: every line in every view
        var broken = td3
        broken[1] = broken[1].replacingOccurrences(of: "7408122", with: "7408123")
        XCTAssertEqual(try linesKept(broken, uncertain: []), [nil, nil, nil, nil])
    }

    func testTheStretchedAndDeblurredViewsReadOnlyBandsNoViewReadWithItsChecksHolding() throws {
        // a reading whose check digits fail: every view, the stretched one last
        var broken = td3
        broken[1] = broken[1].replacingOccurrences(of: "7408122", with: "7408123")
        XCTAssertEqual(try viewsAsked(broken, uncertain: []), [.primary, .sharpened, .stretchedBand, .deblurredBand])
        // valid with a name in doubt: the sharpened view, not the stretched or deblurred one
        XCTAssertEqual(try viewsAsked(td3, uncertain: [.name]), [.primary, .sharpened])
        // confidently valid: the first view alone
        XCTAssertEqual(try viewsAsked(td3, uncertain: []), [.primary])
    }

    func testAValidReadingWithADoubtNoViewTakesBackIsTheLastRead() throws {
        // a document number (letters and digits) in doubt stands whatever the sharpened
        // view reads: no later view is read
        XCTAssertEqual(try viewsAsked(td3, uncertain: [.documentNumber]), [.primary])
        XCTAssertEqual(try viewsAsked(td3, uncertain: [.nationality, .optionalData]), [.primary])
        // free text in doubt too: the sharpened view votes on what it shows
        XCTAssertEqual(try viewsAsked(td3, uncertain: [.name, .optionalData]), [.primary, .sharpened])
        // a name or a code in doubt another view may read confidently: the sharpened view too
        XCTAssertEqual(try viewsAsked(td3, uncertain: [.name, .nationality]), [.primary, .sharpened])
        // a country code no table holds, in doubt: any reading of the same lines doubts it
        let unknown = [td3[0].replacingOccurrences(of: "P<UTO", with: "P<HAC"), td3[1]]
        XCTAssertEqual(try viewsAsked(unknown, uncertain: [.issuingCountry]), [.primary])
        // a code shown as a known one (voted from the views) may be read confidently again
        XCTAssertEqual(try viewsAsked(td3, uncertain: [.issuingCountry]), [.primary, .sharpened])
    }

    func testTheDoubtThatStandsIsTheOneCombiningKeeps() throws {
        // the sharpened view reads the same lines confidently valid: the primary view's
        // doubt on the document number stands in the combined reading (the reason the
        // sharpened view need not be read), its doubt on the name does not
        let result = try MRZParser().parse(lines: td3)
        let primary = MRZReading(result: result, changes: [], uncertainFields: [.name, .documentNumber])
        let sharpened = MRZReading(result: result, changes: [], uncertainFields: [])
        XCTAssertEqual(LineReader.lettersAndDigitsDoubts(of: primary), [.documentNumber])
        let combined = try XCTUnwrap(LineReader.combine([primary, sharpened], parser: MRZParser()))
        XCTAssertEqual(combined.uncertainFields, [.documentNumber])
        XCTAssertTrue(LineReader.keepsItsDoubt(MRZReading(result: result, changes: [], uncertainFields: [.documentNumber])))
        // the name in doubt too: the later views vote on what it shows
        XCTAssertFalse(LineReader.keepsItsDoubt(primary))
        XCTAssertFalse(LineReader.keepsItsDoubt(MRZReading(result: result, changes: [], uncertainFields: [.name])))
    }
}

/// Lines read to their layout's length (`LineReader.fitLength`) with the characters read
/// beside the line's box (`LineReader.insideBox`).
final class LengthFittingTests: XCTestCase {
    func line(_ text: String, centres start: Double = 10) -> OCRLine {
        let glyphs = text.enumerated().map { OCRGlyph(character: $1, confidence: 90, centre: start + 20 * Double($0)) }
        return OCRLine(glyphs: glyphs, box: (0, 0, 0, 0), confidence: 90)
    }

    func testTheLayoutsOfABandAreTriedNearestTheFirstLinesReadLengthFirst() {
        // two lines: TD2 and MRV-B (36), TD3 and MRV-A (44), each once
        XCTAssertEqual(LineReader.layouts(lines: 2, firstLineRead: 24), [[36, 36], [44, 44]])
        XCTAssertEqual(LineReader.layouts(lines: 2, firstLineRead: 41), [[44, 44], [36, 36]])
        // three lines: TD1 (30) and the Swiss driving licence (9)
        XCTAssertEqual(LineReader.layouts(lines: 3, firstLineRead: 22), [[30, 30, 30], [9, 30, 30]])
        XCTAssertEqual(LineReader.layouts(lines: 3, firstLineRead: 12), [[9, 30, 30], [30, 30, 30]])
        XCTAssertEqual(LineReader.layouts(lines: 1, firstLineRead: 12), [[30]])
        // no layout of seven lines (tests register toy layouts of four and five lines in the
        // one format registry, so those counts depend on which tests ran first)
        XCTAssertEqual(LineReader.layouts(lines: 7, firstLineRead: 30), [])
        XCTAssertEqual(LineReader.lineLengths(lines: 2, firstLineRead: 24), [36, 36])
    }

    func testTheOtherMarginAndWideEndsAreReadOnlyForALineReadNearItsLength() {
        // a glyph or a few split, merged or doubled: the other margin, then wide ends
        XCTAssertEqual(LineReader.refitViews(.primary, firstRead: 41, target: 44), [.retry, .wideSides])
        XCTAssertEqual(LineReader.refitViews(.primary, firstRead: 48, target: 44), [.retry, .wideSides])
        XCTAssertEqual(LineReader.refitViews(.retry, firstRead: 26, target: 30), [.primary, .wideSides])
        // nothing read: the other views may read it
        XCTAssertEqual(LineReader.refitViews(.primary, firstRead: nil, target: 44), [.retry, .wideSides])
        // a TD1's line (30) tried as a 36 layout, print beside an MRZ read far off
        XCTAssertEqual(LineReader.refitViews(.primary, firstRead: 30, target: 36), [])
        XCTAssertEqual(LineReader.refitViews(.primary, firstRead: 12, target: 44), [])
        XCTAssertEqual(LineReader.refitViews(.primary, firstRead: 50, target: 44), [])
    }

    func testTheCharactersBesideTheBoxAreSetAside() {
        // glyphs 20 px apart, 24 px high; the box from the second glyph to the fourth
        let inside = LineReader.insideBox(line("PCAZE"), box: 25...75, glyphHeight: 24)
        XCTAssertEqual(inside.text, "CAZ")
        XCTAssertEqual(String(inside.besideBox.before.map(\.character)), "P")
        XCTAssertEqual(String(inside.besideBox.after.map(\.character)), "E")
    }

    func testAGlyphReadBesideTheBoxIsTakenBackWhenTheLineIsShortOfIt() {
        let truth = "PCAZEABDULLAYEV<<DIL<<<<<<<<<<<<<<<<<<<<<<<<"
        var short = line(String(truth.dropFirst()))
        short.besideBox.before = line("P").glyphs
        XCTAssertEqual(LineReader.fitLength(short, to: 44)?.text, truth)
        // a line of the full length keeps what it read inside the box only
        var full = line(truth)
        full.besideBox.before = line("I").glyphs
        XCTAssertEqual(LineReader.fitLength(full, to: 44)?.text, truth)
        // short by more than was read beside it: fillers at the end, as without
        var shorter = line(String(truth.dropFirst().dropLast(2)))
        shorter.besideBox.before = line("P").glyphs
        XCTAssertEqual(LineReader.fitLength(shorter, to: 44)?.text, String(truth.dropFirst()) + "<")
    }

    func testAFittedLineSaysWhetherTheBandsViewReadItAtTheLayoutsLength() throws {
        let truth = "PCAZEABDULLAYEV<<DIL<<<<<<<<<<<<<<<<<<<<<<<<"
        // read at 44 in the band's view: its glyphs stand in their cells
        XCTAssertEqual(try XCTUnwrap(LineReader.fitted(line(truth), to: 44, inBandView: true)).readAtLayoutLength, true)
        // a glyph dropped (43 read, a filler added at the end): fitted, but not as read
        let short = try XCTUnwrap(LineReader.fitted(line(String(truth.dropFirst())), to: 44, inBandView: true))
        XCTAssertEqual(short.text.count, 44)
        XCTAssertFalse(short.readAtLayoutLength)
        // a glyph doubled (45 read, the filler too many dropped)
        XCTAssertFalse(try XCTUnwrap(LineReader.fitted(line(truth + "<"), to: 44, inBandView: true)).readAtLayoutLength)
        // read at 44 only in a refit view, after the band's view read another length
        XCTAssertFalse(try XCTUnwrap(LineReader.fitted(line(truth), to: 44, inBandView: false)).readAtLayoutLength)
        // a line no fit makes 44 is none
        XCTAssertNil(LineReader.fitted(line(String(truth.prefix(30))), to: 44, inBandView: true))
    }

    /// `line` with one glyph more, read in the gap before column `column` (its centre half
    /// a pitch before that column's).
    func withGapGlyph(_ text: String, _ extra: Character, before column: Int) -> OCRLine {
        var l = line(text)
        l.glyphs.insert(OCRGlyph(character: extra, confidence: 95, centre: 10 + 20 * Double(column) - 10), at: column)
        return l
    }

    func testAGlyphReadInTheGapBetweenTwoIsDropped() {
        // a widely spaced print: `96` read `9C6`, the `C` half a pitch from both
        let truth = "S998527<<4LUX7806201F110808403060021041<<<96"
        XCTAssertEqual(LineReader.fitLength(withGapGlyph(truth, "C", before: 43), to: 44)?.text, truth)
        // without the gap glyph's place (a line short of a filler at the end), fillers fit it
        let long = line(truth + "<")
        XCTAssertEqual(LineReader.fitLength(long, to: 44)?.text, truth)
    }

    func testAGlyphReadTwiceAndAFillerTooManyAreBothFitted() {
        // a Luxembourg passport's `P<LUX` read `P7<LUX` (the `P` read twice, a third of a
        // pitch apart), and a filler too many at the end: the gap glyph goes, then the filler
        let truth = "P<LUXMAUS<<KETTY<<<<<<<<<<<<<<<<<<<<<<<<<<<<"
        var read = withGapGlyph(truth, "7", before: 1)
        read.glyphs.append(OCRGlyph(character: "<", confidence: 95, centre: 10 + 20 * 44))
        XCTAssertEqual(read.glyphs.count, 46)
        XCTAssertEqual(LineReader.fitLength(read, to: 44)?.text, truth)
    }

    func testAGlyphAtALinesEndOrTwoSideBySideAreNoGapGlyphs() {
        let truth = "IMARTIN<<MAELYS<GAELLE<MARIE<<"
        // a stroke read at the line's start, a third of a pitch before the first glyph:
        // dropping the glyph beside it would lose the `M`; the fillers' fit shifts the line
        // instead, which the checks and the other views then judge
        var edge = line(String(truth.dropFirst()) + "<")
        edge.glyphs.insert(OCRGlyph(character: "I", confidence: 93, centre: 3), at: 0)
        XCTAssertNil(LineReader.droppingGapGlyphs(edge, to: 30))
        // more gap glyphs than the line is long: which to drop is not known
        var two = withGapGlyph(truth, "C", before: 20)
        two.glyphs.insert(OCRGlyph(character: "C", confidence: 95, centre: 10 + 20 * 10 - 10), at: 10)
        XCTAssertNil(LineReader.droppingGapGlyphs(two, to: 31))
        XCTAssertEqual(LineReader.droppingGapGlyphs(two, to: 30)?.text, truth)
    }
}
