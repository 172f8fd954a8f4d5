import MRZ
import XCTest

@testable import MRZScanning

/// Issue 17, hole 2: where letters and digits both stand, the check digits cannot tell
/// every misreading apart, so the OCR's own candidates and a second view decide.
final class ReadingJudgeTests: XCTestCase {
    let judge = ReadingJudge(corrector: MRZCorrector(parser: MRZParser(today: SimpleDate(year: 2026, month: 12, day: 1))))
    /// The Belarus specimen of ../shared/corpus/mrz: a document number of nine zeros.
    let belarus = ["P<BLRIVANOVA<<TATSIANA<<<<<<<<<<<<<<<<<<<<<<", "0000000000BLR7001017F15010104010160B000PB326"]

    /// A line read with confidence 99 and, at `column`, the given candidates.
    func line(_ text: String, candidates: [Int: [(Character, Float)]] = [:]) -> OCRLine {
        var glyphs = text.map { OCRGlyph(character: $0, confidence: 99) }
        for (column, list) in candidates { glyphs[column].candidates = list.map { .init(character: $0.0, confidence: $0.1) } }
        return OCRLine(glyphs: glyphs, box: (0, 0, 0, 0), confidence: 99)
    }

    func reading(_ lines: [OCRLine], confirming: [String]? = nil) -> MRZReading? {
        let views = (confirming ?? lines.map(\.text)).map { line($0) }
        return judge.judge(lines) { index, _ in views[index] }
    }

    func testZerosReadAsTwoLettersOAreNotValid() throws {
        // read `OO0000000`: O weighs 24, 24·7 + 24·3 ≡ 0, so every check digit holds; the OCR
        // offered `0` for both (at 69 and 21, as measured on the specimen)
        var misread = Array(belarus[1])
        misread[0] = "O"; misread[1] = "O"
        let lines = [line(belarus[0]), line(String(misread), candidates: [0: [("0", 69)], 1: [("0", 21)]])]
        let r = try XCTUnwrap(reading(lines))
        XCTAssertTrue(r.result.isValid, "the check digits cannot tell")
        XCTAssertFalse(r.isConfidentlyValid)
        XCTAssertTrue(r.uncertainFields.contains(.documentNumber))
        // the true reading, with the same kind of candidates, is the only one that passes
        // when the candidates cannot cancel: a single `O` behind one `0`
        let truth = [line(belarus[0]), line(belarus[1], candidates: [0: [("O", 69)]])]
        XCTAssertTrue(try XCTUnwrap(reading(truth)).isConfidentlyValid, "one O would break the digit: settled")
    }

    func testALookAlikeOfTheSameWeightIsNotValid() throws {
        // TD1 number with `F` where `P` was printed: F = 15, P = 25, the same modulo 10
        let parser = MRZParser(today: SimpleDate(year: 2026, month: 12, day: 1))
        let lines = MRZWriter.lines(
            format: .td1,
            fields: [
                .documentCode: "I", .issuingCountry: "UTO", .documentNumber: "D23145F90",
                .birthDate: "740812", .sex: "F", .expiryDate: "300101", .nationality: "UTO",
                .name: "ERIKSSON<<ANNA",
            ])
        XCTAssertTrue(try parser.parse(lines: lines).isValid)
        let ocr = [line(lines[0], candidates: [11: [("P", 55)]]), line(lines[1]), line(lines[2])]
        let r = try XCTUnwrap(reading(ocr))
        XCTAssertTrue(r.result.isValid)
        XCTAssertEqual(r.uncertainFields, [.documentNumber])
        // a candidate below the floor is no doubt
        let weak = [line(lines[0], candidates: [11: [("P", 12)]]), line(lines[1]), line(lines[2])]
        XCTAssertTrue(try XCTUnwrap(reading(weak)).isConfidentlyValid)
    }

    func testASecondViewThatReadsAnotherValidNumberLeavesItUncertain() throws {
        // the confirming view reads `8` where the first read `S` (28 ≡ 8): both pass
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        var first = Array(td3[1]); first[1] = "S"
        let text = String(first)
        XCTAssertTrue(try MRZParser().parse(lines: [td3[0], text]).isValid)
        var second = first; second[1] = "8"
        XCTAssertFalse(try XCTUnwrap(reading([line(td3[0]), line(text)], confirming: [td3[0], String(second)])).isConfidentlyValid)
        // a second view that agrees confirms it
        XCTAssertTrue(try XCTUnwrap(reading([line(td3[0]), line(text)])).isConfidentlyValid)
        // one that cannot be read leaves it unproven
        let none = judge.judge([line(td3[0]), line(text)]) { index, _ in index == 0 ? self.line(td3[0]) : nil }
        XCTAssertFalse(try XCTUnwrap(none).isConfidentlyValid)
    }

    func testAReadingWithoutTheDecodersCandidatesCannotProveTheNumber() throws {
        var lines = [line(belarus[0]), line(belarus[1])]
        lines[1].hasCandidates = false
        XCTAssertEqual(try XCTUnwrap(reading(lines)).uncertainFields, [.documentNumber, .optionalData])
    }

    func testADoubtOnTheNumberStandsWhenAnotherViewReadsItCleanly() throws {
        var misread = Array(belarus[1])
        misread[0] = "O"; misread[1] = "O"
        let doubted = try XCTUnwrap(reading([line(belarus[0]), line(String(misread), candidates: [0: [("0", 69)], 1: [("0", 21)]])]))
        let clean = try XCTUnwrap(reading([line(belarus[0]), line(String(misread))]))
        XCTAssertTrue(clean.isConfidentlyValid, "the other view alone sees no doubt")
        XCTAssertFalse(try XCTUnwrap(LineReader.combine([doubted, clean], parser: judge.corrector.parser)).isConfidentlyValid)
    }

    func testOfValidReadingsInDoubtTheLeastDoubtedIsShown() throws {
        // the primary view reads `ERIKSSON` as `FRIKSSON`, its views as `ERIKSSON` and
        // `BRIKSSON` (the name is uncertain, and so is the number: `U` at 69 behind a `0`
        // weighs the same); the sharpened view reads the name right in all its views
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        func named(_ initial: Character) -> String { "P<UTO" + String(initial) + td3[0].dropFirst(6) }
        let number = line(td3[1], candidates: [5: [("U", 69)]])
        let primary = try XCTUnwrap(
            judge.judge([line(named("F")), number]) { index, attempt in
                self.line(index == 1 ? td3[1] : named(attempt == 0 ? "E" : "B"))
            })
        let sharpened = try XCTUnwrap(judge.judge([line(td3[0]), number]) { index, _ in self.line(td3[index]) })
        XCTAssertGreaterThan(primary.uncertainFields.count, sharpened.uncertainFields.count)
        let shown = try XCTUnwrap(LineReader.combine([primary, sharpened], parser: judge.corrector.parser))
        XCTAssertEqual(shown.result.lines, td3)
        // the views read the name two ways: it stays uncertain
        XCTAssertTrue(shown.uncertainFields.contains(.name))
        XCTAssertFalse(shown.isConfidentlyValid)
    }

    func testANameTwoReadingsDoubtAlikeShowsWhatMostOfTheirViewsRead() throws {
        // the primary view reads `FRIKSSON` (an `E` at 60 behind the `F`) and so does one
        // of its views, the other `ERIKSSON`; the sharpened view reads `ERIKSSON` in all
        // three (an `F` at 60 behind).  Both readings doubt the name alone, a tie: the
        // name shows what four of the six views read, and stays uncertain
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        let misread = "P<UTOF" + td3[0].dropFirst(6)
        let primary = try XCTUnwrap(
            judge.judge([line(misread, candidates: [5: [("E", 60)]]), line(td3[1])]) { index, attempt in
                self.line(index == 1 ? td3[1] : attempt == 0 ? misread : td3[0])
            })
        let sharpened = try XCTUnwrap(
            judge.judge([line(td3[0], candidates: [5: [("F", 60)]]), line(td3[1])]) { index, _ in self.line(td3[index]) })
        XCTAssertEqual(primary.uncertainFields, [.name])
        XCTAssertEqual(sharpened.uncertainFields, [.name])
        XCTAssertEqual(primary.result.lines[0], misread, "within its own views the primary reading keeps `F`")
        let shown = try XCTUnwrap(LineReader.combine([primary, sharpened], parser: judge.corrector.parser))
        XCTAssertEqual(shown.result.lines, td3)
        XCTAssertEqual(shown.uncertainFields, [.name])
        // with the sharpened reading's views split too, no character has a majority
        let split = try XCTUnwrap(
            judge.judge([line(td3[0], candidates: [5: [("F", 60)]]), line(td3[1])]) { index, attempt in
                self.line(index == 1 ? td3[1] : attempt == 0 ? misread : td3[0])
            })
        XCTAssertEqual(try XCTUnwrap(LineReader.combine([primary, split], parser: judge.corrector.parser)).result.lines[0], misread)
    }

    func testAnUncertainNameShowsTheCellsTheClassifierIsSureOf() throws {
        // every LSTM view reads `FRIKSSON`, with an `E` at 60 behind the `F` (the name is
        // doubted); the glyph classifier reads the cell `E` at 0.95 and the `K` at only
        // 0.6 as `X`: the name shows `E` and keeps the `K`, and stays uncertain
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        let misread = "P<UTOF" + td3[0].dropFirst(6)
        var first = line(misread, candidates: [5: [("E", 60)]])
        var cells = Array(td3[0]).map { [(character: $0, probability: Float(0.7))] }
        cells[5] = [("E", 0.95)]
        cells[8] = [("X", 0.6)]
        first.classifierCells = ClassifierCells(cells)
        let doubted = try XCTUnwrap(judge.judge([first, line(td3[1])]) { index, _ in self.line(index == 1 ? td3[1] : misread) })
        XCTAssertEqual(doubted.uncertainFields, [.name])
        let shown = try XCTUnwrap(LineReader.combine([doubted], parser: judge.corrector.parser))
        XCTAssertEqual(shown.result.lines, td3)
        XCTAssertEqual(shown.uncertainFields, [.name], "shown, not proven")
        XCTAssertFalse(shown.isConfidentlyValid)
        // a field the check digits prove is never changed by it
        var number = line(td3[1])
        var numberCells = Array(td3[1]).map { [(character: $0, probability: Float(0.99))] }
        numberCells[0] = [("I", 0.99)]
        number.classifierCells = ClassifierCells(numberCells)
        let proven = try XCTUnwrap(judge.judge([line(td3[0]), number]) { index, _ in self.line(td3[index]) })
        XCTAssertEqual(try XCTUnwrap(LineReader.combine([proven], parser: judge.corrector.parser)).result.lines, td3)
    }

    func testAFillerInsideTheNumberIsNoNumber() throws {
        // `WEHZPP2` read `W<HZJP2`: two changes that cancel in the sum
        let parser = MRZParser()
        let lines = MRZWriter.lines(
            format: .td2,
            fields: [
                .documentCode: "I", .issuingCountry: "UTO", .documentNumber: "W<HZJP2",
                .birthDate: "740812", .sex: "F", .expiryDate: "300101", .nationality: "UTO",
                .name: "ERIKSSON<<ANNA",
            ])
        let r = try parser.parse(lines: lines)
        XCTAssertEqual(r.checks.first { $0.name == "documentNumber" }?.valid, false)
        XCTAssertTrue(try XCTUnwrap(r.warnings.first { $0.field == "documentNumber" }).message.hasPrefix("documentNumber"))
    }

    func testANameWithACloseCandidateIsUncertain() throws {
        // `SMITH` read `SMTTH` with `I` at 53 behind the `T`, repeated by the second view
        let td3 = ["P<UTOSMTTH<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        let r = try XCTUnwrap(reading([line(td3[0], candidates: [7: [("I", 53)]]), line(td3[1])]))
        XCTAssertTrue(r.result.isValid)
        XCTAssertEqual(r.uncertainFields, [.name])
        // a digit is no reading of a name
        XCTAssertTrue(try XCTUnwrap(reading([line(td3[0], candidates: [7: [("1", 90)]]), line(td3[1])])).isConfidentlyValid)
    }

    // MARK: the channel property's valid-but-wrong readings (generated MRZs, seed 7)

    func testACorrectionNeedsACloseAlternative() throws {
        // `7AZNAKY` read `7AZNAK6` (`6` silent); `W` at 24 behind the `A` made the digit hold
        let td3 = ["PDD<<LEE<LA<<DE<LA<<<<<<<<<<<<<<<<<<<<<<<<<<", "7AZNAK6<<3XXA3202137<2709156E5Z4SIO<<<<<<<64"]
        let weak = try XCTUnwrap(reading([line(td3[0]), line(td3[1], candidates: [4: [("W", 24)]])]))
        XCTAssertFalse(weak.result.isValid, "no change to an alternative under the floor")
        XCTAssertEqual(weak.changes, [])
        XCTAssertNotNil(
            try XCTUnwrap(reading([line(td3[0]), line(td3[1], candidates: [4: [("W", 45)]])])).changes.first { $0.to == "W" },
            "a close alternative may back the change")
    }

    func testUndoingAChangeIsAnotherReading() throws {
        // `L898902C3` read `LB98902C3`; the correction changes the second `8` to `B` (`B` at
        // 55 behind it), while the other view reads the first `B` as `8`: with the change
        // undone, that reading passes too
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "LB98902C36UTO7408122F1204159ZE184226B<<<<<10"]
        var second = Array(td3[1]); second[1] = "8"
        let r = try XCTUnwrap(reading([line(td3[0]), line(td3[1], candidates: [3: [("B", 55)]])], confirming: [td3[0], String(second)]))
        XCTAssertEqual(r.result.lines[1].prefix(9), "LB9B902C3")
        XCTAssertTrue(r.result.isValid)
        XCTAssertTrue(r.uncertainFields.contains(.documentNumber))
    }

    func testANameCandidateBothViewsListIsUncertain() throws {
        // `SMITH` read `SNITH` with `M` at 21 behind the `N`, in both views (the real prints'
        // `0` read `O` with `0` at 21, repeated)
        let td3 = ["P<UTOSNITH<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        let first = line(td3[0], candidates: [6: [("M", 21)]])
        let r = try XCTUnwrap(judge.judge([first, line(td3[1])]) { index, _ in index == 0 ? first : self.line(td3[1]) })
        XCTAssertEqual(r.uncertainFields, [.name])
        // a candidate in one view only is the noise of correct readings
        XCTAssertTrue(try XCTUnwrap(reading([first, line(td3[1])])).isConfidentlyValid)
    }

    func testACodeTheOtherViewReadsOtherwiseIsUncertain() throws {
        // the document code `P` read `F` (`P` at 25, under the close floor); the other view reads `P`
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        let misread = "F" + td3[0].dropFirst()
        let r = try XCTUnwrap(reading([line(misread, candidates: [0: [("P", 25)]]), line(td3[1])], confirming: td3))
        XCTAssertTrue(r.result.isValid)
        XCTAssertEqual(r.uncertainFields, [.documentCode])
    }

    func testAChangedCharacterAnotherViewReadsAsAThirdIsUncertain() throws {
        // French licence `…34ZX3…` read `…34ZO3…`, `D` at 82 behind the `O`: changed to its
        // look-alike `D`, which the digit accepts, while the other view reads `K` there
        let read = "D1FRA34ZO349656981215SCHMIDT<5"
        var other = Array(read); other[8] = "K"
        let r = try XCTUnwrap(reading([line(read, candidates: [8: [("D", 82)]])], confirming: [String(other)]))
        XCTAssertEqual(r.result.lines, ["D1FRA34ZD349656981215SCHMIDT<5"])
        XCTAssertTrue(r.uncertainFields.contains(.documentNumber))
        // the other view reading the change is no doubt of this kind
        XCTAssertTrue(try XCTUnwrap(reading([line(read, candidates: [8: [("D", 82)]])], confirming: ["D1FRA34ZD349656981215SCHMIDT<5"])).isConfidentlyValid)
    }

    func testACountryNoTableHoldsShowsWhatTheOtherViewsRead() throws {
        // idphoto-gen's `P<IDN` read `P<ZDN` (`I` at 61 behind the `Z`); both other views
        // read `IDN`.  The code is shown as they read it, and stays uncertain
        let truth = ["P<IDNIVANOV<<VAN<NAM<<<<<<<<<<<<<<<<<<<<<<<<", "YG7X0I75Z1IDN7510267M3003127AYW8M7VJQLSD<<76"]
        var misread = truth
        misread[0] = "P<ZDN" + truth[0].dropFirst(5)
        let first = [line(misread[0], candidates: [2: [("I", 61)]]), line(truth[1])]
        let shown = try XCTUnwrap(reading(first, confirming: truth))
        XCTAssertEqual(shown.result.lines, truth)
        XCTAssertTrue(shown.uncertainFields.contains(.issuingCountry))
        XCTAssertFalse(shown.isConfidentlyValid)
        // views that read it as the first did, or as another code no table holds, change
        // nothing where the first reading has no candidate there
        let bare = [line(misread[0]), line(truth[1])]
        XCTAssertEqual(try XCTUnwrap(reading(bare, confirming: misread)).result.lines, misread)
        var unknown = truth
        unknown[0] = "P<QDN" + truth[0].dropFirst(5)
        XCTAssertEqual(try XCTUnwrap(reading(bare, confirming: unknown)).result.lines, misread)
        // where the views read it as the first did, the one known code a close candidate
        // makes is shown (a Dutch passport's `NLD` read `MLD` with `N` at 72 behind the `M`)
        let nld = ["P<NLDDE<BRUIJN<<WILLEKE<LISELOTTE<<<<<<<<<<<", "SPECI20142NLD6503101F2401151999999990<<<<<82"]
        var mld = nld
        mld[1] = "SPECI20142MLD" + nld[1].dropFirst(13)
        let candidate = try XCTUnwrap(reading([line(nld[0]), line(mld[1], candidates: [10: [("N", 72), ("H", 44)]])], confirming: mld))
        XCTAssertEqual(candidate.result.lines, nld)
        XCTAssertTrue(candidate.uncertainFields.contains(.nationality))
        // a weak candidate makes none
        let weak = try XCTUnwrap(reading([line(nld[0]), line(mld[1], candidates: [10: [("N", 30)]])], confirming: mld))
        XCTAssertEqual(weak.result.lines, mld)
    }

    func testAChangeNoOtherViewBacksIsUncertain() throws {
        // `…34ZD3…` read `…34ZO3…` with `D` at 82 behind the `O`, in the first view only: the
        // check digit alone chose the `D`.  Where another glyph was misread without a sign,
        // a change whose weight cancels that error passes every digit (the channel
        // property's `TIXNN` read `TIXMN`, corrected to `TIXMM` from an `M` at 92)
        let read = "D1FRA34ZO349656981215SCHMIDT<5"
        let first = [line(read, candidates: [8: [("D", 82)]])]
        let unbacked = try XCTUnwrap(reading(first, confirming: [read]))
        XCTAssertEqual(unbacked.result.lines, ["D1FRA34ZD349656981215SCHMIDT<5"])
        XCTAssertTrue(unbacked.uncertainFields.contains(.documentNumber))
        // another view that lists the change at the correction's floor backs it
        let listing = try XCTUnwrap(judge.judge(first) { _, _ in self.line(read, candidates: [8: [("D", 45)]]) })
        XCTAssertTrue(listing.isConfidentlyValid)
        let weak = try XCTUnwrap(judge.judge(first) { _, _ in self.line(read, candidates: [8: [("D", 30)]]) })
        XCTAssertTrue(weak.uncertainFields.contains(.documentNumber))
    }

    func testAViewThatReadAGlyphTwiceConfirmsOnceAligned() throws {
        // the other view read the `3` of `34ZD` twice, and was fitted to the length by
        // dropping the last glyph: every glyph after is one column off
        let read = "D1FRA34ZD349656981215SCHMIDT<5"
        let shifted = "D1FRA334ZD349656981215SCHMIDT<"
        let aligned = try XCTUnwrap(ViewAlignment.aligned(line(shifted), to: line(read)))
        XCTAssertEqual(aligned.text, String(read.dropLast()) + String(ViewAlignment.gap.character))
        XCTAssertTrue(try XCTUnwrap(reading([line(read)], confirming: [shifted])).isConfidentlyValid)
        // a view that differs by more than a few glyphs dropped or added is another text
        XCTAssertNil(ViewAlignment.aligned(line("D1FRA34ZD3496569SCHMIDT<5"), to: line(read)))
        // nor does a view aligned confirm what it read otherwise
        let otherwise = "D1FRA334ZD349656981215SCHMIBT<"
        XCTAssertTrue(try XCTUnwrap(reading([line(read)], confirming: [otherwise])).uncertainFields.contains(.surname))
    }

    func testASameWeightLookAlikeWithACloseRunnerUpIsUncertain() throws {
        // `60BN…` read `G0BN…`: `G` weighs 16, `6` 6; the OCR had `H` at 54 behind the `G`
        let read = "D1FRAG0BN844523491123VAN<MARI7"
        let r = try XCTUnwrap(reading([line(read, candidates: [5: [("H", 54)]])]))
        XCTAssertTrue(r.result.isValid)
        XCTAssertTrue(r.uncertainFields.contains(.documentNumber))
        XCTAssertTrue(try XCTUnwrap(reading([line(read)])).isConfidentlyValid, "read without doubt, the digits settle nothing more")
    }

    func testAChangeToWhatIsNoLookAlikeIsUncertain() throws {
        // `…59749…` read `…5969T4…` (`H` at 54 behind the `T`): `H` weighs what `7` weighs,
        // so the digit passes with it, but `H` is no look-alike of the `T` read
        let read = "D1FRA92KB5659T4381225ALI<DE<<3"
        let r = try XCTUnwrap(reading([line(read, candidates: [13: [("H", 54)]])]))
        XCTAssertEqual(r.changes.map(\.to), ["H"])
        XCTAssertTrue(r.uncertainFields.contains(.documentNumber))
    }

    func testAMisreadCheckDigitIsAnotherReading() throws {
        // a visa number `N0NDRBO` with digit `5` read `…<<3`: changing `N` to `H` (at 68)
        // makes `3` hold, and so does the `5` at 79 behind the digit with `N` as read
        let visa = ["V<UNODER<<MUELLER<<<<<<<<<<<<<<<<<<<<<<<<<<<", "N0NDRBO<<3FRA8607117X7003228VZ<<<<<<<<<<<<<<"]
        let r = try XCTUnwrap(reading([line(visa[0]), line(visa[1], candidates: [0: [("H", 68)], 9: [("5", 79), ("S", 47)]])]))
        XCTAssertEqual(r.result.lines[1].prefix(1), "H")
        XCTAssertTrue(r.uncertainFields.contains(.documentNumber))
    }

    func testADateAndItsDigitMisreadTogetherAreUncertain() throws {
        // expiry `191213` and digit `5` read `151213` and `3`, with `9` at 85 and `5` at 79 behind them
        let td2 = ["ACZAFDER<<ERIKSSON<<<<<<<<<<<<<<<<<<", "0000000<<0GBR0605298F1512133L<<<<<<7"]
        XCTAssertTrue(try MRZParser().parse(lines: td2).isValid)
        let r = try XCTUnwrap(reading([line(td2[0]), line(td2[1], candidates: [22: [("9", 85)], 27: [("5", 79)]])]))
        XCTAssertTrue(r.uncertainFields.contains(.expiryDate))
        XCTAssertTrue(try XCTUnwrap(reading([line(td2[0]), line(td2[1])])).isConfidentlyValid)
    }

    func testADateUnderTheCompositeDigitAloneMisreadWithItIsUncertain() throws {
        // a French licence's expiry `811205` and the composite digit `5`, read `811203` and
        // `3` with `5` at 40 behind both (the channel property, seed 9, signalled: valid
        // but wrong while only a digit of the date's own was doubted)
        let read = "D1FRA24CM754509811203SILVA<<<3"
        XCTAssertTrue(try MRZParser().parse(lines: [read]).isValid)
        let r = try XCTUnwrap(reading([line(read, candidates: [20: [("5", 40)], 29: [("5", 40)]])]))
        XCTAssertTrue(r.uncertainFields.contains(.expiryDate))
        XCTAssertTrue(try XCTUnwrap(reading([line(read)])).isConfidentlyValid)
    }

    func testACountryTheOtherViewReadsAsAnotherCountryIsUncertain() throws {
        // nationality `IRL` read `ISL` (`R` at 0 behind the `S`); the other view reads `IRL`
        let td1 = ["I<GBRAUSQSU<<<4M<<<<<<<<<<<<<<", "5708219<2210300ISL<<<<<<<<<<<0", "SCHMIDT<<MUELLER<<<<<<<<<<<<<<"]
        var other = td1; other[1] = "5708219<2210300IRL<<<<<<<<<<<0"
        let r = try XCTUnwrap(reading(td1.map { line($0) }, confirming: other))
        XCTAssertTrue(r.uncertainFields.contains(.nationality))
        // a view that reads no country there is no other reading
        other[1] = "5708219<2210300I8L<<<<<<<<<<<0"
        XCTAssertFalse(try XCTUnwrap(reading(td1.map { line($0) }, confirming: other)).uncertainFields.contains(.nationality))
    }

    func testADocumentCodeTheOtherViewReadsAsAnotherCodeIsUncertain() throws {
        // TD2 code `AC` read `AG` (`C` at 0 behind the `G`); the other view reads `AC`
        let td2 = ["AGUTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"]
        var other = td2; other[0] = "AC" + td2[0].dropFirst(2)
        let considered = [line(td2[0], candidates: [1: [("C", 0)]]), line(td2[1])]
        XCTAssertTrue(try XCTUnwrap(reading(considered, confirming: other)).uncertainFields.contains(.documentCode))
        // a letter this view's decoder did not consider is the other view's failure
        // (idphoto-gen's `VN`, read otherwise in the second view)
        XCTAssertFalse(try XCTUnwrap(reading(td2.map { line($0) }, confirming: other)).uncertainFields.contains(.documentCode))
        // a filler the other view reads as a letter (`V<` read `VK`) is no other code
        let visa = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        var failed = visa; failed[0] = "VK" + visa[0].dropFirst(2)
        XCTAssertFalse(try XCTUnwrap(reading(visa.map { line($0) }, confirming: failed)).uncertainFields.contains(.documentCode))
        // but a letter this view reads where the other view reads a filler is another code
        // (`V<` read `VK`: `<` and `K` weigh the same, and no digit covers the code)
        XCTAssertTrue(try XCTUnwrap(reading(failed.map { line($0) }, confirming: visa)).uncertainFields.contains(.documentCode))
        // a letter that is no look-alike of the filler, read as one in the other view, is
        // that view's failure (idphoto-gen's `VD` read `V<`)
        var lettered = visa; lettered[0] = "VD" + visa[0].dropFirst(2)
        XCTAssertFalse(try XCTUnwrap(reading(lettered.map { line($0) }, confirming: visa)).uncertainFields.contains(.documentCode))
    }

    // MARK: read once: the glyph classifier as the second view

    /// `line` with the glyph classifier reading each cell as `text` does, at `probability`
    /// (`weak` cells at 0.6).
    func classified(_ line: OCRLine, as text: String, probability: Float = 0.95, weak: Set<Int> = []) -> OCRLine {
        var classified = line
        classified.classifierCells = ClassifierCells(text.enumerated().map { [(character: $1, probability: weak.contains($0) ? 0.6 : probability)] })
        return classified
    }

    func testAClassifierReadingEveryCellAlikeIsTheOnlySecondViewOfALineWithoutFreeText() throws {
        // the LSTM's other views would read the document number `L898902C3` as `LS98902C3`,
        // another reading the digit passes (`S` weighs 28): where the classifier reads every
        // cell of line 2 (no name, every field under a check digit or a code table) as the
        // first view with a margin, they are not read
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        var misread = Array(td3[1]); misread[1] = "S"
        var asked: [Int] = []
        let once = try XCTUnwrap(
            judge.judge(td3.map { classified(line($0), as: $0) }) { index, _ in
                asked.append(index)
                return self.line(index == 0 ? td3[0] : String(misread))
            })
        XCTAssertTrue(once.isConfidentlyValid)
        XCTAssertFalse(asked.contains(1), "line 2 not read again by the LSTM")
        // (the name's line, read again before issue 45, is read once too: the classifier
        // reads its name as the first view does, with the margin: `TwoViewAgreementTests`)
        XCTAssertFalse(asked.contains(0), "nor the name's line")
        // one cell the classifier is unsure of: the LSTM's views decide, as without it
        asked = []
        let unsure = try XCTUnwrap(
            judge.judge([classified(line(td3[0]), as: td3[0]), classified(line(td3[1]), as: td3[1], weak: [3])]) { index, _ in
                asked.append(index)
                return self.line(index == 0 ? td3[0] : String(misread))
            })
        XCTAssertTrue(asked.contains(1))
        XCTAssertEqual(unsure.uncertainFields, [.documentNumber])
        // one cell it reads otherwise: the same
        asked = []
        let other = try XCTUnwrap(
            judge.judge([classified(line(td3[0]), as: td3[0]), classified(line(td3[1]), as: String(misread))]) { index, _ in
                asked.append(index)
                return self.line(index == 0 ? td3[0] : String(misread))
            })
        XCTAssertTrue(asked.contains(1))
        XCTAssertEqual(other.uncertainFields, [.documentNumber])
    }

    func testANameKeepsTheLSTMsConfirmingViewsWhereTheFirstViewListsAnotherLetter() throws {
        // the channel property's case: a name's `E` read `<` by the first view and by the
        // classifier, sure of every cell; the first view lists the `E` at 25, so the LSTM's
        // confirming views are read, read `E` and doubt it.  (Dropped with issue 45: where
        // neither view shows a sign of the `E`, the two views' agreement proves the name
        // (`TwoViewAgreement`); that rare event is what the channel property counts.)
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        var misread = Array(td3[0]); misread[5] = "<"
        var asked: [Int] = []
        let r = try XCTUnwrap(
            judge.judge([classified(line(String(misread), candidates: [5: [("E", 25)]]), as: String(misread)), classified(line(td3[1]), as: td3[1])]) {
                index, _ in
                asked.append(index)
                return self.line(td3[index])
            })
        XCTAssertEqual(asked, [0, 0], "both LSTM views of the name's line, none of line 2")
        XCTAssertEqual(r.uncertainFields, [.name])
    }

    func testALineReadOnceKeepsTheFirstViewsOwnDoubts() throws {
        // line 2 read once (the classifier sure of every cell, as the first view reads it).
        // A nationality with a close candidate (`D` at 53 behind the `O` of `UTO`) that the
        // classifier reads as `O` at 0.95 stays uncertain for `codeCloseRunnerUp` (issue 45,
        // session 29, back to main's rule: the two recognisers misread one glyph alike too
        // often for the classifier to set a close candidate aside; session 28 proved it)
        let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        var asked: [Int] = []
        let close = [classified(line(td3[0]), as: td3[0]), classified(line(td3[1], candidates: [12: [("D", 53)]]), as: td3[1])]
        let r = try XCTUnwrap(
            judge.judge(close) { index, _ in
                asked.append(index)
                return self.line(td3[index])
            })
        XCTAssertFalse(asked.contains(1))
        XCTAssertEqual(r.uncertainFields, [.nationality])
        // a sex read with a low confidence stays uncertain where the classifier is under
        // the margin there (sure of it, the two views prove it since issue 45: `TwoViewAgreement`)
        var unsure = line(td3[1])
        unsure.glyphs[20].confidence = 60
        let low = try XCTUnwrap(
            judge.judge([classified(line(td3[0]), as: td3[0]), classified(unsure, as: td3[1], probability: 0.95, weak: [20])]) { index, _ in
                self.line(td3[index])
            })
        XCTAssertEqual(low.uncertainFields, [.sex])
        let proven = try XCTUnwrap(judge.judge([classified(line(td3[0]), as: td3[0]), classified(unsure, as: td3[1])]) { index, _ in self.line(td3[index]) })
        XCTAssertEqual(proven.uncertainFields, [])
    }

    func testTheClassifiersAgreementDoesNotSettleWhatTheCheckDigitsCannot() throws {
        // the Belarus specimen's `OO` for `00`, read so by the classifier too, sure of every
        // cell: `O` and `0` weigh the same pair-wise, and the first view lists `0` behind both
        var misread = Array(belarus[1])
        misread[0] = "O"; misread[1] = "O"
        let zeros = [
            classified(line(belarus[0]), as: belarus[0]),
            classified(line(String(misread), candidates: [0: [("0", 69)], 1: [("0", 21)]]), as: String(misread)),
        ]
        var asked: [Int] = []
        let r = try XCTUnwrap(
            judge.judge(zeros) { index, _ in
                asked.append(index)
                return self.line(index == 0 ? self.belarus[0] : String(misread))
            })
        XCTAssertFalse(asked.contains(1), "line 2 read once")
        XCTAssertTrue(r.uncertainFields.contains(.documentNumber))
        // a country code no table holds stays uncertain however sure the classifier is,
        // where a look-alike makes it a table code (`UTD`, `D` for the `O` of `UTO`); one
        // no look-alike makes a table code both views prove (`TwoViewAgreementTests`)
        let td3 = ["P<UTDERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        let unknown = try XCTUnwrap(judge.judge(td3.map { classified(line($0), as: $0) }) { index, _ in self.line(td3[index]) })
        XCTAssertEqual(unknown.uncertainFields, [.issuingCountry])
    }
}
