import DocumentModel
import Foundation
import VDS
import XCTest

@testable import IDReader

/// A seal mapped into the unified document (`IdentityDocument(seal:verification:)`): the
/// kind from the profile, the fields under the MRZ's names, the `vds` section, and valid
/// only when the signature verifies.
final class SealDocumentTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/corpus/vds").standardizedFileURL

    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name))) }
    static func verifier() throws -> SealVerifier { try SealVerifier(certificateDirectory: corpus.appendingPathComponent("certs").path) }

    func document(_ name: String, verifier: SealVerifier? = nil) throws -> IdentityDocument {
        let seal = try Seal.parse(try Self.bytes(name))
        let verification = (verifier ?? SealVerifier(certificates: [])).verify(seal)
        return IdentityDocument(seal: seal, verification: verification)
    }

    func testAVisaSealGivesTheFieldsOfItsSignedMRZ() throws {
        let visa = try document("li-visa.bin", verifier: try Self.verifier())
        XCTAssertEqual(visa.kind, .visa)
        XCTAssertEqual(visa.source, .vds)
        // expected values from the corpus's li-visa.json: VCD<<DENT<<ARTHUR<PHILIP / 1234567XY7GBR5203116M2005250
        XCTAssertEqual(visa.fields.surname, "DENT")
        XCTAssertEqual(visa.fields.givenNames, "ARTHUR PHILIP")
        XCTAssertEqual(visa.fields.documentNumber, "1234567XY")
        XCTAssertEqual(visa.fields.nationality, "GBR")
        XCTAssertEqual(visa.fields.birthDate, "1952-03-11")
        XCTAssertEqual(visa.fields.sex, "M")
        XCTAssertEqual(visa.fields.expiryDate, "2020-05-25")
        XCTAssertEqual(visa.fields.issueDate, "2020-01-01")
        XCTAssertEqual(visa.mrz?.format, "MRVB")
        XCTAssertEqual(visa.mrz?.lines, ["VCD<<DENT<<ARTHUR<PHILIP<<<<<<<<<<<<", "1234567XY7GBR5203116M2005250"], "the second line as signed: 28 characters")
        XCTAssertEqual(visa.checks.first, DocumentCheck(name: "signature", valid: true))
        XCTAssertTrue(visa.valid, "\(visa.checks)")
        let section = try XCTUnwrap(visa.vds)
        XCTAssertEqual(section.kind, "vds")
        XCTAssertEqual(section.documentType, "VISA")
        XCTAssertEqual(section.header.signerIdentifier, "UTTS")
        XCTAssertEqual(section.header.certificateReference, "5B")
        XCTAssertEqual(section.signature.status, "verified")
        XCTAssertEqual(section.features.first { $0.name == "PASSPORT_NUMBER" }?.value, VDSSection.Value(type: "text", text: "47110815P"))
        XCTAssertEqual(
            section.features.first { $0.name == "DURATION_OF_STAY" }?.value, VDSSection.Value(type: "durationOfStay", days: 160, months: 0, years: 0))
        XCTAssertEqual(section.bytes.flatMap { Data(base64Encoded: $0) }.map([UInt8].init), try Self.bytes("li-visa.bin"))
    }

    func testWithoutCertificatesASealIsNotValid() throws {
        let visa = try document("li-visa.bin")
        XCTAssertEqual(visa.vds?.signature.status, "unknownSigner")
        XCTAssertEqual(visa.checks.first, DocumentCheck(name: "signature", valid: false))
        XCTAssertFalse(visa.valid)
    }

    func testAChangedSealIsNeverValid() throws {
        var bytes = try Self.bytes("li-visa.bin")
        let seal = try VisibleDigitalSeal.parse(bytes)
        // a name letter in the MRZ feature (C40 bytes right after the header and the tag and length)
        bytes[seal.header.length + 3] ^= 0x01
        let changed = try Seal.parse(bytes)
        let document = IdentityDocument(seal: changed, verification: try Self.verifier().verify(changed))
        XCTAssertEqual(document.vds?.signature.status, "failed")
        XCTAssertFalse(document.valid)
    }

    func testASocialInsuranceCardGivesItsNamesAndNumber() throws {
        let card = try document("bsi-sic-annexD.bin", verifier: try Self.verifier())
        XCTAssertEqual(card.kind, .socialInsuranceCard)
        XCTAssertEqual(card.fields.documentNumber, "65170839J003")
        XCTAssertEqual(card.fields.surname, "Perschweiß")
        XCTAssertEqual(card.fields.givenNames, "Oscar")
        XCTAssertEqual(card.fields.issuingCountry, "D")
        XCTAssertNil(card.mrz)
        XCTAssertTrue(card.valid)
    }

    func testEachProfileHasItsKind() throws {
        XCTAssertEqual(try document("li-etd.bin").kind, .travelDocument)
        XCTAssertEqual(try document("li-aad-v3.bin").kind, .arrivalAttestation)
        XCTAssertEqual(try document("li-addr-id.bin").kind, .addressSticker)
        XCTAssertEqual(try document("kds-taxstamp.bin").kind, .other)
        XCTAssertEqual(IdentityDocument.kind(sealDocumentType: "RESIDENCE_PERMIT"), .residencePermit)
        XCTAssertEqual(IdentityDocument.kind(sealDocumentType: "SUPPLEMENTARY_SHEET"), .residencePermit)
    }

    func testEveryCorpusSealMapsWithTheStatusItsManifestNames() throws {
        let manifest = try String(contentsOf: Self.corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        let verifier = try Self.verifier()
        var rows = 0
        for row in manifest.split(separator: "\n").dropFirst() {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let document = try self.document(columns[0] + ".bin", verifier: verifier)
            let expectVerified = columns[6] == "verifies"
            XCTAssertEqual(document.vds?.signature.status, expectVerified ? "verified" : "unknownSigner", columns[0])
            XCTAssertEqual(document.checks.first { $0.name == "signature" }?.valid, expectVerified, columns[0])
            // the signed MRZs' own check digits hold: a verified corpus seal is a valid document
            XCTAssertEqual(document.valid, expectVerified, "\(columns[0]): \(document.checks)")
            rows += 1
        }
        XCTAssertEqual(rows, 20)
    }

    func testAVDSNCSealGivesItsMessageMembers() throws {
        let seal = try Seal.parse(try Self.bytes("pc-vdsnc-vacc.bin"))
        let document = IdentityDocument(seal: seal, verification: SealVerifier(certificates: []).verify(seal))
        XCTAssertEqual(document.vds?.kind, "vds-nc")
        XCTAssertEqual(document.vds?.documentType, "icao.vacc")
        XCTAssertEqual(document.vds?.signature.status, "verified", "a VDS-NC verifies with its embedded certificate")
        XCTAssertFalse(document.vds?.features.isEmpty ?? true)
        XCTAssertNil(document.vds?.bytes)
    }

    func testASealChangedAtAnyHeaderOrMessageByteIsNeverAValidDocument() throws {
        let bytes = try Self.bytes("li-visa.bin")
        let verifier = try Self.verifier()
        let signedLength = try VisibleDigitalSeal.parse(bytes).signatureOffset
        var documents = 0
        for index in 0..<signedLength {
            var changed = bytes
            changed[index] ^= 0x01
            // a change the parser rejects is an invalidSeal error, no document at all
            guard let document = try? DocumentReader().read(sealBytes: changed, verifier: verifier) else { continue }
            documents += 1
            XCTAssertFalse(document.valid, "byte \(index)")
            // UTTS reference 5B is given: failed unless the change hit the version byte (the
            // layout), the signer, the reference length or the reference (bytes 4 to 9)
            let expected = index == 1 || (4..<10).contains(index) ? "unknownSigner" : "failed"
            XCTAssertEqual(document.vds?.signature.status, expected, "byte \(index)")
        }
        XCTAssertGreaterThan(documents, signedLength / 2)
    }

    func testVDSNCMessagesFillTheUnifiedFieldsWithTheCorpusValues() throws {
        for (name, documentNumberKey) in [("pc-vdsnc-vacc", "uvci"), ("kds-vdsnc-proof-of-test", "utci")] {
            let expectedJSON = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.corpus.appendingPathComponent(name + ".json")))
            let expected = try XCTUnwrap((expectedJSON as? [String: Any])?["expected"] as? [String: Any], name)
            let header = try XCTUnwrap(expected["header"] as? [String: Any], name)
            let message = try XCTUnwrap(expected["message"] as? [String: Any], name)
            let person = try XCTUnwrap(message["pid"] as? [String: Any], name)
            let fields = try document(name + ".bin").fields
            XCTAssertEqual(fields.issuingCountry, header["is"] as? String, name)
            XCTAssertEqual(fields.documentNumber, message[documentNumberKey] as? String, name)
            XCTAssertEqual(fields.birthDate, person["dob"] as? String, name)
            XCTAssertEqual(fields.sex, person["sex"] as? String, name)
            let fullName = try XCTUnwrap(person["n"] as? String, name)
            XCTAssertEqual([fields.surname, fields.givenNames].compactMap { $0 }.joined(separator: " "), fullName, name)
            XCTAssertEqual(fields.surname, fullName.split(separator: " ").first.map(String.init), "\(name): the primary identifier first")
        }
        // the test report's issue day, as its local time writes it: 2021-02-11T14:00:00+08:00
        XCTAssertEqual(try document("kds-vdsnc-proof-of-test.bin").fields.issueDate, "2021-02-11")
        XCTAssertNil(try document("pc-vdsnc-vacc.bin").fields.issueDate, "a proof of vaccination names no issue day")
    }

    func testVDSNCValuesWithoutTheModelsFormAreLeftEmpty() throws {
        // no certificate, no signature: only the mapping of the message's members
        let text =
            #"{"data":{"hdr":{"t":"icao.vacc","v":1,"is":"UTO"},"msg":{"pid":{"n":"Solo","dob":"02.01.1990","sex":"male"}}},"#
            + #""sig":{"alg":"ES256","cer":"AAAA","sigvl":"AAAA"}}"#
        let seal = try Seal.parse(Array(text.utf8))
        let document = IdentityDocument(seal: seal, verification: SealVerifier(certificates: []).verify(seal))
        XCTAssertEqual(document.fields.surname, "Solo")
        XCTAssertNil(document.fields.givenNames)
        XCTAssertNil(document.fields.birthDate, "not YYYY-MM-DD")
        XCTAssertNil(document.fields.sex, "not M, F or X")
        XCTAssertNil(document.fields.documentNumber)
        XCTAssertFalse(document.valid, "no embedded certificate: unknown signer")
    }

    func testFramesOfOneSealAreVotedByTheirBytesNeverAsAPrintedMRZ() throws {
        // an emergency travel document's seal signs a whole TD2-like MRZ, which would parse
        // again as a printed one; unverified (no certificates), it must stay a seal, not valid
        let etd = try document("kds-etd.bin")
        XCTAssertNotNil(etd.mrz)
        let consensus = FrameConsensus()
        for frame in 0..<3 { _ = consensus.add(ReadResult(input: "frame\(frame)", documents: [etd])) }
        XCTAssertEqual(consensus.documents.count, 1)
        let voted = try XCTUnwrap(consensus.documents.first?.document)
        XCTAssertEqual(voted.source, .vds)
        XCTAssertEqual(voted.vds, etd.vds)
        XCTAssertFalse(voted.valid)
        let other = try document("li-etd.bin")
        _ = consensus.add(ReadResult(input: "other", documents: [other]))
        XCTAssertEqual(consensus.documents.count, 2, "another seal is another document")
    }

    func testTheVDSSectionIsLeftOutOfDocumentsWithoutASeal() throws {
        let passport = try DocumentReader().read(mrzText: "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10")
        let json = String(decoding: try JSONEncoder().encode(passport), as: UTF8.self)
        XCTAssertFalse(json.contains("\"vds\""))
        let visa = try document("li-visa.bin")
        let decoded = try JSONDecoder().decode(IdentityDocument.self, from: try JSONEncoder().encode(visa))
        XCTAssertEqual(decoded, visa)
    }
}

/// The printed MRZ held against the signed one (`SealMRZ.matches`, `SealMRZ.crossCheck`).
final class SealMatchesMRZRuleTests: XCTestCase {
    let signedVisa = ["VCD<<DENT<<ARTHUR<PHILIP<<<<<<<<<<<<", "1234567XY7GBR5203116M2005250"]

    func testAVisasSecondLineIsComparedOnItsFirst28Characters() {
        XCTAssertTrue(SealMRZ.matches(signed: signedVisa, printed: [signedVisa[0], signedVisa[1] + "<<<<<<<<"]))
        XCTAssertTrue(SealMRZ.matches(signed: signedVisa, printed: [signedVisa[0], signedVisa[1] + "ABC<<<<<"]))
        XCTAssertFalse(SealMRZ.matches(signed: signedVisa, printed: [signedVisa[0], "1234567XY7GBR5203116M2005251<<<<<<<<"]))
        XCTAssertFalse(SealMRZ.matches(signed: signedVisa, printed: ["VCD<<DENS<<ARTHUR<PHILIP<<<<<<<<<<<<", signedVisa[1] + "<<<<<<<<"]))
    }

    func testFullLinesMustBeEqual() {
        let signed = ["P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<", "C01X00T478D<<6408125F2702283<<<<<<<4"]
        XCTAssertTrue(SealMRZ.matches(signed: signed, printed: signed))
        XCTAssertFalse(SealMRZ.matches(signed: signed, printed: [signed[0], signed[1].dropLast() + "5"]))
    }

    func testOnlyTheSameKindOfDocumentIsHeldAgainstTheSeal() {
        func document(_ lines: [String], source: DocumentSource) -> IdentityDocument {
            IdentityDocument(kind: .visa, source: source, fields: DocumentFields(), checks: [], mrz: MRZSection(format: "", lines: lines))
        }
        var seals = [document(signedVisa, source: .vds)]
        let passportLines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
        var printed = [document(passportLines, source: .mrz)]
        SealMRZ.crossCheck(seals: &seals, printed: &printed)
        XCTAssertEqual(seals[0].checks, [], "a passport page beside a visa is not the visa's MRZ")
        XCTAssertEqual(printed[0].checks, [])
        printed.append(document(["VCD<<DENS<<ARTHUR<PHILIP<<<<<<<<<<<<", signedVisa[1] + "<<<<<<<<"], source: .mrz))
        SealMRZ.crossCheck(seals: &seals, printed: &printed)
        XCTAssertEqual(seals[0].checks, [DocumentCheck(name: "sealMatchesMRZ", valid: false)])
        XCTAssertEqual(printed[1].checks, [DocumentCheck(name: "sealMatchesMRZ", valid: false)])
        XCTAssertFalse(printed[1].valid)
    }
}
