import XCTest

@testable import MRZ

/// The OCR channel measured on real prints, and what draws from it: the simulator behind the
/// valid-means-right property and `generate mrz --mutate`.
final class MeasuredChannelTests: XCTestCase {
    func testTheTableHoldsTheMeasuredConfusions() {
        // the pairs the issue names as seen on real prints, among what was measured
        XCTAssertTrue(MeasuredOCRChannel.readsSeen(for: "0").contains("O"))
        XCTAssertTrue(MeasuredOCRChannel.readsSeen(for: "E").contains("F"))
        XCTAssertGreaterThan(MeasuredOCRChannel.observed.values.reduce(0, +), 1000)
        XCTAssertGreaterThan(MeasuredOCRChannel.misreadRate, 0)
        for m in MeasuredOCRChannel.misreadings {
            XCTAssertNotEqual(m.truth, m.read)
            XCTAssertEqual(m.candidates.map(\.confidence), m.candidates.map(\.confidence).sorted(by: >), "strongest first")
        }
    }

    func testTheSimulatorMisreadsAtTheMeasuredRate() {
        var channel = OCRChannelSimulator(seed: 1)
        let line = String(repeating: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<", count: 4)
        var read = 0, misread = 0, repeated = 0
        for _ in 0..<300 {
            let r = channel.read([line])
            for (truth, (first, second)) in zip(line, zip(r.first[0], r.confirming[0][0] ?? r.first[0])) {
                read += 1
                if first.character != truth {
                    misread += 1
                    if second.character == first.character { repeated += 1 }
                }
            }
        }
        let rate = Double(misread) / Double(read)
        XCTAssertEqual(rate, MeasuredOCRChannel.misreadRate, accuracy: MeasuredOCRChannel.misreadRate * 0.35)
        XCTAssertGreaterThan(repeated, 0, "the confirming view repeats some misreadings, as measured")
        XCTAssertLessThan(repeated, misread)
        // ten times the rate gives about ten times the misreadings
        var worse = OCRChannelSimulator(seed: 1, errorScale: 10)
        let damaged = (0..<100).map { _ in worse.read([line]).first[0] }.flatMap { zip(line, $0).filter { $0.0 != $0.1.character } }.count
        XCTAssertGreaterThan(Double(damaged) / Double(100 * line.count), 5 * MeasuredOCRChannel.misreadRate)
    }

    func testTheMutatorLearnsTheMeasuredConfusions() {
        // `E` read `<` was measured on a real print; no look-alike table has it
        XCTAssertTrue(MeasuredOCRChannel.readsSeen(for: "E").contains("<"))
        XCTAssertFalse(OCRConfusions.areConfusable("E", "<"))
        var mutator = MRZMutator(seed: 3, rate: 1)
        var seen: Set<String> = []
        for _ in 0..<200 {
            for m in mutator.mutate([String(repeating: "E", count: 30)]).mutations where m.kind == .confusion { seen.insert(m.to) }
        }
        XCTAssertTrue(seen.contains("<"))
        XCTAssertTrue(seen.contains("F"))
    }
}
