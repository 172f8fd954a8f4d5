/// How a feature's bytes are coded in its profile.
public enum FeatureCoding: Sendable, Equatable {
    case c40
    case utf8
    /// C40 MRZ text: a first line of `firstLineLength` characters, then the stored part of
    /// the second (a visa's is cut to 28)
    case mrz(firstLineLength: Int, secondLineLength: Int)
    /// an unsigned big-endian integer
    case number
    /// three bytes: days, months, years
    case durationOfStay
    case binary(BinaryKind)
}

/// One feature of a profile: its tag, its name and how its value is coded.
public struct FeatureDefinition: Sendable, Equatable {
    public let tag: UInt8
    public let name: String
    public let coding: FeatureCoding

    init(_ tag: UInt8, _ name: String, _ coding: FeatureCoding) {
        self.tag = tag
        self.name = name
        self.coding = coding
    }
}

/// A document type's seal profile: which header bytes pick it and its features by tag
/// (ICAO 9303-13 §4–5, BSI TR-03137 Part 1 annexes, BSI TR-03171). Profiles are data: a new
/// document type is a new entry of `SealProfile.all`.
public struct SealProfile: Sendable {
    /// The document type's name (`VISA`, `ARRIVAL_ATTESTATION`, …).
    public let documentType: String
    public let featureDefinitionReference: UInt8
    public let documentTypeCategory: UInt8
    public let features: [FeatureDefinition]
    /// TR-03171: the feature whose UUID names a document profile with more features.
    let profileTag: UInt8?

    init(_ documentType: String, _ reference: UInt8, _ category: UInt8, _ features: [FeatureDefinition], profileTag: UInt8? = nil) {
        self.documentType = documentType
        self.featureDefinitionReference = reference
        self.documentTypeCategory = category
        self.features = features
        self.profileTag = profileTag
    }

    /// The profile for a header's two profile bytes, or nil when the table does not know it.
    public static func matching(reference: UInt8, category: UInt8) -> SealProfile? {
        all.first { $0.featureDefinitionReference == reference && $0.documentTypeCategory == category }
    }

    func definition(tag: UInt8, documentProfile: DocumentProfile?) -> FeatureDefinition? {
        features.first { $0.tag == tag } ?? documentProfile?.features.first { $0.tag == tag }
    }

    private static let germanMRZ = FeatureCoding.mrz(firstLineLength: 36, secondLineLength: 36)
    private static let administrativeBase: [FeatureDefinition] = [
        .init(0, "DOC_PROFILE_NUMBER", .binary(.uuid)), .init(1, "VALIDITY_DATES", .binary(.bytes)),
    ]

    /// Every profile this reader knows.
    public static let all: [SealProfile] = [
        .init(
            "VISA", 0x5D, 0x01,
            [
                .init(1, "MRZ_MRVA", .mrz(firstLineLength: 44, secondLineLength: 28)),
                .init(2, "MRZ_MRVB", .mrz(firstLineLength: 36, secondLineLength: 28)),
                .init(3, "NUMBER_OF_ENTRIES", .number), .init(4, "DURATION_OF_STAY", .durationOfStay),
                .init(5, "PASSPORT_NUMBER", .c40), .init(6, "VISA_TYPE", .binary(.bytes)),
                .init(7, "ADDITIONAL_FEATURES", .binary(.bytes)),
            ]),
        .init("EMERGENCY_TRAVEL_DOCUMENT", 0x5E, 0x03, [.init(2, "MRZ", germanMRZ)]),
        .init("ARRIVAL_ATTESTATION", 0xFD, 0x02, [.init(2, "MRZ", germanMRZ), .init(3, "AZR", .c40)]),
        .init(
            "SOCIAL_INSURANCE_CARD", 0xFC, 0x04,
            [
                .init(1, "SOCIAL_INSURANCE_NUMBER", .c40), .init(2, "SURNAME", .utf8), .init(3, "FIRST_NAME", .utf8),
                .init(4, "BIRTH_NAME", .utf8),
            ]),
        .init("RESIDENCE_PERMIT", 0xFB, 0x06, [.init(2, "MRZ", germanMRZ), .init(3, "PASSPORT_NUMBER", .c40)]),
        .init("SUPPLEMENTARY_SHEET", 0xFA, 0x06, [.init(4, "MRZ", germanMRZ), .init(5, "SHEET_NUMBER", .c40)]),
        .init(
            "ADDRESS_STICKER_ID", 0xF9, 0x08,
            [.init(1, "DOCUMENT_NUMBER", .c40), .init(2, "AGS", .c40), .init(3, "ADDRESS", .c40)]),
        .init(
            "ADDRESS_STICKER_RP", 0xF9, 0x0C,
            [.init(1, "DOCUMENT_NUMBER", .c40), .init(2, "AGS", .c40), .init(3, "ADDRESS", .c40)]),
        .init(
            "ADDRESS_STICKER_PASSPORT", 0xF8, 0x0A,
            [.init(1, "DOCUMENT_NUMBER", .c40), .init(2, "AGS", .c40), .init(3, "POSTAL_CODE", .c40)]),
        .init("ADMINISTRATIVE_DOCUMENTS_V8", 0x01, 0xC8, administrativeBase, profileTag: 0),
        .init("ADMINISTRATIVE_DOCUMENTS_V9", 0x01, 0xC9, administrativeBase, profileTag: 0),
    ]
}

/// A TR-03171 document profile, named by the UUID in its seal's tag 0, with its own features.
public struct DocumentProfile: Sendable {
    public let name: String
    /// The UUID's 16 bytes in hex, lower case.
    public let uuid: String
    public let features: [FeatureDefinition]

    static func matching(uuid bytes: [UInt8]) -> DocumentProfile? {
        let key = hexString(bytes)
        return all.first { $0.uuid == key }
    }

    /// Every TR-03171 document profile this reader knows.
    public static let all: [DocumentProfile] = [
        .init(
            name: "MELDEBESCHEINIGUNG", uuid: "9a4223406d374ef99e2cf95e31a23846",
            features: [
                .init(4, "SURNAME", .utf8), .init(5, "ACADEMIC_DEGREE", .utf8), .init(6, "FIRST_NAME", .utf8),
                .init(7, "COMMON_FIRST_NAME", .utf8), .init(8, "DATE_OF_BIRTH", .utf8), .init(9, "STREET", .utf8),
                .init(10, "HOUSE_NUMBER", .utf8), .init(11, "POSTAL_CODE", .utf8), .init(12, "CITY", .utf8),
                .init(13, "MOVING_DATE", .utf8), .init(14, "HOUSING_STATUS", .number), .init(15, "DATE_OF_NOTIFICATION", .utf8),
            ])
    ]
}
